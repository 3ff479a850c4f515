/* flyc run */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

typedef struct run_arg {
  int is_buffer;
  char type[4]; /* i8 i32 u32 i64 u64 f32 f64 */
  size_t count, elem;
  union {
    int32_t i32;
    uint32_t u32;
    int64_t i64;
    uint64_t u64;
    float f32;
    double f64;
  } v;
  uint64_t dev;
  void *host;
} run_arg_t;

static size_t type_size(const char *t) {
  if (!strcmp(t, "i8"))
    return 1;
  if (!strcmp(t, "i32") || !strcmp(t, "u32") || !strcmp(t, "f32"))
    return 4;
  if (!strcmp(t, "i64") || !strcmp(t, "u64") || !strcmp(t, "f64"))
    return 8;
  return 0;
}

static void set_elem(run_arg_t *a, size_t i, double v) {
  char *p = (char *)a->host + i * a->elem;
  if (!strcmp(a->type, "i8"))
    *(int8_t *)p = (int8_t)v;
  else if (!strcmp(a->type, "i32"))
    *(int32_t *)p = (int32_t)v;
  else if (!strcmp(a->type, "u32"))
    *(uint32_t *)p = (uint32_t)v;
  else if (!strcmp(a->type, "i64"))
    *(int64_t *)p = (int64_t)v;
  else if (!strcmp(a->type, "u64"))
    *(uint64_t *)p = (uint64_t)v;
  else if (!strcmp(a->type, "f32"))
    *(float *)p = (float)v;
  else
    *(double *)p = v;
}

static void print_elem(const run_arg_t *a, size_t i) {
  const char *p = (const char *)a->host + i * a->elem;
  if (!strcmp(a->type, "i8"))
    printf(" %d", *(const int8_t *)p);
  else if (!strcmp(a->type, "i32"))
    printf(" %d", *(const int32_t *)p);
  else if (!strcmp(a->type, "u32"))
    printf(" %u", *(const uint32_t *)p);
  else if (!strcmp(a->type, "i64"))
    printf(" %lld", (long long)*(const int64_t *)p);
  else if (!strcmp(a->type, "u64"))
    printf(" %llu", (unsigned long long)*(const uint64_t *)p);
  else if (!strcmp(a->type, "f32"))
    printf(" %g", *(const float *)p);
  else
    printf(" %g", *(const double *)p);
}

/* Parses one SPEC; returns 0, or prints why and returns -1. */
static int parse_run_arg(const char *spec, run_arg_t *a) {
  memset(a, 0, sizeof *a);
  char *end;
  if (strncmp(spec, "buf:", 4) == 0) {
    const char *t = spec + 4, *c = strchr(t, ':');
    if (!c || (size_t)(c - t) >= sizeof a->type)
      return -1;
    memcpy(a->type, t, (size_t)(c - t));
    a->elem = type_size(a->type);
    unsigned long long n = strtoull(c + 1, &end, 10);
    if (!a->elem || end == c + 1 || n == 0 || n > (1ull << 31))
      return -1;
    a->is_buffer = 1;
    a->count = (size_t)n;
    if (!(a->host = calloc(a->count, a->elem)))
      return -1;
    const char *fill = *end == ':' ? end + 1 : "zero";
    if (*end && *end != ':')
      return -1;
    if (!strcmp(fill, "zero"))
      return 0;
    if (!strcmp(fill, "iota") || !strcmp(fill, "rand")) {
      srand(12345);
      for (size_t i = 0; i < a->count; i++)
        set_elem(a, i, fill[0] == 'i' ? (double)i : (double)rand() / RAND_MAX);
      return 0;
    }
    if (!strncmp(fill, "value=", 6)) {
      double v = strtod(fill + 6, &end);
      if (*end)
        return -1;
      for (size_t i = 0; i < a->count; i++)
        set_elem(a, i, v);
      return 0;
    }
    if (!strncmp(fill, "file=", 5)) {
      FILE *f = fopen(fill + 5, "rb");
      size_t got = f ? fread(a->host, a->elem, a->count, f) : 0;
      if (f)
        fclose(f);
      if (got != a->count) {
        fprintf(stderr, "%s: error: '%s' does not hold %zu %s values\n", prog, fill + 5,
                a->count, a->type);
        return -1;
      }
      return 0;
    }
    return -1;
  }
  const char *eq = strchr(spec, '=');
  if (!eq || (size_t)(eq - spec) >= sizeof a->type)
    return -1;
  memcpy(a->type, spec, (size_t)(eq - spec));
  a->elem = type_size(a->type);
  if (!a->elem || !strcmp(a->type, "i8"))
    return -1;
  errno = 0;
  if (a->type[0] == 'f') {
    double v = strtod(eq + 1, &end);
    if (a->type[1] == '3')
      a->v.f32 = (float)v;
    else
      a->v.f64 = v;
  } else if (a->type[0] == 'u') {
    unsigned long long v = strtoull(eq + 1, &end, 0);
    if (a->elem == 4)
      a->v.u32 = (uint32_t)v;
    else
      a->v.u64 = v;
  } else {
    long long v = strtoll(eq + 1, &end, 0);
    if (a->elem == 4)
      a->v.i32 = (int32_t)v;
    else
      a->v.i64 = v;
  }
  return *end || end == eq + 1 || errno ? -1 : 0;
}

