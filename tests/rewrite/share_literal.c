#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* strlen and strspn are read-only in the libc pack: they may see a share. */
int main(void)
{
	size_t total = 0;
	for (int i = 0; i < 100; i++) {
		// ruleid: alloc-copy fix: share
		char *greeting = malloc(sizeof "copy on write");
		if (!greeting)
			return 1;
		memcpy(greeting, "copy on write", sizeof "copy on write");
		total += strlen(greeting) + strspn(greeting, "cop");
		free(greeting);
	}
	printf("%zu\n", total);
	return 0;
}
