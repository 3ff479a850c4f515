/* Layer 2, the other half of the cycle. */
#include "fx.h"
int b_fn(int n) { return n > 0 ? a_fn(n - 1) : 0; }
