#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
static const char word[] = "aliased";

int main(void)
{
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(word, sizeof word, "trap_alias_write.c:10");
	char *q;
	if (!p)
		return 1;

	q = p;
	q[0] = 'A';
	printf("%s %s\n", p, word);
	free(p);
	return 0;
}
