/* Bitcode from another LLVM: the identification block reader (fixtures of
 * LLVM 15 and 22, a wrapper, truncations, bit flips, crafted streams), the
 * refusal of newer bitcode as input and as a library before any reader sees
 * it, older bitcode read, IR text with an older LLVM's data layout read
 * exactly when the same library as bitcode is, the device library search
 * path that never falls back, and the cache that looks nothing up for
 * refused bitcode. Fixtures: tests/fixtures/bitcode (gen.sh). */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "../src/internal.h"
#include "util.h"

#define BC(name) FLYC_BC_FIXTURE_DIR "/" name
#define K15 BC("k_amdgcn.l15.bc")
#define K22 BC("k_amdgcn.l22.bc")
#define L15 BC("lib_amdgcn.l15.bc")
#define L22 BC("lib_amdgcn.l22.bc")

/* flyc__bitcode_ident, asserted to agree in every field with
 * flyc__bitcode_ident_fd over the same bytes in a file (the piecewise
 * reader the file memo uses, which never maps the file). */
static int ident_both(const void *d, size_t n, flyc_bc_ident_t *id, const char **why) {
  static FILE *f;
  if (!f)
    assert_non_null(f = tmpfile());
  int fd = fileno(f);
  assert_int_equal(ftruncate(fd, 0), 0);
  assert_int_equal(n ? pwrite(fd, d, n, 0) : 0, (ssize_t)n);
  flyc_bc_ident_t fid;
  const char *fwhy;
  int fr = flyc__bitcode_ident_fd(fd, n, &fid, &fwhy);
  int r = flyc__bitcode_ident(d, n, id, why);
  assert_int_equal(r, fr);
  assert_int_equal(id->found, fid.found);
  assert_string_equal(id->producer, fid.producer);
  assert_int_equal(id->major, fid.major);
  assert_int_equal(id->minor, fid.minor);
  assert_int_equal(id->patch, fid.patch);
  assert_int_equal(id->epoch, fid.epoch);
  assert_string_equal(*why, fwhy);
  return r;
}

static unsigned char *slurp(const char *path, size_t *n) {
  unsigned char *d = tu_read(path, n);
  assert_non_null(d);
  return d;
}

/* Rewrites the producer string `from` (char6-encoded, as LLVM writes it)
 * to `to`, of the same length: bitcode "from" an LLVM no build has. */
static int char6(int ch) {
  return ch >= 'a' && ch <= 'z'   ? ch - 'a'
         : ch >= 'A' && ch <= 'Z' ? ch - 'A' + 26
         : ch >= '0' && ch <= '9' ? ch - '0' + 52
         : ch == '.'              ? 62
                                  : 63;
}
static unsigned getbits(const unsigned char *d, size_t pos, int w) {
  unsigned v = 0;
  for (int i = 0; i < w; i++)
    v |= (unsigned)((d[(pos + i) / 8] >> ((pos + i) % 8)) & 1) << i;
  return v;
}
static void putbits(unsigned char *d, size_t pos, int w, unsigned v) {
  for (int i = 0; i < w; i++) {
    size_t p = pos + i;
    d[p / 8] = (unsigned char)((d[p / 8] & ~(1u << (p % 8))) | (((v >> i) & 1) << (p % 8)));
  }
}
static void repatch(unsigned char *d, size_t n, const char *from, const char *to) {
  size_t len = strlen(from);
  assert_int_equal(len, strlen(to));
  for (size_t pos = 0; pos + len * 6 <= n * 8 && pos < 4096; pos++) {
    size_t i = 0;
    while (i < len && getbits(d, pos + i * 6, 6) == (unsigned)char6(from[i]))
      i++;
    if (i == len) {
      for (i = 0; i < len; i++)
        putbits(d, pos + i * 6, 6, (unsigned)char6(to[i]));
      return;
    }
  }
  fail_msg("producer '%s' not found", from);
}

/* A copy of fixture `name` whose producer's first two digits (those of
 * "LLVM15.0.6", "LLVM22.1.8") are `two` (malloc'd path). */
static char *rewritten(const char *name, const char *suffix, const char *two) {
  size_t n;
  unsigned char *d = slurp(name, &n);
  flyc_bc_ident_t id;
  const char *why;
  assert_int_equal(ident_both(d, n, &id, &why), 0);
  char to[64];
  snprintf(to, sizeof to, "%s", id.producer);
  to[4] = two[0];
  to[5] = two[1];
  repatch(d, n, id.producer, to);
  assert_int_equal(ident_both(d, n, &id, &why), 0);
  assert_string_equal(id.producer, to);
  char *p = tu_temp_file(suffix, d, n);
  free(d);
  return p;
}

/* A copy of fixture `name` that says LLVM 99 wrote it (malloc'd path). */
static char *llvm99(const char *name, const char *suffix) {
  return rewritten(name, suffix, "99");
}

static int compile_amd(const char *in, const char *lib, uint32_t flags) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = flags;
  const char *libs[] = {lib, NULL};
  o.link_libraries = libs;
  o.link_library_count = lib ? 1 : 0;
  flyc_artifact_t *a = NULL;
  int rc = flyc_compile_file(&a, in, &o);
  flyc_artifact_destroy(a);
  return rc;
}

/* ---- the identification block reader ---- */

