/* expect: refused
 * trap: the source is a flexible array member; a store to the struct's
 *   header field overlaps nothing, but the write between the pair is to
 *   the member through another pointer to the same struct.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct str {
	size_t len;
	char data[];
};

static char *dup_data(struct str *h, struct str *alias)
{
	char *p = malloc(h->len + 1); // site
	if (!p)
		return NULL;
	alias->data[0] = 'F';
	memcpy(p, h->data, h->len + 1);
	return p;
}

int main(void)
{
	struct str *h = malloc(sizeof *h + 6);
	if (!h)
		return 1;
	h->len = 5;
	memcpy(h->data, "flexy", 6);
	char *d = dup_data(h, h);
	if (!d)
		return 1;
	printf("%s %s\n", d, h->data);
	free(d);
	free(h);
	return 0;
}
