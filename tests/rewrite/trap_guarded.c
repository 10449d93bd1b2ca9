#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	for (int i = 0; i < 10000; i++) {
		if (len + 1 > cap) {
			cap += 1024;
			// ok: realloc-churn
			char *t = realloc(buf, cap);
			if (!t) {
				free(buf);
				return 1;
			}
			buf = t;
		}
		buf[len++] = (char)('a' + i % 26);
	}
	printf("%zu %c\n", len, buf[len - 1]);
	free(buf);
	return 0;
}
