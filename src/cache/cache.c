/* The compile caches (flyc/cache.h): the key, the in-memory table and the
 * disk entries. The compile entry points call flyc__cache_begin/get/put/end
 * around the compile; everything here fails soft except what the contract
 * makes an error (an unregistered processor name on a hit, an unnamed
 * processor on a write). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include <xxhash.h>

#include "flyc/cache.h"
#include "internal.h"
#include "build_id.h" /* generated: FLYC_BUILD_ID */

#define ENTRY_MAGIC "FLYCACHE"
#define ENTRY_VERSION 1u
#define KEY_VERSION "flyc-cache-key 1"
#define MEMORY_CAP 256
#define MAX_ENTRY ((uint64_t)1 << 31) /* larger files are not entries */

static pthread_mutex_t memo_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t mem_mu = PTHREAD_MUTEX_INITIALIZER;

/* A fork() by the host while another thread holds a cache lock must not
 * leave the child with a lock nobody will release. */
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;
static void atfork_prepare(void) {
  pthread_mutex_lock(&memo_mu);
  pthread_mutex_lock(&mem_mu);
}
static void atfork_parent(void) {
  pthread_mutex_unlock(&mem_mu);
  pthread_mutex_unlock(&memo_mu);
}
static void atfork_child(void) {
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  memo_mu = m;
  mem_mu = m;
}
static void register_atfork(void) { pthread_atfork(atfork_prepare, atfork_parent, atfork_child); }

/* ---- process counters ---- */

static struct {
  uint64_t memory_hits, disk_hits, misses, writes, evictions, corrupt, errors;
} stats;

static void count(uint64_t *c) { __atomic_add_fetch(c, 1, __ATOMIC_RELAXED); }

/* ---- content hashes of files, remembered by identity ---- */

typedef struct file_hash {
  char *path;
  dev_t dev;
  ino_t ino;
  off_t size;
  struct timespec mtime, ctime;
  XXH128_hash_t h;
  int refused; /* bitcode flyc_check_producer refuses: nothing to look up */
} file_hash_t;

static file_hash_t *memo;
static size_t nmemo;

static int same_stat(const file_hash_t *m, const struct stat *st) {
  return m->dev == st->st_dev && m->ino == st->st_ino && m->size == st->st_size &&
         m->mtime.tv_sec == st->st_mtim.tv_sec && m->mtime.tv_nsec == st->st_mtim.tv_nsec &&
         m->ctime.tv_sec == st->st_ctim.tv_sec && m->ctime.tv_nsec == st->st_ctim.tv_nsec;
}

/* The XXH3-128 of a file's content, as 32 hex digits; 0, -1 (unreadable) or
 * 1 (bitcode the compile refuses before reading it: newer than this LLVM). */
static int file_hash(const char *path, char hex[33]) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return -1;
  pthread_mutex_lock(&memo_mu);
  for (size_t i = 0; i < nmemo; i++)
    if (strcmp(memo[i].path, path) == 0 && same_stat(&memo[i], &st)) {
      snprintf(hex, 33, "%016llx%016llx", (unsigned long long)memo[i].h.high64,
               (unsigned long long)memo[i].h.low64);
      int refused = memo[i].refused;
      pthread_mutex_unlock(&memo_mu);
      return refused;
    }
  pthread_mutex_unlock(&memo_mu);
  /* Mapped, not copied: device libraries are hundreds of KiB. */
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat fst;
  if (fd < 0 || fstat(fd, &fst) != 0 || !S_ISREG(fst.st_mode)) {
    if (fd >= 0)
      close(fd);
    return -1;
  }
  XXH128_hash_t h = XXH3_128bits("", 0);
  int refused = 0;
  if (fst.st_size > 0) {
    void *data = mmap(NULL, (size_t)fst.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (data == MAP_FAILED) {
      close(fd);
      return -1;
    }
    h = XXH3_128bits(data, (size_t)fst.st_size);
    refused = flyc__is_bitcode(data, (size_t)fst.st_size) &&
              flyc__check_producer(data, (size_t)fst.st_size, "link library", path,
                                   FLYC_ELINK) != FLYC_OK;
    munmap(data, (size_t)fst.st_size);
  }
  close(fd);
  st = fst; /* what was hashed */
  snprintf(hex, 33, "%016llx%016llx", (unsigned long long)h.high64,
           (unsigned long long)h.low64);
  pthread_mutex_lock(&memo_mu);
  size_t i = 0;
  while (i < nmemo && strcmp(memo[i].path, path) != 0)
    i++;
  file_hash_t *m = i < nmemo ? memo : realloc(memo, (nmemo + 1) * sizeof *m);
  char *p = i < nmemo ? memo[i].path : strdup(path);
  if (m && p) {
    memo = m;
    if (i == nmemo)
      nmemo++;
    memo[i] =
        (file_hash_t){p, st.st_dev, st.st_ino, st.st_size, st.st_mtim, st.st_ctim, h, refused};
  } else if (i == nmemo) {
    free(p);
  }
  pthread_mutex_unlock(&memo_mu);
  return refused;
}

