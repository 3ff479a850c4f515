/* Dumps (flyc_compile_options_t.dump_dir, FLYC_DUMP_DIR, `flyc compile
 * --dump`): one file per stage, named after the compile's cache key, the IR
 * files parse back, the artifact files are the artifact's bytes, a cache hit
 * rewrites only the artifact's files, and a dump that cannot be written is
 * FLYC_EIO naming the file, with nothing cached.
 *
 * ctest sets FLYC_CACHE=0 for every test; the tests that need the caches turn
 * them on in their own directory under the suite's temporary one. */
#define _GNU_SOURCE
#include <dirent.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "flyc/llvm.h"
#include "util.h"

#define VADD FX("vadd_amdgcn.gfx90a.ll")
#define CLI FLYC_TEST_CLI
#define RUN(out, ...) tu_run((char *[]){CLI, __VA_ARGS__, NULL}, out)

static char root[64]; /* the suite's temporary directory */

static const char nv_ir[] = "define void @k(ptr addrspace(1) %p) {\n"
                            "  store float 1.0, ptr addrspace(1) %p\n"
                            "  ret void\n}\n"
                            "!nvvm.annotations = !{!0}\n"
                            "!0 = !{ptr @k, !\"kernel\", i32 1}\n";

/* A fresh directory name under root (not made). */
static void sub(char *buf, size_t n, const char *name) {
  static int seq;
  snprintf(buf, n, "%s/%s-%d", root, name, seq++);
}

/* What a dump directory holds: the suffixes found (".1-parse.ll ..."
 * joined by spaces, in name order) under one key, which must be 32 hex
 * digits; no other file, no leftover temporary file. */
typedef struct dumped {
  char key[33];
  char suffixes[256];
  int count;
} dumped_t;

static int by_name(const struct dirent **a, const struct dirent **b) {
  return strcmp((*a)->d_name, (*b)->d_name);
}

static void list_dump(const char *dir, dumped_t *d) {
  memset(d, 0, sizeof *d);
  struct dirent **names;
  int n = scandir(dir, &names, NULL, by_name);
  assert_true(n >= 0);
  for (int i = 0; i < n; i++) {
    const char *name = names[i]->d_name;
    if (strcmp(name, ".") && strcmp(name, "..")) {
      if (name[0] == '.')
        fail_msg("a temporary file is left in %s: %s", dir, name);
      size_t hex = strspn(name, "0123456789abcdef");
      if (hex != 32 || name[32] != '.')
        fail_msg("%s/%s is not named KEY.SUFFIX after a 32-digit key", dir, name);
      if (!d->count)
        memcpy(d->key, name, 32);
      else if (memcmp(d->key, name, 32) != 0)
        fail_msg("%s holds two keys: %s and %s", dir, d->key, name);
      snprintf(d->suffixes + strlen(d->suffixes), sizeof d->suffixes - strlen(d->suffixes),
               "%s%s", d->count ? " " : "", name + 32);
      d->count++;
    }
    free(names[i]);
  }
  free(names);
}

/* The file DIR/KEY.SUFFIX, which must exist and not be empty (malloc'd). */
static void *read_dump(const char *dir, const dumped_t *d, const char *suffix, size_t *size) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s%s", dir, d->key, suffix);
  void *data = tu_read(path, size);
  if (!data)
    fail_msg("no dump %s", path);
  if (!*size)
    fail_msg("the dump %s is empty", path);
  return data;
}

/* Each .ll stage parses with LLVM's IR parser and has the kernel. */
static void assert_ir_stages(const char *dir, const dumped_t *d, const char *kernel) {
  const char *stages[] = {".1-parse.ll", ".2-link.ll", ".3-opt.ll"};
  for (size_t i = 0; i < 3; i++) {
    size_t size;
    char *text = read_dump(dir, d, stages[i], &size);
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, size, stages[i]);
    LLVMModuleRef m = NULL;
    char *msg = NULL;
    if (LLVMParseIRInContext(ctx, mb, &m, &msg))
      fail_msg("the dump %s%s does not parse: %s", d->key, stages[i], msg ? msg : "");
    assert_non_null(LLVMGetNamedFunction(m, kernel));
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    free(text);
  }
}

