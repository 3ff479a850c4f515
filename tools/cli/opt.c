/* The declarative option table (cli.h): one parser and one help printer for
 * every command. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int usage_error(const cli_cmd_t *cmd, const char *fmt, const char *arg) {
  fprintf(stderr, "%s: error: ", prog);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  fprintf(stderr, "(see '%s %s --help')\n", prog, cmd->name);
  return EXIT_USAGE;
}

int is_help(const char *a) {
  return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

int parse_int(const char *s, int lo, int hi, int *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (!*s || *end || v < lo || v > hi)
    return -1;
  *out = (int)v;
  return 0;
}

static int takes_value(const cli_opt_t *o) {
  return o->kind == OPT_STR || o->kind == OPT_LIST || o->kind == OPT_CALL;
}

/* The option `a` names, or NULL; *joined points at a value joined to it. */
static const cli_opt_t *find(const cli_cmd_t *cmd, const char *a, const char **joined) {
  *joined = NULL;
  for (size_t i = 0; i < cmd->nopts; i++) {
    const cli_opt_t *o = &cmd->opts[i];
    size_t n = strlen(o->name);
    if (o->kind == OPT_POS)
      continue;
    if (strcmp(a, o->name) == 0)
      return o;
    if (o->joined && strncmp(a, o->name, n) == 0 && a[n]) {
      *joined = a + n;
      return o;
    }
  }
  return NULL;
}

static int one_of(const char *choices, const char *v) {
  size_t n = strlen(v);
  for (const char *p = choices; *p;) {
    size_t l = strcspn(p, "|");
    if (l == n && strncmp(p, v, n) == 0)
      return 1;
    p += l + (p[l] == '|');
  }
  return 0;
}

/* The next positional slot `a` may fill, or NULL. */
static const cli_opt_t *positional(const cli_cmd_t *cmd, const char *a, size_t *npos) {
  size_t seen = 0;
  for (size_t i = 0; i < cmd->nopts; i++) {
    const cli_opt_t *o = &cmd->opts[i];
    if (o->kind != OPT_POS || seen++ < *npos)
      continue;
    if (o->choices && !one_of(o->choices, a))
      return NULL;
    (*npos)++;
    return o;
  }
  return NULL;
}

/* Applies one option; -1 to go on, else an exit code. */
static int apply(const cli_cmd_t *cmd, const cli_opt_t *o, const char *v, void *settings) {
  char *at = (char *)settings + o->off;
  switch (o->kind) {
  case OPT_POS:
  case OPT_STR:
    *(const char **)at = v;
    break;
  case OPT_LIST: {
    cli_list_t *l = (cli_list_t *)at;
    const char **nl = realloc(l->v, (l->n + 1) * sizeof *nl);
    if (!nl) {
      fprintf(stderr, "%s: error: out of memory\n", prog);
      return EXIT_FAIL;
    }
    nl[l->n++] = v;
    l->v = nl;
    break;
  }
  case OPT_BITS:
    *(uint32_t *)at |= o->bits;
    break;
  case OPT_INT:
    *(int *)at = (int)o->bits;
    break;
  case OPT_CALL:
    if (o->parse(settings, v))
      return usage_error(cmd, o->bad, o->bad_names_option ? o->name : v);
    break;
  }
  return -1;
}

int opt_parse(const cli_cmd_t *cmd, int argc, char **argv, void *settings) {
  size_t npos = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *joined;
    if (is_help(a)) {
      opt_usage(cmd, stdout);
      return 0;
    }
    const cli_opt_t *o = find(cmd, a, &joined);
    const char *v = NULL;
    if (o && takes_value(o) && !joined) {
      if (i + 1 >= argc)
        return usage_error(cmd, "option '%s' needs a value", a);
      v = argv[++i];
    } else if (o) {
      v = joined;
    } else if (a[0] == '-' && a[1]) {
      return usage_error(cmd, cmd->unknown, a);
    } else if ((o = positional(cmd, a, &npos)) != NULL) {
      v = a;
    } else {
      return usage_error(cmd, cmd->extra, a);
    }
    int rc = apply(cmd, o, v, settings);
    if (rc >= 0)
      return rc;
  }
  return -1;
}

void opt_usage(const cli_cmd_t *cmd, FILE *f) {
  fputs(cmd->usage, f);
  for (size_t i = 0; i < cmd->nopts; i++) {
    const cli_opt_t *o = &cmd->opts[i];
    if (!o->help)
      continue;
    char label[64];
    snprintf(label, sizeof label, "%s%s%s", o->name, o->metavar ? " " : "",
             o->metavar ? o->metavar : "");
    fprintf(f, "  %-*s ", cmd->col, label);
    for (const char *p = o->help;;) {
      size_t n = strcspn(p, "\n");
      fprintf(f, "%.*s\n", (int)n, p);
      if (!p[n])
        break;
      p += n + 1;
      fprintf(f, "  %-*s ", cmd->col, "");
    }
  }
  if (cmd->epilogue)
    fputs(cmd->epilogue, f);
}
