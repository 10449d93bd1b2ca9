/* expect: rewritten
 * trap: the file includes <asrt/asrt.h> itself, inside a block shaped like
 *   an include guard (#ifndef X, #define X as its first directives) that
 *   ends before the code: built with -DOWN_RUNTIME_DONE that include is
 *   skipped, so the rewrite must add its own at the top level rather than
 *   take the file's for one.
 * configs: | -DOWN_RUNTIME_DONE
 */
#ifndef OWN_RUNTIME_DONE
#define OWN_RUNTIME_DONE
#include <asrt/asrt.h>
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