/* ---- the directory ---- */

int flyc_cache_dir(char *buf, size_t size) {
  if (!buf || !size)
    return flyc__error_set(FLYC_EINVAL, "flyc_cache_dir: a buffer is required");
  const char *d = getenv("FLYC_CACHE_DIR"), *x = getenv("XDG_CACHE_HOME"),
             *h = getenv("HOME");
  int n;
  if (d && *d)
    n = snprintf(buf, size, "%s", d);
  else if (x && *x == '/')
    n = snprintf(buf, size, "%s/flyc", x);
  else if (h && *h)
    n = snprintf(buf, size, "%s/.cache/flyc", h);
  else
    return flyc__error_set(FLYC_ENOTFOUND, "no cache directory: FLYC_CACHE_DIR, "
                                           "XDG_CACHE_HOME and HOME are all unset");
  if (n < 0 || (size_t)n >= size)
    return flyc__error_set(FLYC_EINVAL, "flyc_cache_dir: the path needs %d bytes", n + 1);
  /* "dir/" and "dir/." would make lstat() follow a symbolic link. */
  for (size_t len = strlen(buf); len > 1;) {
    if (buf[len - 1] == '/')
      buf[--len] = '\0';
    else if (len > 2 && buf[len - 1] == '.' && buf[len - 2] == '/')
      buf[len -= 2] = '\0';
    else
      break;
  }
  return FLYC_OK;
}

/* FLYC_CACHE=0 (off, false, no) turns both caches off. */
static int cache_enabled(void) {
  const char *e = getenv("FLYC_CACHE");
  return !(e && (strcmp(e, "0") == 0 || strcasecmp(e, "off") == 0 ||
                 strcasecmp(e, "false") == 0 || strcasecmp(e, "no") == 0));
}

/* 1 when `st` is ours and not writable by group or others. */
static int trusted(const struct stat *st) {
  return st->st_uid == geteuid() && !(st->st_mode & (S_IWGRP | S_IWOTH));
}

/* Makes the directory (and missing parents, 0700) when `create`; 1 when it
 * is there and trusted. */
static int usable_dir(const char *dir, int create) {
  struct stat st;
  if (lstat(dir, &st) != 0) {
    if (!create || errno != ENOENT)
      return 0;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++)
      if (*p == '/') {
        *p = '\0';
        if (mkdir(tmp, 0700) != 0 && errno != EEXIST)
          return 0;
        *p = '/';
      }
    if (mkdir(tmp, 0700) != 0 && errno != EEXIST)
      return 0;
    if (lstat(dir, &st) != 0)
      return 0;
  }
  return S_ISDIR(st.st_mode) && trusted(&st);
}

static uint64_t max_bytes(void) {
  const char *e = getenv("FLYC_CACHE_MAX_BYTES");
  if (!e || !*e)
    return (uint64_t)1 << 30;
  if (*e < '0' || *e > '9')
    return (uint64_t)1 << 30; /* a sign, a space, a word: not a size */
  char *end;
  errno = 0;
  unsigned long long v = strtoull(e, &end, 10);
  uint64_t unit = 1;
  if (*end == 'k' || *end == 'K')
    unit = 1 << 10, end++;
  else if (*end == 'm' || *end == 'M')
    unit = 1 << 20, end++;
  else if (*end == 'g' || *end == 'G')
    unit = 1 << 30, end++;
  if (errno || *end || end == e || v > UINT64_MAX / unit)
    return (uint64_t)1 << 30; /* not a size: the default */
  return v * unit;
}

/* ---- the request: key and where it lives ---- */

/* One key line; the value length-prefixed, so no value can pass for two. */
static void key_line(flyc_buf_t *k, const char *what, const char *v) {
  if (v)
    flyc__buf_printf(k, "%s %zu:%s\n", what, strlen(v), v);
  else
    flyc__buf_printf(k, "%s -\n", what);
}

int flyc__cache_wanted(const flyc_compile_options_t *o) {
  return o && !(o->flags & FLYC_COMPILE_NO_CACHE) && cache_enabled();
}

