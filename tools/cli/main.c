/* flyc: the command-line tool. compile, inspect, disasm, targets. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "flyc.h"

enum { EXIT_FAIL = 1, EXIT_USAGE = 2 };

static const char *prog = "flyc";

static void usage_main(FILE *f) {
  fprintf(f,
          "usage: flyc <command> [options]\n"
          "\n"
          "JIT compiler for GPU kernels: LLVM IR (and device bitcode) in, AMDGPU code\n"
          "object or PTX out.\n"
          "\n"
          "commands:\n"
          "  compile   compile a .ll/.bc kernel module to a code object or PTX\n"
          "  inspect   print the kernel table of a code object or PTX file\n"
          "  disasm    disassemble a code object (AMDGPU ISA); print PTX as text\n"
          "  targets   list the processors this build can target, and by which path\n"
          "  run       load a code object or PTX on a GPU and launch a kernel\n"
          "  cache     list, count or clear the compile cache\n"
          "\n"
          "`flyc <command> --help` explains each. `flyc --version` prints versions.\n");
}

static void usage_compile(FILE *f) {
  fprintf(f,
          "usage: flyc compile IN --arch T -o OUT [--link LIB]... [-O N]\n"
          "                    [--codegen auto|lld-lib|comgr|comgr-link|lld] [--cov N]\n"
          "                    [--export SYMBOL]... [--device-lib-dir DIR]...\n"
          "                    [--no-device-libs] [--approx-sqrt] [--daz] [--no-isolate]\n"
          "                    [--no-cache] [-g] [--time] [--quiet]\n"
          "\n"
          "  IN                 LLVM IR text (.ll) or bitcode (.bc) defining kernels\n"
          "  --arch T           target ID: gfx90a, gfx942:xnack-, gfx90a:sramecc+:xnack-,\n"
          "                     sm_80, ...  (flyc targets lists them)\n"
          "  -o OUT             output: an AMDGPU code object (.hsaco) or PTX text; '-' is\n"
          "                     standard output (and the kernel table is not printed)\n"
          "  --link LIB         link library (.bc or .ll); repeatable, linked in order\n"
          "  -O N               optimization level 0-3 (default 3)\n"
          "  --codegen P        AMDGPU codegen path (default auto): lld-lib (lld linked\n"
          "                     into flyc, no subprocess), comgr, comgr-link, lld\n"
          "                     (ld.lld subprocess); auto takes the first of lld-lib,\n"
          "                     comgr-link, comgr, lld that serves the target and COV\n"
          "  --cov N            AMDGPU code object version 4, 5 or (LLVM 19+) 6\n"
          "                     (default: what the installed ROCm supports)\n"
          "  --export SYMBOL    keep global SYMBOL external (for host writes after load)\n"
          "  --device-lib-dir D search D first for ocml/ockl/libdevice\n"
          "  --no-device-libs   do not link device libraries automatically\n"
          "  --approx-sqrt      device-library f32 sqrt need not be correctly rounded\n"
          "                     (nvcc's -prec-sqrt=false; clang's CUDA default)\n"
          "  --daz              device libraries may flush f32 denormals (nvcc's -ftz=true)\n"
          "  --no-isolate       compile in this process, not in a child (by default an\n"
          "                     LLVM crash on odd input is reported as an error)\n"
          "  --no-cache         neither use nor fill the compile cache (flyc cache --help)\n"
          "  -g                 keep full debug info: PTX keeps '.target sm_XX, debug', which\n"
          "                     makes ptxas compile without optimization (by default line\n"
          "                     info is kept and the code optimized)\n"
          "  --time             print the time of each stage to stderr\n"
          "  --quiet            do not print the kernel table\n"
          "\n"
          "On success the kernel table is printed (as `flyc inspect` does).\n");
}

static void usage_inspect(FILE *f) {
  fprintf(f, "usage: flyc inspect FILE [--json]\n"
             "\n"
             "Prints the target, code object version and a table of kernels (registers,\n"
             "LDS, scratch, kernarg segment, workgroup size, wavefront, spills) of an\n"
             "AMDGPU code object or a PTX file. --json prints the same as JSON, with\n"
             "every kernel argument.\n");
}

static void usage_disasm(FILE *f) {
  fprintf(f, "usage: flyc disasm FILE\n"
             "\n"
             "Disassembles an AMDGPU code object (AMDGPU ISA, LLVM's disassembler);\n"
             "a PTX file is printed as it is.\n");
}

static void usage_run(FILE *f) {
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

static void usage_cache(FILE *f) {
  fprintf(f, "usage: flyc cache list|stats|clear|dir [--json]\n"
             "\n"
             "Compiles are cached on disk by their full key (flyc, LLVM and comgr\n"
             "versions, target, options, the module, the content of every link and\n"
             "device library). The directory is $FLYC_CACHE_DIR, else\n"
             "$XDG_CACHE_HOME/flyc, else ~/.cache/flyc; FLYC_CACHE=0 turns the caches\n"
             "off; FLYC_CACHE_MAX_BYTES caps the directory (default 1G; k/m/g suffixes),\n"
             "least recently used entries going first.\n"
             "\n"
             "  list    one line per entry, most recently used first: file, bytes, age,\n"
             "          target, kernels, post-load processors\n"
             "  stats   entries and bytes on disk, the cap, whether the disk cache is used\n"
             "  clear   remove every entry this user owns\n"
             "  dir     print the directory\n"
             "  --json  list and stats as JSON\n");
}

static void usage_targets(FILE *f) {
  fprintf(f, "usage: flyc targets [--json]\n"
             "\n"
             "Lists every processor this build of flyc can target: family, wavefront\n"
             "size, target features, and the codegen paths that can serve it.\n");
}

static int fail(void) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: error: %s (%s)\n", prog, e->message, flyc_status_name(e->code));
  return EXIT_FAIL;
}

static int usage_error(void (*usage)(FILE *), const char *fmt, const char *arg) {
  fprintf(stderr, "%s: error: ", prog);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  const char *cmd = usage == usage_compile   ? "compile"
                    : usage == usage_inspect ? "inspect"
                    : usage == usage_disasm  ? "disasm"
                    : usage == usage_run     ? "run"
                    : usage == usage_cache   ? "cache"
                                             : "targets";
  fprintf(stderr, "(see '%s %s --help')\n", prog, cmd);
  return EXIT_USAGE;
}

static int is_help(const char *a) {
  return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

static void print_table(const flyc_artifact_t *a, FILE *f) {
  size_t size;
  flyc_artifact_code(a, &size);
  int ptx = flyc_artifact_format(a) == FLYC_CODE_PTX;
  int v = flyc_artifact_code_object_version(a);
  if (ptx)
    fprintf(f, "target %s  PTX ISA %d.%d  %zu bytes\n", flyc_artifact_target(a), v / 10,
            v % 10, size);
  else if (flyc_artifact_codegen(a))
    fprintf(f, "target %s  code object v%d  codegen %s  %zu bytes\n",
            flyc_artifact_target(a), v, flyc_codegen_name(flyc_artifact_codegen(a)), size);
  else /* read from a file: the path that made it is not recorded */
    fprintf(f, "target %s  code object v%d  %zu bytes\n", flyc_artifact_target(a), v, size);
  fprintf(f, "%-28s %5s %5s %5s %7s %8s %8s %7s %5s %7s\n", "kernel", "sgpr", "vgpr",
          "agpr", "lds", "scratch", "kernarg", "wg_max", "wave", "spill");
  for (size_t i = 0; i < flyc_artifact_kernel_count(a); i++) {
    const flyc_kernel_info_t *k = flyc_artifact_kernel(a, i);
    /* PTX has no register counts before ptxas: '-' is "not known". */
    char spill[24], s[16], vg[16], ag[16], wg[16];
    snprintf(spill, sizeof spill, "%u/%u", k->sgpr_spill_count, k->vgpr_spill_count);
    snprintf(s, sizeof s, "%u", k->sgpr_count);
    snprintf(vg, sizeof vg, "%u", k->vgpr_count);
    snprintf(ag, sizeof ag, "%u", k->agpr_count);
    snprintf(wg, sizeof wg, "%u", k->max_flat_workgroup_size);
    fprintf(f, "%-28s %5s %5s %5s %7u %8u %8u %7s %5u %7s\n", k->name, ptx ? "-" : s,
            ptx ? "-" : vg, ptx ? "-" : ag, k->group_segment_fixed_size,
            k->private_segment_fixed_size, k->kernarg_segment_size,
            k->max_flat_workgroup_size ? wg : "-", k->wavefront_size, ptx ? "-" : spill);
  }
}

