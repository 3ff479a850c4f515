/* The disk cache's entry reader: flyc__cache_disk_get on an entry file (read,
 * header, key, checksum, the payload's artifact, the check that it is what
 * the key compiles to). Each input is tried twice: as it is, under a fixed
 * key, and with its checksum made right and the key it names as the
 * request's key, so that mutations reach the payload and the plausibility
 * check (a checksum is no defence against an entry made by hand). Seeds:
 * entries a compile wrote (fuzz/corpus/cache_entry). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "cache/cache.h"
#include "fuzz.h"
#include "internal.h"

static char file[4096];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  fuzz_path("entry.flyc", file, sizeof file);
  return 0;
}

static void get(const unsigned char *key, size_t klen, const unsigned char *d, size_t n) {
  flyc_cache_req_t r;
  memset(&r, 0, sizeof r);
  flyc__buf_append(&r.key, (const char *)key, klen);
  snprintf(r.file, sizeof r.file, "%s", file);
  snprintf(r.dir, sizeof r.dir, "%.*s", (int)(strrchr(file, '/') - file), file);
  r.disk = 1;
  fuzz_write_file(file, d, n);
  flyc_artifact_t *a = NULL;
  int rc = flyc__cache_disk_get(&r, &a);
  if (rc < 0)
    fuzz_check_status(rc, "flyc__cache_disk_get");
  else if (rc == 1) {
    if (!a)
      __builtin_trap();
    fuzz_touch_artifact(a);
    flyc_artifact_destroy(a);
  } else if (rc != 0 || a) {
    __builtin_trap();
  }
  flyc__buf_free(&r.key);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char fixed[] = "flyc-cache-key 1\ntarget 6:gfx90a\n";
  get((const unsigned char *)fixed, sizeof fixed - 1, data, size);
  if (size < 36)
    return 0;
  unsigned char *d = malloc(size);
  if (!d)
    return 0;
  memcpy(d, data, size);
  uint64_t h = XXH64(d, size - 8, 0);
  for (int i = 0; i < 8; i++)
    d[size - 8 + i] = (unsigned char)(h >> (8 * i));
  const unsigned char *key, *payload;
  size_t klen, plen;
  if (flyc__cache_parse_entry(d, size, &key, &klen, &payload, &plen) == 0) {
    unsigned char *k = malloc(klen + 1);
    if (k) {
      memcpy(k, key, klen);
      get(k, klen, d, size);
      free(k);
    }
  }
  free(d);
  return 0;
}
