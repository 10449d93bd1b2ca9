/* as_cc_command.c - the C sources of a gcc or clang command line: words
 * that are no option nor an option's value, named *.c (or any name after
 * -x c). */
#include "as_cc_command.h"
#include "as_names.h"

#include <string.h>

/* Options whose value is the next word (gcc's and clang's): that word is
 * no input file. */
static int takes_value(const char *a)
{
	static const char *const with[] = { "-o", "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-idirafter",
					    "-iquote", "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-isysroot",
					    "-MF", "-MT", "-MQ", "-L", "-l", "-T", "-u", "-z", "-Xlinker",
					    "-Xpreprocessor", "-Xassembler", "-Xclang", "-aux-info", "--param",
					    "-target", "-arch", "-B", "-e", "--sysroot", "-x" };

	return AS_NAME_IN(a, with) != NULL;
}

static int ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), k = strlen(end);

	return n > k && !strcmp(s + n - k, end);
}

int as_cc_sources(char *const *argv, int argc, int *idx)
{
	int n = 0, preprocess = 0, deps = 0, dep_file = 0;
	/* -x LANG: 1 C, 0 another language, -1 by the file's name. */
	int lang = -1;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-x") && i + 1 < argc) {
			lang = !strcmp(argv[i + 1], "none") ? -1 : !strcmp(argv[i + 1], "c");
			i++;
			continue;
		}
		if (!strncmp(a, "-x", 2) && a[2]) {
			lang = !strcmp(a + 2, "none") ? -1 : !strcmp(a + 2, "c");
			continue;
		}
		if (takes_value(a)) {
			i++;
			continue;
		}
		if (!strcmp(a, "-E"))
			preprocess = 1;
		else if (!strcmp(a, "-M") || !strcmp(a, "-MM"))
			deps = 1;
		else if (!strcmp(a, "-MD") || !strcmp(a, "-MMD"))
			dep_file = 1;
		else if (a[0] != '-' && (lang == 1 || (lang == -1 && ends_with(a, ".c"))))
			idx[n++] = i;
	}
	return preprocess || (deps && !dep_file) ? 0 : n;
}

int as_cc_is_probe(const char *file)
{
	const char *base = strrchr(file, '/');

	return !strncmp(base ? base + 1 : file, "conftest", 8);
}
