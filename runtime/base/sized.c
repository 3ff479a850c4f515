/* Public structs with a leading uint32_t size: one rule for every entry point
 * that takes one in (runtime/internal.h), and for their _init() functions. */
#include <stdint.h>
#include <string.h>

#include "internal.h"

int flyc__struct_in(void *dst, size_t dst_size, const void *src, size_t first, const char *what) {
  uint32_t size;
  memcpy(&size, src, sizeof size);
  if (size < first)
    return flyc__error_set(FLYC_EINVAL, "%s: size %u is below the first version's %zu (start "
                                        "from its _INIT macro)",
                           what, size, first);
  const unsigned char *tail = (const unsigned char *)src + dst_size;
  for (size_t i = 0; size > dst_size && i < size - dst_size; i++)
    if (tail[i])
      return flyc__error_set(FLYC_EINVAL, "%s: size %u sets fields past the %zu bytes this flyc "
                                          "knows (byte %zu is not zero)",
                             what, size, dst_size, dst_size + i);
  memset(dst, 0, dst_size);
  memcpy(dst, src, size < dst_size ? size : dst_size);
  uint32_t mine = (uint32_t)dst_size;
  memcpy(dst, &mine, sizeof mine);
  return FLYC_OK;
}

int flyc__struct_init(void *p, uint32_t size, size_t first, const char *what) {
  if (!p)
    return flyc__error_set(FLYC_EINVAL, "%s: the struct is required (NULL)", what);
  if (size < first)
    return flyc__error_set(FLYC_EINVAL, "%s: size %u is below the first version's %zu", what,
                           size, first);
  memset(p, 0, size);
  memcpy(p, &size, sizeof size);
  return FLYC_OK;
}
