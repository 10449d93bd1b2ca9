/* expect: rewritten
 * sound: a wide string duplicated with sizes in bytes ((wcslen + 1) *
 *   sizeof(wchar_t)) at both ends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static wchar_t *dup_wide(const wchar_t *w)
{
	wchar_t *p = malloc((wcslen(w) + 1) * sizeof(wchar_t)); // site
	if (!p)
		return NULL;
	memcpy(p, w, (wcslen(w) + 1) * sizeof(wchar_t));
	return p;
}

int main(void)
{
	wchar_t *d = dup_wide(L"wide");
	if (!d)
		return 1;
	printf("%ls %zu\n", d, wcslen(d));
	free(d);
	return 0;
}
