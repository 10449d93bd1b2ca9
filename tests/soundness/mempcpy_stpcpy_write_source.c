/* expect: refused
 * trap: GNU mempcpy and stpcpy write into the source between the pair
 *   (neither is a copy the pack pairs, both write their destination).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "mempcpy-stpcpy";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	char *e = mempcpy(buf, "MP", 2);
	stpcpy(e, "sp");
	memcpy(p, buf, sizeof buf);
	printf("%s %s\n", p, buf);
	free(p);
	return 0;
}
