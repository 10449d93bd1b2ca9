/* Small size classes, computed from two constants rather than tabulated:
 * steps of 16 up to 128 bytes, then four classes per power of two, so a
 * request is rounded up by at most 25% (Ruby's GC counts usable sizes).
 * The lookup table is ASRT_CLASS_OF folded by the compiler. */
#include "asrt_internal.h"

#define C1(k) ASRT_CLASS_OF((size_t)(k)*16)
#define C4(k) C1(k), C1(k + 1), C1(k + 2), C1(k + 3)
#define C16(k) C4(k), C4(k + 4), C4(k + 8), C4(k + 12)
const uint8_t asrt_class_table[ASRT_SMALL_MAX / 16 + 1] = {
	C16(0), C16(16), C16(32), C16(48), C1(64)
};
_Static_assert(ASRT_SMALL_MAX / 16 + 1 == 65, "the table covers 0..1024");

size_t asrt_class_size(unsigned cls)
{
	if (cls < 8)
		return 16 * ((size_t)cls + 1);
	unsigned j = cls - 8, b = 7 + j / 4;
	return ((size_t)1 << b) + (size_t)(j % 4 + 1) * ((size_t)1 << (b - 2));
}
