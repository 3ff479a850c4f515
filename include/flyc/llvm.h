/**
 * @file flyc/llvm.h
 * @brief Interop tier: compile calls that take LLVM handles.
 *
 * Stable only within one LLVM major version and one flyc minor version.
 *
 * @defgroup flyc_llvm LLVM interop
 * @{
 */
#ifndef FLYC_LLVM_H
#define FLYC_LLVM_H

#include <llvm-c/Types.h>

#include "flyc/compile.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Compiles an LLVM module built by the caller (the same pipeline as
 * flyc_compile_file(), from stage 2's verification on).
 *
 * Consumes `module` on every path, success or failure: do not use or dispose of
 * it afterwards. Its LLVMContext stays the caller's; link libraries are loaded
 * into it, so the context must not be used by another thread during the call.
 *
 * @retval the codes of flyc_compile_file().
 */
FLYC_API int flyc_compile_module(flyc_artifact_t **out, LLVMModuleRef module,
                                 const flyc_compile_options_t *options);

#ifdef __cplusplus
}
#endif

/** @} */
#endif /* FLYC_LLVM_H */
