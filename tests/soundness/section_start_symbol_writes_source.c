/* expect: refused
 * trap: the source lives in a named section; the linker's
 *   __start_<section> symbol is another name for the section's first byte,
 *   and a store through it between the allocation and the copy writes the
 *   source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((section("asrt_trap"), used)) static char src[16] = "section";
extern char __start_asrt_trap[];

int main(void)
{
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	__start_asrt_trap[0] = 'S';
	memcpy(p, src, sizeof src);
	printf("%s\n", p);
	free(p);
	return 0;
}
