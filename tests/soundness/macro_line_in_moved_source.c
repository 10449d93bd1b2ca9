/* expect: refused
 * trap: the copy's source indexes by __LINE__, directly and through a
 *   macro whose body expands it: written again at the allocation, a line
 *   of another parity, the memdup would copy the other row.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lines counted from here: a tool that adds an include above (the
 * probes of --instrument) moves them all alike. */
enum { BASE = __LINE__ };
#define HERE rows[(__LINE__ - BASE) % 2]
static const char rows[2][8] = { "even", "odd" };

int main(void)
{
	char *p = malloc(8); // site
	if (!p)
		return 1;
	memcpy(p, rows[(__LINE__ - BASE) % 2], 8);
	char *q = malloc(8); // site
	if (!q)
		return 1;
	memcpy(q, HERE, 8);
	printf("%s %s\n", p, q);
	free(p);
	free(q);
	return 0;
}
