/* Every public header compiles on its own, as C99 and as C++, under
 * -Wall -Wextra -pedantic -Werror (built, not run). */
#include "flyc/common.h"
#include "flyc/artifact.h"
#include "flyc/compile.h"
#include "flyc/llvm.h"
#include "flyc/kernel.h"
#include "flyc/builder.h"
#include "flyc/runtime.h"
#include "flyc/driver.h"
#include "flyc.h"
int flyc_header_check(void);
int flyc_header_check(void) { return FLYC_OK; }
