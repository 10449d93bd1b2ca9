/* expect: rewritten
 * sound: the copy's size is a local declared between the allocation and
 *   the copy with the allocation's own count and size (Ruby's
 *   ibf_load_alloc: buff = ruby_xmalloc2(x, y); size_t size = x * y;
 *   memcpy(buff, src, size)); the replacement keeps the allocation's
 *   checked product.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *load(const char *src, size_t x, size_t y)
{
	char *buff = calloc(x, y); // site
	size_t size = x * y;
	if (!buff)
		return NULL;
	memcpy(buff, src, size);
	return buff;
}

int main(void)
{
	char *p = load("abcdefgh", 2, 4);
	if (!p)
		return 1;
	printf("%.8s\n", p);
	free(p);
	return 0;
}
