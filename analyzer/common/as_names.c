#include "as_names.h"

#include "as_grow.h"

#include <stdlib.h>
#include <string.h>

int as_names_add(struct as_names *s, const char *name, size_t len)
{
	char *copy;

	if (AS_GROW(s->v, s->n, s->cap) || !(copy = malloc(len + 1)))
		return -1;
	memcpy(copy, name, len);
	copy[len] = '\0';
	s->v[s->n++] = copy;
	return 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void as_names_seal(struct as_names *s)
{
	size_t k = 0;

	if (s->n)
		qsort(s->v, s->n, sizeof *s->v, cmp_name);
	for (size_t i = 0; i < s->n; i++) {
		if (k && !strcmp(s->v[k - 1], s->v[i]))
			free(s->v[i]);
		else
			s->v[k++] = s->v[i];
	}
	s->n = k;
}

int as_names_has(const struct as_names *s, const char *name, size_t len)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(s->v[mid], name, len);
		if (!c && s->v[mid][len])
			c = 1; /* longer than name: after it */
		if (!c)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

int as_names_meet(const struct as_names *a, const struct as_names *b)
{
	size_t i = 0, j = 0;

	while (i < a->n && j < b->n) {
		int c = strcmp(a->v[i], b->v[j]);
		if (!c)
			return 1;
		if (c < 0)
			i++;
		else
			j++;
	}
	return 0;
}

void as_names_free(struct as_names *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof *s);
}

const char *as_name_in(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; name && i < n; i++)
		if (!strcmp(name, list[i]))
			return list[i];
	return NULL;
}
