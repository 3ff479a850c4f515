/* The compile caches (flyc/cache.h): the in-memory table, disk entries
 * shared across processes, post-load processors by registered name, corrupt
 * and untrusted entries, concurrent writers, the size cap, the listing,
 * clearing and directory rules, and `flyc cache`.
 *
 * ctest sets FLYC_CACHE=0 for every test: main() unsets it and points
 * FLYC_CACHE_DIR at a fresh temporary directory, and each test uses its own
 * subdirectory of it (the library reads the environment at each compile).
 * The in-memory cache is process-wide and not keyed by the directory, so each
 * test starts with forget_memory(). Work that must happen in another process
 * (an entry written elsewhere, racing writers) runs in forked children, which
 * report through their exit status, never through cmocka's assertions.
 *
 * A few checks build entries by hand, from the layout src/cache/disk.c writes
 * (see "Entries by hand" below): the documented rules about corrupt and
 * foreign entries, and about a processor name this process has not
 * registered, cannot be reached otherwise.
 *
 * Tests marked "Regression" guard bugs this suite found when it was first
 * written (see the comment on each). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <llvm-c/Core.h>

#define XXH_INLINE_ALL /* header-only: the entry checksum, XXH64 */
#include <xxhash.h>

#include "flyc/driver.h"
#include "flyc/kernel.h"
#include "util.h"

#define VADD FX("vadd_amdgcn.gfx90a.ll")
#define NOLIB FX("k_no_lib_amdgcn.gfx90a.ll")
#define LIB_CCO FX("mstl_cco_amdgcn.gfx90a.cov4.bc")
#define LIB_ABI FX("abi_version_amdgcn.gfx90a.cov4.bc")
#define CLI FLYC_TEST_CLI
#define RUN(out, ...) tu_run((char *[]){CLI, __VA_ARGS__, NULL}, out)

/* Processor names; P and Q have the same length (see forge_payload). */
#define PROC_P "test.cache.proc_p"
#define PROC_Q "test.cache.proc_q"
#define PROC_L "test.cache.proc_l"

static char root[64]; /* the suite's temporary directory */

#define DIRLEN 256 /* a cache directory's path (under root) */

/* ---- environment, files, stats ---- */

/* Points FLYC_CACHE_DIR at <root>/<name> (not created) and returns it in dir. */
static void use_dir(char dir[DIRLEN], const char *name) {
  snprintf(dir, DIRLEN, "%s/%s", root, name);
  setenv("FLYC_CACHE_DIR", dir, 1);
}

static flyc_cache_stats_t stats_now(void) {
  flyc_cache_stats_t s;
  memset(&s, 0, sizeof s);
  s.size = sizeof s;
  int rc = flyc_cache_stats(&s);
  if (rc != FLYC_OK)
    fail_msg("flyc_cache_stats: %s", flyc_error_last()->message);
  return s;
}

/* Drops the in-memory cache and nothing else: flyc_cache_clear() while
 * FLYC_CACHE_DIR names a directory that does not exist. */
static void forget_memory(void) {
  char *saved = getenv("FLYC_CACHE_DIR") ? strdup(getenv("FLYC_CACHE_DIR")) : NULL;
  char none[128];
  snprintf(none, sizeof none, "%s/never-created", root);
  setenv("FLYC_CACHE_DIR", none, 1);
  size_t n = 99;
  assert_ok(flyc_cache_clear(&n));
  assert_int_equal(n, 0);
  if (saved)
    setenv("FLYC_CACHE_DIR", saved, 1);
  else
    unsetenv("FLYC_CACHE_DIR");
  free(saved);
  assert_int_equal(stats_now().memory_entries, 0);
}

/* HOME, XDG_CACHE_HOME and FLYC_CACHE_DIR, saved and put back around a test
 * that changes them. */
typedef struct saved_env {
  char *home, *xdg, *dir;
} saved_env_t;

static saved_env_t save_env(void) {
  saved_env_t e = {getenv("HOME") ? strdup(getenv("HOME")) : NULL,
                   getenv("XDG_CACHE_HOME") ? strdup(getenv("XDG_CACHE_HOME")) : NULL,
                   strdup(getenv("FLYC_CACHE_DIR"))};
  return e;
}

static void restore_env(saved_env_t *e) {
  if (e->home)
    setenv("HOME", e->home, 1);
  if (e->xdg)
    setenv("XDG_CACHE_HOME", e->xdg, 1);
  setenv("FLYC_CACHE_DIR", e->dir, 1);
  free(e->home);
  free(e->xdg);
  free(e->dir);
}

/* Asserts how much the process counters moved since `s0`. */
static void expect_moved(const char *what, const flyc_cache_stats_t *s0, int memory_hits,
                         int disk_hits, int misses, int writes) {
  flyc_cache_stats_t s = stats_now();
  int got[4] = {(int)(s.memory_hits - s0->memory_hits), (int)(s.disk_hits - s0->disk_hits),
                (int)(s.misses - s0->misses), (int)(s.writes - s0->writes)};
  if (got[0] != memory_hits || got[1] != disk_hits || got[2] != misses || got[3] != writes)
    fail_msg("%s: memory_hits/disk_hits/misses/writes moved by %d/%d/%d/%d, expected "
             "%d/%d/%d/%d",
             what, got[0], got[1], got[2], got[3], memory_hits, disk_hits, misses, writes);
}

/* Files of `dir` whose names start with `prefix` and end with `suffix`. */
static int count_files(const char *dir, const char *prefix, const char *suffix) {
  DIR *d = opendir(dir);
  if (!d)
    return 0;
  int n = 0;
  for (struct dirent *e; (e = readdir(d));) {
    size_t len = strlen(e->d_name), sl = strlen(suffix);
    if (strncmp(e->d_name, prefix, strlen(prefix)) == 0 && len >= sl &&
        strcmp(e->d_name + len - sl, suffix) == 0 && strcmp(e->d_name, ".") != 0 &&
        strcmp(e->d_name, "..") != 0)
      n++;
  }
  closedir(d);
  return n;
}
#define ENTRIES(dir) count_files((dir), "", ".flyc")

/* The path of the .flyc entry of `dir` that is not `except` (may be NULL);
 * asserts there is exactly one such. */
static void find_entry(const char *dir, const char *except, char out[600]) {
  DIR *d = opendir(dir);
  if (!d)
    fail_msg("cannot open %s", dir);
  int n = 0;
  for (struct dirent *e; (e = readdir(d));) {
    size_t len = strlen(e->d_name);
    if (len < 5 || strcmp(e->d_name + len - 5, ".flyc") != 0)
      continue;
    char p[600];
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    if (except && strcmp(p, except) == 0)
      continue;
    snprintf(out, 600, "%s", p);
    n++;
  }
  closedir(d);
  if (n != 1)
    fail_msg("%s: %d new entries, expected one", dir, n);
}


static int exists(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0;
}

static struct stat stat_of(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0)
    fail_msg("stat %s: %s", path, strerror(errno));
  return st;
}

/* Sets the modification time `ago` seconds in the past. */
static void backdate(const char *path, int ago) {
  struct timespec t[2];
  clock_gettime(CLOCK_REALTIME, &t[0]);
  t[0].tv_sec -= ago;
  t[1] = t[0];
  assert_int_equal(utimensat(AT_FDCWD, path, t, 0), 0);
}

/* Replaces a file's bytes in place (its inode, owner and mode stay). */
static void overwrite(const char *path, const void *data, size_t size) {
  int fd = open(path, O_WRONLY | O_TRUNC | O_CREAT, 0600);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, data, size), (ssize_t)size);
  assert_int_equal(close(fd), 0);
}

static void copy_file(const char *from, const char *to) {
  size_t n;
  void *d = tu_read(from, &n);
  assert_non_null(d);
  overwrite(to, d, n);
  free(d);
}

/* One cache entry: a memory hit returns the cache's own view of the artifact
 * the compile (or the disk read) returned (flyc_artifact_origin()), sharing
 * its storage, so the same code bytes in memory, not a copy. */
static void assert_same_entry(const flyc_artifact_t *a, const flyc_artifact_t *b) {
  assert_ptr_equal(flyc_artifact_code(a, NULL), flyc_artifact_code(b, NULL));
}

static void assert_other_entry(const flyc_artifact_t *a, const flyc_artifact_t *b) {
  assert_ptr_not_equal(flyc_artifact_code(a, NULL), flyc_artifact_code(b, NULL));
}

static void assert_same_code(const flyc_artifact_t *a, const flyc_artifact_t *b) {
  size_t na, nb;
  const void *ca = flyc_artifact_code(a, &na), *cb = flyc_artifact_code(b, &nb);
  assert_int_equal(na, nb);
  assert_memory_equal(ca, cb, na);
  assert_string_equal(flyc_artifact_target(a), flyc_artifact_target(b));
  assert_int_equal(flyc_artifact_kernel_count(a), flyc_artifact_kernel_count(b));
  for (size_t i = 0; i < flyc_artifact_kernel_count(a); i++) {
    const flyc_kernel_info_t *ka = flyc_artifact_kernel(a, i), *kb = flyc_artifact_kernel(b, i);
    assert_string_equal(ka->name, kb->name);
    assert_int_equal(ka->kernarg_segment_size, kb->kernarg_segment_size);
    assert_int_equal(ka->vgpr_count, kb->vgpr_count);
    assert_int_equal(ka->arg_count, kb->arg_count);
  }
}

static int code_differs(const flyc_artifact_t *a, const flyc_artifact_t *b) {
  size_t na, nb;
  const void *ca = flyc_artifact_code(a, &na), *cb = flyc_artifact_code(b, &nb);
  return na != nb || memcmp(ca, cb, na) != 0;
}

/* ---- compiles ---- */

static flyc_compile_options_t opts(uint32_t flags) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = flags;
  return o;
}

static flyc_artifact_t *compile_ok(const char *path, const flyc_compile_options_t *o) {
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_file(&a, path, o));
  assert_non_null(a);
  return a;
}

/* A fresh directory `name` (in `dir`) holding the entry of VADD compiled
 * with opts(0), whose path goes to `entry`; memory forgotten. */
static flyc_compile_options_t with_entry(char *dir, const char *name, char *entry) {
  use_dir(dir, name);
  forget_memory();
  flyc_compile_options_t o = opts(0);
  flyc_artifact_destroy(compile_ok(VADD, &o));
  find_entry(dir, NULL, entry);
  return o;
}

/* A compile with both caches off (FLYC_CACHE=0): the reference code. */
static flyc_artifact_t *fresh_compile(const char *path, const flyc_compile_options_t *o) {
  flyc_artifact_t *a = NULL;
  setenv("FLYC_CACHE", "0", 1);
  int rc = flyc_compile_file(&a, path, o);
  unsetenv("FLYC_CACHE");
  assert_ok(rc);
  return a;
}

/* The directories are written once, before any thread reads them: the
 * threads test asks for variants from eight threads at once. */
static char variant_dirs[300][64];
static const char *variant_ptrs[300];
static pthread_once_t variant_once = PTHREAD_ONCE_INIT;

static void variant_init(void) {
  for (int i = 0; i < 300; i++) {
    snprintf(variant_dirs[i], sizeof variant_dirs[i], "/nonexistent/flyc-cache-test/n%03d", i);
    variant_ptrs[i] = variant_dirs[i];
  }
}

/* Distinct keys with identical output and entries of equal size: vadd with
 * one nonexistent device-library directory, numbered `i` (0 to 299). */
static flyc_compile_options_t variant_n(int i) {
  pthread_once(&variant_once, variant_init);
  flyc_compile_options_t o = opts(0);
  o.device_lib_dirs = &variant_ptrs[i];
  o.device_lib_dir_count = 1;
  return o;
}

/* Variants 'a' to 'z' (numbers 270 to 295). */
static flyc_compile_options_t variant(char which) { return variant_n(270 + (which - 'a')); }

/* A kernel builder context with kernel "pe_kernel": out[0] = mstl_my_pe(),
 * called through a link_extern on the stand-in library with processor
 * {name, fn, payload}. Returns a status (usable in children). */
static const flyc_ffi_t my_pe = {sizeof(flyc_ffi_t), "mstl_my_pe", {FLYC_TYPE_I32, 0}, NULL, 0, 0};
static const flyc_param_t out_param = {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 0, NULL};

