#include "as_grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

size_t as_grow_cap(size_t cap, size_t need)
{
	size_t c = cap ? cap : 16;

	while (c < need) {
		if (c > SIZE_MAX / 2)
			return 0;
		c *= 2;
	}
	return c;
}

int as_grow(void *arrp, size_t *cap, size_t need, size_t elem)
{
	size_t nc;
	void *v, *nv;

	if (need <= *cap)
		return 0;
	nc = as_grow_cap(*cap, need);
	if (!nc || nc > SIZE_MAX / elem)
		return -1;
	/* The pointer is read and written as bytes: arrp is a T **, whatever T. */
	memcpy(&v, arrp, sizeof v);
	if (!(nv = realloc(v, nc * elem)))
		return -1;
	memcpy(arrp, &nv, sizeof nv);
	*cap = nc;
	return 0;
}
