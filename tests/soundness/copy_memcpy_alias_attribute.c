/* expect: refused
 * trap: the unit binds the program's memcpy symbol to its own counting
 *   function with __attribute__((alias)) (no definition of memcpy itself);
 *   a share or memdup would drop the call it counts.
 * flags: -fno-builtin
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int copies;

int main(void)
{
	char *c = malloc(sizeof "aliased"); // site
	if (!c)
		return 1;
	memcpy(c, "aliased", sizeof "aliased");
	printf("%s %d\n", c, copies);
	free(c);
	return 0;
}

static void *counting_copy(void *d, const void *s, size_t n)
{
	volatile unsigned char *to = d;
	const unsigned char *from = s;

	copies++;
	for (size_t i = 0; i < n; i++)
		to[i] = from[i];
	return d;
}

void *memcpy(void *d, const void *s, size_t n) __attribute__((alias("counting_copy")));
