/* flyc compile-speed benchmark harness: timing, sample statistics, pinning, peak RSS.
 * Plain C11 + POSIX, no dependencies.
 *
 * Summary line format (one line, space-separated key=value, times in ms):
 *   name=<n> unit=ms n=<count> median=<..> p10=<..> p90=<..> min=<..> max=<..> mad=<..>
 *        [stage.<s>=<median> ...] [rss_kb=<peak RSS>]
 * Percentiles use linear interpolation between closest ranks (R/numpy "type 7").
 * mad is the median absolute deviation from the median (unscaled). */
#ifndef FLYC_BENCH_H
#define FLYC_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BENCH_MAX_STAGES 8
#define BENCH_STAGE_NAME 32

typedef struct bench_stats {
  size_t n;
  double median, p10, p90, min, max, mad, mean;
} bench_stats_t;

typedef struct bench {
  char name[128];
  size_t cap;     /* max samples per series */
  size_t n;       /* samples recorded in the total series */
  double *total;  /* ms */
  int nstages;
  char stage_name[BENCH_MAX_STAGES][BENCH_STAGE_NAME];
  size_t stage_n[BENCH_MAX_STAGES];
  double *stage[BENCH_MAX_STAGES];
} bench_t;

/* Monotonic clock (CLOCK_MONOTONIC) in nanoseconds. */
uint64_t bench_now_ns(void);
/* (t1 - t0) in milliseconds. */
double bench_ms(uint64_t t0_ns, uint64_t t1_ns);

/* Sample buffer of `cap` samples. Returns 0 on success, -1 on allocation failure. */
int bench_init(bench_t *b, const char *name, size_t cap);
void bench_free(bench_t *b);
/* Record one total sample in ms (dropped, returning -1, when the buffer is full). */
int bench_add(bench_t *b, double ms);
/* Record one sample of a named stage (created on first use, up to BENCH_MAX_STAGES). */
int bench_stage_add(bench_t *b, const char *stage, double ms);

/* Statistics of an array (not modified). n == 0 gives all zeros. */
void bench_stats(const double *v, size_t n, bench_stats_t *out);

/* Print the one-line summary with the stage medians; rss_kb >= 0 appends " rss_kb=<rss_kb>"
 * (pass bench_peak_rss_kb() or bench_peak_rss_children_kb(), or -1 to leave it out). */
void bench_print(FILE *f, const bench_t *b, long rss_kb);
/* Print every raw sample, one "# <name> run=<i> total=<ms> <stage>=<ms>..." line per run. */
void bench_print_samples(FILE *f, const bench_t *b);

/* Pin the calling process to CPU 0 (sched_setaffinity). 0 on success, -1 (errno set) otherwise. */
int bench_pin_cpu0(void);
/* Peak resident set size of this process in KiB (getrusage ru_maxrss), -1 on error. */
long bench_peak_rss_kb(void);
/* Peak RSS of waited-for children in KiB (RUSAGE_CHILDREN), -1 on error. */
long bench_peak_rss_children_kb(void);

#ifdef __cplusplus
}
#endif
#endif
