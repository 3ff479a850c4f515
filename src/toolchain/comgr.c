/* amd_comgr: BC -> relocatable, relocatable -> executable, and the kernel
 * metadata reader. Every comgr call runs under the process-global lock: comgr
 * shares LLVM's global state (options, the target registry) with the process
 * (codegen-notes §4.3). */

#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#ifdef FLYC_HAVE_COMGR
#include <amd_comgr.h>

static pthread_once_t info_once = PTHREAD_ONCE_INIT;
static char version_str[16];
static char (*isa_names)[32];
static size_t isa_count;
static int comgr_llvm;

static void load_info(void) {
  size_t maj = 0, min = 0;
  amd_comgr_get_version(&maj, &min);
  snprintf(version_str, sizeof version_str, "%zu.%zu", maj, min);
  size_t n = 0;
  if (amd_comgr_get_isa_count(&n) == AMD_COMGR_STATUS_SUCCESS && n &&
      (isa_names = calloc(n, sizeof *isa_names))) {
    for (size_t i = 0; i < n; i++) {
      const char *name = NULL;
      if (amd_comgr_get_isa_name(i, &name) != AMD_COMGR_STATUS_SUCCESS || !name)
        continue;
      const char *p = strstr(name, "--");
      p = p ? p + 2 : name;
      size_t len = strcspn(p, ":");
      if (len < sizeof isa_names[0]) {
        memcpy(isa_names[isa_count], p, len);
        isa_names[isa_count][len] = '\0';
        isa_count++;
      }
    }
  }
  Dl_info di;
  if (dladdr((void *)amd_comgr_get_version, &di) && di.dli_fname)
    comgr_llvm = flyc__elf_needed_llvm_major(di.dli_fname);
}

int flyc__comgr_available(void) { return 1; }

const char *flyc__comgr_version_string(void) {
  pthread_once(&info_once, load_info);
  return version_str;
}

int flyc__comgr_knows(const char *processor) {
  pthread_once(&info_once, load_info);
  for (size_t i = 0; i < isa_count; i++)
    if (strcmp(isa_names[i], processor) == 0)
      return 1;
  return 0;
}

int flyc__comgr_llvm_major(void) {
  pthread_once(&info_once, load_info);
  return comgr_llvm;
}

const char *flyc_comgr_version(void) { return flyc__comgr_version_string(); }

static const char *status_str(amd_comgr_status_t s) {
  const char *m = NULL;
  if (amd_comgr_status_string(s, &m) != AMD_COMGR_STATUS_SUCCESS || !m)
    return "unknown comgr status";
  return m;
}

/* Appends comgr's LOG data objects in `set` to the thread's error message. */
static void append_log(amd_comgr_data_set_t set) {
  size_t n = 0;
  if (amd_comgr_action_data_count(set, AMD_COMGR_DATA_KIND_LOG, &n) !=
      AMD_COMGR_STATUS_SUCCESS)
    return;
  for (size_t i = 0; i < n; i++) {
    amd_comgr_data_t log;
    if (amd_comgr_action_data_get_data(set, AMD_COMGR_DATA_KIND_LOG, i, &log) !=
        AMD_COMGR_STATUS_SUCCESS)
      continue;
    size_t sz = 0;
    if (amd_comgr_get_data(log, &sz, NULL) == AMD_COMGR_STATUS_SUCCESS && sz) {
      char *buf = malloc(sz + 1);
      if (buf && amd_comgr_get_data(log, &sz, buf) == AMD_COMGR_STATUS_SUCCESS) {
        buf[sz] = '\0';
        /* Keep the message readable: trim trailing newlines. */
        while (sz && (buf[sz - 1] == '\n' || buf[sz - 1] == ' '))
          buf[--sz] = '\0';
        if (sz)
          flyc__error_append("; comgr log: %s", buf);
      }
      free(buf);
    }
    amd_comgr_release_data(log);
  }
}

/* comgr's in-process lld writes its output through LLVM's FileOutputBuffer.
 * The first TempFile in a process registers LLVM's signal handlers
 * (sys::RemoveFileOnSignal -> RegisterHandlers -> CreateSigAltStack, in
 * comgr's LLVM), and on the calling thread LLVM replaces an alternate signal
 * stack that is absent or smaller than MINSIGSTKSZ + 64 KiB with one it
 * mallocs. The thread belongs to the caller: whoever set its stack frees it
 * later and would free LLVM's instead (AddressSanitizer's thread exit dies
 * "unable to unmap"). So each action restores the caller's alternate stack.
 * LLVM keeps its own stack in a static pointer, and its handlers, installed
 * with SA_ONSTACK, then run on the caller's stack, or the thread's own stack
 * when it has none. The handlers themselves stay: LLVM chains to the ones
 * they replaced and restores them when a signal arrives. */