static int print_json(const flyc_artifact_t *a) {
  cJSON *root = cJSON_CreateObject();
  size_t size;
  flyc_artifact_code(a, &size);
  int ptx = flyc_artifact_format(a) == FLYC_CODE_PTX;
  cJSON_AddStringToObject(root, "format", ptx ? "ptx" : "amdgpu-code-object");
  cJSON_AddStringToObject(root, "target", flyc_artifact_target(a));
  if (ptx) {
    char v[16];
    int n = flyc_artifact_code_object_version(a);
    snprintf(v, sizeof v, "%d.%d", n / 10, n % 10);
    cJSON_AddStringToObject(root, "ptx_version", v);
  } else {
    cJSON_AddNumberToObject(root, "code_object_version",
                            flyc_artifact_code_object_version(a));
    const char *cg = flyc_codegen_name(flyc_artifact_codegen(a));
    if (flyc_artifact_codegen(a))
      cJSON_AddStringToObject(root, "codegen", cg);
    else
      cJSON_AddNullToObject(root, "codegen");
  }
  cJSON_AddNumberToObject(root, "size", (double)size);
  cJSON *ks = cJSON_AddArrayToObject(root, "kernels");
  for (size_t i = 0; i < flyc_artifact_kernel_count(a); i++) {
    const flyc_kernel_info_t *k = flyc_artifact_kernel(a, i);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", k->name);
    cJSON_AddStringToObject(o, "symbol", k->symbol);
    cJSON_AddNumberToObject(o, "sgpr_count", k->sgpr_count);
    cJSON_AddNumberToObject(o, "vgpr_count", k->vgpr_count);
    cJSON_AddNumberToObject(o, "agpr_count", k->agpr_count);
    cJSON_AddNumberToObject(o, "sgpr_spill_count", k->sgpr_spill_count);
    cJSON_AddNumberToObject(o, "vgpr_spill_count", k->vgpr_spill_count);
    cJSON_AddNumberToObject(o, "group_segment_fixed_size", k->group_segment_fixed_size);
    cJSON_AddNumberToObject(o, "private_segment_fixed_size", k->private_segment_fixed_size);
    cJSON_AddNumberToObject(o, "kernarg_segment_size", k->kernarg_segment_size);
    cJSON_AddNumberToObject(o, "kernarg_segment_align", k->kernarg_segment_align);
    cJSON_AddNumberToObject(o, "max_flat_workgroup_size", k->max_flat_workgroup_size);
    cJSON_AddNumberToObject(o, "wavefront_size", k->wavefront_size);
    cJSON_AddBoolToObject(o, "uses_dynamic_stack", k->uses_dynamic_stack != 0);
    if (k->reqd_workgroup_size[0]) {
      cJSON *r = cJSON_AddArrayToObject(o, "reqd_workgroup_size");
      for (int d = 0; d < 3; d++)
        cJSON_AddItemToArray(r, cJSON_CreateNumber(k->reqd_workgroup_size[d]));
    }
    cJSON *args = cJSON_AddArrayToObject(o, "args");
    for (size_t j = 0; j < k->arg_count; j++) {
      cJSON *ao = cJSON_CreateObject();
      cJSON_AddStringToObject(ao, "name", k->args[j].name);
      cJSON_AddStringToObject(ao, "value_kind", k->args[j].value_kind);
      if (k->args[j].address_space[0])
        cJSON_AddStringToObject(ao, "address_space", k->args[j].address_space);
      cJSON_AddNumberToObject(ao, "offset", k->args[j].offset);
      cJSON_AddNumberToObject(ao, "size", k->args[j].size);
      cJSON_AddItemToArray(args, ao);
    }
    cJSON_AddItemToArray(ks, o);
  }
  char *s = cJSON_Print(root);
  cJSON_Delete(root);
  if (!s) {
    fprintf(stderr, "%s: error: out of memory printing JSON\n", prog);
    return EXIT_FAIL;
  }
  printf("%s\n", s);
  cJSON_free(s);
  return 0;
}

