/* expect: refused
 * trap: memccpy and wmemcpy write into the sources of two pairs.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

int main(void)
{
	char buf[] = "memccpy";
	wchar_t wide[] = L"wide";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	memccpy(buf, "MC", 'C', 2);
	memcpy(p, buf, sizeof buf);
	wchar_t *w = malloc(sizeof wide); // site
	if (!w)
		return 1;
	wmemcpy(wide, L"WI", 2);
	memcpy(w, wide, sizeof wide);
	printf("%s %s %ls %ls\n", p, buf, w, wide);
	free(w);
	free(p);
	return 0;
}
