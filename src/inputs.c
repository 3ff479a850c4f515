/* Link library bytes: read once per process (by file identity), caller
 * bitcode checked in a child, and loaded lazily into the compile's context. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <xxhash.h>

#include "internal.h"

/* A library's checked text (isolate.c) back to bitcode by this process's
 * LLVM: *out is malloc'd. */
static int text_to_bitcode(const char *path, const char *text, void **out, size_t *out_size) {
  int rc = FLYC_OK;
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), path);
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  if (!mb || LLVMParseIRInContext(ctx, mb, &m, &msg) || !m) { /* takes mb */
    rc = flyc__error_set(FLYC_ELINK,
                         "link library '%s' is malformed bitcode: LLVM's reader accepted "
                         "it, but its disassembly does not parse: %s",
                         path, msg ? msg : "unknown error");
  } else {
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
    *out_size = bc ? LLVMGetBufferSize(bc) : 0;
    *out = bc ? malloc(*out_size) : NULL;
    if (!*out)
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory rewriting '%s'", path);
    else
      memcpy(*out, LLVMGetBufferStart(bc), *out_size);
    if (bc)
      LLVMDisposeMemoryBuffer(bc);
  }
  LLVMDisposeMessage(msg);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return rc;
}

/* A library's checked text as the form the memo keeps: bitcode again, or
 * the text itself for a `.ll` name (parsed as text, whatever its bytes were);
 * *out is malloc'd. */
static int checked_form(const char *path, char *text, void **out, size_t *out_size) {
  size_t n = strlen(path);
  if (n >= 3 && strcmp(path + n - 3, ".ll") == 0) {
    *out_size = strlen(text);
    if (!(*out = strdup(text)))
      return flyc__error_set(FLYC_ENOMEM, "out of memory rewriting '%s'", path);
    return FLYC_OK;
  }
  return text_to_bitcode(path, text, out, out_size);
}

/* Caller bitcode, rewritten through text in a child (isolate.c) and back:
 * *out is malloc'd. */
static int checked_bitcode(const char *path, const void *data, size_t size, void **out,
                           size_t *out_size) {
  char *text = NULL;
  int rc = flyc__bitcode_to_text(data, size, "link library", path, FLYC_ELINK, &text);
  if (rc)
    return rc;
  rc = checked_form(path, text, out, out_size);
  free(text);
  return rc;
}


/* The bytes to parse for library `path`: from the cache, and for untrusted
 * bitcode in its checked form (isolate.c), which the cache then keeps.
 * `*owned` says whether the caller frees them. */
static int library_bytes(const char *path, int check, const void **out, size_t *out_size,
                         int *out_owned, char digest[33]) {
  const void *data = NULL;
  size_t size = 0;
  int owned = 0, checked = 0;
  flyc__file_t *entry = NULL;
  int rc = flyc__file_read(path, &data, &size, &owned, &entry, &checked, digest);
  if (rc)
    return rc;
  /* Before any reader, trusted or not, and whatever the name: bitcode of a
   * newer LLVM is refused, never read (or replaced by another copy). The
   * checked form is this LLVM's own bitcode. */
  if (!checked && flyc__is_bitcode(data, size) &&
      (rc = flyc__check_producer(data, size, "link library", path, FLYC_ELINK))) {
    if (owned)
      free((void *)data);
    return rc;
  }
  if (check && !checked && flyc__is_bitcode(data, size)) {
    void *clean = NULL;
    size_t clean_size = 0;
    rc = checked_bitcode(path, data, size, &clean, &clean_size);
    if (owned)
      free((void *)data);
    if (rc)
      return rc;
    owned = !flyc__file_adopt_checked(entry, clean, clean_size);
    data = clean;
    size = clean_size;
  }
  *out = data;
  *out_size = size;
  *out_owned = owned;
  return FLYC_OK;
}

/* One library to check: its memo entry (NULL when the memo is full). */
typedef struct lib_check {
  const char *path;
  const void *data;
  int owned;
  flyc__file_t *entry;
} lib_check_t;

/* The caller's library `path` when it needs a check (untrusted bitcode this
 * LLVM may read, not checked yet): 1 and *l filled; 0 when it needs none or
 * the pipeline will report it (unreadable, newer bitcode). */
