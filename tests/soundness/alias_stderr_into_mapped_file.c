/* expect: refused
 * trap: stderr is sent to a file the program maps shared into memory as
 *   the source; fputs to stderr between the pair, which only reads its
 *   argument, writes the file and so the source's bytes.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	FILE *tmp = tmpfile();
	if (!tmp || ftruncate(fileno(tmp), 4096) != 0 || dup2(fileno(tmp), 2) < 0)
		return 1;
	const char *src = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fileno(tmp), 0);
	if (src == MAP_FAILED)
		return 1;
	char *p = malloc(8); // site
	if (!p)
		return 1;
	fputs("written", stderr);
	memcpy(p, src, 8);
	printf("[%.7s]\n", p);
	free(p);
	munmap((void *)src, 4096);
	return 0;
}
