#include "as_arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AS_ARENA_BLOCK 65536

struct as_arena_block {
	struct as_arena_block *next;
	size_t used, cap;
	_Alignas(16) unsigned char data[];
};

static struct as_arena_block *block_new(size_t cap)
{
	struct as_arena_block *b = malloc(sizeof *b + cap);

	if (!b) {
		/* No error path can recover a half-built analysis state. */
		fputs("allocscan: out of memory\n", stderr);
		abort();
	}
	b->next = NULL;
	b->used = 0;
	b->cap = cap;
	return b;
}

void *as_arena_alloc(struct as_arena *a, size_t n)
{
	struct as_arena_block *b = a->head;
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (!b || b->cap - b->used < n) {
		b = block_new(n > AS_ARENA_BLOCK ? n : AS_ARENA_BLOCK);
		b->next = a->head;
		a->head = b;
	}
	p = b->data + b->used;
	b->used += n;
	memset(p, 0, n);
	return p;
}

char *as_arena_strndup(struct as_arena *a, const char *s, size_t n)
{
	char *d = as_arena_alloc(a, n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *as_arena_strdup(struct as_arena *a, const char *s)
{
	return as_arena_strndup(a, s, strlen(s));
}

void as_arena_reset(struct as_arena *a)
{
	struct as_arena_block *b = a->head, *next;

	if (!b)
		return;
	/* Keep the oldest block: it is the common-size one. */
	while (b->next) {
		next = b->next;
		free(b);
		b = next;
	}
	b->used = 0;
	a->head = b;
}

void as_arena_free(struct as_arena *a)
{
	struct as_arena_block *b = a->head, *next;

	while (b) {
		next = b->next;
		free(b);
		b = next;
	}
	a->head = NULL;
}
