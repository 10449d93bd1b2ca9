/* expect: refused
 * trap: a stream opened on the source with fmemopen: fputs and fflush on
 *   it between the allocation and the copy write the source.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char buf[16];

int main(void)
{
	FILE *f = fmemopen(buf, sizeof buf, "w");
	if (!f)
		return 1;
	char *p = malloc(8); // site
	if (!p)
		return 1;
	fputs("xyz", f);
	fflush(f);
	memcpy(p, buf, 8);
	fclose(f);
	printf("%.3s\n", p);
	free(p);
	return 0;
}
