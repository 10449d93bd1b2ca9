/* expect: rewritten
 * configs: -rdynamic
 * sound: the unit looks a function up with dlsym, so each function it
 *   exports that may take a signal number (main too) counts as a handler
 *   that may write; but between the allocation and the copy the program
 *   only computes on automatic locals, where nothing can fault and run a
 *   handler at that point.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char src[16] = "before";

void fill_source(char *text);
void fill_source(char *text)
{
	memcpy(src, text, strlen(text) + 1);
}

int main(int argc, char **argv)
{
	void *h = dlsym(RTLD_DEFAULT, "fill_source");

	(void)argv;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	int k = argc * 3 + 1;
	memcpy(p, src, sizeof src);
	printf("%s %d %d\n", p, k, h != NULL);
	free(p);
	return 0;
}
