/* expect: refused
 * trap: a block-scope typedef of a VLA type between the pair: its length
 *   is evaluated where the typedef stands, and writes the source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int bump(char *s)
{
	s[0] = 'Y';
	return 2;
}

int main(void)
{
	char buf[] = "typedef";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	typedef char row[bump(buf)];
	memcpy(p, buf, sizeof buf);
	printf("%s %zu\n", p, sizeof(row));
	free(p);
	return 0;
}
