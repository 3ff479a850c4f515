/* What the commands share for output: errors, the kernel table and its JSON,
 * reading an artifact, writing a file. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cli.h"

int fail(void) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: error: %s (%s)\n", prog, e->message, flyc_status_name(e->code));
  return EXIT_FAIL;
}

void print_table(const flyc_artifact_t *a, FILE *f) {
  size_t size;
  flyc_artifact_code(a, &size);
  int ptx = flyc_artifact_format(a) == FLYC_CODE_PTX;
  int v = flyc_artifact_code_object_version(a);
  if (ptx)
    fprintf(f, "target %s  PTX ISA %d.%d  %zu bytes\n", flyc_artifact_target(a), v / 10,
            v % 10, size);
  else if (flyc_artifact_codegen(a))
    fprintf(f, "target %s  code object v%d  codegen %s  %zu bytes\n",
            flyc_artifact_target(a), v, flyc_codegen_name(flyc_artifact_codegen(a)), size);
  else /* read from a file: the path that made it is not recorded */
    fprintf(f, "target %s  code object v%d  %zu bytes\n", flyc_artifact_target(a), v, size);
  /* The columns of artifact.h's field list (the name, a STR, left-aligned),
   * then the two spill counts in one. '-' is "not known": PTX has no
   * register counts before ptxas (REG), and an OPT field of 0 was not given. */
#define HEAD(field, kind, key, column, width)                                             \
  if (width)                                                                              \
    fprintf(f, KIND_IS_STR_##kind ? "%-*s" : " %*s", width, column ? column : "");
#define KIND_IS_STR_STR 1
#define KIND_IS_STR_U32 0
#define KIND_IS_STR_REG 0
#define KIND_IS_STR_OPT 0
#define KIND_IS_STR_BOOL 0
#define KIND_IS_STR_DIM3 0
#define KIND_IS_STR_OWN 0
  FLYC_KERNEL_INFO_FIELDS(HEAD)
  fprintf(f, " %7s\n", "spill");
  for (size_t i = 0; i < flyc_artifact_kernel_count(a); i++) {
    const flyc_kernel_info_t *k = flyc_artifact_kernel(a, i);
    char cell[32];
#define CELL_STR(field, width) fprintf(f, "%-*s", width, k->field);
#define CELL_U32(field, width) fprintf(f, " %*u", width, k->field);
#define CELL_REG(field, width)                                                            \
  snprintf(cell, sizeof cell, "%u", k->field);                                            \
  fprintf(f, " %*s", width, ptx ? "-" : cell);
#define CELL_OPT(field, width)                                                            \
  snprintf(cell, sizeof cell, "%u", k->field);                                            \
  fprintf(f, " %*s", width, k->field ? cell : "-");
#define CELL_BOOL CELL_U32
#define CELL_OWN CELL_U32
#define CELL_DIM3(field, width) /* no column */
#define CELL(field, kind, key, column, width)                                             \
  if (width) {                                                                            \
    CELL_##kind(field, width)                                                             \
  }
    FLYC_KERNEL_INFO_FIELDS(CELL)
    snprintf(cell, sizeof cell, "%u/%u", k->sgpr_spill_count, k->vgpr_spill_count);
    fprintf(f, " %7s\n", ptx ? "-" : cell);
  }
}

