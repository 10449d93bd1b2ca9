/* expect: refused
 * trap: the copy's size is a macro redefined between the allocation and
 *   the copy; a memdup written at the allocation would read its old,
 *   smaller definition.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[16] = "abcdefghijklmno";
#define LEN 8

int main(void)
{
	char *p = malloc(16); // site
	if (!p)
		return 1;
#undef LEN
#define LEN 16
	memcpy(p, text, LEN);
	printf("%.16s\n", p);
	free(p);
	return 0;
}
