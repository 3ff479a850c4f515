/* Bitcode before LLVM reads it: the magic, the producer's LLVM version from
 * the identification block, and the refusal of bitcode newer than the LLVM
 * flyc is built on.
 *
 * LLVM reads bitcode of older releases, never of newer ones: a newer file can
 * fail to parse, or parse into something else (LLVM 15 reads some LLVM 19/22
 * constant GEPs as undef, and O3 then deletes the kernel's code). The
 * identification block (IDENTIFICATION_BLOCK_ID 13) that every LLVM since 3.8
 * writes ahead of each module says who wrote it: a STRING record
 * "LLVM<major>.<minor>.<patch>" and an EPOCH record. The reader below works
 * on raw bytes and checks every read against the end of the buffer: it is fed
 * untrusted files, before LLVM sees them.
 *
 * What flyc__check_producer refuses, before any LLVM reader sees the file:
 *  - a producer "LLVM<major>..." with a major newer than this build's LLVM
 *    (a major of any length: digits past INT_MAX saturate, never wrap);
 *  - a producer that begins with "LLVM" but has no version after it
 *    ("LLVM", "LLVM.1", "LLVMxx.1.8"), and a producer that is not printable
 *    text: flyc cannot tell which LLVM wrote it, so it cannot tell that
 *    this LLVM reads it right;
 *  - a malformed identification block.
 * What it leaves to LLVM's reader, as LLVM itself does: a producer that does
 * not begin with "LLVM" (Apple's clang writes "APPLE_1_1500.3.9.4_0", whose
 * numbers are Apple's, not LLVM's), and bitcode with no identification block
 * (LLVM before 3.8, or stripped). In a file of several modules (llvm-cat -b)
 * the worst producer decides: one flyc cannot place, else the newest. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

int flyc__is_bitcode(const void *data, size_t size) {
  const unsigned char *d = data;
  if (!d || size < 4)
    return 0;
  if (d[0] == 'B' && d[1] == 'C' && d[2] == 0xC0 && d[3] == 0xDE)
    return 1;
  if (d[0] == 0xDE && d[1] == 0xC0 && d[2] == 0x17 && d[3] == 0x0B)
    return 2; /* the wrapper header (0x0B17C0DE, little-endian) */
  return 0;
}

/* ---- a bounds-checked reader of the bitstream ---- */

typedef struct bits {
  const unsigned char *d;
  uint64_t pos, end; /* in bits */
  int bad;           /* a read ran past the end, or a value was out of range */
} bits_t;

static uint64_t rd_fixed(bits_t *b, unsigned width) {
  if (b->bad || width > 64 || b->end - b->pos < width) {
    b->bad = 1;
    return 0;
  }
  uint64_t v = 0;
  for (unsigned i = 0; i < width; i++, b->pos++)
    v |= (uint64_t)((b->d[b->pos >> 3] >> (b->pos & 7)) & 1) << i;
  return v;
}

static uint64_t rd_vbr(bits_t *b, unsigned width) {
  if (width < 2 || width > 32) {
    b->bad = 1;
    return 0;
  }
  uint64_t v = 0, hi = (uint64_t)1 << (width - 1);
  for (unsigned shift = 0;; shift += width - 1) {
    uint64_t chunk = rd_fixed(b, width);
    if (b->bad)
      return 0;
    if (shift >= 64 || (shift && (chunk & (hi - 1)) >> (64 - shift) != 0)) {
      b->bad = 1; /* more than 64 bits of value */
      return 0;
    }
    v |= (chunk & (hi - 1)) << shift;
    if (!(chunk & hi))
      return v;
  }
}

static void align32(bits_t *b) {
  uint64_t p = (b->pos + 31) & ~(uint64_t)31;
  if (p > b->end)
    b->bad = 1;
  else
    b->pos = p;
}

