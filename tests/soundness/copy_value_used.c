/* expect: refused
 * trap: the copy's value (its destination) is used: q = memcpy(...).
 *   Deleting the copy deletes the assignment to q.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "returned";

int main(void)
{
	char *q = NULL;
	char *p = malloc(sizeof word); // site

	if (!p)
		return 1;
	q = memcpy(p, word, sizeof word);
	printf("%s %s\n", q, p);
	free(p);
	return 0;
}
