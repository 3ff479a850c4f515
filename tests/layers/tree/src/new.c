/* In no line of the map. */
#include "fx.h"
int new_fn(void) { return 4; }