static int read_artifact(const char *path, flyc_artifact_t **out) {
  int fd = open(path, O_RDONLY | O_NONBLOCK); /* a FIFO must not block */
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    fprintf(stderr, "%s: error: cannot open '%s': %s\n", prog, path,
            fd < 0 ? strerror(errno) : "not a regular file");
    if (fd >= 0)
      close(fd);
    return EXIT_FAIL;
  }
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    close(fd);
    fprintf(stderr, "%s: error: out of memory\n", prog);
    return EXIT_FAIL;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *nb = realloc(buf, cap *= 2);
      if (!nb) {
        free(buf);
        buf = NULL;
      } else
        buf = nb;
    }
  }
  fclose(f);
  if (!buf) {
    fprintf(stderr, "%s: error: out of memory reading '%s'\n", prog, path);
    return EXIT_FAIL;
  }
  int rc = flyc_artifact_read(out, buf, n);
  free(buf);
  if (rc) {
    const flyc_error_t *e = flyc_error_last();
    fprintf(stderr, "%s: error: '%s': %s (%s)\n", prog, path, e->message,
            flyc_status_name(e->code));
    return EXIT_FAIL;
  }
  return 0;
}

/* Grows a string list. */
static int push(const char ***list, size_t *n, const char *s) {
  const char **nl = realloc(*list, (*n + 1) * sizeof *nl);
  if (!nl)
    return -1;
  nl[(*n)++] = s;
  *list = nl;
  return 0;
}

