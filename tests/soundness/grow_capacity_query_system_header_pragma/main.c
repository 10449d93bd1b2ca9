#include <stdio.h>
#include <stdlib.h>

#include "room.h"

int main(void)
{
	char *buf = NULL;
	size_t len = 0;

	for (int i = 0; i < 40; i++) {
		char *t = realloc(buf, len + 1); // site
		if (!t) {
			free(buf);
			return 1;
		}
		buf = t;
		buf[len++] = 'x';
	}
	printf("%zu %s\n", len, room(buf) >= 100 ? "roomy" : "tight");
	free(buf);
	return 0;
}
