/* expect: any
 * trap: wcscpy of a wide literal with an embedded L'\0' into a zeroed
 *   block sized by the whole literal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(void)
{
	wchar_t *c = calloc(1, sizeof L"ab\0cd"); // site
	if (!c)
		return 1;
	wcscpy(c, L"ab\0cd");
	printf("%ls %d %d\n", c, (int)c[3], (int)c[4]);
	free(c);
	return 0;
}
