/* Part of the unity build (included by unity.c, not compiled alone). */
static int run_b(char *s)
{
	if (!s)
		return 1;
	printf("%s %zu\n", s, strlen(s));
	free(s);
	return 0;
}
