/* expect: refused
 * trap: the literal is "ab" NUL "cdef" with NUL a macro for "\0": sizeof
 *   counts 8 bytes, strcpy copies 3. A memdup of strlen + 1 leaves the
 *   block short of the bytes written after the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define NUL "\0"

int main(void)
{
	char *p = malloc(sizeof("ab" NUL "cdef")); // site
	if (!p)
		return 1;
	strcpy(p, "ab" NUL "cdef");
	memset(p + 3, '-', 4);
	p[7] = '\0';
	printf("%s|%s\n", p, p + 3);
	free(p);
	return 0;
}