static void alt_stack_save(stack_t *saved) {
  if (sigaltstack(NULL, saved) != 0)
    saved->ss_flags = -1; /* nothing to put back */
}

static void alt_stack_restore(const stack_t *saved) {
  stack_t now;
  if (saved->ss_flags == -1 || sigaltstack(NULL, &now) != 0)
    return;
  int was_off = (saved->ss_flags & SS_DISABLE) != 0, is_off = (now.ss_flags & SS_DISABLE) != 0;
  if (was_off == is_off && (was_off || (now.ss_sp == saved->ss_sp &&
                                        now.ss_size == saved->ss_size)))
    return;
  stack_t back = *saved;
  back.ss_flags = was_off ? SS_DISABLE : 0;
  if (was_off) {
    back.ss_sp = NULL;
    back.ss_size = 0;
  }
  sigaltstack(&back, NULL);
}

/* One comgr action from `in_kind` bytes to `out_kind` bytes. */
static int run_action(amd_comgr_action_kind_t action, const char *what,
                      const flyc_target_t *t, amd_comgr_data_kind_t in_kind,
                      const char *in_name, const void *in, size_t in_size,
                      const char **options, size_t nopts, amd_comgr_data_kind_t out_kind,
                      void **out, size_t *out_size) {
  amd_comgr_data_t data = {0}, result = {0};
  amd_comgr_data_set_t in_set = {0}, out_set = {0};
  amd_comgr_action_info_t info = {0};
  int have_data = 0, have_in = 0, have_out = 0, have_info = 0, have_result = 0;
  int rc = FLYC_OK;
  amd_comgr_status_t s;
  char isa[96];
  snprintf(isa, sizeof isa, "amdgcn-amd-amdhsa--%s", t->id);
  flyc__global_lock();
  flyc__cov_exclusive_begin();
#define TRY(call)                                                                     \
  do {                                                                                \
    if ((s = (call)) != AMD_COMGR_STATUS_SUCCESS) {                                   \
      rc = flyc__error_set(FLYC_ECOMPILE, "comgr %s for %s failed at %s: %s", what,   \
                           t->id, #call, status_str(s));                              \
      goto done;                                                                      \
    }                                                                                 \
  } while (0)
  TRY(amd_comgr_create_data(in_kind, &data));
  have_data = 1;
  TRY(amd_comgr_set_data(data, in_size, in));
  TRY(amd_comgr_set_data_name(data, in_name));
  TRY(amd_comgr_create_data_set(&in_set));
  have_in = 1;
  TRY(amd_comgr_data_set_add(in_set, data));
  TRY(amd_comgr_create_data_set(&out_set));
  have_out = 1;
  TRY(amd_comgr_create_action_info(&info));
  have_info = 1;
  TRY(amd_comgr_action_info_set_isa_name(info, isa));
  TRY(amd_comgr_action_info_set_language(info, AMD_COMGR_LANGUAGE_NONE));
  TRY(amd_comgr_action_info_set_option_list(info, options, nopts));
  TRY(amd_comgr_action_info_set_logging(info, true));
  stack_t alt;
  alt_stack_save(&alt);
  s = amd_comgr_do_action(action, info, in_set, out_set);
  alt_stack_restore(&alt);
  if (s != AMD_COMGR_STATUS_SUCCESS) {
    rc = flyc__error_set(FLYC_ECOMPILE, "comgr %s for %s failed: %s", what, t->id,
                         status_str(s));
    append_log(out_set);
    goto done;
  }
  TRY(amd_comgr_action_data_get_data(out_set, out_kind, 0, &result));
  have_result = 1;
  size_t sz = 0;
  TRY(amd_comgr_get_data(result, &sz, NULL));
  *out = malloc(sz ? sz : 1);
  if (!*out) {
    rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
    goto done;
  }
  TRY(amd_comgr_get_data(result, &sz, *out));
  *out_size = sz;
#undef TRY
done:
  if (rc != FLYC_OK && *out) {
    free(*out);
    *out = NULL;
  }
  if (have_result)
    amd_comgr_release_data(result);
  if (have_info)
    amd_comgr_destroy_action_info(info);
  if (have_out)
    amd_comgr_destroy_data_set(out_set);
  if (have_in)
    amd_comgr_destroy_data_set(in_set);
  if (have_data)
    amd_comgr_release_data(data);
  flyc__cov_exclusive_end();
  flyc__global_unlock();
  return rc;
}

int flyc__comgr_codegen_bc(const flyc_target_t *t, int cov, int opt_level,
                           const void *bc, size_t bc_size, void **reloc,
                           size_t *reloc_size) {
  char olevel[8], covopt[40];
  snprintf(olevel, sizeof olevel, "-O%d", opt_level);
  snprintf(covopt, sizeof covopt, "-mcode-object-version=%d", cov);
  const char *opts[] = {olevel, covopt};
  *reloc = NULL;
  return run_action(AMD_COMGR_ACTION_CODEGEN_BC_TO_RELOCATABLE, "codegen (bitcode to "
                    "relocatable)", t, AMD_COMGR_DATA_KIND_BC, "flyc.bc", bc, bc_size, opts,
                    2, AMD_COMGR_DATA_KIND_RELOCATABLE, reloc, reloc_size);
}

int flyc__comgr_link(const flyc_target_t *t, int cov, const void *reloc,
                     size_t reloc_size, void **exe, size_t *exe_size) {
  char covopt[40];
  snprintf(covopt, sizeof covopt, "-mcode-object-version=%d", cov);
  /* Without --no-undefined the link succeeds and the load fails (303). */
  const char *opts[] = {"-Wl,--no-undefined", covopt};
  *exe = NULL;
  return run_action(AMD_COMGR_ACTION_LINK_RELOCATABLE_TO_EXECUTABLE,
                    "link (relocatable to executable)", t, AMD_COMGR_DATA_KIND_RELOCATABLE,
                    "flyc.o", reloc, reloc_size, opts, 2, AMD_COMGR_DATA_KIND_EXECUTABLE,
                    exe, exe_size);
}

/* ---- metadata ---- */

static char *md_string(amd_comgr_metadata_node_t node) {
  amd_comgr_metadata_kind_t kind;
  if (amd_comgr_get_metadata_kind(node, &kind) != AMD_COMGR_STATUS_SUCCESS ||
      kind != AMD_COMGR_METADATA_KIND_STRING)
    return NULL;
  size_t sz = 0;
  if (amd_comgr_get_metadata_string(node, &sz, NULL) != AMD_COMGR_STATUS_SUCCESS)
    return NULL;
  char *s = malloc(sz + 1);
  if (!s)
    return NULL;
  if (amd_comgr_get_metadata_string(node, &sz, s) != AMD_COMGR_STATUS_SUCCESS) {
    free(s);
    return NULL;
  }
  s[sz] = '\0';
  return s;
}

/* The string under `key` of map `map`, malloc'd, or NULL. */
static char *lookup_str(amd_comgr_metadata_node_t map, const char *key) {
  amd_comgr_metadata_node_t v;
  if (amd_comgr_metadata_lookup(map, key, &v) != AMD_COMGR_STATUS_SUCCESS)
    return NULL;
  char *s = md_string(v);
  amd_comgr_destroy_metadata(v);
  return s;
}

static uint32_t lookup_u32(amd_comgr_metadata_node_t map, const char *key) {
  char *s = lookup_str(map, key);
  if (!s)
    return 0;
  uint32_t v = strcmp(s, "true") == 0 ? 1 : (uint32_t)strtoul(s, NULL, 0);
  free(s);
  return v;
}

static void lookup_u32_list(amd_comgr_metadata_node_t map, const char *key,
                            uint32_t *out, size_t n) {
  amd_comgr_metadata_node_t list;
  if (amd_comgr_metadata_lookup(map, key, &list) != AMD_COMGR_STATUS_SUCCESS)
    return;
  size_t len = 0;
  if (amd_comgr_get_metadata_list_size(list, &len) == AMD_COMGR_STATUS_SUCCESS)
    for (size_t i = 0; i < len && i < n; i++) {
      amd_comgr_metadata_node_t e;
      if (amd_comgr_index_list_metadata(list, i, &e) != AMD_COMGR_STATUS_SUCCESS)
        continue;
      char *s = md_string(e);
      if (s)
        out[i] = (uint32_t)strtoul(s, NULL, 0);
      free(s);
      amd_comgr_destroy_metadata(e);
    }
  amd_comgr_destroy_metadata(list);
}

static const char *keep(flyc_artifact_t *a, char *s, int *oom) {
  const char *k = flyc__artifact_strdup(a, s ? s : "");
  free(s);
  if (!k)
    *oom = 1;
  return k ? k : "";
}

static int read_args(flyc_artifact_t *a, amd_comgr_metadata_node_t kmap,
                     flyc_kernel_info_t *k, int *oom) {
  amd_comgr_metadata_node_t list;
  if (amd_comgr_metadata_lookup(kmap, ".args", &list) != AMD_COMGR_STATUS_SUCCESS)
    return FLYC_OK;
  size_t n = 0;
  amd_comgr_get_metadata_list_size(list, &n);
  flyc_kernel_arg_t *args = n ? calloc(n, sizeof *args) : NULL;
  if (n && !args) {
    amd_comgr_destroy_metadata(list);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  for (size_t i = 0; i < n; i++) {
    amd_comgr_metadata_node_t am;
    if (amd_comgr_index_list_metadata(list, i, &am) != AMD_COMGR_STATUS_SUCCESS)
      continue;
    args[i].name = keep(a, lookup_str(am, ".name"), oom);
    args[i].value_kind = keep(a, lookup_str(am, ".value_kind"), oom);
    args[i].address_space = keep(a, lookup_str(am, ".address_space"), oom);
    args[i].offset = lookup_u32(am, ".offset");
    args[i].size = lookup_u32(am, ".size");
    amd_comgr_destroy_metadata(am);
  }
  amd_comgr_destroy_metadata(list);
  k->args = args;
  k->arg_count = n;
  return FLYC_OK;
}

int flyc__code_object_metadata(flyc_artifact_t *a, const void *code, size_t size) {
  amd_comgr_data_t data;
  amd_comgr_metadata_node_t root, kernels;
  int rc = FLYC_OK, oom = 0;
  flyc__global_lock();
  if (amd_comgr_create_data(AMD_COMGR_DATA_KIND_EXECUTABLE, &data) !=
      AMD_COMGR_STATUS_SUCCESS) {
    flyc__global_unlock();
    return flyc__error_set(FLYC_ENOMEM, "comgr could not create a data object");
  }
  amd_comgr_status_t s = amd_comgr_set_data(data, size, code);
  if (s == AMD_COMGR_STATUS_SUCCESS)
    s = amd_comgr_get_data_metadata(data, &root);
  if (s != AMD_COMGR_STATUS_SUCCESS) {
    amd_comgr_release_data(data);
    flyc__global_unlock();
    return flyc__error_set(FLYC_ECOMPILE, "comgr cannot read the code object metadata: %s",
                           status_str(s));
  }
  s = amd_comgr_metadata_lookup(root, "amdhsa.kernels", &kernels);
  if (s != AMD_COMGR_STATUS_SUCCESS) {
    rc = flyc__error_set(FLYC_ECOMPILE,
                         "the code object has no amdhsa.kernels metadata (code object "
                         "version 3 or newer is required)");
  } else {
    size_t n = 0;
    amd_comgr_get_metadata_list_size(kernels, &n);
    a->kernels = n ? calloc(n, sizeof *a->kernels) : NULL;
    if (n && !a->kernels)
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
    for (size_t i = 0; i < n && rc == FLYC_OK; i++) {
      amd_comgr_metadata_node_t km;
      if (amd_comgr_index_list_metadata(kernels, i, &km) != AMD_COMGR_STATUS_SUCCESS)
        continue;
      flyc_kernel_info_t *k = &a->kernels[a->kernel_count++];
      k->size = sizeof *k;
      /* Every field the metadata has (artifact.h's list). */
#define META_STR(f, key) k->f = keep(a, lookup_str(km, key), &oom);
#define META_U32(f, key) k->f = lookup_u32(km, key);
#define META_DIM3(f, key) lookup_u32_list(km, key, k->f, 3);
#define META_OWN(f, key) /* flyc's own: not in the metadata */
#define META_REG META_U32
#define META_OPT META_U32
#define META_BOOL META_U32
#define META(f, kind, key, column, width) META_##kind(f, key)
      FLYC_KERNEL_INFO_FIELDS(META)
      rc = read_args(a, km, k, &oom);
      amd_comgr_destroy_metadata(km);
    }
    amd_comgr_destroy_metadata(kernels);
  }
  amd_comgr_destroy_metadata(root);
  amd_comgr_release_data(data);
  flyc__global_unlock();
  if (rc == FLYC_OK && oom)
    rc = flyc__error_set(FLYC_ENOMEM, "out of memory reading kernel metadata");
  return rc;
}

#else /* !FLYC_HAVE_COMGR */

int flyc__comgr_available(void) { return 0; }
const char *flyc__comgr_version_string(void) { return NULL; }
const char *flyc_comgr_version(void) { return NULL; }
int flyc__comgr_knows(const char *processor) {
  (void)processor;
  return 0;
}
int flyc__comgr_llvm_major(void) { return 0; }
int flyc__comgr_codegen_bc(const flyc_target_t *t, int cov, int opt_level,
                           const void *bc, size_t bc_size, void **reloc,
                           size_t *reloc_size) {
  (void)cov, (void)opt_level, (void)bc, (void)bc_size, (void)reloc, (void)reloc_size;
  return flyc__error_set(FLYC_EUNSUPPORTED, "flyc was built without comgr (target %s)",
                         t->id);
}
int flyc__comgr_link(const flyc_target_t *t, int cov, const void *reloc,
                     size_t reloc_size, void **exe, size_t *exe_size) {
  (void)cov, (void)reloc, (void)reloc_size, (void)exe, (void)exe_size;
  return flyc__error_set(FLYC_EUNSUPPORTED, "flyc was built without comgr (target %s)",
                         t->id);
}
#endif
