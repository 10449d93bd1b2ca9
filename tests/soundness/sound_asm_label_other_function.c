/* expect: rewritten
 * sound: the unit binds a name of its own to puts with an asm label; the
 *   allocation and the copy are still the library's malloc and memcpy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int say_line(const char *s) __asm__("puts");

static char *dup_bytes(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char buf[] = "labelled puts";
	char *d = dup_bytes(buf, sizeof buf);
	if (!d)
		return 1;
	buf[0] = 'X';
	say_line(d);
	free(d);
	return 0;
}
