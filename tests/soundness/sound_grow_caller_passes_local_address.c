/* expect: rewritten
 * sound: the look-alike of grow_address_caller_compares, Ruby's dir.c shape
 *   (glob_helper passing (VALUE)&args): the caller of the function that
 *   regrows the path turns a pointer into a number, but it is a local
 *   struct's own address, where no block lies, handed to a callback
 *   through an integer argument. Nothing printed depends on where the
 *   block lies.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct args {
	const char *path;
	int calls;
};

static char *join(const char *const *parts, int n)
{
	char *path = NULL;
	size_t len = 0;

	for (int i = 0; i < n; i++) {
		size_t k = strlen(parts[i]);
		char *tmp = realloc(path, len + k + 2); // site

		if (!tmp) {
			free(path);
			return NULL;
		}
		path = tmp;
		path[len++] = '/';
		memcpy(path + len, parts[i], k + 1);
		len += k;
	}
	return path;
}

static int visit(uintptr_t data)
{
	struct args *a = (struct args *)data;

	a->calls++;
	return printf("%s\n", a->path) < 0;
}

int main(void)
{
	static const char *const parts[] = { "usr", "local", "share", "doc", "allocscan", "examples" };
	struct args args = { NULL, 0 };
	char *path = join(parts, 6);

	if (!path)
		return 1;
	args.path = path;
	if (visit((uintptr_t)&args))
		return 1;
	printf("%d\n", args.calls);
	free(path);
	return 0;
}
