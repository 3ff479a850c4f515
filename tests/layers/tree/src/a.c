/* Layer 2: a.c and b.c call each other (a cycle); a.c -> low.c is denied
   by the map but for low_ok. */
#include "fx.h"
int a_fn(int n) { return n > 0 ? b_fn(n - 1) + low_fn() + low_ok() : 0; }