static int parse_int(const char *s, int lo, int hi, int *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (!*s || *end || v < lo || v > hi)
    return -1;
  *out = (int)v;
  return 0;
}

/* Writes the output: a regular file (or a new one) through a temporary file
 * renamed into place, so a failure leaves what was there; "-" (standard
 * output), anything that is not a regular file, a symbolic link, and paths
 * under /dev or /proc (/dev/stdout names a regular file when the shell
 * redirected into one, and renaming over it would replace the link) directly,
 * never removed. */
static int write_output(const char *out, const void *code, size_t size) {
  int to_stdout = strcmp(out, "-") == 0;
  struct stat st;
  int special = to_stdout || strncmp(out, "/dev/", 5) == 0 || strncmp(out, "/proc/", 6) == 0 ||
                (lstat(out, &st) == 0 && S_ISLNK(st.st_mode)) ||
                (stat(out, &st) == 0 && !S_ISREG(st.st_mode));
  char *tmp = NULL;
  int exists = !special && stat(out, &st) == 0;
  if (exists && access(out, W_OK) != 0) {
    fprintf(stderr, "%s: error: cannot write '%s': %s\n", prog, out, strerror(errno));
    return -1;
  }
  if (!special) {
    size_t n = strlen(out) + 16;
    if (!(tmp = malloc(n)))
      return fprintf(stderr, "%s: error: out of memory\n", prog), -1;
    snprintf(tmp, n, "%s.tmp-XXXXXX", out);
  }
  int fd = to_stdout ? dup(STDOUT_FILENO) : special ? open(out, O_WRONLY | O_TRUNC) : mkstemp(tmp);
  int err = fd < 0 ? errno : 0;
  const char *p = code;
  size_t left = size;
  while (!err && left) {
    ssize_t w = write(fd, p, left);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      err = w < 0 ? errno : EIO;
    else {
      p += w;
      left -= (size_t)w;
    }
  }
  if (fd >= 0 && close(fd) != 0 && !err)
    err = errno;
  if (!err && !special) {
    mode_t mask = umask(0); /* mkstemp made it 0600: the old file's mode, or open()'s */
    umask(mask);
    if (chmod(tmp, exists ? st.st_mode & 07777 : 0666 & ~mask) != 0 || rename(tmp, out) != 0)
      err = errno;
  }
  if (err) {
    fprintf(stderr, "%s: error: cannot write '%s': %s\n", prog, out, strerror(err));
    if (tmp && fd >= 0)
      unlink(tmp);
  }
  free(tmp);
  return err ? -1 : 0;
}

