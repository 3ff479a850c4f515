/* Golden comparison of the warp collectives and scoped atomics
 * (flyc/builder.h) with the same kernels in HIP and CUDA compiled by
 * clang-22 (tests/fixtures/collectives/: warp.hip, warp.cu, the outputs
 * warp.gfx942.s and warp.sm_90.ptx and gen.sh, the command that made them;
 * ctest needs no clang).
 *
 * For each kernel, the instructions that carry the lowering's meaning are
 * compared as a set, ours against clang's:
 *   gfx942: ds_* (ds_bpermute_b32, ds_swizzle_b32 with its pattern),
 *     v_mbcnt_*, *_dpp with its quad_perm, the ballot's v_cmp_*_e64 into an
 *     SGPR pair, s_and_saveexec_b64, global_/flat_atomic_* and the cache
 *     maintenance of the scope (buffer_wbl2, buffer_inv), each with its
 *     scope bits (sc0, sc1, nt);
 *   sm_90: shfl.*, vote.*, atom.*, membar.* and fence.*, with their literal
 *     operands (the shfl clamp 31 / 0 and the full mask -1), registers
 *     blanked.
 * A target this LLVM does not know (LLVM 15: gfx942, sm_90) is skipped. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "util.h"

#define GOLDEN_DIR FLYC_COLLECTIVES_DIR

static int strcmp_ptr(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

enum {
  K_IDX, K_UP, K_DOWN, K_XOR, K_BALLOT, K_REDUCE, K_ADD_AGENT, K_ADD_WG, K_ADD_SYS, K_MAX_AGENT,
  K_CAS, NK
};
static const char *const names[NK] = {
    "k_shfl_idx",         "k_shfl_up",  "k_shfl_down",
    "k_shfl_xor",         "k_ballot",   "k_reduce_sum",
    "k_atomic_add_agent", "k_atomic_add_workgroup", "k_atomic_add_system_seq_cst",
    "k_atomic_max_agent_acq_rel", "k_atomic_cas_agent"};

typedef struct {
  int which;
} spec_t;

/* The kernels of warp.hip / warp.cu, through the builder. */
static int body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args, void *payload) {
  int w = ((spec_t *)payload)->which;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc), f32 = LLVMFloatTypeInContext(lc);
  LLVMValueRef tid = flyc_kb_thread_idx(kb, 0), one = LLVMConstInt(i32, 1, 0), r = NULL;
  LLVMTypeRef et = w == K_BALLOT ? LLVMInt64TypeInContext(lc) : w == K_REDUCE ? f32 : i32;
  if (w <= K_XOR) {
    static const flyc_shuffle_kind_t kinds[] = {FLYC_SHUFFLE_IDX, FLYC_SHUFFLE_UP,
                                                FLYC_SHUFFLE_DOWN, FLYC_SHUFFLE_XOR};
    r = flyc_kb_shuffle(kb, kinds[w], LLVMBuildAdd(b, args[1], tid, ""),
                        w == K_IDX ? args[2] : one, 0);
  } else if (w == K_BALLOT) {
    r = flyc_kb_ballot(kb, LLVMBuildICmp(b, LLVMIntSGT, args[1], tid, ""));
  } else if (w == K_REDUCE) {
    LLVMValueRef v = LLVMBuildFAdd(b, args[1], LLVMBuildSIToFP(b, tid, f32, ""), "");
    r = flyc_kb_warp_reduce(kb, FLYC_REDUCE_SUM, v, 0);
  } else if (w == K_CAS) {
    flyc_kb_atomic_cas(kb, args[0], args[1], args[2], FLYC_ORDER_RELAXED, FLYC_SCOPE_AGENT);
  } else {
    static const flyc_memory_scope_t sc[] = {FLYC_SCOPE_AGENT, FLYC_SCOPE_WORKGROUP,
                                             FLYC_SCOPE_SYSTEM, FLYC_SCOPE_AGENT};
    static const flyc_memory_order_t ord[] = {FLYC_ORDER_RELAXED, FLYC_ORDER_RELAXED,
                                              FLYC_ORDER_SEQ_CST, FLYC_ORDER_ACQ_REL};
    flyc_atomic_op_t op = w == K_MAX_AGENT ? FLYC_ATOMIC_MAX : FLYC_ATOMIC_ADD;
    flyc_kb_atomic_rmw(kb, op, args[0], args[1], ord[w - K_ADD_AGENT], sc[w - K_ADD_AGENT]);
  }
  if (r) {
    LLVMValueRef p = LLVMBuildGEP2(b, et, args[0], &tid, 1, "");
    LLVMBuildStore(b, r, p);
  }
  LLVMBuildRetVoid(b);
  return 0;
}

