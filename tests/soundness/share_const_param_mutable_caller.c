/* expect: any
 * trap: the source is a const-qualified parameter array; the caller's
 *   array is mutable and written after the copy is made.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void show(const char s[static 8], char *w)
{
	char *c = malloc(8); // site
	if (!c)
		return;
	memcpy(c, s, 8);
	w[0] = 'W';
	printf("%.7s\n", c);
	free(c);
}

int main(void)
{
	char buf[] = "caller!";
	show(buf, buf);
	return 0;
}
