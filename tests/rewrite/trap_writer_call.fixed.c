#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
static const char text[] = "written by a callee";

static void upcase(char *s)
{
	for (; *s; s++)
		*s = (char)toupper((unsigned char)*s);
}

int main(void)
{
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(text, sizeof text, "trap_writer_call.c:17");
	if (!p)
		return 1;

	upcase(p);
	printf("%s | %s\n", p, text);
	free(p);
	return 0;
}
