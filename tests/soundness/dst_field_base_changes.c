/* expect: refused
 * trap: the struct the destination field hangs off changes between the
 *   allocation and the copy (n = n->next): n->buf names another field at the
 *   copy, so memdup at the allocation fills the wrong node.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	char *buf;
	struct node *next;
};

static const char word[] = "fresh";

int main(void)
{
	char store[8] = "old";
	struct node b = { store, NULL };
	struct node a = { NULL, &b };
	struct node *n = &a;
	char *abuf;

	n->buf = malloc(sizeof word); // site
	if (!n->buf)
		return 1;
	abuf = n->buf;
	n = n->next;
	memcpy(n->buf, word, sizeof word);
	printf("b.buf = %s\n", b.buf);
	free(abuf);
	return 0;
}
