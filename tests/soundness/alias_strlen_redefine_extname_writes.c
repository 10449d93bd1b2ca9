/* expect: refused
 * trap: '#pragma redefine_extname strlen scribble_len' ahead of
 *   <string.h> binds the library's declaration of strlen (in a system
 *   header) to the unit's own function, which writes its argument: the
 *   read-only call between the pair writes the source.
 */
#pragma redefine_extname strlen scribble_len
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t scribble_len(char *s);
size_t scribble_len(char *s)
{
	size_t n = 0;
	s[0] = 'W';
	while (s[n])
		n++;
	return n;
}

int main(void)
{
	char buf[] = "scribbled";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	size_t k = strlen(buf);
	memcpy(p, buf, sizeof buf);
	printf("%s %s %zu\n", p, buf, k);
	free(p);
	return 0;
}
