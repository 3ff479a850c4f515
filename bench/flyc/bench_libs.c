/* Link-library compile speed, one process: compiles kernel files in turn
 * (each with the same link libraries) and prints, for each, the wall time of
 * flyc_compile_file, its link stage, and how it was served; then the peak
 * RSS. The side-by-side scenarios (empty caches, a warm library cache in a
 * fresh process, a second kernel in the same process) are runs of this
 * program under bench/run_libs.sh.
 *
 *   bench_libs -a TARGET [-c COV] [-t] -l LIB [-l LIB]... KERNEL.ll [KERNEL.ll]...
 *
 * -t: FLYC_COMPILE_TRUSTED_BITCODE (the libraries read in process, without
 * the child's check of untrusted bitcode): what that check costs.
 *
 * One line per kernel: `kernel=<i> file=<path> total_ms=.. link_ms=..
 * origin=<compiled|memory|disk>`, then `rss_kb=..`. Exit 1 if a compile
 * failed (its error on stderr). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <flyc.h>

#include "bench.h"

int main(int argc, char **argv) {
  const char *libs[16];
  size_t nlibs = 0;
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  int opt;
  while ((opt = getopt(argc, argv, "a:c:l:t")) != -1) {
    if (opt == 'a')
      o.target = optarg;
    else if (opt == 'c')
      o.code_object_version = (unsigned)atoi(optarg);
    else if (opt == 't')
      o.flags |= FLYC_COMPILE_TRUSTED_BITCODE;
    else if (opt == 'l' && nlibs < 16)
      libs[nlibs++] = optarg;
    else {
      fprintf(stderr, "usage: bench_libs -a TARGET [-c COV] [-t] -l LIB... KERNEL.ll...\n");
      return 2;
    }
  }
  if (!o.target || optind >= argc) {
    fprintf(stderr, "usage: bench_libs -a TARGET [-c COV] [-t] -l LIB... KERNEL.ll...\n");
    return 2;
  }
  o.link_libraries = libs;
  o.link_library_count = nlibs;
  for (int i = optind; i < argc; i++) {
    flyc_artifact_t *a = NULL;
    uint64_t t0 = bench_now_ns();
    int rc = flyc_compile_file(&a, argv[i], &o);
    uint64_t t1 = bench_now_ns();
    if (rc) {
      fprintf(stderr, "bench_libs: %s: %s: %s\n", argv[i], flyc_status_name(rc),
              flyc_error_last()->message);
      return 1;
    }
    flyc_compile_times_t t;
    flyc_artifact_compile_times(a, &t);
    flyc_artifact_origin_t org = flyc_artifact_origin(a);
    printf("kernel=%d file=%s total_ms=%.2f link_ms=%.2f origin=%s\n", i - optind, argv[i],
           bench_ms(t0, t1), (double)t.link_us / 1e3,
           org == FLYC_ARTIFACT_COMPILED       ? "compiled"
           : org == FLYC_ARTIFACT_MEMORY_CACHE ? "memory"
                                               : "disk");
    flyc_artifact_destroy(a);
  }
  printf("rss_kb=%ld\n", bench_peak_rss_kb());
  return 0;
}
