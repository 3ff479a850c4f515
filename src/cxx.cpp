// The one C++ source (cxx.h says why): the linker's LinkOnlyNeeded, and the
// in-process lld path's C++ half (lld::lldMain with only the ELF driver;
// everything else of that path, the memory files, the lock, the messages, is
// in lld.c).
//
// What lld 22 does to the process, checked against its sources and its
// static libraries (nm of liblldELF.a/liblldCommon.a):
//  - lldMain runs the driver inside a CrashRecoveryContext, which installs
//    signal handlers only after CrashRecoveryContext::Enable(). Nothing here
//    calls Enable, so no handler is installed and RunSafely is a plain call.
//    The price: lld's fatal() (corrupt input, an output it cannot write) ends
//    in _exit, as ld.lld would; lld.c keeps lld off those paths (inputs
//    LLVM just wrote, outputs in memory).
//  - exitEarly is false under lldMain: the error limit does not exit.
//  - FileOutputBuffer on a regular file goes through TempFile, whose
//    RemoveFileOnSignal installs LLVM's signal handlers and an alternate
//    signal stack (test_lld_lib sees SIGHUP's handler change when -o names
//    a regular file). lld.c's -o is a pipe, which FileOutputBuffer keeps in
//    memory; --threads=1 keeps lld from starting its thread pool.
//  - lld's context (CommonLinkerContext) is one process global and the ELF
//    driver calls cl::ResetAllOptionOccurrences: one link at a time, under
//    flyc's global lock, and flyc's fixed LLVM options set again after.
#include "cxx.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Module.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/Error.h>

extern "C" int flyc__link_only_needed(LLVMModuleRef dst, LLVMModuleRef src,
                                      const char *const *skip, size_t nskip,
                                      int drop_appending) {
  // unwrap() by hand: llvm-c's wrap/unwrap live in llvm/IR/Module.h's
  // DEFINE_SIMPLE_CONVERSION_FUNCTIONS, whose name differs across versions.
  std::unique_ptr<llvm::Module> s(reinterpret_cast<llvm::Module *>(src));
  try {
    for (size_t i = 0; i < nskip; i++) {
      llvm::GlobalValue *gv = s->getNamedValue(skip[i]);
      if (auto *f = llvm::dyn_cast_or_null<llvm::Function>(gv)) {
        if (!f->isDeclaration())
          f->deleteBody(); // also ends a lazy function's materializability
      } else if (auto *g = llvm::dyn_cast_or_null<llvm::GlobalVariable>(gv)) {
        if (g->hasInitializer()) {
          g->setInitializer(nullptr);
          g->setLinkage(llvm::GlobalValue::ExternalLinkage);
        }
      }
    }
    if (drop_appending)
      for (auto it = s->global_begin(); it != s->global_end();) {
        llvm::GlobalVariable &g = *it++;
        if (g.hasAppendingLinkage() && g.use_empty())
          g.eraseFromParent();
      }
    return llvm::Linker::linkModules(*reinterpret_cast<llvm::Module *>(dst), std::move(s),
                                     llvm::Linker::Flags::LinkOnlyNeeded)
               ? 1
               : 0;
  } catch (...) {
    return 3;
  }
}

extern "C" int flyc__materialize_bodies(LLVMModuleRef m) {
  llvm::Module *M = reinterpret_cast<llvm::Module *>(m);
  try {
    if (llvm::Error e = M->materializeMetadata()) {
      llvm::consumeError(std::move(e));
      return 1;
    }
    for (llvm::GlobalValue &gv : M->global_values())
      if (llvm::Error e = gv.materialize()) {
        llvm::consumeError(std::move(e));
        return 1;
      }
    return 0;
  } catch (...) {
    return 3;
  }
}

#ifdef FLYC_HAVE_LLD_LIB
#include <lld/Common/Driver.h>
#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/raw_ostream.h>

LLD_HAS_DRIVER(elf)

static char *copy_out(const char *s, size_t n) noexcept {
  char *p = static_cast<char *>(std::malloc(n + 1));
  if (p) {
    std::memcpy(p, s, n);
    p[n] = '\0';
  }
  return p;
}

extern "C" int flyc__lld_inproc_run(int argc, const char *const *argv, char **diag) {
  *diag = nullptr;
  try {
    std::string out, err;
    int rc;
    {
      llvm::raw_string_ostream out_os(out), err_os(err);
      lld::Result r = lld::lldMain(llvm::ArrayRef<const char *>(argv, (size_t)argc),
                                   out_os, err_os, {{lld::Gnu, &lld::elf::link}});
      out_os.flush();
      err_os.flush();
      rc = !r.canRunAgain ? 2 : r.retCode ? 1 : 0;
    }
    if (!out.empty() && !err.empty() && err.back() != '\n')
      err += '\n';
    err += out;
    *diag = copy_out(err.data(), err.size());
    return rc;
  } catch (...) {
    static const char msg[] = "a C++ exception (out of memory) reached lld's boundary";
    *diag = copy_out(msg, sizeof msg - 1);
    return 3;
  }
}
#endif /* FLYC_HAVE_LLD_LIB */
