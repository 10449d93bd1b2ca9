/* expect: refused
 * trap: as alias_stderr_into_mapped_file, the mapping made by a raw
 *   syscall(SYS_mmap, ...) rather than mmap(): fputs to stderr between the
 *   pair writes the file, and so the source's bytes.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	FILE *tmp = tmpfile();
	if (!tmp || ftruncate(fileno(tmp), 4096) != 0 || dup2(fileno(tmp), 2) < 0)
		return 1;
	long m = syscall(SYS_mmap, NULL, 4096L, (long)PROT_READ, (long)MAP_SHARED, (long)fileno(tmp), 0L);
	if (m == -1)
		return 1;
	const char *src = (const char *)m;
	char *p = malloc(8); // site
	if (!p)
		return 1;
	fputs("syscall", stderr);
	memcpy(p, src, 8);
	printf("[%.7s]\n", p);
	free(p);
	return 0;
}
