#include <stdio.h>
#include <stdlib.h>

#include "words.h"

static const char word[] = "abcdefgh";

int main(int argc, char **argv)
{
	size_t n = (size_t)argc + 3;
	(void)argv;
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, word, n);
	printf("%.4s %zu\n", p, word_len(word));
	free(p);
	return 0;
}
