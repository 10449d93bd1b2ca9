/* expect: any
 * trap: the copy's size is `len--`: same value as the allocation's `len`,
 *   but it also decrements len, which is printed afterwards.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "postdecrement";

int main(void)
{
	size_t len = sizeof word;
	char *p = malloc(len); // site

	if (!p)
		return 1;
	memcpy(p, word, len--);
	printf("%s len=%zu\n", p, len);
	free(p);
	return 0;
}
