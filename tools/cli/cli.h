/* The CLI's files share these (tools/cli/). Public API only: flyc.h. */
#ifndef FLYC_CLI_H
#define FLYC_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "flyc.h"

enum { EXIT_FAIL = 1, EXIT_USAGE = 2 };

/* The program name in messages ("flyc"). */
extern const char *prog;

/* Each command's usage text (cmd_*.c). */
void usage_compile(FILE *f);
void usage_inspect(FILE *f);
void usage_disasm(FILE *f);
void usage_run(FILE *f);
void usage_cache(FILE *f);
void usage_targets(FILE *f);

/* The commands: argv after the command's name; the exit code. */
int cmd_compile(int argc, char **argv);
int cmd_inspect(int argc, char **argv);
int cmd_disasm(int argc, char **argv);
int cmd_targets(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_cache(int argc, char **argv);

/* opt.c: prints "error: <fmt with arg>" and where to read the usage;
 * returns EXIT_USAGE. */
int usage_error(void (*usage)(FILE *), const char *fmt, const char *arg);
int is_help(const char *a);
/* Grows a string list; -1 on OOM. */
int push(const char ***list, size_t *n, const char *s);
/* A decimal in [lo, hi]; -1 otherwise. */
int parse_int(const char *s, int lo, int hi, int *out);

/* print.c: prints the last error; returns EXIT_FAIL. */
int fail(void);
void print_table(const flyc_artifact_t *a, FILE *f);
int print_json(const flyc_artifact_t *a);
/* Reads a code object or PTX file; 0 or EXIT_FAIL (printed). */
int read_artifact(const char *path, flyc_artifact_t **out);
/* Writes a file in place or "-"; 0 or -1 (printed). */
int write_output(const char *out, const void *code, size_t size);

#endif
