/* expect: rewritten
 * sound: a second allocation (and its NULL check, which frees the first
 *   block) between the first allocation and its copy: that failure branch
 *   is decided by the allocator alone and leaves without the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pair {
	char *a, *b;
};

static int make(struct pair *pr, const char *s1, size_t n1, const char *s2, size_t n2)
{
	char *a = malloc(n1); // site
	if (!a)
		return -1;
	char *b = malloc(n2);
	if (!b) {
		free(a);
		return -1;
	}
	memcpy(a, s1, n1);
	memcpy(b, s2, n2);
	pr->a = a;
	pr->b = b;
	return 0;
}

int main(void)
{
	char x[] = "first", y[] = "second";
	struct pair pr;
	if (make(&pr, x, sizeof x, y, sizeof y))
		return 1;
	printf("%s %s\n", pr.a, pr.b);
	free(pr.a);
	free(pr.b);
	return 0;
}
