/* expect: refused
 * trap: `if (p != NULL) { ... }` is the success branch, taken on every run:
 *   the source written there is written between the allocation and the
 *   copy. Taking it for a NULL check's failure path is the mistake.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "success";
	char *p = malloc(sizeof buf); // site

	if (p != NULL) {
		buf[0] = 'S';
	} else {
		return 1;
	}
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
