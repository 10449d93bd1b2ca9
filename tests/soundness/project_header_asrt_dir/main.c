/* A sound memdup site in a unit built with -Iinclude, where the project's
 * include/asrt/asrt.h comes before any installed libasrt header. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>

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
	char s[] = "asrt dir";
	char *d = dup_bytes(s, sizeof s);
	ASRT_CHECK(d != NULL);
	s[0] = 'A';
	printf("%s %s\n", d, s);
	free(d);
	return 0;
}
