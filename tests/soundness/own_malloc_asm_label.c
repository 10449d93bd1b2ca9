/* expect: refused
 * trap: the unit declares malloc and free with asm labels binding them to
 *   its own counting pool allocator: the allocation spelled malloc is not
 *   the process's, and a memdup would skip the count.
 */
#include <stddef.h>
#include <stdio.h>

void *malloc(size_t n) __asm__("pool_malloc");
void free(void *p) __asm__("pool_free");
void *memcpy(void *d, const void *s, size_t n);

static int allocs;
static _Alignas(16) char pool[256];
static size_t used;

void *pool_malloc(size_t n);
void *pool_malloc(size_t n)
{
	void *p;

	if (n > sizeof pool - used)
		return NULL;
	allocs++;
	p = pool + used;
	used += (n + 15) & ~(size_t)15;
	return p;
}

void pool_free(void *p);
void pool_free(void *p)
{
	(void)p;
}

int main(void)
{
	static const char text[] = "counted";
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s %d\n", c, allocs);
	free(c);
	return 0;
}
