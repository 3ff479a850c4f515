#define _GNU_SOURCE
#include "flyc/driver.h"
#include "flyc/kernel.h"
#include "util.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <unistd.h>

extern char **environ;

int tu_compile(flyc_artifact_t **out, const char *in, const char *target,
               const char *const *libs, uint32_t codegen, uint32_t cov) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = target;
  o.codegen = codegen;
  o.code_object_version = cov;
  size_t n = 0;
  while (libs && libs[n])
    n++;
  o.link_libraries = libs;
  o.link_library_count = n;
  return flyc_compile_file(out, in, &o);
}

void tu_assert_error(int rc, int code, ...) {
  const flyc_error_t *e = flyc_error_last();
  if (rc != code || e->code != code) {
    print_error("expected %s, got rc %s / last %s: %s\n", flyc_status_name(code),
                flyc_status_name(rc), flyc_status_name(e->code), e->message);
    fail();
  }
  va_list ap;
  va_start(ap, code);
  const char *s;
  while ((s = va_arg(ap, const char *))) {
    if (!strstr(e->message, s)) {
      print_error("message lacks '%s': %s\n", s, e->message);
      va_end(ap);
      fail();
    }
  }
  va_end(ap);
}

void tu_assert_ok(int rc) {
  if (rc != FLYC_OK) {
    const flyc_error_t *e = flyc_error_last();
    print_error("expected FLYC_OK, got %s: %s\n", flyc_status_name(rc), e->message);
    fail();
  }
}

static Elf *open_elf(const void *code, size_t size) {
  elf_version(EV_CURRENT);
  return elf_memory((char *)code, size);
}

int tu_dynsym(const void *code, size_t size, const char *name, tu_sym_t *out) {
  Elf *e = open_elf(code, size);
  Elf_Scn *scn = NULL;
  int found = 0;
  while (e && !found && (scn = elf_nextscn(e, scn))) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM)
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    for (size_t i = 0; d && i < sh.sh_size / sh.sh_entsize; i++) {
      GElf_Sym s;
      gelf_getsym(d, (int)i, &s);
      const char *n = elf_strptr(e, sh.sh_link, s.st_name);
      if (n && strcmp(n, name) == 0) {
        out->size = s.st_size;
        out->bind = GELF_ST_BIND(s.st_info);
        out->type = GELF_ST_TYPE(s.st_info);
        out->defined = s.st_shndx != SHN_UNDEF;
        found = 1;
        break;
      }
    }
  }
  if (e)
    elf_end(e);
  return found;
}

int tu_has_reloc_to(const void *code, size_t size, const char *name) {
  Elf *e = open_elf(code, size);
  Elf_Scn *scn = NULL;
  int found = 0;
  while (e && !found && (scn = elf_nextscn(e, scn))) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA)
      continue;
    Elf_Scn *symscn = elf_getscn(e, sh.sh_link);
    GElf_Shdr symsh;
    if (!symscn || !gelf_getshdr(symscn, &symsh))
      continue;
    Elf_Data *d = elf_getdata(scn, NULL), *sd = elf_getdata(symscn, NULL);
    for (size_t i = 0; d && sd && i < sh.sh_size / sh.sh_entsize; i++) {
      GElf_Rela r;
      GElf_Sym s;
      gelf_getrela(d, (int)i, &r);
      if (!gelf_getsym(sd, (int)GELF_R_SYM(r.r_info), &s))
        continue;
      const char *n = elf_strptr(e, symsh.sh_link, s.st_name);
      if (n && strcmp(n, name) == 0)
        found = 1;
    }
  }
  if (e)
    elf_end(e);
  return found;
}

void tu_elf_flags(const void *code, size_t size, unsigned *e_flags, int *abiversion) {
  Elf *e = open_elf(code, size);
  GElf_Ehdr eh;
  assert_non_null(e);
  assert_non_null(gelf_getehdr(e, &eh));
  *e_flags = (unsigned)eh.e_flags;
  *abiversion = eh.e_ident[EI_ABIVERSION];
  elf_end(e);
}

void *tu_read(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *d = malloc((size_t)n + 1);
  if (d && fread(d, 1, (size_t)n, f) != (size_t)n) {
    free(d);
    d = NULL;
  }
  fclose(f);
  if (d) {
    d[n] = '\0';
    *size = (size_t)n;
  }
  return d;
}

int tu_run(char *const argv[], char **out) {
  char path[] = "/tmp/flyc-test-run-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return -1;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fd, 1);
  posix_spawn_file_actions_adddup2(&fa, fd, 2);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fd);
  int status = -1;
  if (rc == 0)
    waitpid(pid, &status, 0);
  size_t n;
  *out = tu_read(path, &n);
  if (!*out)
    *out = strdup("");
  unlink(path);
  if (rc != 0 || !WIFEXITED(status))
    return -1;
  return WEXITSTATUS(status);
}

char *tu_temp_file(const char *suffix, const void *data, size_t size) {
  char *path = NULL;
  if (asprintf(&path, "/tmp/flyc-test-XXXXXX%s", suffix) < 0)
    return NULL;
  int fd = mkstemps(path, (int)strlen(suffix));
  if (fd < 0) {
    free(path);
    return NULL;
  }
  if (write(fd, data, size) != (ssize_t)size) {
    close(fd);
    free(path);
    return NULL;
  }
  close(fd);
  return path;
}

int tu_have_libdevice(void) {
  return access("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc", R_OK) == 0 ||
         access("/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc", R_OK) == 0;
}

