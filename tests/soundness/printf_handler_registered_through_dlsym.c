/* expect: refused
 * trap: the program registers a glibc printf handler for %s through a
 *   pointer dlsym returns for "register_printf_specifier" (the name is
 *   only a string); the handler writes the source. The printf("%s|%d")
 *   between the allocation and the copy runs it there, so the original
 *   copies what the handler wrote.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <printf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[16] = "before";

static int print_s(FILE *out, const struct printf_info *info, const void *const *args)
{
	const char *s = *(const char *const *)args[0];

	(void)info;
	/* Only the program's own string: the runtime prints with %s too. */
	if (!strcmp(s, "label"))
		memcpy(src, "after", 6);
	return fputs(s, out);
}

static int arg_s(const struct printf_info *info, size_t n, int *types, int *sizes)
{
	(void)info;
	(void)sizes;
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

typedef int (*registrar)(int, printf_function *, printf_arginfo_size_function *);

int main(void)
{
	void *sym = dlsym(RTLD_DEFAULT, "register_printf_specifier");
	registrar reg;

	if (!sym)
		return 1;
	memcpy(&reg, &sym, sizeof sym);
	reg('s', print_s, arg_s);
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	printf("%s|%d\n", "label", 1);
	memcpy(p, src, sizeof src);
	fputs(p, stdout);
	fputs("\n", stdout);
	free(p);
	return 0;
}
