/* expect: rewritten
 * sound: a buffer regrown by the length of each appended chunk
 *   (realloc(buf, len + k + 1)), sizes never 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	static const char *parts[] = { "alpha", "beta", "gamma", "delta" };
	char *buf = NULL;
	size_t len = 0;
	for (int i = 0; i < 400; i++) {
		const char *part = parts[i % 4];
		size_t k = strlen(part);
		char *t = realloc(buf, len + k + 1); // site
		if (!t) {
			free(buf);
			return 1;
		}
		buf = t;
		memcpy(buf + len, part, k + 1);
		len += k;
	}
	printf("%zu %.20s\n", len, buf);
	free(buf);
	return 0;
}
