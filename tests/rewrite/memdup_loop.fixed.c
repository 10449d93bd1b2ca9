#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
int main(void)
{
	static const char *const names[] = { "ruby", "lua", "python", "perl" };
	char *copies[4];
	for (int i = 0; i < 4; i++) {
		size_t n = strlen(names[i]) + 1;
		// ruleid: alloc-copy fix: memdup
		copies[i] = asrt_memdup_at(names[i], n, "memdup_loop.c:12");
		if (!copies[i])
			return 1;

	}
	for (int i = 0; i < 4; i++) {
		copies[i][0] = (char)(copies[i][0] - 32);
		printf("%s\n", copies[i]);
		free(copies[i]);
	}
	return 0;
}
