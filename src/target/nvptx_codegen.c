/* NVPTX codegen: the kernel table from the module before emission, PTX
 * emission and the check of the text LLVM wrote. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "target/nvptx.h"

/* ---- the kernel table, from the module before codegen ---- */

static uint32_t product(const uint32_t d[3]) {
  if (!d[0] && !d[1] && !d[2])
    return 0;
  uint64_t p = (uint64_t)(d[0] ? d[0] : 1) * (d[1] ? d[1] : 1) * (d[2] ? d[2] : 1);
  return p > UINT32_MAX ? UINT32_MAX : (uint32_t)p;
}

/* 1 when `v` is used by an instruction of `fn`, directly or through
 * constant expressions (a GEP into a shared array). */
static int used_in(LLVMValueRef v, LLVMValueRef fn, int depth) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user)) {
      if (LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == fn)
        return 1;
    } else if (depth < 8 && LLVMIsAConstantExpr(user) && used_in(user, fn, depth + 1)) {
      return 1;
    }
  }
  return 0;
}

/* Bytes of static shared memory (`.shared` variables) kernel `fn` uses
 * itself, laid out in module order with their alignment. What functions it
 * calls use is not counted (flyc inlines at O1 and up). */
static uint32_t static_shared(LLVMModuleRef m, LLVMTargetDataRef td, LLVMValueRef fn,
                              uint64_t *sizes) {
  uint64_t total = 0;
  *sizes = 0; /* the sizes alone, without padding: what no layout can beat */
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != 3 || LLVMIsDeclaration(g) ||
        !used_in(g, fn, 0))
      continue;
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    uint64_t align = LLVMGetAlignment(g) ? LLVMGetAlignment(g) : LLVMABIAlignmentOfType(td, t);
    total = (total + align - 1) / align * align + LLVMABISizeOfType(td, t);
    *sizes += LLVMABISizeOfType(td, t);
  }
  return total > UINT32_MAX ? UINT32_MAX : (uint32_t)total;
}

/* ptxas's limits on what a module declares: static shared memory a kernel
 * (0xc000: more must be dynamic, `extern __shared__`, opted in at launch)
 * and constant memory (`__constant__`, address space 4) a module. Past them
 * ptxas refuses the PTX, so the load would fail far from the cause. */
#define PTX_STATIC_SHARED_MAX 49152u
#define PTX_CONSTANT_MAX 65536u

static int constant_bytes_ok(LLVMModuleRef m, LLVMTargetDataRef td) {
  uint64_t total = 0, big = 0;
  const char *bigname = "?";
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != 4 || LLVMIsDeclaration(g))
      continue;
    uint64_t size = LLVMABISizeOfType(td, LLVMGlobalGetValueType(g));
    total += size; /* without padding: what no layout can beat */
    if (size > big) {
      size_t len;
      big = size;
      bigname = LLVMGetValueName2(g, &len);
    }
  }
  if (total <= PTX_CONSTANT_MAX)
    return FLYC_OK;
  return flyc__error_set(FLYC_ECOMPILE,
                         "the module declares %llu bytes of constant memory (__constant__, "
                         "address space 4; the largest, '%s', %llu bytes); ptxas allows %u",
                         (unsigned long long)total, bigname, (unsigned long long)big,
                         PTX_CONSTANT_MAX);
}