static int cmd_compile(int argc, char **argv) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  const char *in = NULL, *out = NULL;
  const char **libs = NULL, **exports = NULL, **dirs = NULL;
  size_t nlibs = 0, nexports = 0, ndirs = 0;
  int show_time = 0, quiet = 0, isolate = 1, rc = EXIT_USAGE;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    const char *val = i + 1 < argc ? argv[i + 1] : NULL;
    int takes = strcmp(a, "--arch") == 0 || strcmp(a, "-o") == 0 ||
                strcmp(a, "--link") == 0 || strcmp(a, "-O") == 0 ||
                strcmp(a, "--codegen") == 0 || strcmp(a, "--cov") == 0 ||
                strcmp(a, "--export") == 0 || strcmp(a, "--device-lib-dir") == 0;
    if (is_help(a)) {
      usage_compile(stdout);
      rc = 0;
      goto done;
    }
    if (takes && !val) {
      rc = usage_error(usage_compile, "option '%s' needs a value", a);
      goto done;
    }
    if (strcmp(a, "--arch") == 0)
      o.target = argv[++i];
    else if (strcmp(a, "-o") == 0)
      out = argv[++i];
    else if (strcmp(a, "--link") == 0) {
      if (push(&libs, &nlibs, argv[++i]))
        goto oom;
    } else if (strcmp(a, "--export") == 0) {
      if (push(&exports, &nexports, argv[++i]))
        goto oom;
    } else if (strcmp(a, "--device-lib-dir") == 0) {
      if (push(&dirs, &ndirs, argv[++i]))
        goto oom;
    } else if (strcmp(a, "-O") == 0 || (strncmp(a, "-O", 2) == 0 && a[2])) {
      const char *lv = a[2] ? a + 2 : argv[++i];
      int level;
      if (parse_int(lv, 0, 3, &level)) {
        rc = usage_error(usage_compile, "bad optimization level '%s' (0 to 3)", lv);
        goto done;
      }
      o.opt_level = (uint32_t)level + 1;
    } else if (strcmp(a, "--codegen") == 0) {
      const char *p = argv[++i];
      flyc_codegen_t c;
      for (c = FLYC_CODEGEN_AUTO; c <= FLYC_CODEGEN_LLD_LIB; c++)
        if (c != FLYC_CODEGEN_PTX && strcmp(p, flyc_codegen_name(c)) == 0)
          break;
      if (c > FLYC_CODEGEN_LLD_LIB) {
        rc = usage_error(usage_compile,
                         "unknown codegen path '%s' (auto, lld-lib, comgr, comgr-link, lld)",
                         p);
        goto done;
      }
      o.codegen = c;
    } else if (strcmp(a, "--cov") == 0) {
      int cov;
      if (parse_int(argv[++i], 1, 99, &cov)) {
        rc = usage_error(usage_compile, "bad code object version '%s'", argv[i]);
        goto done;
      }
      o.code_object_version = (uint32_t)cov;
    } else if (strcmp(a, "--no-device-libs") == 0) {
      o.flags |= FLYC_COMPILE_NO_DEVICE_LIBS;
    } else if (strcmp(a, "--no-isolate") == 0) {
      isolate = 0;
    } else if (strcmp(a, "--no-cache") == 0) {
      o.flags |= FLYC_COMPILE_NO_CACHE;
    } else if (strcmp(a, "--approx-sqrt") == 0) {
      o.flags |= FLYC_COMPILE_APPROX_SQRT;
    } else if (strcmp(a, "--daz") == 0) {
      o.flags |= FLYC_COMPILE_DAZ;
    } else if (strcmp(a, "-g") == 0) {
      o.flags |= FLYC_COMPILE_DEBUG_INFO;
    } else if (strcmp(a, "--time") == 0) {
      show_time = 1;
    } else if (strcmp(a, "--quiet") == 0) {
      quiet = 1;
    } else if (a[0] == '-' && a[1]) {
      rc = usage_error(usage_compile, "unknown option '%s'", a);
      goto done;
    } else if (!in) {
      in = a;
    } else {
      rc = usage_error(usage_compile, "more than one input ('%s')", a);
      goto done;
    }
  }
  if (!in || !o.target || !out) {
    rc = usage_error(usage_compile, "%s", !in ? "no input file"
                                          : !o.target ? "no --arch given"
                                                      : "no output (-o) given");
    goto done;
  }
  if (isolate)
    o.flags |= FLYC_COMPILE_ISOLATED;
  o.link_libraries = libs;
  o.link_library_count = nlibs;
  o.exported_globals = exports;
  o.exported_global_count = nexports;
  o.device_lib_dirs = dirs;
  o.device_lib_dir_count = ndirs;
  flyc_artifact_t *a = NULL;
  if (flyc_compile_file(&a, in, &o)) {
    rc = fail();
    goto done;
  }
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  if (write_output(out, code, size) != 0) {
    flyc_artifact_destroy(a);
    rc = EXIT_FAIL;
    goto done;
  }
  if (!quiet && strcmp(out, "-") != 0)
    print_table(a, stdout);
  fflush(stdout);
  /* Where the cache comes in: a hit, or why nothing was stored. */
  const char *log = flyc_artifact_log(a);
  for (const char *p = log; (p = strstr(p, "note: ")) != NULL; p++)
    if (strncmp(p, "note: from the disk cache", 25) == 0 ||
        strncmp(p, "note: not cached on disk", 24) == 0)
      fprintf(stderr, "%s: %.*s\n", prog, (int)strcspn(p, "\n"), p);
  /* Warnings always (a COV the installed ROCm cannot load, a PTX ISA
   * capped to what this LLVM emits). */
  for (const char *p = log; (p = strstr(p, "warning: ")) != NULL; p++)
    fprintf(stderr, "%s: %.*s\n", prog, (int)strcspn(p, "\n"), p);
  int hit = strstr(log, "note: from the disk cache") != NULL;
  if (show_time && hit) {
    flyc_compile_times_t t;
    flyc_artifact_compile_times(a, &t);
    fprintf(stderr, "time (ms): cache hit %.2f\n", t.total_us / 1e3);
  } else if (show_time) {
    flyc_compile_times_t t;
    flyc_artifact_compile_times(a, &t);
    fprintf(stderr,
            "time (ms): parse %.2f  link %.2f  device-libs %.2f  internalize %.2f  "
            "optimize %.2f  codegen %.2f  exe-link %.2f  check %.2f  total %.2f\n",
            t.parse_us / 1e3, t.link_us / 1e3, t.devlib_us / 1e3, t.internalize_us / 1e3,
            t.optimize_us / 1e3, t.codegen_us / 1e3, t.exe_link_us / 1e3,
            t.check_us / 1e3, t.total_us / 1e3);
  }
  flyc_artifact_destroy(a);
  rc = 0;
  goto done;
