#include "as_hash.h"

unsigned long long as_text_hash(const char *buf, size_t len)
{
	unsigned long long h = 14695981039346656037ull;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)buf[i]) * 1099511628211ull;
	return h;
}
