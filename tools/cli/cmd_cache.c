/* flyc cache */
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

typedef struct cache_args {
  const char *what;
  int json;
} cache_args_t;

static const cli_opt_t opts[] = {
    {.kind = OPT_POS, .name = "ACTION", .choices = "list|stats|clear|dir",
     .off = offsetof(cache_args_t, what)},
    CLI_SET("--json", "list and stats as JSON", offsetof(cache_args_t, json)),
};

static const cli_cmd_t cmd = {
    "cache",
    "usage: flyc cache list|stats|clear|dir [--json]\n"
    "\n"
    "Compiles are cached on disk by their full key (flyc, LLVM and comgr\n"
    "versions, target, options, the module, the content of every link and\n"
    "device library). The directory is $FLYC_CACHE_DIR, else\n"
    "$XDG_CACHE_HOME/flyc, else ~/.cache/flyc; FLYC_CACHE=0 turns the caches\n"
    "off; FLYC_CACHE_MAX_BYTES caps the directory (default 1G; k/m/g suffixes),\n"
    "least recently used entries going first.\n"
    "\n"
    "  list    one line per entry, most recently used first: file, bytes, age,\n"
    "          target, kernels, post-load processors\n"
    "  stats   entries and bytes on disk, the cap, whether the disk cache is used\n"
    "  clear   remove every entry this user owns\n"
    "  dir     print the directory\n",
    7, NULL, "unexpected argument '%s'", "unexpected argument '%s'",
    opts, sizeof opts / sizeof opts[0],
};

/* A comma-separated list as a JSON array of strings. */
static cJSON *names_array(const char *list) {
  cJSON *a = cJSON_CreateArray();
  while (*list) {
    size_t n = strcspn(list, ",");
    char buf[512];
    snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf - 1 ? n : sizeof buf - 1), list);
    cJSON_AddItemToArray(a, cJSON_CreateString(buf));
    list += n + (list[n] == ',');
  }
  return a;
}

typedef struct listing {
  cJSON *arr; /* --json */
  size_t n;
} listing_t;

static int list_one(const flyc_cache_entry_t *e, void *p) {
  listing_t *l = p;
  if (l->arr) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "file", e->file);
    cJSON_AddNumberToObject(o, "bytes", (double)e->bytes);
    cJSON_AddNumberToObject(o, "mtime", (double)e->mtime);
    cJSON_AddStringToObject(o, "target", e->target);
    cJSON_AddItemToObject(o, "kernels", names_array(e->kernels));
    cJSON_AddItemToObject(o, "processors", names_array(e->processors));
    cJSON_AddItemToArray(l->arr, o);
    return 0;
  }
  if (!l->n++)
    printf("%-38s  %8s  %9s  %-24s %s\n", "entry", "bytes", "last use", "target",
           "kernels [processors]");
  long age = (long)(time(NULL) - e->mtime);
  const char *base = strrchr(e->file, '/');
  printf("%-38s  %8llu  %7ld s  %-24s %s%s%s%s\n", base ? base + 1 : e->file,
         (unsigned long long)e->bytes, age, e->target, e->kernels, *e->processors ? " [" : "",
         e->processors, *e->processors ? "]" : "");
  return 0;
}

/* Prints a JSON value and frees it. */
static void print_json_value(cJSON *v) {
  char *t = cJSON_Print(v);
  printf("%s\n", t ? t : "null");
  free(t);
  cJSON_Delete(v);
}

static int cache_dir(int json) {
  char dir[4096];
  if (flyc_cache_dir(dir, sizeof dir))
    return fail();
  if (json) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "dir", dir);
    print_json_value(o);
  } else {
    printf("%s\n", dir);
  }
  return 0;
}

static int cache_clear(int json) {
  size_t n;
  if (flyc_cache_clear(&n))
    return fail();
  if (json) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "removed", (double)n);
    print_json_value(o);
  } else {
    printf("removed %zu entr%s\n", n, n == 1 ? "y" : "ies");
  }
  return 0;
}

static int cache_list(int json) {
  listing_t l = {json ? cJSON_CreateArray() : NULL, 0};
  flyc_cache_stats_t before = {sizeof before, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                     after = before;
  flyc_cache_stats(&before);
  if (flyc_cache_list(list_one, &l)) {
    cJSON_Delete(l.arr);
    return fail();
  }
  flyc_cache_stats(&after);
  if (l.arr)
    print_json_value(l.arr);
  else if (!l.n)
    printf("(no entries)\n");
  if (after.corrupt > before.corrupt)
    fprintf(stderr, "%s: %llu unreadable entr%s skipped (a compile of its key replaces it)\n",
            prog, (unsigned long long)(after.corrupt - before.corrupt),
            after.corrupt - before.corrupt == 1 ? "y" : "ies");
  return 0;
}

static int cache_stats(int json) {
  char dir[4096];
  flyc_cache_stats_t st = {sizeof st, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  if (flyc_cache_stats(&st))
    return fail();
  if (flyc_cache_dir(dir, sizeof dir))
    snprintf(dir, sizeof dir, "(none)");
  struct stat dst;
  int made = lstat(dir, &dst) == 0;
  const char *state = st.disk == FLYC_CACHE_DISK_OFF ? "off (FLYC_CACHE)"
                      : st.disk == FLYC_CACHE_DISK_ON
                          ? (made ? "on" : "on (the directory is made at the first write)")
                          : "unusable (no directory, not ours, or writable by others)";
  if (json) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "dir", dir);
    cJSON_AddStringToObject(o, "disk", st.disk == FLYC_CACHE_DISK_ON    ? "on"
                                       : st.disk == FLYC_CACHE_DISK_OFF ? "off"
                                                                        : "unusable");
    cJSON_AddNumberToObject(o, "entries", (double)st.entries);
    cJSON_AddNumberToObject(o, "bytes", (double)st.bytes);
    cJSON_AddNumberToObject(o, "max_bytes", (double)st.max_bytes);
    char *t = cJSON_Print(o);
    printf("%s\n", t ? t : "{}");
    free(t);
    cJSON_Delete(o);
    return 0;
  }
  printf("directory  %s\ndisk cache %s\nentries    %llu\nbytes      %llu of %llu\n", dir,
         state, (unsigned long long)st.entries, (unsigned long long)st.bytes,
         (unsigned long long)st.max_bytes);
  return 0;
}

int cmd_cache(int argc, char **argv) {
  cache_args_t s = {NULL, 0};
  int parsed = opt_parse(&cmd, argc, argv, &s);
  if (parsed >= 0)
    return parsed;
  if (!s.what)
    return usage_error(&cmd, "%s", "no action (list, stats, clear or dir)");
  if (strcmp(s.what, "dir") == 0)
    return cache_dir(s.json);
  if (strcmp(s.what, "clear") == 0)
    return cache_clear(s.json);
  if (strcmp(s.what, "list") == 0)
    return cache_list(s.json);
  return cache_stats(s.json);
}
