/* Compiled through unity.c; also valid alone. */
#include <stdlib.h>
#include <string.h>
#ifndef KEY_LEN
#define KEY_LEN 4
#endif

/* A key of KEY_LEN bytes holding the first 4 bytes of k, zero padded. */
static char *key_copy(const char *k)
{
	char *p = calloc(KEY_LEN, 1); // site
	if (!p)
		return NULL;
	memcpy(p, k, 4);
	return p;
}
