/* Layer 2, calls nothing. */
#include "fx.h"
int high_fn(void) { return 3; }
