/* A string built char by char through a reallocating helper (Onigmo's
 * strcat_capa for onig_node_str_cat): the capacity is what is needed plus a
 * margin, so the helper regrows it every few bytes. The fix is the helper's
 * own realloc made asrt_grow: same contents, fewer moves. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
#define MARGIN 4

struct str {
	char *s;
	size_t len, capa;
};

static char *cat_capa(char *dest, size_t len, const char *src, size_t n, size_t capa)
{
	char *r;

	if (dest)
		r = asrt_grow_at(dest, capa + 1, "grow_helper.c:22");
	else
		r = malloc(capa + 1);
	if (!r)
		return NULL;
	memcpy(r + len, src, n);
	r[len + n] = '\0';
	return r;
}

static int str_cat(struct str *b, const char *s, size_t n)
{
	size_t capa = b->len + n + MARGIN;

	if (capa > b->capa) {
		// ruleid: realloc-churn fix: grow
		char *p = cat_capa(b->s, b->len, s, n, capa);
		if (!p)
			return -1;
		b->s = p;
		b->capa = capa;
	} else {
		memcpy(b->s + b->len, s, n);
		b->s[b->len + n] = '\0';
	}
	b->len += n;
	return 0;
}

int main(void)
{
	struct str b = { NULL, 0, 0 };
	unsigned long sum = 0;

	for (int i = 0; i < 1000; i++) {
		char c = (char)('a' + i % 26);
		if (str_cat(&b, &c, 1))
			return 1;
	}
	for (size_t i = 0; i < b.len; i++)
		sum = sum * 31 + (unsigned char)b.s[i];
	printf("%zu %lu %.5s\n", b.len, sum, b.s + 995);
	free(b.s);
	return 0;
}
