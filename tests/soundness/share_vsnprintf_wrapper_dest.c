/* expect: no-share
 * trap: a variadic wrapper passes its first parameter to vsnprintf as the
 *   destination: the copy is overwritten by the formatted text.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "0123456789";

static int fmt_into(char *dst, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;
	va_start(ap, fmt);
	r = vsnprintf(dst, n, fmt, ap);
	va_end(ap);
	return r;
}

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	fmt_into(c, 4, "%s", "xyzw");
	printf("%s %s\n", c, text);
	free(c);
	return 0;
}
