/* Part of the unity build (included by unity.c, not compiled alone). */
static char *copy_a(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}
