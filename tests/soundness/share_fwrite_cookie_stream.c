/* expect: no-share
 * trap: fwrite of a block larger than the stream's buffer hands the
 *   caller's bytes, the copy, straight to a fopencookie write function,
 *   which writes them.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[16384] = "cookie";
static size_t seen;

static ssize_t cookie_write(void *cookie, const char *buf, size_t n)
{
	(void)cookie;
	((char *)buf)[0] = 'K';
	seen += n;
	return (ssize_t)n;
}

int main(void)
{
	cookie_io_functions_t io = { NULL, cookie_write, NULL, NULL };
	FILE *f = fopencookie(NULL, "w", io);
	if (!f)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	fwrite(c, 1, sizeof text, f);
	fclose(f);
	printf("%zu %.6s\n", seen, c);
	free(c);
	return 0;
}
