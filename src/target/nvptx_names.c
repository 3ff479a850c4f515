/* PTX parameter names: LLVM's NVPTX printer names every `.entry`
 * parameter `<kernel>_param_<N>`; flyc gives each the name its definition
 * has (the builder's flyc_param_t.name, the IR's `%a`), as a debugger or
 * `cuobjdump` shows nvcc's `__global__ void k(float *a)`.
 *
 * Only the entry's parameter list and the `[<kernel>_param_<N>]` operands of
 * its body change, token by token. A name is used only when it is a PTX
 * identifier (PTX ISA, "Identifiers": [a-zA-Z][a-zA-Z0-9_$]*, or _ or $
 * followed by at least one of those), is not the predefined WARP_SZ (ptxas
 * 13 refuses it as a parameter), and is no name the PTX already has (a
 * global, a function, a label, an opcode, any parameter's old name):
 * otherwise the parameter keeps LLVM's name. Parameters are scoped to their
 * entry, so two kernels may both have an `n` (ptxas 13 accepts it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "internal.h"
#include "target/nvptx.h"

enum { TOK_END, TOK_NAME, TOK_DIRECTIVE, TOK_PUNCT };

static int follow(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
         ch == '_' || ch == '$';
}

static int is_ident(const char *s, size_t n) {
  if (!n || n > 256 || (n == 7 && memcmp(s, "WARP_SZ", 7) == 0))
    return 0;
  for (size_t i = 1; i < n; i++)
    if (!follow(s[i]))
      return 0;
  if ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))
    return 1;
  return (s[0] == '_' || s[0] == '$') && n > 1;
}

/* The next token at or after p: TOK_NAME (letters, digits, _ and $, not
 * starting with a digit), TOK_DIRECTIVE ('.' and such a run: a directive,
 * a type, an opcode's suffix), TOK_PUNCT (one character); registers (%r1)
 * and numbers (0f3F800000) are passed over, as are comments and strings.
 * *tok is its start and *len its length; the return is where to go on. */
static const char *lex(const char *p, const char *end, int *kind, const char **tok,
                       size_t *len) {
  while (p < end) {
    const char *q = p + 1;
    if (p[0] == '/' && q < end && *q == '/') {
      const char *nl = memchr(q, '\n', (size_t)(end - q));
      p = nl ? nl + 1 : end;
      continue;
    }
    if (p[0] == '/' && q < end && *q == '*') {
      for (q++; q + 1 < end && !(q[0] == '*' && q[1] == '/'); q++)
        ;
      p = q + 1 < end ? q + 2 : end;
      continue;
    }
    if (*p == '"') {
      while (q < end && *q != '"')
        q += *q == '\\' && q + 1 < end ? 2 : 1;
      p = q < end ? q + 1 : end;
      continue;
    }
    if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
      p++;
      continue;
    }
    int word = follow(*p), skip = *p == '%' || (*p >= '0' && *p <= '9');
    if (word || skip || *p == '.') {
      while (q < end && follow(*q))
        q++;
      if (skip)
        goto next;
      *kind = *p == '.' ? TOK_DIRECTIVE : TOK_NAME;
    } else {
      *kind = TOK_PUNCT;
    }
    *tok = p;
    *len = (size_t)(q - p);
    return q;
  next:
    p = q;
  }
  *kind = TOK_END;
  *tok = end;
  *len = 0;
  return end;
}

static int tok_is(const char *t, size_t n, const char *s) {
  return n == strlen(s) && memcmp(t, s, n) == 0;
}

/* Past the bracket that closes the one lex() just returned at `p` ('(' or
 * '{'); NULL when it does not close. */
static const char *past_close(const char *p, const char *end, char open) {
  char close = open == '(' ? ')' : '}';
  int depth = 1, kind;
  const char *t;
  size_t n;
  while ((p = lex(p, end, &kind, &t, &n)), kind != TOK_END)
    if (kind == TOK_PUNCT && (*t == open || *t == close) && (depth += *t == open ? 1 : -1) == 0)
      return p;
  return NULL;
}

/* One renaming: the old token's place, and the new name. */
typedef struct edit {
  size_t at, len;
  const char *name;
  size_t nlen;
} edit_t;

