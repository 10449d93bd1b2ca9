/* expect: no-share
 * trap: a helper opens the fopencookie stream from a static function
 *   table; fwrite of more than the stream's buffer hands the copy's own
 *   bytes to the write function, which writes them.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[8192] = "unbuffered";

static ssize_t scribble(void *cookie, const char *buf, size_t n)
{
	(void)cookie;
	if (n > 4096)
		((char *)buf)[1] = 'N';
	return (ssize_t)n;
}

static FILE *open_sink(void)
{
	static const cookie_io_functions_t io = { NULL, scribble, NULL, NULL };
	return fopencookie(NULL, "w", io);
}

int main(void)
{
	FILE *f = open_sink();
	if (!f)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	fwrite(c, 1, sizeof text, f);
	fclose(f);
	printf("%.10s\n", c);
	free(c);
	return 0;
}
