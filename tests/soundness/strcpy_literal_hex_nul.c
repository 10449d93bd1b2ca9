/* expect: refused
 * trap: "ab\x00" "cdef" holds a NUL after "ab" (the hex escape ends where
 *   its literal ends): sizeof counts 7 bytes, strcpy copies 3, and the
 *   bytes past them are written after the copy. A memdup of strlen + 1
 *   leaves the block 4 bytes short.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *p = malloc(sizeof "ab\x00" "cdef"); // site
	if (!p)
		return 1;
	strcpy(p, "ab\x00" "cdef");
	memset(p + 3, '+', 3);
	p[6] = '\0';
	printf("%s|%s\n", p, p + 3);
	free(p);
	return 0;
}
