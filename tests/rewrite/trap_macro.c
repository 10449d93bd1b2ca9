#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DUP_INTO(d, s, n)              \
	do {                           \
		(d) = malloc(n);       \
		memcpy((d), (s), (n)); \
	} while (0)

int main(void)
{
	char *p;
	// ruleid: alloc-copy fix: manual
	DUP_INTO(p, "inside a macro", 15);
	printf("%s\n", p);
	free(p);
	return 0;
}
