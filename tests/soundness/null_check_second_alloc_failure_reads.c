/* expect: refused
 * trap: the failure branch of a second allocation skips the copy and goes
 *   on to print the first block: its bytes are what the program shows
 *   there, and copying at the first allocation would fill them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void show(const char *s, size_t n, size_t n2)
{
	char *a = calloc(n, 1); // site
	if (!a)
		return;
	char *b = malloc(n2);
	if (!b)
		goto out;
	memcpy(a, s, n);
	free(b);
out:
	printf("[%.*s]\n", (int)n, a[0] ? a : "(empty)");
	free(a);
}

int main(void)
{
	show("abc", 3, 16);
	show("def", 3, SIZE_MAX / 4);
	return 0;
}
