#include <stdio.h>
#include <stdlib.h>

char *keep(const char *s, size_t n);

int main(void)
{
	char s[] = "two configs";
	char *k = keep(s, sizeof s);
	if (!k)
		return 1;
	s[0] = 'T';
	printf("%s %s\n", k, s);
	free(k);
	return 0;
}
