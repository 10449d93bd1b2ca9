/* expect: no-share
 * trap: mbstowcs converts into the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
static const wchar_t text[] = L"wide-text";

int main(void)
{
	wchar_t *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	mbstowcs(c, "XY", 2);
	printf("%ls\n", c);
	free(c);
	return 0;
}
