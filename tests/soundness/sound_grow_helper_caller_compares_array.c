/* expect: rewritten
 * sound: the look-alike of grow_address_caller_compares, Onigmo's shape
 *   (strcat_capa and onig_node_str_cat): the caller of the reallocating
 *   helper compares the block's pointer, but only with its node's own
 *   array (is the string still held inline?) and with NULL. No block lies
 *   in an array, so neither answer depends on where the block lies.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	char *s;
	size_t len;
	char buf[8];
};

static char *widen(char *p, size_t n)
{
	return realloc(p, n);
}

static int append(struct node *nd, char c)
{
	char *p;

	if (nd->len + 2 <= sizeof nd->buf) {
		nd->s[nd->len++] = c;
		nd->s[nd->len] = '\0';
		return 0;
	}
	if (nd->s == nd->buf) {
		p = malloc(nd->len + 2);
		if (p != NULL)
			memcpy(p, nd->buf, nd->len);
	} else {
		p = widen(nd->s, nd->len + 2); // site
	}
	if (p == NULL)
		return -1;
	nd->s = p;
	nd->s[nd->len++] = c;
	nd->s[nd->len] = '\0';
	return 0;
}

int main(void)
{
	struct node nd = { NULL, 0, "" };

	nd.s = nd.buf;
	for (int i = 0; i < 100; i++)
		if (append(&nd, (char)('a' + i % 26)))
			return 1;
	printf("%zu %s\n", nd.len, nd.s);
	if (nd.s != nd.buf)
		free(nd.s);
	return 0;
}