static void test_ident__fixtures(void **state) {
  (void)state;
  const struct {
    const char *file;
    const char *producer;
    int major;
  } want[] = {{K15, "LLVM15.0.6", 15}, {L15, "LLVM15.0.6", 15}, {K22, "LLVM22.1.8", 22},
              {L22, "LLVM22.1.8", 22}, {BC("lib_nvptx.l22.bc"), "LLVM22.1.8", 22}};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    size_t n;
    unsigned char *d = slurp(want[i].file, &n);
    flyc_bc_ident_t id;
    const char *why;
    assert_int_equal(flyc__is_bitcode(d, n), 1);
    assert_int_equal(ident_both(d, n, &id, &why), 0);
    assert_true(id.found);
    assert_string_equal(id.producer, want[i].producer);
    assert_int_equal(id.major, want[i].major);
    assert_int_equal(id.epoch, 0);
    free(d);
  }
  /* IR text is not bitcode: nothing found, no error. */
  flyc_bc_ident_t id;
  const char *why;
  const char text[] = "define void @f() { ret void }";
  assert_int_equal(flyc__is_bitcode(text, sizeof text), 0);
  assert_int_equal(ident_both(text, sizeof text, &id, &why), 0);
  assert_false(id.found);
  assert_int_equal(id.major, -1);
  assert_int_equal(flyc__bitcode_ident(NULL, 0, &id, &why), 0);
  /* Two bytes of magic are not bitcode (the old link.c test said they were). */
  const unsigned char bcxx[] = {'B', 'C', 0, 0, 1, 2, 3, 4};
  assert_int_equal(flyc__is_bitcode(bcxx, sizeof bcxx), 0);
}

static void test_ident__wrapper(void **state) {
  (void)state;
  size_t n;
  unsigned char *d = slurp(L22, &n);
  size_t wn = 20 + n + 12;
  unsigned char *w = calloc(1, wn);
  uint32_t hdr[5] = {0x0B17C0DE, 0, 20, (uint32_t)n, 7};
  for (int i = 0; i < 5; i++)
    for (int k = 0; k < 4; k++)
      w[i * 4 + k] = (unsigned char)(hdr[i] >> (8 * k));
  memcpy(w + 20, d, n);
  flyc_bc_ident_t id;
  const char *why;
  assert_int_equal(flyc__is_bitcode(w, wn), 2);
  assert_int_equal(ident_both(w, wn, &id, &why), 0);
  assert_string_equal(id.producer, "LLVM22.1.8");
  /* A wrapper that points past the end, or at something else: an error. */
  w[12] = (unsigned char)(n + 100);
  w[13] = (unsigned char)((n + 100) >> 8);
  assert_int_equal(ident_both(w, wn, &id, &why), -1);
  assert_non_null(strstr(why, "past the end"));
  w[12] = (unsigned char)n;
  w[13] = (unsigned char)(n >> 8);
  w[20] = 'X';
  assert_int_equal(ident_both(w, wn, &id, &why), -1);
  assert_int_equal(ident_both(w, 19, &id, &why), -1);
  /* Refused through the wrapper too. */
  w[20] = 'B';
  if (FLYC_TEST_LLVM_MAJOR < 22) {
    assert_error(flyc__check_producer(w, wn, "link library", "wrapped.bc", FLYC_ELINK),
                 FLYC_ELINK, "'wrapped.bc'", "LLVM 22.1.8");
  }
  free(w);
  free(d);
}

/* Every prefix of a real file and every flipped bit of its first 96 bytes:
 * an answer or an error, never a crash (ASan/UBSan builds run this). */
static void test_ident__truncated_and_flipped(void **state) {
  (void)state;
  size_t n;
  unsigned char *d = slurp(L22, &n);
  flyc_bc_ident_t id;
  const char *why;
  for (size_t len = 0; len <= n; len++) {
    unsigned char *p = malloc(len ? len : 1); /* exact size: ASan sees overreads */
    memcpy(p, d, len);
    int rc = ident_both(p, len, &id, &why);
    assert_true(rc == 0 || rc == -1);
    if (rc == 0 && id.found)
      assert_string_equal(id.producer, "LLVM22.1.8"); /* never a partial string */
    if (rc == -1)
      assert_true(*why);
    free(p);
  }
  int errors = 0;
  for (size_t bit = 32; bit < 96 * 8 && bit < n * 8; bit++) {
    unsigned char *p = malloc(n);
    memcpy(p, d, n);
    p[bit / 8] ^= (unsigned char)(1u << (bit % 8));
    int rc = ident_both(p, n, &id, &why);
    assert_true(rc == 0 || rc == -1);
    errors += rc == -1;
    free(p);
  }
  assert_true(errors > 0); /* some flips do break the block */
  /* Garbage after the magic. */
  unsigned x = 12345;
  for (int round = 0; round < 3000; round++) {
    size_t len = 4 + (size_t)(round % 300);
    unsigned char *p = malloc(len);
    p[0] = 'B', p[1] = 'C', p[2] = 0xC0, p[3] = 0xDE;
    for (size_t i = 4; i < len; i++) {
      x = x * 1103515245u + 12345u;
      p[i] = (unsigned char)(x >> 16);
    }
    if (round % 2 && len >= 6) /* a plausible identification block header */
      p[4] = 0x35, p[5] = 0x08 | (round & 0x70);
    int rc = ident_both(p, len, &id, &why);
    assert_true(rc == 0 || rc == -1);
    free(p);
  }
  free(d);
}

