/* The LLVM boundary: one-time target initialization, the process-global lock,
 * TargetMachines, and the conversions from LLVM's error styles. No LLVMBool or
 * LLVMErrorRef logic leaks past this file and its callers in src/. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <llvm-c/Error.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>

#include "internal.h"

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
/* Before LLVM 18 the AMDGPU code object version is the process-global option
 * --amdhsa-code-object-version. Emissions with the current value share this
 * lock; changing the value, and comgr actions (whose in-process clang parses
 * -mllvm options into the same LLVM), take it exclusively. */
static int cov_current; /* 0: unknown */

/* That lock, shared or exclusive: a mutex and a condition, not a
 * pthread_rwlock_t, so that a forked child can release what the forking
 * thread took (glibc keys a rwlock's writer to its TID, which the child's
 * thread does not have; made anew, it reads as still held to a thread
 * checker). Readers are preferred, as glibc's default rwlock does. */
static pthread_mutex_t cov_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cov_cv = PTHREAD_COND_INITIALIZER;
static unsigned cov_readers;
static int cov_writer;

static void cov_rdlock(void) {
  pthread_mutex_lock(&cov_mu);
  while (cov_writer)
    pthread_cond_wait(&cov_cv, &cov_mu);
  cov_readers++;
  pthread_mutex_unlock(&cov_mu);
}

/* Returns with cov_mu still held when `keep`. */
static void cov_wrlock_keep(int keep) {
  pthread_mutex_lock(&cov_mu);
  while (cov_writer || cov_readers)
    pthread_cond_wait(&cov_cv, &cov_mu);
  cov_writer = 1;
  if (!keep)
    pthread_mutex_unlock(&cov_mu);
}
static void cov_wrlock(void) { cov_wrlock_keep(0); }

static void cov_unlock(void) {
  pthread_mutex_lock(&cov_mu);
  if (cov_writer)
    cov_writer = 0;
  else
    cov_readers--;
  pthread_cond_broadcast(&cov_cv);
  pthread_mutex_unlock(&cov_mu);
}
static pthread_mutex_t global_mu = PTHREAD_MUTEX_INITIALIZER;

/* Options flyc keeps for the life of the process. AMDGPU's library-call
 * simplification rewrites calls to OpenCL-mangled builtins (_Z3powff, ...)
 * by name and aborts, or corrupts the stack, when a link library defines
 * one with other types; flyc's math goes through ocml (__ocml_*), which the
 * pass leaves alone. Set again after each comgr action, whose in-process
 * clang parses options into the same LLVM and resets them. */
static void set_fixed_options(void) { flyc__llvm_set_option("-amdgpu-simplify-libcall=0"); }

static void do_init(void) {
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUAsmPrinter();
  LLVMInitializeAMDGPUAsmParser();
  LLVMInitializeAMDGPUDisassembler();
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  set_fixed_options();
}

void flyc__llvm_init(void) { (void)pthread_once(&init_once, do_init); }

/* flyc's own locks are taken around flyc's fork() (isolate.c's participant
 * list), so that no other thread holds one in the child, where that thread
 * does not exist. Registered before the locks are first taken. */
static void fork_prepare(void) {
  pthread_mutex_lock(&global_mu);
  cov_wrlock_keep(1); /* no reader, no writer, and cov_mu held across fork() */
}
static void fork_parent(void) {
  cov_writer = 0;
  pthread_cond_broadcast(&cov_cv);
  pthread_mutex_unlock(&cov_mu);
  pthread_mutex_unlock(&global_mu);
}
/* The child's only thread is the one that took the locks: it releases them.
 * The condition is made anew (the parent's waiters are not in the child). */
static void fork_child(void) {
  cov_writer = 0;
  pthread_cond_init(&cov_cv, NULL);
  pthread_mutex_unlock(&cov_mu);
  pthread_mutex_unlock(&global_mu);
}
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static void fork_register(void) { flyc__atfork_add(fork_prepare, fork_parent, fork_child); }
static void participate(void) { (void)pthread_once(&fork_once, fork_register); }

void flyc__global_lock(void) {
  participate();
  (void)pthread_mutex_lock(&global_mu);
}
void flyc__global_unlock(void) { (void)pthread_mutex_unlock(&global_mu); }

void flyc__llvm_set_option(const char *opt) {
  /* LLVMParseCommandLineOptions reports problems to a null stream and never
   * exits; cl::opt values may be given more than once since LLVM 15. */
  const char *argv[2] = {"flyc", opt};
  LLVMParseCommandLineOptions(2, argv, NULL);
}

char *flyc__llvm_error_take(void *e) {
  LLVMErrorRef err = e;
  if (!err)
    return NULL;
  char *m = LLVMGetErrorMessage(err); /* consumes err */
  char *copy = strdup(m ? m : "unknown LLVM error");
  LLVMDisposeErrorMessage(m);
  return copy;
}