static int kernel_table(flyc_compile_t *c, flyc_artifact_t *a) {
  a->kernels = calloc(c->kernel_count ? c->kernel_count : 1, sizeof *a->kernels);
  if (!a->kernels)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(c->tm);
  int rc = constant_bytes_ok(c->mod, td);
  for (size_t i = 0; i < c->kernel_count && rc == FLYC_OK; i++) {
    LLVMValueRef fn = LLVMGetNamedFunction(c->mod, c->kernels[i]);
    if (!fn)
      continue;
    flyc_kernel_info_t *k = &a->kernels[a->kernel_count++];
    k->size = sizeof *k;
    k->name = flyc__artifact_strdup(a, c->kernels[i]);
    k->symbol = k->name;
    k->wavefront_size = 32;
    flyc_nvptx_bounds_t nb;
    flyc__nvptx_get_bounds(c->mod, fn, &nb);
    const uint32_t *req = nb.v[FLYC_NVPTX_REQNTID], *max = nb.v[FLYC_NVPTX_MAXNTID];
    for (int d = 0; d < 3 && nb.set[FLYC_NVPTX_REQNTID]; d++)
      k->reqd_workgroup_size[d] = req[d];
    k->max_flat_workgroup_size = nb.set[FLYC_NVPTX_REQNTID]   ? product(req)
                                 : nb.set[FLYC_NVPTX_MAXNTID] ? product(max)
                                                              : 0;
    uint64_t sizes;
    k->group_segment_fixed_size = static_shared(c->mod, td, fn, &sizes);
    if (sizes > PTX_STATIC_SHARED_MAX) {
      rc = flyc__error_set(FLYC_ECOMPILE,
                           "kernel '%s' declares %llu bytes of static shared memory; ptxas "
                           "allows %u (48 KiB): declare more as dynamic shared memory "
                           "(`extern __shared__`) and opt in at launch",
                           c->kernels[i], (unsigned long long)sizes, PTX_STATIC_SHARED_MAX);
      break;
    }
    unsigned np_count = LLVMCountParams(fn);
    flyc_kernel_arg_t *args = np_count ? calloc(np_count, sizeof *args) : NULL;
    if (np_count && !args) {
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
      break;
    }
    uint32_t off = 0, maxalign = 1;
    unsigned byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
    unsigned align_kind = LLVMGetEnumAttributeKindForName("align", 5);
    for (unsigned j = 0; j < np_count; j++) {
      LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, j));
      /* A struct passed by value (`ptr byval(%T) align A`) is its bytes in
       * the parameter space, `.param .align A .b8 name[sizeof T]`. */
      LLVMAttributeRef bv = LLVMGetEnumAttributeAtIndex(fn, j + 1, byval_kind);
      LLVMTypeRef vt = bv ? LLVMGetTypeAttributeValue(bv) : NULL;
      int byval = vt != NULL;
      if (byval)
        t = vt;
      uint32_t size = (uint32_t)LLVMABISizeOfType(td, t);
      uint32_t align = LLVMABIAlignmentOfType(td, t);
      LLVMAttributeRef al = byval ? LLVMGetEnumAttributeAtIndex(fn, j + 1, align_kind) : NULL;
      if (al && LLVMGetEnumAttributeValue(al) > align && LLVMGetEnumAttributeValue(al) <= 4096)
        align = (uint32_t)LLVMGetEnumAttributeValue(al);
      if (align > maxalign)
        maxalign = align;
      off = (off + align - 1) / align * align;
      size_t nlen;
      const char *pname = LLVMGetValueName2(LLVMGetParam(fn, j), &nlen);
      int isptr = !byval && LLVMGetTypeKind(t) == LLVMPointerTypeKind;
      args[j].name = flyc__artifact_strdup(a, pname);
      args[j].value_kind = isptr ? "global_buffer" : "by_value";
      args[j].address_space = isptr ? "global" : "";
      args[j].offset = off;
      args[j].size = size;
      off += size;
    }
    k->args = args;
    k->arg_count = np_count;
    k->kernarg_segment_size = off;
    k->kernarg_segment_align = maxalign;
    if (!k->name)
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  LLVMDisposeTargetData(td);
  return rc;
}

/* Removes ", debug" from the `.target` directive (see FLYC_COMPILE_DEBUG_INFO)
 * in place; returns 1 when it was there. The directive is the first line that
 * starts with ".target" (PTX ISA: one per module, after .version). */
static int drop_debug_target(char *ptx, size_t *size) {
  char *t = strstr(ptx, "\n.target ");
  if (!t)
    return 0;
  char *eol = strchr(t + 1, '\n');
  if (!eol)
    eol = ptx + *size;
  static const char word[] = ", debug";
  size_t wl = sizeof word - 1;
  char *d = memmem(t, (size_t)(eol - t), word, wl);
  if (!d)
    return 0;
  memmove(d, d + wl, (size_t)(ptx + *size - (d + wl)) + 1);
  *size -= wl;
  return 1;
}

