/* bench_comgr_source: compile a HIP source file in-process through amd_comgr (API 2.4):
 *   COMPILE_SOURCE_WITH_DEVICE_LIBS_TO_BC (language HIP)
 *   [-L add only: ADD_DEVICE_LIBRARIES + LINK_BC_TO_BC]
 *   -> CODEGEN_BC_TO_RELOCATABLE -> LINK_RELOCATABLE_TO_EXECUTABLE
 * W warm-ups then N timed runs; each stage and the total are timed. Every run creates and
 * destroys its own data objects, sets and action info, like a cold JIT compile.
 *
 * comgr 2.4 as packaged by Debian 12 needs two workarounds (see bench/README.md):
 *  - headers: it looks for clang's resource headers under $LLVM_PATH/lib/clang/15.0.6 (default
 *    /usr/lib/llvm/...), which does not exist here, so <hip/hip_runtime.h> fails on
 *    <include/cuda_wrappers/algorithm>. We pass -isystem <clang resource dir> (-R); setting
 *    LLVM_PATH=/usr/lib/llvm-15 in the environment works too.
 *  - device libraries: for HIP it always passes -nogpulib to its in-process driver, so the
 *    "WITH_DEVICE_LIBS" action links none and the final link fails on undefined __ockl_* symbols.
 *    -L builtin (default) passes -Xclang -mlink-builtin-bitcode <lib> for the same libraries
 *    clang-15's HIP driver links (from -B dir); -L add follows hiprtc 5.2 (ADD_DEVICE_LIBRARIES
 *    with comgr's embedded libs + LINK_BC_TO_BC, codegen with -amdgpu-internalize-symbols);
 *    -L none is the plain three-action sequence (fails for any kernel that uses ockl).
 *
 * usage: bench_comgr_source [-a gfx90a] [-w W] [-n N] [-o out.co] [-L builtin|add|none]
 *                           [-B bitcode_dir] [-R clang_resource_dir|none] [-X src_opt]...
 *                           [-O -O3] [-c cov] [-p] [-v] file.hip
 *   -X  extra option for the source step (repeatable), e.g. -X -include -X __clang_hip_runtime_wrapper.h
 *   -p  pin to CPU 0;  -v  print the comgr logs of the first run and per-run samples */
#define _GNU_SOURCE
#include <amd_comgr.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "common.h"

#ifndef FLYC_BENCH_CLANG_RESOURCE_DIR
#define FLYC_BENCH_CLANG_RESOURCE_DIR "/usr/lib/llvm-15/lib/clang/15.0.6"
#endif
#ifndef FLYC_BENCH_DEVICE_LIB_DIR
#define FLYC_BENCH_DEVICE_LIB_DIR "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
#endif

#define MAX_OPTS 96

enum { LIBS_BUILTIN, LIBS_ADD, LIBS_NONE };

static void print_status(const char *what, amd_comgr_status_t s) {
  const char *str = NULL;
  amd_comgr_status_string(s, &str);
  fprintf(stderr, "%s failed: %s (%d)\n", what, str ? str : "?", (int)s);
}

/* Print every LOG data object of a data set. */
static void print_logs(const char *step, amd_comgr_data_set_t set) {
  size_t count = 0;
  if (amd_comgr_action_data_count(set, AMD_COMGR_DATA_KIND_LOG, &count) != AMD_COMGR_STATUS_SUCCESS)
    return;
  for (size_t i = 0; i < count; i++) {
    amd_comgr_data_t d;
    if (amd_comgr_action_data_get_data(set, AMD_COMGR_DATA_KIND_LOG, i, &d) != AMD_COMGR_STATUS_SUCCESS)
      continue;
    size_t n = 0;
    amd_comgr_get_data(d, &n, NULL);
    char *buf = malloc(n + 1);
    if (buf && amd_comgr_get_data(d, &n, buf) == AMD_COMGR_STATUS_SUCCESS) {
      buf[n] = 0;
      fprintf(stderr, "---- comgr log (%s) ----\n%s\n-----------------------\n", step, buf);
    }
    free(buf);
    amd_comgr_release_data(d);
  }
}

