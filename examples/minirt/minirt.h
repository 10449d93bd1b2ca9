#ifndef MINIRT_H
#define MINIRT_H
#include <stddef.h>

typedef unsigned long value;

struct array {
	value *ptr;
	size_t len;
};

struct strbuf {
	char *buf;
	size_t len, cap;
};

struct array *array_literal(int which);
struct array *array_concat(const struct array *a, const struct array *b);
void array_free(struct array *a);
void strbuf_putc_slow(struct strbuf *sb, const char *s, size_t n);
void strbuf_putc_fast(struct strbuf *sb, const char *s, size_t n);
char **symbols_intern(char *const *names, int n);
int symbols_count(char *const *table, int n, char *const *keys, int k);

#endif
