#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
/* Copies of a string literal kept in an array a static pointer holds: no other
 * unit can name it, so the copies are shared, the write makes its element
 * private first and the frees release. */
static char **names;
static int nnames;

static int add_names(int n)
{
	names = calloc((size_t)n, sizeof *names);
	if (names == NULL)
		return -1;
	while (nnames < n) {
		// ruleid: alloc-copy fix: share
		char *p = asrt_cow_share_at("anonymous", sizeof "anonymous", "share_kept_static.c:18");
		if (p == NULL)
			return -1;

		names[nnames++] = p;
	}
	return 0;
}

static void drop_names(void)
{
	for (int i = 0; i < nnames; i++)
		asrt_cow_release_at(names[i], "share_kept_static.c:18");
	free(names);
}

int main(void)
{
	size_t total = 0;
	if (add_names(6)) {
		drop_names();
		return 1;
	}
	names[3] = asrt_cow_mut_or_abort_at(names[3], sizeof "anonymous", "share_kept_static.c:18"); names[3][0] = 'A';
	for (int i = 0; i < nnames; i++)
		total += strlen(names[i]) + (unsigned char)names[i][0];
	printf("%zu ", total);
	fputs(names[0], stdout);
	putchar(' ');
	puts(names[3]);
	drop_names();
	return 0;
}
