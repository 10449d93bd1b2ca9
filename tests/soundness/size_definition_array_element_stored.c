/* expect: refused
 * trap: 'n' is defined as strlen(buf) + 1 (9), buf a local array; a store
 *   to buf[3] before the allocation cuts the string to 3 characters. n
 *   still holds 9 but, read through its definition, it is strlen(buf) + 1
 *   (4), the copy's size: memdup copied 9 bytes where the original copied
 *   4 into a zeroed block of 9. A store to an element writes the array a
 *   definition reads, private or not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[16] = "abcdefgh";
	size_t n = strlen(buf) + 1;

	buf[3] = '\0';
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	memcpy(p, buf, strlen(buf) + 1);
	for (size_t i = 0; i < n; i++)
		putchar(p[i] ? p[i] : '.');
	putchar('\n');
	free(p);
	return 0;
}