oom:
  fprintf(stderr, "%s: error: out of memory\n", prog);
  rc = EXIT_FAIL;
done:
  free(libs);
  free(exports);
  free(dirs);
  return rc;
}

static int cmd_inspect(int argc, char **argv) {
  const char *file = NULL;
  int json = 0;
  for (int i = 0; i < argc; i++) {
    if (is_help(argv[i])) {
      usage_inspect(stdout);
      return 0;
    } else if (strcmp(argv[i], "--json") == 0)
      json = 1;
    else if (argv[i][0] == '-' && argv[i][1])
      return usage_error(usage_inspect, "unknown option '%s'", argv[i]);
    else if (!file)
      file = argv[i];
    else
      return usage_error(usage_inspect, "more than one file ('%s')", argv[i]);
  }
  if (!file)
    return usage_error(usage_inspect, "%s", "no file given");
  flyc_artifact_t *a;
  int rc = read_artifact(file, &a);
  if (rc)
    return rc;
  if (json)
    rc = print_json(a);
  else
    print_table(a, stdout);
  flyc_artifact_destroy(a);
  return rc;
}

static int write_stdout(const char *text, size_t len, void *payload) {
  (void)payload;
  return fwrite(text, 1, len, stdout) == len ? 0 : 1;
}

static int cmd_disasm(int argc, char **argv) {
  const char *file = NULL;
  for (int i = 0; i < argc; i++) {
    if (is_help(argv[i])) {
      usage_disasm(stdout);
      return 0;
    } else if (argv[i][0] == '-' && argv[i][1])
      return usage_error(usage_disasm, "unknown option '%s'", argv[i]);
    else if (!file)
      file = argv[i];
    else
      return usage_error(usage_disasm, "more than one file ('%s')", argv[i]);
  }
  if (!file)
    return usage_error(usage_disasm, "%s", "no file given");
  flyc_artifact_t *a;
  int rc = read_artifact(file, &a);
  if (rc)
    return rc;
  if (flyc_artifact_disassemble(a, write_stdout, NULL))
    rc = fail();
  flyc_artifact_destroy(a);
  return rc;
}

static void paths_str(uint32_t paths, char *buf, size_t n) {
  buf[0] = '\0';
  for (flyc_codegen_t c = FLYC_CODEGEN_COMGR; c <= FLYC_CODEGEN_LLD_LIB; c++)
    if (paths & (1u << c)) {
      size_t l = strlen(buf);
      snprintf(buf + l, n - l, "%s%s", l ? "," : "", flyc_codegen_name(c));
    }
  if (!buf[0])
    snprintf(buf, n, "(none)");
}

