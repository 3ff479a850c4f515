/* The thread-local last error (flyc/common.h). */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct error_state {
  flyc_error_t pub;
  char *buf;
  size_t cap;
  unsigned serial; /* counts the changes (flyc__error_serial) */
} error_state_t;

static __thread error_state_t tls_error;
static pthread_key_t error_key;
static pthread_once_t error_key_once = PTHREAD_ONCE_INIT;

static void error_state_free(void *p) {
  error_state_t *st = p;
  if (st) {
    free(st->buf);
    st->buf = NULL;
    st->cap = 0;
    /* Another thread-exit destructor may still read the last error. */
    st->pub.message = "";
    st->pub.code = FLYC_OK;
  }
}

static void error_key_create(void) {
  (void)pthread_key_create(&error_key, error_state_free);
}

static error_state_t *state(void) {
  error_state_t *st = &tls_error;
  if (!st->pub.message)
    st->pub.message = "";
  return st;
}

const flyc_error_t *flyc_error_last(void) { return &state()->pub; }

unsigned flyc__error_serial(void) { return state()->serial; }

void flyc_error_clear(void) {
  error_state_t *st = state();
  st->serial++;
  st->pub.code = FLYC_OK;
  st->pub.message = "";
}

/* Grows the buffer; on allocation failure the message degrades to a static
 * one but the code is still set. */
static char *reserve(error_state_t *st, size_t need) {
  if (need <= st->cap)
    return st->buf;
  size_t cap = st->cap ? st->cap : 256;
  while (cap < need)
    cap *= 2;
  char *nb = realloc(st->buf, cap);
  if (!nb)
    return NULL;
  if (!st->buf) {
    (void)pthread_once(&error_key_once, error_key_create);
    (void)pthread_setspecific(error_key, st);
  }
  st->buf = nb;
  st->cap = cap;
  return nb;
}

/* The length of the valid UTF-8 sequence at `p` (at most `n` bytes left),
 * 0 when it is not one (overlong, surrogate, past U+10FFFF, cut short). */
static size_t utf8_len(const unsigned char *p, size_t n) {
  unsigned c = p[0];
  size_t len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3
                                : (c & 0xf8) == 0xf0 ? 4 : 0;
  if (!len || len > n)
    return 0;
  unsigned v = len == 1 ? c : c & (0x7f >> len);
  for (size_t i = 1; i < len; i++) {
    if ((p[i] & 0xc0) != 0x80)
      return 0;
    v = v << 6 | (p[i] & 0x3f);
  }
  static const unsigned min[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (v < min[len] || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
    return 0;
  return len;
}

/* A message a terminal or a log can take whatever the input held: at most
 * FLYC__ERROR_MAX bytes (cut at a character, saying how much was cut),
 * valid UTF-8, no control characters but newline and tab ('?' for each
 * byte that is not so). */
static void tidy(error_state_t *st) {
  unsigned char *b = (unsigned char *)st->buf;
  size_t n = strlen(st->buf);
  if (n > FLYC__ERROR_MAX) {
    size_t keep = FLYC__ERROR_MAX - 64;
    while (keep && (b[keep] & 0xc0) == 0x80)
      keep--; /* not inside a character */
    snprintf(st->buf + keep, 64, " [... %zu bytes cut]", n - keep);
    n = strlen(st->buf);
  }
  for (size_t i = 0; i < n;) {
    size_t l = utf8_len(b + i, n - i);
    if (!l || (l == 1 && ((b[i] < 0x20 && b[i] != '\n' && b[i] != '\t') || b[i] == 0x7f))) {
      b[i++] = '?';
      continue;
    }
    i += l;
  }
}

int flyc__error_setv(int code, const char *fmt, va_list ap) {
  error_state_t *st = state();
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  st->serial++;
  st->pub.code = code;
  if (n < 0 || !reserve(st, (size_t)n + 1)) {
    st->pub.message = "(out of memory while formatting the error message)";
    return code;
  }
  vsnprintf(st->buf, (size_t)n + 1, fmt, ap);
  tidy(st);
  st->pub.message = st->buf;
  return code;
}

int flyc__error_set(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  flyc__error_setv(code, fmt, ap);
  va_end(ap);
  return code;
}

int flyc__error_append(const char *fmt, ...) {
  error_state_t *st = state();
  st->serial++;
  size_t len = st->pub.message == st->buf && st->buf ? strlen(st->buf) : 0;
  if (st->pub.message != st->buf && st->pub.message[0]) {
    /* The message is a static string: copy it into the buffer first. */
    const char *old = st->pub.message;
    size_t ol = strlen(old);
    if (!reserve(st, ol + 1))
      return st->pub.code;
    memcpy(st->buf, old, ol + 1);
    st->pub.message = st->buf;
    len = ol;
  }
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n > 0 && reserve(st, len + (size_t)n + 1)) {
    vsnprintf(st->buf + len, (size_t)n + 1, fmt, ap);
    tidy(st);
    st->pub.message = st->buf;
  }
  va_end(ap);
  return st->pub.code;
}

void flyc__error_save(flyc__error_saved_t *s) {
  const error_state_t *st = state();
  s->code = st->pub.code;
  s->message = st->pub.message[0] ? strdup(st->pub.message) : NULL;
}

void flyc__error_restore(flyc__error_saved_t *s) {
  error_state_t *st = state();
  st->serial++;
  st->pub.code = s->code;
  st->pub.message = "";
  if (s->message) {
    size_t n = strlen(s->message) + 1;
    if (reserve(st, n)) {
      memcpy(st->buf, s->message, n);
      st->pub.message = st->buf;
    }
  }
  flyc__error_discard_saved(s);
}

void flyc__error_discard_saved(flyc__error_saved_t *s) {
  free(s->message);
  s->message = NULL;
}

int flyc__error_recode(int code) {
  error_state_t *st = state();
  st->serial++;
  st->pub.code = code;
  return code;
}

const char *flyc_status_name(int code) {
  switch (code) {
  case FLYC_OK: return "FLYC_OK";
  case FLYC_EINVAL: return "FLYC_EINVAL";
  case FLYC_ENOMEM: return "FLYC_ENOMEM";
  case FLYC_ENOTFOUND: return "FLYC_ENOTFOUND";
  case FLYC_EUNSUPPORTED: return "FLYC_EUNSUPPORTED";
  case FLYC_EIR: return "FLYC_EIR";
  case FLYC_ELINK: return "FLYC_ELINK";
  case FLYC_ECOMPILE: return "FLYC_ECOMPILE";
  case FLYC_EIO: return "FLYC_EIO";
  case FLYC_ENODRIVER: return "FLYC_ENODRIVER";
  case FLYC_EDRIVER: return "FLYC_EDRIVER";
  case FLYC_ENODEVICE: return "FLYC_ENODEVICE";
  case FLYC_ENOTSERIALIZABLE: return "FLYC_ENOTSERIALIZABLE";
  default: return "FLYC_UNKNOWN";
  }
}

void flyc_version(int *major, int *minor, int *patch) {
  if (major) *major = FLYC_VERSION_MAJOR;
  if (minor) *minor = FLYC_VERSION_MINOR;
  if (patch) *patch = FLYC_VERSION_PATCH;
}
