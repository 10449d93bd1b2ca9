/* Small size classes, computed from two constants rather than tabulated:
 * steps of 16 up to 128 bytes, then four classes per power of two, so a
 * request is rounded up by at most 25% (Ruby's GC counts usable sizes). */
#include "asrt_internal.h"

size_t asrt_class_size(unsigned cls) {
  if (cls < 8)
    return 16 * ((size_t)cls + 1);
  unsigned j = cls - 8, b = 7 + j / 4;
  return ((size_t)1 << b) + (size_t)(j % 4 + 1) * ((size_t)1 << (b - 2));
}
