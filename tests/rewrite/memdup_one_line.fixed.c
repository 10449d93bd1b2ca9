/* A removed copy leaves no "(void)0" (issue 36): one-line functions, a
 * copy followed by more code on its line, a copy last on a line after
 * other code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
// ruleid: alloc-copy fix: memdup
static char *dup1(const char *s, size_t n) { char *p = asrt_memdup_at(s, n, "memdup_one_line.c:9"); if (!p) return NULL; return p; }
// ruleid: alloc-copy fix: memdup
static char *dup2(const char *s, size_t n) { char *p = asrt_memdup_at(s, n, "memdup_one_line.c:11"); if (!p) return NULL;
	return p; }
static char *dup3(const char *s, size_t n)
{
// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(s, n, "memdup_one_line.c:16"); if (!p) return NULL;
	return p;
}
// ruleid: alloc-copy fix: memdup
static char *dup4(const char *s, size_t n) { char *p = asrt_memdup_at(s, n, "memdup_one_line.c:20"); if (!p) return NULL; return p;}

int main(void)
{
	char *a = dup1("abc", 4), *b = dup2("def", 4), *c = dup3("ghi", 4), *d = dup4("jkl", 4);
	printf("%s %s %s %s\n", a, b, c, d);
	free(a);
	free(b);
	free(c);
	free(d);
	return 0;
}
