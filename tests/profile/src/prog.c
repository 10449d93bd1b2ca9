/* The program tests/profile/ instruments: each finding's calls run a known
 * number of times with known sizes, so the profile's counts are exact. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ALLOC_N(type, n) ((type *)malloc(sizeof(type) * (size_t)(n)))
#define MEMCPY(d, s, type, n) memcpy((d), (s), sizeof(type) * (size_t)(n))
#define REALLOC_N(var, type, n) ((var) = (type *)realloc((void *)(var), sizeof(type) * (size_t)(n)))

/* Function calls: probes wrap their arguments in place. */
static char *copy_bytes(const char *s, size_t n)
{
	char *p = malloc(n);
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}

/* Pack macros: probes run ahead of them; the copy is the body of an if
 * with no else. */
static int *copy_ints(const int *v, int n)
{
	int *p = ALLOC_N(int, n);
	if (!p)
		return NULL;
	if (n > 0)
		MEMCPY(p, v, int, n);
	return p;
}

static char *grow_chars(int k)
{
	char *buf = NULL;
	size_t len = 0;
	for (int i = 0; i < k; i++) {
		char *t = realloc(buf, len + 2);
		if (!t) {
			free(buf);
			return NULL;
		}
		buf = t;
		buf[len++] = (char)('a' + i % 26);
		buf[len] = '\0';
	}
	return buf;
}

/* A macro that assigns its pointer, as a statement of its own. */
static int *grow_ints(int k)
{
	int *v = NULL;
	for (int i = 0; i < k; i++) {
		REALLOC_N(v, int, i + 1);
		if (!v)
			return NULL;
		v[i] = i;
	}
	return v;
}

/* Each pass copies a word only to read it, and frees the copy: a copy
 * made for nothing (dup-call). */
static size_t dup_all(char *const *s, int n)
{
	size_t total = 0;
	for (int i = 0; i < n; i++) {
		char *c = strdup(s[i]);
		total += c ? strlen(c) : 0;
		free(c);
	}
	return total;
}

/* Never called: its finding is never reached. */
char *unused_copy(const char *s, size_t n)
{
	char *p = malloc(n);
	if (p)
		memcpy(p, s, n);
	return p;
}

int main(void)
{
	static const char text[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	const int nums[5] = { 3, 1, 4, 1, 5 };
	char *const words[4] = { "a", "bb", "ccc", "dddd" };
	unsigned long sum = 0;

	for (size_t n = 10; n <= 30; n += 10) {
		char *p = copy_bytes(text, n);
		sum += (unsigned long)p[n - 1];
		free(p);
	}
	for (int r = 0; r < 3; r++) {
		int *p = copy_ints(nums, r < 2 ? 5 : 0);
		sum += p && r < 2 ? (unsigned long)p[4] : 7;
		free(p);
	}
	{
		char *s = grow_chars(50);
		sum += strlen(s);
		free(s);
	}
	{
		int *v = grow_ints(20);
		sum += (unsigned long)v[19];
		free(v);
	}
	sum += dup_all(words, 4);
	printf("sum %lu\n", sum);
	return 0;
}
