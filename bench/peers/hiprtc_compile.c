/* bench_hiprtc: compile a HIP source file in-process with hiprtc (HIP 5.2.3), W warm-ups then N
 * timed runs, each a full create -> compile -> get code -> destroy. Prints the harness summary.
 *
 * usage: bench_hiprtc [-a gfx90a] [-A] [-w W] [-n N] [-o out.co] [-p] [-v] [-O opt]... file.hip
 *   -a  architecture, passed as --gpu-architecture=<arch> (the spelling HIP 5.2.3 documents);
 *       -a none passes no architecture option (hiprtc then asks the HIP runtime for the device)
 *   -A  spell it --offload-arch=<arch> instead (HIP 5.2.3 accepts both)
 *   -O  extra hiprtc option (repeatable), e.g. -O -O3
 *   -o  write the last code object there
 *   -p  pin to CPU 0
 *   -v  print per-run samples and the compile log of the first run */
#define _GNU_SOURCE
#include <hip/hiprtc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "common.h"

#define MAX_OPTS 32

static void print_log(hiprtcProgram prog) {
  size_t n = 0;
  if (hiprtcGetProgramLogSize(prog, &n) != HIPRTC_SUCCESS || n == 0) {
    fprintf(stderr, "(no hiprtc log)\n");
    return;
  }
  char *log = malloc(n + 1);
  if (!log) return;
  if (hiprtcGetProgramLog(prog, log) == HIPRTC_SUCCESS) {
    log[n] = 0;
    fprintf(stderr, "---- hiprtc log ----\n%s\n--------------------\n", log);
  }
  free(log);
}

#define CHECK(call, prog)                                                                  \
  do {                                                                                     \
    hiprtcResult r_ = (call);                                                              \
    if (r_ != HIPRTC_SUCCESS) {                                                            \
      fprintf(stderr, "%s failed: %s (%d)\n", #call, hiprtcGetErrorString(r_), (int)r_); \
      if (prog) print_log(prog);                                                           \
      return -1;                                                                           \
    }                                                                                      \
  } while (0)

/* One full compile; fills stage timings (ms) and the code object. */
static int compile_once(const char *src, const char *name, int nopt, const char **opts,
                        double st[4], char **code_out, size_t *size_out, int want_log) {
  hiprtcProgram prog = NULL;
  uint64_t t0 = bench_now_ns();
  CHECK(hiprtcCreateProgram(&prog, src, name, 0, NULL, NULL), prog);
  uint64_t t1 = bench_now_ns();
  hiprtcResult r = hiprtcCompileProgram(prog, nopt, opts);
  uint64_t t2 = bench_now_ns();
  if (r != HIPRTC_SUCCESS) {
    fprintf(stderr, "hiprtcCompileProgram failed: %s (%d)\n", hiprtcGetErrorString(r), (int)r);
    print_log(prog);
    hiprtcDestroyProgram(&prog);
    return -1;
  }
  if (want_log) print_log(prog);
  size_t size = 0;
  CHECK(hiprtcGetCodeSize(prog, &size), prog);
  char *code = malloc(size ? size : 1);
  if (!code) return -1;
  CHECK(hiprtcGetCode(prog, code), prog);
  uint64_t t3 = bench_now_ns();
  CHECK(hiprtcDestroyProgram(&prog), NULL);
  uint64_t t4 = bench_now_ns();
  st[0] = bench_ms(t0, t1);
  st[1] = bench_ms(t1, t2);
  st[2] = bench_ms(t2, t3);
  st[3] = bench_ms(t3, t4);
  free(*code_out);
  *code_out = code;
  *size_out = size;
  return 0;
}

int main(int argc, char **argv) {
  const char *arch = "gfx90a", *out = NULL;
  int warm = 1, runs = 7, pin = 0, verbose = 0, nextra = 0, offload_spelling = 0;
  const char *extra[MAX_OPTS];
  int c;
  while ((c = getopt(argc, argv, "a:Aw:n:o:O:pv")) != -1) {
    switch (c) {
      case 'a': arch = optarg; break;
      case 'A': offload_spelling = 1; break;
      case 'w': warm = atoi(optarg); break;
      case 'n': runs = atoi(optarg); break;
      case 'o': out = optarg; break;
      case 'O': if (nextra < MAX_OPTS - 2) extra[nextra++] = optarg; break;
      case 'p': pin = 1; break;
      case 'v': verbose = 1; break;
      default:
        fprintf(stderr, "usage: %s [-a arch|none] [-A] [-w W] [-n N] [-o out.co] [-O opt]... [-p] [-v] file.hip\n", argv[0]);
        return 2;
    }
  }
  if (optind >= argc || runs < 1 || warm < 0) {
    fprintf(stderr, "usage: %s [-a arch|none] [-A] [-w W] [-n N] [-o out.co] [-O opt]... [-p] [-v] file.hip\n", argv[0]);
    return 2;
  }
  const char *path = argv[optind];
  if (pin && bench_pin_cpu0() != 0) perror("sched_setaffinity");

  char *src = peer_read_file(path, NULL);
  if (!src) return 1;
  char stem[128], name[192], archopt[96];
  peer_stem(path, stem, sizeof stem);
  snprintf(name, sizeof name, "%s.hip", stem);
  snprintf(archopt, sizeof archopt, "%s=%s",
           offload_spelling ? "--offload-arch" : "--gpu-architecture", arch);
  const char *opts[MAX_OPTS];
  int nopt = 0;
  if (strcmp(arch, "none") != 0) opts[nopt++] = archopt;
  for (int i = 0; i < nextra; i++) opts[nopt++] = extra[i];

  int major = 0, minor = 0;
  hiprtcVersion(&major, &minor);
  fprintf(stderr, "# hiprtc %d.%d file=%s opts:", major, minor, path);
  for (int i = 0; i < nopt; i++) fprintf(stderr, " %s", opts[i]);
  fprintf(stderr, "\n");

  char bname[256];
  snprintf(bname, sizeof bname, "hiprtc/%s/%s", stem, arch);
  bench_t b;
  if (bench_init(&b, bname, (size_t)runs) != 0) return 1;
  char *code = NULL;
  size_t size = 0;
  double st[4];
  /* The first compile also initialises the runtime (comgr load etc.): time it separately. */
  uint64_t f0 = bench_now_ns();
  for (int i = 0; i < warm; i++)
    if (compile_once(src, name, nopt, opts, st, &code, &size, verbose && i == 0) != 0) return 1;
  double warm_ms = bench_ms(f0, bench_now_ns());
  for (int i = 0; i < runs; i++) {
    uint64_t t0 = bench_now_ns();
    if (compile_once(src, name, nopt, opts, st, &code, &size, verbose && warm == 0 && i == 0) != 0)
      return 1;
    bench_add(&b, bench_ms(t0, bench_now_ns()));
    bench_stage_add(&b, "create", st[0]);
    bench_stage_add(&b, "compile", st[1]);
    bench_stage_add(&b, "getcode", st[2]);
    bench_stage_add(&b, "destroy", st[3]);
  }
  fprintf(stderr, "# code object: %zu bytes; %d warm-up run(s) took %.3f ms in total\n", size, warm,
          warm_ms);
  if (out && peer_write_file(out, code, size) != 0) return 1;
  if (verbose) bench_print_samples(stdout, &b);
  bench_print(stdout, &b, bench_peak_rss_kb());
  free(code);
  free(src);
  bench_free(&b);
  return 0;
}
