// allocscan-args: --rules ruby
/* A family whose reallocation never returns NULL (Ruby's ruby_xrealloc
 * raises instead): its grow fix calls the family's own realloc through
 * asrt_grow_with_at, and a counted one (REALLOC_N) keeps its overflow check
 * through the family's checked multiply. The program carries the family
 * itself, as Ruby's headers would declare it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
typedef unsigned long VALUE;

static void raise_nomem(void)
{
	fputs("NoMemoryError\n", stdout);
	exit(0);
}

void *ruby_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		raise_nomem();
	return p;
}

void *ruby_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		raise_nomem();
	return q;
}

size_t rbimpl_size_mul_or_raise(size_t x, size_t y)
{
	size_t z;
	if (__builtin_mul_overflow(x, y, &z))
		raise_nomem();
	return z;
}

void *ruby_xrealloc2(void *p, size_t n, size_t size)
{
	return ruby_xrealloc(p, rbimpl_size_mul_or_raise(n, size));
}

void ruby_xfree(void *p)
{
	free(p);
}

#define REALLOC_N(var, type, n) ((var) = (type *)ruby_xrealloc2((void *)(var), (n), sizeof(type)))

static VALUE *push_each(long n)
{
	VALUE *ptr = NULL;
	long len = 0;
	for (long i = 0; i < n; i++) {
		// ruleid: realloc-churn fix: grow
		(ptr = asrt_grow_with_at(ruby_xrealloc, ptr, rbimpl_size_mul_or_raise(sizeof(VALUE), len + 1), "grow_raising.c:61"));
		ptr[len++] = (VALUE)i * 3;
	}
	return ptr;
}

static char *append(const char *s, size_t n)
{
	char *buf = NULL;
	for (size_t i = 0; i < n; i++) {
		// ruleid: realloc-churn fix: grow
		buf = asrt_grow_with_at(ruby_xrealloc, buf, i + 2, "grow_raising.c:72");
		buf[i] = s[i % 26];
		buf[i + 1] = '\0';
	}
	return buf;
}

int main(void)
{
	VALUE *v = push_each(5000);
	char *s = append("abcdefghijklmnopqrstuvwxyz", 3000);
	VALUE sum = 0;
	for (long i = 0; i < 5000; i++)
		sum += v[i];
	printf("%lu %zu %c%c\n", sum, strlen(s), s[0], s[2999]);
	ruby_xfree(v);
	ruby_xfree(s);
	return 0;
}