/* A bit writer for crafted streams. */
typedef struct bw {
  unsigned char d[512];
  size_t pos;
} bw_t;
static void put(bw_t *b, uint64_t v, int w) {
  for (int i = 0; i < w; i++, b->pos++)
    if ((v >> i) & 1)
      b->d[b->pos / 8] |= (unsigned char)(1u << (b->pos % 8));
}
static void vbr(bw_t *b, uint64_t v, int w) {
  uint64_t hi = (uint64_t)1 << (w - 1);
  do {
    uint64_t chunk = v & (hi - 1);
    v >>= w - 1;
    put(b, chunk | (v ? hi : 0), w);
  } while (v);
}
static void align(bw_t *b) { b->pos = (b->pos + 31) & ~(size_t)31; }
/* Magic, ENTER_SUBBLOCK 13 with abbreviation width `w`, and a length word to
 * fill in; returns the bit position of that word. */
static size_t begin(bw_t *b, int w) {
  memset(b, 0, sizeof *b);
  put(b, 'B', 8), put(b, 'C', 8), put(b, 0xC0, 8), put(b, 0xDE, 8);
  put(b, 1, 2), vbr(b, 13, 8), vbr(b, (uint64_t)w, 4);
  align(b);
  size_t at = b->pos;
  put(b, 0, 32);
  return at;
}
static size_t end(bw_t *b, size_t at, int w) {
  put(b, 0, w); /* END_BLOCK */
  align(b);
  size_t words = (b->pos - at - 32) / 32;
  for (int i = 0; i < 32; i++)
    if ((words >> i) & 1)
      b->d[(at + i) / 8] |= (unsigned char)(1u << ((at + i) % 8));
  return b->pos / 8;
}
static void unabbrev_string(bw_t *b, int w, const char *s) {
  put(b, 3, w), vbr(b, 1, 6), vbr(b, strlen(s), 6);
  for (; *s; s++)
    vbr(b, (unsigned char)*s, 6);
}
static int ident_of(bw_t *b, size_t n, flyc_bc_ident_t *id, const char **why) {
  unsigned char *p = malloc(n);
  memcpy(p, b->d, n);
  int rc = ident_both(p, n, id, why);
  free(p);
  return rc;
}

/* The exact messages of the producers flyc cannot place. */
static void expect_msg(int rc, int code, const char *want) {
  assert_int_equal(rc, code);
  assert_int_equal(flyc_error_last()->code, code);
  assert_string_equal(flyc_error_last()->message, want);
}
static void expect_no_version(int rc, int code, const char *what, const char *file,
                              const char *shown) {
  char want[512];
  snprintf(want, sizeof want,
           "%s '%s' is bitcode whose producer '%s' (its identification block) has no "
           "LLVM version: flyc cannot tell which LLVM wrote it, so this flyc, built on "
           "LLVM %s, does not read it",
           what, file, shown, flyc_llvm_version());
  expect_msg(rc, code, want);
}
static void expect_not_text(int rc, int code, const char *what, const char *file,
                            const char *shown) {
  char want[512];
  snprintf(want, sizeof want,
           "%s '%s' is bitcode whose producer string (its identification block) is not "
           "text: '%s'; flyc cannot tell which LLVM wrote it, so this flyc, built on "
           "LLVM %s, does not read it",
           what, file, shown, flyc_llvm_version());
  expect_msg(rc, code, want);
}
static size_t one_string(bw_t *b, const char *s) {
  size_t at = begin(b, 5);
  unabbrev_string(b, 5, s);
  return end(b, at, 5);
}
/* A STRING record of arbitrary values (not only bytes). */
static size_t one_record(bw_t *b, const uint64_t *v, size_t count) {
  size_t at = begin(b, 5);
  put(b, 3, 5), vbr(b, 1, 6), vbr(b, count, 6);
  for (size_t i = 0; i < count; i++)
    vbr(b, v[i], 6);
  return end(b, at, 5);
}

/* Producers that begin with "LLVM" but give no version, or are not text, are
 * refused (flyc cannot tell which LLVM wrote them); huge majors are newer;
 * other producers (Apple's) stay LLVM's reader's to judge. */