int flyc__cache_begin(flyc_cache_req_t *r, const flyc_compile_options_t *options,
                      const void *input, size_t size, const flyc_processor_t *procs,
                      size_t nprocs, const char *extra) {
  memset(r, 0, sizeof *r);
  pthread_once(&atfork_once, register_atfork);
  if (!flyc__cache_wanted(options))
    return FLYC_OK; /* off, or options the compile will report */
  flyc_compile_t c;
  memset(&c, 0, sizeof c);
  c.opts = *options; /* normalized by the entry point (flyc__options_copy) */
  if (!c.opts.target || flyc__target_parse(&c.target, c.opts.target) != FLYC_OK ||
      (c.opts.link_library_count && !c.opts.link_libraries) ||
      (c.opts.exported_global_count && !c.opts.exported_globals) ||
      (c.opts.device_lib_dir_count && !c.opts.device_lib_dirs)) {
    flyc_error_clear(); /* the compile says what is wrong */
    return FLYC_OK;
  }
  flyc_buf_t *k = &r->key;
  key_line(k, KEY_VERSION, FLYC_VERSION_STRING);
  key_line(k, "build", FLYC_BUILD_ID); /* a rebuilt flyc never takes an older one's entries */
  key_line(k, "llvm", flyc_llvm_version());
  key_line(k, "comgr", flyc_comgr_version());
  key_line(k, "target", c.target.id);
  key_line(k, "features", c.target.features);
  const uint32_t neutral = FLYC_COMPILE_ISOLATED | FLYC_COMPILE_TRUSTED_BITCODE |
                           FLYC_COMPILE_NO_CACHE | FLYC_COMPILE_MEMORY_ONLY;
  flyc__buf_printf(k, "options cov=%u codegen=%u opt=%u flags=0x%x\n",
                   c.opts.code_object_version, c.opts.codegen, c.opts.opt_level,
                   c.opts.flags & ~neutral);
  for (size_t i = 0; i < c.opts.exported_global_count; i++)
    key_line(k, "export", c.opts.exported_globals[i]);
  for (size_t i = 0; i < c.opts.device_lib_dir_count; i++)
    key_line(k, "devlibdir", c.opts.device_lib_dirs[i]);
  key_line(k, "env FLYC_LLD", getenv("FLYC_LLD"));
  /* Only where the ld.lld subprocess can run: asked for, or `auto` in a
   * build without lld-lib (which auto prefers) - not on every lookup. */
  if (c.target.family == FLYC_TARGET_AMDGPU &&
      (c.opts.codegen == FLYC_CODEGEN_LLD ||
       (c.opts.codegen == FLYC_CODEGEN_AUTO && !flyc__lld_lib_available()))) {
    /* The ld.lld the subprocess path would run, by identity (replaced at
     * the same path, it is another linker): path, size, change time, inode. */
    char *lld = flyc__lld_find(), *real = lld ? realpath(lld, NULL) : NULL;
    struct stat st;
    if (real && stat(real, &st) == 0)
      flyc__buf_printf(k, "lld %s %lld %lld.%09ld %llu\n", real, (long long)st.st_size,
                       (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec,
                       (unsigned long long)st.st_ino);
    else
      key_line(k, "lld", "none");
    free(real);
    free(lld);
  }
  /* Bitcode the compile refuses unread (newer than this LLVM) gets no key: no
   * entry, say one an older flyc wrote after misreading it, is looked up. */
  if (flyc__is_bitcode(input, size) &&
      flyc__check_producer(input, size, "input", "", FLYC_EIR) != FLYC_OK) {
    flyc__buf_free(k);
    flyc_error_clear(); /* the compile says it */
    return FLYC_OK;
  }
  XXH128_hash_t ih = XXH3_128bits(input, size);
  flyc__buf_printf(k, "input %016llx%016llx %zu\n", (unsigned long long)ih.high64,
                   (unsigned long long)ih.low64, size);
  char hex[33];
  for (size_t i = 0; i < c.opts.link_library_count; i++) {
    const char *p = c.opts.link_libraries[i];
    if (!p || file_hash(p, hex) != 0) {
      flyc__buf_free(k);
      flyc__buf_free(&r->hashed);
      return FLYC_OK; /* unreadable: the compile reports it, nothing to cache */
    }
    key_line(k, "lib", hex);
    flyc__buf_printf(&r->hashed, "%s\t%s\n", hex, p);
  }
  /* The device libraries the target would link, wherever they are found. */
  if (!(c.opts.flags & FLYC_COMPILE_NO_DEVICE_LIBS) && c.target.ops->device_lib_files) {
    const char *dirs[8];
    char buf[8192];
    size_t nd = c.target.ops->device_lib_dirs(dirs, buf, sizeof buf);
    for (const char *const *f = c.target.ops->device_lib_files; *f; f++) {
      char *path = NULL;
      int h = 0;
      if (flyc__find_device_lib(&c, *f, dirs, nd, &path) == FLYC_OK &&
          (h = file_hash(path, hex)) == 0) {
        flyc__buf_printf(k, "devlib %s %zu:%s %s\n", *f, strlen(path), path, hex);
        flyc__buf_printf(&r->hashed, "%s\t%s\n", hex, path);
      } else
        flyc__buf_printf(k, "devlib %s none\n", *f);
      free(path);
      if (h == 1) { /* refused if linked: as for a link library */
        flyc__buf_free(k);
        flyc__buf_free(&r->hashed);
        flyc_error_clear();
        return FLYC_OK;
      }
    }
    flyc_error_clear();
  }
  if (extra)
    flyc__buf_append(k, extra, strlen(extra));
  int unnamed = 0;
  for (size_t i = 0; i < nprocs; i++) {
    if (procs[i].name) {
      key_line(k, "processor", procs[i].name);
    } else {
      /* Valid in this process only: never written to disk. */
      flyc__buf_printf(k, "processor unnamed %p %p\n", (void *)(uintptr_t)procs[i].fn,
                       procs[i].payload);
      unnamed = 1;
    }
  }
  if (k->oom || r->hashed.oom) {
    flyc__buf_free(k);
    flyc__buf_free(&r->hashed);
    return FLYC_OK;
  }
  r->hash = XXH3_128bits(k->data, k->len);
  r->memory = 1;
  r->unnamed = unnamed;
  r->memory_only = (c.opts.flags & FLYC_COMPILE_MEMORY_ONLY) != 0;
  char dir[4096];
  if (flyc_cache_dir(dir, sizeof dir - 64) == FLYC_OK) {
    snprintf(r->dir, sizeof r->dir, "%s", dir);
    snprintf(r->file, sizeof r->file, "%s/%016llx%016llx.flyc", dir,
             (unsigned long long)r->hash.high64, (unsigned long long)r->hash.low64);
    r->disk = 1;
  }
  flyc_error_clear();
  return FLYC_OK;
}

void flyc__cache_end(flyc_cache_req_t *r) {
  flyc__buf_free(&r->key);
  flyc__buf_free(&r->hashed);
}

/* ---- in memory ---- */

typedef struct mem_entry {
  XXH128_hash_t h;
  char *key;
  size_t len;
  flyc_artifact_t *a;
  uint64_t tick;
} mem_entry_t;

static mem_entry_t mem[MEMORY_CAP];
static size_t nmem;
static uint64_t mem_tick;

static flyc_artifact_t *mem_get(const flyc_cache_req_t *r) {
  flyc_artifact_t *a = NULL;
  pthread_mutex_lock(&mem_mu);
  for (size_t i = 0; i < nmem && !a; i++)
    if (XXH128_isEqual(mem[i].h, r->hash) && mem[i].len == r->key.len &&
        memcmp(mem[i].key, r->key.data, r->key.len) == 0) {
      a = flyc__artifact_ref(mem[i].a);
      mem[i].tick = ++mem_tick;
    }
  pthread_mutex_unlock(&mem_mu);
  return a;
}

static void mem_put(const flyc_cache_req_t *r, flyc_artifact_t *a) {
  char *key = malloc(r->key.len);
  if (!key)
    return;
  memcpy(key, r->key.data, r->key.len);
  flyc_artifact_t *old = NULL;
  pthread_mutex_lock(&mem_mu);
  size_t slot = nmem;
  for (size_t i = 0; i < nmem; i++)
    if (XXH128_isEqual(mem[i].h, r->hash) && mem[i].len == r->key.len &&
        memcmp(mem[i].key, r->key.data, r->key.len) == 0)
      slot = i; /* a racing compile of the same key: the newer replaces it */
  if (slot == nmem && nmem == MEMORY_CAP) {
    slot = 0;
    for (size_t i = 1; i < nmem; i++)
      if (mem[i].tick < mem[slot].tick)
        slot = i;
  }
  if (slot < nmem) {
    old = mem[slot].a;
    free(mem[slot].key);
  } else {
    nmem++;
  }
  mem[slot] = (mem_entry_t){r->hash, key, r->key.len, flyc__artifact_ref(a), ++mem_tick};
  pthread_mutex_unlock(&mem_mu);
  flyc_artifact_destroy(old);
}

static size_t mem_clear(void);

size_t flyc_cache_forget(void) { return mem_clear(); }

static size_t mem_clear(void) {
  pthread_mutex_lock(&mem_mu);
  size_t n = nmem;
  mem_entry_t copy[MEMORY_CAP];
  memcpy(copy, mem, n * sizeof *copy);
  nmem = 0;
  pthread_mutex_unlock(&mem_mu);
  for (size_t i = 0; i < n; i++) {
    free(copy[i].key);
    flyc_artifact_destroy(copy[i].a);
  }
  return n;
}

/* ---- on disk ---- */

static void put_u64(flyc_buf_t *b, uint64_t v) {
  unsigned char x[8];
  for (int i = 0; i < 8; i++)
    x[i] = (unsigned char)(v >> (8 * i));
  flyc__buf_append(b, (const char *)x, 8);
}

static uint64_t get_u64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* Reads a whole entry if it is a trusted regular file; 1 read, 0 absent,
 * -1 there but not trusted, -2 unreadable. */
static int read_entry(const char *path, unsigned char **data, size_t *size, int bump) {
  /* Non-blocking: a FIFO planted here must not hang the compile. */
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return errno == ENOENT ? 0 : -2;
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !trusted(&st)) {
    close(fd);
    return -1;
  }
  if ((uint64_t)st.st_size > MAX_ENTRY || !(*data = malloc((size_t)st.st_size + 1))) {
    close(fd);
    return -2;
  }
  size_t got = 0;
  while (got < (size_t)st.st_size) {
    ssize_t n = read(fd, *data + got, (size_t)st.st_size - got);
    if (n <= 0) {
      if (n < 0 && errno == EINTR)
        continue;
      break;
    }
    got += (size_t)n;
  }
  if (bump && got == (size_t)st.st_size)
    (void)futimens(fd, NULL); /* least recently used goes first */
  close(fd);
  *size = got;
  return 1;
}

