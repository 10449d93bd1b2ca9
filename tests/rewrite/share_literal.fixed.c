#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "asrt.h"

static size_t count_vowels(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += strchr("aeiou", *s) != NULL;
	return n;
}

int main(void)
{
	size_t total = 0;
	for (int i = 0; i < 100; i++) {
		// ruleid: alloc-copy fix: share
		char *greeting = asrt_cow_share_at("copy on write", sizeof "copy on write", "share_literal.c:18");
		if (!greeting)
			return 1;
		total += count_vowels(greeting);
		asrt_cow_release_at(greeting, "share_literal.c:18");
	}
	printf("%zu\n", total);
	return 0;
}
