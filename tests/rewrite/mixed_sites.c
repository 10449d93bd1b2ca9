#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char key[4] = { 0xde, 0xad, 0xbe, 0xef };

static unsigned checksum(void)
{
	// ruleid: alloc-copy fix: share
	unsigned char *k = malloc(sizeof key);
	unsigned s = 0;
	if (!k)
		return 0;
	memcpy(k, key, sizeof key);
	for (size_t i = 0; i < sizeof key; i++)
		s = s * 31 + k[i];
	free(k);
	return s;
}

static char *dup_line(const char *line)
{
	size_t n = strlen(line) + 1;
	// ruleid: alloc-copy fix: memdup
	char *p = malloc(n);
	if (!p)
		return NULL;
	memcpy(p, line, n);
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
		char *t = realloc(acc, len + n + 1);
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
