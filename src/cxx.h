/* liblld's ELF driver in this process, behind a C interface: the only C++ in
 * flyc (lld has no C API). Only built when CMake finds liblld
 * (FLYC_HAVE_LLD_LIB); lld.c holds the C side (inputs, outputs, locks). */
#ifndef FLYC_LLD_INPROC_H
#define FLYC_LLD_INPROC_H

#ifdef __cplusplus
extern "C" {
#endif

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

#endif
