/* expect: any
 * trap: the copy is written inside a macro whose body also counts copies
 *   and is used at other places: deleting the memcpy in the macro's body
 *   breaks every other use, and deleting the invocation drops the count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int copies;
#define COPY_IN(d, s, n) (copies++, memcpy((d), (s), (n)))

static const char word[] = "macro";

int main(void)
{
	char other[sizeof word];
	char *p = malloc(sizeof word); // site

	if (!p)
		return 1;
	COPY_IN(p, word, sizeof word);
	COPY_IN(other, p, sizeof word);
	printf("%s %s copies=%d\n", p, other, copies);
	free(p);
	return 0;
}
