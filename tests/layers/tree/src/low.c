/* Layer 1, calls up into high.c: an upward edge. */
#include "fx.h"
int low_fn(void) { return high_fn() + 1; }
int low_ok(void) { return 2; }
