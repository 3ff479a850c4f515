/* The CUDA driver's cubins kept in flyc's disk cache (runtime/cubin_cache.c,
 * runtime/cuda.c), against the stand-in libcuda.so.1 of tests/fakecuda
 * (ctest puts it first on LD_LIBRARY_PATH): a PTX load JITs once per PTX,
 * compute capability and driver version; a later load takes the kept cubin;
 * a corrupt or refused entry is a miss; FLYC_CACHE=0 loads the PTX as
 * before; a JIT error keeps the driver's log. */
#define _GNU_SOURCE /* dladdr */
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "util.h"
#include "../runtime/internal.h"

static const char PTX[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                          ".visible .entry k(.param .u64 k_param_0)\n{\n ret;\n}\n";
static char dir[256], sub[300];
static flyc_driver_t *drv;
static void (*counts)(int *, int *, int *);

typedef struct { int links, cubins, ptxs; } calls_t;

static calls_t now(void) {
  calls_t c;
  counts(&c.links, &c.cubins, &c.ptxs);
  return c;
}

/* Loads `ptx`, checks kernel `k` is there, unloads: the status. */
static int load(const char *ptx) {
  flyc_gpu_jit_module_t *m = NULL;
  int rc = flyc_gpu_jit_module_load_code(&m, drv, 0, FLYC_CODE_PTX, ptx, strlen(ptx), NULL, 0);
  if (rc == FLYC_OK)
    assert_non_null(flyc_gpu_jit_module_loaded(m)->handle);
  flyc_gpu_jit_module_destroy(m);
  return rc;
}

static int entries(void) {
  DIR *d = opendir(sub);
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d));)
    n += strstr(e->d_name, ".flyc") != NULL && e->d_name[0] != '.';
  if (d)
    closedir(d);
  return n;
}

/* The path of the one entry in the cubin directory. */
static void the_entry(char *path, size_t size) {
  DIR *d = opendir(sub);
  assert_non_null(d);
  path[0] = '\0';
  for (struct dirent *e; (e = readdir(d));)
    if (strstr(e->d_name, ".flyc") && e->d_name[0] != '.')
      snprintf(path, size, "%s/%s", sub, e->d_name);
  closedir(d);
  assert_true(path[0]);
}

static void clear(void) {
  char cmd[400];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", sub);
  assert_int_equal(system(cmd), 0);
}

static int setup(void **state) {
  (void)state;
  snprintf(dir, sizeof dir, "/tmp/flyc-cubin-XXXXXX");
  if (!mkdtemp(dir))
    return -1;
  snprintf(sub, sizeof sub, "%s/cubin", dir);
  setenv("FLYC_CACHE_DIR", dir, 1);
  unsetenv("FLYC_CACHE");
  if (flyc_driver_open(&drv, FLYC_DRIVER_CUDA) != FLYC_OK) {
    fprintf(stderr, "the stand-in driver did not open: %s\n", flyc_error_last()->message);
    return -1;
  }
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (!h || !(*(void **)&counts = dlsym(h, "fake_cuda_counts"))) {
    fprintf(stderr, "libcuda.so.1 is not tests/fakecuda's (LD_LIBRARY_PATH)\n");
    return -1;
  }
  return 0;
}

static int teardown(void **state) {
  (void)state;
  char cmd[400];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  return system(cmd) == 0 ? 0 : -1;
}

