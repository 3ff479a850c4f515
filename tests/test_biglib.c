/* The big-library link: the vendor-size stand-in library that
 * fixtures/biglib_gen.c generates (about 21 MB of bitcode, 3100 functions,
 * full debug info; fixtures/README.md, "biglib") linked into a small kernel
 * on both families: what the output keeps (the kernel, the host-written
 * state with its initializer) and what it leaves (the rest of the library),
 * an undefined name, the library cache's memory (by fork count: an
 * untrusted library's closure is read in a child, once per process) and a
 * corrupt disk entry of it (in fresh processes: the CLI).
 *
 * ctest sets FLYC_CACHE=0: the library cache's memory is still used (it is
 * kept whatever the compile cache's settings), its disk is not, except
 * where a test turns the cache on for the CLI it runs. */
#define _GNU_SOURCE
#include <dirent.h>
#include <ftw.h>
#include <gelf.h>
#include <libelf.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* The fixtures' newest targets of each family (tests/fixtures/CMakeLists.txt). */
#if FLYC_TEST_LLVM_MAJOR >= 19
#define GFX "gfx942"
#define GFX_COV 5
#define SM "sm_90"
#else
#define GFX "gfx90a"
#define GFX_COV 4
#define SM "sm_80"
#endif

#define STATE "big_shmem_state"
/* The state's initializer: rank = world = -1, magic = 0xB16, the rest 0. */
static const unsigned char state_init[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                             0x16, 0x0b, 0,    0,    0,    0,    0,    0};

typedef struct fam {
  const char *target, *lib, *kernel;
  uint32_t cov;
  int ptx;
} fam_t;

static const fam_t fams[] = {
    {GFX, FX("biglib_amdgcn." GFX ".bc"), FX("k_biglib_amdgcn." GFX ".ll"), GFX_COV, 0},
    {SM, FX("biglib_nvptx." SM ".bc"), FX("k_biglib_nvptx." SM ".ll"), 0, 1},
};
#define NFAMS (sizeof fams / sizeof fams[0])

/* 1 when some codegen path of this build serves the family's processor. */
static int served(const fam_t *f) {
  for (size_t i = 0; i < flyc_target_count(); i++) {
    flyc_target_info_t t = FLYC_TARGET_INFO_INIT;
    if (flyc_target_get(i, &t) == FLYC_OK && strcmp(t.processor, f->target) == 0)
      return t.codegen_paths != 0;
  }
  return 0;
}

static flyc_compile_options_t options_for(const fam_t *f, const char **libs) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = f->target;
  o.code_object_version = f->cov;
  libs[0] = f->lib;
  o.link_libraries = libs;
  o.link_library_count = 1;
  return o;
}

static off_t file_size(const char *path) {
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  return st.st_size;
}

/* `text` with every `from` replaced by `to`, then `extra` appended (malloc'd). */
static char *replaced(const char *text, const char *from, const char *to, const char *extra) {
  size_t n = strlen(text) + strlen(extra) + 1, fl = strlen(from), tl = strlen(to);
  for (const char *p = text; (p = strstr(p, from)); p += fl)
    n += tl;
  char *out = malloc(n), *o = out;
  assert_non_null(out);
  for (const char *p = text, *q; *p; p = q + fl) {
    if (!(q = strstr(p, from))) {
      o = stpcpy(o, p);
      break;
    }
    memcpy(o, p, (size_t)(q - p));
    o = stpcpy(o + (q - p), to);
  }
  strcpy(o, extra);
  return out;
}

/* The family's fixture kernel, its kernel renamed `name`, `extra` appended. */
static char *kernel_text(const fam_t *f, const char *name, const char *extra) {
  size_t n;
  char *text = tu_read(f->kernel, &n);
  assert_non_null(text);
  char to[128];
  snprintf(to, sizeof to, "@%s", name);
  char *out = replaced(text, "@biglib_kernel", to, extra);
  free(text);
  return out;
}

/* The `n` first bytes of dynamic symbol `name`'s definition in a code object. */
static int sym_bytes(const void *code, size_t size, const char *name, unsigned char *out,
                     size_t n) {
  elf_version(EV_CURRENT);
  Elf *e = elf_memory((char *)code, size);
  Elf_Scn *scn = NULL;
  int found = 0;
  while (e && !found && (scn = elf_nextscn(e, scn))) {
    GElf_Shdr sh, dsh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM)
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    for (size_t i = 0; d && !found && i < sh.sh_size / sh.sh_entsize; i++) {
      GElf_Sym s;
      const char *sn = gelf_getsym(d, (int)i, &s) ? elf_strptr(e, sh.sh_link, s.st_name) : NULL;
      Elf_Scn *ds = sn && strcmp(sn, name) == 0 ? elf_getscn(e, s.st_shndx) : NULL;
      if (!ds || !gelf_getshdr(ds, &dsh) || dsh.sh_type != SHT_PROGBITS)
        continue;
      size_t off = dsh.sh_offset + (s.st_value - dsh.sh_addr);
      if (off + n <= size) {
        memcpy(out, (const char *)code + off, n);
        found = 1;
      }
    }
  }
  if (e)
    elf_end(e);
  return found;
}