enum { OP_LITERAL, OP_FIXED, OP_VBR, OP_ARRAY, OP_CHAR6, OP_BLOB };
#define MAX_ABBREVS 32
#define MAX_ABBREV_OPS 32

typedef struct abbrev {
  unsigned n;
  struct {
    int kind;
    uint64_t value; /* literal value, or the width of fixed/vbr */
  } op[MAX_ABBREV_OPS];
} abbrev_t;

static uint64_t rd_scalar(bits_t *b, int kind, uint64_t value) {
  switch (kind) {
  case OP_LITERAL:
    return value;
  case OP_FIXED:
    return rd_fixed(b, (unsigned)value);
  case OP_VBR:
    return rd_vbr(b, (unsigned)value);
  case OP_CHAR6: {
    uint64_t v = rd_fixed(b, 6);
    return v < 26 ? 'a' + v : v < 52 ? 'A' + (v - 26) : v < 62 ? '0' + (v - 52)
                                                    : v == 62 ? '.' : '_';
  }
  default:
    b->bad = 1;
    return 0;
  }
}

/* One record's values; only the first `cap` are kept, *n counts them all. */
typedef struct record {
  uint64_t code;
  uint64_t v[64];
  size_t n;
} record_t;
#define RECORD_CAP (sizeof(((record_t *)0)->v) / sizeof(uint64_t))

static void push(record_t *r, uint64_t v) {
  if (r->n < RECORD_CAP)
    r->v[r->n] = v;
  r->n++;
}

static int rd_define_abbrev(bits_t *b, abbrev_t *a, const char **why) {
  uint64_t n = rd_vbr(b, 5);
  if (b->bad || n == 0 || n > MAX_ABBREV_OPS) {
    *why = b->bad ? "is truncated" : "has an abbreviation of too many operands";
    return -1;
  }
  a->n = 0;
  for (uint64_t i = 0; i < n; i++) {
    int literal = (int)rd_fixed(b, 1);
    int kind;
    uint64_t value = 0;
    if (literal) {
      kind = OP_LITERAL;
      value = rd_vbr(b, 8);
    } else {
      uint64_t e = rd_fixed(b, 3);
      if (e == 1 || e == 2) {
        value = rd_vbr(b, 5);
        if (!b->bad && (value > (e == 1 ? 64u : 32u) || (e == 2 && value == 1))) {
          *why = "has an abbreviation operand of an impossible width";
          return -1;
        }
        /* As LLVM reads them: fixed(0) and vbr(0) are a literal zero. */
        kind = value == 0 ? OP_LITERAL : e == 1 ? OP_FIXED : OP_VBR;
      } else if (e == 3 || e == 4 || e == 5) {
        kind = e == 3 ? OP_ARRAY : e == 4 ? OP_CHAR6 : OP_BLOB;
      } else {
        *why = "has an abbreviation operand of an unknown encoding";
        return -1;
      }
    }
    if (b->bad) {
      *why = "is truncated";
      return -1;
    }
    a->op[a->n].kind = kind;
    a->op[a->n].value = value;
    a->n++;
  }
  /* An array is followed by exactly its element's encoding, a scalar; a
   * blob comes last; neither is the record's code. */
  for (unsigned i = 0; i < a->n; i++) {
    int k = a->op[i].kind;
    if ((k == OP_ARRAY || k == OP_BLOB) && i == 0) {
      *why = "has an abbreviation that starts with an array or a blob";
      return -1;
    }
    if (k == OP_ARRAY && (i + 2 != a->n || a->op[i + 1].kind == OP_LITERAL ||
                          a->op[i + 1].kind == OP_ARRAY || a->op[i + 1].kind == OP_BLOB)) {
      *why = "has an abbreviation with a malformed array";
      return -1;
    }
    if (k == OP_ARRAY)
      break;
    if (k == OP_BLOB && i + 1 != a->n) {
      *why = "has an abbreviation with a blob before its end";
      return -1;
    }
  }
  return 0;
}

