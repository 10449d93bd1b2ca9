/* expect: no-share
 * trap: glibc's 'I' flag before n: "%In" is still %n and writes through
 *   the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "i18n-flag";

/* ASan's printf interceptor does not know this conversion: let it pass. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "check_printf=0";
}

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("abc%In\n", (int *)(void *)c);
	printf("%d|%s\n", c[0], c + 4);
	free(c);
	return 0;
}
