/* flyc_tensor_map_encode (flyc/runtime.h): a tiled tensor map's
 * description checked against the limits CUDA's Driver API documents for
 * cuTensorMapEncodeTiled (so that a bad one is refused naming its field,
 * on every driver), then encoded by the driver's tensor_map_encode. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "driver.h"

#define DESC_V1 FLYC__SIZE_TO(flyc_tensor_map_desc_t, flags)

/* Bytes an element of `e` takes, or 0 for an unknown type. */
static unsigned elem_bytes(flyc_tensor_elem_t e) {
  static const unsigned bytes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2};
  return (unsigned)e < sizeof bytes / sizeof *bytes ? bytes[e] : 0;
}

static int check(const flyc_tensor_map_desc_t *d) {
  const char *f = "flyc_tensor_map_encode";
  if (d->rank < 1 || d->rank > 5)
    return flyc__error_set(FLYC_EINVAL, "%s: rank %u is not 1 to 5", f, d->rank);
  unsigned eb = elem_bytes(d->elem);
  if (!eb)
    return flyc__error_set(FLYC_EINVAL, "%s: elem %d is not a flyc_tensor_elem_t", f,
                           (int)d->elem);
  if (d->flags & ~FLYC_TENSOR_MAP_LOADS_ONLY)
    return flyc__error_set(FLYC_EINVAL, "%s: flags 0x%x has bits that are not "
                                        "FLYC_TENSOR_MAP_*", f, d->flags);
  if (d->swizzle != 0 && d->swizzle != 32 && d->swizzle != 64 && d->swizzle != 128)
    return flyc__error_set(FLYC_EINVAL, "%s: swizzle %u is not 0, 32, 64 or 128 bytes", f,
                           d->swizzle);
  if (!d->address || d->address % 16)
    return flyc__error_set(FLYC_EINVAL, "%s: address 0x%llx is not a 16-byte aligned device "
                                        "address", f, (unsigned long long)d->address);
  for (unsigned i = 0; i < d->rank; i++) {
    if (d->dims[i] < 1 || d->dims[i] > (1ull << 32))
      return flyc__error_set(FLYC_EINVAL, "%s: dims[%u] %llu is not 1 to 2^32", f, i,
                             (unsigned long long)d->dims[i]);
    if (d->box[i] < 1 || d->box[i] > 256)
      return flyc__error_set(FLYC_EINVAL, "%s: box[%u] %u is not 1 to 256", f, i, d->box[i]);
    if (i && (d->strides[i - 1] % 16 || d->strides[i - 1] >= (1ull << 40) || !d->strides[i - 1]))
      return flyc__error_set(FLYC_EINVAL, "%s: strides[%u] %llu (bytes from one index of "
                                          "dimension %u to the next) is not a nonzero multiple "
                                          "of 16 below 2^40",
                             f, i - 1, (unsigned long long)d->strides[i - 1], i);
  }
  /* CUDA: strides[0] = dims[0] * element size + padding, strides[i] =
   * strides[i - 1] * (dims[i] + padding): no dimension overlaps the next. */
  for (unsigned i = 1; i < d->rank; i++) {
    uint64_t inner = i == 1 ? eb : d->strides[i - 2];
    if (d->dims[i - 1] > d->strides[i - 1] / inner)
      return flyc__error_set(FLYC_EINVAL, "%s: strides[%u] %llu bytes is less than dimension "
                                          "%u's %llu elements of %llu bytes: its indices would "
                                          "overlap",
                             f, i - 1, (unsigned long long)d->strides[i - 1], i - 1,
                             (unsigned long long)d->dims[i - 1], (unsigned long long)inner);
  }
  /* A TMA store writes a row's last 16-byte piece whole (H200, measured:
   * bench/results/gpu-2026-12-05-examples-text-tma.txt). */
  if (!(d->flags & FLYC_TENSOR_MAP_LOADS_ONLY) && d->dims[0] * eb % 16)
    return flyc__error_set(FLYC_EINVAL, "%s: dims[0] %llu elements of %u bytes end a row at byte "
                                        "%llu, not on 16 bytes: a TMA store would write past it "
                                        "(the rest of its 16-byte piece); make the row a "
                                        "multiple of 16 bytes, or set FLYC_TENSOR_MAP_LOADS_ONLY "
                                        "for a map that is only loaded through",
                           f, (unsigned long long)d->dims[0], eb,
                           (unsigned long long)(d->dims[0] * eb));
  uint64_t row = (uint64_t)d->box[0] * eb;
  if (row % 16)
    return flyc__error_set(FLYC_EINVAL, "%s: box[0] %u elements of %u bytes is %llu bytes, not "
                                        "a multiple of 16", f, d->box[0], eb,
                           (unsigned long long)row);
  if (d->swizzle && row > d->swizzle)
    return flyc__error_set(FLYC_EINVAL, "%s: box[0] %u elements is %llu bytes, wider than the "
                                        "%u-byte swizzle", f, d->box[0],
                           (unsigned long long)row, d->swizzle);
  return FLYC_OK;
}

int flyc_tensor_map_encode(flyc_driver_t *d, const flyc_tensor_map_desc_t *desc,
                           flyc_tensor_map_t *out) {
  if (!d || !desc || !out)
    return flyc__error_set(FLYC_EINVAL, "flyc_tensor_map_encode: driver, desc and out are "
                                        "required");
  flyc_tensor_map_desc_t c;
  int rc = flyc__struct_in(&c, sizeof c, desc, DESC_V1, "flyc_tensor_map_desc_t");
  if (rc)
    return rc;
  if ((rc = check(&c)) != FLYC_OK)
    return rc;
  if ((uintptr_t)out % 64)
    return flyc__error_set(FLYC_EINVAL, "flyc_tensor_map_encode: out %p is not 64-byte aligned "
                                        "(a flyc_tensor_map_t is)", (void *)out);
  for (unsigned i = c.rank; i < 5; i++) /* only the rank's entries reach the driver */
    c.dims[i] = 0, c.box[i] = 0;
  for (unsigned i = c.rank - 1; i < 4; i++)
    c.strides[i] = 0;
  if (!d->ops.tensor_map_encode)
    return flyc__error_set(FLYC_EUNSUPPORTED, "flyc_tensor_map_encode: driver '%s' has no "
                                              "tensor maps (TMA is NVIDIA sm_90's and newer, "
                                              "through CUDA 12.0+)",
                           flyc_driver_name(d));
  memset(out, 0, sizeof *out);
  return FLYC_DRIVER_CALL(d, tensor_map_encode, &c, out);
}
