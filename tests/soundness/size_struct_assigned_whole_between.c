/* expect: refused
 * trap: the size is a member of a local struct; the whole struct is
 *   assigned between the pair (a smaller length).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct span {
	size_t len;
	const char *at;
};

int main(void)
{
	static const char text[] = "whole struct";
	struct span a = { sizeof text, text }, b = { 6, text };
	char *p = malloc(a.len); // site
	if (!p)
		return 1;
	a = b;
	memcpy(p, text, a.len);
	p[sizeof text - 1] = '\0';
	printf("%.6s %d\n", p, p[sizeof text - 1]);
	free(p);
	return 0;
}
