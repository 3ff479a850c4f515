/* PTX text read back (flyc_artifact_read): the target and PTX ISA version
 * from its directives, and each `.entry`'s parameters, launch bounds and
 * static shared memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static uint32_t ptx_type_size(const char *t, size_t n) {
  if (n < 3 || t[0] != '.')
    return 0;
  int bits = atoi(t + 2);
  if (t[1] == 'u' || t[1] == 's' || t[1] == 'b' || t[1] == 'f')
    return bits > 0 ? (uint32_t)bits / 8 : 0;
  return 0;
}

/* 1 when `s` starts with directive `d` (".ptr") followed by a blank. */
static int directive(const char *s, const char *d) {
  size_t n = strlen(d);
  return strncmp(s, d, n) == 0 && (s[n] == ' ' || s[n] == '\t');
}

static const char *skip_blanks(const char *s) {
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

/* The end of the body that starts at `open` ('{'): just past its matching
 * '}' (call sequences nest `{ }` blocks), skipping comments; `limit` when
 * the text ends first. */
static const char *body_end(const char *open, const char *limit) {
  int depth = 0;
  for (const char *s = open; s < limit; s++) {
    if (s[0] == '/' && s + 1 < limit && s[1] == '/') {
      const char *nl = memchr(s, '\n', (size_t)(limit - s));
      if (!nl)
        return limit;
      s = nl;
    } else if (s[0] == '/' && s + 1 < limit && s[1] == '*') {
      const char *e = memmem(s + 2, (size_t)(limit - s - 2), "*/", 2);
      if (!e)
        return limit;
      s = e + 1;
    } else if (*s == '{') {
      depth++;
    } else if (*s == '}' && --depth == 0) {
      return s + 1;
    }
  }
  return limit;
}

/* Bytes of the `.shared` (or, with `space` ".local", the `.local`: LLVM's
 * `__local_depotN`, the kernel's own stack frame) variables declared inside
 * a kernel's body, laid out
 * in order with their alignment as kernel_table's static_shared() does for
 * the IR. LLVM's NVPTX printer writes a shared global that only one kernel
 * uses there ("demoted variable": `.shared .align 4 .b8 t[4224];`). A
 * module-scope `.shared` cannot be attributed to a kernel from the text
 * alone (which kernels use it would need the instructions' operands): it is
 * left out, so the count is a lower bound for such kernels. `.extern .shared`
 * (dynamic shared memory) has no static size. */
static uint32_t body_space(const char *body, const char *end, const char *space) {
  uint64_t total = 0;
  size_t sl = strlen(space);
  for (const char *line = body; line && line < end;) {
    const char *nl = memchr(line, '\n', (size_t)(end - line));
    const char *s = skip_blanks(line);
    line = nl ? nl + 1 : NULL;
    if (*s == '{')
      s = skip_blanks(s + 1);
    if (!directive(s, space))
      continue;
    s = skip_blanks(s + sl);
    uint64_t align = 0, vec = 1;
    if (directive(s, ".align")) {
      char *e;
      align = strtoull(s + 6, &e, 10);
      s = skip_blanks(e);
    }
    if (directive(s, ".v2") || directive(s, ".v4") || directive(s, ".v8")) {
      vec = (uint64_t)(s[2] - '0');
      s = skip_blanks(s + 3);
    }
    size_t tl = strcspn(s, " \t");
    uint64_t elem = ptx_type_size(s, tl) * vec, size = elem;
    if (!elem)
      continue;
    s = skip_blanks(s + tl);
    s += strcspn(s, "[;\n");
    while (*s == '[' && size) {
      char *e;
      unsigned long long n = strtoull(s + 1, &e, 10);
      if (*e != ']')
        size = 0; /* `[]`: no static size */
      else
        size = n && size > UINT32_MAX / n ? UINT32_MAX : size * n;
      s = e + (*e == ']');
    }
    if (!align)
      align = elem;
    if (align > 4096)
      align = 4096;
    total = (total + align - 1) / align * align + size;
    if (total > UINT32_MAX)
      return UINT32_MAX;
  }
  return (uint32_t)total;
}

/* The parameters of an `.entry` whose list is [open, close): `.param .u64
 * name` or `.param .align A .b8 name[N]`, each at its alignment. */
static int read_params(flyc_artifact_t *a, flyc_kernel_info_t *k, const char *open,
                       const char *close) {
  flyc_kernel_arg_t *args = NULL;
  size_t na = 0;
  uint32_t off = 0, maxalign = 1;
  for (const char *q = open; q < close && (q = memmem(q, (size_t)(close - q), ".param", 6));
       q += 6) {
    const char *r = q + 6;
    while (*r == ' ' || *r == '\t')
      r++;
    uint32_t align = 0;
    uint64_t sz;
    if (strncmp(r, ".align", 6) == 0) {
      unsigned long al = strtoul(r + 6, (char **)&r, 10);
      align = al > 4096 ? 4096 : (uint32_t)al;
      while (*r == ' ')
        r++;
    }
    size_t tl = strcspn(r, " \t");
    sz = ptx_type_size(r, tl);
    const char *name = skip_blanks(r + tl);
    /* LLVM 21+ marks pointers: `.param .u64 .ptr [.global|.shared|.const|
     * .local] [.align N] name`. The state space and pointee alignment
     * describe what it points to; the parameter is still the .u64. */
    const char *space = "";
    if (directive(name, ".ptr")) {
      name = skip_blanks(name + 4);
      static const char *const spaces[] = {".global", ".shared", ".const", ".local"};
      for (size_t si = 0; si < sizeof spaces / sizeof *spaces; si++)
        if (directive(name, spaces[si])) {
          space = spaces[si] + 1;
          name = skip_blanks(name + strlen(spaces[si]));
          break;
        }
      if (directive(name, ".align")) {
        name += 6;
        while (*name == ' ' || *name == '\t' || (*name >= '0' && *name <= '9'))
          name++;
      }
    }
    size_t nl = strcspn(name, "[,) \t\n");
    if (name[nl] == '[') {
      unsigned long long cnt = strtoull(name + nl + 1, NULL, 10);
      sz = cnt > (1ull << 32) ? UINT32_MAX : sz * cnt;
    }
    if (sz > UINT32_MAX)
      sz = UINT32_MAX;
    if (!align)
      align = sz ? (sz > 4096 ? 4096 : (uint32_t)sz) : 1;
    if (align > maxalign)
      maxalign = align;
    off = (off + align - 1) / align * align;
    flyc_kernel_arg_t *na2 = realloc(args, (na + 1) * sizeof *na2);
    if (!na2) {
      free(args);
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    }
    args = na2;
    args[na].name = flyc__artifact_strndup(a, name, nl);
    /* Only `.ptr .global` says it is a buffer; a generic `.ptr` may point
     * anywhere, so it stays "by_value" like an unmarked .u64. */
    int global = strcmp(space, "global") == 0;
    args[na].value_kind = global ? "global_buffer" : "by_value";
    args[na].address_space = global ? "global" : "";
    args[na].offset = off;
    args[na].size = (uint32_t)sz;
    off = off + sz > UINT32_MAX ? UINT32_MAX : off + (uint32_t)sz;
    na++;
  }
  k->args = args;
  k->arg_count = na;
  k->kernarg_segment_size = off;
  k->kernarg_segment_align = maxalign;
  return FLYC_OK;
}

/* Launch bounds: the directives between the parameter list's ')' at `close`
 * and the body at `body`. */
static void read_bounds(flyc_kernel_info_t *k, const char *close, const char *body) {
  size_t hl = body ? (size_t)(body - close) : 0;
  const char *d = body ? memmem(close, hl, ".reqntid", 8) : NULL;
  if (d) {
    unsigned x = 1, y = 1, z = 1;
    if (sscanf(d + 8, " %u , %u , %u", &x, &y, &z) >= 1) {
      k->reqd_workgroup_size[0] = x;
      k->reqd_workgroup_size[1] = y;
      k->reqd_workgroup_size[2] = z;
      uint64_t prod = (uint64_t)x * y * z;
      k->max_flat_workgroup_size = prod > UINT32_MAX ? UINT32_MAX : (uint32_t)prod;
    }
  }
  d = body ? memmem(close, hl, ".maxntid", 8) : NULL;
  if (d && !k->max_flat_workgroup_size) {
    unsigned x = 1, y = 1, z = 1;
    if (sscanf(d + 8, " %u , %u , %u", &x, &y, &z) >= 1) {
      uint64_t prod = (uint64_t)x * y * z;
      k->max_flat_workgroup_size = prod > UINT32_MAX ? UINT32_MAX : (uint32_t)prod;
    }
  }
}

/* The kernels (`.entry` definitions) of PTX text `ptx`. */
static int metadata_from_text(flyc_artifact_t *a, const char *ptx, size_t size) {
  const char *limit = ptx + size;
  const char *p = ptx;
  size_t cap = 0;
  while ((p = strstr(p, ".entry "))) {
    p += 7;
    size_t nlen = strcspn(p, "( \t\n");
    if (!nlen)
      continue;
    const char *ename = p;
    p += nlen;
    /* The parameter list starts on this line; its ')' ends it. A ';' before
     * the body's '{' makes this a declaration (.extern .entry), not a kernel. */
    const char *open = p + strspn(p, " \t\r\n"), *close, *body;
    if (*open == '{') { /* no parameter list */
      close = body = open;
    } else if (*open == '(') {
      if (!(close = strchr(open, ')')))
        break;
      body = close + 1 + strcspn(close + 1, "{;");
      if (*body != '{')
        continue; /* a declaration */
    } else {
      continue;
    }
    if (a->kernel_count == cap) {
      cap = cap ? cap * 2 : 8;
      flyc_kernel_info_t *nk = realloc(a->kernels, cap * sizeof *nk);
      if (!nk)
        return flyc__error_set(FLYC_ENOMEM, "out of memory");
      a->kernels = nk;
    }
    flyc_kernel_info_t *k = &a->kernels[a->kernel_count++];
    memset(k, 0, sizeof *k);
    k->size = sizeof *k;
    k->name = flyc__artifact_strndup(a, ename, nlen);
    k->symbol = k->name;
    k->wavefront_size = 32;
    if (!k->name)
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    p = body;
    int rc = read_params(a, k, open, close);
    if (rc)
      return rc;
    if (*body == '{') {
      const char *end = body_end(body, limit);
      k->group_segment_fixed_size = body_space(body, end, ".shared");
      k->private_segment_fixed_size = body_space(body, end, ".local");
    }
    read_bounds(k, close, body);
  }
  return FLYC_OK;
}

int flyc__ptx_read(flyc_artifact_t *a, const char *text, size_t size) {
  const char *t = strstr(text, ".target ");
  const char *v = strstr(text, ".version ");
  if (!t || !v)
    return flyc__error_set(FLYC_ECOMPILE,
                           "the PTX text has no '.version' or '.target' directive");
  char sm[16] = {0};
  unsigned maj = 0, min = 0;
  if (sscanf(t + 8, "%15[a-z0-9_]", sm) != 1 || sscanf(v + 9, "%u.%u", &maj, &min) != 2 ||
      maj > 99 || min > 9 || strncmp(sm, "sm_", 3) != 0)
    return flyc__error_set(FLYC_ECOMPILE, "unreadable '.version' or '.target' in the PTX");
  a->format = FLYC_CODE_PTX;
  a->codegen = FLYC_CODEGEN_PTX;
  a->code_object_version = (int)(maj * 10 + min);
  if (!(a->target = strdup(sm)))
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  return metadata_from_text(a, text, size);
}

uint32_t flyc__ptx_kernel_local(const char *ptx, size_t size, const char *name) {
  const char *limit = ptx + size;
  size_t nl = strlen(name);
  for (const char *p = ptx; (p = strstr(p, ".entry ")); p += 7) {
    const char *q = skip_blanks(p + 7);
    if (strncmp(q, name, nl) != 0 || (q[nl] != '(' && q[nl] != ' ' && q[nl] != '\n'))
      continue;
    const char *body = q + nl + strcspn(q + nl, "{;");
    if (*body != '{')
      return 0;
    return body_space(body, body_end(body, limit), ".local");
  }
  return 0;
}