#define CK(call)                          \
  do {                                    \
    amd_comgr_status_t s_ = (call);       \
    if (s_ != AMD_COMGR_STATUS_SUCCESS) { \
      print_status(#call, s_);            \
      goto fail;                          \
    }                                     \
  } while (0)

typedef struct {
  const char *src, *src_name, *isa;
  int libs;
  const char **src_opts; size_t n_src_opts;
  const char **dl_opts; size_t n_dl_opts;
  const char **cg_opts; size_t n_cg_opts;
  const char **ln_opts; size_t n_ln_opts;
} job_t;

enum { ST_SETUP, ST_SRC, ST_DEVLIBS, ST_CODEGEN, ST_LINK, ST_TEARDOWN, ST_COUNT };
static const char *stage_names[ST_COUNT] = {"setup", "source_to_bc", "devlibs_link_bc",
                                            "bc_to_reloc", "link", "teardown"};

/* One full compile; st[] gets each stage in ms. */
static int compile_once(const job_t *j, double st[ST_COUNT], char **code_out, size_t *size_out,
                        bool log) {
  int rc = -1;
  amd_comgr_data_t src = {0}, exe = {0};
  bool have_src = false, have_exe = false;
  enum { S_IN, S_BC, S_BCL, S_BCX, S_REL, S_OUT, S_N };
  amd_comgr_data_set_t set[S_N];
  int nsets = 0;
  amd_comgr_action_info_t info = {0};
  bool have_info = false;
  const char *step = "setup";
  int cur = -1;
  uint64_t t[ST_COUNT + 1] = {0};

  t[ST_SETUP] = bench_now_ns();
  CK(amd_comgr_create_data(AMD_COMGR_DATA_KIND_SOURCE, &src)); have_src = true;
  CK(amd_comgr_set_data(src, strlen(j->src), j->src));
  CK(amd_comgr_set_data_name(src, j->src_name));
  for (; nsets < S_N; nsets++) CK(amd_comgr_create_data_set(&set[nsets]));
  CK(amd_comgr_data_set_add(set[S_IN], src));
  CK(amd_comgr_create_action_info(&info)); have_info = true;
  CK(amd_comgr_action_info_set_isa_name(info, j->isa));
  CK(amd_comgr_action_info_set_language(info, AMD_COMGR_LANGUAGE_HIP));
  CK(amd_comgr_action_info_set_logging(info, true));
  CK(amd_comgr_action_info_set_option_list(info, j->src_opts, j->n_src_opts));

  t[ST_SRC] = bench_now_ns();
  step = stage_names[ST_SRC]; cur = S_BC;
  CK(amd_comgr_do_action(AMD_COMGR_ACTION_COMPILE_SOURCE_WITH_DEVICE_LIBS_TO_BC, info, set[S_IN],
                         set[S_BC]));
  if (log) print_logs(step, set[S_BC]);

  t[ST_DEVLIBS] = bench_now_ns();
  int bc_for_codegen = S_BC;
  if (j->libs == LIBS_ADD) {
    step = stage_names[ST_DEVLIBS]; cur = S_BCL;
    CK(amd_comgr_action_info_set_option_list(info, j->dl_opts, j->n_dl_opts));
    CK(amd_comgr_do_action(AMD_COMGR_ACTION_ADD_DEVICE_LIBRARIES, info, set[S_BC], set[S_BCL]));
    if (log) print_logs(step, set[S_BCL]);
    cur = S_BCX;
    CK(amd_comgr_action_info_set_option_list(info, NULL, 0));
    CK(amd_comgr_do_action(AMD_COMGR_ACTION_LINK_BC_TO_BC, info, set[S_BCL], set[S_BCX]));
    if (log) print_logs(step, set[S_BCX]);
    bc_for_codegen = S_BCX;
  }

  t[ST_CODEGEN] = bench_now_ns();
  step = stage_names[ST_CODEGEN]; cur = S_REL;
  CK(amd_comgr_action_info_set_language(info, AMD_COMGR_LANGUAGE_NONE));
  CK(amd_comgr_action_info_set_option_list(info, j->cg_opts, j->n_cg_opts));
  CK(amd_comgr_do_action(AMD_COMGR_ACTION_CODEGEN_BC_TO_RELOCATABLE, info, set[bc_for_codegen],
                         set[S_REL]));
  if (log) print_logs(step, set[S_REL]);

  t[ST_LINK] = bench_now_ns();
  step = stage_names[ST_LINK]; cur = S_OUT;
  CK(amd_comgr_action_info_set_option_list(info, j->ln_opts, j->n_ln_opts));
  CK(amd_comgr_do_action(AMD_COMGR_ACTION_LINK_RELOCATABLE_TO_EXECUTABLE, info, set[S_REL],
                         set[S_OUT]));
  if (log) print_logs(step, set[S_OUT]);

  t[ST_TEARDOWN] = bench_now_ns();
  step = "getcode"; cur = -1;
  CK(amd_comgr_action_data_get_data(set[S_OUT], AMD_COMGR_DATA_KIND_EXECUTABLE, 0, &exe));
  have_exe = true;
  size_t size = 0;
  CK(amd_comgr_get_data(exe, &size, NULL));
  char *code = malloc(size ? size : 1);
  if (!code) goto fail;
  if (amd_comgr_get_data(exe, &size, code) != AMD_COMGR_STATUS_SUCCESS) { free(code); goto fail; }
  free(*code_out);
  *code_out = code;
  *size_out = size;
  rc = 0;

fail:
  if (rc != 0) {
    fprintf(stderr, "step %s failed\n", step);
    if (cur >= 0 && nsets == S_N) print_logs(step, set[cur]);
  }
  if (have_exe) amd_comgr_release_data(exe);
  if (have_src) amd_comgr_release_data(src);
  for (int i = 0; i < nsets; i++) amd_comgr_destroy_data_set(set[i]);
  if (have_info) amd_comgr_destroy_action_info(info);
  if (rc == 0) {
    t[ST_COUNT] = bench_now_ns();
    for (int i = 0; i < ST_COUNT; i++) st[i] = bench_ms(t[i], t[i + 1]);
  }
  return rc;
}

static void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s [-a proc] [-w W] [-n N] [-o out.co] [-L builtin|add|none] [-B bitcode_dir]\n"
          "          [-R clang_resource_dir|none] [-X src_opt]... [-O -O3] [-c cov] [-p] [-v] file.hip\n",
          argv0);
}

