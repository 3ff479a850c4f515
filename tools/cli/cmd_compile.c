/* flyc compile */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct compile_args {
  flyc_compile_options_t o;
  const char *in, *out;
  cli_list_t libs, exports, dirs;
  int show_time, quiet, no_isolate;
} compile_args_t;

static int parse_level(void *s, const char *v) {
  int level;
  if (parse_int(v, 0, 3, &level))
    return -1;
  ((compile_args_t *)s)->o.opt_level = FLYC_OPT_O0 + (uint32_t)level;
  return 0;
}

static int parse_codegen(void *s, const char *v) {
  flyc_codegen_t c;
  for (c = FLYC_CODEGEN_AUTO; c <= FLYC_CODEGEN_LLD_LIB; c++)
    if (c != FLYC_CODEGEN_PTX && strcmp(v, flyc_codegen_name(c)) == 0)
      break;
  if (c > FLYC_CODEGEN_LLD_LIB)
    return -1;
  ((compile_args_t *)s)->o.codegen = c;
  return 0;
}

static int parse_cov(void *s, const char *v) {
  int cov;
  if (parse_int(v, 1, 99, &cov))
    return -1;
  ((compile_args_t *)s)->o.code_object_version = (uint32_t)cov;
  return 0;
}

#define AT(f) offsetof(compile_args_t, f)
static const cli_opt_t opts[] = {
    CLI_POS("IN", "LLVM IR text (.ll) or bitcode (.bc) defining kernels", AT(in)),
    CLI_STR("--arch", "T",
            "target ID: gfx90a, gfx942:xnack-, gfx90a:sramecc+:xnack-,\n"
            "sm_80, ...  (flyc targets lists them)",
            AT(o.target)),
    CLI_STR("-o", "OUT",
            "output: an AMDGPU code object (.hsaco) or PTX text; '-' is\n"
            "standard output (and the kernel table is not printed)",
            AT(out)),
    CLI_LIST("--link", "LIB", "link library (.bc or .ll); repeatable, linked in order",
             AT(libs)),
    {.kind = OPT_CALL, .name = "-O", .metavar = "N", .joined = 1, /* -O2 too */
     .help = "optimization level 0-3 (default 3)", .parse = parse_level,
     .bad = "bad optimization level '%s' (0 to 3)"},
    CLI_CALL("--codegen", "P",
             "AMDGPU codegen path (default auto): lld-lib (lld linked\n"
             "into flyc, no subprocess), comgr, comgr-link, lld\n"
             "(ld.lld subprocess); auto takes the first of lld-lib,\n"
             "comgr-link, comgr, lld that serves the target and COV",
             parse_codegen, "unknown codegen path '%s' (auto, lld-lib, comgr, comgr-link, lld)"),
    CLI_CALL("--cov", "N",
             "AMDGPU code object version 4, 5 or (LLVM 19+) 6\n"
             "(default: the input's or link libraries' COV module\n"
             "flag, else what the installed ROCm supports)",
             parse_cov, "bad code object version '%s'"),
    CLI_LIST("--export", "SYMBOL", "keep global SYMBOL external (for host writes after load)",
             AT(exports)),
    CLI_LIST("--device-lib-dir", "D", "search D first for ocml/ockl/libdevice", AT(dirs)),
    CLI_BITS("--no-device-libs", FLYC_COMPILE_NO_DEVICE_LIBS,
             "do not link device libraries automatically", AT(o.flags)),
    CLI_BITS("--approx-sqrt", FLYC_COMPILE_APPROX_SQRT,
             "device-library f32 sqrt need not be correctly rounded\n"
             "(nvcc's -prec-sqrt=false; clang's CUDA default)",
             AT(o.flags)),
    CLI_BITS("--daz", FLYC_COMPILE_DAZ,
             "device libraries may flush f32 denormals (nvcc's -ftz=true)", AT(o.flags)),
    CLI_SET("--no-isolate",
            "compile in this process, not in a child (by default an\n"
            "LLVM crash on odd input is reported as an error)",
            AT(no_isolate)),
    CLI_BITS("--no-cache", FLYC_COMPILE_NO_CACHE,
             "neither use nor fill the compile cache (flyc cache --help)", AT(o.flags)),
    CLI_STR("--dump", "DIR",
            "write each stage into DIR, named after the cache key: KEY.1-parse.ll,\n"
            "KEY.2-link.ll, KEY.3-opt.ll, KEY.4.s or KEY.4.ptx, KEY.5.hsaco\n"
            "(from the cache: only .4 and .5; default: $FLYC_DUMP_DIR)",
            AT(o.dump_dir)),
    CLI_BITS("-g", FLYC_COMPILE_DEBUG_INFO,
             "NVPTX: keep '.target sm_XX, debug', which makes ptxas compile\n"
             "without optimization (by default line info is kept and the\n"
             "code optimized); AMDGPU code objects keep the input's DWARF\n"
             "either way",
             AT(o.flags)),
    CLI_SET("--time", "print the time of each stage to stderr", AT(show_time)),
    CLI_SET("--quiet", "do not print the kernel table or the cache's notes\n"
            "(warnings still)", AT(quiet)),
};