/* The artifact's own bytes. */
static void assert_same_bytes(const char *dir, const dumped_t *d, const char *suffix,
                              const flyc_artifact_t *a) {
  size_t size, want;
  void *data = read_dump(dir, d, suffix, &size);
  const void *code = flyc_artifact_code(a, &want);
  assert_int_equal(size, want);
  assert_memory_equal(data, code, size);
  free(data);
}

static int compile_vadd(flyc_artifact_t **a, const char *dump_dir, uint32_t flags) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = flags;
  o.dump_dir = dump_dir;
  return flyc_compile_file(a, VADD, &o);
}

static void stats(flyc_cache_stats_t *s) {
  memset(s, 0, sizeof *s);
  s->size = sizeof *s;
  assert_ok(flyc_cache_stats(s));
}

static void caches_on(const char *name) {
  char dir[256];
  sub(dir, sizeof dir, name);
  setenv("FLYC_CACHE", "1", 1);
  setenv("FLYC_CACHE_DIR", dir, 1);
  flyc_cache_forget();
}

static void caches_off(void) {
  setenv("FLYC_CACHE", "0", 1);
  unsetenv("FLYC_CACHE_DIR");
  flyc_cache_forget();
}

/* AMDGPU: five files under one key; the IR parses; .4.s is the
 * disassembly and .5.hsaco the code object; the key is the cache entry's
 * name (made with the cache off, then found as the disk entry). */
static void test_dump__amdgpu_stages(void **state) {
  (void)state;
  char dir[256];
  sub(dir, sizeof dir, "amdgpu");
  flyc_artifact_t *a = NULL;
  assert_ok(compile_vadd(&a, dir, FLYC_COMPILE_NO_CACHE));
  dumped_t d;
  list_dump(dir, &d);
  assert_string_equal(d.suffixes, ".1-parse.ll .2-link.ll .3-opt.ll .4.s .5.hsaco");
  assert_ir_stages(dir, &d, "vadd");
  assert_same_bytes(dir, &d, ".5.hsaco", a);
  size_t size;
  char *s = read_dump(dir, &d, ".4.s", &size);
  assert_non_null(strstr(s, "vadd:"));
  assert_non_null(strstr(s, "s_endpgm"));
  free(s);
  flyc_artifact_destroy(a);

  caches_on("amdgpu-cache");
  assert_ok(compile_vadd(&a, NULL, 0));
  flyc_artifact_destroy(a);
  char entry[512];
  snprintf(entry, sizeof entry, "%s/%s.flyc", getenv("FLYC_CACHE_DIR"), d.key);
  struct stat st;
  if (stat(entry, &st) != 0)
    fail_msg("the dumps' key %s names no disk cache entry (%s)", d.key, entry);
  caches_off();
}

/* NVPTX: the IR stages and the PTX, no code object file. */
static void test_dump__nvptx_stages(void **state) {
  (void)state;
  char dir[256];
  sub(dir, sizeof dir, "nvptx");
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "sm_80";
  o.flags = FLYC_COMPILE_NO_DEVICE_LIBS;
  o.dump_dir = dir;
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, nv_ir, sizeof nv_ir - 1, "k.ll", &o));
  dumped_t d;
  list_dump(dir, &d);
  assert_string_equal(d.suffixes, ".1-parse.ll .2-link.ll .3-opt.ll .4.ptx");
  assert_ir_stages(dir, &d, "k");
  assert_same_bytes(dir, &d, ".4.ptx", a);
  flyc_artifact_destroy(a);
}

/* FLYC_DUMP_DIR when the option is NULL; the option wins; "" turns dumps
 * off whatever the environment says. */