typedef struct kparam {
  const char *name; /* the definition's name, NULL when it is no identifier */
  size_t len;
  int taken; /* the PTX has the name already */
} kparam_t;

/* N when [t, t + n) is `<k>_param_<N>` (N written without leading zeros)
 * and N < np; else -1. */
static long param_index(const char *t, size_t n, const char *k, size_t kl, unsigned np) {
  if (n <= kl + 7 || memcmp(t, k, kl) != 0 || memcmp(t + kl, "_param_", 7) != 0 ||
      (n > kl + 8 && t[kl + 7] == '0') || n - kl - 7 > 6)
    return -1;
  long v = 0;
  for (size_t i = kl + 7; i < n; i++) {
    if (t[i] < '0' || t[i] > '9')
      return -1;
    v = v * 10 + (t[i] - '0');
  }
  return v < (long)np ? v : -1;
}

/* Where kernel `k`'s parameter list starts (just past its '('), when the
 * PTX has exactly one `.entry k(`; else NULL. */
static const char *find_entry(const char *p, const char *end, const char *k) {
  const char *found = NULL, *t;
  size_t n;
  int kind, count = 0;
  while ((p = lex(p, end, &kind, &t, &n)), kind != TOK_END) {
    if (kind != TOK_DIRECTIVE || !tok_is(t, n, ".entry"))
      continue;
    const char *q = lex(p, end, &kind, &t, &n);
    if (kind != TOK_NAME || !tok_is(t, n, k))
      continue;
    q = lex(q, end, &kind, &t, &n);
    if (kind == TOK_PUNCT && *t == '(') {
      found = q;
      count++;
    }
  }
  return count == 1 ? found : NULL;
}

/* The edits renaming kernel `k`'s parameters, appended to *ed: none when
 * its list does not hold each `<k>_param_<N>` exactly once or its body is
 * not found. */
static int entry_edits(const char *ptx, const char *end, const char *k, const kparam_t *ps,
                       unsigned np, edit_t **ed, size_t *ned, size_t *cap) {
  const char *hdr = find_entry(ptx, end, k), *t, *body, *stop;
  size_t n, kl = strlen(k);
  int kind, ok = hdr != NULL;
  const char *list_end = hdr ? past_close(hdr, end, '(') : NULL;
  unsigned char *seen = calloc(np + 1, 1);
  if (!seen)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (const char *p = hdr; ok && list_end && p < list_end;) {
    p = lex(p, list_end, &kind, &t, &n);
    long i = kind == TOK_NAME ? param_index(t, n, k, kl, np) : -1;
    if (i >= 0)
      ok = !seen[i]++;
  }
  for (unsigned i = 0; ok && i < np; i++)
    ok = seen[i] == 1;
  free(seen);
  /* The body: after the list, only launch-bound directives, their numbers
   * and commas before the '{'. */
  body = list_end;
  for (ok = ok && list_end; ok && (body = lex(body, end, &kind, &t, &n));) {
    if (kind == TOK_PUNCT && *t == '{')
      break;
    ok = kind == TOK_DIRECTIVE || (kind == TOK_PUNCT && *t == ',');
  }
  stop = ok ? past_close(body, end, '{') : NULL;
  for (const char *p = hdr; stop && p < stop;) {
    p = lex(p, stop, &kind, &t, &n);
    long i = kind == TOK_NAME ? param_index(t, n, k, kl, np) : -1;
    if (i < 0 || !ps[i].name || ps[i].taken)
      continue;
    if (*ned == *cap) {
      size_t nc = *cap ? *cap * 2 : 16;
      edit_t *v = realloc(*ed, nc * sizeof *v);
      if (!v)
        return flyc__error_set(FLYC_ENOMEM, "out of memory");
      *ed = v;
      *cap = nc;
    }
    (*ed)[(*ned)++] = (edit_t){(size_t)(t - ptx), n, ps[i].name, ps[i].len};
  }
  return FLYC_OK;
}

