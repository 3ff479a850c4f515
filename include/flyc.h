/**
 * @file flyc.h
 * @brief flyc: JIT-compile GPU kernels from LLVM IR without MLIR.
 *
 * Umbrella header of the stable API. The LLVM interop tier is flyc/llvm.h.
 * See flyc/common.h for the error model, units and thread rules, and
 * flyc/compile.h for the environment variables the compile side reads.
 */
#ifndef FLYC_H
#define FLYC_H

#include "flyc/common.h"
#include "flyc/artifact.h"
#include "flyc/compile.h"
#include "flyc/cache.h"
#include "flyc/runtime.h"

#endif /* FLYC_H */