static int rd_abbrev_record(bits_t *b, const abbrev_t *a, record_t *r, const char **why) {
  r->n = 0;
  r->code = rd_scalar(b, a->op[0].kind, a->op[0].value);
  for (unsigned i = 1; i < a->n && !b->bad; i++) {
    int k = a->op[i].kind;
    if (k == OP_ARRAY) {
      uint64_t len = rd_vbr(b, 6);
      /* Every element takes at least one bit. */
      if (!b->bad && len > b->end - b->pos) {
        *why = "has an array longer than the file";
        return -1;
      }
      for (uint64_t j = 0; j < len && !b->bad; j++)
        push(r, rd_scalar(b, a->op[i + 1].kind, a->op[i + 1].value));
      break;
    } else if (k == OP_BLOB) {
      uint64_t len = rd_vbr(b, 6);
      align32(b);
      if (!b->bad && len > (b->end - b->pos) / 8) {
        *why = "has a blob longer than the file";
        return -1;
      }
      for (uint64_t j = 0; j < len && !b->bad; j++)
        push(r, rd_fixed(b, 8));
      align32(b);
    } else {
      push(r, rd_scalar(b, k, a->op[i].value));
    }
  }
  if (b->bad) {
    *why = "is truncated";
    return -1;
  }
  return 0;
}

static int rd_unabbrev_record(bits_t *b, record_t *r, const char **why) {
  r->n = 0;
  r->code = rd_vbr(b, 6);
  uint64_t n = rd_vbr(b, 6);
  if (!b->bad && n > b->end - b->pos) {
    *why = "has a record longer than the file";
    return -1;
  }
  for (uint64_t i = 0; i < n && !b->bad; i++)
    push(r, rd_vbr(b, 6));
  if (b->bad) {
    *why = "is truncated";
    return -1;
  }
  return 0;
}

/* A block header after its ENTER_SUBBLOCK abbreviation id: sets the block's
 * id, its abbreviation width and its end (in bits); -1 when it runs past the
 * end of the buffer. */
static int rd_block_header(bits_t *b, uint64_t *id, unsigned *width, uint64_t *end) {
  *id = rd_vbr(b, 8);
  uint64_t w = rd_vbr(b, 4);
  align32(b);
  uint64_t words = rd_fixed(b, 32);
  if (b->bad)
    return -1;
  *width = (unsigned)(w > 64 ? 64 : w);
  if (words > (b->end - b->pos) / 32)
    return -1;
  *end = b->pos + words * 32;
  return 0;
}

/* A producer string that is not text, kept for the message: printable bytes
 * as they are, others (and '\\') escaped as \xNN (values past a byte as
 * \x??), at most PRODUCER_SHOWN characters, never half an escape, "..."
 * when cut. */
#define PRODUCER_SHOWN 40
static void escape_producer(flyc_bc_ident_t *id, const record_t *r) {
  size_t k = 0, n = r->n < RECORD_CAP ? r->n : RECORD_CAP;
  size_t i = 0;
  for (; i < n; i++) {
    char e[8];
    uint64_t v = r->v[i];
    if (v >= 0x20 && v <= 0x7e && v != '\\')
      e[0] = (char)v, e[1] = '\0';
    else if (v == '\\')
      memcpy(e, "\\\\", 3);
    else if (v <= 0xff)
      snprintf(e, sizeof e, "\\x%02x", (unsigned)v);
    else
      memcpy(e, "\\x??", 5);
    size_t el = strlen(e);
    if (k + el > PRODUCER_SHOWN)
      break;
    memcpy(id->producer + k, e, el);
    k += el;
  }
  if (i < r->n)
    memcpy(id->producer + k, "...", 3), k += 3;
  id->producer[k] = '\0';
  id->found = 1;
}

/* Reads an identification block of abbreviation width `width` up to `end`.
 * On a producer that is not text it fails, with id->found set and
 * id->producer escaped (escape_producer), for flyc__check_producer to name. */
