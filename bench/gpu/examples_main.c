/* One program for the H200 run of the builder's examples
 * (bench/gpu/examples_prep.sh builds it): each example's main, compiled
 * with -Dmain=<name>_main, linked once against a static flyc, so that the
 * run carries one copy of LLVM instead of one per example (the device run
 * carries at most 64 MiB).
 *   gpu_examples NAME ARGS...     runs example NAME's main with ARGS */
#include <stdio.h>
#include <string.h>

int softmax_main(int, char **);
int vadd4_main(int, char **);
int gemm_main(int, char **);
int attention_main(int, char **);
int histogram_main(int, char **);
int sgemm_main(int, char **);
int reduce_main(int, char **); /* bench/gpu/builder_examples_run.c */
int tma_main(int, char **);
int assert_main(int, char **); /* bench/gpu/assert_run.c */

static const struct {
  const char *name;
  int (*main)(int, char **);
} examples[] = {
    {"softmax", softmax_main},     {"vadd4", vadd4_main},         {"gemm", gemm_main},
    {"attention", attention_main}, {"histogram", histogram_main}, {"sgemm", sgemm_main},
    {"reduce", reduce_main},       {"tma", tma_main},             {"assert", assert_main},
};

int main(int argc, char **argv) {
  for (size_t i = 0; argc > 1 && i < sizeof examples / sizeof examples[0]; i++)
    if (strcmp(argv[1], examples[i].name) == 0)
      return examples[i].main(argc - 1, argv + 1);
  fprintf(stderr,
          "usage: %s NAME ARGS... (NAME: softmax, vadd4, gemm, attention, histogram, "
          "sgemm, reduce, tma, assert)\n",
          argv[0]);
  return 2;
}
