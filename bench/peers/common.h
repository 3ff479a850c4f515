/* Small helpers shared by the peer programs. */
#ifndef FLYC_BENCH_PEERS_COMMON_H
#define FLYC_BENCH_PEERS_COMMON_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Read a whole file into a NUL-terminated malloc'd buffer. */
static char *peer_read_file(const char *path, size_t *len_out) {
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); return NULL; }
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)len + 1);
  if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) {
    fprintf(stderr, "cannot read %s\n", path); fclose(f); free(buf); return NULL;
  }
  buf[len] = 0;
  fclose(f);
  if (len_out) *len_out = (size_t)len;
  return buf;
}

static int peer_write_file(const char *path, const void *data, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f) { perror(path); return -1; }
  size_t w = fwrite(data, 1, len, f);
  fclose(f);
  return w == len ? 0 : -1;
}

/* "dir/vadd.hip" -> "vadd" into out. */
static void peer_stem(const char *path, char *out, size_t cap) {
  const char *s = strrchr(path, '/');
  s = s ? s + 1 : path;
  snprintf(out, cap, "%s", s);
  char *dot = strrchr(out, '.');
  if (dot) *dot = 0;
}
#endif
