/* flyc side of the compile-speed benchmark: compiles one .ll kernel (plus link
 * libraries) through the C API, W warm-ups then N timed runs, and prints the
 * harness summary line with the median of every stage.
 *
 * usage: bench_flyc [-p] [-v] [-w W] [-n N] -a TARGET [-c auto|comgr|comgr-link|lld|lld-lib]
 *                   [-l LIB]... [-N name] [-t threads] IN.ll
 *   -p  pin to CPU 0       -t  run T threads, each compiling N times (throughput)
 *   -i  FLYC_COMPILE_ISOLATED (the compile runs in a forked child)
 *   -H  use the compile caches (flyc/cache.h; off otherwise): the first compile
 *       of the process is reported as "first" (a disk hit when the entry is
 *       there), the timed runs are in-memory hits
 *   The first compile of the process is reported separately as "cold".
 *   IN `builder:vadd`, `builder:reduce`, `builder:shmem_math` build the
 *   examples (examples/vadd_kernel.h; reduce_kernel.h with BLOCK 256;
 *   shmem_math_kernel.h, its stand-in library given as the first -l, which
 *   then goes through link_extern rather than the options) through the kernel
 *   builder (context, emit, compile) instead of reading a file; the "build"
 *   stage is the context and the emit. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "flyc.h"
#include "reduce_kernel.h"
#include "shmem_math_kernel.h"
#include "vadd_kernel.h"

static flyc_compile_options_t opts = FLYC_COMPILE_OPTIONS_INIT;
static const char *input;
static int runs = 7, warm = 1;

static double build_us; /* the builder's context + emit, last compile */
static const char *shmem_lib; /* builder:shmem_math's library */

static int no_op(const flyc_loaded_module_t *m, void *p) {
  (void)m, (void)p;
  return 0;
}

/* An example through the kernel builder. */
static int build_and_compile(flyc_artifact_t **a) {
  uint64_t t0 = bench_now_ns();
  flyc_ctx_t *ctx;
  int rc = flyc_ctx_create(&ctx, opts.target);
  if (rc < 0)
    return rc;
  if (strcmp(input, "builder:reduce") == 0) {
    rc = reduce_emit(ctx, 256, NULL);
  } else if (strcmp(input, "builder:shmem_math") == 0) {
    rc = shmem_math_emit(ctx, shmem_lib, NULL);
  } else {
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = "vadd";
    d.params = vadd_params;
    d.param_count = 4;
    d.body = vadd_body;
    rc = flyc_kernel_emit(ctx, &d, NULL);
  }
  build_us = bench_ms(t0, bench_now_ns()) * 1e3;
  if (rc == 0)
    rc = flyc_ctx_compile(ctx, &opts, a);
  flyc_ctx_destroy(ctx);
  return rc;
}

static double compile_once(flyc_compile_times_t *t) {
  flyc_artifact_t *a = NULL;
  uint64_t t0 = bench_now_ns();
  if ((strncmp(input, "builder:", 8) == 0 ? build_and_compile(&a)
                                          : flyc_compile_file(&a, input, &opts)) < 0) {
    fprintf(stderr, "bench_flyc: %s: %s\n", flyc_status_name(flyc_error_last()->code),
            flyc_error_last()->message);
    exit(1);
  }
  double ms = bench_ms(t0, bench_now_ns());
  if (t)
    flyc_artifact_compile_times(a, t);
  flyc_artifact_destroy(a);
  return ms;
}

static void *thread_main(void *p) {
  (void)p;
  for (int i = 0; i < runs; i++)
    compile_once(NULL);
  return NULL;
}