static void test_dump__environment(void **state) {
  (void)state;
  char env[256], opt[256];
  sub(env, sizeof env, "env");
  sub(opt, sizeof opt, "opt");
  setenv("FLYC_DUMP_DIR", env, 1);
  flyc_artifact_t *a = NULL;
  assert_ok(compile_vadd(&a, NULL, 0));
  flyc_artifact_destroy(a);
  dumped_t d;
  list_dump(env, &d);
  assert_int_equal(d.count, 5);
  assert_ok(compile_vadd(&a, opt, 0));
  flyc_artifact_destroy(a);
  list_dump(opt, &d);
  assert_int_equal(d.count, 5);
  char off[256];
  sub(off, sizeof off, "off");
  setenv("FLYC_DUMP_DIR", off, 1);
  assert_ok(compile_vadd(&a, "", 0));
  flyc_artifact_destroy(a);
  struct stat st;
  assert_int_not_equal(stat(off, &st), 0); /* not even made */
  unsetenv("FLYC_DUMP_DIR");
}

/* A cache hit (memory, then disk) runs no stage: only .4.s and .5.hsaco,
 * under the same key. */
static void test_dump__cache_hit_rewrites_the_artifact(void **state) {
  (void)state;
  caches_on("hit-cache");
  char first[256], mem[256], disk[256];
  sub(first, sizeof first, "hit-first");
  sub(mem, sizeof mem, "hit-mem");
  sub(disk, sizeof disk, "hit-disk");
  flyc_artifact_t *a = NULL;
  assert_ok(compile_vadd(&a, first, 0));
  flyc_artifact_destroy(a);
  dumped_t d0, d1, d2;
  list_dump(first, &d0);
  assert_int_equal(d0.count, 5);
  flyc_cache_stats_t s0, s1;
  stats(&s0);
  assert_ok(compile_vadd(&a, mem, 0));
  list_dump(mem, &d1);
  assert_string_equal(d1.suffixes, ".4.s .5.hsaco");
  assert_string_equal(d1.key, d0.key);
  assert_same_bytes(mem, &d1, ".5.hsaco", a);
  flyc_artifact_destroy(a);
  flyc_cache_forget(); /* the next one comes from disk */
  assert_ok(compile_vadd(&a, disk, 0));
  flyc_artifact_destroy(a);
  stats(&s1);
  assert_int_equal(s1.memory_hits, s0.memory_hits + 1);
  assert_int_equal(s1.disk_hits, s0.disk_hits + 1);
  list_dump(disk, &d2);
  assert_string_equal(d2.suffixes, ".4.s .5.hsaco");
  assert_string_equal(d2.key, d0.key);
  caches_off();
}

/* A dump directory that cannot be made (a regular file is in the way) is
 * FLYC_EIO naming the file: in process, isolated, and on a cache hit; the
 * compile stores nothing, and an entry already cached stays usable. */
static void test_dump__unwritable(void **state) {
  (void)state;
  char file[256], bad[300];
  sub(file, sizeof file, "a-file");
  FILE *f = fopen(file, "w");
  assert_non_null(f);
  fclose(f);
  snprintf(bad, sizeof bad, "%s/dumps", file);
  caches_on("bad-cache");
  flyc_artifact_t *a = NULL;
  assert_error(compile_vadd(&a, bad, 0), FLYC_EIO, "cannot write the dump", bad,
               ".1-parse.ll", "Not a directory");
  assert_null(a);
  assert_error(compile_vadd(&a, bad, FLYC_COMPILE_ISOLATED), FLYC_EIO,
               "cannot write the dump", bad, ".1-parse.ll");
  flyc_cache_stats_t s, s0, s1;
  stats(&s);
  assert_int_equal(s.entries, 0); /* nothing was cached */
  /* Cached without dumps; a hit whose dump fails is FLYC_EIO, and the entry
   * serves the next compile. */
  assert_ok(compile_vadd(&a, NULL, 0));
  flyc_artifact_destroy(a);
  a = NULL;
  assert_error(compile_vadd(&a, bad, 0), FLYC_EIO, "cannot write the dump", bad, ".4.s");
  assert_null(a);
  flyc_cache_forget();
  stats(&s0);
  assert_int_equal(s0.entries, 1);
  assert_ok(compile_vadd(&a, NULL, 0));
  flyc_artifact_destroy(a);
  stats(&s1);
  assert_int_equal(s1.disk_hits, s0.disk_hits + 1);
  caches_off();
}

