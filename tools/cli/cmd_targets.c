/* flyc targets */
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

static const cli_opt_t opts[] = {
    CLI_SET("--json", NULL, 0), /* into an int */
};

static const cli_cmd_t cmd = {
    "targets",
    "usage: flyc targets [--json]\n"
    "\n"
    "Lists every processor this build of flyc can target: family, wavefront\n"
    "size, target features, and the codegen paths that can serve it.\n",
    0, NULL, "unknown argument '%s'", "unknown argument '%s'",
    opts, sizeof opts / sizeof opts[0],
};

static void paths_str(uint32_t paths, char *buf, size_t n) {
  buf[0] = '\0';
  for (flyc_codegen_t c = FLYC_CODEGEN_COMGR; c <= FLYC_CODEGEN_LLD_LIB; c++)
    if (paths & (1u << c)) {
      size_t l = strlen(buf);
      snprintf(buf + l, n - l, "%s%s", l ? "," : "", flyc_codegen_name(c));
    }
  if (!buf[0])
    snprintf(buf, n, "(none)");
}

int cmd_targets(int argc, char **argv) {
  int json = 0;
  int parsed = opt_parse(&cmd, argc, argv, &json);
  if (parsed >= 0)
    return parsed;
  size_t n = flyc_target_count();
  cJSON *root = json ? cJSON_CreateArray() : NULL;
  if (!json)
    printf("LLVM %s, comgr %s\n%-10s %-7s %5s %-16s %s\n", flyc_llvm_version(),
           flyc_comgr_version() ? flyc_comgr_version() : "(none)", "processor", "family",
           "wave", "features", "codegen paths");
  for (size_t i = 0; i < n; i++) {
    flyc_target_info_t t = FLYC_TARGET_INFO_INIT;
    if (flyc_target_get(i, &t))
      return fail();
    char paths[96], feats[32], ptx[16];
    paths_str(t.codegen_paths, paths, sizeof paths);
    snprintf(feats, sizeof feats, "%s%s%s", t.has_sramecc ? "sramecc" : "",
             t.has_sramecc && t.has_xnack ? "," : "", t.has_xnack ? "xnack" : "");
    if (t.family == FLYC_TARGET_NVPTX)
      snprintf(feats, sizeof feats, "ptx%u.%u", t.ptx_version / 10, t.ptx_version % 10);
    if (json) {
      cJSON *o = cJSON_CreateObject();
      cJSON_AddStringToObject(o, "processor", t.processor);
      cJSON_AddStringToObject(o, "family",
                              t.family == FLYC_TARGET_AMDGPU ? "amdgpu" : "nvptx");
      cJSON_AddNumberToObject(o, "wavefront_size", t.wavefront_size);
      cJSON_AddBoolToObject(o, "xnack", t.has_xnack);
      cJSON_AddBoolToObject(o, "sramecc", t.has_sramecc);
      if (t.family == FLYC_TARGET_NVPTX) {
        snprintf(ptx, sizeof ptx, "%u.%u", t.ptx_version / 10, t.ptx_version % 10);
        cJSON_AddStringToObject(o, "ptx_version", ptx);
      }
      cJSON *p = cJSON_AddArrayToObject(o, "codegen_paths");
      for (flyc_codegen_t c = FLYC_CODEGEN_COMGR; c <= FLYC_CODEGEN_LLD_LIB; c++)
        if (t.codegen_paths & (1u << c))
          cJSON_AddItemToArray(p, cJSON_CreateString(flyc_codegen_name(c)));
      cJSON_AddItemToArray(root, o);
    } else {
      printf("%-10s %-7s %5u %-16s %s\n", t.processor,
             t.family == FLYC_TARGET_AMDGPU ? "amdgpu" : "nvptx", t.wavefront_size,
             feats[0] ? feats : "-", paths);
    }
  }
  if (json) {
    char *s = cJSON_Print(root);
    cJSON_Delete(root);
    if (!s)
      return EXIT_FAIL;
    printf("%s\n", s);
    cJSON_free(s);
  }
  return 0;
}
