#ifndef NAMES_H
#define NAMES_H
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A copy of the name; with NAMES_UPCASE the name itself is capitalised
 * first (the including unit decides). */
static inline char *copy_name(char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
#ifdef NAMES_UPCASE
	s[0] = (char)toupper((unsigned char)s[0]);
#endif
	memcpy(p, s, n);
	return p;
}

void show_b(void);
#endif
