/* flyc: the command-line tool. compile, inspect, disasm, targets, run, cache. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

const char *prog = "flyc";

static void usage_main(FILE *f) {
  fprintf(f,
          "usage: flyc <command> [options]\n"
          "\n"
          "JIT compiler for GPU kernels: LLVM IR (and device bitcode) in, AMDGPU code\n"
          "object or PTX out.\n"
          "\n"
          "commands:\n"
          "  compile   compile a .ll/.bc kernel module to a code object or PTX\n"
          "  inspect   print the kernel table of a code object or PTX file\n"
          "  disasm    disassemble a code object (AMDGPU ISA); print PTX as text\n"
          "  targets   list the processors this build can target, and by which path\n"
          "  run       load a code object or PTX on a GPU and launch a kernel\n"
          "  cache     list, count or clear the compile cache\n"
          "\n"
          "`flyc <command> --help` explains each. `flyc --version` prints versions.\n");
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage_main(stderr);
    return EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (is_help(cmd)) {
    usage_main(stdout);
    return 0;
  }
  if (strcmp(cmd, "--version") == 0) {
    printf("flyc %s (LLVM %s, comgr %s)\n", FLYC_VERSION_STRING, flyc_llvm_version(),
           flyc_comgr_version() ? flyc_comgr_version() : "none");
    return 0;
  }
  int rc = -1;
  if (strcmp(cmd, "compile") == 0)
    rc = cmd_compile(argc - 2, argv + 2);
  else if (strcmp(cmd, "inspect") == 0)
    rc = cmd_inspect(argc - 2, argv + 2);
  else if (strcmp(cmd, "disasm") == 0)
    rc = cmd_disasm(argc - 2, argv + 2);
  else if (strcmp(cmd, "targets") == 0)
    rc = cmd_targets(argc - 2, argv + 2);
  else if (strcmp(cmd, "run") == 0)
    rc = cmd_run(argc - 2, argv + 2);
  else if (strcmp(cmd, "cache") == 0)
    rc = cmd_cache(argc - 2, argv + 2);
  if (rc >= 0) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
      fprintf(stderr, "%s: error: cannot write to standard output: %s (FLYC_EIO)\n", prog,
              strerror(errno ? errno : EIO));
      return EXIT_FAIL;
    }
    return rc;
  }
  fprintf(stderr, "%s: unknown command '%s'\n\n", prog, cmd);
  usage_main(stderr);
  return EXIT_USAGE;
}
