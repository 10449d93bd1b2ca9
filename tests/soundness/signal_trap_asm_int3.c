/* expect: refused
 * trap: an int3 instruction (inline asm, no operands, x86) between the
 *   allocation and the copy raises SIGTRAP; the handler writes the source
 *   and execution resumes after the instruction.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[16] = "before";

static void on_trap(int sig)
{
	(void)sig;
	src[0] = 'T';
}

int main(void)
{
	signal(SIGTRAP, on_trap);
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	__asm__ volatile("int3");
	memcpy(p, src, sizeof src);
	printf("%s\n", p);
	free(p);
	return 0;
}
