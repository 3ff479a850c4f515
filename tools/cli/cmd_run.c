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

void usage_run(FILE *f) {
  fprintf(f, "usage: flyc run FILE --kernel NAME [--grid X[,Y,Z]] [--block X[,Y,Z]]\n"
             "                [--cluster X[,Y,Z]] [--shared BYTES] [--device N]\n"
             "                [--arg SPEC]... [--print N] [--out I=PATH]...\n"
             "\n"
             "Loads FILE (an AMDGPU code object through HIP, PTX through the CUDA driver),\n"
             "launches the kernel once with the arguments in order, waits, and prints the\n"
             "first N (default 8) elements of every buffer. A smoke test for a GPU.\n"
             "\n"
             "  SPEC  a scalar:  i32=V  u32=V  i64=V  u64=V  f32=V  f64=V\n"
             "        a buffer:  buf:TYPE:COUNT[:FILL]   TYPE i8 i32 u32 i64 f32 f64\n"
             "                   FILL zero (default), iota, rand, value=V, file=PATH\n"
             "  --out I=PATH   write buffer argument I (0-based) to PATH after the run\n");
}

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

int cmd_run(int argc, char **argv) {
  const char *file = NULL, *kernel = NULL;
  flyc_launch_config_t cfg = FLYC_LAUNCH_CONFIG_INIT;
  run_arg_t args[64];
  size_t nargs = 0;
  const char *outs[64];
  size_t nouts = 0;
  int device = 0, print_n = 8, rc = EXIT_USAGE;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (is_help(a)) {
      usage_run(stdout);
      rc = 0;
      goto done;
    }
    int takes = !strcmp(a, "--kernel") || !strcmp(a, "--grid") || !strcmp(a, "--block") ||
                !strcmp(a, "--cluster") || !strcmp(a, "--shared") || !strcmp(a, "--device") ||
                !strcmp(a, "--arg") || !strcmp(a, "--print") || !strcmp(a, "--out");
    if (takes && !val) {
      rc = usage_error(usage_run, "option '%s' needs a value", a);
      goto done;
    }
    int bad = 0;
    if (!strcmp(a, "--kernel"))
      kernel = argv[++i];
    else if (!strcmp(a, "--grid"))
      bad = parse_dims(argv[++i], cfg.grid);
    else if (!strcmp(a, "--block"))
      bad = parse_dims(argv[++i], cfg.block);
    else if (!strcmp(a, "--cluster"))
      bad = parse_dims(argv[++i], cfg.cluster);
    else if (!strcmp(a, "--shared")) {
      int v;
      bad = parse_int(argv[++i], 0, 1 << 30, &v);
      cfg.shared_size = (uint32_t)v;
    } else if (!strcmp(a, "--device"))
      bad = parse_int(argv[++i], 0, 1023, &device);
    else if (!strcmp(a, "--print"))
      bad = parse_int(argv[++i], 0, 1 << 20, &print_n);
    else if (!strcmp(a, "--out")) {
      if (nouts < 64)
        outs[nouts++] = argv[++i];
    } else if (!strcmp(a, "--arg")) {
      if (nargs == 64 || parse_run_arg(argv[i + 1], &args[nargs])) {
        rc = usage_error(usage_run, "bad argument spec '%s'", argv[i + 1]);
        nargs += nargs < 64;
        goto done;
      }
      nargs++;
      i++;
    } else if (a[0] == '-' && a[1]) {
      rc = usage_error(usage_run, "unknown option '%s'", a);
      goto done;
    } else if (!file)
      file = a;
    else {
      rc = usage_error(usage_run, "more than one file ('%s')", a);
      goto done;
    }
    if (bad) {
      rc = usage_error(usage_run, "bad value for '%s'", a);
      goto done;
    }
  }
  if (!file || !kernel) {
    rc = usage_error(usage_run, "%s", !file ? "no file given" : "no --kernel given");
    goto done;
  }
  flyc_artifact_t *art = NULL;
  if ((rc = read_artifact(file, &art)))
    goto done;
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
done:
  for (size_t i = 0; i < nargs && i < 64; i++)
    free(args[i].host);
  return rc;
}
