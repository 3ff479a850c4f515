/* Command-line helpers: usage errors, --help, value parsers. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

int usage_error(void (*usage)(FILE *), const char *fmt, const char *arg) {
  fprintf(stderr, "%s: error: ", prog);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  const char *cmd = usage == usage_compile   ? "compile"
                    : usage == usage_inspect ? "inspect"
                    : usage == usage_disasm  ? "disasm"
                    : usage == usage_run     ? "run"
                    : usage == usage_cache   ? "cache"
                                             : "targets";
  fprintf(stderr, "(see '%s %s --help')\n", prog, cmd);
  return EXIT_USAGE;
}

int is_help(const char *a) {
  return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

/* Grows a string list. */
int push(const char ***list, size_t *n, const char *s) {
  const char **nl = realloc(*list, (*n + 1) * sizeof *nl);
  if (!nl)
    return -1;
  nl[(*n)++] = s;
  *list = nl;
  return 0;
}

int parse_int(const char *s, int lo, int hi, int *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (!*s || *end || v < lo || v > hi)
    return -1;
  *out = (int)v;
  return 0;
}
