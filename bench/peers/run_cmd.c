/* bench_run_cmd: fork/exec a command W times (warm-up) then N times (timed, wall clock from
 * fork to waitpid) and print the harness summary line, so out-of-process peers (clang, hipcc)
 * report in the same format as the in-process ones.
 *
 * usage: bench_run_cmd [-w W] [-n N] [-N name] [-p] [-q] [-v] -- command [args...]
 *   -p  pin to CPU 0 before forking (children inherit the affinity)
 *   -q  send the command's stdout/stderr to /dev/null
 *   -v  also print every sample
 * rss_kb in the summary is the peak RSS of the largest child (RUSAGE_CHILDREN). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

static int run_once(char **cmd, int quiet) {
  pid_t pid = fork();
  if (pid < 0) { perror("fork"); return -1; }
  if (pid == 0) {
    if (quiet) {
      int fd = open("/dev/null", O_WRONLY);
      if (fd >= 0) { dup2(fd, 1); dup2(fd, 2); close(fd); }
    }
    execvp(cmd[0], cmd);
    fprintf(stderr, "execvp %s: %s\n", cmd[0], strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) { perror("waitpid"); return -1; }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return 0;
  if (WIFEXITED(status))
    fprintf(stderr, "command failed with exit status %d:", WEXITSTATUS(status));
  else
    fprintf(stderr, "command killed by signal %d:", WTERMSIG(status));
  for (char **a = cmd; *a; a++) fprintf(stderr, " %s", *a);
  fputc('\n', stderr);
  return -1;
}

int main(int argc, char **argv) {
  int warm = 1, runs = 7, pin = 0, quiet = 0, verbose = 0, c;
  const char *name = NULL;
  while ((c = getopt(argc, argv, "+w:n:N:pqv")) != -1) {
    switch (c) {
      case 'w': warm = atoi(optarg); break;
      case 'n': runs = atoi(optarg); break;
      case 'N': name = optarg; break;
      case 'p': pin = 1; break;
      case 'q': quiet = 1; break;
      case 'v': verbose = 1; break;
      default: goto usage;
    }
  }
  if (optind < argc && strcmp(argv[optind], "--") == 0) optind++;
  if (optind >= argc || runs < 1 || warm < 0) goto usage;
  char **cmd = argv + optind;
  if (pin && bench_pin_cpu0() != 0) perror("sched_setaffinity");
  bench_t b;
  if (bench_init(&b, name ? name : cmd[0], (size_t)runs) != 0) return 1;
  for (int i = 0; i < warm; i++)
    if (run_once(cmd, quiet) != 0) return 1;
  for (int i = 0; i < runs; i++) {
    uint64_t t0 = bench_now_ns();
    if (run_once(cmd, quiet) != 0) return 1;
    bench_add(&b, bench_ms(t0, bench_now_ns()));
  }
  if (verbose) bench_print_samples(stdout, &b);
  bench_print(stdout, &b, bench_peak_rss_children_kb());
  bench_free(&b);
  return 0;
usage:
  fprintf(stderr, "usage: %s [-w W] [-n N] [-N name] [-p] [-q] [-v] -- command [args...]\n", argv[0]);
  return 2;
}