int print_json(const flyc_artifact_t *a) {
  cJSON *root = cJSON_CreateObject();
  size_t size;
  flyc_artifact_code(a, &size);
  int ptx = flyc_artifact_format(a) == FLYC_CODE_PTX;
  cJSON_AddStringToObject(root, "format", ptx ? "ptx" : "amdgpu-code-object");
  cJSON_AddStringToObject(root, "target", flyc_artifact_target(a));
  if (ptx) {
    char v[16];
    int n = flyc_artifact_code_object_version(a);
    snprintf(v, sizeof v, "%d.%d", n / 10, n % 10);
    cJSON_AddStringToObject(root, "ptx_version", v);
  } else {
    cJSON_AddNumberToObject(root, "code_object_version",
                            flyc_artifact_code_object_version(a));
    const char *cg = flyc_codegen_name(flyc_artifact_codegen(a));
    if (flyc_artifact_codegen(a))
      cJSON_AddStringToObject(root, "codegen", cg);
    else
      cJSON_AddNullToObject(root, "codegen");
  }
  cJSON_AddNumberToObject(root, "size", (double)size);
  cJSON *ks = cJSON_AddArrayToObject(root, "kernels");
  for (size_t i = 0; i < flyc_artifact_kernel_count(a); i++) {
    const flyc_kernel_info_t *k = flyc_artifact_kernel(a, i);
    cJSON *o = cJSON_CreateObject();
    /* artifact.h's field list, each under its C name. */
#define JSON_STR(field) cJSON_AddStringToObject(o, #field, k->field);
#define JSON_U32(field) cJSON_AddNumberToObject(o, #field, k->field);
#define JSON_BOOL(field) cJSON_AddBoolToObject(o, #field, k->field != 0);
#define JSON_DIM3(field)                                                                  \
  if (k->field[0]) {                                                                      \
    cJSON *r = cJSON_AddArrayToObject(o, #field);                                         \
    for (int d = 0; d < 3; d++)                                                           \
      cJSON_AddItemToArray(r, cJSON_CreateNumber(k->field[d]));                           \
  }
#define JSON_OWN(field) /* not printed */
#define JSON_REG JSON_U32
#define JSON_OPT JSON_U32
#define JSON(field, kind, key, column, width) JSON_##kind(field)
    FLYC_KERNEL_INFO_FIELDS(JSON)
    cJSON *args = cJSON_AddArrayToObject(o, "args");
    for (size_t j = 0; j < k->arg_count; j++) {
      cJSON *ao = cJSON_CreateObject();
      cJSON_AddStringToObject(ao, "name", k->args[j].name);
      cJSON_AddStringToObject(ao, "value_kind", k->args[j].value_kind);
      if (k->args[j].address_space[0])
        cJSON_AddStringToObject(ao, "address_space", k->args[j].address_space);
      cJSON_AddNumberToObject(ao, "offset", k->args[j].offset);
      cJSON_AddNumberToObject(ao, "size", k->args[j].size);
      cJSON_AddItemToArray(args, ao);
    }
    cJSON_AddItemToArray(ks, o);
  }
  char *s = cJSON_Print(root);
  cJSON_Delete(root);
  if (!s) {
    fprintf(stderr, "%s: error: out of memory printing JSON\n", prog);
    return EXIT_FAIL;
  }
  printf("%s\n", s);
  cJSON_free(s);
  return 0;
}

int read_artifact(const char *path, flyc_artifact_t **out) {
  int fd = open(path, O_RDONLY | O_NONBLOCK); /* a FIFO must not block */
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    fprintf(stderr, "%s: error: cannot open '%s': %s\n", prog, path,
            fd < 0 ? strerror(errno) : "not a regular file");
    if (fd >= 0)
      close(fd);
    return EXIT_FAIL;
  }
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    close(fd);
    fprintf(stderr, "%s: error: out of memory\n", prog);
    return EXIT_FAIL;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *nb = realloc(buf, cap *= 2);
      if (!nb) {
        free(buf);
        buf = NULL;
      } else
        buf = nb;
    }
  }
  fclose(f);
  if (!buf) {
    fprintf(stderr, "%s: error: out of memory reading '%s'\n", prog, path);
    return EXIT_FAIL;
  }
  int rc = flyc_artifact_read(out, buf, n);
  free(buf);
  if (rc) {
    const flyc_error_t *e = flyc_error_last();
    fprintf(stderr, "%s: error: '%s': %s (%s)\n", prog, path, e->message,
            flyc_status_name(e->code));
    return EXIT_FAIL;
  }
  return 0;
}

/* Writes the output: a regular file (or a new one) through a temporary file
 * renamed into place, so a failure leaves what was there; "-" (standard
 * output), anything that is not a regular file, a symbolic link, and paths
 * under /dev or /proc (/dev/stdout names a regular file when the shell
 * redirected into one, and renaming over it would replace the link) directly,
 * never removed. */
int write_output(const char *out, const void *code, size_t size) {
  int to_stdout = strcmp(out, "-") == 0;
  struct stat st;
  int special = to_stdout || strncmp(out, "/dev/", 5) == 0 || strncmp(out, "/proc/", 6) == 0 ||
                (lstat(out, &st) == 0 && S_ISLNK(st.st_mode)) ||
                (stat(out, &st) == 0 && !S_ISREG(st.st_mode));
  char *tmp = NULL;
  int exists = !special && stat(out, &st) == 0;
  if (exists && access(out, W_OK) != 0) {
    fprintf(stderr, "%s: error: cannot write '%s': %s (FLYC_EIO)\n", prog, out, strerror(errno));
    return -1;
  }
  if (!special) {
    size_t n = strlen(out) + 16;
    if (!(tmp = malloc(n)))
      return fprintf(stderr, "%s: error: out of memory\n", prog), -1;
    snprintf(tmp, n, "%s.tmp-XXXXXX", out);
  }
  int fd = to_stdout ? dup(STDOUT_FILENO) : special ? open(out, O_WRONLY | O_TRUNC) : mkstemp(tmp);
  int err = fd < 0 ? errno : 0;
  const char *p = code;
  size_t left = size;
  while (!err && left) {
    ssize_t w = write(fd, p, left);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      err = w < 0 ? errno : EIO;
    else {
      p += w;
      left -= (size_t)w;
    }
  }
  if (fd >= 0 && close(fd) != 0 && !err)
    err = errno;
  if (!err && !special) {
    mode_t mask = umask(0); /* mkstemp made it 0600: the old file's mode, or open()'s */
    umask(mask);
    if (chmod(tmp, exists ? st.st_mode & 07777 : 0666 & ~mask) != 0 || rename(tmp, out) != 0)
      err = errno;
  }
  if (err) {
    fprintf(stderr, "%s: error: cannot write '%s': %s (FLYC_EIO)\n", prog, out, strerror(err));
    if (tmp && fd >= 0)
      unlink(tmp);
  }
  free(tmp);
  return err ? -1 : 0;
}
