/* expect: rewritten
 * sound: a literal copied on every pass of a loop, read by strcmp and
 *   strchr (whose result is only compared), freed on the same pass.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	int hits = 0;
	for (int i = 0; i < 50; i++) {
		char *c = malloc(sizeof "shared, read"); // site
		if (!c)
			return 1;
		memcpy(c, "shared, read", sizeof "shared, read");
		hits += strcmp(c, "shared, read") == 0;
		hits += strchr(c, ',') != NULL;
		free(c);
	}
	printf("%d\n", hits);
	return 0;
}