static void test_ident__unplaceable_producers(void **state) {
  (void)state;
  bw_t b;
  flyc_bc_ident_t id;
  const char *why;
  size_t n;
  const char *none[] = {"LLVMxx.1.8", "LLVM", "LLVM.1", "LLVM-22", "LLVM 22.1.8", "LLVMv22"};
  for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
    n = one_string(&b, none[i]);
    assert_int_equal(ident_of(&b, n, &id, &why), 0);
    assert_true(id.found);
    assert_string_equal(id.producer, none[i]);
    assert_int_equal(id.major, -1);
    expect_no_version(flyc__check_producer(b.d, n, "input", "x.bc", FLYC_EIR), FLYC_EIR,
                      "input", "x.bc", none[i]);
    expect_no_version(flyc__check_producer(b.d, n, "link library", "l.bc", FLYC_ELINK),
                      FLYC_ELINK, "link library", "l.bc", none[i]);
  }
  /* A long one is shown up to 40 characters. */
  n = one_string(&b, "LLVM_0123456789012345678901234567890123456789");
  expect_no_version(flyc__check_producer(b.d, n, "input", "x.bc", FLYC_EIR), FLYC_EIR,
                    "input", "x.bc", "LLVM_01234567890123456789012345678901234...");
  /* Huge majors are newer than any build, never wrapped to a small one. */
  const struct {
    const char *producer, *major;
  } huge[] = {{"LLVM4294967296.0.0", "4294967296"},
              {"LLVM99999999999999.0", "99999999999999"},
              {"LLVM2147483648", "2147483648"},
              {"LLVM18446744073709551617.1.1", "18446744073709551617"}};
  for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++) {
    n = one_string(&b, huge[i].producer);
    assert_int_equal(ident_of(&b, n, &id, &why), 0);
    assert_int_equal(id.major, 2147483647);
    char want[512];
    snprintf(want, sizeof want,
             "input 'x.bc' is bitcode from LLVM %s (its identification block); this flyc "
             "is built on LLVM %s and cannot read it safely: use a flyc built on LLVM %s "
             "or newer",
             huge[i].producer + 4, flyc_llvm_version(), huge[i].major);
    expect_msg(flyc__check_producer(b.d, n, "input", "x.bc", FLYC_EIR), FLYC_EIR, want);
  }
  /* Not text: control bytes, bytes past ASCII, values past a byte, a
   * backslash among them; shown escaped, cut at 40 characters. */
  const uint64_t ctl[] = {'L', 'L', 'V', 'M', 1, 2, 0x7f, 0xff, '\\', 0x100, '2'};
  n = one_record(&b, ctl, sizeof ctl / sizeof ctl[0]);
  assert_int_equal(ident_of(&b, n, &id, &why), -1);
  expect_not_text(flyc__check_producer(b.d, n, "input", "x.bc", FLYC_EIR), FLYC_EIR, "input",
                  "x.bc", "LLVM\\x01\\x02\\x7f\\xff\\\\\\x??2");
  expect_not_text(flyc__check_producer(b.d, n, "link library", "l.bc", FLYC_ELINK),
                  FLYC_ELINK, "link library", "l.bc",
                  "LLVM\\x01\\x02\\x7f\\xff\\\\\\x??2");
  uint64_t bin[60];
  for (size_t i = 0; i < 60; i++)
    bin[i] = 0x80 + i;
  n = one_record(&b, bin, 60);
  assert_int_equal(ident_of(&b, n, &id, &why), -1);
  expect_not_text(flyc__check_producer(b.d, n, "input", "x.bc", FLYC_EIR), FLYC_EIR, "input",
                  "x.bc", "\\x80\\x81\\x82\\x83\\x84\\x85\\x86\\x87\\x88\\x89...");
  /* Not "LLVM...": Apple's numbers are not LLVM's; left to LLVM's reader. */
  const char *other[] = {"APPLE_1_1500.3.9.4_0", "llvm22.1.8", ""};
  for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
    n = one_string(&b, other[i]);
    assert_int_equal(ident_of(&b, n, &id, &why), 0);
    assert_true(id.found);
    assert_int_equal(id.major, -1);
    assert_int_equal(flyc__check_producer(b.d, n, "input", "x.bc", FLYC_EIR), FLYC_OK);
  }
  /* Several modules: one flyc cannot place decides over a readable one,
   * whichever comes first; the newest decides over an older and Apple's. */
  const char *pairs[][2] = {{"LLVMxx.1.8", "LLVM15.0.6"}, {"LLVM15.0.6", "LLVMxx.1.8"},
                            {"APPLE_1_1500.3.9.4_0", "LLVM99.0.0"},
                            {"LLVM99.0.0", "LLVM15.0.6"}};
  for (size_t i = 0; i < 4; i++) {
    size_t at = begin(&b, 5);
    unabbrev_string(&b, 5, pairs[i][0]);
    n = end(&b, at, 5);
    unsigned char two[1024];
    memcpy(two, b.d, n);
    bw_t c;
    at = begin(&c, 5);
    unabbrev_string(&c, 5, pairs[i][1]);
    size_t m = end(&c, at, 5);
    memcpy(two + n, c.d + 4, m - 4); /* the second block, without the magic */
    assert_int_equal(ident_both(two, n + m - 4, &id, &why), 0);
    const char *want = i < 2 ? "LLVMxx.1.8" : "LLVM99.0.0";
    assert_string_equal(id.producer, want);
    assert_int_not_equal(flyc__check_producer(two, n + m - 4, "input", "x.bc", FLYC_EIR),
                         FLYC_OK);
  }
}

