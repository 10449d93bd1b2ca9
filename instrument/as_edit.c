#include "as_edit.h"

#include "as_grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void as_edits_init(struct as_edits *set)
{
	set->v = NULL;
	set->n = set->cap = 0;
	set->next_seq = 0;
}

void as_edits_free(struct as_edits *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->v[i].text);
	free(set->v);
	as_edits_init(set);
}

int as_edits_addn(struct as_edits *set, size_t begin, size_t end, const char *text,
		  size_t textlen, struct as_error *err)
{
	struct as_edit *e;
	char *copy;

	if (end < begin)
		return as_error_set(err, "edit [%zu, %zu): end before begin", begin, end);
	if (textlen && !text)
		return as_error_set(err, "edit [%zu, %zu): no text for %zu bytes", begin, end, textlen);
	if (AS_GROW(set->v, set->n, set->cap) || !(copy = malloc(textlen + 1)))
		return as_error_set(err, "out of memory");
	if (textlen)
		memcpy(copy, text, textlen);
	copy[textlen] = '\0';
	e = &set->v[set->n];
	e->begin = begin;
	e->end = end;
	e->text = copy;
	e->textlen = textlen;
	e->seq = set->next_seq++;
	set->n++;
	return 0;
}

int as_edits_add(struct as_edits *set, size_t begin, size_t end, const char *text,
		 struct as_error *err)
{
	return as_edits_addn(set, begin, end, text, text ? strlen(text) : 0, err);
}

/* Application order: begin, then insertions before a replacement at the same
 * offset, then order of addition. */
static int edit_cmp(const void *pa, const void *pb)
{
	const struct as_edit *a = pa, *b = pb;
	int ra = a->end > a->begin, rb = b->end > b->begin;

	if (a->begin != b->begin)
		return a->begin < b->begin ? -1 : 1;
	if (ra != rb)
		return ra - rb;
	if (a->seq != b->seq)
		return a->seq < b->seq ? -1 : 1;
	return 0;
}

int as_edits_check(struct as_edits *set, size_t len, struct as_error *err)
{
	size_t prev_end = 0;
	const struct as_edit *prev = NULL;

	if (set->n > 1)
		qsort(set->v, set->n, sizeof *set->v, edit_cmp);
	for (size_t i = 0; i < set->n; i++) {
		const struct as_edit *e = &set->v[i];

		if (e->end > len)
			return as_error_set(err, "edit [%zu, %zu) ends past the end of the text (%zu bytes)",
					    e->begin, e->end, len);
		if (prev && e->begin < prev_end)
			return as_error_set(err, "edit [%zu, %zu) overlaps edit [%zu, %zu)",
					    e->begin, e->end, prev->begin, prev->end);
		if (!prev || e->end >= prev_end) {
			prev = e;
			prev_end = e->end;
		}
	}
	return 0;
}

int as_edits_apply(struct as_edits *set, const char *buf, size_t len, char **out,
		   size_t *outlen, struct as_error *err)
{
	size_t total = len, pos = 0, o = 0;
	char *dst;

	*out = NULL;
	*outlen = 0;
	if (as_edits_check(set, len, err) < 0)
		return -1;
	for (size_t i = 0; i < set->n; i++) {
		const struct as_edit *e = &set->v[i];

		total -= e->end - e->begin;
		if (e->textlen > SIZE_MAX - 1 - total)
			return as_error_set(err, "edited text too large");
		total += e->textlen;
	}
	dst = malloc(total + 1);
	if (!dst)
		return as_error_set(err, "out of memory");
	for (size_t i = 0; i < set->n; i++) {
		const struct as_edit *e = &set->v[i];

		if (e->begin > pos)
			memcpy(dst + o, buf + pos, e->begin - pos);
		o += e->begin - pos;
		if (e->textlen)
			memcpy(dst + o, e->text, e->textlen);
		o += e->textlen;
		pos = e->end;
	}
	if (len > pos)
		memcpy(dst + o, buf + pos, len - pos);
	o += len - pos;
	dst[o] = '\0';
	*out = dst;
	*outlen = o;
	return 0;
}