int tu_can(const char *processor, uint32_t codegen) {
  for (size_t i = 0; i < flyc_target_count(); i++) {
    flyc_target_info_t t = FLYC_TARGET_INFO_INIT;
    if (flyc_target_get(i, &t) == FLYC_OK && strcmp(t.processor, processor) == 0)
      return (t.codegen_paths >> codegen) & 1;
  }
  return 0;
}

int tu_collect(const char *text, size_t len, void *payload) {
  tu_text_t *x = payload;
  char *ns = realloc(x->s, x->n + len + 1);
  if (!ns)
    return 1;
  x->s = ns;
  memcpy(x->s + x->n, text, len);
  x->n += len;
  x->s[x->n] = '\0';
  return x->stop_after && --x->stop_after == 0;
}

void tu_assert_same_kernargs(const flyc_kernel_info_t *ours, const flyc_kernel_info_t *ref) {
  assert_non_null(ours);
  assert_non_null(ref);
  assert_int_equal(ours->kernarg_segment_size, ref->kernarg_segment_size);
  assert_int_equal(ours->kernarg_segment_align, ref->kernarg_segment_align);
  assert_int_equal(ours->max_flat_workgroup_size, ref->max_flat_workgroup_size);
  assert_int_equal(ours->arg_count, ref->arg_count);
  for (size_t i = 0; i < ref->arg_count; i++) {
    assert_int_equal(ours->args[i].offset, ref->args[i].offset);
    assert_int_equal(ours->args[i].size, ref->args[i].size);
    assert_string_equal(ours->args[i].value_kind, ref->args[i].value_kind);
    assert_string_equal(ours->args[i].address_space, ref->args[i].address_space);
  }
}

/* ---- a driver that loads anything and runs nothing ---- */

static int fake_count(void *self, int *n) {
  (void)self;
  *n = 1;
  return 0;
}
static int fake_load(void *self, int dev, flyc_code_format_t f, const void *img, size_t n,
                     void **h) {
  (void)dev, (void)f, (void)img, (void)n;
  if (self) /* atomic: test_threads loads from several threads */
    __atomic_fetch_add(&((tu_fake_counts_t *)self)->loads, 1, __ATOMIC_RELAXED);
  *h = (void *)1;
  return 0;
}
static int fake_unload(void *self, int dev, void *h) {
  (void)dev, (void)h;
  if (self)
    __atomic_fetch_add(&((tu_fake_counts_t *)self)->unloads, 1, __ATOMIC_RELAXED);
  return 0;
}
static int fake_function(void *self, int dev, void *h, const char *name, void **fn) {
  (void)self, (void)dev, (void)h, (void)name;
  *fn = (void *)2;
  return 0;
}
static int fake_global(void *self, int dev, void *h, const char *name, uint64_t *addr,
                       size_t *size) {
  (void)self, (void)dev, (void)h, (void)name, (void)addr, (void)size;
  return FLYC_ENOTFOUND;
}
static int fake_htod(void *self, int dev, uint64_t dst, const void *src, size_t n) {
  (void)self, (void)dev, (void)dst, (void)src, (void)n;
  return 0;
}
static int fake_launch(void *self, int dev, void *fn, const flyc_launch_config_t *c,
                       void **args) {
  (void)self, (void)dev, (void)fn, (void)c, (void)args;
  return 0;
}

flyc_driver_t *tu_fake_driver(tu_fake_counts_t *counts) {
  flyc_driver_ops_t ops;
  memset(&ops, 0, sizeof ops);
  ops.size = sizeof ops;
  ops.name = "test";
  ops.device_count = fake_count;
  ops.module_load = fake_load;
  ops.module_unload = fake_unload;
  ops.function_get = fake_function;
  ops.global_get = fake_global;
  ops.memcpy_htod = fake_htod;
  ops.launch = fake_launch;
  flyc_driver_t *drv = NULL;
  tu_assert_ok(flyc_driver_create(&drv, &ops, counts));
  return drv;
}

char *tu_ctx_text(struct flyc_ctx *ctx) {
  char *msg = NULL;
  if (LLVMVerifyModule(flyc_ctx_module(ctx), LLVMReturnStatusAction, &msg))
    fail_msg("the builder's module does not verify: %s", msg ? msg : "");
  LLVMDisposeMessage(msg);
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_ctx_compile(ctx, NULL, &a));
  tu_text_t t = {0};
  if (flyc_artifact_format(a) == FLYC_CODE_PTX) {
    const char *s = flyc_artifact_code(a, NULL);
    tu_collect(s, strlen(s), &t);
  } else {
    assert_ok(flyc_artifact_disassemble(a, tu_collect, &t));
  }
  flyc_artifact_destroy(a);
  flyc_ctx_destroy(ctx);
  return t.s;
}

static int tu_probe_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                         void *payload) {
  return (*(tu_probe_fn *)payload)(kb, b, args);
}

int tu_emit_probe(const char *target, const flyc_param_t *params, size_t nparams,
                  tu_probe_fn fn, flyc_ctx_t **ctx_out) {
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, target));
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "probe";
  d.params = params;
  d.param_count = nparams;
  d.body = tu_probe_body;
  d.payload = &fn;
  int rc = flyc_kernel_emit(ctx, &d, NULL);
  if (ctx_out)
    *ctx_out = ctx;
  else
    flyc_ctx_destroy(ctx);
  return rc;
}

size_t tu_count(const char *text, const char *what) {
  size_t n = 0;
  for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
    n++;
  return n;
}

const char *tu_ptxas(void) {
  static const char *const where[] = {"/usr/local/cuda/bin/ptxas", "/usr/bin/ptxas", NULL};
  for (int i = 0; where[i]; i++)
    if (access(where[i], X_OK) == 0)
      return where[i];
  return NULL;
}
