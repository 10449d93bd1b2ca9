#include <stdlib.h>
#include <string.h>

#include "minirt.h"

static const value small_literal[4] = { 1, 2, 3, 4 };
static const value large_literal[110] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };

/* Every evaluation of an array literal gets its own copy of the table. */
struct array *array_literal(int which)
{
	const value *src = which ? large_literal : small_literal;
	size_t len = which ? 110 : 4;
	struct array *a = malloc(sizeof *a);

	if (!a)
		return NULL;
	a->ptr = malloc(len * sizeof(value));
	if (!a->ptr) {
		free(a);
		return NULL;
	}
	memcpy(a->ptr, src, len * sizeof(value));
	a->len = len;
	return a;
}

/* Two copies into one fresh buffer: a concatenation, not a duplicate. */
struct array *array_concat(const struct array *x, const struct array *y)
{
	struct array *a = malloc(sizeof *a);

	if (!a)
		return NULL;
	a->len = x->len + y->len;
	a->ptr = malloc(a->len * sizeof(value));
	memcpy(a->ptr, x->ptr, x->len * sizeof(value));
	memcpy(a->ptr + x->len, y->ptr, y->len * sizeof(value));
	return a;
}

void array_free(struct array *a)
{
	if (a)
		free(a->ptr);
	free(a);
}
