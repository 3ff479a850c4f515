/* Kernel definitions: the checks of what a definition declares (block
 * size, constexprs, parameters) and the identity of a specialisation
 * (flyc/kernel.h). */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>

#include "builder.h"

/* ---- definitions ---- */

int flyc__def_check_block(const flyc_kernel_def_t *d, uint32_t block[3]) {
  block[0] = block[1] = block[2] = 0;
  const char *what = "known_block_size";
  for (int i = 0; d->known_block_size && i < 3; i++) {
    uint32_t v = d->known_block_size[i];
    if (v == 0 || v > MAX_BLOCK)
      return flyc__error_set(FLYC_EINVAL,
                             "known_block_size[%d] = %u (%c) must be a positive integer of at "
                             "most %d",
                             i, v, "xyz"[i], MAX_BLOCK);
    block[i] = v;
  }
  if (d->launch_block) {
    /* FlyDSL (PR #965): a static launch block is the known block size when
     * none is declared, and must match a declared one. */
    for (int i = 0; i < 3; i++) {
      uint32_t v = d->launch_block[i] ? d->launch_block[i] : 1;
      if (v > MAX_BLOCK)
        return flyc__error_set(FLYC_EINVAL,
                               "launch_block[%d] = %u (%c): a block has at most %d threads", i,
                               v, "xyz"[i], MAX_BLOCK);
      if (block[i] && block[i] != v)
        return flyc__error_set(FLYC_EINVAL,
                               "the launch block %c is %u but known_block_size %c is %u "
                               "(a launch that differs is undefined behaviour on AMDGPU)",
                               "xyz"[i], v, "xyz"[i], block[i]);
    }
    if (!block[0]) {
      what = "the launch block";
      for (int i = 0; i < 3; i++)
        block[i] = d->launch_block[i] ? d->launch_block[i] : 1;
    }
  }
  uint64_t p = (uint64_t)block[0] * block[1] * block[2];
  if (p > MAX_BLOCK)
    return flyc__error_set(FLYC_EINVAL,
                           "%s %u x %u x %u = %llu threads exceeds the %d a block can have",
                           what, block[0], block[1], block[2], (unsigned long long)p, MAX_BLOCK);
  return FLYC_OK;
}

int flyc__def_check_constexprs(const flyc_kernel_def_t *d) {
  if (d->constexpr_count && !d->constexprs)
    return flyc__error_set(FLYC_EINVAL, "%zu constexprs but constexprs is NULL",
                           d->constexpr_count);
  if (d->constexpr_count > 1024)
    return flyc__error_set(FLYC_EINVAL, "%zu constexprs (at most 1024)", d->constexpr_count);
  for (size_t i = 0; i < d->constexpr_count; i++) {
    const flyc_constexpr_t *x = &d->constexprs[i];
    size_t n = x->name ? strlen(x->name) : 0;
    int ok = n >= 1 && n <= 64 && !(x->name[0] >= '0' && x->name[0] <= '9');
    for (size_t j = 0; ok && j < n; j++) {
      char ch = x->name[j];
      ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '_';
    }
    if (!ok)
      return flyc__error_set(FLYC_EINVAL,
                             "constexpr %zu: name '%.64s' is not 1 to 64 letters, digits or '_' "
                             "(not starting with a digit)",
                             i, x->name ? x->name : "(null)");
    if (x->kind != FLYC_CONSTEXPR_INT && x->kind != FLYC_CONSTEXPR_FLOAT)
      return flyc__error_set(FLYC_EINVAL, "constexpr '%s': unknown kind %d", x->name,
                             (int)x->kind);
    for (size_t j = 0; j < i; j++)
      if (strcmp(d->constexprs[j].name, x->name) == 0)
        return flyc__error_set(FLYC_EINVAL, "constexpr '%s' is given twice (%zu and %zu)",
                               x->name, j, i);
  }
  return FLYC_OK;
}

/* ---- specialisations ---- */

static void key_bytes(flyc_buf_t *k, const void *p, size_t n) { flyc__buf_append(k, p, n); }
static void key_str(flyc_buf_t *k, const char *s) {
  if (s)
    key_bytes(k, s, strlen(s) + 1);
  else
    key_bytes(k, "\xff", 1);
}

/* What identifies a specialisation: the definition (name or base, body,
 * payload address, parameters), its constexpr values, block size and hints. */
