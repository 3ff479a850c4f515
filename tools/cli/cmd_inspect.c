/* flyc inspect */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

typedef struct inspect_args {
  const char *file;
  int json;
} inspect_args_t;

static const cli_opt_t opts[] = {
    CLI_POS("FILE", NULL, offsetof(inspect_args_t, file)),
    CLI_SET("--json", NULL, offsetof(inspect_args_t, json)),
};

static const cli_cmd_t cmd = {
    "inspect",
    "usage: flyc inspect FILE [--json]\n"
    "\n"
    "Prints the target, code object version and a table of kernels (registers,\n"
    "LDS, scratch, kernarg segment, workgroup size, wavefront, spills) of an\n"
    "AMDGPU code object or a PTX file. --json prints the same as JSON, with\n"
    "every kernel argument.\n",
    0, NULL, "unknown option '%s'", "more than one file ('%s')",
    opts, sizeof opts / sizeof opts[0],
};

int cmd_inspect(int argc, char **argv) {
  inspect_args_t s = {NULL, 0};
  int parsed = opt_parse(&cmd, argc, argv, &s);
  if (parsed >= 0)
    return parsed;
  const char *file = s.file;
  int json = s.json;
  if (!file)
    return usage_error(&cmd, "%s", "no file given");
  flyc_artifact_t *a;
  int rc = read_artifact(file, &a);
  if (rc)
    return rc;
  if (json)
    rc = print_json(a);
  else
    print_table(a, stdout);
  flyc_artifact_destroy(a);
  return rc;
}
