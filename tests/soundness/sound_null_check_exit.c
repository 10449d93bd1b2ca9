/* expect: rewritten
 * sound: the NULL check's failure branch prints and exits; nothing else
 *   lies between the allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *names[] = { "ada", "brian", "carl" };

int main(void)
{
	for (int i = 0; i < 3; i++) {
		size_t n = strlen(names[i]) + 1;
		char *p = malloc(n); // site
		if (p == NULL) {
			fputs("out of memory\n", stderr);
			exit(1);
		}
		memcpy(p, names[i], n);
		printf("%s\n", p);
		free(p);
	}
	return 0;
}