/* The isolated compile writes the IR stages from its child. */
static void test_dump__isolated(void **state) {
  (void)state;
  char dir[256];
  sub(dir, sizeof dir, "isolated");
  flyc_artifact_t *a = NULL;
  assert_ok(compile_vadd(&a, dir, FLYC_COMPILE_ISOLATED));
  dumped_t d;
  list_dump(dir, &d);
  assert_string_equal(d.suffixes, ".1-parse.ll .2-link.ll .3-opt.ll .4.s .5.hsaco");
  assert_same_bytes(dir, &d, ".5.hsaco", a);
  flyc_artifact_destroy(a);
}

static int compile_nv_module(flyc_artifact_t **a, const char *dir) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef mb =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(nv_ir, sizeof nv_ir - 1, "k.ll");
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  assert_false(LLVMParseIRInContext(ctx, mb, &m, &msg));
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "sm_80";
  o.flags = FLYC_COMPILE_NO_DEVICE_LIBS;
  o.dump_dir = dir;
  int rc = flyc_compile_module(a, m, &o); /* consumes m */
  LLVMContextDispose(ctx);
  return rc;
}

/* flyc_compile_module: the module as given is stage 1; keyed by its
 * bitcode, with the caches off and on (a hit: the PTX alone, same key). */
static void test_dump__module(void **state) {
  (void)state;
  char dir[256], hit[256];
  sub(dir, sizeof dir, "module");
  sub(hit, sizeof hit, "module-hit");
  flyc_artifact_t *a = NULL;
  assert_ok(compile_nv_module(&a, dir));
  flyc_artifact_destroy(a);
  dumped_t d, h;
  list_dump(dir, &d);
  assert_string_equal(d.suffixes, ".1-parse.ll .2-link.ll .3-opt.ll .4.ptx");
  assert_ir_stages(dir, &d, "k");
  caches_on("module-cache");
  assert_ok(compile_nv_module(&a, NULL));
  flyc_artifact_destroy(a);
  assert_ok(compile_nv_module(&a, hit));
  assert_int_equal(flyc_artifact_origin(a), FLYC_ARTIFACT_MEMORY_CACHE);
  flyc_artifact_destroy(a);
  list_dump(hit, &h);
  assert_string_equal(h.suffixes, ".4.ptx");
  assert_string_equal(h.key, d.key);
  caches_off();
}

/* `flyc compile --dump DIR`, and its exit status and message when DIR
 * cannot be made. */
static void test_dump__cli(void **state) {
  (void)state;
  char dir[256], out[300], file[256], bad[300];
  sub(dir, sizeof dir, "cli");
  snprintf(out, sizeof out, "%s.hsaco", dir);
  char *text = NULL;
  assert_int_equal(RUN(&text, "compile", VADD, "--arch", "gfx90a", "-o", out, "--dump", dir,
                       "--quiet"),
                   0);
  free(text);
  dumped_t d;
  list_dump(dir, &d);
  assert_string_equal(d.suffixes, ".1-parse.ll .2-link.ll .3-opt.ll .4.s .5.hsaco");
  sub(file, sizeof file, "cli-file");
  FILE *f = fopen(file, "w");
  assert_non_null(f);
  fclose(f);
  snprintf(bad, sizeof bad, "%s/x", file);
  assert_int_equal(RUN(&text, "compile", VADD, "--arch", "gfx90a", "-o", out, "--dump", bad), 1);
  assert_non_null(strstr(text, "cannot write the dump"));
  assert_non_null(strstr(text, bad));
  assert_non_null(strstr(text, "FLYC_EIO"));
  free(text);
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(p);
}

int main(void) {
  unsetenv("FLYC_DUMP_DIR");
  snprintf(root, sizeof root, "/tmp/flyc-test-dump-XXXXXX");
  if (!mkdtemp(root)) {
    perror("mkdtemp");
    return 1;
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_dump__amdgpu_stages),
      cmocka_unit_test(test_dump__nvptx_stages),
      cmocka_unit_test(test_dump__environment),
      cmocka_unit_test(test_dump__cache_hit_rewrites_the_artifact),
      cmocka_unit_test(test_dump__unwritable),
      cmocka_unit_test(test_dump__isolated),
      cmocka_unit_test(test_dump__module),
      cmocka_unit_test(test_dump__cli),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
  return failed;
}
