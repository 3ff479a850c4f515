/* Kernel metadata from the code object's NT_AMDGPU_METADATA note (msgpack,
 * COV3+), read with msgpack-c, whose reader checks every length and depth.
 * flyc_artifact_read uses it for code objects from outside: comgr's reader
 * crashed on a note whose `.args` was an integer. Builds without comgr use it
 * for their own output too; the values are the ones comgr's reader gives. */
#include <gelf.h>
#include <libelf.h>
#include <msgpack.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define NT_AMDGPU_METADATA 32

static int key_is(const msgpack_object *k, const char *s) {
  size_t n = strlen(s);
  return k->type == MSGPACK_OBJECT_STR && k->via.str.size == n &&
         memcmp(k->via.str.ptr, s, n) == 0;
}

static const msgpack_object *lookup(const msgpack_object *map, const char *key) {
  if (!map || map->type != MSGPACK_OBJECT_MAP)
    return NULL;
  for (uint32_t i = 0; i < map->via.map.size; i++)
    if (key_is(&map->via.map.ptr[i].key, key))
      return &map->via.map.ptr[i].val;
  return NULL;
}

static uint32_t u32(const msgpack_object *m, const char *key) {
  const msgpack_object *v = lookup(m, key);
  if (!v)
    return 0;
  if (v->type == MSGPACK_OBJECT_POSITIVE_INTEGER)
    return v->via.u64 > UINT32_MAX ? UINT32_MAX : (uint32_t)v->via.u64;
  if (v->type == MSGPACK_OBJECT_BOOLEAN)
    return v->via.boolean;
  return 0;
}

static const char *str(flyc_artifact_t *a, const msgpack_object *m, const char *key,
                       int *oom) {
  const msgpack_object *v = lookup(m, key);
  const char *s = v && v->type == MSGPACK_OBJECT_STR
                      ? flyc__artifact_strndup(a, v->via.str.ptr, v->via.str.size)
                      : flyc__artifact_strdup(a, "");
  if (!s)
    *oom = 1;
  return s ? s : "";
}

static int fill(flyc_artifact_t *a, const msgpack_object *root) {
  const msgpack_object *ks = lookup(root, "amdhsa.kernels");
  if (!ks || ks->type != MSGPACK_OBJECT_ARRAY)
    return flyc__error_set(FLYC_ECOMPILE, "the code object's metadata has no amdhsa.kernels");
  uint32_t n = ks->via.array.size;
  a->kernels = n ? calloc(n, sizeof *a->kernels) : NULL;
  if (n && !a->kernels)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  int oom = 0;
  for (uint32_t i = 0; i < n; i++) {
    const msgpack_object *km = &ks->via.array.ptr[i];
    flyc_kernel_info_t *k = &a->kernels[a->kernel_count++];
    k->size = sizeof *k;
    /* Every field the metadata has (artifact.h's list). */
#define META_STR(f, key) k->f = str(a, km, key, &oom);
#define META_U32(f, key) k->f = u32(km, key);
#define META_DIM3(f, key)                                                                 \
  {                                                                                       \
    const msgpack_object *r = lookup(km, key);                                            \
    for (uint32_t d = 0; r && r->type == MSGPACK_OBJECT_ARRAY && d < r->via.array.size && \
                         d < 3;                                                           \
         d++)                                                                             \
      if (r->via.array.ptr[d].type == MSGPACK_OBJECT_POSITIVE_INTEGER)                    \
        k->f[d] = (uint32_t)r->via.array.ptr[d].via.u64;                                  \
  }
#define META_OWN(f, key) /* flyc's own: not in the metadata */
#define META_REG META_U32
#define META_OPT META_U32
#define META_BOOL META_U32
#define META(f, kind, key, column, width) META_##kind(f, key)
    FLYC_KERNEL_INFO_FIELDS(META)
    const msgpack_object *args = lookup(km, ".args");
    uint32_t na = args && args->type == MSGPACK_OBJECT_ARRAY ? args->via.array.size : 0;
    flyc_kernel_arg_t *ka = na ? calloc(na, sizeof *ka) : NULL;
    if (na && !ka)
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    for (uint32_t j = 0; j < na; j++) {
      const msgpack_object *am = &args->via.array.ptr[j];
      ka[j].name = str(a, am, ".name", &oom);
      ka[j].value_kind = str(a, am, ".value_kind", &oom);
      ka[j].address_space = str(a, am, ".address_space", &oom);
      ka[j].offset = u32(am, ".offset");
      ka[j].size = u32(am, ".size");
    }
    k->args = ka;
    k->arg_count = na;
  }
  return oom ? flyc__error_set(FLYC_ENOMEM, "out of memory reading kernel metadata") : FLYC_OK;
}

/* The n-byte big-endian number at p (a msgpack length or count). */
static uint64_t be(const unsigned char *p, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++)
    v = v << 8 | p[i];
  return v;
}

