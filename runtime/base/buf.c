/* The growable string (flyc_buf_t, runtime/internal.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int buf_reserve(flyc_buf_t *b, size_t extra) {
  if (b->oom)
    return 0;
  if (b->len + extra + 1 <= b->cap)
    return 1;
  size_t cap = b->cap ? b->cap : 128;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *nd = realloc(b->data, cap);
  if (!nd) {
    b->oom = 1;
    return 0;
  }
  b->data = nd;
  b->cap = cap;
  return 1;
}

void flyc__buf_append(flyc_buf_t *b, const char *s, size_t n) {
  if (!buf_reserve(b, n))
    return;
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void flyc__buf_printf(flyc_buf_t *b, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n > 0 && buf_reserve(b, (size_t)n)) {
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
  }
  va_end(ap);
}

const char *flyc__buf_str(const flyc_buf_t *b) {
  return b->data ? b->data : "";
}

char *flyc__buf_take(flyc_buf_t *b) {
  char *d = b->data;
  if (!d)
    d = calloc(1, 1);
  b->data = NULL;
  b->len = b->cap = 0;
  return d;
}

void flyc__buf_free(flyc_buf_t *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}
