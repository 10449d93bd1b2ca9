/* expect: rewritten
 * sound: the destination is a struct field (s->buf) that nothing changes
 *   between the allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct str {
	char *buf;
	size_t len;
};

static int str_set(struct str *s, const char *src, size_t len)
{
	s->len = len;
	s->buf = malloc(len + 1); // site
	if (!s->buf)
		return -1;
	memcpy(s->buf, src, len + 1);
	return 0;
}

int main(void)
{
	struct str s;
	char text[] = "field destination";
	if (str_set(&s, text, strlen(text)))
		return 1;
	text[0] = 'F';
	printf("%s %zu\n", s.buf, s.len);
	free(s.buf);
	return 0;
}
