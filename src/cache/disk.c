/* The compile cache on disk: an artifact's entry read, judged and written.
 * The entries themselves (the directory, the format, atomic writes, the
 * size cap) are runtime/base/entry.c's. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "flyc/cache.h"
#include "internal.h"
#include "cache/cache.h"

int flyc_cache_dir(char *buf, size_t size) { return flyc__cache_dir(buf, size); }

static void remove_bad(const char *path) {
  if (unlink(path) == 0)
    flyc__cache_count(&flyc__cache_stats.corrupt);
}

/* An entry whose checksum holds can still be made by hand: its artifact
 * must look like what this key compiles to (code of the target's format,
 * the processors the key names, in order). */
static int plausible(const flyc_cache_req_t *r, const flyc_artifact_t *a) {
  const unsigned char *c = a->code;
  if (!c || !a->code_size || !a->kernel_count)
    return 0;
  if (a->format == FLYC_CODE_AMDGPU_ELF) {
    if (a->code_size < 4 || memcmp(c, "\x7f" "ELF", 4) != 0 || a->code_object_version < 4 ||
        a->code_object_version > 6)
      return 0;
  } else if (a->format != FLYC_CODE_PTX || !strstr((const char *)c, ".entry")) {
    return 0;
  }
  const char *k = flyc__buf_str(&r->key);
  /* The key's target (key.c's "target <len>:<id>" line) is the artifact's:
   * an entry of another target, whatever its checksum, is not this key's. */
  const char *t = strstr(k, "\ntarget "), *tc = t ? strchr(t + 8, ':') : NULL;
  size_t tl = t ? strtoul(t + 8, NULL, 10) : 0;
  if (!tc || !a->target || strlen(a->target) != tl || memcmp(a->target, tc + 1, tl) != 0)
    return 0;
  size_t i = 0;
  for (const char *p = strstr(k, "\nprocessor "); p; p = strstr(p + 1, "\nprocessor "), i++) {
    const char *v = p + 11, *colon = strchr(v, ':');
    if (i >= a->processor_count || !colon || !a->processors[i].name)
      return 0;
    size_t len = strtoul(v, NULL, 10);
    if (strlen(a->processors[i].name) != len || memcmp(colon + 1, a->processors[i].name, len))
      return 0;
  }
  return i == a->processor_count;
}

/* 1 hit, 0 miss, or a negative status. */
int flyc__cache_disk_get(const flyc_cache_req_t *r, flyc_artifact_t **out) {
  uint64_t start = flyc__now_us();
  unsigned char *d = NULL;
  size_t n = 0;
  int st = flyc__cache_read_entry(r->file, &d, &n, 1);
  if (st <= 0) {
    if (st == -2)
      flyc__cache_count(&flyc__cache_stats.errors);
    free(d);
    return 0; /* absent, or another user's: not ours to judge */
  }
  const unsigned char *key, *payload;
  size_t klen, plen;
  flyc_artifact_t *a = NULL;
  flyc__error_saved_t sv; /* an entry that does not read is a miss, not an error */
  flyc__error_save(&sv);
  int ok = flyc__cache_parse_entry(d, n, &key, &klen, &payload, &plen) == 0 &&
           klen == r->key.len && memcmp(key, r->key.data, klen) == 0 &&
           flyc__artifact_deserialize(payload, plen, &a) == FLYC_OK && plausible(r, a);
  flyc__error_restore(&sv);
  if (!ok) {
    /* Corrupt, truncated, or another key's bytes under this name. */
    flyc_artifact_destroy(a);
    free(d);
    remove_bad(r->file);
    return 0;
  }
  free(d);
  int rc = flyc__artifact_resolve_processors(a);
  if (rc) {
    flyc_artifact_destroy(a);
    return rc;
  }
  /* Where it came from, for the log; the compile's own times are not this
   * process's. */
  flyc_buf_t log = {0};
  flyc__buf_printf(&log, "%s%snote: from the disk cache (%s)", a->log ? a->log : "",
                   a->log && *a->log ? "\n" : "", r->file);
  if (!log.oom) {
    free(a->log);
    a->log = flyc__buf_take(&log);
  }
  flyc__buf_free(&log);
  memset(&a->times, 0, sizeof a->times);
  a->times.total_us = flyc__now_us() - start; /* the hit's own time */
  flyc__artifact_set_origin(a, FLYC_ARTIFACT_DISK_CACHE);
  *out = a;
  return 1;
}

/* Appends a note to the artifact's log (before anyone else sees it). */
void flyc__cache_note(flyc_artifact_t *a, const char *fmt, const char *arg) {
  flyc_buf_t log = {0};
  flyc__buf_printf(&log, "%s%s", a->log ? a->log : "", a->log && *a->log ? "\n" : "");
  flyc__buf_printf(&log, fmt, arg);
  if (!log.oom) {
    free(a->log);
    a->log = flyc__buf_take(&log);
  }
  flyc__buf_free(&log);
}

void flyc__cache_disk_put(const flyc_cache_req_t *r, flyc_artifact_t *a) {
  if (!flyc__cache_usable_dir(r->dir, 1)) {
    flyc__cache_count(&flyc__cache_stats.errors);
    flyc__cache_note(a, "note: not cached on disk: the cache directory '%s' cannot be made, is not "
            "ours, or is writable by others",
         r->dir);
    return;
  }
  flyc_buf_t payload = {0};
  if (flyc__artifact_serialize(a, &payload) != FLYC_OK) {
    flyc__buf_free(&payload);
    flyc__cache_count(&flyc__cache_stats.errors);
    return;
  }
  const char *why;
  if (flyc__cache_store(r->dir, r->file, r->key.data, r->key.len, payload.data, payload.len,
                        flyc__cache_max_bytes(), &why) == 0) {
    flyc__cache_count(&flyc__cache_stats.writes);
  } else {
    flyc__cache_count(&flyc__cache_stats.errors);
    flyc__cache_note(a, "note: not cached on disk: %s", why);
  }
  flyc__buf_free(&payload);
}
