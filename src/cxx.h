/* What llvm-c has no API for, behind a C interface: the only C++ in flyc.
 * The linker's LinkOnlyNeeded (always built), and liblld's ELF driver in
 * this process (only when CMake finds liblld, FLYC_HAVE_LLD_LIB; lld.c holds
 * its C side: inputs, outputs, locks). */
#ifndef FLYC_CXX_H
#define FLYC_CXX_H

#include <stddef.h>

#include <llvm-c/Types.h>

#ifdef __cplusplus
extern "C" {
#endif /* FLYC_CXX_H */

/* Links into `dst` what it needs from `src`, and nothing else: LLVM's
 * Linker::linkModules with Linker::LinkOnlyNeeded (llvm-link --only-needed),
 * which llvm-c's LLVMLinkModules2 cannot ask for. A definition of `src` is
 * brought in when `dst` declares it or something brought in references it
 * (transitively), and `src`'s appending globals (llvm.used,
 * llvm.compiler.used) always, with what they reference, unless
 * `drop_appending` (then those of them nothing uses are erased first). The
 * `nskip` names of `skip` are made declarations in `src` first (what the
 * caller already has from it). `src` may be read lazily
 * (LLVMGetBitcodeModuleInContext2): only what is brought in is materialized.
 * Both modules are in one context; `src` is consumed on every path. Returns
 * 0 when it linked; 1 when the linker refused (its message went to the
 * context's diagnostic handler); 3 when a C++ exception reached this boundary
 * (out of memory). */
int flyc__link_only_needed(LLVMModuleRef dst, LLVMModuleRef src, const char *const *skip,
                           size_t nskip, int drop_appending);

/* Materializes every function body and the metadata of `m`, a module read
 * lazily (LLVMGetBitcodeModuleInContext2), one global at a time: what
 * LLVMParseBitcodeInContext2 reads, without the whole-module debug-info
 * upgrade that materializeAll() runs at the end (llvm::UpgradeDebugInfo,
 * which verifies the module: milliseconds for a closure with thousands of
 * debug-metadata nodes, and report_fatal_error on a broken one). For
 * bitcode this LLVM wrote from a module that was upgraded already. Returns
 * 0; 1 when the reader failed (the module stays the caller's to dispose);
 * 3 when a C++ exception reached this boundary (out of memory). */
int flyc__materialize_bodies(LLVMModuleRef m);

/* Runs lld's ELF driver (lld::lldMain, flavor gnu) on `argv` (`argc`
 * entries, argv[0] "ld.lld"). Returns 0 when it linked; 1 when lld reported
 * errors; 2 when lld says it cannot safely run again in this process; 3 when a
 * C++ exception reached this boundary (out of memory). `*diag` gets what lld
 * wrote to its stdout and stderr streams (malloc'd, NUL-terminated, maybe
 * empty; NULL when out of memory); nothing reaches the host's stdout or
 * stderr. Not reentrant: lld keeps its context in a process global and
 * resets LLVM's command-line options, so the caller serializes. */
int flyc__lld_inproc_run(int argc, const char *const *argv, char **diag);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_CXX_H */
