/* Runs committed inputs through a fuzz target's LLVMFuzzerTestOneInput, in
 * any build (no libFuzzer): `replay_<target> PATH...`, each PATH a file or a
 * directory of files (not recursive). Fails when a PATH holds no input (a
 * test that replays nothing proves nothing); a broken promise aborts in the
 * target, a sanitizer report ends the process. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "replay: cannot open %s\n", path);
    return -1;
  }
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = malloc(cap);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      unsigned char *nb = realloc(buf, cap *= 2);
      if (!nb)
        free(buf);
      buf = nb;
    }
  }
  fclose(f);
  if (!buf)
    return -1;
  /* libFuzzer hands over a copy of exactly the input's size. */
  unsigned char *exact = malloc(n ? n : 1);
  memcpy(exact, buf, n);
  free(buf);
  fprintf(stderr, "replay: %s (%zu bytes)\n", path, n);
  LLVMFuzzerTestOneInput(exact, n);
  free(exact);
  return 0;
}

static long replay_path(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "replay: %s does not exist\n", path);
    return -1;
  }
  if (!S_ISDIR(st.st_mode))
    return replay_file(path) == 0 ? 1 : -1;
  DIR *d = opendir(path);
  if (!d)
    return -1;
  char **names = NULL;
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.' || !strcmp(e->d_name, "README.md"))
      continue;
    char **nn = realloc(names, (n + 1) * sizeof *nn);
    if (!nn)
      break;
    names = nn;
    names[n] = malloc(strlen(path) + strlen(e->d_name) + 2);
    sprintf(names[n], "%s/%s", path, e->d_name);
    n++;
  }
  closedir(d);
  qsort(names, n, sizeof *names, by_name);
  long count = 0;
  for (size_t i = 0; i < n; i++) {
    if (count >= 0 && replay_file(names[i]) == 0)
      count++;
    else
      count = -1;
    free(names[i]);
  }
  free(names);
  return count;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s PATH...\n", argv[0]);
    return 2;
  }
  LLVMFuzzerInitialize(&argc, &argv);
  for (int i = 1; i < argc; i++) {
    long n = replay_path(argv[i]);
    if (n <= 0) {
      fprintf(stderr, "replay: no input replayed from %s\n", argv[i]);
      return 1;
    }
    printf("replay: %ld inputs from %s\n", n, argv[i]);
  }
  return 0;
}
