/* expect: no-share
 * trap: fgets reads a line into the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "placeholder text";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	FILE *f = tmpfile();
	if (!f)
		return 1;
	fputs("from file\n", f);
	rewind(f);
	if (fgets(c, (int)sizeof text, f))
		printf("%s", c);
	fclose(f);
	free(c);
	return 0;
}