/* Checks that the PTX says what was asked for. */
static int check_ptx(flyc_compile_t *c, const char *ptx) {
  char want[32];
  snprintf(want, sizeof want, ".target %s", c->target.proc->name);
  if (!strstr(ptx, want))
    return flyc__error_set(FLYC_ECOMPILE, "the PTX lacks '%s'", want);
  snprintf(want, sizeof want, ".version %u.%u", c->target.ptx_version / 10,
           c->target.ptx_version % 10);
  if (!strstr(ptx, want))
    return flyc__error_set(FLYC_ECOMPILE, "the PTX lacks '%s'", want);
  for (size_t i = 0; i < c->kernel_count; i++) {
    size_t el = strlen(c->kernels[i]) + 9;
    char *entry = malloc(el);
    if (!entry)
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    snprintf(entry, el, ".entry %s(", c->kernels[i]);
    int found = strstr(ptx, entry) != NULL;
    free(entry);
    if (!found)
      return flyc__error_set(FLYC_ECOMPILE, "the PTX has no '.entry %s'", c->kernels[i]);
  }
  return FLYC_OK;
}

/* A singlethread fence orders nothing on the GPU and goes (LLVM 22's NVPTX
 * backend aborts on one: "Unsupported scope Thread"). Where the backend
 * cannot select `fence` at all (flyc__llvm_nvptx_fence), each other one
 * becomes llvm.nvvm.membar.sys (PTX membar.sys = fence.sc.sys: at least as
 * strong as any ordering at system scope). Other scopes were refused by the
 * IR check. */
static int lower_fences(flyc_compile_t *c, int all) {
  LLVMContextRef ctx = LLVMGetModuleContext(c->mod);
  LLVMTypeRef vt = LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, 0);
  LLVMValueRef membar = NULL;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  if (!b)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
        next = LLVMGetNextInstruction(i);
        if (LLVMGetInstructionOpcode(i) != LLVMFence)
          continue;
        char *s = LLVMPrintValueToString(i);
        int single = s && strstr(s, "syncscope(\"singlethread\")");
        LLVMDisposeMessage(s);
        if (!single && !all)
          continue;
        if (!single) {
          if (!membar && !(membar = LLVMGetNamedFunction(c->mod, "llvm.nvvm.membar.sys")))
            membar = LLVMAddFunction(c->mod, "llvm.nvvm.membar.sys", vt);
          LLVMPositionBuilderBefore(b, i);
          LLVMBuildCall2(b, vt, membar, NULL, 0, "");
        }
        LLVMInstructionEraseFromParent(i);
      }
  LLVMDisposeBuilder(b);
  return FLYC_OK;
}

/* 1 when `name` is a PTX identifier once LLVM has cleaned it: letters,
 * digits, '_' and '$', not starting with a digit ('_' or '$' alone is none);
 * a local symbol's '.' LLVM writes as "_$_". Others end LLVM with "Symbol
 * name with unsupported characters" (a process exit) or give PTX that
 * ptxas refuses ('.', a leading digit). */
static int ptx_name_ok(const char *name, size_t n, int local) {
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)name[i];
    int alnum = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
    if (!(alnum || ch == '_' || ch == '$' || (local && ch == '.')) ||
        (i == 0 && ch >= '0' && ch <= '9'))
      return 0;
  }
  return n != 1 || (name[0] != '_' && name[0] != '$');
}

/* Every symbol the PTX will name: kernels, functions, globals (unnamed
 * ones get LLVM's own names; intrinsics and unused declarations are not
 * written). FLYC_EIR naming the symbol and where it came from. */