/* Builds every kernel for `target`; NULL (the test skipped) when this LLVM
 * does not know it. */
static flyc_artifact_t *build(const char *target) {
  flyc_ctx_t *ctx = NULL;
  int rc = flyc_ctx_create(&ctx, target);
  if (rc == FLYC_EUNSUPPORTED) {
    print_message("skipped: LLVM %s does not know %s\n", flyc_llvm_version(), target);
    return NULL;
  }
  assert_ok(rc);
  static spec_t specs[NK];
  for (int k = 0; k < NK; k++) {
    specs[k].which = k;
    flyc_param_t ps[3] = {FLYC_PARAM_INIT, FLYC_PARAM_INIT, FLYC_PARAM_INIT};
    ps[0].kind = FLYC_PARAM_PTR; /* generic, as HIP's and CUDA's int * */
    ps[1].kind = k == K_REDUCE ? FLYC_PARAM_FLOAT : FLYC_PARAM_INT;
    ps[1].bits = ps[2].bits = 32;
    ps[2].kind = FLYC_PARAM_INT;
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = names[k];
    d.params = ps;
    d.param_count = k == K_IDX || k == K_CAS ? 3 : 2;
    d.body = body;
    d.payload = &specs[k];
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
  }
  flyc_artifact_t *a = NULL;
  rc = flyc_ctx_compile(ctx, NULL, &a);
  if (rc)
    print_error("%s\n", flyc_error_last()->message);
  assert_ok(rc);
  flyc_ctx_destroy(ctx);
  return a;
}

/* One significant instruction, normalized, of a line; 0 when the line has
 * none. */
static int significant(const char *line, int amd, char *out, size_t size) {
  while (*line == ' ' || *line == '\t')
    line++;
  const char *const amd_keep[] = {"ds_", "v_mbcnt", "s_and_saveexec", "global_atomic",
                                  "flat_atomic", "buffer_wbl2", "buffer_inv", NULL};
  const char *const ptx_keep[] = {"shfl.", "vote.", "atom.", "membar.", "fence.", NULL};
  size_t mlen = strcspn(line, " \t\n;");
  int keep = 0;
  for (const char *const *k = amd ? amd_keep : ptx_keep; *k && !keep; k++)
    keep = strncmp(line, *k, strlen(*k)) == 0;
  if (amd && !keep && strncmp(line, "v_cmp_", 6) == 0 && mlen > 4 &&
      strncmp(line + mlen - 4, "_e64", 4) == 0)
    keep = 1; /* the ballot's compare into an SGPR pair */
  if (amd && !keep && mlen > 4 && strncmp(line + mlen - 4, "_dpp", 4) == 0)
    keep = 1; /* a reduction step's DPP move (or the op it was folded into) */
  if (!keep)
    return 0;
  size_t n = 0;
  for (const char *p = line; *p && *p != '\n' && *p != ';' && strncmp(p, "//", 2) != 0 &&
                             n + 2 < size;) {
    if (p - line < (long)mlen || !amd) {
      if (*p == '%') { /* a PTX register: blanked */
        out[n++] = '_';
        for (p++; *p && (isalnum((unsigned char)*p) || *p == '_'); p++)
          ;
        continue;
      }
      if (*p == ' ' || *p == '\t') { /* blanks: one space (LLVMs differ) */
        out[n++] = ' ';
        p += strspn(p, " \t");
        continue;
      }
      out[n++] = *p++;
      continue;
    }
    /* AMDGPU operands: only the scope bits, the DPP lane pattern and the
     * swizzle pattern (whose commas are theirs). */
    size_t tl = strcspn(p, " ,\t\n");
    int pattern = strncmp(p, "quad_perm:[", 11) == 0 || strncmp(p, "offset:swizzle(", 15) == 0;
    if (pattern)
      tl = strcspn(p, "])") + 1;
    if (pattern || (tl == 3 && (strncmp(p, "sc0", 3) == 0 || strncmp(p, "sc1", 3) == 0)) ||
        (tl == 2 && strncmp(p, "nt", 2) == 0)) {
      out[n++] = ' ';
      memcpy(out + n, p, tl);
      n += tl;
    }
    p += tl ? tl : 1;
  }
  while (n && out[n - 1] == ' ')
    n--;
  out[n] = 0;
  return 1;
}

