/* What the fuzz targets share (fuzz/README in README.md's "Fuzzing and
 * sanitizers"). Each fuzz_<surface>.c defines LLVMFuzzerTestOneInput (and
 * LLVMFuzzerInitialize); it links either with libFuzzer (FLYC_FUZZ=ON, clang)
 * or with replay.c, which runs committed inputs through the same function in
 * every build that has tests.
 *
 * A target checks what flyc promises for any bytes: the call returns, with
 * FLYC_OK or a flyc status and a message naming what was wrong; what it
 * returns reads back without a sanitizer report. A broken promise aborts
 * (test code may; the library never does). */
#ifndef FLYC_FUZZ_H
#define FLYC_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include <flyc.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts with `what` unless rc is FLYC_OK, or a flyc status (-1..-12) with a
 * non-empty message in flyc_error_last(). */
void fuzz_check_status(int rc, const char *what);
/* Reads every accessor of `a` (strings with strlen, every kernel and
 * argument), so a sanitizer sees any bad pointer; aborts on a field that
 * contradicts another (a count with no array). */
void fuzz_touch_artifact(const flyc_artifact_t *a);
/* A private directory for the target's files (made once, under TMPDIR);
 * `name` in it, into buf. */
const char *fuzz_path(const char *name, char *buf, size_t size);
/* Writes `size` bytes to `path` (0600); aborts when it cannot. */
void fuzz_write_file(const char *path, const void *data, size_t size);
/* Makes an LLVM fatal error (report_fatal_error, which then ends the
 * process) print FUZZ_LLVM_FATAL first, so that tools/fuzz.sh can tell it
 * from a crash: README says that only an isolated compile turns those into
 * a status, and tools/fuzz.sh replays such an input isolated. Also keeps
 * libFuzzer's death callback out of the children flyc forks (fuzz.c). */
#define FUZZ_LLVM_FATAL "fuzz: LLVM fatal error in process: "
void fuzz_mark_llvm_fatal_errors(void);
/* Turns the compile caches off (FLYC_CACHE=0): every input is read afresh
 * and nothing accumulates. */
void fuzz_no_cache(void);

#endif
