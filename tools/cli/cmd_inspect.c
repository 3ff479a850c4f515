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

void usage_inspect(FILE *f) {
  fprintf(f, "usage: flyc inspect FILE [--json]\n"
             "\n"
             "Prints the target, code object version and a table of kernels (registers,\n"
             "LDS, scratch, kernarg segment, workgroup size, wavefront, spills) of an\n"
             "AMDGPU code object or a PTX file. --json prints the same as JSON, with\n"
             "every kernel argument.\n");
}

int cmd_inspect(int argc, char **argv) {
  const char *file = NULL;
  int json = 0;
  for (int i = 0; i < argc; i++) {
    if (is_help(argv[i])) {
      usage_inspect(stdout);
      return 0;
    } else if (strcmp(argv[i], "--json") == 0)
      json = 1;
    else if (argv[i][0] == '-' && argv[i][1])
      return usage_error(usage_inspect, "unknown option '%s'", argv[i]);
    else if (!file)
      file = argv[i];
    else
      return usage_error(usage_inspect, "more than one file ('%s')", argv[i]);
  }
  if (!file)
    return usage_error(usage_inspect, "%s", "no file given");
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
