/* expect: any
 * trap: the program asks the compiler the size of the new block
 *   (__builtin_dynamic_object_size), which it knows from malloc's
 *   alloc_size attribute; the replacement must tell it the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static size_t room(size_t n)
{
	return n;
}

int main(void)
{
	static const char s[] = "object size";
	size_t n = room(sizeof s);
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, s, n);
	printf("%s %zu\n", p, (size_t)__builtin_dynamic_object_size(p, 0));
	free(p);
	return 0;
}
