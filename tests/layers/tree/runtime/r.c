/* Layer 0, includes a src/ header (and a denied one): never compiled. */
#include "../src/fx.h"
#include "flyc/compile.h"
int r_fn(void) { return 5; }
