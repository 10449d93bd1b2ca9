#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
/* strlen and strspn are read-only in the libc pack: they may see a share. */
int main(void)
{
	size_t total = 0;
	for (int i = 0; i < 100; i++) {
		// ruleid: alloc-copy fix: share
		char *greeting = asrt_cow_share_at("copy on write", sizeof "copy on write", "share_literal.c:11");
		if (!greeting)
			return 1;

		total += strlen(greeting) + strspn(greeting, "cop");
		asrt_cow_release_at(greeting, "share_literal.c:11");
	}
	printf("%zu\n", total);
	return 0;
}