int main(int argc, char **argv) {
  const char *proc = "gfx90a", *outpath = NULL, *cov = "4", *opt = "-O3";
  const char *bcdir = FLYC_BENCH_DEVICE_LIB_DIR, *resdir = FLYC_BENCH_CLANG_RESOURCE_DIR;
  int warm = 1, runs = 7, pin = 0, verbose = 0, libs = LIBS_BUILTIN;
  const char *extra[32];
  int nextra = 0, c;
  while ((c = getopt(argc, argv, "a:w:n:o:L:B:R:X:O:c:pv")) != -1) {
    switch (c) {
      case 'a': proc = optarg; break;
      case 'w': warm = atoi(optarg); break;
      case 'n': runs = atoi(optarg); break;
      case 'o': outpath = optarg; break;
      case 'L':
        if (!strcmp(optarg, "builtin")) libs = LIBS_BUILTIN;
        else if (!strcmp(optarg, "add")) libs = LIBS_ADD;
        else if (!strcmp(optarg, "none")) libs = LIBS_NONE;
        else { usage(argv[0]); return 2; }
        break;
      case 'B': bcdir = optarg; break;
      case 'R': resdir = optarg; break;
      case 'X': if (nextra < 32) extra[nextra++] = optarg; break;
      case 'O': opt = optarg; break;
      case 'c': cov = optarg; break;
      case 'p': pin = 1; break;
      case 'v': verbose = 1; break;
      default: usage(argv[0]); return 2;
    }
  }
  if (optind >= argc || runs < 1 || warm < 0) { usage(argv[0]); return 2; }
  const char *path = argv[optind];
  if (pin && bench_pin_cpu0() != 0) perror("sched_setaffinity");

  char *src = peer_read_file(path, NULL);
  if (!src) return 1;
  char stem[128], src_name[192], isa[128], covopt[64];
  peer_stem(path, stem, sizeof stem);
  snprintf(src_name, sizeof src_name, "%s.hip", stem);
  snprintf(isa, sizeof isa, "amdgcn-amd-amdhsa--%s", proc);
  snprintf(covopt, sizeof covopt, "-mcode-object-version=%s", cov);
  /* oclc_isa_version_<N>: "gfx90a:xnack-" -> "90a" */
  char isaver[32];
  snprintf(isaver, sizeof isaver, "%s", strncmp(proc, "gfx", 3) == 0 ? proc + 3 : proc);
  isaver[strcspn(isaver, ":")] = 0;

  static char optbuf[MAX_OPTS][512];
  size_t nb = 0;
  const char *src_opts[MAX_OPTS], *dl_opts[8], *cg_opts[16], *ln_opts[8];
  size_t ns = 0, ndl = 0, ncg = 0, nln = 0;
  src_opts[ns++] = opt;
  src_opts[ns++] = covopt;
  if (strcmp(resdir, "none") != 0) {
    src_opts[ns++] = "-isystem";
    src_opts[ns++] = resdir;
  }
  if (libs == LIBS_BUILTIN) {
    /* The libraries (and order) clang-15's HIP driver links for this target with default flags. */
    const char *names[] = {"hip", "ocml", "ockl", "oclc_daz_opt_off", "oclc_unsafe_math_off",
                           "oclc_finite_only_off", "oclc_correctly_rounded_sqrt_on",
                           "oclc_wavefrontsize64_on", NULL, "oclc_abi_version_400"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
      if (names[i])
        snprintf(optbuf[nb], 512, "%s/%s.bc", bcdir, names[i]);
      else
        snprintf(optbuf[nb], 512, "%s/oclc_isa_version_%s.bc", bcdir, isaver);
      if (access(optbuf[nb], R_OK) != 0) {
        fprintf(stderr, "missing device library %s (use -B)\n", optbuf[nb]);
        return 1;
      }
      src_opts[ns++] = "-Xclang";
      src_opts[ns++] = "-mlink-builtin-bitcode";
      src_opts[ns++] = "-Xclang";
      src_opts[ns++] = optbuf[nb++];
    }
  }
  for (int i = 0; i < nextra && ns < MAX_OPTS; i++) src_opts[ns++] = extra[i];
  dl_opts[ndl++] = "wavefrontsize64"; /* as hiprtc 5.2 does for gfx9 (wave64) */
  cg_opts[ncg++] = opt;
  cg_opts[ncg++] = covopt;
  if (libs == LIBS_ADD) {
    cg_opts[ncg++] = "-mllvm";
    cg_opts[ncg++] = "-amdgpu-internalize-symbols";
  }
  ln_opts[nln++] = "-Wl,--no-undefined";

  size_t major = 0, minor = 0;
  amd_comgr_get_version(&major, &minor);
  fprintf(stderr, "# comgr %zu.%zu isa=%s file=%s devlibs=%s\n#  source opts:", major, minor, isa,
          path, libs == LIBS_BUILTIN ? "builtin" : libs == LIBS_ADD ? "add" : "none");
  for (size_t i = 0; i < ns; i++) fprintf(stderr, " %s", src_opts[i]);
  if (libs == LIBS_ADD) {
    fprintf(stderr, "\n#  add-device-libraries opts:");
    for (size_t i = 0; i < ndl; i++) fprintf(stderr, " %s", dl_opts[i]);
  }
  fprintf(stderr, "\n#  codegen opts:");
  for (size_t i = 0; i < ncg; i++) fprintf(stderr, " %s", cg_opts[i]);
  fprintf(stderr, "\n#  link opts:");
  for (size_t i = 0; i < nln; i++) fprintf(stderr, " %s", ln_opts[i]);
  fprintf(stderr, "\n");

  job_t j = {src, src_name, isa, libs, src_opts, ns, dl_opts, ndl, cg_opts, ncg, ln_opts, nln};
  char bname[256];
  snprintf(bname, sizeof bname, "comgr_source%s/%s/%s",
           libs == LIBS_BUILTIN ? "" : libs == LIBS_ADD ? "+addlibs" : "+nolibs", stem, proc);
  bench_t b;
  if (bench_init(&b, bname, (size_t)runs) != 0) return 1;
  char *code = NULL;
  size_t size = 0;
  double st[ST_COUNT];
  uint64_t f0 = bench_now_ns();
  for (int i = 0; i < warm; i++)
    if (compile_once(&j, st, &code, &size, verbose && i == 0) != 0) return 1;
  double warm_ms = bench_ms(f0, bench_now_ns());
  for (int i = 0; i < runs; i++) {
    uint64_t t0 = bench_now_ns();
    if (compile_once(&j, st, &code, &size, verbose && warm == 0 && i == 0) != 0) return 1;
    bench_add(&b, bench_ms(t0, bench_now_ns()));
    for (int s = 0; s < ST_COUNT; s++)
      if (s != ST_DEVLIBS || libs == LIBS_ADD) bench_stage_add(&b, stage_names[s], st[s]);
  }
  fprintf(stderr, "# code object: %zu bytes; %d warm-up run(s) took %.3f ms in total\n", size, warm,
          warm_ms);
  if (outpath && peer_write_file(outpath, code, size) != 0) return 1;
  if (verbose) bench_print_samples(stdout, &b);
  bench_print(stdout, &b, bench_peak_rss_kb());
  free(code);
  free(src);
  bench_free(&b);
  return 0;
}
