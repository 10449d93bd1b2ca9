#ifndef COPIES_H
#define COPIES_H
#pragma GCC system_header
#include <stddef.h>

static int copies;

static void *memcpy(void *d, const void *s, size_t n)
{
	unsigned char *o = d;
	const unsigned char *i = s;

	copies++;
	while (n--)
		*o++ = *i++;
	return d;
}
#endif
