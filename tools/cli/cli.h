/* The CLI's files share these (tools/cli/). Public API only: flyc.h. */
#ifndef FLYC_CLI_H
#define FLYC_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "flyc.h"

enum { EXIT_FAIL = 1, EXIT_USAGE = 2 };

/* The program name in messages ("flyc"). */
extern const char *prog;

/* ---- opt.c: the declarative option table ----
 *
 * Each command describes its options once, in a table of cli_opt_t: the
 * name (and an alias), whether it takes a value, its help line, and where
 * the value goes (an offset into the command's settings struct). One
 * parser (opt_parse) reads argv against the table, and one printer
 * (opt_usage) makes the --help text from it. */

/* What an option does with its value. */
typedef enum cli_opt_kind {
  OPT_POS,   /* a positional argument: const char * at `off` (in table order) */
  OPT_STR,   /* --x V: const char * at `off` (the last one given wins) */
  OPT_LIST,  /* --x V, repeatable: appended to the cli_list_t at `off` */
  OPT_BITS,  /* --x: uint32_t at `off` |= `bits` */
  OPT_INT,   /* --x: int at `off` = `bits` */
  OPT_CALL,  /* --x V: parse(settings, V); nonzero is the `bad` message */
} cli_opt_kind_t;

typedef struct cli_list {
  const char **v;
  size_t n;
} cli_list_t;

typedef struct cli_opt {
  cli_opt_kind_t kind;
  /* "--arch", "-o", or a positional's label ("IN"). */
  const char *name;
  /* The value's name in the help ("T"), NULL for an option without one;
   * OPT_STR, OPT_LIST and OPT_CALL take a value, the others none. */
  const char *metavar;
  /* The help text (lines joined with '\n'), or NULL when the command's
   * synopsis says it all (not listed). */
  const char *help;
  size_t off;
  uint32_t bits;
  int (*parse)(void *settings, const char *value);
  /* OPT_CALL's usage error when parse fails: a format whose one %s is the
   * value, or the option's name when `bad_names_option`. */
  const char *bad;
  int bad_names_option;
  /* OPT_POS: the values it accepts, '|'-separated, or NULL for any. */
  const char *choices;
  /* 1: the value may also be joined to the name ("-O2" for "-O 2"). */
  int joined;
} cli_opt_t;

typedef struct cli_cmd {
  const char *name; /* "compile" */
  /* Printed first by --help: the synopsis and what the command does. */
  const char *usage;
  /* The width of the option column in the listing (after two spaces). */
  int col;
  /* Printed after the option listing, or NULL. */
  const char *epilogue;
  /* The usage error for an unknown option and for a positional argument
   * that has no slot left (or is not among its choices); one %s: it. */
  const char *unknown;
  const char *extra;
  const cli_opt_t *opts;
  size_t nopts;
} cli_cmd_t;

/* Table rows, by kind (`at` is offsetof into the settings struct). */
#define CLI_POS(name_, help_, at) {.kind = OPT_POS, .name = (name_), .help = (help_), .off = (at)}
#define CLI_STR(name_, var, help_, at)                                                    \
  {.kind = OPT_STR, .name = (name_), .metavar = (var), .help = (help_), .off = (at)}
#define CLI_LIST(name_, var, help_, at)                                                   \
  {.kind = OPT_LIST, .name = (name_), .metavar = (var), .help = (help_), .off = (at)}
#define CLI_BITS(name_, bits_, help_, at)                                                 \
  {.kind = OPT_BITS, .name = (name_), .help = (help_), .off = (at), .bits = (bits_)}
#define CLI_SET(name_, help_, at) {.kind = OPT_INT, .name = (name_), .help = (help_), .off = (at), .bits = 1}
#define CLI_CALL(name_, var, help_, fn, bad_)                                             \
  {.kind = OPT_CALL, .name = (name_), .metavar = (var), .help = (help_), .parse = (fn),     \
   .bad = (bad_)}

/* Parses argv against the command's table into `settings`. Returns -1 to go
 * on with the command, or the exit code to return now: 0 after --help (the
 * usage printed), EXIT_USAGE after a usage error (printed), EXIT_FAIL when
 * out of memory (printed). */
int opt_parse(const cli_cmd_t *cmd, int argc, char **argv, void *settings);
/* The --help text, from the table. */
void opt_usage(const cli_cmd_t *cmd, FILE *f);
/* Prints "error: <fmt>" and where to read the usage; returns EXIT_USAGE. */
int usage_error(const cli_cmd_t *cmd, const char *fmt, const char *arg);
int is_help(const char *a);
/* A decimal in [lo, hi]; -1 otherwise. */
int parse_int(const char *s, int lo, int hi, int *out);

/* The commands: argv after the command's name; the exit code. */
int cmd_compile(int argc, char **argv);
int cmd_inspect(int argc, char **argv);
int cmd_disasm(int argc, char **argv);
int cmd_targets(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_cache(int argc, char **argv);

/* print.c: prints the last error; returns EXIT_FAIL. */
int fail(void);
void print_table(const flyc_artifact_t *a, FILE *f);
int print_json(const flyc_artifact_t *a);
/* Reads a code object or PTX file; 0 or EXIT_FAIL (printed). */
int read_artifact(const char *path, flyc_artifact_t **out);
/* Writes a file in place or "-"; 0 or -1 (printed). */
int write_output(const char *out, const void *code, size_t size);

#endif
