/* expect: no-share
 * trap: the copy is written by %n through a variadic wrapper that calls vprintf.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "abcdefgh";
static void say(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}
int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	say("%s%n\n", "xy", (int *)(void *)c);
	printf("%d %s\n", c[0], text);
	free(c);
	return 0;
}