/* Orders candidate names by length, then bytes. */
static int by_text(const void *a, const void *b) {
  const kparam_t *x = *(kparam_t *const *)a, *y = *(kparam_t *const *)b;
  if (x->len != y->len)
    return x->len < y->len ? -1 : 1;
  return memcmp(x->name, y->name, x->len);
}

static int by_at(const void *a, const void *b) {
  const edit_t *x = a, *y = b;
  return x->at < y->at ? -1 : x->at > y->at;
}

/* Marks every candidate that names something the PTX already has. */
static void mark_taken(const char *ptx, const char *end, kparam_t **sorted, size_t count) {
  const char *t;
  size_t n;
  int kind = TOK_NAME;
  for (const char *p = ptx; kind != TOK_END;) {
    p = lex(p, end, &kind, &t, &n);
    if (kind != TOK_NAME)
      continue;
    kparam_t key = {t, n, 0}, *kp = &key;
    size_t lo = 0, hi = count; /* the first candidate not below the token */
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (by_text(&sorted[mid], &kp) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
    for (; lo < count && by_text(&sorted[lo], &kp) == 0; lo++)
      sorted[lo]->taken = 1;
  }
}

/* The new text of `ptx` with `ned` edits, in order, applied. */
static char *apply(const char *ptx, size_t size, const edit_t *ed, size_t ned, size_t *out) {
  size_t n = size;
  for (size_t i = 0; i < ned; i++)
    n = n - ed[i].len + ed[i].nlen;
  char *s = malloc(n + 1), *w = s;
  if (!s)
    return NULL;
  size_t from = 0;
  for (size_t i = 0; i < ned; i++) {
    memcpy(w, ptx + from, ed[i].at - from);
    w += ed[i].at - from;
    memcpy(w, ed[i].name, ed[i].nlen);
    w += ed[i].nlen;
    from = ed[i].at + ed[i].len;
  }
  memcpy(w, ptx + from, size - from);
  s[n] = '\0';
  *out = n;
  return s;
}

int flyc__nvptx_param_names(flyc_compile_t *c, char **code, size_t *size) {
  size_t total = 0, ned = 0, cap = 0, ns = 0;
  for (size_t i = 0; i < c->kernel_count; i++) {
    LLVMValueRef fn = LLVMGetNamedFunction(c->mod, c->kernels[i]);
    total += fn ? LLVMCountParams(fn) : 0;
  }
  if (!total)
    return FLYC_OK;
  kparam_t *ps = calloc(total, sizeof *ps);
  kparam_t **sorted = calloc(total, sizeof *sorted);
  edit_t *ed = NULL;
  int rc = ps && sorted ? FLYC_OK : flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (size_t i = 0, at = 0; rc == FLYC_OK && i < c->kernel_count; i++) {
    LLVMValueRef fn = LLVMGetNamedFunction(c->mod, c->kernels[i]);
    for (unsigned j = 0, np = fn ? LLVMCountParams(fn) : 0; j < np; j++, at++) {
      size_t len;
      const char *s = LLVMGetValueName2(LLVMGetParam(fn, j), &len);
      if (s && is_ident(s, len)) {
        ps[at] = (kparam_t){s, len, 0};
        sorted[ns++] = &ps[at];
      }
    }
  }
  const char *ptx = *code, *end = *code + *size;
  if (rc == FLYC_OK && ns) {
    qsort(sorted, ns, sizeof *sorted, by_text);
    mark_taken(ptx, end, sorted, ns);
  }
  for (size_t i = 0, at = 0; rc == FLYC_OK && ns && i < c->kernel_count; i++) {
    LLVMValueRef fn = LLVMGetNamedFunction(c->mod, c->kernels[i]);
    unsigned np = fn ? LLVMCountParams(fn) : 0;
    if (np)
      rc = entry_edits(ptx, end, c->kernels[i], ps + at, np, &ed, &ned, &cap);
    at += np;
  }
  if (rc == FLYC_OK && ned) {
    qsort(ed, ned, sizeof *ed, by_at);
    size_t n;
    char *s = apply(ptx, *size, ed, ned, &n);
    if (s) {
      free(*code);
      *code = s;
      *size = n;
    } else {
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
    }
  }
  free(ed);
  free(sorted);
  free(ps);
  return rc;
}
