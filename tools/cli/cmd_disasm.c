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

typedef struct disasm_args {
  const char *file;
} disasm_args_t;

static const cli_opt_t opts[] = {
    CLI_POS("FILE", NULL, offsetof(disasm_args_t, file)),
};

static const cli_cmd_t cmd = {
    "disasm",
    "usage: flyc disasm FILE\n"
    "\n"
    "Disassembles an AMDGPU code object (AMDGPU ISA, LLVM's disassembler);\n"
    "a PTX file is printed as it is.\n",
    0, NULL, "unknown option '%s'", "more than one file ('%s')",
    opts, sizeof opts / sizeof opts[0],
};

static int write_stdout(const char *text, size_t len, void *payload) {
  (void)payload;
  return fwrite(text, 1, len, stdout) == len ? 0 : 1;
}

int cmd_disasm(int argc, char **argv) {
  disasm_args_t s = {NULL};
  int parsed = opt_parse(&cmd, argc, argv, &s);
  if (parsed >= 0)
    return parsed;
  const char *file = s.file;
  if (!file)
    return usage_error(&cmd, "%s", "no file given");
  flyc_artifact_t *a;
  int rc = read_artifact(file, &a);
  if (rc)
    return rc;
  if (flyc_artifact_disassemble(a, write_stdout, NULL))
    rc = fail();
  flyc_artifact_destroy(a);
  return rc;
}