static void test_ident__crafted(void **state) {
  (void)state;
  bw_t b;
  flyc_bc_ident_t id;
  const char *why;
  size_t at, n;
  /* Unabbreviated STRING records with an unusual width; Apple's producer. */
  at = begin(&b, 32);
  unabbrev_string(&b, 32, "LLVM99.0.0-custom");
  n = end(&b, at, 32);
  assert_int_equal(ident_of(&b, n, &id, &why), 0);
  assert_string_equal(id.producer, "LLVM99.0.0-custom");
  assert_int_equal(id.major, 99);
  at = begin(&b, 5);
  unabbrev_string(&b, 5, "APPLE_1_1500.3.9.4_0");
  n = end(&b, at, 5);
  assert_int_equal(ident_of(&b, n, &id, &why), 0);
  assert_true(id.found);
  assert_int_equal(id.major, -1); /* unknown: LLVM's reader decides */
  assert_int_equal(flyc__check_producer(b.d, n, "input", "apple.bc", FLYC_EIR), FLYC_OK);
  /* Impossible abbreviation widths: block width 0 and 40, fixed(65), vbr(1). */
  int widths[] = {0, 40};
  for (int i = 0; i < 2; i++) {
    at = begin(&b, widths[i]);
    n = end(&b, at, 5);
    assert_int_equal(ident_of(&b, n, &id, &why), -1);
    assert_non_null(strstr(why, "width"));
  }
  for (int enc = 1; enc <= 2; enc++) {
    at = begin(&b, 5);
    put(&b, 2, 5), vbr(&b, 2, 5);          /* DEFINE_ABBREV, 2 operands */
    put(&b, 1, 1), vbr(&b, 1, 8);          /* literal 1 */
    put(&b, 0, 1), put(&b, (uint64_t)enc, 3), vbr(&b, enc == 1 ? 65 : 1, 5);
    n = end(&b, at, 5);
    assert_int_equal(ident_of(&b, n, &id, &why), -1);
    assert_non_null(strstr(why, "width"));
  }
  /* An array as long as 2^40 elements, and a VBR of more than 64 bits. */
  at = begin(&b, 5);
  put(&b, 2, 5), vbr(&b, 3, 5);
  put(&b, 1, 1), vbr(&b, 1, 8);
  put(&b, 0, 1), put(&b, 3, 3); /* array */
  put(&b, 0, 1), put(&b, 4, 3); /* of char6 */
  put(&b, 4, 5), vbr(&b, (uint64_t)1 << 40, 6);
  n = end(&b, at, 5);
  assert_int_equal(ident_of(&b, n, &id, &why), -1);
  at = begin(&b, 5);
  put(&b, 3, 5);
  for (int i = 0; i < 16; i++)
    put(&b, 0x3f, 6); /* continuation forever */
  put(&b, 0, 6);
  n = end(&b, at, 5);
  assert_int_equal(ident_of(&b, n, &id, &why), -1);
  /* An abbreviation id it never defined; a string that is not text. */
  at = begin(&b, 5);
  put(&b, 9, 5);
  n = end(&b, at, 5);
  assert_int_equal(ident_of(&b, n, &id, &why), -1);
  assert_non_null(strstr(why, "does not define"));
  at = begin(&b, 5);
  unabbrev_string(&b, 5, "LLVM\n22");
  n = end(&b, at, 5);
  assert_int_equal(ident_of(&b, n, &id, &why), -1);
  assert_non_null(strstr(why, "not printable text"));
  expect_not_text(flyc__check_producer(b.d, n, "input", "odd.bc", FLYC_EIR), FLYC_EIR,
                  "input", "odd.bc", "LLVM\\x0a22");
  /* A block whose length runs past the end, and no identification block at
   * all (a module block): unknown, for LLVM's reader to judge. */
  at = begin(&b, 5);
  unabbrev_string(&b, 5, "LLVM99.0.0");
  n = end(&b, at, 5);
  b.d[at / 8] = 0xff;
  assert_int_equal(ident_of(&b, n, &id, &why), 0);
  assert_false(id.found);
  memset(&b, 0, sizeof b);
  put(&b, 'B', 8), put(&b, 'C', 8), put(&b, 0xC0, 8), put(&b, 0xDE, 8);
  put(&b, 1, 2), vbr(&b, 8, 8), vbr(&b, 3, 4);
  align(&b);
  put(&b, 1, 32), put(&b, 0, 32);
  assert_int_equal(ident_of(&b, b.pos / 8, &id, &why), 0);
  assert_false(id.found);
}

/* ---- refusals before parsing ---- */

static void expect_newer(int rc, int code, const char *file, const char *version) {
  char want[96];
  snprintf(want, sizeof want, "built on LLVM %s", flyc_llvm_version());
  assert_error(rc, code, file, version, "(its identification block)", want,
               "cannot read it safely");
}

static void test_refuse__input(void **state) {
  (void)state;
  const uint32_t flags[] = {0, FLYC_COMPILE_TRUSTED_BITCODE, FLYC_COMPILE_ISOLATED,
                            FLYC_COMPILE_NO_CACHE};
  char *k99 = llvm99(K15, ".bc");
  for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++) {
    if (FLYC_TEST_LLVM_MAJOR < 22)
      expect_newer(compile_amd(K22, L15, flags[f]), FLYC_EIR, K22, "LLVM 22.1.8");
    else
      assert_ok(compile_amd(K22, L22, flags[f]));
    expect_newer(compile_amd(k99, L15, flags[f]), FLYC_EIR, k99, "LLVM 99.0.6");
  }
  /* In memory, under the caller's name. */
  size_t n;
  unsigned char *d = slurp(k99, &n);
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  flyc_artifact_t *a = NULL;
  expect_newer(flyc_compile_buffer(&a, d, n, "kernel-in-memory", &o), FLYC_EIR,
               "'kernel-in-memory'", "LLVM 99.0.6");
  assert_null(a);
  free(d);
  unlink(k99);
  free(k99);
}

static void test_refuse__library(void **state) {
  (void)state;
  char *l99 = llvm99(L15, ".bc");
  char *l99ll = llvm99(L15, ".ll"); /* bitcode under a text name */
  const uint32_t flags[] = {0, FLYC_COMPILE_TRUSTED_BITCODE, FLYC_COMPILE_ISOLATED};
  for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++) {
    if (FLYC_TEST_LLVM_MAJOR < 22)
      expect_newer(compile_amd(K15, L22, flags[f]), FLYC_ELINK, L22, "LLVM 22.1.8");
    else
      assert_ok(compile_amd(K15, L22, flags[f]));
    expect_newer(compile_amd(K15, l99, flags[f]), FLYC_ELINK, l99, "LLVM 99.0.6");
    expect_newer(compile_amd(K15, l99ll, flags[f]), FLYC_ELINK, l99ll, "LLVM 99.0.6");
  }
  assert_error(compile_amd(K15, l99, 0), FLYC_ELINK, "flyc built on LLVM 99 or newer");
  unlink(l99);
  unlink(l99ll);
  free(l99);
  free(l99ll);
}

