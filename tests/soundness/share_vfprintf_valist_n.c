/* expect: no-share
 * trap: the copy travels inside a va_list handed to vfprintf, whose format
 *   (a literal in the wrapper's caller) writes through it with %n.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "valist-n";

static void logf_(FILE *f, const char *fmt, va_list ap)
{
	vfprintf(f, fmt, ap);
}

static void say(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	logf_(stdout, fmt, ap);
	va_end(ap);
}

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	say("abc%n\n", (int *)(void *)c);
	printf("%d|%s\n", c[0], c + 4);
	free(c);
	return 0;
}