static int ptx_names_ok(flyc_compile_t *c) {
  for (int pass = 0; pass < 2; pass++)
    for (LLVMValueRef g = pass ? LLVMGetFirstGlobal(c->mod) : LLVMGetFirstFunction(c->mod); g;
         g = pass ? LLVMGetNextGlobal(g) : LLVMGetNextFunction(g)) {
      size_t n;
      const char *name = LLVMGetValueName2(g, &n);
      LLVMLinkage l = LLVMGetLinkage(g);
      if (!n || (!pass && LLVMGetIntrinsicID(g)) || (n > 5 && !memcmp(name, "llvm.", 5)) ||
          (LLVMIsDeclaration(g) && !LLVMGetFirstUse(g)) ||
          ptx_name_ok(name, n, l == LLVMInternalLinkage || l == LLVMPrivateLinkage))
        continue;
      const char *o = flyc__origin_of(c, name);
      return flyc__error_set(FLYC_EIR,
                             "%s '%.*s'%s%s%s is no PTX identifier (letters, digits, '_' "
                             "and '$', not starting with a digit; '.' too in an internal "
                             "one): rename it",
                             pass ? "global" : "function", (int)n, name, o ? " (from '" : "",
                             o ? o : "", o ? "')" : "");
    }
  return FLYC_OK;
}

int flyc__nvptx_codegen(flyc_compile_t *c) {
  c->codegen = FLYC_CODEGEN_PTX;
  int rc = lower_fences(c, !flyc__llvm_nvptx_fence());
  if (rc)
    return rc;
  flyc_artifact_t *a = c->artifact = flyc__artifact_new();
  if (!a)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  rc = kernel_table(c, a);
  if (rc || (rc = ptx_names_ok(c)))
    return rc;
  uint64_t t0 = flyc__now_us();
  char *msg = NULL;
  LLVMMemoryBufferRef mb = NULL;
  size_t before = c->diag.len;
  flyc__llvm_options_read_begin();
  LLVMBool failed =
      LLVMTargetMachineEmitToMemoryBuffer(c->tm, c->mod, LLVMAssemblyFile, &msg, &mb);
  flyc__llvm_options_read_end();
  if (failed || c->diag.len > before || !mb) {
    rc = flyc__error_set(FLYC_ECOMPILE, "PTX generation for %s failed: %s%s%s",
                         c->target.id, msg ? msg : "",
                         msg && c->diag.len > before ? "; " : "",
                         c->diag.len > before ? c->diag.data + before : "");
  } else {
    size_t n = LLVMGetBufferSize(mb);
    const char *s = LLVMGetBufferStart(mb);
    while (n && s[n - 1] == '\0')
      n--;
    if (!(a->code = malloc(n + 1)))
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
    else {
      memcpy(a->code, s, n);
      ((char *)a->code)[n] = '\0';
      a->code_size = n;
    }
  }
  LLVMDisposeMessage(msg);
  if (mb)
    LLVMDisposeMemoryBuffer(mb);
  uint64_t t1 = flyc__now_us();
  c->times.codegen_us = t1 - t0;
  if (rc)
    return rc;
  if (!(c->opts.flags & FLYC_COMPILE_DEBUG_INFO) && drop_debug_target(a->code, &a->code_size))
    flyc__buf_printf(&c->log, "note: the IR asks for line tables or full debug info, which "
                              "makes LLVM write '.target %s, debug' and ptxas compile without "
                              "optimization; flyc removed ', debug' (line info kept; "
                              "FLYC_COMPILE_DEBUG_INFO / -g keeps it)\n",
                     c->target.proc->name);
  char *code = a->code;
  if ((rc = flyc__nvptx_param_names(c, &code, &a->code_size)))
    return rc;
  a->code = code;
  for (size_t i = 0; i < a->kernel_count; i++)
    a->kernels[i].private_segment_fixed_size =
        flyc__ptx_kernel_local(a->code, a->code_size, a->kernels[i].name);
  a->format = FLYC_CODE_PTX;
  a->codegen = FLYC_CODEGEN_PTX;
  a->code_object_version = (int)c->target.ptx_version;
  if (!(a->target = strdup(c->target.id)))
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  rc = check_ptx(c, a->code);
  c->times.check_us = flyc__now_us() - t1;
  return rc;
}