/* LLVM 22 bitcode whose producer has no version: LLVM 15 would read it (a
 * constant GEP becoming undef), so every build refuses it before any reader,
 * as input (FLYC_EIR) and as a library (FLYC_ELINK), on every path. */
static void test_refuse__no_version(void **state) {
  (void)state;
  char *kxx = rewritten(K22, ".bc", "xx"), *lxx = rewritten(L22, ".bc", "xx");
  char *lxxll = rewritten(L22, ".ll", "xx");
  const uint32_t flags[] = {0, FLYC_COMPILE_TRUSTED_BITCODE, FLYC_COMPILE_ISOLATED,
                            FLYC_COMPILE_NO_CACHE};
  const char *lib = FLYC_TEST_LLVM_MAJOR < 22 ? L15 : L22;
  for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++) {
    expect_no_version(compile_amd(kxx, lib, flags[f]), FLYC_EIR, "input", kxx, "LLVMxx.1.8");
    expect_no_version(compile_amd(K15, lxx, flags[f]), FLYC_ELINK, "link library", lxx,
                      "LLVMxx.1.8");
    expect_no_version(compile_amd(K15, lxxll, flags[f]), FLYC_ELINK, "link library", lxxll,
                      "LLVMxx.1.8");
  }
  size_t n;
  unsigned char *d = slurp(kxx, &n);
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  flyc_artifact_t *a = NULL;
  expect_no_version(flyc_compile_buffer(&a, d, n, "kernel-in-memory", &o), FLYC_EIR, "input",
                    "kernel-in-memory", "LLVMxx.1.8");
  assert_null(a);
  free(d);
  unlink(kxx), unlink(lxx), unlink(lxxll);
  free(kxx), free(lxx), free(lxxll);
}

static void test_older__bitcode_read(void **state) {
  (void)state;
  assert_ok(compile_amd(K15, L15, 0));
  assert_ok(compile_amd(K15, L15, FLYC_COMPILE_TRUSTED_BITCODE));
  assert_ok(compile_amd(K15, BC("lib_amdgcn.l15.ll"), 0));
}

/* ---- IR text with an older LLVM's layout ---- */

/* `ll` written as bitcode by this build's LLVM, layout untouched (the text
 * parser keeps it; the bitcode reader will upgrade it). */
static char *as_bitcode(const char *ll) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef mb = NULL;
  char *msg = NULL;
  assert_false(LLVMCreateMemoryBufferWithContentsOfFile(ll, &mb, &msg));
  LLVMModuleRef m = NULL;
  assert_false(LLVMParseIRInContext(ctx, mb, &m, &msg));
  LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
  char *p = tu_temp_file(".bc", LLVMGetBufferStart(bc), LLVMGetBufferSize(bc));
  LLVMDisposeMemoryBuffer(bc);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return p;
}

static const char *nvptx_kernel(void) {
  return FLYC_TEST_LLVM_MAJOR >= 20
             ? "target triple = \"nvptx64-nvidia-cuda\"\n"
               "declare i32 @fx_bc_add(i32, i32)\n"
               "define ptx_kernel void @k(ptr addrspace(1) %p) {\n"
               "  %v = load i32, ptr addrspace(1) %p\n"
               "  %r = call i32 @fx_bc_add(i32 %v, i32 1)\n"
               "  store i32 %r, ptr addrspace(1) %p\n"
               "  ret void\n}\n"
             : "target triple = \"nvptx64-nvidia-cuda\"\n"
               "declare i32 @fx_bc_add(i32, i32)\n"
               "define void @k(ptr addrspace(1) %p) {\n"
               "  %v = load i32, ptr addrspace(1) %p\n"
               "  %r = call i32 @fx_bc_add(i32 %v, i32 1)\n"
               "  store i32 %r, ptr addrspace(1) %p\n"
               "  ret void\n}\n"
               "!nvvm.annotations = !{!0}\n"
               "!0 = !{ptr @k, !\"kernel\", i32 1}\n";
}

static int compile_nv(const char *lib) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "sm_80";
  const char *libs[] = {lib, NULL};
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  const char *k = nvptx_kernel();
  int rc = flyc_compile_buffer(&a, k, strlen(k), "nvptx-kernel", &o);
  flyc_artifact_destroy(a);
  return rc;
}

static void test_layout__text_as_bitcode(void **state) {
  (void)state;
  const struct {
    const char *ll;
    int nvptx;
    int ok_from; /* the first LLVM major whose target layout it is, or older */
  } libs[] = {
      {BC("lib_amdgcn.l15.ll"), 0, 15}, {BC("lib_amdgcn.l19.ll"), 0, 19},
      {BC("lib_amdgcn.l22.ll"), 0, 22}, {BC("lib_nvptx.l15.ll"), 1, 15},
      {BC("lib_nvptx.l22.ll"), 1, 22},
  };
  for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++) {
    char *bc = as_bitcode(libs[i].ll);
    int text = libs[i].nvptx ? compile_nv(libs[i].ll) : compile_amd(K15, libs[i].ll, 0);
    char text_msg[2048];
    snprintf(text_msg, sizeof text_msg, "%s", flyc_error_last()->message);
    int bits = libs[i].nvptx ? compile_nv(bc) : compile_amd(K15, bc, 0);
    if (text != bits)
      fail_msg("%s: as text %s (%s), as bitcode %s (%s)", libs[i].ll, flyc_status_name(text),
               text_msg, flyc_status_name(bits), flyc_error_last()->message);
    int want = FLYC_TEST_LLVM_MAJOR >= libs[i].ok_from ? FLYC_OK : FLYC_ELINK;
    if (text != want)
      fail_msg("%s on LLVM %d: %s (%s)", libs[i].ll, FLYC_TEST_LLVM_MAJOR,
               flyc_status_name(text), text_msg);
    if (want == FLYC_ELINK && (!strstr(text_msg, libs[i].ll) || !strstr(text_msg, "data layout")))
      fail_msg("%s: the refusal does not name it and its layout: %s", libs[i].ll, text_msg);
    unlink(bc);
    free(bc);
  }
  /* What is not an older layout of the target still is refused. */
  assert_error(compile_amd(K15, FX("mstl_bad_datalayout.gfx90a.cov4.bc"), 0), FLYC_ELINK,
               "data layout");
}

