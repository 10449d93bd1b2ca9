/* expect: no-share
 * trap: a wide copy tokenised by wcstok, which writes L'\0' into it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
static const wchar_t text[] = L"ab cd";

int main(void)
{
	wchar_t *c = malloc(sizeof text); // site
	wchar_t *save;
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	wcstok(c, L" ", &save);
	printf("%ls|%d\n", c, (int)wcslen(c));
	free(c);
	return 0;
}
