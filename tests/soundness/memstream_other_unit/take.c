#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* stream.c opens g_stream on g_buf (setvbuf): fprintf to it writes g_buf. */
void open_on(char *buf, size_t n);
FILE *g_stream;
char g_buf[32] = "original text";
char *take(void)
{
	size_t n = sizeof g_buf;
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	fprintf(g_stream, "XY");
	fflush(g_stream);
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
