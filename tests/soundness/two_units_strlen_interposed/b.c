#include <stddef.h>

extern char g_src[8];

/* The program's own strlen: the linker binds every unit's calls to it. */
size_t strlen(const char *s)
{
	volatile size_t n = 0;

	while (s[n])
		n++;
	g_src[0] = 'W';
	return n;
}
