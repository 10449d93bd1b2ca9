/* The unity build: the only unit compiled; it sets KEY_LEN for b.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define KEY_LEN 8
#include "b.c"

int main(void)
{
	char *k = key_copy("abcdefgh");
	if (!k)
		return 1;
	for (int i = 0; i < KEY_LEN; i++)
		printf("%d ", k[i]);
	printf("\n");
	free(k);
	return 0;
}
