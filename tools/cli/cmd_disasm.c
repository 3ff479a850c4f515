/* flyc disasm */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

void usage_disasm(FILE *f) {
  fprintf(f, "usage: flyc disasm FILE\n"
             "\n"
             "Disassembles an AMDGPU code object (AMDGPU ISA, LLVM's disassembler);\n"
             "a PTX file is printed as it is.\n");
}

static int write_stdout(const char *text, size_t len, void *payload) {
  (void)payload;
  return fwrite(text, 1, len, stdout) == len ? 0 : 1;
}

int cmd_disasm(int argc, char **argv) {
  const char *file = NULL;
  for (int i = 0; i < argc; i++) {
    if (is_help(argv[i])) {
      usage_disasm(stdout);
      return 0;
    } else if (argv[i][0] == '-' && argv[i][1])
      return usage_error(usage_disasm, "unknown option '%s'", argv[i]);
    else if (!file)
      file = argv[i];
    else
      return usage_error(usage_disasm, "more than one file ('%s')", argv[i]);
  }
  if (!file)
    return usage_error(usage_disasm, "%s", "no file given");
  flyc_artifact_t *a;
  int rc = read_artifact(file, &a);
  if (rc)
    return rc;
  if (flyc_artifact_disassemble(a, write_stdout, NULL))
    rc = fail();
  flyc_artifact_destroy(a);
  return rc;
}