static int pe_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                   void *payload) {
  LLVMValueRef v = flyc_kb_call_extern(kb, payload, NULL, 0);
  if (!v)
    return -1;
  LLVMBuildStore(b, v, args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static int pe_compile(flyc_artifact_t **out, const char *name, flyc_post_load_cb fn,
                      void *payload, const flyc_compile_options_t *o) {
  flyc_extern_t ext = {sizeof(flyc_extern_t), &my_pe, LIB_MSTL, {name, fn, payload}};
  flyc_ctx_t *ctx = NULL;
  int rc = flyc_ctx_create(&ctx, "gfx90a");
  if (rc)
    return rc;
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "pe_kernel";
  d.params = &out_param;
  d.param_count = 1;
  d.body = pe_body;
  d.payload = &ext;
  rc = flyc_kernel_emit(ctx, &d, NULL);
  if (!rc)
    rc = flyc_ctx_compile(ctx, o, out);
  flyc_ctx_destroy(ctx);
  return rc;
}

/* Processors: each counts its runs in the int its payload points to. */
static int count_run(const flyc_loaded_module_t *m, void *payload) {
  (void)m;
  ++*(int *)payload;
  return 0;
}
static int other_run(const flyc_loaded_module_t *m, void *payload) {
  (void)m, (void)payload;
  return 0;
}

/* ---- children ---- */

typedef int (*child_fn)(void *arg);

/* Runs fn(arg) in a forked child and returns its exit status (0: success;
 * a signal gives 128 + its number). */
static int in_child(child_fn fn, void *arg) {
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0)
    _exit(fn(arg));
  int st;
  assert_int_equal(waitpid(pid, &st, 0), pid);
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* A child's compile of `path`: after a byte (or EOF) on start_fd when that
 * is >= 0; with `want_write`, the compile must have written the entry. */
typedef struct job {
  const char *path;
  flyc_compile_options_t o;
  int want_write;
  int start_fd;
} job_t;

static int child_compile(void *p) {
  job_t *j = p;
  char c;
  if (j->start_fd >= 0)
    while (read(j->start_fd, &c, 1) < 0 && errno == EINTR)
      ;
  flyc_cache_stats_t s0 = {sizeof s0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, s1 = s0;
  flyc_cache_stats(&s0);
  flyc_artifact_t *a = NULL;
  if (flyc_compile_file(&a, j->path, &j->o)) {
    fprintf(stderr, "child %d: %s\n", (int)getpid(), flyc_error_last()->message);
    return 10;
  }
  flyc_cache_stats(&s1);
  flyc_artifact_destroy(a);
  if (j->want_write && s1.writes != s0.writes + 1) {
    fprintf(stderr, "child %d: the compile wrote no entry\n", (int)getpid());
    return 11;
  }
  if (s1.misses + s1.disk_hits != s0.misses + s0.disk_hits + 1) {
    fprintf(stderr, "child %d: neither a miss nor a disk hit\n", (int)getpid());
    return 12;
  }
  return 0;
}

/* ---- a driver that loads anything (handle 1) and does nothing else ----
 * `self`, when not NULL, counts loads and unloads. */


/* ---- entries by hand ----
 * The layout src/cache/disk.c writes: "FLYCACHE", u32 format version (1), u64 key
 * length, the key text, u64 artifact length, the artifact bytes, and the
 * XXH64 (seed 0) of everything before it; integers little-endian. */

static void put_le64(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 8; i++)
    p[i] = (unsigned char)(v >> (8 * i));
}
static uint64_t get_le64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* Recomputes the checksum of a whole entry. */
static void reseal(unsigned char *d, size_t n) { put_le64(d + n - 8, XXH64(d, n - 8, 0)); }

/* Where the key and the artifact lie in a well-formed entry. */
typedef struct parts {
  size_t key_off, key_len, art_off, art_len;
} parts_t;

static parts_t entry_parts(const unsigned char *d, size_t n) {
  parts_t p;
  assert_true(n > 44);
  assert_memory_equal(d, "FLYCACHE", 8);
  p.key_off = 20;
  p.key_len = (size_t)get_le64(d + 12);
  assert_true(p.key_len < n);
  p.art_off = p.key_off + p.key_len + 8;
  p.art_len = (size_t)get_le64(d + p.art_off - 8);
  assert_int_equal(p.art_off + p.art_len + 8, n);
  assert_int_equal(get_le64(d + n - 8), XXH64(d, n - 8, 0));
  return p;
}

/* A sealed entry of `key` around `art` with format version `ver`. */
static unsigned char *make_entry(const void *key, size_t klen, const void *art, size_t alen,
                                 uint32_t ver, size_t *n) {
  *n = 8 + 4 + 8 + klen + 8 + alen + 8;
  unsigned char *d = malloc(*n);
  assert_non_null(d);
  memcpy(d, "FLYCACHE", 8);
  d[8] = (unsigned char)ver, d[9] = (unsigned char)(ver >> 8);
  d[10] = (unsigned char)(ver >> 16), d[11] = (unsigned char)(ver >> 24);
  put_le64(d + 12, klen);
  memcpy(d + 20, key, klen);
  put_le64(d + 20 + klen, alen);
  memcpy(d + 28 + klen, art, alen);
  reseal(d, *n);
  return d;
}

/* Rewrites the entry at `path` so that its artifact (not its key) names
 * processor `to` where it named `from` (same length), checksum made right:
 * an entry whose processor this process has not registered. */
static void forge_payload(const char *path, const char *from, const char *to) {
  size_t n, len = strlen(from), hits = 0;
  assert_int_equal(strlen(to), len);
  unsigned char *d = tu_read(path, &n);
  assert_non_null(d);
  parts_t p = entry_parts(d, n);
  assert_non_null(memmem(d + p.key_off, p.key_len, from, len)); /* the key names it too */
  for (size_t i = p.art_off; i + len <= p.art_off + p.art_len; i++)
    if (memcmp(d + i, from, len) == 0) {
      memcpy(d + i, to, len);
      hits++;
    }
  assert_true(hits >= 1);
  reseal(d, n);
  overwrite(path, d, n);
  free(d);
}

/* ---- what flyc_cache_list() reports ---- */

typedef struct listed {
  int n, stop_after;
  char file[4][600], target[4][64], kernels[4][64], processors[4][64];
  uint64_t bytes[4];
  int64_t mtime[4];
  size_t kernel_count[4];
} listed_t;

static int collect(const flyc_cache_entry_t *e, void *payload) {
  listed_t *l = payload;
  if (l->n < 4) {
    snprintf(l->file[l->n], 600, "%s", e->file);
    snprintf(l->target[l->n], 64, "%s", e->target);
    snprintf(l->kernels[l->n], 64, "%s", e->kernels);
    snprintf(l->processors[l->n], 64, "%s", e->processors);
    l->bytes[l->n] = e->bytes;
    l->mtime[l->n] = e->mtime;
    l->kernel_count[l->n] = e->kernel_count;
  }
  l->n++;
  return l->stop_after && l->n == l->stop_after ? 7 : 0;
}

/* ---- 1. in memory ---- */

/* The same file and options twice in one process: the same artifact (its
 * storage shared, a new reference each time), counted as a memory hit,
 * nothing compiled or written. */
static void test_cache__memory_same_key_same_artifact(void **state) {
  (void)state;
  char dir[DIRLEN];
  use_dir(dir, "memory");
  forget_memory();
  flyc_compile_options_t o = opts(0);
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_t *a = compile_ok(VADD, &o);
  expect_moved("first compile", &s0, 0, 0, 1, 1);
  assert_int_equal(stats_now().memory_entries, 1);
  assert_int_equal(ENTRIES(dir), 1);
  s0 = stats_now();
  flyc_artifact_t *b = compile_ok(VADD, &o);
  assert_same_entry(a, b);
  expect_moved("second compile", &s0, 1, 0, 0, 0);
  assert_null(strstr(flyc_artifact_log(b), "from the disk cache"));
  const void *code = flyc_artifact_code(a, NULL);
  /* Each caller destroys its own reference; the table keeps one. */
  flyc_artifact_destroy(a);
  size_t n;
  assert_non_null(flyc_artifact_code(b, &n));
  assert_true(n > 0);
  flyc_artifact_destroy(b);
  s0 = stats_now();
  flyc_artifact_t *c = compile_ok(VADD, &o);
  assert_ptr_equal(flyc_artifact_code(c, NULL), code);
  expect_moved("after both were destroyed", &s0, 1, 0, 0, 0);
  /* The same bytes from a buffer are the same key: the name is not in it. */
  size_t size;
  char *text = tu_read(VADD, &size);
  assert_non_null(text);
  flyc_artifact_t *d = NULL;
  assert_ok(flyc_compile_buffer(&d, text, size, "another name", &o));
  assert_same_entry(d, c);
  /* One byte more (a comment) is another module. */
  char *more = malloc(size + 16);
  memcpy(more, text, size);
  memcpy(more + size, "\n; x\n", 5);
  flyc_artifact_t *e = NULL;
  assert_ok(flyc_compile_buffer(&e, more, size + 5, NULL, &o));
  assert_other_entry(e, c);
  assert_same_code(e, c);
  /* Flags that do not change the output are not in the key. */
  flyc_compile_options_t iso = opts(FLYC_COMPILE_ISOLATED | FLYC_COMPILE_TRUSTED_BITCODE);
  flyc_artifact_t *f = compile_ok(VADD, &iso);
  assert_same_entry(f, c);
  flyc_artifact_destroy(f);
  flyc_artifact_destroy(e);
  flyc_artifact_destroy(d);
  flyc_artifact_destroy(c);
  free(more);
  free(text);
}

/* flyc_artifact_origin() says how each call got its artifact: compiled, from
 * memory, from disk, read back from a file; a later hit changes nothing an
 * earlier caller sees (the memory cache hands out a view of its own). */
static void test_cache__origin(void **state) {
  (void)state;
  char dir[DIRLEN], path[DIRLEN + 32];
  use_dir(dir, "origin");
  forget_memory();
  flyc_compile_options_t o = opts(0);
  assert_int_equal(flyc_artifact_origin(NULL), FLYC_ARTIFACT_COMPILED);
  flyc_artifact_t *a = compile_ok(VADD, &o);
  assert_int_equal(flyc_artifact_origin(a), FLYC_ARTIFACT_COMPILED);
  flyc_artifact_t *b = compile_ok(VADD, &o);
  assert_int_equal(flyc_artifact_origin(b), FLYC_ARTIFACT_MEMORY_CACHE);
  assert_int_equal(flyc_artifact_origin(a), FLYC_ARTIFACT_COMPILED);
  assert_same_entry(a, b);
  assert_string_equal(flyc_artifact_log(a), flyc_artifact_log(b));
  flyc_artifact_destroy(a); /* the hit's view keeps the storage */
  assert_int_equal(flyc_artifact_kernel_count(b), 1);
  flyc_artifact_destroy(b);
  /* Memory forgotten: from disk, and then from memory again. */
  forget_memory();
  flyc_artifact_t *c = compile_ok(VADD, &o);
  assert_int_equal(flyc_artifact_origin(c), FLYC_ARTIFACT_DISK_CACHE);
  flyc_artifact_t *d = compile_ok(VADD, &o);
  assert_int_equal(flyc_artifact_origin(d), FLYC_ARTIFACT_MEMORY_CACHE);
  assert_int_equal(flyc_artifact_origin(c), FLYC_ARTIFACT_DISK_CACHE);
  assert_same_entry(c, d);
  /* Read back from a file. */
  size_t n;
  const void *code = flyc_artifact_code(d, &n);
  snprintf(path, sizeof path, "%s/origin.hsaco", dir);
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(code, 1, n, f), n);
  assert_int_equal(fclose(f), 0);
  size_t size;
  void *bytes = tu_read(path, &size);
  assert_non_null(bytes);
  flyc_artifact_t *e = NULL;
  assert_ok(flyc_artifact_read(&e, bytes, size));
  assert_int_equal(flyc_artifact_origin(e), FLYC_ARTIFACT_READ);
  /* Isolated or not, a compile the cache did not serve is COMPILED. */
  flyc_compile_options_t none = opts(FLYC_COMPILE_NO_CACHE | FLYC_COMPILE_ISOLATED);
  flyc_artifact_t *g = compile_ok(VADD, &none);
  assert_int_equal(flyc_artifact_origin(g), FLYC_ARTIFACT_COMPILED);
  flyc_artifact_destroy(g);
  flyc_artifact_destroy(e);
  free(bytes);
  unlink(path);
  flyc_artifact_destroy(d);
  flyc_artifact_destroy(c);
  forget_memory();
}

/* An ld.lld to name in FLYC_LLD, or NULL. */
static const char *find_lld(void) {
  static char p[128];
  const char *fmt[] = {"/usr/lib/llvm-%d/bin/ld.lld", "/usr/bin/ld.lld-%d", "/usr/bin/ld.lld"};
  for (int i = 0; i < 3; i++) {
    snprintf(p, sizeof p, fmt[i], FLYC_TEST_LLVM_MAJOR);
    if (access(p, X_OK) == 0)
      return p;
  }
  return NULL;
}

/* Everything the key covers gives another artifact when it changes: the
 * optimization level, the target and its features, the codegen path, the
 * code object version, a flag, FLYC_LLD, a link library's content, the
 * exported globals and the device libraries found; changing them back gives
 * the first artifact again. */
static void test_cache__memory_key_covers_inputs(void **state) {
  (void)state;
  char dir[DIRLEN];
  use_dir(dir, "memory-key");
  forget_memory();
  flyc_compile_options_t o = opts(0);
  flyc_artifact_t *base = compile_ok(VADD, &o);

  flyc_compile_options_t o1 = opts(0);
  o1.opt_level = FLYC_OPT_O1;
  flyc_artifact_t *a = compile_ok(VADD, &o1), *again = compile_ok(VADD, &o1);
  assert_other_entry(a, base);
  assert_same_entry(again, a);
  flyc_artifact_destroy(again);
  flyc_artifact_destroy(a);

  flyc_compile_options_t t = opts(0);
  t.target = "gfx90a:xnack+";
  a = compile_ok(VADD, &t);
  assert_other_entry(a, base);
  assert_non_null(strstr(flyc_artifact_target(a), "xnack+"));
  flyc_artifact_destroy(a);

  flyc_compile_options_t cg = opts(0);
  cg.codegen = FLYC_CODEGEN_LLD;
  if (tu_can("gfx90a", FLYC_CODEGEN_LLD)) {
    a = compile_ok(VADD, &cg);
    assert_other_entry(a, base);
    assert_int_equal(flyc_artifact_codegen(a), FLYC_CODEGEN_LLD);
    flyc_artifact_destroy(a);
  }

  flyc_compile_options_t cov = opts(0);
  cov.code_object_version = flyc_artifact_code_object_version(base) == 4 ? 5 : 4;
  a = compile_ok(VADD, &cov);
  assert_other_entry(a, base);
  assert_int_not_equal(flyc_artifact_code_object_version(a),
                       flyc_artifact_code_object_version(base));
  flyc_artifact_destroy(a);

  flyc_compile_options_t daz = opts(FLYC_COMPILE_DAZ);
  a = compile_ok(VADD, &daz);
  assert_other_entry(a, base);
  flyc_artifact_destroy(a);

  const char *lld = find_lld();
  if (lld) {
    setenv("FLYC_LLD", lld, 1);
    a = compile_ok(VADD, &o);
    assert_other_entry(a, base);
    flyc_artifact_destroy(a);
    unsetenv("FLYC_LLD");
    a = compile_ok(VADD, &o);
    assert_same_entry(a, base);
    flyc_artifact_destroy(a);
    /* The linker by identity (issue 13, item 10): another ld.lld copied over
     * the same path is another key. */
    char mdir[] = "/tmp/flyc-test-lld-XXXXXX", mine[64];
    assert_non_null(mkdtemp(mdir));
    snprintf(mine, sizeof mine, "%s/ld.lld", mdir); /* lld dispatches on its name */
    copy_file(lld, mine);
    assert_int_equal(chmod(mine, 0755), 0);
    setenv("FLYC_LLD", mine, 1);
    flyc_artifact_t *first = compile_ok(VADD, &cg);
    struct timespec pause = {0, 20 * 1000 * 1000};
    nanosleep(&pause, NULL);
    unlink(mine);
    copy_file(lld, mine); /* a new file: another inode and change time */
    assert_int_equal(chmod(mine, 0755), 0);
    a = compile_ok(VADD, &cg);
    assert_other_entry(a, first);
    flyc_artifact_destroy(a);
    flyc_artifact_destroy(first);
    unsetenv("FLYC_LLD");
    unlink(mine);
    rmdir(mdir);
  } else {
    print_message("no ld.lld found: FLYC_LLD not checked\n");
  }

  /* A link library's content: a temporary copy rewritten with other valid
   * bitcode (the kernel calls neither), then with the first bytes again. */
  char *lib = tu_temp_file(".bc", "", 0);
  assert_non_null(lib);
  copy_file(LIB_CCO, lib);
  const char *libs[] = {lib};
  flyc_compile_options_t wl = opts(0);
  wl.link_libraries = libs;
  wl.link_library_count = 1;
  flyc_artifact_t *l1 = compile_ok(NOLIB, &wl);
  a = compile_ok(NOLIB, &wl);
  assert_same_entry(a, l1);
  flyc_artifact_destroy(a);
  copy_file(LIB_ABI, lib);
  flyc_artifact_t *l2 = compile_ok(NOLIB, &wl);
  assert_other_entry(l2, l1);
  copy_file(LIB_CCO, lib);
  a = compile_ok(NOLIB, &wl);
  assert_same_entry(a, l1);
  flyc_artifact_destroy(a);
  /* Exported globals are in the key. */
  const char *state_global[] = {"_ZN4mstl11globalStateE"};
  const char *mstl[] = {LIB_MSTL};
  flyc_compile_options_t ex = opts(0);
  ex.link_libraries = mstl;
  ex.link_library_count = 1;
  flyc_artifact_t *e0 = compile_ok(NOLIB, &ex);
  ex.exported_globals = state_global;
  ex.exported_global_count = 1;
  flyc_artifact_t *e1 = compile_ok(NOLIB, &ex);
  assert_other_entry(e0, e1);
  flyc_artifact_destroy(e1);
  flyc_artifact_destroy(e0);
  flyc_artifact_destroy(l2);
  flyc_artifact_destroy(l1);
  unlink(lib);
  free(lib);

  /* The device libraries the target would link, wherever they are found,
   * even when this module calls none of them. */
  char devdir[600], ocml[700];
  snprintf(devdir, sizeof devdir, "%s/devlibs", root);
  mkdir(devdir, 0700);
  snprintf(ocml, sizeof ocml, "%s/ocml.bc", devdir);
  copy_file(LIB_CCO, ocml);
  setenv("FLYC_DEVICE_LIB_PATH", devdir, 1);
  flyc_artifact_t *d1 = compile_ok(VADD, &o);
  assert_other_entry(d1, base);
  copy_file(LIB_ABI, ocml);
  flyc_artifact_t *d2 = compile_ok(VADD, &o);
  assert_other_entry(d2, d1);
  assert_other_entry(d2, base);
  unsetenv("FLYC_DEVICE_LIB_PATH");
  a = compile_ok(VADD, &o);
  assert_same_entry(a, base);
  flyc_artifact_destroy(a);
  flyc_artifact_destroy(d2);
  flyc_artifact_destroy(d1);
  flyc_artifact_destroy(base);
}

/* A kernel calling lib_value(), and two libraries of the same size that
 * define it differently. */
static const char k_lib_value[] = "target triple = \"amdgcn-amd-amdhsa\"\n"
                                  "declare i32 @lib_value()\n"
                                  "define amdgpu_kernel void @lv(ptr addrspace(1) %out) {\n"
                                  "  %v = call i32 @lib_value()\n"
                                  "  store i32 %v, ptr addrspace(1) %out\n"
                                  "  ret void\n"
                                  "}\n";
static const char lib_v1[] = "target triple = \"amdgcn-amd-amdhsa\"\n"
                             "define i32 @lib_value() { ret i32 1111 }\n";
static const char lib_v2[] = "target triple = \"amdgcn-amd-amdhsa\"\n"
                             "define i32 @lib_value() { ret i32 2222 }\n";

/* Regression: a link library rewritten with the same size and its mtime
 * put back (cp -p, rsync -t, tar, touch -r) got a new key but was compiled
 * from the bytes read before (src/link.c compared identity, size and mtime,
 * not ctime), so the old code was stored under the new key. */
static void test_cache__library_rewritten_same_size_and_mtime(void **state) {
  (void)state;
  char dir[DIRLEN], out_path[600];
  use_dir(dir, "same-size");
  forget_memory();
  char *kernel = tu_temp_file(".ll", k_lib_value, sizeof k_lib_value - 1);
  char *lib = tu_temp_file(".ll", lib_v1, sizeof lib_v1 - 1);
  char *lib2 = tu_temp_file(".ll", lib_v2, sizeof lib_v2 - 1);
  assert_int_equal(sizeof lib_v1, sizeof lib_v2);
  const char *libs[] = {lib}, *libs2[] = {lib2};
  flyc_compile_options_t o = opts(0), o2 = opts(0);
  o.link_libraries = libs;
  o.link_library_count = 1;
  o2.link_libraries = libs2;
  o2.link_library_count = 1;
  flyc_artifact_t *old = compile_ok(kernel, &o);
  flyc_artifact_t *ref = fresh_compile(kernel, &o2); /* the new library's code */
  assert_true(code_differs(old, ref));

  struct stat st = stat_of(lib);
  overwrite(lib, lib_v2, sizeof lib_v2 - 1);
  struct timespec t[2] = {st.st_atim, st.st_mtim};
  assert_int_equal(utimensat(AT_FDCWD, lib, t, 0), 0);
  flyc_artifact_t *now = compile_ok(kernel, &o);
  assert_other_entry(now, old); /* a new key */
  /* Another process (the CLI) with the same key: whatever this one stored. */
  snprintf(out_path, sizeof out_path, "%s/same-size.hsaco", root);
  char *out;
  assert_int_equal(RUN(&out, "compile", kernel, "--link", lib, "--arch", "gfx90a", "-o",
                       out_path),
                   0);
  free(out);
  size_t n, rn;
  void *cli = tu_read(out_path, &n);
  const void *rc = flyc_artifact_code(ref, &rn);
  int cli_wrong = n != rn || memcmp(cli, rc, n) != 0;
  int wrong = code_differs(now, ref);
  free(cli);
  unlink(out_path);
  flyc_artifact_destroy(now);
  flyc_artifact_destroy(ref);
  flyc_artifact_destroy(old);
  unlink(kernel);
  unlink(lib);
  unlink(lib2);
  free(kernel);
  free(lib);
  free(lib2);
  if (wrong || cli_wrong)
    fail_msg("after the library was rewritten (same size, mtime put back), this process "
             "got %s code and a fresh process (the CLI, through the disk cache) got %s "
             "code",
             wrong ? "the OLD library's" : "the new library's",
             cli_wrong ? "the OLD library's" : "the new library's");
}

/* The in-memory cache keeps at most 256 artifacts, the least recently used
 * going first. The disk cache is off here (no directory at all). */
static void test_cache__memory_cap(void **state) {
  (void)state;
  saved_env_t env = save_env();
  unsetenv("HOME");
  unsetenv("XDG_CACHE_HOME");
  unsetenv("FLYC_CACHE_DIR");
  forget_memory();
  for (int i = 0; i < 256; i++) {
    flyc_compile_options_t o = variant_n(i);
    flyc_artifact_destroy(compile_ok(VADD, &o));
  }
  assert_int_equal(stats_now().memory_entries, 256);
  flyc_compile_options_t o0 = variant_n(0), o1 = variant_n(1), o256 = variant_n(256);
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_destroy(compile_ok(VADD, &o0)); /* 0 is now the most recent, 1 the least */
  expect_moved("key 0", &s0, 1, 0, 0, 0);
  flyc_artifact_destroy(compile_ok(VADD, &o256));
  assert_int_equal(stats_now().memory_entries, 256);
  s0 = stats_now();
  flyc_artifact_destroy(compile_ok(VADD, &o0));
  expect_moved("key 0 kept", &s0, 1, 0, 0, 0);
  s0 = stats_now();
  flyc_artifact_destroy(compile_ok(VADD, &o1));
  expect_moved("key 1 evicted", &s0, 0, 0, 1, 0);
  forget_memory();
  restore_env(&env);
}

/* FLYC_CACHE=0 compiles afresh every time and neither looks up nor stores
 * anything, in memory or on disk; stats say the disk cache is off. */
static void test_cache__cache_off(void **state) {
  (void)state;
  char dir[DIRLEN];
  use_dir(dir, "cache-off");
  forget_memory();
  flyc_compile_options_t o = opts(0);
  flyc_artifact_t *base = compile_ok(VADD, &o);
  assert_int_equal(ENTRIES(dir), 1);
  setenv("FLYC_CACHE", "0", 1);
  flyc_cache_stats_t s0 = stats_now();
  assert_int_equal(s0.disk, FLYC_CACHE_DISK_OFF);
  flyc_artifact_t *p = compile_ok(VADD, &o), *q = compile_ok(VADD, &o);
  assert_other_entry(p, base);
  assert_other_entry(p, q);
  assert_same_code(p, base);
  assert_null(strstr(flyc_artifact_log(p), "from the disk cache"));
  expect_moved("FLYC_CACHE=0", &s0, 0, 0, 0, 0);
  /* A key it never saw is not stored either. */
  flyc_compile_options_t o1 = opts(0);
  o1.opt_level = FLYC_OPT_O1;
  flyc_artifact_destroy(compile_ok(VADD, &o1));
  assert_int_equal(ENTRIES(dir), 1);
  assert_int_equal(stats_now().memory_entries, 1);
  /* Any other value is "on". */
  setenv("FLYC_CACHE", "1", 1);
  assert_int_equal(stats_now().disk, FLYC_CACHE_DISK_ON);
  unsetenv("FLYC_CACHE");
  assert_int_equal(stats_now().disk, FLYC_CACHE_DISK_ON);
  s0 = stats_now();
  flyc_artifact_t *r = compile_ok(VADD, &o);
  assert_same_entry(r, base);
  expect_moved("back on", &s0, 1, 0, 0, 0);
  flyc_artifact_destroy(r);
  flyc_artifact_destroy(q);
  flyc_artifact_destroy(p);
  flyc_artifact_destroy(base);
}

/* Regression: FLYC_COMPILE_NO_CACHE and FLYC_COMPILE_MEMORY_ONLY were
 * refused as unknown option flags. What compile.h promises: NO_CACHE neither
 * looks up nor stores. */
static void test_cache__no_cache_flag(void **state) {
  (void)state;
  char dir[DIRLEN];
  use_dir(dir, "no-cache");
  forget_memory();
  flyc_compile_options_t o = opts(0), nc = opts(FLYC_COMPILE_NO_CACHE);
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_t *x = compile_ok(VADD, &nc), *y = compile_ok(VADD, &nc);
  assert_other_entry(x, y);
  assert_same_code(x, y);
  expect_moved("NO_CACHE", &s0, 0, 0, 0, 0);
  assert_int_equal(stats_now().memory_entries, 0);
  assert_int_equal(ENTRIES(dir), 0);
  /* NO_CACHE does not use what is there either. */
  flyc_artifact_t *base = compile_ok(VADD, &o);
  s0 = stats_now();
  flyc_artifact_t *z = compile_ok(VADD, &nc);
  assert_other_entry(z, base);
  expect_moved("NO_CACHE with the key cached", &s0, 0, 0, 0, 0);
  /* The kernel builder's compile too. */
  static int runs;
  assert_ok(flyc_processor_register("test.cache.proc_n", count_run, &runs));
  flyc_artifact_t *a = NULL;
  assert_ok(pe_compile(&a, "test.cache.proc_n", NULL, NULL, &nc));
  assert_int_equal(ENTRIES(dir), 1);
  flyc_artifact_destroy(a);
  flyc_artifact_destroy(z);
  flyc_artifact_destroy(base);
  flyc_artifact_destroy(y);
  flyc_artifact_destroy(x);
}

/* ---- 2. on disk, across processes ---- */

/* A child writes the entry; the parent, which never compiled that key, hits
 * it on disk: same code as a fresh compile, a log note naming the cache, the
 * directory 0700 and the entry writable by its owner alone. */
static void test_cache__disk_entry_from_another_process(void **state) {
  (void)state;
  char dir[DIRLEN], parent[DIRLEN];
  use_dir(parent, "disk");
  use_dir(dir, "disk/nested/cache"); /* missing parents are made too */
  forget_memory();
  job_t j = {VADD, opts(0), 1, -1};
  assert_int_equal(in_child(child_compile, &j), 0);
  assert_int_equal(stats_now().memory_entries, 0);
  assert_int_equal(ENTRIES(dir), 1);

  struct stat st = stat_of(dir);
  assert_true(S_ISDIR(st.st_mode));
  assert_int_equal(st.st_mode & 0777, 0700);
  assert_int_equal(st.st_uid, geteuid());
  assert_int_equal(stat_of(parent).st_mode & 0777, 0700);
  char entry[600];
  find_entry(dir, NULL, entry);
  st = stat_of(entry);
  assert_true(S_ISREG(st.st_mode));
  assert_int_equal(st.st_mode & 022, 0);
  assert_int_equal(st.st_uid, geteuid());
  /* <32 hex digits>.flyc */
  const char *base = strrchr(entry, '/') + 1;
  assert_int_equal(strlen(base), 32 + 5);
  assert_int_equal(strspn(base, "0123456789abcdef"), 32);

  flyc_compile_options_t o = opts(0);
  flyc_artifact_t *ref = fresh_compile(VADD, &o);
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_t *a = compile_ok(VADD, &o);
  expect_moved("the parent's compile", &s0, 0, 1, 0, 0);
  assert_same_code(a, ref);
  assert_int_equal(flyc_artifact_codegen(a), flyc_artifact_codegen(ref));
  assert_int_equal(flyc_artifact_code_object_version(a), flyc_artifact_code_object_version(ref));
  assert_non_null(strstr(flyc_artifact_log(a), "from the disk cache"));
  assert_non_null(strstr(flyc_artifact_log(a), entry));
  /* Now in memory too. */
  s0 = stats_now();
  flyc_artifact_t *b = compile_ok(VADD, &o);
  assert_same_entry(a, b);
  expect_moved("again", &s0, 1, 0, 0, 0);
  assert_int_equal(ENTRIES(dir), 1);
  flyc_artifact_destroy(b);
  flyc_artifact_destroy(a);
  flyc_artifact_destroy(ref);
}

/* A hit bumps the entry's modification time (least recently used goes
 * first). */
static void test_cache__disk_hit_bumps_mtime(void **state) {
  (void)state;
  char dir[DIRLEN], entry[600];
  flyc_compile_options_t o = with_entry(dir, "bump", entry);
  backdate(entry, 3600);
  time_t before = stat_of(entry).st_mtime;
  forget_memory();
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_destroy(compile_ok(VADD, &o));
  expect_moved("hit", &s0, 0, 1, 0, 0);
  time_t after = stat_of(entry).st_mtime;
  assert_true(after > before + 3000);
  assert_true(after <= time(NULL) + 1);
}

/* ---- 3. processors by name ---- */

static int child_write_processor_entry(void *arg) {
  (void)arg;
  static int runs;
  if (flyc_processor_register(PROC_P, count_run, &runs))
    return 10;
  /* A forked child starts with its parent's counters. */
  flyc_cache_stats_t s0 = {sizeof s0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  flyc_cache_stats(&s0);
  flyc_artifact_t *a = NULL;
  if (pe_compile(&a, PROC_P, NULL, NULL, NULL)) {
    fprintf(stderr, "child: %s\n", flyc_error_last()->message);
    return 11;
  }
  flyc_cache_stats_t s = {sizeof s, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  flyc_cache_stats(&s);
  int rc = flyc_artifact_processor_count(a) != 1 ? 12 : s.writes != s0.writes + 1 ? 13 : 0;
  flyc_artifact_destroy(a);
  return rc;
}

/* An entry carries its processors by name: a process that registered the
 * name (with its own function) gets a hit whose processor is its own and
 * runs once per load; an entry naming a processor this process has not
 * registered fails the hit with FLYC_ENOTFOUND naming it. */
static void test_cache__processors_resolved_by_name(void **state) {
  (void)state;
  char dir[DIRLEN], entry_p[600], entry_q[600];
  use_dir(dir, "processors");
  forget_memory();
  flyc_processor_t probe;
  if (flyc_processor_lookup(PROC_P, &probe) == FLYC_OK)
    fail_msg("%s is registered already: this test must run before anything registers it",
             PROC_P);
  assert_int_equal(in_child(child_write_processor_entry, NULL), 0);
  find_entry(dir, NULL, entry_p);

  /* An entry whose artifact names other processors than its key is made by
   * hand (the key's processors are registered by construction: a
   * link_extern needs its name registered), so it is treated as corrupt: a
   * PROC_Q entry whose artifact names PROC_P is a miss, and the compile
   * gives PROC_Q's artifact. */
  static int runs_q;
  assert_ok(flyc_processor_register(PROC_Q, count_run, &runs_q));
  flyc_artifact_t *a = NULL;
  assert_ok(pe_compile(&a, PROC_Q, NULL, NULL, NULL));
  flyc_artifact_destroy(a);
  find_entry(dir, entry_p, entry_q);
  forge_payload(entry_q, PROC_Q, PROC_P);
  forget_memory();
  flyc_cache_stats_t sc = stats_now();
  a = NULL;
  assert_ok(pe_compile(&a, PROC_Q, NULL, NULL, NULL));
  assert_int_equal(stats_now().corrupt, sc.corrupt + 1);
  flyc_processor_t pq;
  assert_ok(flyc_artifact_processor(a, 0, &pq));
  assert_string_equal(pq.name, PROC_Q);
  flyc_artifact_destroy(a);
  unlink(entry_q);

  /* Registered here with another function than the writer's. */
  static int runs;
  assert_ok(flyc_processor_register(PROC_P, count_run, &runs));
  flyc_cache_stats_t s0 = stats_now();
  assert_ok(pe_compile(&a, PROC_P, NULL, NULL, NULL));
  expect_moved("hit with the processor registered", &s0, 0, 1, 0, 0);
  assert_non_null(strstr(flyc_artifact_log(a), "from the disk cache"));
  assert_int_equal(flyc_artifact_processor_count(a), 1);
  flyc_processor_t p;
  assert_ok(flyc_artifact_processor(a, 0, &p));
  assert_string_equal(p.name, PROC_P);
  assert_ptr_equal(p.fn, count_run);
  assert_ptr_equal(p.payload, &runs);

  flyc_driver_t *drv = tu_fake_driver(NULL);
  flyc_gpu_jit_module_t *m = NULL;
  assert_ok(flyc_gpu_jit_module_load(&m, drv, 0, a, NULL, 0));
  assert_int_equal(runs, 1);
  flyc_gpu_jit_module_destroy(m);
  /* The per-device module: loaded, and the processor run, once. */
  flyc_gpu_jit_module_t *g1 = NULL, *g2 = NULL;
  assert_ok(flyc_gpu_jit_module_get(&g1, drv, 0, a));
  assert_ok(flyc_gpu_jit_module_get(&g2, drv, 0, a));
  assert_ptr_equal(g1, g2);
  assert_int_equal(runs, 2);
  assert_int_equal(runs_q, 0);
  flyc_artifact_destroy(a);
  /* The memory cache still holds the artifact, and with it the module
   * flyc_gpu_jit_module_get loaded; destroying the driver unloads it (see
   * test_cache__cached_artifact_keeps_module_for_reuse). */
  forget_memory();
  flyc_driver_destroy(drv);
}

/* A module flyc_gpu_jit_module_get loaded stays with the artifact while the
 * memory cache holds it (reused by the next compile of the key); destroying
 * its driver unloads it. Regression: the cache used to unload it later
 * through the freed driver (a use after free under ASan). */
static void test_cache__cached_artifact_keeps_module_for_reuse(void **state) {
  (void)state;
  char dir[DIRLEN];
  use_dir(dir, "module-lifetime");
  forget_memory();
  tu_fake_counts_t counts = {0, 0};
  flyc_driver_t *drv = tu_fake_driver(&counts);
  flyc_compile_options_t o = opts(0);
  flyc_artifact_t *a = compile_ok(VADD, &o);
  flyc_gpu_jit_module_t *m = NULL;
  assert_ok(flyc_gpu_jit_module_get(&m, drv, 0, a));
  assert_int_equal(counts.loads, 1);
  const void *code = flyc_artifact_code(a, NULL);
  flyc_artifact_destroy(a); /* the caller's only reference */
  /* The cache's reference keeps the module for the next compile of the key. */
  assert_int_equal(counts.unloads, 0);
  flyc_artifact_t *b = compile_ok(VADD, &o);
  assert_ptr_equal(flyc_artifact_code(b, NULL), code);
  flyc_gpu_jit_module_t *again = NULL;
  assert_ok(flyc_gpu_jit_module_get(&again, drv, 0, b));
  assert_ptr_equal(again, m);
  assert_int_equal(counts.loads, 1);
  flyc_artifact_destroy(b);
  /* Destroying the driver unloads what was loaded through it, so the cache
   * dropping the artifact later touches no freed driver (ASan checks). */
  flyc_driver_destroy(drv);
  assert_int_equal(counts.unloads, 1);
  forget_memory();
  assert_int_equal(counts.unloads, 1);
}

/* The processors' registered names are in the key: the same module with
 * another processor is another artifact, carrying its own processor. */
static void test_cache__processor_names_in_key(void **state) {
  (void)state;
  char dir[DIRLEN];
  use_dir(dir, "processor-key");
  forget_memory();
  static int ra, rb;
  assert_ok(flyc_processor_register("test.cache.proc_a", count_run, &ra));
  assert_ok(flyc_processor_register("test.cache.proc_b", count_run, &rb));
  flyc_artifact_t *a = NULL, *b = NULL, *c = NULL;
  assert_ok(pe_compile(&a, "test.cache.proc_a", NULL, NULL, NULL));
  assert_ok(pe_compile(&b, "test.cache.proc_b", NULL, NULL, NULL));
  assert_other_entry(a, b);
  assert_same_code(a, b);
  flyc_processor_t p;
  assert_ok(flyc_artifact_processor(b, 0, &p));
  assert_string_equal(p.name, "test.cache.proc_b");
  assert_ptr_equal(p.payload, &rb);
  assert_ok(pe_compile(&c, "test.cache.proc_a", NULL, NULL, NULL));
  assert_same_entry(c, a);
  assert_int_equal(ENTRIES(dir), 2);
  /* And on disk. */
  forget_memory();
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_destroy(c);
  assert_ok(pe_compile(&c, "test.cache.proc_b", NULL, NULL, NULL));
  expect_moved("disk hit of b", &s0, 0, 1, 0, 0);
  assert_ok(flyc_artifact_processor(c, 0, &p));
  assert_string_equal(p.name, "test.cache.proc_b");
  assert_ptr_equal(p.payload, &rb);
  flyc_artifact_destroy(c);
  flyc_artifact_destroy(b);
  flyc_artifact_destroy(a);
}

/* ---- 4. unnamed processors ---- */

/* A processor without a name cannot be written to disk: the compile fails
 * with FLYC_ENOTSERIALIZABLE naming the fixes and leaves nothing behind; with
 * the disk cache off it succeeds. */
static void test_cache__unnamed_processor(void **state) {
  (void)state;
  char dir[DIRLEN];
  use_dir(dir, "unnamed");
  forget_memory();
  static int runs;
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_t *a = NULL;
  assert_error(pe_compile(&a, NULL, count_run, &runs, NULL), FLYC_ENOTSERIALIZABLE,
               "no registered name", "flyc_processor_register", "FLYC_COMPILE_MEMORY_ONLY",
               "FLYC_CACHE=0");
  assert_null(a);
  assert_int_equal(ENTRIES(dir), 0);
  assert_int_equal(count_files(dir, ".tmp-", ""), 0);
  /* Refused before compiling: no lookup, no compile, no write. */
  expect_moved("unnamed refused", &s0, 0, 0, 0, 0);
  assert_int_equal(stats_now().memory_entries, 0);
  /* Again: still refused (nothing was kept in memory). */
  assert_error(pe_compile(&a, NULL, count_run, &runs, NULL), FLYC_ENOTSERIALIZABLE, "");
  /* A disk cache that cannot be used would write nothing: no error. */
  assert_int_equal(chmod(dir, 0777), 0);
  assert_ok(pe_compile(&a, NULL, count_run, &runs, NULL));
  flyc_artifact_destroy(a);
  forget_memory();
  assert_int_equal(chmod(dir, 0700), 0);
  /* The off switch takes the usual spellings. */
  const char *off[] = {"0", "off", "FALSE", "no"};
  for (int i = 0; i < 4; i++) {
    setenv("FLYC_CACHE", off[i], 1);
    assert_ok(pe_compile(&a, NULL, count_run, &runs, NULL));
    flyc_artifact_destroy(a);
  }
  setenv("FLYC_CACHE", "1", 1);
  assert_error(pe_compile(&a, NULL, count_run, &runs, NULL), FLYC_ENOTSERIALIZABLE, "");
  unsetenv("FLYC_CACHE");

  setenv("FLYC_CACHE", "0", 1);
  assert_ok(pe_compile(&a, NULL, count_run, &runs, NULL));
  unsetenv("FLYC_CACHE");
  assert_int_equal(flyc_artifact_processor_count(a), 1);
  flyc_processor_t p;
  assert_ok(flyc_artifact_processor(a, 0, &p));
  assert_null(p.name);
  assert_ptr_equal(p.fn, count_run);
  assert_ptr_equal(p.payload, &runs);
  flyc_artifact_destroy(a);
  assert_int_equal(ENTRIES(dir), 0);
  assert_int_equal(runs, 0);
}

/* Regression (as test_cache__no_cache_flag): MEMORY_ONLY was refused as an
 * unknown flag. What cache.h promises: MEMORY_ONLY keeps an artifact with
 * an unnamed processor in memory, writes no file; a second compile is a
 * memory hit. */
static void test_cache__memory_only_flag(void **state) {
  (void)state;
  char dir[DIRLEN];
  use_dir(dir, "memory-only");
  forget_memory();
  static int runs, other;
  flyc_compile_options_t mo = opts(FLYC_COMPILE_MEMORY_ONLY);
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_t *a = NULL, *b = NULL;
  assert_ok(pe_compile(&a, NULL, count_run, &runs, &mo));
  expect_moved("MEMORY_ONLY", &s0, 0, 0, 1, 0);
  assert_int_equal(ENTRIES(dir), 0);
  assert_int_equal(flyc_artifact_processor_count(a), 1);
  assert_int_equal(stats_now().memory_entries, 1);
  s0 = stats_now();
  assert_ok(pe_compile(&b, NULL, count_run, &runs, &mo));
  assert_same_entry(a, b); /* kept in memory */
  expect_moved("MEMORY_ONLY again", &s0, 1, 0, 0, 0);
  flyc_artifact_destroy(b);
  /* Another payload is another key. */
  assert_ok(pe_compile(&b, NULL, count_run, &other, &mo));
  assert_other_entry(a, b);
  flyc_artifact_destroy(b);
  flyc_artifact_destroy(a);
  /* MEMORY_ONLY with a named processor, or a plain file, writes no file. */
  assert_ok(flyc_processor_register("test.cache.proc_m", other_run, NULL));
  assert_ok(pe_compile(&b, "test.cache.proc_m", NULL, NULL, &mo));
  flyc_artifact_destroy(b);
  flyc_artifact_destroy(compile_ok(VADD, &mo));
  assert_int_equal(ENTRIES(dir), 0);
  /* NO_CACHE with an unnamed processor: nothing to write, no error. */
  flyc_compile_options_t nc = opts(FLYC_COMPILE_NO_CACHE);
  assert_ok(pe_compile(&a, NULL, count_run, &runs, &nc));
  flyc_artifact_destroy(a);
  assert_int_equal(ENTRIES(dir), 0);
  assert_int_equal(runs, 0);
}

/* ---- 5. corruption ---- */

/* Regression (issue 13): an entry whose checksum holds but whose artifact is
 * another target's (here sm_80 PTX under a gfx90a key) is a miss, removed
 * and counted corrupt: the compile makes the gfx90a code object. */
static void test_cache__foreign_target_entry(void **state) {
  (void)state;
  char dir[DIRLEN], amd[600], nv[600];
  use_dir(dir, "foreign");
  forget_memory();
  flyc_compile_options_t o = opts(0);
  flyc_artifact_destroy(compile_ok(VADD, &o));
  find_entry(dir, NULL, amd);
  static const char nv_ir[] = "define ptx_kernel void @vadd(ptr addrspace(1) %p) {\n"
                              "  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n";
  flyc_compile_options_t on = opts(0);
  on.target = "sm_80";
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, nv_ir, strlen(nv_ir), "nv.ll", &on));
  flyc_artifact_destroy(a);
  find_entry(dir, amd, nv);
  size_t na, nn;
  unsigned char *da = tu_read(amd, &na), *dn = tu_read(nv, &nn);
  parts_t pa = entry_parts(da, na), pn = entry_parts(dn, nn);
  size_t n;
  unsigned char *forged = make_entry(da + pa.key_off, pa.key_len, dn + pn.art_off, pn.art_len,
                                     1, &n);
  overwrite(amd, forged, n);
  forget_memory();
  flyc_cache_stats_t s0 = stats_now();
  a = compile_ok(VADD, &o);
  assert_int_equal(flyc_artifact_origin(a), FLYC_ARTIFACT_COMPILED);
  assert_int_equal(flyc_artifact_format(a), FLYC_CODE_AMDGPU_ELF);
  assert_int_equal(stats_now().corrupt, s0.corrupt + 1);
  flyc_artifact_destroy(a);
  free(forged);
  free(da);
  free(dn);
}


/* Every kind of bad entry under the key's file name is a miss: the compile
 * gives the right code, the bad file is replaced by a good entry, and
 * stats.corrupt counts it. */
static void test_cache__corrupt_entries_are_misses(void **state) {
  (void)state;
  char dir[DIRLEN], entry[600], other_entry[600];
  use_dir(dir, "corrupt");
  forget_memory();
  flyc_compile_options_t o = opts(0), o1 = opts(0);
  o1.opt_level = FLYC_OPT_O1;
  flyc_artifact_t *ref = fresh_compile(VADD, &o);
  flyc_artifact_destroy(compile_ok(VADD, &o));
  find_entry(dir, NULL, entry);
  flyc_artifact_destroy(compile_ok(VADD, &o1));
  find_entry(dir, entry, other_entry);
  size_t n, other_n;
  unsigned char *good = tu_read(entry, &n), *other = tu_read(other_entry, &other_n);
  assert_non_null(good);
  assert_non_null(other);
  unlink(other_entry);
  parts_t p = entry_parts(good, n);

  enum { CASES = 12 };
  struct {
    const char *what;
    unsigned char *d;
    size_t n;
  } c[CASES];
  for (int i = 0; i < CASES; i++) {
    c[i].d = malloc(n + 64);
    memcpy(c[i].d, good, n);
    c[i].n = n;
  }
  int k = 0;
  c[k].what = "a flipped byte in the artifact";
  c[k++].d[p.art_off + p.art_len / 2] ^= 0x40;
  c[k].what = "a flipped byte in the key";
  c[k++].d[p.key_off + 3] ^= 0x01;
  c[k].what = "a flipped checksum byte";
  c[k++].d[n - 1] ^= 0x80;
  c[k].what = "truncated to half";
  c[k++].n = n / 2;
  c[k].what = "truncated by one byte";
  c[k++].n = n - 1;
  c[k].what = "truncated inside the header";
  c[k++].n = 10;
  c[k].what = "garbage";
  for (size_t i = 0; i < n; i++)
    c[k].d[i] = (unsigned char)(i * 131 + 7);
  k++;
  c[k].what = "an empty file";
  c[k++].n = 0;
  c[k].what = "another key's entry";
  free(c[k].d);
  c[k].d = malloc(other_n);
  memcpy(c[k].d, other, other_n);
  c[k++].n = other_n;
  c[k].what = "another format version (sealed)";
  c[k].d[8] = 2;
  reseal(c[k].d, n);
  k++;
  c[k].what = "a key length past the end (sealed)";
  put_le64(c[k].d + 12, (uint64_t)1 << 62);
  reseal(c[k].d, n);
  k++;
  c[k].what = "the right key around a truncated artifact (sealed)";
  free(c[k].d);
  c[k].d = make_entry(good + p.key_off, p.key_len, good + p.art_off, p.art_len - 16, 1,
                      &c[k].n);
  k++;
  assert_int_equal(k, CASES);

  for (k = 0; k < CASES; k++) {
    print_message("corrupt entry: %s\n", c[k].what);
    forget_memory();
    overwrite(entry, c[k].d, c[k].n);
    flyc_cache_stats_t s0 = stats_now();
    flyc_artifact_t *a = compile_ok(VADD, &o);
    expect_moved(c[k].what, &s0, 0, 0, 1, 1);
    if (stats_now().corrupt != s0.corrupt + 1)
      fail_msg("%s: stats.corrupt did not count it", c[k].what);
    assert_same_code(a, ref);
    assert_null(strstr(flyc_artifact_log(a), "from the disk cache"));
    flyc_artifact_destroy(a);
    /* What is there now is a good entry. */
    assert_int_equal(ENTRIES(dir), 1);
    forget_memory();
    s0 = stats_now();
    a = compile_ok(VADD, &o);
    expect_moved("the entry that replaced it", &s0, 0, 1, 0, 0);
    assert_same_code(a, ref);
    flyc_artifact_destroy(a);
  }
  for (k = 0; k < CASES; k++)
    free(c[k].d);
  free(good);
  free(other);
  flyc_artifact_destroy(ref);
}

/* A corrupt entry is removed by the lookup itself, and an untrusted one is
 * not, which shows when no write follows: one key compiles (codegen lld)
 * and then, with TMPDIR (where the lld path writes its object, not in the
 * key) pointing nowhere, fails. */
static void test_cache__removal_without_a_write(void **state) {
  (void)state;
  const char *lld = find_lld();
  if (!lld || !tu_can("gfx90a", FLYC_CODEGEN_LLD)) {
    print_message("skipped: no ld.lld or no lld codegen path\n");
    skip();
  }
  char dir[DIRLEN], entry[600], linkdir[600], link[700];
  use_dir(dir, "removal");
  forget_memory();
  snprintf(linkdir, sizeof linkdir, "%s/lld-link", root);
  assert_int_equal(mkdir(linkdir, 0700), 0);
  snprintf(link, sizeof link, "%s/ld.lld", linkdir);
  assert_int_equal(symlink(lld, link), 0);
  setenv("FLYC_LLD", link, 1);
  flyc_compile_options_t o = opts(0);
  o.codegen = FLYC_CODEGEN_LLD;
  flyc_artifact_destroy(compile_ok(VADD, &o));
  find_entry(dir, NULL, entry);
  size_t n;
  void *good = tu_read(entry, &n);
  const char *tmpdir = getenv("TMPDIR");
  char *saved_tmpdir = tmpdir ? strdup(tmpdir) : NULL;
  setenv("TMPDIR", "/nonexistent/flyc-test", 1);

  /* Untrusted: not used, and still there after the failed compile. */
  assert_int_equal(chmod(entry, 0666), 0);
  forget_memory();
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_t *a = NULL;
  assert_int_not_equal(flyc_compile_file(&a, VADD, &o), FLYC_OK);
  assert_null(a);
  flyc_cache_stats_t s1 = stats_now();
  assert_int_equal(s1.misses, s0.misses + 1);
  assert_int_equal(s1.disk_hits, s0.disk_hits);
  assert_int_equal(s1.corrupt, s0.corrupt);
  assert_true(exists(entry));
  assert_int_equal(stat_of(entry).st_mode & 0777, 0666);
  assert_int_equal(chmod(entry, 0600), 0);

  /* Trusted and whole: a hit, though the link would now fail. */
  s0 = stats_now();
  assert_ok(flyc_compile_file(&a, VADD, &o));
  expect_moved("the whole entry", &s0, 0, 1, 0, 0);
  flyc_artifact_destroy(a);

  /* Corrupt: removed by the lookup. */
  forget_memory();
  unsigned char *bad = malloc(n);
  memcpy(bad, good, n);
  bad[n / 2] ^= 1;
  overwrite(entry, bad, n);
  s0 = stats_now();
  a = NULL;
  assert_int_not_equal(flyc_compile_file(&a, VADD, &o), FLYC_OK);
  s1 = stats_now();
  assert_int_equal(s1.misses, s0.misses + 1);
  assert_int_equal(s1.corrupt, s0.corrupt + 1);
  assert_int_equal(s1.writes, s0.writes);
  assert_false(exists(entry));
  if (saved_tmpdir)
    setenv("TMPDIR", saved_tmpdir, 1);
  else
    unsetenv("TMPDIR");
  free(saved_tmpdir);
  unsetenv("FLYC_LLD");
  unlink(link);
  free(bad);
  free(good);
}

/* A well-formed entry of this key whose artifact is garbage (the checksum is
 * right): the artifact reader, not the checksum, must refuse it. */
static void test_cache__sealed_garbage_artifact(void **state) {
  (void)state;
  char dir[DIRLEN], entry[600];
  flyc_compile_options_t o = with_entry(dir, "sealed-garbage", entry);
  size_t n;
  unsigned char *good = tu_read(entry, &n);
  parts_t p = entry_parts(good, n);
  /* The artifact's own magic and version, then lengths that lie. */
  unsigned char art[256];
  memcpy(art, good + p.art_off, 11 < p.art_len ? 11 : p.art_len);
  for (size_t i = 11; i < sizeof art; i++)
    art[i] = 0xff;
  size_t en;
  unsigned char *e = make_entry(good + p.key_off, p.key_len, art, sizeof art, 1, &en);
  for (int round = 0; round < 2; round++) {
    forget_memory();
    overwrite(entry, e, en);
    flyc_cache_stats_t s0 = stats_now();
    flyc_artifact_destroy(compile_ok(VADD, &o));
    expect_moved("sealed garbage", &s0, 0, 0, 1, 1);
    assert_int_equal(stats_now().corrupt, s0.corrupt + 1);
    /* Then a short artifact: only its magic. */
    free(e);
    e = make_entry(good + p.key_off, p.key_len, good + p.art_off, 7, 1, &en);
  }
  free(e);
  free(good);
}

/* ---- 6. trust ---- */

/* An entry writable by group or others, or owned by another user, is not
 * trusted: not used and not removed. */
static void test_cache__untrusted_entry_not_used(void **state) {
  (void)state;
  char dir[DIRLEN], entry[600];
  flyc_compile_options_t o = with_entry(dir, "trust-entry", entry);
  const mode_t modes[] = {0666, 0620, 0602};
  for (int i = 0; i < 3; i++) {
    forget_memory();
    assert_int_equal(chmod(entry, modes[i]), 0);
    flyc_cache_stats_t s0 = stats_now();
    assert_int_equal(s0.entries, 0); /* stats do not count it */
    flyc_artifact_t *a = compile_ok(VADD, &o);
    assert_null(strstr(flyc_artifact_log(a), "from the disk cache"));
    flyc_artifact_destroy(a);
    flyc_cache_stats_t s1 = stats_now();
    assert_int_equal(s1.disk_hits, s0.disk_hits);
    assert_int_equal(s1.misses, s0.misses + 1);
    assert_int_equal(s1.corrupt, s0.corrupt);
    assert_true(exists(entry)); /* the untrusted file, left alone */
    assert_int_equal(chmod(entry, 0600), 0);
  }
}

/* Makes the entry of `o` at `entry` untrusted with `untrust`, then compiles
 * that key after forgetting memory; 1 when the file there afterwards is
 * another one (the untrusted file was replaced), 0 when it stayed. */
static int replaced_after_miss(const char *entry, const flyc_compile_options_t *o,
                               int (*untrust)(const char *)) {
  assert_int_equal(untrust(entry), 0);
  ino_t ino = stat_of(entry).st_ino;
  forget_memory();
  flyc_artifact_destroy(compile_ok(VADD, o));
  return stat_of(entry).st_ino != ino;
}
static int chmod_0666(const char *path) { return chmod(path, 0666); }
static int chown_nobody(const char *path) { return chown(path, 65534, 65534); }

/* Regression: an untrusted entry (writable by group or others, or another
 * user's) is neither used nor written over; the miss that follows used to
 * rename the fresh entry onto its name. */
static void test_cache__untrusted_entry_replaced_by_write(void **state) {
  (void)state;
  char dir[DIRLEN], entry[600];
  flyc_compile_options_t o = with_entry(dir, "trust-replaced", entry);
  int by_mode = replaced_after_miss(entry, &o, chmod_0666);
  mode_t mode = stat_of(entry).st_mode & 0777;
  assert_int_equal(chmod(entry, 0600), 0);
  int by_owner = geteuid() == 0 ? replaced_after_miss(entry, &o, chown_nobody) : 0;
  uid_t owner = stat_of(entry).st_uid;
  if (by_mode || by_owner)
    fail_msg("untrusted entries were replaced by the next write of their key: mode 0666 "
             "entry %s (now mode %o), other user's entry %s (now uid %u); cache.h says "
             "they are not removed",
             by_mode ? "replaced" : "kept", (unsigned)mode, by_owner ? "replaced" : "kept",
             (unsigned)owner);
}

/* Another user's entry (root can make one with chown): not used, not
 * removed. */
static void test_cache__other_owner_entry_not_used(void **state) {
  (void)state;
  char dir[DIRLEN], entry[600];
  flyc_compile_options_t o = with_entry(dir, "trust-owner", entry);
  if (chown(entry, 65534, 65534) != 0) {
    print_message("skipped: cannot chown (not root)\n");
    skip();
  }
  forget_memory();
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_destroy(compile_ok(VADD, &o));
  flyc_cache_stats_t s1 = stats_now();
  assert_int_equal(s1.disk_hits, s0.disk_hits);
  assert_int_equal(s1.misses, s0.misses + 1);
  assert_int_equal(s1.corrupt, s0.corrupt);
  assert_true(exists(entry));
  /* The directory owned by another user: not used at all. */
  assert_int_equal(chown(entry, geteuid(), getegid()), 0);
  assert_int_equal(chown(dir, 65534, 65534), 0);
  assert_int_equal(stats_now().disk, FLYC_CACHE_DISK_UNUSABLE);
  forget_memory();
  s0 = stats_now();
  flyc_artifact_destroy(compile_ok(VADD, &o));
  assert_int_equal(stats_now().disk_hits, s0.disk_hits);
  assert_int_equal(chown(dir, geteuid(), getegid()), 0);
  assert_int_equal(stats_now().disk, FLYC_CACHE_DISK_ON);
}

/* A directory writable by group or others is not used: stats say unusable,
 * compiles succeed without reading or writing there (counted as errors),
 * the listing and clear refuse it naming it, and its entries stay. */
static void test_cache__untrusted_directory(void **state) {
  (void)state;
  char dir[DIRLEN], entry[600];
  use_dir(dir, "trust-dir");
  forget_memory();
  flyc_compile_options_t o = opts(0), o1 = opts(0);
  o1.opt_level = FLYC_OPT_O1;
  flyc_artifact_destroy(compile_ok(VADD, &o));
  find_entry(dir, NULL, entry);
  const mode_t modes[] = {0777, 0770, 0702};
  for (int i = 0; i < 3; i++) {
    forget_memory();
    assert_int_equal(chmod(dir, modes[i]), 0);
    flyc_cache_stats_t s0 = stats_now();
    assert_int_equal(s0.disk, FLYC_CACHE_DISK_UNUSABLE);
    assert_int_equal(s0.entries, 0);
    flyc_artifact_t *a = compile_ok(VADD, &o); /* its entry is there, not used */
    assert_null(strstr(flyc_artifact_log(a), "from the disk cache"));
    flyc_artifact_destroy(a);
    a = compile_ok(VADD, &o1); /* a new key, not written, and the log says so */
    assert_non_null(strstr(flyc_artifact_log(a), "not cached on disk"));
    assert_non_null(strstr(flyc_artifact_log(a), dir));
    flyc_artifact_destroy(a);
    flyc_cache_stats_t s1 = stats_now();
    assert_int_equal(s1.disk_hits, s0.disk_hits);
    assert_int_equal(s1.misses, s0.misses + 2);
    assert_int_equal(s1.writes, s0.writes);
    assert_true(s1.errors > s0.errors);
    assert_int_equal(ENTRIES(dir), 1);
    assert_int_equal(count_files(dir, ".tmp-", ""), 0);
    assert_true(exists(entry));
    size_t removed = 7;
    assert_error(flyc_cache_clear(&removed), FLYC_EIO, dir);
    assert_int_equal(removed, 0);
    assert_true(exists(entry));
    listed_t l;
    memset(&l, 0, sizeof l);
    assert_error(flyc_cache_list(collect, &l), FLYC_EIO, dir);
    assert_int_equal(l.n, 0);
    assert_int_equal(chmod(dir, 0700), 0);
  }
  assert_int_equal(stats_now().disk, FLYC_CACHE_DISK_ON);
  /* A symbolic link is not a trusted directory either (lstat). */
  char link[600];
  snprintf(link, sizeof link, "%s/trust-link", root);
  assert_int_equal(symlink(dir, link), 0);
  setenv("FLYC_CACHE_DIR", link, 1);
  assert_int_equal(stats_now().disk, FLYC_CACHE_DISK_UNUSABLE);
  setenv("FLYC_CACHE_DIR", dir, 1);
}

/* Odd things under the entry's name: a symbolic link is not followed (its
 * target is neither used nor touched), a directory is not an entry; both are
 * misses and the compile succeeds. */
static void test_cache__link_or_directory_as_entry(void **state) {
  (void)state;
  char dir[DIRLEN], entry[600], elsewhere[600];
  flyc_compile_options_t o = with_entry(dir, "odd-entries", entry);
  snprintf(elsewhere, sizeof elsewhere, "%s/odd-entry-copy", root);
  copy_file(entry, elsewhere);
  size_t n;
  void *before = tu_read(elsewhere, &n);
  unlink(entry);
  assert_int_equal(symlink(elsewhere, entry), 0);
  forget_memory();
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_destroy(compile_ok(VADD, &o));
  flyc_cache_stats_t s1 = stats_now();
  assert_int_equal(s1.disk_hits, s0.disk_hits);
  assert_int_equal(s1.misses, s0.misses + 1);
  size_t m;
  void *after = tu_read(elsewhere, &m);
  assert_int_equal(n, m);
  assert_memory_equal(before, after, n);
  free(before);
  free(after);
  unlink(elsewhere);

  unlink(entry);
  assert_int_equal(mkdir(entry, 0700), 0);
  forget_memory();
  s0 = stats_now();
  flyc_artifact_destroy(compile_ok(VADD, &o));
  s1 = stats_now();
  assert_int_equal(s1.misses, s0.misses + 1);
  assert_int_equal(s1.writes, s0.writes); /* it cannot replace a directory */
  assert_true(s1.errors > s0.errors);
  assert_int_equal(count_files(dir, ".tmp-", ""), 0);
  assert_true(S_ISDIR(stat_of(entry).st_mode));
  rmdir(entry);
}

typedef struct fsize_job {
  const char *dir;
  rlim_t limit;
} fsize_job_t;

static int child_write_with_small_fsize(void *arg) {
  const fsize_job_t *j = arg;
  const char *dir = j->dir;
  struct rlimit rl = {j->limit, j->limit};
  signal(SIGXFSZ, SIG_IGN);
  if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
    return 20;
  flyc_cache_stats_t s0 = {sizeof s0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, s1 = s0;
  flyc_cache_stats(&s0);
  flyc_compile_options_t o = opts(0);
  flyc_artifact_t *a = NULL;
  if (flyc_compile_file(&a, VADD, &o)) {
    fprintf(stderr, "child: %s\n", flyc_error_last()->message);
    return 21;
  }
  flyc_artifact_destroy(a);
  flyc_cache_stats(&s1);
  if (s1.writes != s0.writes)
    return 22;
  if (s1.errors <= s0.errors)
    return 23;
  if (count_files(dir, "", ".flyc") || count_files(dir, ".tmp-", ""))
    return 24;
  return 0;
}

/* Failures of the cache never fail a compile: a directory that cannot be
 * made (its parent is a file), a write that runs out of room (a file size
 * limit); they are counted as errors and leave no temporary file. */
static void test_cache__cache_failures_do_not_fail_compiles(void **state) {
  (void)state;
  char dir[DIRLEN], file[600];
  snprintf(file, sizeof file, "%s/a-file", root);
  overwrite(file, "x", 1);
  use_dir(dir, "a-file/cache");
  forget_memory();
  flyc_compile_options_t o = opts(0);
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_destroy(compile_ok(VADD, &o));
  flyc_cache_stats_t s1 = stats_now();
  assert_int_equal(s1.writes, s0.writes);
  assert_true(s1.errors > s0.errors);
  /* A file where the directory should be: unusable. */
  use_dir(dir, "a-file");
  assert_int_equal(stats_now().disk, FLYC_CACHE_DISK_UNUSABLE);
  forget_memory();
  flyc_artifact_destroy(compile_ok(VADD, &o));
  /* Out of room in the middle of the write: a file size limit a little
   * below the entry's size (and above what the compile itself writes). */
  use_dir(dir, "fsize");
  forget_memory();
  flyc_artifact_t *a = compile_ok(VADD, &o);
  size_t code_size;
  flyc_artifact_code(a, &code_size);
  flyc_artifact_destroy(a);
  char entry[600];
  find_entry(dir, NULL, entry);
  off_t entry_size = stat_of(entry).st_size;
  unlink(entry);
  forget_memory();
  if (entry_size - (off_t)code_size < 512) {
    print_message("entry %lld bytes, code %zu: no room for a file size limit between\n",
                  (long long)entry_size, code_size);
  } else {
    fsize_job_t j = {dir, (rlim_t)entry_size - 64};
    assert_int_equal(in_child(child_write_with_small_fsize, &j), 0);
  }
  unlink(file);
}

/* Regression: flyc_cache_clear() removes every disk entry this user owns,
 * including one writable by group or others (compiles leave such entries
 * alone; clear is the user's own cleanup). */
static void test_cache__clear_removes_own_untrusted_entry(void **state) {
  (void)state;
  char dir[DIRLEN], entry[600];
  (void)with_entry(dir, "clear-untrusted", entry);
  assert_int_equal(chmod(entry, 0666), 0);
  size_t removed = 0;
  assert_ok(flyc_cache_clear(&removed));
  int left = exists(entry);
  unlink(entry);
  if (left || removed != 1)
    fail_msg("flyc_cache_clear removed %zu entries and %s this user's mode 0666 entry; "
             "cache.h: it removes every disk entry this user owns",
             removed, left ? "left" : "removed");
}

/* ---- 7. concurrent writers ---- */

/* Eight processes compile one key at once into an empty directory: one
 * whole entry, no temporary files left, and a valid hit. */
static void test_cache__concurrent_writers(void **state) {
  (void)state;
  enum { N = 8 };
  char dir[DIRLEN];
  use_dir(dir, "race");
  forget_memory();
  int fds[2];
  assert_int_equal(pipe(fds), 0);
  job_t j = {VADD, opts(0), 0, fds[0]};
  pid_t pids[N];
  fflush(NULL);
  for (int i = 0; i < N; i++) {
    pids[i] = fork();
    assert_true(pids[i] >= 0);
    if (pids[i] == 0) {
      close(fds[1]);
      _exit(child_compile(&j));
    }
  }
  close(fds[0]);
  close(fds[1]); /* EOF: they all start */
  for (int i = 0; i < N; i++) {
    int st;
    assert_int_equal(waitpid(pids[i], &st, 0), pids[i]);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
      fail_msg("child %d ended with status %#x", i, st);
  }
  assert_int_equal(ENTRIES(dir), 1);
  assert_int_equal(count_files(dir, ".tmp-", ""), 0);
  assert_int_equal(count_files(dir, "", ""), 1);
  flyc_compile_options_t o = opts(0);
  flyc_artifact_t *ref = fresh_compile(VADD, &o);
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_t *a = compile_ok(VADD, &o);
  expect_moved("after the race", &s0, 0, 1, 0, 0);
  assert_same_code(a, ref);
  flyc_artifact_destroy(a);
  flyc_artifact_destroy(ref);
}

typedef struct thread_job {
  int id, failures;
} thread_job_t;

static void *compile_thread(void *p) {
  thread_job_t *t = p;
  for (int k = 0; k < 4; k++) {
    flyc_compile_options_t o = variant((char)('a' + (t->id + k) % 4));
    flyc_artifact_t *a = NULL;
    if (flyc_compile_file(&a, VADD, &o) != FLYC_OK || flyc_artifact_kernel_count(a) != 1)
      t->failures++;
    flyc_artifact_destroy(a);
  }
  return NULL;
}

static void *maintenance_thread(void *p) {
  thread_job_t *t = p;
  for (int k = 0; k < 20; k++) {
    flyc_cache_stats_t s = {sizeof s, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    listed_t l;
    memset(&l, 0, sizeof l);
    if (flyc_cache_stats(&s) != FLYC_OK || flyc_cache_list(collect, &l) != FLYC_OK)
      t->failures++;
  }
  return NULL;
}

/* Threads: eight compile four keys in different orders while another lists
 * and reads the stats: every compile succeeds, one entry per key. */
static void test_cache__threads(void **state) {
  (void)state;
  enum { N = 8 };
  char dir[DIRLEN];
  use_dir(dir, "threads");
  forget_memory();
  pthread_t th[N + 1];
  thread_job_t jobs[N + 1];
  for (int i = 0; i <= N; i++) {
    jobs[i].id = i;
    jobs[i].failures = 0;
    assert_int_equal(
        pthread_create(&th[i], NULL, i < N ? compile_thread : maintenance_thread, &jobs[i]), 0);
  }
  for (int i = 0; i <= N; i++) {
    pthread_join(th[i], NULL);
    assert_int_equal(jobs[i].failures, 0);
  }
  assert_int_equal(ENTRIES(dir), 4);
  assert_int_equal(count_files(dir, ".tmp-", ""), 0);
  assert_int_equal(stats_now().memory_entries, 4);
}

/* ---- 8. the size cap ---- */

static void set_cap(uint64_t bytes) {
  char v[32];
  snprintf(v, sizeof v, "%llu", (unsigned long long)bytes);
  setenv("FLYC_CACHE_MAX_BYTES", v, 1);
}

static void entry_path(const char *dir, char which, char out[600]) {
  /* The entry a variant compile just wrote: the newest file. */
  DIR *d = opendir(dir);
  assert_non_null(d);
  struct timespec best = {0, 0};
  out[0] = '\0';
  for (struct dirent *e; (e = readdir(d));) {
    if (!strstr(e->d_name, ".flyc"))
      continue;
    char p[600];
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    struct stat st = stat_of(p);
    if (st.st_mtim.tv_sec > best.tv_sec ||
        (st.st_mtim.tv_sec == best.tv_sec && st.st_mtim.tv_nsec > best.tv_nsec)) {
      best = st.st_mtim;
      snprintf(out, 600, "%s", p);
    }
  }
  closedir(d);
  if (!out[0])
    fail_msg("no entry for variant %c", which);
}

/* Compiles variant `which` and returns its entry's path in out. */
static void write_variant(const char *dir, char which, char out[600]) {
  flyc_compile_options_t o = variant(which);
  flyc_artifact_destroy(compile_ok(VADD, &o));
  entry_path(dir, which, out);
}

/* After each write the least recently used entries go while the directory
 * holds more than FLYC_CACHE_MAX_BYTES; the entry just written stays. */
static void test_cache__size_cap_evicts_least_recently_used(void **state) {
  (void)state;
  char dir[DIRLEN], a[600], b[600], c[600];
  use_dir(dir, "lru");
  forget_memory();
  unsetenv("FLYC_CACHE_MAX_BYTES");
  assert_int_equal(stats_now().max_bytes, (uint64_t)1 << 30);
  write_variant(dir, 'a', a);
  uint64_t size = (uint64_t)stat_of(a).st_size;
  set_cap(size + size / 2); /* room for one entry */
  assert_int_equal(stats_now().max_bytes, size + size / 2);
  backdate(a, 300);
  flyc_cache_stats_t s0 = stats_now();
  write_variant(dir, 'b', b);
  assert_int_equal(stat_of(b).st_size, (off_t)size);
  assert_false(exists(a));
  assert_true(exists(b));
  assert_int_equal(stats_now().evictions, s0.evictions + 1);
  backdate(b, 200);
  write_variant(dir, 'c', c);
  assert_false(exists(b));
  assert_true(exists(c));
  flyc_cache_stats_t s1 = stats_now();
  assert_int_equal(s1.evictions, s0.evictions + 2);
  assert_int_equal(s1.entries, 1);
  assert_int_equal(s1.bytes, size);
  /* One entry larger than the cap stays: it was just written. */
  set_cap(size / 2);
  write_variant(dir, 'd', a);
  assert_int_equal(ENTRIES(dir), 1);
  assert_true(exists(a));

  /* A hit makes an entry recent: A and B (A older), a hit on A, then C
   * evicts B, not A. */
  size_t removed;
  assert_ok(flyc_cache_clear(&removed));
  unsetenv("FLYC_CACHE_MAX_BYTES");
  write_variant(dir, 'a', a);
  write_variant(dir, 'b', b);
  backdate(a, 300);
  backdate(b, 200);
  set_cap(2 * size + size / 2); /* room for two */
  forget_memory();
  flyc_compile_options_t oa = variant('a');
  s0 = stats_now();
  flyc_artifact_destroy(compile_ok(VADD, &oa));
  expect_moved("the hit on A", &s0, 0, 1, 0, 0);
  write_variant(dir, 'c', c);
  assert_true(exists(a));
  assert_false(exists(b));
  assert_true(exists(c));
  assert_int_equal(stats_now().evictions, s0.evictions + 1);

  /* Sizes take k, m, g; anything else is the default. */
  setenv("FLYC_CACHE_MAX_BYTES", "3k", 1);
  assert_int_equal(stats_now().max_bytes, 3 << 10);
  setenv("FLYC_CACHE_MAX_BYTES", "2M", 1);
  assert_int_equal(stats_now().max_bytes, 2 << 20);
  setenv("FLYC_CACHE_MAX_BYTES", "lots", 1);
  assert_int_equal(stats_now().max_bytes, (uint64_t)1 << 30);
  setenv("FLYC_CACHE_MAX_BYTES", "-5", 1); /* not 2^64 - 5 */
  assert_int_equal(stats_now().max_bytes, (uint64_t)1 << 30);
  setenv("FLYC_CACHE_MAX_BYTES", " 5", 1);
  assert_int_equal(stats_now().max_bytes, (uint64_t)1 << 30);
  unsetenv("FLYC_CACHE_MAX_BYTES");
}

/* flyc_cache_forget drops the in-memory artifacts and leaves the disk; stats
 * count the directory's entries even with the caches off. */
static void test_cache__forget_and_stats_when_off(void **state) {
  (void)state;
  char dir[DIRLEN], entry[600];
  flyc_compile_options_t o = with_entry(dir, "forget", entry);
  flyc_artifact_t *a = compile_ok(VADD, &o);
  flyc_cache_forget(); /* the memory hit that made `a` is gone, the file stays */
  assert_int_equal(stats_now().memory_entries, 0);
  assert_true(exists(entry));
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_t *b = compile_ok(VADD, &o);
  expect_moved("after forget", &s0, 0, 1, 0, 0);
  assert_other_entry(a, b);
  assert_int_equal(flyc_cache_forget(), 1);
  flyc_artifact_destroy(a); /* callers' references outlive the forgetting */
  flyc_artifact_destroy(b);
  setenv("FLYC_CACHE", "0", 1);
  flyc_cache_stats_t s = stats_now();
  assert_int_equal(s.disk, FLYC_CACHE_DISK_OFF);
  assert_int_equal(s.entries, 1);
  unsetenv("FLYC_CACHE");
}

/* ---- 9. listing, clearing, the directory ---- */

/* flyc_cache_list reports each entry (most recently used first) with its
 * target, kernels and processors, skipping and counting corrupt ones;
 * flyc_cache_clear removes entries and stale temporary files and forgets
 * the in-memory artifacts. */
/* Link libraries' closures (cache/lib.c): one entry in <dir>/lib per
 * library content and roots, used by a compile the compile cache misses, a
 * corrupt one a miss that is removed and rewritten, none written without the
 * disk cache. */
static void test_cache__library_closures(void **state) {
  (void)state;
  char dir[DIRLEN], libdir[DIRLEN + 8], entry[600] = "";
  use_dir(dir, "libs");
  snprintf(libdir, sizeof libdir, "%s/lib", dir);
  forget_memory();
  const char *mstl[] = {LIB_MSTL};
  flyc_compile_options_t o = opts(0);
  o.link_libraries = mstl;
  o.link_library_count = 1;
  flyc_artifact_t *a = compile_ok(K_MSTL, &o);
  assert_int_equal(ENTRIES(libdir), 1);
  find_entry(libdir, NULL, entry);
  struct stat st0 = stat_of(entry);
  assert_true(st0.st_size > 0 && st0.st_size < stat_of(LIB_MSTL).st_size * 4);
  /* Another optimization level: the compile cache misses, the closure
   * (same library, same roots) is the one entry still. */
  forget_memory();
  o.opt_level = FLYC_OPT_O1;
  flyc_artifact_t *b = compile_ok(K_MSTL, &o);
  assert_int_equal(ENTRIES(libdir), 1);
  /* A corrupt closure: a miss, removed and written again; the code is the
   * same as from the good one. */
  forget_memory();
  FILE *f = fopen(entry, "r+b");
  assert_non_null(f);
  assert_int_equal(fseek(f, st0.st_size / 2, SEEK_SET), 0);
  assert_int_equal(fputc('#', f) != EOF, 1);
  assert_int_equal(fclose(f), 0);
  flyc_cache_stats_t s0 = stats_now();
  o.opt_level = FLYC_OPT_O2;
  flyc_artifact_t *c = compile_ok(K_MSTL, &o);
  assert_int_equal(stats_now().corrupt, s0.corrupt + 1);
  assert_int_equal(ENTRIES(libdir), 1);
  forget_memory();
  char other[600];
  snprintf(other, sizeof other, "%s", entry);
  find_entry(libdir, NULL, entry);
  assert_string_equal(entry, other); /* the same key, rewritten whole */
  size_t n1, n2;
  const void *c1 = flyc_artifact_code(c, &n1);
  assert_ok(flyc_cache_clear(NULL));
  flyc_artifact_t *d = compile_ok(K_MSTL, &o); /* from the library itself */
  const void *c2 = flyc_artifact_code(d, &n2);
  assert_int_equal(n1, n2);
  assert_memory_equal(c1, c2, n1);
  /* No disk cache, no closure on disk (memory keeps it for the process). */
  assert_ok(flyc_cache_clear(NULL));
  o.flags = FLYC_COMPILE_NO_CACHE;
  flyc_artifact_destroy(compile_ok(K_MSTL, &o));
  assert_int_equal(ENTRIES(libdir), 0);
  flyc_artifact_destroy(d);
  flyc_artifact_destroy(c);
  flyc_artifact_destroy(b);
  flyc_artifact_destroy(a);
}

static void test_cache__list_and_clear(void **state) {
  (void)state;
  char dir[DIRLEN], e1[600], e2[600], e3[600], bad[600], stale[600], fresh[600], notes[600],
      shared[600];
  use_dir(dir, "list");
  forget_memory();
  listed_t l;
  memset(&l, 0, sizeof l);
  assert_ok(flyc_cache_list(collect, &l)); /* no directory yet */
  assert_int_equal(l.n, 0);
  assert_error(flyc_cache_list(NULL, NULL), FLYC_EINVAL, "");

  flyc_compile_options_t o = opts(0);
  flyc_artifact_t *held = compile_ok(VADD, &o);
  find_entry(dir, NULL, e1);
  flyc_artifact_destroy(compile_ok(NOLIB, &o));
  find_entry(dir, e1, e2);
  static int runs;
  assert_ok(flyc_processor_register(PROC_L, count_run, &runs));
  flyc_artifact_t *a = NULL;
  assert_ok(pe_compile(&a, PROC_L, NULL, NULL, NULL));
  flyc_artifact_destroy(a);
  assert_int_equal(ENTRIES(dir), 3);
  char *names[3] = {e1, e2, e3};
  /* e3: the one that is neither e1 nor e2 */
  {
    DIR *d = opendir(dir);
    for (struct dirent *e; (e = readdir(d));) {
      char p[600];
      snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
      if (strstr(e->d_name, ".flyc") && strcmp(p, e1) && strcmp(p, e2))
        snprintf(e3, sizeof e3, "%s", p);
    }
    closedir(d);
  }
  backdate(e1, 300);
  backdate(e2, 200);
  backdate(e3, 100);
  /* Not entries: a corrupt one (skipped, counted, kept), temporary files,
   * another name. */
  snprintf(bad, sizeof bad, "%s/0123456789abcdef0123456789abcdef.flyc", dir);
  overwrite(bad, "not an entry", 12);
  snprintf(stale, sizeof stale, "%s/.tmp-1-AAAAAA", dir);
  overwrite(stale, "x", 1);
  backdate(stale, 7200);
  snprintf(fresh, sizeof fresh, "%s/.tmp-2-BBBBBB", dir);
  overwrite(fresh, "y", 1);
  snprintf(notes, sizeof notes, "%s/notes.txt", dir);
  overwrite(notes, "z", 1);
  /* An untrusted entry (another key's bytes, group-writable): not listed,
   * not counted as corrupt. */
  snprintf(shared, sizeof shared, "%s/fedcba9876543210fedcba9876543210.flyc", dir);
  copy_file(e1, shared);
  assert_int_equal(chmod(shared, 0660), 0);

  flyc_cache_stats_t s0 = stats_now();
  memset(&l, 0, sizeof l);
  assert_ok(flyc_cache_list(collect, &l));
  assert_int_equal(l.n, 3);
  assert_int_equal(stats_now().corrupt, s0.corrupt + 1);
  assert_true(exists(bad));
  assert_string_equal(l.file[0], e3);
  assert_string_equal(l.file[1], e2);
  assert_string_equal(l.file[2], e1);
  const char *kernels[3] = {"pe_kernel", "plain_kernel", "vadd"};
  for (int i = 0; i < 3; i++) {
    struct stat st = stat_of(l.file[i]);
    assert_int_equal(l.bytes[i], (uint64_t)st.st_size);
    assert_int_equal(l.mtime[i], (int64_t)st.st_mtime);
    assert_int_equal(strncmp(l.target[i], "gfx90a", 6), 0);
    assert_int_equal(l.kernel_count[i], 1);
    assert_string_equal(l.kernels[i], kernels[i]);
    assert_string_equal(l.processors[i], i == 0 ? PROC_L : "");
  }
  /* A nonzero return stops the listing and is returned. */
  memset(&l, 0, sizeof l);
  l.stop_after = 1;
  assert_int_equal(flyc_cache_list(collect, &l), 7);
  assert_int_equal(l.n, 1);
  /* stats: entries and bytes (the corrupt file is an entry there). */
  flyc_cache_stats_t s = stats_now();
  assert_int_equal(s.entries, 4);
  uint64_t total = 12;
  for (int i = 0; i < 3; i++)
    total += (uint64_t)stat_of(names[i]).st_size;
  assert_int_equal(s.bytes, total);

  unlink(shared);
  assert_true(stats_now().memory_entries >= 3);
  /* The pe kernel's link library closure, in the library cache's lib/. */
  char libdir[DIRLEN + 8];
  snprintf(libdir, sizeof libdir, "%s/lib", dir);
  size_t nlib = ENTRIES(libdir);
  assert_int_equal(nlib, 1);
  size_t removed = 0;
  assert_ok(flyc_cache_clear(&removed));
  assert_int_equal(removed, 4 + nlib); /* the three, the corrupt one, the closure */
  assert_int_equal(ENTRIES(dir), 0);
  assert_int_equal(ENTRIES(libdir), 0);
  assert_false(exists(stale));
  assert_true(exists(fresh)); /* a writer may still be at it */
  assert_true(exists(notes));
  assert_int_equal(stats_now().memory_entries, 0);
  /* References callers hold stay valid. */
  size_t n;
  assert_non_null(flyc_artifact_code(held, &n));
  assert_string_equal(flyc_artifact_kernel(held, 0)->name, "vadd");
  flyc_artifact_destroy(held);
  /* The next compile compiles. */
  s0 = stats_now();
  flyc_artifact_destroy(compile_ok(VADD, &o));
  expect_moved("after clear", &s0, 0, 0, 1, 1);
  assert_ok(flyc_cache_clear(NULL));
  assert_int_equal(ENTRIES(dir), 0);
  /* A directory that does not exist: nothing to clear. */
  use_dir(dir, "list-none");
  removed = 5;
  assert_ok(flyc_cache_clear(&removed));
  assert_int_equal(removed, 0);
}

/* FLYC_CACHE_DIR, else $XDG_CACHE_HOME/flyc, else $HOME/.cache/flyc. */
static void test_cache__directory_from_environment(void **state) {
  (void)state;
  saved_env_t env = save_env();
  char buf[512];
  setenv("FLYC_CACHE_DIR", "/tmp/flyc-explicit", 1);
  setenv("XDG_CACHE_HOME", "/tmp/xdg", 1);
  setenv("HOME", "/tmp/home", 1);
  assert_ok(flyc_cache_dir(buf, sizeof buf));
  assert_string_equal(buf, "/tmp/flyc-explicit");
  unsetenv("FLYC_CACHE_DIR");
  assert_ok(flyc_cache_dir(buf, sizeof buf));
  assert_string_equal(buf, "/tmp/xdg/flyc");
  unsetenv("XDG_CACHE_HOME");
  assert_ok(flyc_cache_dir(buf, sizeof buf));
  assert_string_equal(buf, "/tmp/home/.cache/flyc");
  /* Too small a buffer: EINVAL giving the size needed. */
  size_t need = strlen("/tmp/home/.cache/flyc") + 1;
  char want[64];
  snprintf(want, sizeof want, "%zu bytes", need);
  assert_error(flyc_cache_dir(buf, need - 1), FLYC_EINVAL, want);
  assert_ok(flyc_cache_dir(buf, need));
  assert_error(flyc_cache_dir(NULL, 10), FLYC_EINVAL, "");
  assert_error(flyc_cache_dir(buf, 0), FLYC_EINVAL, "");
  /* None of the three: ENOTFOUND; the disk cache is unusable and compiles
   * still work. */
  unsetenv("HOME");
  assert_error(flyc_cache_dir(buf, sizeof buf), FLYC_ENOTFOUND, "FLYC_CACHE_DIR");
  assert_int_equal(stats_now().disk, FLYC_CACHE_DISK_UNUSABLE);
  forget_memory();
  flyc_compile_options_t o = opts(0);
  flyc_artifact_destroy(compile_ok(VADD, &o));
  /* stats with an older, shorter struct: only that much is filled. */
  flyc_cache_stats_t s;
  memset(&s, 0xab, sizeof s);
  s.size = (uint32_t)offsetof(flyc_cache_stats_t, memory_hits);
  assert_ok(flyc_cache_stats(&s));
  assert_int_equal(s.size, offsetof(flyc_cache_stats_t, memory_hits));
  assert_int_equal(s.memory_hits, 0xababababababababull);
  assert_error(flyc_cache_stats(NULL), FLYC_EINVAL, "");

  restore_env(&env);
}

/* ---- 10. the CLI ---- */

static void test_cache__cli(void **state) {
  (void)state;
  char dir[DIRLEN], out_path[600], ref_path[600], want[700];
  use_dir(dir, "cli");
  snprintf(out_path, sizeof out_path, "%s/cli-out.hsaco", root);
  snprintf(ref_path, sizeof ref_path, "%s/cli-ref.hsaco", root);
  char *out;
  assert_int_equal(RUN(&out, "cache", "dir"), 0);
  snprintf(want, sizeof want, "%s\n", dir);
  assert_string_equal(out, want);
  free(out);
  assert_int_equal(RUN(&out, "cache", "stats"), 0);
  snprintf(want, sizeof want, "directory  %s\n", dir);
  assert_non_null(strstr(out, want));
  assert_non_null(strstr(out, "disk cache on"));
  assert_non_null(strstr(out, "entries    0"));
  free(out);

  setenv("FLYC_CACHE", "0", 1); /* the reference */
  int rc = RUN(&out, "compile", VADD, "--arch", "gfx90a", "-o", ref_path);
  unsetenv("FLYC_CACHE");
  assert_int_equal(rc, 0);
  assert_non_null(strstr(out, "vadd"));
  free(out);
  assert_int_equal(ENTRIES(dir), 0);
  for (int i = 0; i < 2; i++) { /* a miss that writes, then a hit */
    assert_int_equal(RUN(&out, "compile", VADD, "--arch", "gfx90a", "-o", out_path, "--time"),
                     0);
    /* --time knows a hit by flyc_artifact_origin(), and says so. */
    assert_true((strstr(out, "time (ms): cache hit") != NULL) == (i == 1));
    assert_true((strstr(out, "time (ms): parse") != NULL) == (i == 0));
    free(out);
    assert_int_equal(ENTRIES(dir), 1);
    size_t n1, n2;
    void *c1 = tu_read(ref_path, &n1), *c2 = tu_read(out_path, &n2);
    assert_int_equal(n1, n2);
    assert_memory_equal(c1, c2, n1);
    free(c1);
    free(c2);
  }
  char entry[600];
  find_entry(dir, NULL, entry);

  assert_int_equal(RUN(&out, "cache", "stats"), 0);
  assert_non_null(strstr(out, "entries    1"));
  snprintf(want, sizeof want, "bytes      %llu of %llu",
           (unsigned long long)stat_of(entry).st_size, 1ull << 30);
  assert_non_null(strstr(out, want));
  free(out);
  assert_int_equal(RUN(&out, "cache", "stats", "--json"), 0);
  assert_non_null(strstr(out, "\"disk\":"));
  assert_non_null(strstr(out, "\"on\""));
  assert_non_null(strstr(out, "\"entries\":"));
  free(out);
  assert_int_equal(RUN(&out, "cache", "list"), 0);
  assert_non_null(strstr(out, strrchr(entry, '/') + 1));
  assert_non_null(strstr(out, "gfx90a"));
  assert_non_null(strstr(out, "vadd"));
  free(out);
  assert_int_equal(RUN(&out, "cache", "list", "--json"), 0);
  snprintf(want, sizeof want, "\"%s\"", entry);
  assert_non_null(strstr(out, want));
  assert_non_null(strstr(out, "\"vadd\""));
  free(out);

  setenv("FLYC_CACHE", "0", 1);
  assert_int_equal(RUN(&out, "cache", "stats"), 0);
  assert_non_null(strstr(out, "off (FLYC_CACHE)"));
  free(out);
  unsetenv("FLYC_CACHE");
  assert_int_equal(chmod(dir, 0777), 0);
  assert_int_equal(RUN(&out, "cache", "stats"), 0);
  assert_non_null(strstr(out, "unusable"));
  free(out);
  assert_int_not_equal(RUN(&out, "cache", "list"), 0);
  assert_non_null(strstr(out, dir));
  free(out);
  assert_int_equal(chmod(dir, 0700), 0);

  assert_int_equal(RUN(&out, "cache", "clear"), 0);
  assert_non_null(strstr(out, "removed 1 entry"));
  free(out);
  assert_int_equal(ENTRIES(dir), 0);
  assert_int_equal(RUN(&out, "cache", "clear"), 0);
  assert_non_null(strstr(out, "removed 0 entries"));
  free(out);
  assert_int_equal(RUN(&out, "cache"), 2);
  assert_non_null(strstr(out, "no action"));
  free(out);
  assert_int_equal(RUN(&out, "cache", "frob"), 2);
  assert_non_null(strstr(out, "'frob'"));
  free(out);
  assert_int_equal(RUN(&out, "cache", "--help"), 0);
  assert_non_null(strstr(out, "usage: flyc cache"));
  free(out);
  unlink(out_path);
  unlink(ref_path);
}

/* Regression (see test_cache__no_cache_flag): `flyc compile --no-cache`. */
static void test_cache__cli_no_cache(void **state) {
  (void)state;
  char dir[DIRLEN], out_path[600];
  use_dir(dir, "cli-no-cache");
  snprintf(out_path, sizeof out_path, "%s/cli-no-cache.hsaco", root);
  char *out;
  int rc = RUN(&out, "compile", VADD, "--arch", "gfx90a", "-o", out_path, "--no-cache");
  if (rc != 0) {
    char msg[512];
    snprintf(msg, sizeof msg, "%s", out);
    free(out);
    fail_msg("flyc compile --no-cache exited %d: %s", rc, msg);
  }
  assert_non_null(strstr(out, "vadd"));
  free(out);
  assert_int_equal(ENTRIES(dir), 0);
  unlink(out_path);
}

/* ---- the suite ---- */

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

/* ---- what the second adversarial trial found ---- */

/* A kernel whose dynamic shared allocation is `*payload` bytes: the size is
 * not in the IR (the region is extern), so it must be in the key. */
static int dyn_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                    void *payload) {
  flyc_shared_allocator_t *sa = flyc_kb_shared_allocator(kb, FLYC_SHARED_DYNAMIC, 16);
  LLVMValueRef s = flyc_kb_shared_alloc(sa, *(uint64_t *)payload, 16);
  if (!s)
    return -1;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMBuildStore(b, LLVMBuildLoad2(b, i32, s, ""), args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static flyc_artifact_t *dyn_compile(uint64_t bytes) {
  static const flyc_param_t out = {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 0, NULL};
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "dyn";
  d.params = &out;
  d.param_count = 1;
  d.body = dyn_body;
  d.payload = &bytes;
  assert_ok(flyc_kernel_emit(ctx, &d, NULL));
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_ctx_compile(ctx, NULL, &a));
  flyc_ctx_destroy(ctx);
  return a;
}

static void test_cache__trial_regressions(void **state) {
  (void)state;
  char dir[DIRLEN], entry[600];
  /* 1. The dynamic shared size is in the key. */
  use_dir(dir, "dyn-key");
  forget_memory();
  flyc_artifact_t *a = dyn_compile(16), *b = dyn_compile(4096);
  assert_other_entry(a, b);
  assert_int_equal(flyc_artifact_kernel_lookup(a, "dyn")->dynamic_shared_size, 16);
  assert_int_equal(flyc_artifact_kernel_lookup(b, "dyn")->dynamic_shared_size, 4096);
  flyc_artifact_destroy(a);
  flyc_artifact_destroy(b);

  /* 2. Key values cannot run into each other: one exported global named
   * "ga\nexport gb" is not the two globals ga and gb. */
  static const char g[] = "target triple = \"amdgcn-amd-amdhsa\"\n"
                          "@ga = addrspace(1) global i32 1\n"
                          "@gb = addrspace(1) global i32 2\n"
                          "define amdgpu_kernel void @k(ptr addrspace(1) %o) {\n"
                          "  store i32 0, ptr addrspace(1) %o\n  ret void\n}\n";
  char *gpath = tu_temp_file(".ll", g, sizeof g - 1);
  const char *two[] = {"ga", "gb"}, *one[] = {"ga\nexport 2:gb"};
  flyc_compile_options_t o2 = opts(0), o1 = opts(0);
  o2.exported_globals = two;
  o2.exported_global_count = 2;
  o1.exported_globals = one;
  o1.exported_global_count = 1;
  flyc_artifact_destroy(compile_ok(gpath, &o2));
  flyc_artifact_t *x = NULL;
  assert_error(flyc_compile_file(&x, gpath, &o1), FLYC_ENOTFOUND, "exported global");
  unlink(gpath);
  free(gpath);

  /* 3. A FIFO at an entry's name is neither read (no hang) nor trusted;
   * flyc_cache_clear removes it (it is ours). */
  flyc_compile_options_t o = with_entry(dir, "fifo", entry);
  assert_int_equal(unlink(entry), 0);
  assert_int_equal(mkfifo(entry, 0600), 0);
  forget_memory();
  alarm(60); /* a hang fails the test instead of the whole run */
  flyc_artifact_destroy(compile_ok(VADD, &o));
  alarm(0);
  size_t removed = 0;
  assert_ok(flyc_cache_clear(&removed));
  assert_false(exists(entry));

  /* 4. "dir/" and "dir/." name the directory, not what a symlink points to. */
  char real[700], link[720], slash[740];
  use_dir(dir, "slash-real");
  snprintf(real, sizeof real, "%s", dir);
  flyc_artifact_destroy(compile_ok(VADD, &o));
  snprintf(link, sizeof link, "%s-link", real);
  unlink(link);
  assert_int_equal(symlink(real, link), 0);
  const char *suffix[] = {"/", "/.", "//./"};
  for (int i = 0; i < 3; i++) {
    snprintf(slash, sizeof slash, "%s%s", link, suffix[i]);
    setenv("FLYC_CACHE_DIR", slash, 1);
    forget_memory();
    assert_int_equal(stats_now().disk, FLYC_CACHE_DISK_UNUSABLE);
    flyc_artifact_t *h = compile_ok(VADD, &o);
    assert_null(strstr(flyc_artifact_log(h), "from the disk cache"));
    flyc_artifact_destroy(h);
  }
  unlink(link);
  setenv("FLYC_CACHE_DIR", real, 1);
}

int main(void) {
  /* ctest turns the caches off for every test; this suite turns them on in
   * its own directory. */
  unsetenv("FLYC_CACHE");
  unsetenv("FLYC_CACHE_MAX_BYTES");
  unsetenv("FLYC_LLD");
  unsetenv("FLYC_DEVICE_LIB_PATH");
  snprintf(root, sizeof root, "/tmp/flyc-test-cache-XXXXXX");
  if (!mkdtemp(root)) {
    perror("mkdtemp");
    return 1;
  }
  char dir[DIRLEN];
  use_dir(dir, "default");
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cache__memory_same_key_same_artifact),
      cmocka_unit_test(test_cache__origin),
      cmocka_unit_test(test_cache__memory_key_covers_inputs),
      cmocka_unit_test(test_cache__library_rewritten_same_size_and_mtime),
      cmocka_unit_test(test_cache__memory_cap),
      cmocka_unit_test(test_cache__cache_off),
      cmocka_unit_test(test_cache__no_cache_flag),
      cmocka_unit_test(test_cache__disk_entry_from_another_process),
      cmocka_unit_test(test_cache__disk_hit_bumps_mtime),
      cmocka_unit_test(test_cache__processors_resolved_by_name),
      cmocka_unit_test(test_cache__cached_artifact_keeps_module_for_reuse),
      cmocka_unit_test(test_cache__processor_names_in_key),
      cmocka_unit_test(test_cache__unnamed_processor),
      cmocka_unit_test(test_cache__memory_only_flag),
      cmocka_unit_test(test_cache__corrupt_entries_are_misses),
      cmocka_unit_test(test_cache__removal_without_a_write),
      cmocka_unit_test(test_cache__sealed_garbage_artifact),
      cmocka_unit_test(test_cache__untrusted_entry_not_used),
      cmocka_unit_test(test_cache__untrusted_entry_replaced_by_write),
      cmocka_unit_test(test_cache__other_owner_entry_not_used),
      cmocka_unit_test(test_cache__untrusted_directory),
      cmocka_unit_test(test_cache__link_or_directory_as_entry),
      cmocka_unit_test(test_cache__cache_failures_do_not_fail_compiles),
      cmocka_unit_test(test_cache__clear_removes_own_untrusted_entry),
      cmocka_unit_test(test_cache__concurrent_writers),
      cmocka_unit_test(test_cache__threads),
      cmocka_unit_test(test_cache__size_cap_evicts_least_recently_used),
      cmocka_unit_test(test_cache__forget_and_stats_when_off),
      cmocka_unit_test(test_cache__trial_regressions),
      cmocka_unit_test(test_cache__foreign_target_entry),
      cmocka_unit_test(test_cache__library_closures),
      cmocka_unit_test(test_cache__list_and_clear),
      cmocka_unit_test(test_cache__directory_from_environment),
      cmocka_unit_test(test_cache__cli),
      cmocka_unit_test(test_cache__cli_no_cache),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  return failed;
}