void flyc__def_spec_key(flyc_buf_t *k, const flyc_kernel_def_t *d, const uint32_t block[3],
                        const flyc_compile_hints_t *h) {
  key_str(k, d->name);
  key_str(k, d->name ? NULL : d->base);
  key_bytes(k, &d->body, sizeof d->body);
  key_bytes(k, &d->payload, sizeof d->payload);
  key_bytes(k, &d->param_count, sizeof d->param_count);
  for (size_t i = 0; i < d->param_count; i++) {
    const flyc_param_t *p = &d->params[i];
    uint32_t v[5] = {(uint32_t)p->kind, p->bits, p->addrspace, p->align, p->noalias != 0};
    key_bytes(k, v, sizeof v);
    key_str(k, p->name);
    key_str(k, p->elem);
  }
  key_bytes(k, &d->constexpr_count, sizeof d->constexpr_count);
  for (size_t i = 0; i < d->constexpr_count; i++) {
    const flyc_constexpr_t *x = &d->constexprs[i];
    key_str(k, x->name);
    key_bytes(k, &x->kind, sizeof x->kind);
    if (x->kind == FLYC_CONSTEXPR_INT)
      key_bytes(k, &x->i, sizeof x->i);
    else
      key_bytes(k, &x->f, sizeof x->f); /* bits: -0.0 and 0.0 differ */
  }
  key_bytes(k, block, 3 * sizeof *block);
  key_bytes(k, h, sizeof *h);
}

int flyc__def_param_type(LLVMContextRef lc, const flyc_param_t *p, size_t i,
                         LLVMTypeRef *t) {
  if (p->elem && (p->kind != FLYC_PARAM_PTR || !flyc__kb_elem_type(lc, p->elem)))
    return flyc__error_set(FLYC_EINVAL,
                           p->kind != FLYC_PARAM_PTR
                               ? "parameter %zu ('%s'): elem is for a pointer; this one is not"
                               : "parameter %zu ('%s'): elem \"%.16s\" is not i8, i16, i32, "
                                 "i64, f16, f32 or f64",
                           i, p->name ? p->name : "", p->elem);
  switch (p->kind) {
  case FLYC_PARAM_PTR:
    /* Generic/flat, global, shared/LDS, constant: the same numbers on both
     * families; private (AMDGPU 5, NVPTX 5 local) is per thread. */
    if (p->addrspace != 0 && p->addrspace != 1 && p->addrspace != 3 && p->addrspace != 4)
      return flyc__error_set(FLYC_EINVAL,
                             "parameter %zu ('%s'): address space %u is not one a kernel "
                             "pointer can have (0 generic, 1 global, 3 shared, 4 constant)",
                             i, p->name ? p->name : "", p->addrspace);
    if (p->align & (p->align - 1))
      return flyc__error_set(FLYC_EINVAL, "parameter %zu: align %u is not a power of two", i,
                             p->align);
    *t = LLVMPointerTypeInContext(lc, p->addrspace);
    return FLYC_OK;
  case FLYC_PARAM_TENSOR_MAP:
    if (p->bits || p->addrspace || p->align || p->noalias)
      return flyc__error_set(FLYC_EINVAL, "parameter %zu ('%s'): a tensor map has no bits, "
                             "addrspace, align or noalias (it is 128 bytes, 64-byte aligned)",
                             i, p->name ? p->name : "");
    *t = LLVMPointerTypeInContext(lc, 0); /* byval: declare_kernel (emit.c) */
    return FLYC_OK;
  case FLYC_PARAM_INT:
    if (p->bits != 1 && p->bits != 8 && p->bits != 16 && p->bits != 32 && p->bits != 64)
      break;
    *t = LLVMIntTypeInContext(lc, p->bits);
    return FLYC_OK;
  case FLYC_PARAM_FLOAT:
    if (p->bits == 16)
      *t = LLVMHalfTypeInContext(lc);
    else if (p->bits == 32)
      *t = LLVMFloatTypeInContext(lc);
    else if (p->bits == 64)
      *t = LLVMDoubleTypeInContext(lc);
    else
      break;
    return FLYC_OK;
  default:
    return flyc__error_set(FLYC_EINVAL, "parameter %zu ('%s'): unknown kind %d", i,
                           p->name ? p->name : "", (int)p->kind);
  }
  return flyc__error_set(FLYC_EINVAL, "parameter %zu ('%s'): %u bits is not a %s width", i,
                         p->name ? p->name : "", p->bits,
                         p->kind == FLYC_PARAM_INT ? "kernel integer (1, 8, 16, 32, 64)"
                                                   : "kernel float (16, 32, 64)");
}