/* One JIT per PTX, device and driver; every later load takes the cubin. */
static void test_cubin__jit_once(void **state) {
  (void)state;
  clear();
  calls_t a = now();
  assert_ok(load(PTX));
  calls_t b = now();
  assert_int_equal(b.links - a.links, 1);
  assert_int_equal(b.cubins - a.cubins, 1);
  assert_int_equal(b.ptxs, a.ptxs); /* the PTX itself is never handed to the driver */
  assert_int_equal(entries(), 1);
  struct stat st;
  assert_int_equal(stat(sub, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0700);
  for (int i = 0; i < 3; i++)
    assert_ok(load(PTX));
  calls_t c = now();
  assert_int_equal(c.links, b.links);
  assert_int_equal(c.cubins - b.cubins, 3);
  /* Other PTX is another entry. */
  char other[sizeof PTX + 16];
  snprintf(other, sizeof other, "%s// two\n", PTX);
  assert_ok(load(other));
  assert_int_equal(now().links, c.links + 1);
  assert_int_equal(entries(), 2);
  /* flyc_cache_clear() (flyc cache clear) removes them too. */
  size_t removed = 0;
  assert_ok(flyc_cache_clear(&removed));
  assert_int_equal(removed, 2);
  assert_int_equal(entries(), 0);
}

/* The key holds the compute capability and the driver's version. */
static void test_cubin__keyed_by_device_and_driver(void **state) {
  (void)state;
  clear();
  assert_ok(load(PTX));
  int l0 = now().links;
  setenv("FAKE_CUDA_CC_MAJOR", "8", 1);
  assert_ok(load(PTX));
  assert_int_equal(now().links, l0 + 1);
  assert_ok(load(PTX));
  assert_int_equal(now().links, l0 + 1);
  unsetenv("FAKE_CUDA_CC_MAJOR");
  setenv("FAKE_CUDA_DRIVER", "13010", 1);
  assert_ok(load(PTX));
  assert_int_equal(now().links, l0 + 2);
  unsetenv("FAKE_CUDA_DRIVER");
  assert_ok(load(PTX)); /* the first entry is still there */
  assert_int_equal(now().links, l0 + 2);
  assert_int_equal(entries(), 3);
}

/* A flipped byte, a truncation or another key's entry under this name is a
 * miss: JIT again, and the entry is whole again after. */
static void test_cubin__corrupt_entry_is_a_miss(void **state) {
  (void)state;
  clear();
  assert_ok(load(PTX));
  char path[600];
  the_entry(path, sizeof path);
  for (int round = 0; round < 3; round++) {
    size_t n = 0;
    unsigned char *d = tu_read(path, &n);
    assert_non_null(d);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    if (round == 0)
      d[n / 2] ^= 0x40, fwrite(d, 1, n, f);
    else if (round == 1)
      fwrite(d, 1, n - 9, f);
    else
      fwrite("FLYCACHE", 1, 8, f);
    fclose(f);
    free(d);
    int l0 = now().links;
    assert_ok(load(PTX));
    assert_int_equal(now().links, l0 + 1);
    assert_ok(load(PTX));
    assert_int_equal(now().links, l0 + 1);
  }
}

/* A kept cubin the driver refuses (a change the key does not see) is
 * dropped and the PTX JIT-compiled again. */
static void test_cubin__refused_cubin_is_jitted_again(void **state) {
  (void)state;
  clear();
  assert_ok(load(PTX));
  calls_t a = now();
  char refuse[16];
  snprintf(refuse, sizeof refuse, "%d", a.links + 1);
  setenv("FAKE_CUDA_REFUSE_BEFORE", refuse, 1);
  assert_ok(load(PTX));
  calls_t b = now();
  assert_int_equal(b.links, a.links + 1);
  assert_int_equal(b.cubins, a.cubins + 1);
  assert_ok(load(PTX)); /* the new cubin was kept */
  assert_int_equal(now().links, b.links);
  unsetenv("FAKE_CUDA_REFUSE_BEFORE");
}

/* FLYC_CACHE=0 or FLYC_CUBIN_CACHE=0: the PTX goes to cuModuleLoadDataEx,
 * nothing is written. */
static void test_cubin__cache_off(void **state) {
  (void)state;
  clear();
  setenv("FLYC_CACHE", "0", 1);
  calls_t a = now();
  assert_ok(load(PTX));
  assert_ok(load(PTX));
  calls_t b = now();
  unsetenv("FLYC_CACHE");
  assert_int_equal(b.ptxs, a.ptxs + 2);
  assert_int_equal(b.links, a.links);
  assert_int_equal(entries(), 0);
  assert_int_equal(access(sub, F_OK), -1);
  /* FLYC_CUBIN_CACHE=0 (or off, false, no): this cache alone. */
  setenv("FLYC_CUBIN_CACHE", "0", 1);
  assert_ok(load(PTX));
  setenv("FLYC_CUBIN_CACHE", "Off", 1);
  assert_ok(load(PTX));
  unsetenv("FLYC_CUBIN_CACHE");
  calls_t c = now();
  assert_int_equal(c.ptxs, b.ptxs + 2);
  assert_int_equal(c.links, b.links);
  assert_int_equal(entries(), 0);
}

/* A directory others may write is not used: the loads still work. */
static void test_cubin__untrusted_dir_not_used(void **state) {
  (void)state;
  clear();
  assert_int_equal(mkdir(sub, 0777), 0);
  assert_int_equal(chmod(sub, 0777), 0);
  int l0 = now().links;
  assert_ok(load(PTX));
  assert_ok(load(PTX));
  assert_int_equal(now().links, l0 + 2);
  assert_int_equal(entries(), 0);
}

/* The JIT's error keeps the driver's log and names the call. */
static void test_cubin__jit_error_has_the_log(void **state) {
  (void)state;
  clear();
  static const char bad[] = ".version 8.0\n.target sm_90\nBADPTX\n";
  assert_error(load(bad), FLYC_EDRIVER, "cuLinkAddData", "CUDA_ERROR_INVALID_PTX",
               "JIT log: ptxas fatal   : BADPTX is not PTX");
  assert_int_equal(entries(), 0);
  setenv("FLYC_CACHE", "0", 1);
  assert_error(load(bad), FLYC_EDRIVER, "cuModuleLoadDataEx");
  unsetenv("FLYC_CACHE");
}

/* A pair of PTX texts of one length whose XXH3-128 is the same: two 8-byte
 * words whose low halves equal XXH3's public secret there contribute only
 * their sum, so +1 in one high byte and -1 in the other's is not seen. A
 * computes r1 + 5, B r1 + 6. */
static size_t colliding_pair(char *a, char *b, size_t cap) {
  char buf[1024] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                   ".visible .entry k(.param .u64 p)\n{\n .reg .u32 %r<4>;\n mov.u32 %r1, 7;\n";
  size_t n = strlen(buf);
  const char *add = " add.u32 %r2, %r1, //";
  /* A comment line up to where `add` must end: byte 192 (stripe 3). */
  buf[n++] = '/', buf[n++] = '/';
  while (n < 192 - strlen(add) - 1)
    buf[n++] = 'x';
  buf[n++] = '\n';
  memcpy(buf + n, add, strlen(add));
  n += strlen(add);
  assert_int_equal(n, 192);
  memcpy(buf + n, XXH3_kSecret + 24, 4); /* the low half: the secret's bytes */
  memcpy(buf + n + 4, "\n  5", 4);       /* the high half: byte 199 is the immediate */
  n += 8;
  const char *st = ";\n st.global.u32 [p], %r2;\n//";
  memcpy(buf + n, st, strlen(st));
  n += strlen(st);
  while (n < 256)
    buf[n++] = 'y';
  memcpy(buf + n, XXH3_kSecret + 32, 4); /* stripe 4, lane 0 */
  memcpy(buf + n + 4, "qqqb", 4);        /* byte 263 balances byte 199 */
  n += 8;
  const char *tail = "\n ret;\n}\n// padding past 240 bytes: XXH3's long-input path ........\n";
  memcpy(buf + n, tail, strlen(tail) + 1);
  n += strlen(tail);
  assert_true(n + 1 <= cap);
  for (size_t i = 0; i < n; i++) /* no NUL or newline in the secret bytes' comment */
    if (buf[i] == '\0')
      buf[i] = ' ';
  memcpy(a, buf, n + 1);
  buf[199] += 1, buf[263] -= 1;
  memcpy(b, buf, n + 1);
  return n;
}

/* The key holds the PTX's bytes: a PTX whose hash is another's is a miss. */
static void test_cubin__hash_collision_is_a_miss(void **state) {
  (void)state;
  clear();
  char a[1024], b[1024];
  size_t n = colliding_pair(a, b, sizeof a);
  assert_int_not_equal(memcmp(a, b, n), 0);
  assert_true(XXH128_isEqual(XXH3_128bits(a, n), XXH3_128bits(b, n)));
  int l0 = now().links;
  assert_ok(load(a));
  assert_ok(load(b));
  assert_int_equal(now().links, l0 + 2); /* B JIT-compiled, not served A's cubin */
  assert_ok(load(b));
  assert_int_equal(now().links, l0 + 2);
  assert_ok(load(a));
  assert_int_equal(now().links, l0 + 3); /* one file name: B's entry replaced A's */
}

/* A driver update that keeps cuDriverGetVersion's number changes the
 * library's file: the kept cubins are not the new driver's. */
static void test_cubin__driver_update_is_a_miss(void **state) {
  (void)state;
  clear();
  assert_ok(load(PTX));
  int l0 = now().links;
  Dl_info where;
  assert_true(dladdr(*(void **)&counts, &where));
  /* A time no earlier run left on the file (a fixed one would match the
   * cubin an earlier run kept for it). */
  struct stat st;
  assert_int_equal(stat(where.dli_fname, &st), 0);
  struct timespec t[2] = {{0, UTIME_OMIT}, {st.st_mtim.tv_sec - 86400, st.st_mtim.tv_nsec}};
  assert_int_equal(utimensat(AT_FDCWD, where.dli_fname, t, 0), 0);
  assert_ok(load(PTX));
  assert_int_equal(now().links, l0 + 1);
  assert_ok(load(PTX));
  assert_int_equal(now().links, l0 + 1);
}

/* A load error that is not about the image (out of memory) is the load's
 * error: the kept cubin stays and nothing is JIT-compiled. */
static void test_cubin__other_load_error_keeps_the_entry(void **state) {
  (void)state;
  clear();
  assert_ok(load(PTX));
  int l0 = now().links;
  setenv("FAKE_CUDA_LOAD_ERR", "2", 1);
  assert_error(load(PTX), FLYC_EDRIVER, "cuModuleLoadData (a cubin kept in the cubin cache)",
               "CUDA_ERROR_OUT_OF_MEMORY");
  unsetenv("FAKE_CUDA_LOAD_ERR");
  assert_int_equal(now().links, l0);
  assert_int_equal(entries(), 1);
  assert_ok(load(PTX));
  assert_int_equal(now().links, l0);
}

/* An entry whose checksum and key hold but whose cubin is not a whole CUDA
 * ELF (another machine, a header table past its end) is a miss. */
static void test_cubin__implausible_cubin_is_a_miss(void **state) {
  (void)state;
  for (int round = 0; round < 3; round++) {
    clear();
    assert_ok(load(PTX));
    char path[600];
    the_entry(path, sizeof path);
    size_t n = 0;
    unsigned char *d = tu_read(path, &n);
    const unsigned char *key, *pl;
    size_t klen, plen;
    assert_int_equal(flyc__cache_parse_entry(d, n, &key, &klen, &pl, &plen), 0);
    unsigned char *c = malloc(plen);
    memcpy(c, pl, plen);
    if (round == 0)
      c[18] = 62; /* EM_X86_64 */
    else if (round == 1)
      c[40] = 0xf0, c[60] = 4, c[58] = 64; /* section headers past the end */
    else
      c[4] = 1; /* a 32-bit ELF */
    const char *why = NULL;
    assert_int_equal(flyc__cache_store(sub, path, key, klen, c, plen, 1 << 30, &why), 0);
    free(c);
    free(d);
    int l0 = now().links;
    assert_ok(load(PTX));
    assert_int_equal(now().links, l0 + 1);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cubin__jit_once),
      cmocka_unit_test(test_cubin__keyed_by_device_and_driver),
      cmocka_unit_test(test_cubin__corrupt_entry_is_a_miss),
      cmocka_unit_test(test_cubin__refused_cubin_is_jitted_again),
      cmocka_unit_test(test_cubin__cache_off),
      cmocka_unit_test(test_cubin__untrusted_dir_not_used),
      cmocka_unit_test(test_cubin__jit_error_has_the_log),
      cmocka_unit_test(test_cubin__hash_collision_is_a_miss),
      cmocka_unit_test(test_cubin__driver_update_is_a_miss),
      cmocka_unit_test(test_cubin__other_load_error_keeps_the_entry),
      cmocka_unit_test(test_cubin__implausible_cubin_is_a_miss),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