/* The significant instructions of kernel `name` in `text`, sorted and
 * unique, one a line, into `out`. A kernel's code runs from its label
 * ("name:") to the next function's. */
static void kernel_set(const char *text, const char *name, int amd, char *out, size_t size) {
  char label[96];
  snprintf(label, sizeof label, amd ? "\n%s:" : "\n.visible .entry %s(", name);
  const char *p = strstr(text, label);
  if (!p && amd && strncmp(text, label + 1, strlen(label + 1)) == 0)
    p = text - 1; /* flyc's disassembly starts with the first kernel */
  if (!p)
    print_error("no kernel %s in:\n%.2000s\n", name, text);
  assert_non_null(p);
  p += strlen(label);
  /* clang's assembly ends a function at .Lfunc_end, flyc's disassembly at a
   * blank line, PTX at the next entry. */
  const char *end = strstr(p, amd ? "\n.Lfunc_end" : "\n.visible .entry");
  const char *blank = amd ? strstr(p, "\n\n") : NULL;
  if (!end || (blank && blank < end))
    end = blank ? blank : p + strlen(p);
  char *lines[256];
  size_t nl = 0;
  while (p < end && nl < 256) {
    const char *eol = strchr(p, '\n');
    if (!eol || eol > end)
      eol = end;
    char line[512], norm[512];
    size_t len = (size_t)(eol - p) < sizeof line - 1 ? (size_t)(eol - p) : sizeof line - 1;
    memcpy(line, p, len);
    line[len] = 0;
    /* flyc's disassembly: "  <address>: <instruction>" */
    const char *ins = line, *colon = strchr(line, ':');
    if (amd && colon && strspn(line, " 0123456789abcdefx") == (size_t)(colon - line))
      ins = colon + 1;
    if (significant(ins, amd, norm, sizeof norm)) {
      int dup = 0;
      for (size_t i = 0; i < nl && !dup; i++)
        dup = strcmp(lines[i], norm) == 0;
      if (!dup)
        lines[nl++] = strdup(norm);
    }
    p = eol + 1;
  }
  qsort(lines, nl, sizeof *lines, strcmp_ptr);
  size_t n = 0;
  out[0] = 0;
  for (size_t i = 0; i < nl; i++) {
    n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s\n", lines[i]);
    free(lines[i]);
  }
}

static void compare(const char *target, const char *golden) {
  int amd = strncmp(target, "gfx", 3) == 0;
  flyc_artifact_t *a = build(target);
  if (!a)
    skip();
  tu_text_t ours = {0};
  if (amd)
    assert_ok(flyc_artifact_disassemble(a, tu_collect, &ours));
  else
    tu_collect(flyc_artifact_code(a, NULL), strlen(flyc_artifact_code(a, NULL)), &ours);
  size_t n = 0;
  char *ref = tu_read(golden, &n);
  assert_non_null(ref);
  ref = realloc(ref, n + 1);
  ref[n] = 0;
  int bad = 0;
  for (int k = 0; k < NK; k++) {
    char want[4096], got[4096];
    kernel_set(ref, names[k], amd, want, sizeof want);
    kernel_set(ours.s, names[k], amd, got, sizeof got);
    /* Before LLVM 22 NVPTX gives a cmpxchg without syncscope PTX's default
     * .gpu scope, the agent scope asked (22, and clang-22's golden: .sys,
     * wider). */
    if (!amd && k == K_CAS && FLYC_TEST_LLVM_MAJOR < 22)
      snprintf(want, sizeof want, "atom.global.cas.b32 _, [_], _, _\n");
    if (getenv("FLYC_TEST_DUMP"))
      print_message("%s:\n%s", names[k], got);
    if (!want[0])
      print_error("%s: the golden has no significant instruction\n", names[k]), bad = 1;
    if (strcmp(want, got) != 0) {
      print_error("%s on %s: clang-22 selects\n%sflyc selects\n%s", names[k], target, want, got);
      bad = 1;
    }
  }
  free(ref);
  free(ours.s);
  flyc_artifact_destroy(a);
  assert_int_equal(bad, 0);
}

static void test_golden_collectives__gfx942(void **state) {
  (void)state;
  compare("gfx942", GOLDEN_DIR "/warp.gfx942.s");
}

static void test_golden_collectives__sm_90(void **state) {
  (void)state;
  compare("sm_90", GOLDEN_DIR "/warp.sm_90.ptx");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_collectives__gfx942),
      cmocka_unit_test(test_golden_collectives__sm_90),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
