#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char g_src[8] = "source.";

static char *take(const char *name)
{
	char *p = malloc(sizeof g_src); // site
	if (!p)
		return NULL;
	printf("%zu\n", strlen(name));
	memcpy(p, g_src, sizeof g_src);
	return p;
}

int main(int argc, char **argv)
{
	char *p = take(argc > 5 ? argv[1] : "name");
	if (!p)
		return 1;
	printf("%s\n", p);
	free(p);
	return 0;
}
