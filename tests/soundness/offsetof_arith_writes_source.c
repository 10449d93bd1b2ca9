/* expect: refused
 * trap: the source is a struct's array member; the write between the pair
 *   reaches it from the struct's address plus offsetof.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
	int id;
	char name[8];
};

static struct rec r = { 3, "offset" };

int main(void)
{
	char *p = malloc(sizeof r.name); // site
	if (!p)
		return 1;
	*((char *)&r + offsetof(struct rec, name)) = 'O';
	memcpy(p, r.name, sizeof r.name);
	printf("%s %s\n", p, r.name);
	free(p);
	return 0;
}
