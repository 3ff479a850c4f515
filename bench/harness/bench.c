/* flyc compile-speed benchmark harness. See bench.h. */
#define _GNU_SOURCE
#include "bench.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

uint64_t bench_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

double bench_ms(uint64_t t0_ns, uint64_t t1_ns) { return (double)(t1_ns - t0_ns) / 1e6; }

int bench_init(bench_t *b, const char *name, size_t cap) {
  memset(b, 0, sizeof *b);
  snprintf(b->name, sizeof b->name, "%s", name ? name : "bench");
  b->cap = cap ? cap : 1;
  b->total = calloc(b->cap, sizeof(double));
  return b->total ? 0 : -1;
}

void bench_free(bench_t *b) {
  free(b->total);
  for (int i = 0; i < b->nstages; i++) free(b->stage[i]);
  memset(b, 0, sizeof *b);
}

int bench_add(bench_t *b, double ms) {
  if (b->n >= b->cap) return -1;
  b->total[b->n++] = ms;
  return 0;
}

int bench_stage_add(bench_t *b, const char *stage, double ms) {
  int i;
  for (i = 0; i < b->nstages; i++)
    if (strcmp(b->stage_name[i], stage) == 0) break;
  if (i == b->nstages) {
    if (b->nstages >= BENCH_MAX_STAGES) return -1;
    b->stage[i] = calloc(b->cap, sizeof(double));
    if (!b->stage[i]) return -1;
    snprintf(b->stage_name[i], BENCH_STAGE_NAME, "%s", stage);
    b->nstages++;
  }
  if (b->stage_n[i] >= b->cap) return -1;
  b->stage[i][b->stage_n[i]++] = ms;
  return 0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Linear interpolation on a sorted array, q in [0,1]. */
static double quantile_sorted(const double *s, size_t n, double q) {
  if (n == 0) return 0.0;
  double pos = q * (double)(n - 1);
  size_t lo = (size_t)floor(pos);
  size_t hi = lo + 1 < n ? lo + 1 : lo;
  double frac = pos - (double)lo;
  return s[lo] + (s[hi] - s[lo]) * frac;
}

void bench_stats(const double *v, size_t n, bench_stats_t *out) {
  memset(out, 0, sizeof *out);
  out->n = n;
  if (n == 0) return;
  double *s = malloc(n * sizeof(double));
  if (!s) return;
  memcpy(s, v, n * sizeof(double));
  qsort(s, n, sizeof(double), cmp_double);
  double sum = 0;
  for (size_t i = 0; i < n; i++) sum += s[i];
  out->mean = sum / (double)n;
  out->min = s[0];
  out->max = s[n - 1];
  out->median = quantile_sorted(s, n, 0.5);
  out->p10 = quantile_sorted(s, n, 0.1);
  out->p90 = quantile_sorted(s, n, 0.9);
  for (size_t i = 0; i < n; i++) s[i] = fabs(s[i] - out->median);
  qsort(s, n, sizeof(double), cmp_double);
  out->mad = quantile_sorted(s, n, 0.5);
  free(s);
}

void bench_print(FILE *f, const bench_t *b, long rss_kb) {
  bench_stats_t st;
  bench_stats(b->total, b->n, &st);
  fprintf(f, "name=%s unit=ms n=%zu median=%.3f p10=%.3f p90=%.3f min=%.3f max=%.3f mad=%.3f",
          b->name, st.n, st.median, st.p10, st.p90, st.min, st.max, st.mad);
  for (int i = 0; i < b->nstages; i++) {
    bench_stats_t ss;
    bench_stats(b->stage[i], b->stage_n[i], &ss);
    fprintf(f, " stage.%s=%.3f", b->stage_name[i], ss.median);
  }
  if (rss_kb >= 0) fprintf(f, " rss_kb=%ld", rss_kb);
  fputc('\n', f);
  fflush(f);
}

void bench_print_samples(FILE *f, const bench_t *b) {
  for (size_t r = 0; r < b->n; r++) {
    fprintf(f, "# %s run=%zu total=%.3f", b->name, r, b->total[r]);
    for (int i = 0; i < b->nstages; i++)
      if (r < b->stage_n[i]) fprintf(f, " %s=%.3f", b->stage_name[i], b->stage[i][r]);
    fputc('\n', f);
  }
  fflush(f);
}

int bench_pin_cpu0(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(0, &set);
  return sched_setaffinity(0, sizeof set, &set);
}

long bench_peak_rss_kb(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0) return -1;
  return ru.ru_maxrss; /* KiB on Linux */
}

long bench_peak_rss_children_kb(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_CHILDREN, &ru) != 0) return -1;
  return ru.ru_maxrss;
}
