/* expect: refused
 * trap: the source is the static buffer asctime returns; a second asctime
 *   between the pair overwrites it without naming it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(void)
{
	struct tm a = { .tm_year = 100, .tm_mday = 1 }, b = { .tm_year = 120, .tm_mon = 5, .tm_mday = 9 };
	const char *s = asctime(&a);
	size_t n = strlen(s) + 1;
	char *p = malloc(n); // site
	if (!p)
		return 1;
	(void)asctime(&b);
	memcpy(p, s, n);
	printf("%s", p);
	free(p);
	return 0;
}