static int rd_ident_block(bits_t *outer, unsigned width, uint64_t end, flyc_bc_ident_t *id,
                          const char **why) {
  if (width < 1 || width > 32) {
    *why = "has an impossible abbreviation width";
    return -1;
  }
  bits_t b = {outer->d, outer->pos, end, 0};
  abbrev_t abbrevs[MAX_ABBREVS];
  unsigned nabbrevs = 0;
  record_t r;
  for (;;) {
    uint64_t aid = rd_fixed(&b, width);
    if (b.bad) {
      *why = "is truncated";
      return -1;
    }
    if (aid == 0) { /* END_BLOCK */
      align32(&b);
      if (b.bad) {
        *why = "is truncated";
        return -1;
      }
      break;
    }
    if (aid == 1) { /* a nested block: not in any LLVM's, skipped */
      uint64_t nid, nend;
      unsigned nw;
      if (rd_block_header(&b, &nid, &nw, &nend) != 0) {
        *why = "is truncated";
        return -1;
      }
      b.pos = nend;
      continue;
    }
    if (aid == 2) { /* DEFINE_ABBREV */
      if (nabbrevs == MAX_ABBREVS) {
        *why = "defines too many abbreviations";
        return -1;
      }
      if (rd_define_abbrev(&b, &abbrevs[nabbrevs], why) != 0)
        return -1;
      nabbrevs++;
      continue;
    }
    if (aid == 3) {
      if (rd_unabbrev_record(&b, &r, why) != 0)
        return -1;
    } else if (aid - 4 < nabbrevs) {
      if (rd_abbrev_record(&b, &abbrevs[aid - 4], &r, why) != 0)
        return -1;
    } else {
      *why = "uses an abbreviation it does not define";
      return -1;
    }
    if (r.code == 1) { /* IDENTIFICATION_CODE_STRING */
      size_t k = 0;
      for (size_t i = 0; i < r.n && i < RECORD_CAP; i++) {
        if (r.v[i] < 0x20 || r.v[i] > 0x7e) {
          escape_producer(id, &r);
          *why = "has a producer string that is not printable text";
          return -1;
        }
        if (k + 1 < sizeof id->producer)
          id->producer[k++] = (char)r.v[i];
      }
      id->producer[k] = '\0';
      id->found = 1;
    } else if (r.code == 2) { /* IDENTIFICATION_CODE_EPOCH */
      id->epoch = r.n ? r.v[0] : 0;
    }
  }
  outer->pos = end;
  return 0;
}

/* "LLVM<major>[.<minor>[.<patch>]]<anything>": the numbers, or major -1
 * (a producer that is not "LLVM<digit>..."). Numbers too big for an int
 * saturate at INT_MAX: LLVM4294967296 is newer than any build, not LLVM 0. */
static void parse_producer(flyc_bc_ident_t *id) {
  const char *s = id->producer;
  id->major = id->minor = id->patch = -1;
  if (strncmp(s, "LLVM", 4) != 0 || s[4] < '0' || s[4] > '9')
    return;
  s += 4;
  int *part[3] = {&id->major, &id->minor, &id->patch};
  for (int i = 0; i < 3; i++) {
    if (*s < '0' || *s > '9')
      break;
    int v = 0;
    for (; *s >= '0' && *s <= '9'; s++)
      v = v > (INT_MAX - (*s - '0')) / 10 ? INT_MAX : v * 10 + (*s - '0');
    *part[i] = v;
    if (*s != '.')
      break;
    s++;
  }
}

/* "LLVM" with no version after it: flyc cannot tell which LLVM wrote it. */
static int unplaceable(const flyc_bc_ident_t *id) {
  return id->found && id->major < 0 && strncmp(id->producer, "LLVM", 4) == 0;
}