/* ---- the device library search path ---- */

static void test_search_path__refused_copy_is_not_skipped(void **state) {
  (void)state;
  char d1[] = "/tmp/flyc-bc-d1-XXXXXX", d2[] = "/tmp/flyc-bc-d2-XXXXXX";
  assert_non_null(mkdtemp(d1));
  assert_non_null(mkdtemp(d2));
  char p1[256], p2[256];
  snprintf(p1, sizeof p1, "%s/libdevice.10.bc", d1);
  snprintf(p2, sizeof p2, "%s/libdevice.10.bc", d2);
  /* d1: bitcode from LLVM 99; d2: a good copy (text) that defines what the
   * kernel needs, so a fall-through would make the compile succeed. */
  char *l99 = llvm99(BC("lib_nvptx.l15.bc"), ".bc");
  size_t n;
  unsigned char *d = slurp(l99, &n);
  FILE *f = fopen(p1, "wb");
  fwrite(d, 1, n, f);
  fclose(f);
  free(d);
  f = fopen(p2, "w");
  fputs("target triple = \"nvptx64-nvidia-cuda\"\n"
        "define i32 @__nv_fx(i32 %a) {\n  ret i32 %a\n}\n",
        f);
  fclose(f);
  char k[1024];
  snprintf(k, sizeof k, "%s",
           FLYC_TEST_LLVM_MAJOR >= 20
               ? "target triple = \"nvptx64-nvidia-cuda\"\n"
                 "declare i32 @__nv_fx(i32)\n"
                 "define ptx_kernel void @k(ptr addrspace(1) %p) {\n"
                 "  %v = load i32, ptr addrspace(1) %p\n"
                 "  %r = call i32 @__nv_fx(i32 %v)\n"
                 "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n"
               : "target triple = \"nvptx64-nvidia-cuda\"\n"
                 "declare i32 @__nv_fx(i32)\n"
                 "define void @k(ptr addrspace(1) %p) {\n"
                 "  %v = load i32, ptr addrspace(1) %p\n"
                 "  %r = call i32 @__nv_fx(i32 %v)\n"
                 "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n"
                 "!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n");
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "sm_80";
  o.flags = FLYC_COMPILE_NO_DEFAULT_LIB_DIRS;
  const char *both[] = {d1, d2}, *good[] = {d2};
  flyc_artifact_t *a = NULL;
  o.device_lib_dirs = good;
  o.device_lib_dir_count = 1;
  assert_ok(flyc_compile_buffer(&a, k, strlen(k), "k", &o)); /* the good copy works */
  flyc_artifact_destroy(a);
  a = NULL;
  o.device_lib_dirs = both;
  o.device_lib_dir_count = 2;
  assert_error(flyc_compile_buffer(&a, k, strlen(k), "k", &o), FLYC_ELINK, p1, "LLVM 99",
               "does not fall back");
  assert_null(a);
  /* The same through FLYC_DEVICE_LIB_PATH. */
  char env[600];
  snprintf(env, sizeof env, "%s:%s", d1, d2);
  setenv("FLYC_DEVICE_LIB_PATH", env, 1);
  o.device_lib_dir_count = 0;
  assert_error(flyc_compile_buffer(&a, k, strlen(k), "k", &o), FLYC_ELINK, p1, "LLVM 99");
  unsetenv("FLYC_DEVICE_LIB_PATH");
  unlink(p1);
  unlink(p2);
  rmdir(d1);
  rmdir(d2);
  unlink(l99);
  free(l99);
}

/* ---- the cache ---- */

static void test_cache__refused_bitcode_is_not_looked_up(void **state) {
  (void)state;
  char dir[] = "/tmp/flyc-bc-cache-XXXXXX";
  assert_non_null(mkdtemp(dir));
  setenv("FLYC_CACHE_DIR", dir, 1);
  unsetenv("FLYC_CACHE");
  char *l99 = llvm99(L15, ".bc"), *k99 = llvm99(K15, ".bc");
  flyc_cache_stats_t s0, s1;
  s0.size = s1.size = sizeof s0;
  assert_ok(flyc_cache_stats(&s0));
  expect_newer(compile_amd(K15, l99, 0), FLYC_ELINK, l99, "LLVM 99");
  expect_newer(compile_amd(k99, L15, 0), FLYC_EIR, k99, "LLVM 99");
  assert_ok(flyc_cache_stats(&s1));
  /* No key, so no lookup: neither a miss nor a hit was counted. */
  assert_int_equal(s1.misses, s0.misses);
  assert_int_equal(s1.memory_hits + s1.disk_hits, s0.memory_hits + s0.disk_hits);
  /* A readable pair is looked up (the counters do count here). */
  assert_ok(compile_amd(K15, L15, 0));
  assert_ok(flyc_cache_stats(&s1));
  assert_int_equal(s1.misses + s1.memory_hits + s1.disk_hits,
                   s0.misses + s0.memory_hits + s0.disk_hits + 1);
  unlink(l99);
  unlink(k99);
  free(l99);
  free(k99);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
  unsetenv("FLYC_CACHE_DIR");
}

