/* IR text before LLVM's parser reads it: the checks that keep the parser
 * from overflowing its stack or crashing (ir.c calls them). */
#include <ctype.h>
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
    *nodes += ch == '!' && (p == s || p[-1] == '\n');
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
 * which LLVM 19's verifier refuses: on LLVM < 19 each use, outside
 * comments, with one operand is refused before the parser sees it. */
int flyc__ir_one_operand_lifetime(const char *s, size_t n, const char *what, const char *name,
                                  int errcode) {
  static const char *const uses[] = {"@llvm.lifetime.start", "@llvm.lifetime.end"};
  const char *end = s + n;
  for (size_t u = 0; u < 2 && flyc__llvm_major() < 19; u++) {
    size_t len = strlen(uses[u]);
    for (const char *p = s; (p = memmem(p, (size_t)(end - p), uses[u], len)); p += len) {
      const char *line = p, *q = p + len;
      while (line > s && line[-1] != '\n' && line[-1] != ';')
        line--;
      while (q < end && (isalnum((unsigned char)*q) || *q == '.' || *q == '_'))
        q++;
      if ((line > s && line[-1] == ';') || q >= end || *q != '(')
        continue;
      int depth = 0, commas = 0, any = 0;
      for (q++; q < end && !(depth == 0 && *q == ')'); q++) {
        if (*q == '(' || *q == '[' || *q == '{' || *q == '<')
          depth++;
        else if ((*q == ')' || *q == ']' || *q == '}' || *q == '>') && depth)
          depth--;
        commas += depth == 0 && *q == ',';
        any |= !isspace((unsigned char)*q);
      }
      if (any && !commas)
        return flyc__error_set(errcode,
                               "%s '%s' uses %s with one operand (the form of LLVM 21 and "
                               "newer); this flyc is built on LLVM %s, whose IR parser "
                               "crashes on it: use the two-operand form (i64 size, ptr), or "
                               "a flyc built on LLVM 22",
                               what, name, uses[u], flyc_llvm_version());
    }
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
  if (nodes > FLYC__MAX_IR_METADATA)
    return flyc__error_set(errcode,
                           "%s '%s' has %zu metadata nodes; flyc refuses more than %zu, "
                           "where LLVM's IR parser and verifier could overflow the "
                           "compile's stack on a chain of them",
                           what, name, nodes, FLYC__MAX_IR_METADATA);
  return FLYC_OK;
}
