/* expect: refused
 * trap: _Pragma("push_macro") / #undef / #define between the pair give the
 *   copy's source another meaning than at the allocation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char a_buf[6] = "aaaaa";
static char b_buf[6] = "bbbbb";
#define BUF a_buf

int main(void)
{
	char *p = malloc(sizeof a_buf); // site
	if (!p)
		return 1;
	_Pragma("push_macro(\"BUF\")")
#undef BUF
#define BUF b_buf
	memcpy(p, BUF, sizeof a_buf);
	_Pragma("pop_macro(\"BUF\")")
	printf("%s %s\n", p, BUF);
	free(p);
	return 0;
}
