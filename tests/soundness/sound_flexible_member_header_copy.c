/* expect: rewritten
 * sound: a struct with a flexible array member duplicated whole, header
 *   and payload, sized sizeof *m + k at both ends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct msg {
	size_t n;
	char d[];
};

static struct msg *dup_msg(const struct msg *m)
{
	struct msg *c = malloc(sizeof *m + m->n); // site
	if (!c)
		return NULL;
	memcpy(c, m, sizeof *m + m->n);
	return c;
}

int main(void)
{
	struct msg *m = malloc(sizeof *m + 6);
	if (!m)
		return 1;
	m->n = 6;
	memcpy(m->d, "flex!", 6);
	struct msg *c = dup_msg(m);
	if (!c)
		return 1;
	m->d[0] = 'X';
	printf("%zu %s %s\n", c->n, c->d, m->d);
	free(c);
	free(m);
	return 0;
}
