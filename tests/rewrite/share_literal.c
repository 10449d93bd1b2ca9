#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
		char *greeting = malloc(sizeof "copy on write");
		if (!greeting)
			return 1;
		memcpy(greeting, "copy on write", sizeof "copy on write");
		total += count_vowels(greeting);
		free(greeting);
	}
	printf("%zu\n", total);
	return 0;
}