static int needs_check(const char *path, lib_check_t *l, size_t *size) {
  int checked = 0;
  char digest[33];
  *l = (lib_check_t){path, NULL, 0, NULL};
  if (flyc__file_read(path, &l->data, size, &l->owned, &l->entry, &checked, digest))
    return 0;
  if (!checked && flyc__is_bitcode(l->data, *size) &&
      flyc__check_producer(l->data, *size, "link library", path, FLYC_ELINK) == FLYC_OK)
    return 1;
  if (l->owned)
    free((void *)l->data);
  return 0;
}

int flyc__inputs_check(const flyc_compile_options_t *o, const void *data, size_t size,
                       const char *name, char **input_text) {
  *input_text = NULL;
  if (o->flags & FLYC_COMPILE_TRUSTED_BITCODE)
    return FLYC_OK;
  size_t n = 0, nlib = 0;
  flyc__bc_item_t *items = calloc(o->link_library_count + 1, sizeof *items);
  lib_check_t *libs = calloc(o->link_library_count + 1, sizeof *libs);
  if (!items || !libs) {
    free(items);
    free(libs);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  /* What fails here is the pipeline's to report, in its order. */
  flyc__error_saved_t sv;
  flyc__error_save(&sv);
  int has_input = data && size && flyc__is_bitcode(data, size) &&
                  flyc__check_producer(data, size, "input", name, FLYC_EIR) == FLYC_OK;
  if (has_input)
    items[n++] = (flyc__bc_item_t){data, size, "input", name, FLYC_EIR, NULL};
  for (size_t i = 0; i < o->link_library_count; i++) {
    size_t lsize = 0;
    int dup = 0;
    for (size_t k = 0; k < nlib && !dup; k++)
      dup = strcmp(libs[k].path, o->link_libraries[i]) == 0;
    if (!dup && needs_check(o->link_libraries[i], &libs[nlib], &lsize)) {
      items[n++] = (flyc__bc_item_t){libs[nlib].data, lsize, "link library",
                                     o->link_libraries[i], FLYC_ELINK, NULL};
      nlib++;
    }
  }
  flyc__error_restore(&sv);
  int rc = flyc__bitcode_to_text_many(items, n);
  for (size_t i = 0; i < nlib; i++) {
    lib_check_t *l = &libs[i];
    const char *text = items[i + (size_t)has_input].text;
    void *clean = NULL;
    size_t clean_size = 0;
    if (rc == FLYC_OK &&
        (rc = checked_form(l->path, (char *)text, &clean, &clean_size)) == FLYC_OK &&
        !flyc__file_adopt_checked(l->entry, clean, clean_size))
      free(clean); /* not in the memo: the pipeline checks it again */
    if (l->owned)
      free((void *)l->data);
    free(items[i + (size_t)has_input].text);
  }
  if (rc == FLYC_OK && has_input)
    *input_text = items[0].text;
  else if (has_input)
    free(items[0].text);
  free(items);
  free(libs);
  return rc;
}

int flyc__inputs_libs(const flyc_compile_options_t *o, flyc__lib_t **out) {
  *out = NULL;
  if (!o->link_library_count)
    return FLYC_OK;
  flyc__lib_t *libs = calloc(o->link_library_count, sizeof *libs);
  if (!libs)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  int check = !(o->flags & FLYC_COMPILE_TRUSTED_BITCODE);
  for (size_t i = 0; i < o->link_library_count; i++) {
    flyc__lib_t *l = &libs[i];
    l->path = o->link_libraries[i];
    /* A failure is the link stage's to report, when it gets there. */
    flyc__error_saved_t sv;
    flyc__error_save(&sv);
    l->rc = library_bytes(l->path, check, &l->data, &l->size, &l->owned, l->digest);
    if (l->rc && !(l->error = strdup(flyc_error_last()->message)))
      l->rc = FLYC_ENOMEM;
    flyc__error_restore(&sv);
  }
  *out = libs;
  return FLYC_OK;
}

void flyc__inputs_libs_free(flyc__lib_t *libs, size_t n) {
  for (size_t i = 0; libs && i < n; i++) {
    if (libs[i].owned)
      free((void *)libs[i].data);
    free(libs[i].error);
  }
  free(libs);
}
