/* expect: refused
 * trap: stdout is buffered in the source (setvbuf with the program's own
 *   buffer): fputs to stdout between the allocation and the copy writes
 *   the source, which a memdup at the allocation would copy too early.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char buf[64];

int main(void)
{
	setvbuf(stdout, buf, _IOFBF, sizeof buf);
	char *p = malloc(8); // site
	if (!p)
		return 1;
	fputs("abcdefg", stdout);
	memcpy(p, buf, 8);
	fflush(stdout);
	setvbuf(stdout, NULL, _IONBF, 0);
	for (int i = 0; i < 7; i++)
		printf(" %d", p[i]);
	printf("\n");
	free(p);
	return 0;
}
