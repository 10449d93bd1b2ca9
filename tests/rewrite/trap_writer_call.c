#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "written by a callee";

static void upcase(char *s)
{
	for (; *s; s++)
		*s = (char)toupper((unsigned char)*s);
}

int main(void)
{
	// ruleid: alloc-copy fix: memdup
	char *p = malloc(sizeof text);
	if (!p)
		return 1;
	memcpy(p, text, sizeof text);
	upcase(p);
	printf("%s | %s\n", p, text);
	free(p);
	return 0;
}
