#ifndef DUP_H
#define DUP_H
#include <stdlib.h>
#include <string.h>

static inline void *dup_block(const void *s, size_t n)
{
	void *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}

int other_unit(void);
#endif
