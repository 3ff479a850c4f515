/* IR text before LLVM's parser reads it: the checks that keep the parser
 * from overflowing its stack or crashing (ir.c calls them). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* LLVM's IR parser recurses once per level of nested constant expression or
 * type, and overflows the stack long before a real module needs it. The
 * deepest bracket nesting of the text, outside strings and comments. */
#define MAX_IR_NESTING 1000
/* When p starts a string or a comment of IR text (LLVM escapes '"' as \22,
 * so the next '"' ends a string; ';' runs to the end of the line; LLVM 19+'s
 * block comments are unnested), its last byte; else NULL. One past the end
 * when it does not end. */
const char *flyc__ir_skip_lexeme(const char *p, const char *end) {
  const char *q = NULL;
  if (*p == '"')
    q = memchr(p + 1, '"', (size_t)(end - p - 1));
  else if (*p == ';')
    q = memchr(p, '\n', (size_t)(end - p));
  else if (*p == '/' && p + 1 < end && p[1] == '*')
    q = (q = memmem(p + 2, (size_t)(end - p - 2), "*/", 2)) ? q + 1 : NULL;
  else
    return NULL;
  return q ? q : end;
}

/* A character of an unquoted name (@name, !name). */
static int name_char(char ch) {
  return isalnum((unsigned char)ch) || ch == '-' || ch == '$' || ch == '.' || ch == '_';
}

/* The deepest nesting, and in *nodes the metadata definitions (lines that
 * begin with '!'). */
static size_t ir_nesting(const char *s, size_t n, size_t *nodes) {
  size_t depth = 0, max = 0;
  *nodes = 0;
  for (const char *p = s, *end = s + n; p < end; p++) {
    const char *skip = flyc__ir_skip_lexeme(p, end);
    if (skip) {
      p = skip;
      continue;
    }
    char ch = *p;
    if (ch == '!') { /* a definition, "!name =" or "!7 =", wherever it is */
      const char *q = p + 1;
      while (q < end && name_char(*q))
        q++;
      while (q > p + 1 && q < end && (*q == ' ' || *q == '\t'))
        q++;
      *nodes += q > p + 1 && q < end && *q == '=';
    }
    if (ch == '(' || ch == '[' || ch == '{' || ch == '<') {
      if (++depth > max)
        max = depth;
    } else if ((ch == ')' || ch == ']' || ch == '}' || ch == '>') && depth) {
      depth--;
    }
  }
  return max;
}

/* LLVM 15's IR parser crashes (UpgradeCallsToIntrinsic reads an operand
 * that is not there) on the one-operand llvm.lifetime.start/end of LLVM 21+,
 * which LLVM 19's verifier refuses: on LLVM < 19 each use with one operand
 * is refused before the parser sees it. The text is read as LLVM's lexer
 * reads it: strings and comments skipped, quoted names unescaped, blanks
 * and comments allowed before the argument list. */
/* Blanks and comments from `q`. */
static const char *past_blanks(const char *q, const char *end) {
  while (q < end) {
    const char *skip = *q == '"' ? NULL : flyc__ir_skip_lexeme(q, end);
    if (skip)
      q = skip + 1;
    else if (isspace((unsigned char)*q))
      q++;
    else
      break;
  }
  return q;
}

/* "start" or "end" when [n, e) names llvm.lifetime.start/end (with any
 * suffix), quoted names' \XX undone; else NULL. */
static const char *lifetime_kind(const char *n, const char *e, int quoted) {
  char buf[24];
  size_t k = 0;
  for (const char *p = n; p < e && k < sizeof buf - 1; p++) {
    if (quoted && *p == '\\' && e - p > 2 && isxdigit((unsigned char)p[1]) &&
        isxdigit((unsigned char)p[2])) {
      char hex[3] = {p[1], p[2], 0};
      buf[k++] = (char)strtol(hex, NULL, 16);
      p += 2;
    } else {
      buf[k++] = *p;
    }
  }
  buf[k] = '\0';
  if (strncmp(buf, "llvm.lifetime.start", 19) == 0 && (!buf[19] || buf[19] == '.'))
    return "start";
  if (strncmp(buf, "llvm.lifetime.end", 17) == 0 && (!buf[17] || buf[17] == '.'))
    return "end";
  return NULL;
}

int flyc__ir_one_operand_lifetime(const char *s, size_t n, const char *what, const char *name,
                                  int errcode) {
  const char *end = s + n;
  for (const char *p = s; p < end && flyc__llvm_major() < 19; p++) {
    const char *q, *kind;
    if (*p == '@' && p + 1 < end && p[1] == '"') { /* @"a quoted name" */
      const char *close = memchr(p + 2, '"', (size_t)(end - p - 2));
      if (!close)
        break;
      kind = lifetime_kind(p + 2, close, 1);
      q = close + 1;
    } else if (*p == '@') {
      for (q = p + 1; q < end && name_char(*q); q++)
        ;
      kind = lifetime_kind(p + 1, q, 0);
    } else {
      const char *skip = flyc__ir_skip_lexeme(p, end);
      if (skip)
        p = skip;
      continue;
    }
    p = q - 1;
    if (!kind || (q = past_blanks(q, end)) >= end || *q != '(')
      continue;
    int depth = 0, commas = 0, any = 0;
    for (q++; q < end && !(depth == 0 && *q == ')'); q++) {
      const char *skip = flyc__ir_skip_lexeme(q, end);
      if (skip) { /* a string is an operand's text; a comment is nothing */
        any |= *q == '"';
        q = skip;
        continue;
      }
      if (*q == '(' || *q == '[' || *q == '{' || *q == '<')
        depth++;
      else if ((*q == ')' || *q == ']' || *q == '}' || *q == '>') && depth)
        depth--;
      commas += depth == 0 && *q == ',';
      any |= !isspace((unsigned char)*q);
    }
    if (any && !commas)
      return flyc__error_set(errcode,
                             "%s '%s' uses @llvm.lifetime.%s with one operand (the form of LLVM "
                             "21 and newer); this flyc is built on LLVM %s, whose IR parser "
                             "crashes on it: use the two-operand form (i64 size, ptr), or a "
                             "flyc built on LLVM 22",
                             what, name, kind, flyc_llvm_version());
  }
  return FLYC_OK;
}

int flyc__ir_nesting_check(const char *text, size_t n, const char *what, const char *name,
                           int errcode) {
  size_t nodes, depth = ir_nesting(text, n, &nodes);
  if (depth > MAX_IR_NESTING)
    return flyc__error_set(errcode,
                           "%s '%s' nests brackets %zu deep (constant expressions or "
                           "types); flyc refuses more than %d, where LLVM's IR parser "
                           "would overflow its stack",
                           what, name, depth, MAX_IR_NESTING);
  size_t most = flyc__stack_bytes() / 1024;
  if (nodes > most)
    return flyc__error_set(errcode,
                           "%s '%s' has %zu metadata nodes; flyc refuses more than %zu (one "
                           "per KiB of the compile's %zu MiB stack), where LLVM's IR parser "
                           "and verifier could overflow it on a chain of them",
                           what, name, nodes, most, flyc__stack_bytes() >> 20);
  return FLYC_OK;
}
