/* flyc compile */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

void usage_compile(FILE *f) {
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

int cmd_compile(int argc, char **argv) {
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