/* Of two modules' producers, the one that decides (see the top). */
static int decides_over(const flyc_bc_ident_t *a, const flyc_bc_ident_t *b) {
  if (!a->found)
    return 0;
  if (!b->found)
    return 1;
  if (unplaceable(b))
    return 0;
  return unplaceable(a) || a->major > b->major;
}

/* Where the identification walk reads: bytes in memory, or a file read
 * piecewise (pread), so that a file is never mapped into the caller's
 * process, where one truncated meanwhile would raise SIGBUS. */
typedef struct ident_src {
  const unsigned char *mem;
  int fd;
  uint64_t size;
  unsigned char *buf;
  size_t cap;
} ident_src_t;

/* The `n` bytes at `off`, all there, or NULL. A file's pointer lasts until
 * the next call. */
static const unsigned char *src_at(ident_src_t *s, uint64_t off, size_t n) {
  if (off > s->size || n > s->size - off)
    return NULL;
  if (s->mem)
    return s->mem + off;
  if (n > s->cap) {
    unsigned char *b = realloc(s->buf, n);
    if (!b)
      return NULL;
    s->buf = b;
    s->cap = n;
  }
  for (size_t got = 0; got < n;) {
    ssize_t r = pread(s->fd, s->buf + got, n - got, (off_t)(off + got));
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return NULL;
    got += (size_t)r;
  }
  return s->buf;
}

/* A top-level block header is at most 28 bytes (the 2-bit abbreviation, at
 * most 11 chunks of VBR8 and 23 of VBR4 before rd_vbr gives up, the
 * alignment, the 32-bit length): it is read from a window of this many
 * bytes at its position. */
#define HEADER_WINDOW 64

static int ident_walk(ident_src_t *s, flyc_bc_ident_t *id, const char **why) {
  memset(id, 0, sizeof *id);
  id->major = id->minor = id->patch = -1;
  *why = "";
  uint64_t base = 0, size = s->size;
  const unsigned char *d = src_at(s, 0, size < 20 ? (size_t)size : 20);
  int kind = d ? flyc__is_bitcode(d, size < 20 ? (size_t)size : 20) : 0;
  if (!kind)
    return 0;
  if (kind == 2) {
    /* magic, version, offset, size, cputype: little-endian 32-bit words. */
    if (size < 20) {
      *why = "has a truncated bitcode wrapper header";
      return -1;
    }
    uint32_t off = (uint32_t)d[8] | (uint32_t)d[9] << 8 | (uint32_t)d[10] << 16 |
                   (uint32_t)d[11] << 24;
    uint32_t len = (uint32_t)d[12] | (uint32_t)d[13] << 8 | (uint32_t)d[14] << 16 |
                   (uint32_t)d[15] << 24;
    if (off < 20 || off > size || len > size - off) {
      *why = "has a bitcode wrapper header that points past the end of the file";
      return -1;
    }
    base = off;
    size = len;
    d = src_at(s, base, size < 4 ? (size_t)size : 4);
    if (!d || flyc__is_bitcode(d, size < 4 ? (size_t)size : 4) != 1) {
      *why = "has a bitcode wrapper around something that is not bitcode";
      return -1;
    }
  }
  /* Top level: abbreviation width 2, a sequence of blocks, each at a 32-bit
   * boundary. A stream that stops making sense here is left to LLVM's
   * reader to reject. `pos`: bits from `base`. */
  uint64_t pos = 32, total = size * 8;
  while (total - pos >= 32) {
    uint64_t at = pos / 8, left = size - at;
    const unsigned char *w =
        src_at(s, base + at, left < HEADER_WINDOW ? (size_t)left : HEADER_WINDOW);
    if (!w)
      break;
    /* Bits from the window's start, bounded by the stream's end. */
    bits_t b = {w, 0, total - pos, 0};
    uint64_t aid = rd_fixed(&b, 2);
    if (aid != 1) /* only ENTER_SUBBLOCK is valid at the top level */
      break;
    uint64_t bid, end;
    unsigned width;
    if (rd_block_header(&b, &bid, &width, &end) != 0)
      break;
    if (bid == 13) {
      /* The whole block, from the window's start (some dozen bytes). */
      size_t n = (size_t)((end + 7) / 8);
      const unsigned char *blk = src_at(s, base + at, n);
      if (!blk) {
        *why = "is truncated";
        return -1;
      }
      bits_t bb = {blk, b.pos, end, 0};
      flyc_bc_ident_t one;
      memset(&one, 0, sizeof one);
      one.major = one.minor = one.patch = -1;
      if (rd_ident_block(&bb, width, end, &one, why) != 0) {
        if (one.found) /* a producer that is not text, escaped */
          *id = one;
        return -1;
      }
      parse_producer(&one);
      if (decides_over(&one, id))
        *id = one;
    }
    pos += end;
  }
  return 0;
}

