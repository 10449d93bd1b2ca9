/* A sound memdup site in a unit that includes the project's asrt.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "asrt.h"

static char *dup_bytes(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char s[] = "own header";
	char *d = dup_bytes(s, sizeof s);
	ASRT(d != NULL);
	s[0] = 'O';
	printf("%s %s\n", d, s);
	free(d);
	return 0;
}