static int parse_dims(const char *s, uint32_t out[3]) {
  out[0] = out[1] = out[2] = 1;
  for (int d = 0; d < 3; d++) {
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (end == s || v == 0 || v > 0x7fffffffUL)
      return -1;
    out[d] = (uint32_t)v;
    if (!*end)
      return 0;
    if (*end != ',' || d == 2)
      return -1;
    s = end + 1;
  }
  return 0;
}

typedef struct run_args {
  const char *file, *kernel;
  flyc_launch_config_t cfg;
  run_arg_t args[64];
  size_t nargs;
  const char *outs[64];
  size_t nouts;
  int device, print_n;
} run_args_t;

static int opt_grid(void *s, const char *v) { return parse_dims(v, ((run_args_t *)s)->cfg.grid); }
static int opt_block(void *s, const char *v) { return parse_dims(v, ((run_args_t *)s)->cfg.block); }
static int opt_cluster(void *s, const char *v) {
  return parse_dims(v, ((run_args_t *)s)->cfg.cluster);
}

static int opt_shared(void *s, const char *v) {
  int n;
  int bad = parse_int(v, 0, 1 << 30, &n);
  ((run_args_t *)s)->cfg.shared_size = (uint32_t)n;
  return bad;
}

static int opt_device(void *s, const char *v) {
  return parse_int(v, 0, 1023, &((run_args_t *)s)->device);
}

static int opt_print(void *s, const char *v) {
  return parse_int(v, 0, 1 << 20, &((run_args_t *)s)->print_n);
}

static int opt_out(void *p, const char *v) {
  run_args_t *s = p;
  if (s->nouts < 64)
    s->outs[s->nouts++] = v;
  return 0;
}

static int opt_arg(void *p, const char *v) {
  run_args_t *s = p;
  if (s->nargs == 64 || parse_run_arg(v, &s->args[s->nargs])) {
    s->nargs += s->nargs < 64; /* its buffer is freed with the others */
    return -1;
  }
  s->nargs++;
  return 0;
}

#define VALUE(name_, fn)                                                                    \
  {.kind = OPT_CALL, .name = (name_), .parse = (fn), .bad = "bad value for '%s'",            \
   .bad_names_option = 1}
/* The synopsis and SPEC text say what each does; only --out is listed. */
static const cli_opt_t opts[] = {
    CLI_POS("FILE", NULL, offsetof(run_args_t, file)),
    CLI_STR("--kernel", "NAME", NULL, offsetof(run_args_t, kernel)),
    VALUE("--grid", opt_grid),
    VALUE("--block", opt_block),
    VALUE("--cluster", opt_cluster),
    VALUE("--shared", opt_shared),
    VALUE("--device", opt_device),
    CLI_CALL("--arg", "SPEC", NULL, opt_arg, "bad argument spec '%s'"),
    VALUE("--print", opt_print),
    CLI_CALL("--out", "I=PATH", "write buffer argument I (0-based) to PATH after the run",
             opt_out, NULL),
};

