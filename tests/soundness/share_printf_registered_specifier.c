/* expect: no-share
 * trap: the unit registers a printf conversion %Y whose handler writes
 *   the string it is given: printf("%Y", c) writes the copy.
 */
#define _GNU_SOURCE
#include <printf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "registered";

static int print_upper(FILE *f, const struct printf_info *info, const void *const *args)
{
	char *s = *(char *const *)args[0];
	(void)info;
	s[0] = (char)(s[0] - 32);
	return fprintf(f, "%s", s);
}

static int arginfo(const struct printf_info *info, size_t n, int *types, int *size)
{
	(void)info;
	(void)size;
	if (n > 0)
		types[0] = PA_POINTER;
	return 1;
}

/* ASan's printf interceptor does not know this conversion: let it pass. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "check_printf=0";
}

int main(void)
{
	register_printf_specifier('Y', print_upper, arginfo);
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%Y\n", c);
	printf("%s\n", c);
	free(c);
	return 0;
}
