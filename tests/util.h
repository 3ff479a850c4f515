/* Shared helpers of the cmocka tests. */
#ifndef FLYC_TEST_UTIL_H
#define FLYC_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "flyc.h"

#define FX(name) FLYC_FIXTURE_DIR "/" name
#define LIB_MSTL FX("mstl_amdgcn.gfx90a.cov4.bc")
#define K_MSTL FX("k_mstl_amdgcn.gfx90a.ll")

/* Compiles `in` for `target` with `libs` (NULL-terminated, may be NULL). */
int tu_compile(flyc_artifact_t **out, const char *in, const char *target,
               const char *const *libs, uint32_t codegen, uint32_t cov);

/* Asserts rc == code, flyc_error_last() agrees, and the message contains
 * every NULL-terminated substring; prints the message on failure. */
void tu_assert_error(int rc, int code, ...);
#define assert_error(rc, code, ...) tu_assert_error((rc), (code), __VA_ARGS__, NULL)

/* Asserts success, printing the error message otherwise. */
void tu_assert_ok(int rc);
#define assert_ok(rc) tu_assert_ok(rc)

/* A dynamic symbol of a code object: 1 when found. */
typedef struct tu_sym {
  uint64_t size;
  int bind, type, defined;
} tu_sym_t;
int tu_dynsym(const void *code, size_t size, const char *name, tu_sym_t *out);
/* 1 when a dynamic relocation refers to symbol `name`. */
int tu_has_reloc_to(const void *code, size_t size, const char *name);
/* e_flags and EI_ABIVERSION of a code object. */
void tu_elf_flags(const void *code, size_t size, unsigned *e_flags, int *abiversion);

/* Reads a whole file (malloc'd), NULL on failure. */
void *tu_read(const char *path, size_t *size);
/* Runs argv (no shell); captures stdout+stderr into *out (malloc'd). Returns
 * the exit status, or -1. */
int tu_run(char *const argv[], char **out);
/* Occurrences of `what` in `text` (counted from each position). */
size_t tu_count(const char *text, const char *what);
/* ptxas where CUDA installs it (/usr/local/cuda/bin, /usr/bin), or NULL. */
const char *tu_ptxas(void);
/* Writes `data` to a fresh temporary file; returns its path (malloc'd). */
char *tu_temp_file(const char *suffix, const void *data, size_t size);



/* Verifies the builder context's module (LLVMVerifyModule), compiles it,
 * destroys the context and returns the code's text (the disassembly, or
 * the PTX), malloc'd; fails the test on any error. */
struct flyc_ctx;
char *tu_ctx_text(struct flyc_ctx *ctx);

#ifdef FLYC_KERNEL_H /* tests of the kernel builder (flyc/kernel.h included first) */
/* A probe kernel "probe" for `target`, with `params`, whose body is `fn`
 * (it may end without `ret void`): the emit's status, and the context in
 * *ctx_out (NULL: destroyed). */
typedef int (*tu_probe_fn)(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args);
int tu_emit_probe(const char *target, const flyc_param_t *params, size_t nparams,
                  tu_probe_fn fn, struct flyc_ctx **ctx_out);
/* A failed value helper's result inside a body: poison (of the type it
 * would have had), never NULL. */
#define assert_poison(v)                                                                 \
  do {                                                                                   \
    LLVMValueRef v_ = (v);                                                               \
    assert_non_null(v_);                                                                 \
    assert_true(LLVMIsPoison(v_));                                                       \
  } while (0)
#endif

/* 1 when CUDA's libdevice.10.bc is installed where flyc looks by default. */
int tu_have_libdevice(void);
#define SKIP_WITHOUT_LIBDEVICE()                                                       \
  do {                                                                                 \
    if (!tu_have_libdevice()) {                                                        \
      print_message("skipped: CUDA's libdevice.10.bc is not installed\n");            \
      skip();                                                                          \
    }                                                                                  \
  } while (0)

/* Text collected from a flyc_text_cb; stops after `stop_after` calls when
 * that is nonzero. */
typedef struct tu_text {
  char *s;
  size_t n;
  int stop_after;
} tu_text_t;
int tu_collect(const char *text, size_t len, void *payload);

/* Asserts that `ours` has the kernarg segment of `ref` (a clang golden):
 * segment size and alignment, max flat workgroup size, and per argument
 * offset, size, value kind and address space. */
void tu_assert_same_kernargs(const flyc_kernel_info_t *ours, const flyc_kernel_info_t *ref);

/* A driver (flyc/driver.h) that loads anything as handle 1, finds every
 * function, no global, launches nothing; `counts` (may be NULL) counts the
 * loads and unloads. Destroy with flyc_driver_destroy(). */
typedef struct tu_fake_counts {
  int loads, unloads;
} tu_fake_counts_t;
flyc_driver_t *tu_fake_driver(tu_fake_counts_t *counts);

/* 1 when codegen path `codegen` can serve `processor` in this build. */
int tu_can(const char *processor, uint32_t codegen);
#endif
