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

int flyc__msgpack_metadata(flyc_artifact_t *a, const void *code, size_t size) {
  (void)elf_version(EV_CURRENT);
  Elf *e = elf_memory((char *)code, size);
  int rc = flyc__error_set(FLYC_ECOMPILE, "the code object has no AMDGPU metadata note");
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
      msgpack_unpacked u;
      msgpack_unpacked_init(&u);
      size_t pos = 0;
      if (msgpack_unpack_next(&u, (const char *)d->d_buf + desc_off, nh.n_descsz, &pos) ==
          MSGPACK_UNPACK_SUCCESS)
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
  return rc;
}

#ifndef FLYC_HAVE_COMGR
int flyc__code_object_metadata(flyc_artifact_t *a, const void *code, size_t size) {
  return flyc__msgpack_metadata(a, code, size);
}
#endif
