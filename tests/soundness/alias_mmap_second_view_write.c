/* expect: refused
 * trap: the source is one shared mapping of a memory file; a store through
 *   a second mapping of the same file between the pair writes the source's
 *   bytes under another pointer.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	int fd = memfd_create("view", 0);
	if (fd < 0 || ftruncate(fd, 4096) != 0)
		return 1;
	char *src = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	char *view = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (src == MAP_FAILED || view == MAP_FAILED)
		return 1;
	strcpy(src, "mapped");
	char *p = malloc(7); // site
	if (!p)
		return 1;
	view[0] = 'M';
	memcpy(p, src, 7);
	printf("%s\n", p);
	free(p);
	munmap(src, 4096);
	munmap(view, 4096);
	close(fd);
	return 0;
}
