#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
struct msg {
	char *body;
	size_t len;
};

static int msg_set(struct msg *m, const char *s, size_t n)
{
	// ruleid: alloc-copy fix: memdup
	m->body = asrt_memdup_at(s, sizeof(char) * n, "memdup_field.c:13");
	if (!m->body)
		return -1;

	m->len = n;
	return 0;
}

int main(void)
{
	struct msg m;
	if (msg_set(&m, "field copy", 10))
		return 1;
	printf("%.*s %zu\n", (int)m.len, m.body, m.len);
	free(m.body);
	return 0;
}