static const cli_cmd_t cmd = {
    "run",
    "usage: flyc run FILE --kernel NAME [--grid X[,Y,Z]] [--block X[,Y,Z]]\n"
    "                [--cluster X[,Y,Z]] [--shared BYTES] [--device N]\n"
    "                [--arg SPEC]... [--print N] [--out I=PATH]...\n"
    "\n"
    "Loads FILE (an AMDGPU code object through HIP, PTX through the CUDA driver),\n"
    "launches the kernel once with the arguments in order, waits, and prints the\n"
    "first N (default 8) elements of every buffer. A smoke test for a GPU.\n"
    "\n"
    "  SPEC  a scalar:  i32=V  u32=V  i64=V  u64=V  f32=V  f64=V\n"
    "        a buffer:  buf:TYPE:COUNT[:FILL]   TYPE i8 i32 u32 i64 f32 f64\n"
    "                   FILL zero (default), iota, rand, value=V, file=PATH\n",
    14, NULL, "unknown option '%s'", "more than one file ('%s')",
    opts, sizeof opts / sizeof opts[0],
};

/* Runs the kernel with the parsed arguments; the exit code. */
static int run(run_args_t *s) {
  const char *file = s->file, *kernel = s->kernel;
  flyc_launch_config_t cfg = s->cfg;
  run_arg_t *args = s->args;
  size_t nargs = s->nargs;
  const char **outs = s->outs;
  size_t nouts = s->nouts;
  int device = s->device, print_n = s->print_n, rc;
  flyc_artifact_t *art = NULL;
  if ((rc = read_artifact(file, &art)))
    return rc;
  rc = EXIT_FAIL;
  flyc_driver_t *drv = NULL;
  flyc_gpu_jit_module_t *mod = NULL;
  void *params[64];
  if (flyc_driver_open(&drv, flyc_artifact_format(art) == FLYC_CODE_PTX ? FLYC_DRIVER_CUDA
                                                                        : FLYC_DRIVER_HIP) ||
      flyc_gpu_jit_module_load(&mod, drv, device, art, NULL, 0)) {
    fail();
    goto run_done;
  }
  for (size_t i = 0; i < nargs; i++) {
    if (args[i].is_buffer) {
      size_t bytes = args[i].count * args[i].elem;
      if (flyc_device_alloc(drv, device, bytes, &args[i].dev) ||
          flyc_memcpy_htod(drv, device, args[i].dev, args[i].host, bytes)) {
        fail();
        goto run_done;
      }
      params[i] = &args[i].dev;
    } else {
      params[i] = &args[i].v;
    }
  }
  if (flyc_launch(mod, kernel, &cfg, params) || flyc_device_synchronize(drv, device)) {
    fail();
    goto run_done;
  }
  rc = 0;
  for (size_t i = 0; i < nargs; i++) {
    if (!args[i].is_buffer)
      continue;
    size_t bytes = args[i].count * args[i].elem;
    if (flyc_memcpy_dtoh(drv, device, args[i].host, args[i].dev, bytes)) {
      rc = fail();
      break;
    }
    printf("arg %zu (%s[%zu]):", i, args[i].type, args[i].count);
    for (size_t j = 0; j < args[i].count && j < (size_t)print_n; j++)
      print_elem(&args[i], j);
    printf("%s\n", args[i].count > (size_t)print_n ? " ..." : "");
  }
  for (size_t o = 0; o < nouts && rc == 0; o++) {
    char *end;
    unsigned long idx = strtoul(outs[o], &end, 10);
    if (*end != '=' || idx >= nargs || !args[idx].is_buffer) {
      fprintf(stderr, "%s: error: --out '%s' does not name a buffer argument\n", prog, outs[o]);
      rc = EXIT_USAGE;
      break;
    }
    rc = write_output(end + 1, args[idx].host, args[idx].count * args[idx].elem) ? EXIT_FAIL : 0;
  }
run_done:
  for (size_t i = 0; i < nargs; i++)
    if (args[i].is_buffer && args[i].dev)
      flyc_device_free(drv, device, args[i].dev);
  flyc_gpu_jit_module_destroy(mod);
  flyc_artifact_destroy(art);
  return rc;
}

int cmd_run(int argc, char **argv) {
  run_args_t s = {.cfg = FLYC_LAUNCH_CONFIG_INIT, .print_n = 8};
  int rc = opt_parse(&cmd, argc, argv, &s);
  if (rc < 0 && (!s.file || !s.kernel))
    rc = usage_error(&cmd, "%s", !s.file ? "no file given" : "no --kernel given");
  if (rc < 0)
    rc = run(&s);
  for (size_t i = 0; i < s.nargs && i < 64; i++)
    free(s.args[i].host);
  return rc;
}