int main(int argc, char **argv) {
  const char *libs[16];
  size_t nlibs = 0;
  int pin = 0, verbose = 0, threads = 0, cached = 0, opt;
  const char *name = NULL;
  while ((opt = getopt(argc, argv, "pviHw:n:a:c:l:N:t:")) != -1) {
    switch (opt) {
    case 'p': pin = 1; break;
    case 'v': verbose = 1; break;
    case 'i': opts.flags |= FLYC_COMPILE_ISOLATED; break;
    case 'H': cached = 1; break;
    case 'w': warm = atoi(optarg); break;
    case 'n': runs = atoi(optarg); break;
    case 'a': opts.target = optarg; break;
    case 'c':
      for (opts.codegen = 0; opts.codegen <= FLYC_CODEGEN_LLD_LIB; opts.codegen++)
        if (strcmp(optarg, flyc_codegen_name(opts.codegen)) == 0)
          break;
      if (opts.codegen > FLYC_CODEGEN_LLD_LIB) {
        fprintf(stderr, "bench_flyc: unknown codegen path %s\n", optarg);
        return 2;
      }
      break;
    case 'l':
      if (nlibs < 16)
        libs[nlibs++] = optarg;
      break;
    case 'N': name = optarg; break;
    case 't': threads = atoi(optarg); break;
    default:
      fprintf(stderr, "usage: bench_flyc [-p] [-v] [-w W] [-n N] -a TARGET [-c PATH] "
                      "[-l LIB]... [-N name] [-t threads] IN.ll\n");
      return 2;
    }
  }
  if (optind >= argc || !opts.target) {
    fprintf(stderr, "bench_flyc: need a target (-a) and an input\n");
    return 2;
  }
  input = argv[optind];
  if (!cached)
    opts.flags |= FLYC_COMPILE_NO_CACHE; /* measure compiles, not lookups */
  opts.link_libraries = libs;
  opts.link_library_count = nlibs;
  if (strcmp(input, "builder:shmem_math") == 0) {
    if (!nlibs || flyc_processor_register(SHMEM_MATH_PROCESSOR, no_op, NULL)) {
      fprintf(stderr, "bench_flyc: builder:shmem_math needs the stand-in library as -l\n");
      return 2;
    }
    shmem_lib = libs[0]; /* through link_extern, not the options */
    opts.link_library_count = 0;
  }
  if (pin && bench_pin_cpu0() != 0)
    perror("bench_flyc: sched_setaffinity");
  char label[256];
  snprintf(label, sizeof label, "flyc/%s/%s/%s%s%s", name ? name : input, opts.target,
           flyc_codegen_name(opts.codegen),
           (opts.flags & FLYC_COMPILE_ISOLATED) ? "+isolated" : "", cached ? "+cache" : "");

  flyc_compile_times_t t;
  double cold = compile_once(&t);
  printf("name=%s/%s unit=ms n=1 median=%.3f\n", label, cached ? "first" : "cold", cold);
  for (int i = 1; i < warm; i++)
    compile_once(NULL);

  if (threads > 0) {
    /* Throughput: T threads each compile `runs` times; compiles per second. */
    pthread_t th[64];
    if (threads > 64)
      threads = 64;
    uint64_t t0 = bench_now_ns();
    for (int i = 0; i < threads; i++)
      pthread_create(&th[i], NULL, thread_main, NULL);
    for (int i = 0; i < threads; i++)
      pthread_join(th[i], NULL);
    double ms = bench_ms(t0, bench_now_ns());
    printf("name=%s/throughput threads=%d compiles=%d wall_ms=%.1f per_s=%.1f\n", label,
           threads, threads * runs, ms, threads * runs / (ms / 1e3));
    return 0;
  }

  bench_t b;
  if (bench_init(&b, label, (size_t)runs) != 0)
    return 1;
  for (int i = 0; i < runs; i++) {
    double ms = compile_once(&t);
    bench_add(&b, ms);
    if (strncmp(input, "builder:", 8) == 0)
      bench_stage_add(&b, "build", build_us / 1e3);
    bench_stage_add(&b, "parse", t.parse_us / 1e3);
    bench_stage_add(&b, "link", t.link_us / 1e3);
    bench_stage_add(&b, "devlibs", t.devlib_us / 1e3);
    bench_stage_add(&b, "internalize", t.internalize_us / 1e3);
    bench_stage_add(&b, "optimize", t.optimize_us / 1e3);
    bench_stage_add(&b, "codegen", t.codegen_us / 1e3);
    bench_stage_add(&b, "exelink", t.exe_link_us / 1e3);
    bench_stage_add(&b, "check", t.check_us / 1e3);
  }
  bench_print(stdout, &b, bench_peak_rss_kb());
  if (verbose)
    bench_print_samples(stdout, &b);
  bench_free(&b);
  return 0;
}