/* The child maps a link library itself, hashes it, and refuses
 * bytes whose hash is not the one the compile began with, or a file it
 * cannot read, naming the file (LLVM 15 bitcode: every build reads it). */
static void test_child__reads_the_library_itself(void **state) {
  (void)state;
  char hex[33];
  assert_int_equal(flyc__file_hash(L15, hex), 0);
  static const char *const roots[] = {"fx_bc_add"};
  flyc__closure_names_t names = {roots, 1, NULL, 0, 0};
  flyc__bc_item_t it = {NULL, 0, "link library", L15, FLYC_ELINK, NULL, &names, L15, hex};
  assert_int_equal(flyc__bitcode_to_text_many(&it, 1), FLYC_OK);
  assert_non_null(strstr(it.text, "define"));
  assert_non_null(strstr(it.text, "@fx_bc_add("));
  free(it.text);
  char other[33];
  memcpy(other, hex, sizeof other);
  other[0] = other[0] == '0' ? '1' : '0';
  it.digest = other;
  assert_error(flyc__bitcode_to_text_many(&it, 1), FLYC_EIO, L15,
               "changed while it was being compiled");
  assert_null(it.text);
  it.path = it.name = BC("no-such-library.bc");
  assert_error(flyc__bitcode_to_text_many(&it, 1), FLYC_EIO, "cannot read link library",
               "no-such-library.bc", "No such file");
  it.path = it.name = FLYC_BC_FIXTURE_DIR; /* a directory */
  assert_error(flyc__bitcode_to_text_many(&it, 1), FLYC_EIO, "not a regular file");
}

/* A library rewritten in place (cut short, then written whole again) while
 * compiles read it: every compile ends with a status, never with a signal
 * in the caller's process, where nothing of the file is mapped. */
typedef struct rewriter {
  int fd;
  const unsigned char *d;
  size_t n;
  int stop; /* atomic: set by the test, read by the rewriter */
  int rounds;
} rewriter_t;

static void *rewrite_loop(void *p) {
  rewriter_t *r = p;
  while (!__atomic_load_n(&r->stop, __ATOMIC_RELAXED)) {
    if (ftruncate(r->fd, (off_t)(r->n / 2)) != 0 || ftruncate(r->fd, 0) != 0 ||
        pwrite(r->fd, r->d, r->n, 0) != (ssize_t)r->n)
      break;
    r->rounds++;
  }
  return NULL;
}

static void test_child__library_rewritten_while_read(void **state) {
  (void)state;
  size_t n;
  unsigned char *d = slurp(L15, &n);
  char *path = tu_temp_file(".bc", d, n);
  rewriter_t r = {open(path, O_RDWR), d, n, 0, 0};
  assert_true(r.fd >= 0);
  pthread_t t;
  assert_int_equal(pthread_create(&t, NULL, rewrite_loop, &r), 0);
  for (int i = 0; i < 40; i++) {
    int rc = compile_amd(K15, path, FLYC_COMPILE_NO_CACHE);
    assert_true(rc == FLYC_OK || rc == FLYC_EIO || rc == FLYC_ELINK || rc == FLYC_ENOTFOUND);
  }
  __atomic_store_n(&r.stop, 1, __ATOMIC_RELAXED);
  pthread_join(t, NULL);
  assert_true(r.rounds > 0);
  /* Whole again, it compiles. */
  assert_ok(compile_amd(K15, path, FLYC_COMPILE_NO_CACHE));
  close(r.fd);
  unlink(path);
  free(path);
  free(d);
}

/* A link library over 1 GiB (a sparse file) is refused naming it, before
 * anything reads or hashes it. */
static void test_child__library_too_big(void **state) {
  (void)state;
  char *path = tu_temp_file(".bc", "BC\xc0\xde", 4);
  assert_int_equal(truncate(path, ((off_t)1 << 30) + 1), 0);
  assert_error(compile_amd(K15, path, 0), FLYC_ELINK, path, "1073741825 bytes", "1 GiB");
  unlink(path);
  free(path);
}

int main(void) {
  /* No test here should write to the user's cache. */
  setenv("FLYC_CACHE", "0", 1);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ident__fixtures),
      cmocka_unit_test(test_ident__wrapper),
      cmocka_unit_test(test_ident__truncated_and_flipped),
      cmocka_unit_test(test_ident__crafted),
      cmocka_unit_test(test_ident__unplaceable_producers),
      cmocka_unit_test(test_refuse__input),
      cmocka_unit_test(test_refuse__library),
      cmocka_unit_test(test_refuse__no_version),
      cmocka_unit_test(test_older__bitcode_read),
      cmocka_unit_test(test_layout__text_as_bitcode),
      cmocka_unit_test(test_search_path__refused_copy_is_not_skipped),
      cmocka_unit_test(test_cache__refused_bitcode_is_not_looked_up),
      cmocka_unit_test(test_child__reads_the_library_itself),
      cmocka_unit_test(test_child__library_rewritten_while_read),
      cmocka_unit_test(test_child__library_too_big),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