static int cmd_targets(int argc, char **argv) {
  int json = 0;
  for (int i = 0; i < argc; i++) {
    if (is_help(argv[i])) {
      usage_targets(stdout);
      return 0;
    } else if (strcmp(argv[i], "--json") == 0)
      json = 1;
    else
      return usage_error(usage_targets, "unknown argument '%s'", argv[i]);
  }
  size_t n = flyc_target_count();
  cJSON *root = json ? cJSON_CreateArray() : NULL;
  if (!json)
    printf("LLVM %s, comgr %s\n%-10s %-7s %5s %-16s %s\n", flyc_llvm_version(),
           flyc_comgr_version() ? flyc_comgr_version() : "(none)", "processor", "family",
           "wave", "features", "codegen paths");
  for (size_t i = 0; i < n; i++) {
    flyc_target_info_t t = FLYC_TARGET_INFO_INIT;
    if (flyc_target_get(i, &t))
      return fail();
    char paths[96], feats[32], ptx[16];
    paths_str(t.codegen_paths, paths, sizeof paths);
    snprintf(feats, sizeof feats, "%s%s%s", t.has_sramecc ? "sramecc" : "",
             t.has_sramecc && t.has_xnack ? "," : "", t.has_xnack ? "xnack" : "");
    if (t.family == FLYC_TARGET_NVPTX)
      snprintf(feats, sizeof feats, "ptx%u.%u", t.ptx_version / 10, t.ptx_version % 10);
    if (json) {
      cJSON *o = cJSON_CreateObject();
      cJSON_AddStringToObject(o, "processor", t.processor);
      cJSON_AddStringToObject(o, "family",
                              t.family == FLYC_TARGET_AMDGPU ? "amdgpu" : "nvptx");
      cJSON_AddNumberToObject(o, "wavefront_size", t.wavefront_size);
      cJSON_AddBoolToObject(o, "xnack", t.has_xnack);
      cJSON_AddBoolToObject(o, "sramecc", t.has_sramecc);
      if (t.family == FLYC_TARGET_NVPTX) {
        snprintf(ptx, sizeof ptx, "%u.%u", t.ptx_version / 10, t.ptx_version % 10);
        cJSON_AddStringToObject(o, "ptx_version", ptx);
      }
      cJSON *p = cJSON_AddArrayToObject(o, "codegen_paths");
      for (flyc_codegen_t c = FLYC_CODEGEN_COMGR; c <= FLYC_CODEGEN_LLD_LIB; c++)
        if (t.codegen_paths & (1u << c))
          cJSON_AddItemToArray(p, cJSON_CreateString(flyc_codegen_name(c)));
      cJSON_AddItemToArray(root, o);
    } else {
      printf("%-10s %-7s %5u %-16s %s\n", t.processor,
             t.family == FLYC_TARGET_AMDGPU ? "amdgpu" : "nvptx", t.wavefront_size,
             feats[0] ? feats : "-", paths);
    }
  }
  if (json) {
    char *s = cJSON_Print(root);
    cJSON_Delete(root);
    if (!s)
      return EXIT_FAIL;
    printf("%s\n", s);
    cJSON_free(s);
  }
  return 0;
}


/* ---- flyc run ---- */

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

static int cmd_run(int argc, char **argv) {
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

/* ---- flyc cache ---- */

/* A comma-separated list as a JSON array of strings. */
static cJSON *names_array(const char *list) {
  cJSON *a = cJSON_CreateArray();
  while (*list) {
    size_t n = strcspn(list, ",");
    char buf[512];
    snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf - 1 ? n : sizeof buf - 1), list);
    cJSON_AddItemToArray(a, cJSON_CreateString(buf));
    list += n + (list[n] == ',');
  }
  return a;
}

typedef struct listing {
  cJSON *arr; /* --json */
  size_t n;
} listing_t;

static int list_one(const flyc_cache_entry_t *e, void *p) {
  listing_t *l = p;
  if (l->arr) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "file", e->file);
    cJSON_AddNumberToObject(o, "bytes", (double)e->bytes);
    cJSON_AddNumberToObject(o, "mtime", (double)e->mtime);
    cJSON_AddStringToObject(o, "target", e->target);
    cJSON_AddItemToObject(o, "kernels", names_array(e->kernels));
    cJSON_AddItemToObject(o, "processors", names_array(e->processors));
    cJSON_AddItemToArray(l->arr, o);
    return 0;
  }
  if (!l->n++)
    printf("%-38s  %8s  %9s  %-24s %s\n", "entry", "bytes", "last use", "target",
           "kernels [processors]");
  long age = (long)(time(NULL) - e->mtime);
  const char *base = strrchr(e->file, '/');
  printf("%-38s  %8llu  %7ld s  %-24s %s%s%s%s\n", base ? base + 1 : e->file,
         (unsigned long long)e->bytes, age, e->target, e->kernels, *e->processors ? " [" : "",
         e->processors, *e->processors ? "]" : "");
  return 0;
}

/* Prints a JSON value and frees it. */
static void print_json_value(cJSON *v) {
  char *t = cJSON_Print(v);
  printf("%s\n", t ? t : "null");
  free(t);
  cJSON_Delete(v);
}

