/* The inputs, resolved in front of the pipeline: the caller's bitcode input
 * checked in a child (isolate.c), and the link libraries' bytes, read once
 * per process (by file identity, files.c). */
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

/* The bytes of library `path`, from the file memo (files.c), after the
 * refusal of newer bitcode. `*owned` says whether the caller frees them. */
static int library_bytes(const char *path, const void **out, size_t *out_size,
                         int *out_owned, char digest[33]) {
  const void *data = NULL;
  size_t size = 0;
  int owned = 0;
  int rc = flyc__file_read(path, &data, &size, &owned, digest);
  if (rc)
    return rc;
  /* Before any reader, trusted or not, and whatever the name: bitcode of a
   * newer LLVM is refused, never read (or replaced by another copy). */
  if (flyc__is_bitcode(data, size) &&
      (rc = flyc__check_producer(data, size, "link library", path, FLYC_ELINK))) {
    if (owned)
      free((void *)data);
    return rc;
  }
  *out = data;
  *out_size = size;
  *out_owned = owned;
  return FLYC_OK;
}

int flyc__inputs_check(const flyc_compile_options_t *o, const void *data, size_t size,
                       const char *name, char **input_text) {
  *input_text = NULL;
  if (o->flags & FLYC_COMPILE_TRUSTED_BITCODE)
    return FLYC_OK;
  /* What fails here is the pipeline's to report, in its order. */
  flyc__error_saved_t sv;
  flyc__error_save(&sv);
  int has_input = data && size && flyc__is_bitcode(data, size) &&
                  flyc__check_producer(data, size, "input", name, FLYC_EIR) == FLYC_OK;
  flyc__error_restore(&sv);
  if (!has_input)
    return FLYC_OK;
  flyc__bc_item_t it = {data, size, "input", name, FLYC_EIR, NULL, NULL, NULL, NULL};
  int rc = flyc__bitcode_to_text_many(&it, 1);
  if (rc == FLYC_OK)
    *input_text = it.text;
  return rc;
}

int flyc__inputs_libs(const flyc_compile_options_t *o, flyc__lib_t **out) {
  *out = NULL;
  if (!o->link_library_count)
    return FLYC_OK;
  flyc__lib_t *libs = calloc(o->link_library_count, sizeof *libs);
  if (!libs)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (size_t i = 0; i < o->link_library_count; i++) {
    flyc__lib_t *l = &libs[i];
    l->path = o->link_libraries[i];
    /* A failure is the link stage's to report, when it gets there. */
    flyc__error_saved_t sv;
    flyc__error_save(&sv);
    /* Bitcode is only identified here (its hash, from the memo or a map
     * of the file): its bytes are read when a closure must be made, which
     * the library cache mostly spares. Text is read now; so is anything
     * identify cannot vouch for, to give its error. */
    int bitcode = 0;
    if (flyc__file_identify(l->path, l->digest, &bitcode) == 0 && bitcode)
      l->bitcode = 1;
    else
      l->rc = library_bytes(l->path, &l->data, &l->size, &l->owned, l->digest);
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
