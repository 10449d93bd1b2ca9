#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* stream.c makes g_buf stdout's buffer (setvbuf): printf writes g_buf. */
void open_on(char *buf, size_t n);
char g_buf[32] = "original text";
char *take(void)
{
	size_t n = sizeof g_buf;
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	printf("XY");
	fflush(stdout);
	memcpy(p, g_buf, n);
	return p;
}
int main(void)
{
	open_on(g_buf, sizeof g_buf);
	char *p = take();
	printf("%.4s\n", p);
	free(p);
	return 0;
}
