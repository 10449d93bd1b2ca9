#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
static const unsigned char key[4] = { 0xde, 0xad, 0xbe, 0xef };

static unsigned checksum(void)
{
	// ruleid: alloc-copy fix: share
	unsigned char *k = asrt_cow_share_at(key, sizeof key, "mixed_sites.c:10");
	unsigned s = 0;
	if (!k)
		return 0;

	for (size_t i = 0; i < sizeof key; i++)
		s = s * 31 + k[i];
	asrt_cow_release_at(k, "mixed_sites.c:10");
	return s;
}

static char *dup_line(const char *line)
{
	size_t n = strlen(line) + 1;
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(line, n, "mixed_sites.c:25");
	if (!p)
		return NULL;

	return p;
}

int main(void)
{
	char *acc = NULL;
	size_t len = 0;
	for (int i = 0; i < 300; i++) {
		// ruleid: dup-call
		char *line = dup_line(i % 2 ? "odd" : "even");
		size_t n;
		if (!line)
			return 1;
		n = strlen(line);
		// ruleid: realloc-churn fix: grow
		char *t = asrt_grow_at(acc, len + n + 1, "mixed_sites.c:44");
		if (!t)
			return 1;
		acc = t;
		memcpy(acc + len, line, n + 1);
		len += n;
		free(line);
	}
	printf("%u %zu %.12s\n", checksum(), len, acc);
	free(acc);
	return 0;
}