static const cli_cmd_t cmd = {
    "compile",
    "usage: flyc compile IN --arch T -o OUT [--link LIB]... [-O N]\n"
    "                    [--codegen auto|lld-lib|comgr|comgr-link|lld] [--cov N]\n"
    "                    [--export SYMBOL]... [--device-lib-dir DIR]...\n"
    "                    [--no-device-libs] [--approx-sqrt] [--daz] [--no-isolate]\n"
    "                    [--no-cache] [--dump DIR] [-g] [--time] [--quiet]\n"
    "\n",
    18,
    "\n"
    "On success the kernel table is printed (as `flyc inspect` does).\n",
    "unknown option '%s'",
    "more than one input ('%s')",
    opts,
    sizeof opts / sizeof opts[0],
};

int cmd_compile(int argc, char **argv) {
  compile_args_t s = {.o = FLYC_COMPILE_OPTIONS_INIT};
  flyc_compile_options_t o;
  const char *in, *out;
  int show_time, quiet, isolate;
  int rc = opt_parse(&cmd, argc, argv, &s);
  if (rc >= 0)
    goto done;
  rc = EXIT_USAGE;
  o = s.o;
  in = s.in;
  out = s.out;
  show_time = s.show_time;
  quiet = s.quiet;
  isolate = !s.no_isolate;
  if (!in || !o.target || !out) {
    rc = usage_error(&cmd, "%s", !in ? "no input file"
                                 : !o.target ? "no --arch given"
                                             : "no output (-o) given");
    goto done;
  }
  if (isolate)
    o.flags |= FLYC_COMPILE_ISOLATED;
  o.link_libraries = s.libs.v;
  o.link_library_count = s.libs.n;
  o.exported_globals = s.exports.v;
  o.exported_global_count = s.exports.n;
  o.device_lib_dirs = s.dirs.v;
  o.device_lib_dir_count = s.dirs.n;
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
  /* Where the cache comes in: the log's note on a hit (it names the entry),
   * or why nothing was stored. */
  const char *log = flyc_artifact_log(a);
  for (const char *p = log; !quiet && (p = strstr(p, "note: ")) != NULL; p++)
    if (strncmp(p, "note: from the disk cache", 25) == 0 ||
        strncmp(p, "note: not cached on disk", 24) == 0)
      fprintf(stderr, "%s: %.*s\n", prog, (int)strcspn(p, "\n"), p);
  /* Warnings always (a COV the installed ROCm cannot load, a PTX ISA
   * capped to what this LLVM emits). */
  for (const char *p = log; (p = strstr(p, "warning: ")) != NULL; p++)
    fprintf(stderr, "%s: %.*s\n", prog, (int)strcspn(p, "\n"), p);
  flyc_artifact_origin_t origin = flyc_artifact_origin(a);
  int hit = origin == FLYC_ARTIFACT_DISK_CACHE || origin == FLYC_ARTIFACT_MEMORY_CACHE;
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
done:
  free(s.libs.v);
  free(s.exports.v);
  free(s.dirs.v);
  return rc;
}
