/* The artifact as bytes: used to bring an artifact back from flyc's isolated
 * compile child, and by the disk cache. Little-endian, length-prefixed,
 * versioned; the reader checks every length against the buffer, so corrupt or
 * foreign bytes are an error, never an out-of-bounds read. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MAGIC "FLYCART"
#define FORMAT_VERSION 2u /* 2: dynamic shared size, processor names */

static void put_u32(flyc_buf_t *b, uint32_t v) {
  unsigned char x[4] = {(unsigned char)v, (unsigned char)(v >> 8),
                        (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
  flyc__buf_append(b, (const char *)x, 4);
}

static void put_u64(flyc_buf_t *b, uint64_t v) {
  put_u32(b, (uint32_t)v);
  put_u32(b, (uint32_t)(v >> 32));
}

static void put_bytes(flyc_buf_t *b, const void *p, size_t n) {
  put_u64(b, n);
  flyc__buf_append(b, p, n);
}

static void put_str(flyc_buf_t *b, const char *s) { put_bytes(b, s ? s : "", s ? strlen(s) : 0); }

int flyc__artifact_serialize(const flyc_artifact_t *a, flyc_buf_t *b) {
  flyc__buf_append(b, MAGIC, 7);
  put_u32(b, FORMAT_VERSION);
  put_u32(b, (uint32_t)a->format);
  put_u32(b, (uint32_t)a->codegen);
  put_u32(b, (uint32_t)a->code_object_version);
  put_str(b, a->target);
  put_bytes(b, a->code, a->code_size);
  put_str(b, a->log);
  const uint64_t *t = (const uint64_t *)&a->times;
  for (size_t i = 0; i < sizeof a->times / sizeof(uint64_t); i++)
    put_u64(b, t[i]);
  put_u64(b, a->kernel_count);
  for (size_t i = 0; i < a->kernel_count; i++) {
    const flyc_kernel_info_t *k = &a->kernels[i];
    /* The fields in member order (artifact.h), a u32 per number. */
#define PUT_STR(f) put_str(b, k->f);
#define PUT_U32(f) put_u32(b, k->f);
#define PUT_DIM3(f) for (int d = 0; d < 3; d++) put_u32(b, k->f[d]);
#define PUT_REG PUT_U32
#define PUT_OPT PUT_U32
#define PUT_BOOL PUT_U32
#define PUT_OWN PUT_U32
#define PUT(f, kind, key, column, width) PUT_##kind(f)
    FLYC_KERNEL_INFO_FIELDS(PUT)
    put_u64(b, k->arg_count);
    for (size_t j = 0; j < k->arg_count; j++) {
      put_str(b, k->args[j].name);
      put_str(b, k->args[j].value_kind);
      put_str(b, k->args[j].address_space);
      put_u32(b, k->args[j].offset);
      put_u32(b, k->args[j].size);
    }
  }
  put_str(b, a->inputs);
  /* Processors by their registered names (resolved again when read). */
  put_u64(b, a->processor_count);
  for (size_t i = 0; i < a->processor_count; i++) {
    if (!a->processors[i].name)
      return flyc__error_set(FLYC_ENOTSERIALIZABLE,
                             "post-load processor %zu has no registered name: a function "
                             "pointer cannot be written out (register it with "
                             "flyc_processor_register and name it, or keep the artifact in "
                             "memory)",
                             i);
    put_str(b, a->processors[i].name);
  }
  return b->oom ? flyc__error_set(FLYC_ENOMEM, "out of memory serializing an artifact")
                : FLYC_OK;
}

typedef struct reader {
  const unsigned char *p, *end;
  int bad;
} reader_t;

static uint32_t get_u32(reader_t *r) {
  if (r->bad || r->end - r->p < 4) {
    r->bad = 1;
    return 0;
  }
  uint32_t v = (uint32_t)r->p[0] | (uint32_t)r->p[1] << 8 | (uint32_t)r->p[2] << 16 |
               (uint32_t)r->p[3] << 24;
  r->p += 4;
  return v;
}

static uint64_t get_u64(reader_t *r) {
  uint64_t lo = get_u32(r);
  return lo | (uint64_t)get_u32(r) << 32;
}

/* A pointer to `*n` bytes inside the buffer, or NULL (and r->bad). */
static const unsigned char *get_bytes(reader_t *r, size_t *n) {
  uint64_t len = get_u64(r);
  if (r->bad || len > (uint64_t)(r->end - r->p)) {
    r->bad = 1;
    return NULL;
  }
  const unsigned char *p = r->p;
  r->p += len;
  *n = (size_t)len;
  return p;
}

static const char *get_str(reader_t *r, flyc_artifact_t *a) {
  size_t n = 0;
  const unsigned char *p = get_bytes(r, &n);
  if (!p)
    return "";
  const char *s = flyc__artifact_strndup(a, (const char *)p, n);
  if (!s)
    r->bad = 1;
  return s ? s : "";
}

static char *dup_str(reader_t *r) {
  size_t n = 0;
  const unsigned char *p = get_bytes(r, &n);
  char *s = p ? malloc(n + 1) : NULL;
  if (!s) {
    r->bad = 1;
    return NULL;
  }
  memcpy(s, p, n);
  s[n] = '\0';
  return s;
}

int flyc__artifact_deserialize(const void *data, size_t size, flyc_artifact_t **out) {
  reader_t r = {data, (const unsigned char *)data + size, 0};
  if (size < 11 || memcmp(data, MAGIC, 7) != 0)
    return flyc__error_set(FLYC_EINVAL, "not a serialized flyc artifact");
  r.p += 7;
  uint32_t version = get_u32(&r);
  if (version != FORMAT_VERSION)
    return flyc__error_set(FLYC_EINVAL, "serialized artifact has format %u, expected %u",
                           version, FORMAT_VERSION);
  flyc_artifact_t *a = flyc__artifact_new();
  if (!a)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  a->format = (flyc_code_format_t)get_u32(&r);
  a->codegen = (flyc_codegen_t)get_u32(&r);
  a->code_object_version = (int)get_u32(&r);
  a->target = dup_str(&r);
  size_t n = 0;
  const unsigned char *code = get_bytes(&r, &n);
  if (code && (a->code = malloc(n + 1))) {
    memcpy(a->code, code, n);
    ((char *)a->code)[n] = '\0';
    a->code_size = n;
  } else {
    r.bad = 1;
  }
  a->log = dup_str(&r);
  uint64_t *t = (uint64_t *)&a->times;
  for (size_t i = 0; i < sizeof a->times / sizeof(uint64_t); i++)
    t[i] = get_u64(&r);
  uint64_t nk = get_u64(&r);
  /* Each kernel takes well over 8 bytes: a count beyond that is corrupt. */
  if (!r.bad && nk > (uint64_t)(r.end - r.p) / 8)
    r.bad = 1;
  if (!r.bad && nk && !(a->kernels = calloc((size_t)nk, sizeof *a->kernels)))
    r.bad = 1;
  for (uint64_t i = 0; i < nk && !r.bad; i++) {
    flyc_kernel_info_t *k = &a->kernels[a->kernel_count++];
    k->size = sizeof *k;
#define GET_STR(f) k->f = get_str(&r, a);
#define GET_U32(f) k->f = get_u32(&r);
#define GET_DIM3(f) for (int d = 0; d < 3; d++) k->f[d] = get_u32(&r);
#define GET_REG GET_U32
#define GET_OPT GET_U32
#define GET_BOOL GET_U32
#define GET_OWN GET_U32
#define GET(f, kind, key, column, width) GET_##kind(f)
    FLYC_KERNEL_INFO_FIELDS(GET)
    uint64_t na = get_u64(&r);
    if (!r.bad && na > (uint64_t)(r.end - r.p) / 8)
      r.bad = 1;
    flyc_kernel_arg_t *args = !r.bad && na ? calloc((size_t)na, sizeof *args) : NULL;
    if (na && !args)
      r.bad = 1;
    for (uint64_t j = 0; j < na && !r.bad; j++) {
      args[j].name = get_str(&r, a);
      args[j].value_kind = get_str(&r, a);
      args[j].address_space = get_str(&r, a);
      args[j].offset = get_u32(&r);
      args[j].size = get_u32(&r);
    }
    k->args = args;
    k->arg_count = args ? (size_t)na : 0;
  }
  a->inputs = dup_str(&r);
  uint64_t np = get_u64(&r);
  if (!r.bad && np > (uint64_t)(r.end - r.p) / 8)
    r.bad = 1;
  for (uint64_t i = 0; i < np && !r.bad; i++) {
    flyc_processor_t p = {get_str(&r, a), NULL, NULL}; /* resolved by the reader's caller */
    if (!r.bad && flyc__artifact_add_processor(a, &p))
      r.bad = 1;
  }
  if (r.bad || !a->target || !a->log || !a->inputs || r.p != r.end) {
    flyc_artifact_destroy(a);
    return flyc__error_set(FLYC_EINVAL, "serialized artifact is truncated or corrupt");
  }
  *out = a;
  return FLYC_OK;
}