/* NULL when the first msgpack object of [p, end) is whole and every count in
 * it is bounded by the bytes left; else what is wrong. msgpack-c's unpacker
 * allocates a map's or array's elements from the count its header claims,
 * before reading them: a 587-byte note claiming billions made it ask for
 * gigabytes. Every element takes one byte at least, so the objects still to
 * read can never be more than the bytes left. */
static const char *bounded(const unsigned char *p, const unsigned char *end) {
  uint64_t pending = 1; /* objects still to read */
  while (pending) {
    if (p >= end)
      return "is truncated";
    unsigned b = *p++;
    uint64_t left = (uint64_t)(end - p), skip = 0, items = 0;
    unsigned lenb = 0, extra = 0; /* length field bytes; bytes after it (ext type) */
    pending--;
    if (b <= 0x7f || b >= 0xe0 || b == 0xc0 || b == 0xc2 || b == 0xc3)
      skip = 0;                            /* fixint, nil, bool */
    else if (b <= 0x8f)
      items = 2 * (uint64_t)(b & 0x0f);    /* fixmap */
    else if (b <= 0x9f)
      items = b & 0x0f;                    /* fixarray */
    else if (b <= 0xbf)
      skip = b & 0x1f;                     /* fixstr */
    else if (b >= 0xc4 && b <= 0xc6)
      lenb = 1u << (b - 0xc4);             /* bin 8/16/32 */
    else if (b >= 0xc7 && b <= 0xc9)
      lenb = 1u << (b - 0xc7), extra = 1;  /* ext 8/16/32 */
    else if (b == 0xca || b == 0xcb)
      skip = b == 0xca ? 4 : 8;            /* float 32/64 */
    else if (b >= 0xcc && b <= 0xd3)
      skip = 1u << ((b - 0xcc) & 3);       /* uint, int 8..64 */
    else if (b >= 0xd4 && b <= 0xd8)
      skip = 1 + (1u << (b - 0xd4));       /* fixext 1..16 */
    else if (b >= 0xd9 && b <= 0xdb)
      lenb = 1u << (b - 0xd9);             /* str 8/16/32 */
    else if (b == 0xdc || b == 0xdd) {     /* array 16/32 */
      unsigned n = b == 0xdc ? 2 : 4;
      if (left < n)
        return "is truncated";
      items = be(p, n);
      p += n;
    } else if (b == 0xde || b == 0xdf) {   /* map 16/32 */
      unsigned n = b == 0xde ? 2 : 4;
      if (left < n)
        return "is truncated";
      items = 2 * be(p, n);
      p += n;
    } else {
      return "has a byte that starts no msgpack object (0xc1)";
    }
    if (lenb) {
      if (left < lenb)
        return "is truncated";
      skip = be(p, lenb) + extra;
      p += lenb;
    }
    left = (uint64_t)(end - p);
    if (skip > left)
      return "has a string or binary longer than the bytes left";
    p += skip;
    pending += items;
    if (pending > (uint64_t)(end - p))
      return "has a map or array that claims more elements than the bytes left hold";
  }
  return NULL;
}

int flyc__msgpack_metadata(flyc_artifact_t *a, const void *code, size_t size) {
  (void)elf_version(EV_CURRENT);
  Elf *e = elf_memory((char *)code, size);
  int rc = 1; /* no note yet: the error is set once nothing is found */
  Elf_Scn *scn = NULL;
  while (e && (scn = elf_nextscn(e, scn))) {
    GElf_Shdr sh;
    Elf_Data *d;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE || !(d = elf_getdata(scn, NULL)))
      continue;
    GElf_Nhdr nh;
    size_t off = 0, name_off, desc_off, next;
    while ((next = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
      off = next;
      if (nh.n_type != NT_AMDGPU_METADATA || nh.n_namesz != 7 ||
          memcmp((const char *)d->d_buf + name_off, "AMDGPU", 6) != 0)
        continue;
      const char *desc = (const char *)d->d_buf + desc_off;
      const char *why = bounded((const unsigned char *)desc,
                                (const unsigned char *)desc + nh.n_descsz);
      if (why) {
        rc = flyc__error_set(FLYC_ECOMPILE, "the code object's metadata note %s (%u bytes)",
                             why, (unsigned)nh.n_descsz);
        goto done;
      }
      msgpack_unpacked u;
      msgpack_unpacked_init(&u);
      size_t pos = 0;
      if (msgpack_unpack_next(&u, desc, nh.n_descsz, &pos) == MSGPACK_UNPACK_SUCCESS)
        rc = fill(a, &u.data);
      else
        rc = flyc__error_set(FLYC_ECOMPILE, "the code object's metadata note is not msgpack");
      msgpack_unpacked_destroy(&u);
      goto done;
    }
  }
done:
  if (e)
    elf_end(e);
  if (rc == 1)
    rc = flyc__error_set(FLYC_ECOMPILE, "the code object has no AMDGPU metadata note");
  return rc;
}

#ifndef FLYC_HAVE_COMGR
int flyc__code_object_metadata(flyc_artifact_t *a, const void *code, size_t size) {
  return flyc__msgpack_metadata(a, code, size);
}
#endif