/* What the output of the fixture kernel holds: the kernel, the state with its
 * initializer, and not the library (a fiftieth of its size at most). */
static void assert_closure_only(const fam_t *f, const flyc_artifact_t *a) {
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  assert_non_null(flyc_artifact_kernel_lookup(a, "biglib_kernel"));
  assert_true(size * 50 < (size_t)file_size(f->lib));
  if (f->ptx) {
    char *text = strndup(code, size);
    const char *line = strstr(text, " big_shmem_state[80]");
    assert_non_null(line);
    while (line > text && line[-1] != '\n')
      line--;
    assert_true(strncmp(line, ".visible .global .align 8 .b8 big_shmem_state[80] = "
                              "{255, 255, 255, 255, 255, 255, 255, 255, 22, 11",
                        strlen(".visible .global .align 8 .b8 big_shmem_state[80] = "
                               "{255, 255, 255, 255, 255, 255, 255, 255, 22, 11")) == 0);
    assert_non_null(strstr(text, ".entry biglib_kernel"));
    assert_null(strstr(text, "big_shmem_barrier_all")); /* not in the closure */
    free(text);
    return;
  }
  tu_sym_t s;
  assert_true(tu_dynsym(code, size, STATE, &s));
  assert_true(s.defined);
  assert_int_equal(s.size, 80);
  assert_int_equal(s.bind, 1 /* STB_GLOBAL */);
  assert_int_equal(s.type, 1 /* STT_OBJECT */);
  unsigned char init[sizeof state_init];
  assert_true(sym_bytes(code, size, STATE, init, sizeof init));
  assert_memory_equal(init, state_init, sizeof init);
  assert_false(tu_dynsym(code, size, "big_shmem_my_pe", &s)); /* internalized */
  assert_true(tu_dynsym(code, size, "biglib_kernel.kd", &s));
}

static void test_biglib__kernel_links_the_closure(void **state) {
  (void)state;
  for (size_t i = 0; i < NFAMS; i++) {
    const fam_t *f = &fams[i];
    if (!served(f))
      continue;
    const char *libs[1];
    flyc_compile_options_t o = options_for(f, libs);
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_compile_file(&a, f->kernel, &o));
    assert_closure_only(f, a);
    flyc_artifact_destroy(a);
  }
}

static void test_biglib__undefined_function_named(void **state) {
  (void)state;
  for (size_t i = 0; i < NFAMS; i++) {
    const fam_t *f = &fams[i];
    if (!served(f))
      continue;
    char *ir = replaced(
        "declare i32 @big_shmem_my_pe()\n"
        "declare i32 @big_shmem_not_in_the_library(i32)\n"
        "define KERNEL void @k(ptr addrspace(1) %p) {\n"
        "  %a = call i32 @big_shmem_my_pe()\n"
        "  %b = call i32 @big_shmem_not_in_the_library(i32 %a)\n"
        "  store i32 %b, ptr addrspace(1) %p\n  ret void\n}\n",
        "KERNEL ", f->ptx ? "" : "amdgpu_kernel ",
        f->ptx ? "!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n" : "");
    const char *libs[1];
    flyc_compile_options_t o = options_for(f, libs);
    flyc_artifact_t *a = NULL;
    assert_error(flyc_compile_buffer(&a, ir, strlen(ir), "undef.ll", &o), FLYC_ELINK,
                 "undefined function 'big_shmem_not_in_the_library'", "referenced by 'k'");
    assert_null(a);
    free(ir);
  }
}

/* Forks of this process and its children: shared memory, bumped before every
 * fork (as test_isolate counts them). */
static unsigned *forks;
static void count_fork(void) { __atomic_add_fetch(forks, 1, __ATOMIC_RELAXED); }

static unsigned forks_of(const fam_t *f, const char *ir) {
  const char *libs[1];
  flyc_compile_options_t o = options_for(f, libs);
  unsigned before = __atomic_load_n(forks, __ATOMIC_RELAXED);
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "k.ll", &o));
  assert_int_equal(flyc_artifact_origin(a), FLYC_ARTIFACT_COMPILED);
  flyc_artifact_destroy(a);
  return __atomic_load_n(forks, __ATOMIC_RELAXED) - before;
}

/* The untrusted library's closure is read in a child once per library and
 * roots; another kernel that declares the same (the compile cache is off: it
 * is compiled) gets it from the library cache's memory: one child fewer
 * (counted as differences: a codegen path may start children of its own). A
 * fence declared by neither the fixture kernel nor another test makes the
 * roots this test's own. */