int flyc__target_machine(const flyc_target_t *t, int opt_level, int short_ptr,
                         LLVMTargetMachineRef *out) {
  flyc__llvm_init();
  LLVMTargetRef target = NULL;
  char *msg = NULL;
  if (LLVMGetTargetFromTriple(t->ops->triple, &target, &msg)) {
    int rc = flyc__error_set(FLYC_EUNSUPPORTED,
                             "this LLVM has no target for '%s': %s", t->ops->triple,
                             msg ? msg : "");
    LLVMDisposeMessage(msg);
    return rc;
  }
  static const LLVMCodeGenOptLevel levels[] = {
      LLVMCodeGenLevelNone, LLVMCodeGenLevelLess, LLVMCodeGenLevelDefault,
      LLVMCodeGenLevelAggressive};
  /* The processor was checked against flyc's table for this LLVM, so LLVM
   * never gets a name it would warn about on stderr. */
  /* NVPTX's 32-bit pointers to shared, const and local memory (what Triton's
   * layout asks for) are the process-global option -nvptx-short-ptr, read
   * when the TargetMachine is made: set it for each NVPTX machine, under the
   * lock. */
  int nvptx = t->family == FLYC_TARGET_NVPTX;
  if (nvptx) {
    flyc__global_lock();
    flyc__llvm_set_option(short_ptr ? "-nvptx-short-ptr=true" : "-nvptx-short-ptr=false");
  }
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(
      target, t->ops->triple, t->proc->name, t->features, levels[opt_level & 3],
      LLVMRelocPIC, LLVMCodeModelDefault);
  if (nvptx) {
    flyc__llvm_set_option("-nvptx-short-ptr=false");
    flyc__global_unlock();
  }
  if (!tm)
    return flyc__error_set(FLYC_ECOMPILE, "LLVM could not create a target machine "
                                          "for %s (%s)",
                           t->id, t->ops->triple);
  *out = tm;
  return FLYC_OK;
}

void flyc__cov_shared_begin(int cov) {
  participate();
  for (;;) {
    cov_rdlock();
    if (cov_current == cov)
      return;
    cov_unlock();
    cov_wrlock();
    if (cov_current != cov) {
      char opt[64];
      snprintf(opt, sizeof opt, "--amdhsa-code-object-version=%d", cov);
      flyc__llvm_set_option(opt);
      cov_current = cov;
    }
    cov_unlock();
  }
}

void flyc__cov_shared_end(void) { cov_unlock(); }

void flyc__llvm_options_read_begin(void) {
  participate();
  cov_rdlock();
}

void flyc__llvm_options_read_end(void) { cov_unlock(); }

void flyc__cov_exclusive_begin(void) {
  participate();
  cov_wrlock();
}

void flyc__cov_exclusive_end(void) {
  cov_current = 0; /* whatever comgr left behind */
  set_fixed_options();
  cov_unlock();
}

typedef struct big_call {
  int (*fn)(void *p);
  void *p;
  size_t stack;
  int rc;
  flyc__error_saved_t err;
} big_call_t;

static _Thread_local size_t compile_stack; /* a compile thread's stack, or 0 */

static void *big_thread(void *arg) {
  big_call_t *b = arg;
  compile_stack = b->stack;
  b->rc = b->fn(b->p);
  if (b->rc != FLYC_OK)
    flyc__error_save(&b->err);
  return NULL;
}

size_t flyc__stack_bytes(void) {
  if (compile_stack)
    return compile_stack;
  pthread_attr_t attr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    if (pthread_attr_getstacksize(&attr, &size) != 0)
      size = 0;
    pthread_attr_destroy(&attr);
  }
  return size ? size : (size_t)8 << 20;
}

int flyc__call_on_big_stack(int (*fn)(void *p), void *p) {
  big_call_t b = {fn, p, 0, FLYC_OK, {0, NULL}};
  pthread_t t;
  int made = 0;
  /* Where the address space is limited (ulimit -v), an eighth of it, so
   * that LLVM keeps the rest; halved down to 64 MiB while none can be had. */
  size_t start = FLYC__BIG_STACK;
  struct rlimit as;
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
    while (start > ((size_t)64 << 20) && start > as.rlim_cur / 8)
      start /= 2;
  for (size_t size = start; !made && size >= ((size_t)64 << 20); size /= 2) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0)
      break;
    b.stack = size;
    made = pthread_attr_setstacksize(&attr, size) == 0 &&
           pthread_create(&t, &attr, big_thread, &b) == 0;
    pthread_attr_destroy(&attr);
  }
  if (!made)
    return fn(p);
  pthread_join(t, NULL);
  if (b.rc != FLYC_OK)
    flyc__error_restore(&b.err);
  return b.rc;
}

uint64_t flyc__now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

const char *flyc__fn_attr(LLVMValueRef fn, const char *kind, unsigned *len) {
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex, kind, (unsigned)strlen(kind));
  unsigned l = 0;
  const char *v = a ? LLVMGetStringAttributeValue(a, &l) : NULL;
  if (len)
    *len = v ? l : 0;
  return v ? v : "";
}

void flyc__fn_set_attr(LLVMContextRef ctx, LLVMValueRef fn, const char *kind,
                       const char *value) {
  LLVMAttributeRef a =
      LLVMCreateStringAttribute(ctx, kind, (unsigned)strlen(kind), value,
                                (unsigned)strlen(value));
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, a);
}