int flyc__bitcode_ident(const void *data, size_t size, flyc_bc_ident_t *id, const char **why) {
  ident_src_t s = {data, -1, size, NULL, 0};
  return ident_walk(&s, id, why);
}

int flyc__bitcode_ident_fd(int fd, uint64_t size, flyc_bc_ident_t *id, const char **why) {
  ident_src_t s = {NULL, fd, size, NULL, 0};
  int rc = ident_walk(&s, id, why);
  free(s.buf);
  return rc;
}

/* The refusal (or FLYC_OK) for what ident_walk returned and found. */
static int producer_verdict(int walked, flyc_bc_ident_t id, const char *why, const char *what,
                            const char *name, int errcode) {
  if (walked != 0) {
    if (id.found) /* escaped, at most PRODUCER_SHOWN characters and "..." */
      return flyc__error_set(errcode,
                             "%s '%s' is bitcode whose producer string (its identification "
                             "block) is not text: '%s'; flyc cannot tell which LLVM wrote it, "
                             "so this flyc, built on LLVM %s, does not read it",
                             what, name, id.producer, flyc_llvm_version());
    return flyc__error_set(errcode,
                           "%s '%s' is malformed bitcode: its identification block (which "
                           "says which LLVM wrote it) %s",
                           what, name, why);
  }
  /* Printable, at most 63 characters kept: shown up to PRODUCER_SHOWN. */
  const char *more = strlen(id.producer) > PRODUCER_SHOWN ? "..." : "";
  if (unplaceable(&id))
    return flyc__error_set(errcode,
                           "%s '%s' is bitcode whose producer '%.*s%s' (its identification "
                           "block) has no LLVM version: flyc cannot tell which LLVM wrote it, "
                           "so this flyc, built on LLVM %s, does not read it",
                           what, name, PRODUCER_SHOWN, id.producer, more, flyc_llvm_version());
  if (id.found && id.major > flyc__llvm_major()) {
    const char *v = id.producer + 4;
    int digits = (int)strspn(v, "0123456789");
    return flyc__error_set(errcode,
                           "%s '%s' is bitcode from LLVM %.*s%s (its identification block); "
                           "this flyc is built on LLVM %s and cannot read it safely: use a "
                           "flyc built on LLVM %.*s or newer",
                           what, name, PRODUCER_SHOWN - 4, v, more, flyc_llvm_version(),
                           digits > PRODUCER_SHOWN - 4 ? PRODUCER_SHOWN - 4 : digits, v);
  }
  return FLYC_OK;
}

int flyc__check_producer(const void *data, size_t size, const char *what, const char *name,
                         int errcode) {
  flyc_bc_ident_t id;
  const char *why;
  int r = flyc__bitcode_ident(data, size, &id, &why);
  return producer_verdict(r, id, why, what, name, errcode);
}

int flyc__check_producer_fd(int fd, uint64_t size, const char *what, const char *name,
                            int errcode) {
  flyc_bc_ident_t id;
  const char *why;
  int r = flyc__bitcode_ident_fd(fd, size, &id, &why);
  return producer_verdict(r, id, why, what, name, errcode);
}