/* The key and payload of an entry, or -1 when it is not a whole one. */
static int parse_entry(const unsigned char *d, size_t n, const unsigned char **key,
                       size_t *klen, const unsigned char **payload, size_t *plen) {
  if (n < 8 + 4 + 8 + 8 + 8 || memcmp(d, ENTRY_MAGIC, 8) != 0)
    return -1;
  uint32_t ver = (uint32_t)d[8] | (uint32_t)d[9] << 8 | (uint32_t)d[10] << 16 |
                 (uint32_t)d[11] << 24;
  if (ver != ENTRY_VERSION)
    return -1;
  if (XXH64(d, n - 8, 0) != get_u64(d + n - 8))
    return -1;
  size_t off = 12;
  uint64_t kl = get_u64(d + off);
  off += 8;
  if (kl > n - off - 16)
    return -1;
  *key = d + off;
  *klen = (size_t)kl;
  off += (size_t)kl;
  uint64_t pl = get_u64(d + off);
  off += 8;
  if (pl != n - off - 8)
    return -1;
  *payload = d + off;
  *plen = (size_t)pl;
  return 0;
}

static void remove_bad(const char *path) {
  if (unlink(path) == 0)
    count(&stats.corrupt);
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
static int disk_get(const flyc_cache_req_t *r, flyc_artifact_t **out) {
  uint64_t start = flyc__now_us();
  unsigned char *d = NULL;
  size_t n = 0;
  int st = read_entry(r->file, &d, &n, 1);
  if (st <= 0) {
    if (st == -2)
      count(&stats.errors);
    free(d);
    return 0; /* absent, or another user's: not ours to judge */
  }
  const unsigned char *key, *payload;
  size_t klen, plen;
  flyc_artifact_t *a = NULL;
  int ok = parse_entry(d, n, &key, &klen, &payload, &plen) == 0 && klen == r->key.len &&
           memcmp(key, r->key.data, klen) == 0 &&
           flyc__artifact_deserialize(payload, plen, &a) == FLYC_OK && plausible(r, a);
  if (!ok) {
    /* Corrupt, truncated, or another key's bytes under this name. */
    flyc_artifact_destroy(a);
    free(d);
    remove_bad(r->file);
    flyc_error_clear(); /* a miss, not an error */
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
  *out = a;
  return 1;
}

/* Entries in the directory, for the size cap and the listing. */
typedef struct dent {
  char *path;
  uint64_t bytes;
  struct timespec mtime;
} dent_t;

static int by_mtime(const void *x, const void *y) {
  const dent_t *a = x, *b = y;
  if (a->mtime.tv_sec != b->mtime.tv_sec)
    return a->mtime.tv_sec < b->mtime.tv_sec ? -1 : 1;
  return a->mtime.tv_nsec < b->mtime.tv_nsec ? -1 : a->mtime.tv_nsec > b->mtime.tv_nsec;
}

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The trusted entries (and, with `tmp`, stale temporary files older than an
 * hour) of `dir`, oldest first. -1 when the directory cannot be read. */
static long scan(const char *dir, dent_t **out, int tmp, int any_mode) {
  *out = NULL;
  DIR *dp = opendir(dir);
  if (!dp)
    return -1;
  size_t n = 0, cap = 0;
  dent_t *v = NULL;
  time_t now = time(NULL);
  for (struct dirent *e; (e = readdir(dp));) {
    int entry = ends_with(e->d_name, ".flyc") && e->d_name[0] != '.';
    int stale = tmp && strncmp(e->d_name, ".tmp-", 5) == 0;
    if (!entry && !stale)
      continue;
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (lstat(path, &st) != 0 || S_ISDIR(st.st_mode) ||
        !(any_mode ? st.st_uid == geteuid() : S_ISREG(st.st_mode) && trusted(&st)))
      continue; /* clear (any_mode) also takes this user's FIFOs and links */
    if (stale && now - st.st_mtim.tv_sec < 3600)
      continue; /* a writer may still be at it */
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      dent_t *nv = realloc(v, cap * sizeof *nv);
      if (!nv)
        break;
      v = nv;
    }
    if (!(v[n].path = strdup(path)))
      break;
    v[n].bytes = (uint64_t)st.st_size;
    v[n].mtime = stale ? (struct timespec){0, 0} : st.st_mtim; /* stale ones go first */
    n++;
  }
  closedir(dp);
  if (n > 1)
    qsort(v, n, sizeof *v, by_mtime);
  *out = v;
  return (long)n;
}

static void free_dents(dent_t *v, long n) {
  for (long i = 0; i < n; i++)
    free(v[i].path);
  free(v);
}

/* Removes the least recently used entries while the directory holds more
 * than the cap; `keep` (just written) goes last. */
static void evict(const char *dir, const char *keep) {
  dent_t *v;
  long n = scan(dir, &v, 1, 0);
  if (n < 0)
    return;
  uint64_t total = 0, cap = max_bytes();
  for (long i = 0; i < n; i++)
    total += v[i].bytes;
  for (long i = 0; i < n && total > cap; i++) {
    if (strcmp(v[i].path, keep) == 0)
      continue;
    if (unlink(v[i].path) == 0) {
      total -= v[i].bytes;
      if (ends_with(v[i].path, ".flyc"))
        count(&stats.evictions); /* stale temporary files are not entries */
    }
  }
  free_dents(v, n);
}

static int write_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return -1;
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

/* Appends a note to the artifact's log (before anyone else sees it). */
static void note(flyc_artifact_t *a, const char *fmt, const char *arg) {
  flyc_buf_t log = {0};
  flyc__buf_printf(&log, "%s%s", a->log ? a->log : "", a->log && *a->log ? "\n" : "");
  flyc__buf_printf(&log, fmt, arg);
  if (!log.oom) {
    free(a->log);
    a->log = flyc__buf_take(&log);
  }
  flyc__buf_free(&log);
}

static void disk_put(const flyc_cache_req_t *r, flyc_artifact_t *a) {
  if (!usable_dir(r->dir, 1)) {
    count(&stats.errors);
    note(a, "note: not cached on disk: the cache directory '%s' cannot be made, is not "
            "ours, or is writable by others",
         r->dir);
    return;
  }
  flyc_buf_t b = {0}, payload = {0};
  if (flyc__artifact_serialize(a, &payload) != FLYC_OK) {
    flyc__buf_free(&payload);
    count(&stats.errors);
    return;
  }
  flyc__buf_append(&b, ENTRY_MAGIC, 8);
  unsigned char ver[4] = {ENTRY_VERSION & 0xff, 0, 0, 0};
  flyc__buf_append(&b, (const char *)ver, 4);
  put_u64(&b, r->key.len);
  flyc__buf_append(&b, r->key.data, r->key.len);
  put_u64(&b, payload.len);
  flyc__buf_append(&b, payload.data, payload.len);
  flyc__buf_free(&payload);
  if (!b.oom)
    put_u64(&b, XXH64(b.data, b.len, 0));
  /* A file size limit would end the process with SIGXFSZ mid-write. */
  struct rlimit fl;
  if (!b.oom && getrlimit(RLIMIT_FSIZE, &fl) == 0 && fl.rlim_cur != RLIM_INFINITY &&
      (uint64_t)b.len > (uint64_t)fl.rlim_cur) {
    count(&stats.errors);
    note(a, "note: not cached on disk: the entry (%s) is over the process's file size limit",
         "RLIMIT_FSIZE");
    flyc__buf_free(&b);
    return;
  }
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s/.tmp-%d-XXXXXX", r->dir, (int)getpid());
  int fd = b.oom ? -1 : mkstemp(tmp);
  int ok = fd >= 0 && write_all(fd, b.data, b.len) == 0 && fsync(fd) == 0;
  if (fd >= 0)
    ok = close(fd) == 0 && ok;
  /* Never over a file we do not trust (another user's, or one others may
   * write): it stays as it is, and this result is not stored. */
  struct stat old;
  if (ok && lstat(r->file, &old) == 0 && (!S_ISREG(old.st_mode) || !trusted(&old)))
    ok = 0;
  /* rename() replaces atomically: a racing writer of the same key leaves
   * its whole entry or ours, never a mix. */
  if (ok && rename(tmp, r->file) == 0) {
    count(&stats.writes);
    evict(r->dir, r->file);
  } else {
    if (fd >= 0)
      unlink(tmp);
    count(&stats.errors);
    note(a, "note: not cached on disk: writing an entry in '%s' failed", r->dir);
  }
  flyc__buf_free(&b);
}

/* ---- the compile's side ---- */

int flyc__cache_get(flyc_cache_req_t *r, flyc_artifact_t **out) {
  if (!r->memory)
    return 0;
  if ((*out = mem_get(r))) {
    count(&stats.memory_hits);
    return 1;
  }
  if (r->disk && !r->memory_only && !r->unnamed && usable_dir(r->dir, 0)) {
    int rc = disk_get(r, out);
    if (rc) {
      if (rc == 1) {
        count(&stats.disk_hits);
        mem_put(r, *out);
      }
      return rc;
    }
  }
  count(&stats.misses);
  return 0;
}

int flyc__cache_check(flyc_cache_req_t *r, const flyc_processor_t *procs, size_t nprocs) {
  if (!r->memory || !r->unnamed || !r->disk || r->memory_only || !usable_dir(r->dir, 1))
    return FLYC_OK; /* nothing would be written */
  for (size_t i = 0; i < nprocs; i++)
    if (!procs[i].name)
      return flyc__error_set(FLYC_ENOTSERIALIZABLE,
                             "post-load processor %zu has no registered name, so the disk "
                             "cache cannot write this artifact: register it "
                             "(flyc_processor_register) and name it in the link_extern, compile "
                             "with FLYC_COMPILE_MEMORY_ONLY (or FLYC_COMPILE_NO_CACHE), or set "
                             "FLYC_CACHE=0",
                             i);
  return FLYC_OK;
}

/* 1 when every library the compile linked is one the key hashed, byte for
 * byte: a library replaced between the key and the compile (or during it)
 * must not put its code under the other's key. */
static int inputs_match(const flyc_cache_req_t *r, const flyc_artifact_t *a, char *culprit,
                        size_t n) {
  for (const char *p = a->inputs ? a->inputs : ""; *p;) {
    size_t len = strcspn(p, "\n");
    int found = 0;
    for (const char *q = flyc__buf_str(&r->hashed); *q && !found;) {
      size_t ql = strcspn(q, "\n");
      found = ql == len && memcmp(p, q, len) == 0;
      q += ql + (q[ql] == '\n');
    }
    if (!found) {
      const char *tab = memchr(p, '\t', len);
      snprintf(culprit, n, "%.*s", tab ? (int)(len - (size_t)(tab + 1 - p)) : (int)len,
               tab ? tab + 1 : p);
      return 0;
    }
    p += len + (p[len] == '\n');
  }
  return 1;
}

int flyc__cache_put(flyc_cache_req_t *r, flyc_artifact_t *a) {
  if (!r->memory)
    return FLYC_OK;
  char culprit[4200];
  if (!inputs_match(r, a, culprit, sizeof culprit)) {
    count(&stats.errors);
    note(a, "note: not cached: library '%s' changed while it was compiled", culprit);
    return FLYC_OK;
  }
  /* To disk first: its notes belong in the log before the artifact is
   * shared. */
  if (r->disk && !r->memory_only && !r->unnamed) {
    disk_put(r, a);
    flyc_error_clear(); /* the cache's own failures are counted, not raised */
  }
  mem_put(r, a);
  return FLYC_OK;
}

/* ---- maintenance ---- */

int flyc_cache_stats(flyc_cache_stats_t *out) {
  if (!out)
    return flyc__error_set(FLYC_EINVAL, "flyc_cache_stats: out is required");
  flyc_cache_stats_t s;
  memset(&s, 0, sizeof s);
  s.size = sizeof s;
  char dir[4096];
  s.max_bytes = max_bytes();
  if (flyc_cache_dir(dir, sizeof dir) != FLYC_OK) {
    s.disk = FLYC_CACHE_DISK_UNUSABLE;
  } else {
    /* What the directory holds, even with the caches off. */
    struct stat st;
    int there = lstat(dir, &st) == 0, ok = there && usable_dir(dir, 0);
    s.disk = !cache_enabled()   ? FLYC_CACHE_DISK_OFF
             : !there || ok     ? FLYC_CACHE_DISK_ON
                                : FLYC_CACHE_DISK_UNUSABLE;
    dent_t *v;
    long n = ok ? scan(dir, &v, 0, 0) : -1;
    for (long i = 0; i < n; i++)
      s.bytes += v[i].bytes;
    s.entries = n > 0 ? (uint64_t)n : 0;
    if (n >= 0)
      free_dents(v, n);
  }
  flyc_error_clear();
  pthread_mutex_lock(&mem_mu);
  s.memory_entries = nmem;
  pthread_mutex_unlock(&mem_mu);
  s.memory_hits = stats.memory_hits;
  s.disk_hits = stats.disk_hits;
  s.misses = stats.misses;
  s.writes = stats.writes;
  s.evictions = stats.evictions;
  s.corrupt = stats.corrupt;
  s.errors = stats.errors;
  size_t n = out->size && out->size < sizeof s ? out->size : sizeof s;
  memcpy(out, &s, n);
  out->size = (uint32_t)n;
  return FLYC_OK;
}

static void join_names(flyc_buf_t *b, const flyc_artifact_t *a, int procs) {
  size_t n = procs ? a->processor_count : a->kernel_count;
  for (size_t i = 0; i < n; i++) {
    const char *s = procs ? a->processors[i].name : a->kernels[i].name;
    flyc__buf_printf(b, "%s%s", i ? "," : "", s ? s : "");
  }
  flyc__buf_append(b, "", 0);
}

int flyc_cache_list(flyc_cache_entry_cb cb, void *payload) {
  if (!cb)
    return flyc__error_set(FLYC_EINVAL, "flyc_cache_list: a callback is required");
  char dir[4096];
  int rc = flyc_cache_dir(dir, sizeof dir);
  if (rc)
    return rc;
  struct stat st;
  if (lstat(dir, &st) != 0 && errno == ENOENT)
    return FLYC_OK; /* nothing cached yet */
  if (!usable_dir(dir, 0))
    return flyc__error_set(FLYC_EIO, "cache directory '%s' is not ours or is writable by "
                                     "others; not used",
                           dir);
  dent_t *v;
  long n = scan(dir, &v, 0, 0);
  if (n < 0)
    return flyc__error_set(FLYC_EIO, "cannot read cache directory '%s': %s", dir,
                           strerror(errno));
  rc = FLYC_OK;
  for (long i = n - 1; i >= 0 && rc == FLYC_OK; i--) { /* most recent first */
    unsigned char *d = NULL;
    size_t size = 0;
    const unsigned char *key, *pl;
    size_t klen, plen;
    flyc_artifact_t *a = NULL;
    if (read_entry(v[i].path, &d, &size, 0) == 1 &&
        parse_entry(d, size, &key, &klen, &pl, &plen) == 0 &&
        flyc__artifact_deserialize(pl, plen, &a) == FLYC_OK) {
      flyc_buf_t kn = {0}, pn = {0};
      join_names(&kn, a, 0);
      join_names(&pn, a, 1);
      flyc_cache_entry_t e = {v[i].path,          v[i].bytes,          v[i].mtime.tv_sec,
                              flyc_artifact_target(a), a->kernel_count, flyc__buf_str(&kn),
                              flyc__buf_str(&pn)};
      rc = cb(&e, payload);
      flyc__buf_free(&kn);
      flyc__buf_free(&pn);
    } else {
      count(&stats.corrupt);
      flyc_error_clear();
    }
    flyc_artifact_destroy(a);
    free(d);
  }
  free_dents(v, n);
  return rc;
}

int flyc_cache_clear(size_t *removed) {
  if (removed)
    *removed = 0;
  mem_clear();
  char dir[4096];
  if (flyc_cache_dir(dir, sizeof dir) != FLYC_OK) {
    flyc_error_clear();
    return FLYC_OK;
  }
  struct stat st;
  if (lstat(dir, &st) != 0 && errno == ENOENT)
    return FLYC_OK;
  if (!usable_dir(dir, 0))
    return flyc__error_set(FLYC_EIO, "cache directory '%s' is not ours or is writable by "
                                     "others; not touched",
                           dir);
  dent_t *v;
  long n = scan(dir, &v, 1, 1); /* every entry of ours, trusted or not */
  if (n < 0)
    return flyc__error_set(FLYC_EIO, "cannot read cache directory '%s': %s", dir,
                           strerror(errno));
  size_t k = 0;
  for (long i = 0; i < n; i++)
    k += unlink(v[i].path) == 0 && ends_with(v[i].path, ".flyc");
  free_dents(v, n);
  if (removed)
    *removed = k;
  return FLYC_OK;
}