static void test_biglib__second_kernel_closure_from_memory(void **state) {
  (void)state;
  for (size_t i = 0; i < NFAMS; i++) {
    const fam_t *f = &fams[i];
    if (!served(f))
      continue;
    const char *fence =
        i ? "declare i32 @big_shmem_fence_pe()\n" : "declare i32 @big_shmem_fence()\n";
    char *one = kernel_text(f, "biglib_kernel_one", fence);
    char *two = kernel_text(f, "biglib_kernel_two", fence);
    unsigned cold = forks_of(f, one), warm = forks_of(f, two);
    assert_int_equal(cold, warm + 1);
    assert_int_equal(forks_of(f, one), warm);
    free(one);
    free(two);
  }
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

/* Runs `flyc compile IN` for the family with FLYC_CACHE=`cache` into OUT. */
static void cli_compile(const fam_t *f, const char *in, const char *out, const char *cache) {
  char cov[8];
  snprintf(cov, sizeof cov, "%u", f->cov);
  char *argv[16] = {FLYC_TEST_CLI, "compile", (char *)in, "--arch", (char *)f->target,
                    "--link", (char *)f->lib, "-o", (char *)out, "--quiet"};
  if (f->cov) {
    argv[10] = "--cov";
    argv[11] = cov;
  }
  char *log = NULL;
  setenv("FLYC_CACHE", cache, 1);
  int rc = tu_run(argv, &log);
  if (rc != 0)
    fail_msg("flyc compile %s (FLYC_CACHE=%s): %d: %s", in, cache, rc, log);
  free(log);
}

/* Garbage into every file of `dir`; how many. */
static int spoil_all(const char *dir, const char *garbage) {
  DIR *d = opendir(dir);
  assert_non_null(d);
  int n = 0;
  char path[4096];
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    fputs(garbage, fp);
    fclose(fp);
    n++;
  }
  closedir(d);
  return n;
}

static void assert_same_file(const char *a, const char *b) {
  size_t na, nb;
  void *x = tu_read(a, &na), *y = tu_read(b, &nb);
  assert_non_null(x);
  assert_non_null(y);
  assert_int_equal(na, nb);
  assert_memory_equal(x, y, na);
  free(x);
  free(y);
}

/* A library-cache entry on disk spoiled (garbage in every file of
 * <cache dir>/lib) is a miss: a fresh process compiling another kernel with
 * the same roots (a compile-cache miss) reads the library again, makes the
 * same code as a compile with no caches, and writes the entry anew. */
static void test_biglib__corrupt_library_cache_entry_is_a_miss(void **state) {
  (void)state;
  static const char garbage[] = "not a flyc cache entry";
  const char *saved = getenv("FLYC_CACHE");
  char *was = saved ? strdup(saved) : NULL;
  for (size_t i = 0; i < NFAMS; i++) {
    const fam_t *f = &fams[i];
    if (!served(f))
      continue;
    char root[] = "/tmp/flyc-biglib-XXXXXX", cache[64], lib[80], k2[64], ref[64], out[64];
    assert_non_null(mkdtemp(root));
    snprintf(cache, sizeof cache, "%s/cache", root);
    snprintf(lib, sizeof lib, "%s/lib", cache);
    snprintf(k2, sizeof k2, "%s/k2.ll", root);
    snprintf(ref, sizeof ref, "%s/ref.out", root);
    snprintf(out, sizeof out, "%s/out.out", root);
    char *two = kernel_text(f, "biglib_kernel_salted", "");
    FILE *fp = fopen(k2, "w");
    assert_non_null(fp);
    fputs(two, fp);
    fclose(fp);
    free(two);
    setenv("FLYC_CACHE_DIR", cache, 1);
    cli_compile(f, k2, ref, "0");
    cli_compile(f, f->kernel, out, "1"); /* writes the closure's entry */
    assert_true(spoil_all(lib, garbage) >= 1);
    cli_compile(f, k2, out, "1");
    assert_same_file(ref, out);
    DIR *d = opendir(lib);
    assert_non_null(d);
    int entries = 0;
    for (struct dirent *e; (e = readdir(d));) {
      char path[4096];
      snprintf(path, sizeof path, "%s/%s", lib, e->d_name);
      size_t n;
      char *bytes = e->d_name[0] == '.' ? NULL : tu_read(path, &n);
      if (bytes) {
        assert_false(n == sizeof garbage - 1 && !memcmp(bytes, garbage, n));
        entries++;
      }
      free(bytes);
    }
    closedir(d);
    assert_true(entries >= 1);
    unsetenv("FLYC_CACHE_DIR");
    nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  }
  if (was)
    setenv("FLYC_CACHE", was, 1);
  else
    unsetenv("FLYC_CACHE");
  free(was);
}

int main(void) {
  forks = mmap(NULL, sizeof *forks, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (forks == MAP_FAILED)
    return 1;
  pthread_atfork(count_fork, NULL, NULL);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_biglib__kernel_links_the_closure),
      cmocka_unit_test(test_biglib__undefined_function_named),
      cmocka_unit_test(test_biglib__second_kernel_closure_from_memory),
      cmocka_unit_test(test_biglib__corrupt_library_cache_entry_is_a_miss),
  };
  return cmocka_run_group_tests_name("biglib", tests, NULL, NULL);
}
