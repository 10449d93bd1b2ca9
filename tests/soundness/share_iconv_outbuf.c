/* expect: no-share
 * trap: iconv converts into the copy through an out-buffer cursor.
 */
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "########";

int main(void)
{
	char in[] = "conv";
	char *ip = in, *op;
	size_t il = 4, ol = 4;
	iconv_t cd = iconv_open("ASCII", "ASCII");
	if (cd == (iconv_t)-1)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	op = c;
	iconv(cd, &ip, &il, &op, &ol);
	iconv_close(cd);
	printf("%s\n", c);
	free(c);
	return 0;
}
