/* expect: rewritten
 * trap: a feature-test block (#ifndef _GNU_SOURCE, #define, #endif) opens the
 *   file: the runtime include must follow the last top-level include, not
 *   go inside the block (built with -D_GNU_SOURCE the block is skipped).
 * configs: | -D_GNU_SOURCE
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char *s = "hello";
	size_t n = strlen(s) + 1;
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, s, n);
	p[0] = 'H';
	puts(p);
	free(p);
	return 0;
}
