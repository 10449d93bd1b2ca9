/* expect: any
 * trap: memalign's block is page aligned.
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void)
{
	static const char text[] = "paged";
	char *j = malloc(10);
	char *c = memalign(4096, sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s %d\n", c, (int)((uintptr_t)c % 4096 == 0));
	free(c);
	free(j);
	return 0;
}