static int cmd_cache(int argc, char **argv) {
  const char *what = NULL;
  int json = 0;
  for (int i = 0; i < argc; i++) {
    if (is_help(argv[i])) {
      usage_cache(stdout);
      return 0;
    }
    if (strcmp(argv[i], "--json") == 0)
      json = 1;
    else if (!what && (strcmp(argv[i], "list") == 0 || strcmp(argv[i], "stats") == 0 ||
                       strcmp(argv[i], "clear") == 0 || strcmp(argv[i], "dir") == 0))
      what = argv[i];
    else
      return usage_error(usage_cache, "unexpected argument '%s'", argv[i]);
  }
  if (!what)
    return usage_error(usage_cache, "%s", "no action (list, stats, clear or dir)");
  char dir[4096];
  if (strcmp(what, "dir") == 0) {
    if (flyc_cache_dir(dir, sizeof dir))
      return fail();
    if (json) {
      cJSON *o = cJSON_CreateObject();
      cJSON_AddStringToObject(o, "dir", dir);
      print_json_value(o);
    } else {
      printf("%s\n", dir);
    }
    return 0;
  }
  if (strcmp(what, "clear") == 0) {
    size_t n;
    if (flyc_cache_clear(&n))
      return fail();
    if (json) {
      cJSON *o = cJSON_CreateObject();
      cJSON_AddNumberToObject(o, "removed", (double)n);
      print_json_value(o);
    } else {
      printf("removed %zu entr%s\n", n, n == 1 ? "y" : "ies");
    }
    return 0;
  }
  if (strcmp(what, "list") == 0) {
    listing_t l = {json ? cJSON_CreateArray() : NULL, 0};
    flyc_cache_stats_t before = {sizeof before, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                       after = before;
    flyc_cache_stats(&before);
    if (flyc_cache_list(list_one, &l)) {
      cJSON_Delete(l.arr);
      return fail();
    }
    flyc_cache_stats(&after);
    if (l.arr)
      print_json_value(l.arr);
    else if (!l.n)
      printf("(no entries)\n");
    if (after.corrupt > before.corrupt)
      fprintf(stderr, "%s: %llu unreadable entr%s skipped (a compile of its key replaces it)\n",
              prog, (unsigned long long)(after.corrupt - before.corrupt),
              after.corrupt - before.corrupt == 1 ? "y" : "ies");
    return 0;
  }
  flyc_cache_stats_t st = {sizeof st, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  if (flyc_cache_stats(&st))
    return fail();
  if (flyc_cache_dir(dir, sizeof dir))
    snprintf(dir, sizeof dir, "(none)");
  struct stat dst;
  int made = lstat(dir, &dst) == 0;
  const char *state = st.disk == FLYC_CACHE_DISK_OFF ? "off (FLYC_CACHE)"
                      : st.disk == FLYC_CACHE_DISK_ON
                          ? (made ? "on" : "on (the directory is made at the first write)")
                          : "unusable (no directory, not ours, or writable by others)";
  if (json) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "dir", dir);
    cJSON_AddStringToObject(o, "disk", st.disk == FLYC_CACHE_DISK_ON    ? "on"
                                       : st.disk == FLYC_CACHE_DISK_OFF ? "off"
                                                                        : "unusable");
    cJSON_AddNumberToObject(o, "entries", (double)st.entries);
    cJSON_AddNumberToObject(o, "bytes", (double)st.bytes);
    cJSON_AddNumberToObject(o, "max_bytes", (double)st.max_bytes);
    char *t = cJSON_Print(o);
    printf("%s\n", t ? t : "{}");
    free(t);
    cJSON_Delete(o);
    return 0;
  }
  printf("directory  %s\ndisk cache %s\nentries    %llu\nbytes      %llu of %llu\n", dir,
         state, (unsigned long long)st.entries, (unsigned long long)st.bytes,
         (unsigned long long)st.max_bytes);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage_main(stderr);
    return EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (is_help(cmd)) {
    usage_main(stdout);
    return 0;
  }
  if (strcmp(cmd, "--version") == 0) {
    printf("flyc %s (LLVM %s, comgr %s)\n", FLYC_VERSION_STRING, flyc_llvm_version(),
           flyc_comgr_version() ? flyc_comgr_version() : "none");
    return 0;
  }
  int rc = -1;
  if (strcmp(cmd, "compile") == 0)
    rc = cmd_compile(argc - 2, argv + 2);
  else if (strcmp(cmd, "inspect") == 0)
    rc = cmd_inspect(argc - 2, argv + 2);
  else if (strcmp(cmd, "disasm") == 0)
    rc = cmd_disasm(argc - 2, argv + 2);
  else if (strcmp(cmd, "targets") == 0)
    rc = cmd_targets(argc - 2, argv + 2);
  else if (strcmp(cmd, "run") == 0)
    rc = cmd_run(argc - 2, argv + 2);
  else if (strcmp(cmd, "cache") == 0)
    rc = cmd_cache(argc - 2, argv + 2);
  if (rc >= 0) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
      fprintf(stderr, "%s: error: cannot write to standard output: %s\n", prog,
              strerror(errno ? errno : EIO));
      return EXIT_FAIL;
    }
    return rc;
  }
  fprintf(stderr, "%s: unknown command '%s'\n\n", prog, cmd);
  usage_main(stderr);
  return EXIT_USAGE;
}
