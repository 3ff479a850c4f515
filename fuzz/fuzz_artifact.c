/* The artifact byte form (what the disk cache and the isolated compile's
 * child hand back): flyc__artifact_deserialize, and for what it accepts, a
 * round trip: serialize, deserialize, serialize again gives the same bytes.
 * Seeds: payloads of real cache entries (fuzz/corpus/artifact). */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "internal.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  flyc_artifact_t *a = NULL;
  int rc = flyc__artifact_deserialize(data, size, &a);
  fuzz_check_status(rc, "flyc__artifact_deserialize");
  if (rc != FLYC_OK)
    return 0;
  fuzz_touch_artifact(a);
  flyc_buf_t b1 = {0}, b2 = {0};
  flyc_artifact_t *a2 = NULL;
  if (flyc__artifact_serialize(a, &b1) != FLYC_OK ||
      flyc__artifact_deserialize(b1.data, b1.len, &a2) != FLYC_OK ||
      flyc__artifact_serialize(a2, &b2) != FLYC_OK)
    __builtin_trap(); /* what was read must write and read back */
  if (b1.len != b2.len || memcmp(b1.data, b2.data, b1.len) != 0)
    __builtin_trap();
  flyc__buf_free(&b1);
  flyc__buf_free(&b2);
  flyc_artifact_destroy(a2);
  flyc_artifact_destroy(a);
  return 0;
}
