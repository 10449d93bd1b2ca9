#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
struct sbuf {
	char *s;
	size_t len;
};

static int sbuf_join(struct sbuf *b, const char *const *words, int k)
{
	for (int i = 0; i < k; i++) {
		size_t n = strlen(words[i % 4]);
		// ruleid: realloc-churn fix: grow
		char *p = asrt_grow_at(b->s, b->len + n + 1, "grow_string.c:15");
		if (!p)
			return -1;
		b->s = p;
		memcpy(b->s + b->len, words[i % 4], n + 1);
		b->len += n;
	}
	return 0;
}

int main(void)
{
	static const char *const words[] = { "alpha", "beta", "gamma", "delta" };
	struct sbuf b = { NULL, 0 };
	if (sbuf_join(&b, words, 2000))
		return 1;
	printf("%zu %.20s\n", b.len, b.s);
	free(b.s);
	return 0;
}
