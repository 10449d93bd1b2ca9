#include <stdlib.h>

#include "minirt.h"

/* One byte more per character: every append may move the whole buffer. */
void strbuf_putc_slow(struct strbuf *sb, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *p = realloc(sb->buf, sb->len + 2);
		if (!p)
			return;
		sb->buf = p;
		sb->buf[sb->len++] = s[i];
		sb->buf[sb->len] = '\0';
	}
}

/* Doubling behind a capacity check: amortised O(1), nothing to report. */
void strbuf_putc_fast(struct strbuf *sb, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (sb->len + 2 > sb->cap) {
			size_t cap = sb->cap ? sb->cap * 2 : 64;
			char *p = realloc(sb->buf, cap);
			if (!p)
				return;
			sb->buf = p;
			sb->cap = cap;
		}
		sb->buf[sb->len++] = s[i];
		sb->buf[sb->len] = '\0';
	}
}
