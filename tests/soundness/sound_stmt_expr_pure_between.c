/* expect: rewritten
 * sound: a statement expression between the pair computes a local from
 *   the source's length and jumps nowhere.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_len(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	size_t half = ({
		size_t t = strlen(s);
		t / 2;
	});
	memcpy(p, s, n);
	printf("half=%zu\n", half);
	return p;
}

int main(void)
{
	char buf[] = "statement expr";
	char *d = dup_len(buf, sizeof buf);
	if (!d)
		return 1;
	printf("%s\n", d);
	free(d);
	return 0;
}
