/* The unity build: the only unit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "a.c"
#include "b.c"

int main(void)
{
	return run_b(copy_a("unity"));
}
