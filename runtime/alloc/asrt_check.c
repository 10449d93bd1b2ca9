/* Reporting bad use of the heap: one line on stderr naming the pointer, then
 * abort(). Formatted by hand and written with write(2), since the heap that
 * stdio would use is the one in doubt. */
#include "asrt_internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

uintptr_t asrt_secret;

void asrt_check_init(void)
{
	/* The kernel's 16 random bytes for this process; the address of a local
   * adds ASLR entropy should they be missing. */
	const uintptr_t *r = (const uintptr_t *)getauxval(AT_RANDOM);
	uintptr_t local = (uintptr_t)&local;
	asrt_secret = (r ? r[0] ^ r[1] : 0) ^ (local * 0x9E3779B97F4A7C15u) ^ 1;
}

static size_t put_hex(char *out, uintptr_t v)
{
	char tmp[2 * sizeof v];
	size_t n = 0;
	do {
		tmp[n++] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	out[0] = '0';
	out[1] = 'x';
	for (size_t i = 0; i < n; i++)
		out[2 + i] = tmp[n - 1 - i];
	return n + 2;
}

static _Noreturn void die(const char *head, const char *fn, const void *p)
{
	char line[160];
	size_t n = 0;
	const char *parts[] = { "asrt: ", fn, fn ? "(): " : "", head, " " };
	for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) {
		if (!parts[i])
			continue;
		size_t k = strlen(parts[i]);
		memcpy(line + n, parts[i], k);
		n += k;
	}
	n += put_hex(line + n, (uintptr_t)p);
	line[n++] = '\n';
	ssize_t rc = write(2, line, n);
	(void)rc;
	abort();
}

void asrt_die_invalid(const char *fn, const void *p)
{
	die("invalid pointer", fn, p);
}

void asrt_die_double(const void *p)
{
	die("double free of", NULL, p);
}

void asrt_die_unmovable(const void *p)
{
	die("cannot move back the pages of", NULL, p);
}
