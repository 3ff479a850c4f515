/* Helpers of the fuzz targets (fuzz.h). */
#include "fuzz.h"

#include <llvm-c/ErrorHandling.h>

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void fail(const char *what, const char *why) {
  fprintf(stderr, "fuzz: %s: %s\n", what, why);
  abort();
}

void fuzz_check_status(int rc, const char *what) {
  if (rc == FLYC_OK)
    return;
  if (rc > 0 || rc < FLYC_ENOTSERIALIZABLE)
    fail(what, "returned a value that is not a flyc status");
  const flyc_error_t *e = flyc_error_last();
  if (!e || !e->message || !e->message[0])
    fail(what, "failed with no message");
  if (e->code != rc) {
    fprintf(stderr, "fuzz: %s: returned %s, the last error is %s: %s\n", what,
            flyc_status_name(rc), flyc_status_name(e->code), e->message);
    abort();
  }
}

static size_t touch_str(const char *s) {
  return s ? strlen(s) : 0;
}

void fuzz_touch_artifact(const flyc_artifact_t *a) {
  volatile size_t sink = 0;
  size_t size = 0;
  const void *code = flyc_artifact_code(a, &size);
  if (size && !code)
    fail("artifact", "code size without code");
  if (size)
    sink += ((const unsigned char *)code)[0] + ((const unsigned char *)code)[size - 1];
  sink += flyc_artifact_format(a) + (size_t)flyc_artifact_code_object_version(a);
  sink += touch_str(flyc_artifact_target(a)) + touch_str(flyc_artifact_log(a));
  sink += touch_str(flyc_codegen_name(flyc_artifact_codegen(a)));
  size_t n = flyc_artifact_kernel_count(a);
  for (size_t i = 0; i < n; i++) {
    const flyc_kernel_info_t *k = flyc_artifact_kernel(a, i);
    if (!k)
      fail("artifact", "kernel_count counts a kernel that is not there");
    sink += touch_str(k->name) + touch_str(k->symbol) + k->sgpr_count + k->vgpr_count +
            k->kernarg_segment_size + k->reqd_workgroup_size[2];
    if (k->arg_count && !k->args)
      fail("artifact", "arg_count without args");
    for (size_t j = 0; j < k->arg_count; j++)
      sink += touch_str(k->args[j].name) + touch_str(k->args[j].value_kind) +
              touch_str(k->args[j].address_space) + k->args[j].offset + k->args[j].size;
    if (k->name && flyc_artifact_kernel_lookup(a, k->name) == NULL)
      fail("artifact", "a kernel's own name does not look it up");
  }
  if (flyc_artifact_kernel(a, n) != NULL)
    fail("artifact", "a kernel past kernel_count");
  size_t np = flyc_artifact_processor_count(a);
  for (size_t i = 0; i < np; i++) {
    flyc_processor_t p;
    if (flyc_artifact_processor(a, i, &p) == FLYC_OK)
      sink += touch_str(p.name);
  }
  flyc_compile_times_t t;
  flyc_artifact_compile_times(a, &t);
  sink += t.total_us;
  (void)sink;
}

const char *fuzz_path(const char *name, char *buf, size_t size) {
  static char dir[4096];
  if (!dir[0]) {
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/flyc-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
      fail("fuzz_path", "mkdtemp failed");
  }
  snprintf(buf, size, "%s/%s", dir, name);
  return buf;
}

void fuzz_write_file(const char *path, const void *data, size_t size) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0)
    fail(path, "cannot be written");
  const char *p = data;
  while (size) {
    ssize_t w = write(fd, p, size);
    if (w <= 0)
      fail(path, "short write");
    p += w;
    size -= (size_t)w;
  }
  close(fd);
}

void fuzz_no_cache(void) {
  setenv("FLYC_CACHE", "0", 1);
}

static void on_fatal(const char *reason) {
  fprintf(stderr, "%s%s\n", FUZZ_LLVM_FATAL, reason);
}

/* A child flyc forks to read untrusted bitcode may die of what it reads
 * (an allocation of 32 GiB that ASan refuses, say): that is the isolation
 * working, and the parent gets a status. libFuzzer's death callback,
 * inherited by the child, would still write the input as a crash-
 * artifact (and fail tools/fuzz.sh) for a process that did not crash. */
/* Weak: the replay binaries (fuzz/replay.c) are built without sanitizers. */
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));
static void child_dies_quietly(void) {
  if (__sanitizer_set_death_callback)
    __sanitizer_set_death_callback(NULL);
}

void fuzz_mark_llvm_fatal_errors(void) {
  LLVMInstallFatalErrorHandler(on_fatal);
  pthread_atfork(NULL, NULL, child_dies_quietly);
}
