/* expect: rewritten
 * sound: the destination is an array element whose index is not changed
 *   between the allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const words[] = { "one", "three", "five" };

int main(void)
{
	char *copies[3];
	for (int i = 0; i < 3; i++) {
		size_t n = strlen(words[i]) + 1;
		copies[i] = malloc(n); // site
		if (!copies[i])
			return 1;
		memcpy(copies[i], words[i], n);
	}
	for (int i = 0; i < 3; i++) {
		printf("%s\n", copies[i]);
		free(copies[i]);
	}
	return 0;
}
