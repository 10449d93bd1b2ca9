/* Bad use must abort with one line naming the pointer. Each case runs in a
 * fresh process (this program re-executed with the case's name, so options
 * set in the environment take effect from the heap's first call); the
 * driver checks the signal and the message. */
#include "check.h"

#include <malloc.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static char global_buf[64];
static volatile uintptr_t expect_ptr; /* the pointer the message must name */

static void *keep(void *p)
{
	expect_ptr = (uintptr_t)p;
	return p;
}

/* Each case prints the pointer it will misuse on stdout, then misuses it;
 * printing comes first, as stdio's buffer could reuse a freed block. */
static void announce(void *p)
{
	printf("%p\n", keep(p));
	fflush(stdout);
}

static void double_small(void)
{
	void *p = malloc(40);
	announce(p);
	free(p);
	free(p);
}

static void double_small_flushed(void)
{
	/* The block leaves the thread cache before the second free. */
	void *p = malloc(40), *many[512];
	announce(p);
	free(p);
	for (int i = 0; i < 512; i++)
		many[i] = malloc(48);
	for (int i = 0; i < 512; i++)
		free(many[i]);
	free(p);
}

static void double_mid(void)
{
	void *p = malloc(5000);
	void *guard = malloc(5000); /* keeps p from merging with the free tail */
	announce(p);
	free(p);
	free(p);
	free(guard);
}

static void double_mid_cached(void)
{
	/* 1..4 KiB blocks wait in the thread's mid cache after a free. */
	void *p = malloc(3000);
	announce(p);
	free(p);
	free(p);
}

static void double_mid_outbound(void)
{
	/* A free that finds the 1..4 KiB cache full leaves its block waiting
	 * for the heap with a few others. */
	void *p = malloc(2000), *many[256];
	for (int i = 0; i < 256; i++)
		many[i] = malloc(2000);
	announce(p);
	for (int i = 0; i < 256; i++)
		free(many[i]);
	free(malloc(100 << 10)); /* a trip to the heap sends those waiting */
	free(p);
	free(p);
}

static void double_big_cached(void)
{
	/* Blocks above 4 KiB, to 128 KiB, wait in the thread's cache of bigger
	 * blocks after a free. */
	void *p = malloc(20000);
	announce(p);
	free(p);
	free(p);
}

static void double_mid_merged(void)
{
	void *a = malloc(5000), *b = malloc(5000), *c = malloc(100 << 10);
	announce(b);
	free(a);
	free(b); /* b merges into a */
	free(b);
	free(c);
}

static void double_huge(void)
{
	void *p = malloc(8 << 20);
	announce(p);
	free(p);
	free(p);
}

static void double_huge_cut(void)
{
	/* p is cut from the cached mapping of the first block, whose tail
	 * stays cached beside it. */
	free(malloc(25 << 20));
	void *p = malloc(5 << 20);
	announce(p);
	free(p);
	free(p);
}

static void realloc_freed(void)
{
	void *p = malloc(200);
	announce(p);
	free(p);
	p = realloc(p, 300);
}

static void stack_ptr(void)
{
	char local[32];
	announce(local);
	free(local);
}

static void global_ptr(void)
{
	announce(global_buf);
	free(global_buf);
}

static void interior_small(void)
{
	char *p = malloc(100);
	announce(p + 8);
	free(p + 8);
}

static void interior_mid(void)
{
	char *p = malloc(20000);
	announce(p + 64);
	free(p + 64);
}

static void interior_huge(void)
{
	char *p = malloc(3 << 20);
	announce(p + 4096);
	free(p + 4096);
}

static void foreign_mmap(void)
{
	char *p = mmap(NULL, 1 << 16, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	announce(p + 16);
	free(p + 16);
}

static void usable_invalid(void)
{
	char *p = malloc(100);
	announce(p + 8);
	printf("%zu\n", malloc_usable_size(p + 8));
}

struct bad_case {
	const char *name;
	void (*run)(void);
	const char *env;     /* NAME=VALUE set for the case, or NULL */
	const char *message; /* the line up to the pointer */
};

static const struct bad_case cases[] = {
	{ "double_small", double_small, NULL, "asrt: double free of " },
	{ "double_small_nocache", double_small, "ASRT_TCACHE=0",
	  "asrt: double free of " },
	{ "double_small_flushed", double_small_flushed, NULL,
	  "asrt: double free of " },
	{ "double_mid", double_mid, NULL, "asrt: double free of " },
	{ "double_mid_checked", double_mid, "ASRT_CHECK=1", "asrt: double free of " },
	{ "double_mid_merged", double_mid_merged, NULL, "asrt: double free of " },
	{ "double_mid_cached", double_mid_cached, NULL, "asrt: double free of " },
	{ "double_mid_outbound", double_mid_outbound, NULL, "asrt: double free of " },
	{ "double_big_cached", double_big_cached, NULL, "asrt: double free of " },
	{ "double_huge", double_huge, NULL, "asrt: free(): invalid pointer " },
	{ "double_huge_cut", double_huge_cut, NULL, "asrt: free(): invalid pointer " },
	{ "realloc_freed", realloc_freed, NULL, "asrt: double free of " },
	{ "stack_ptr", stack_ptr, NULL, "asrt: free(): invalid pointer " },
	{ "global_ptr", global_ptr, NULL, "asrt: free(): invalid pointer " },
	{ "interior_small", interior_small, NULL, "asrt: free(): invalid pointer " },
	{ "interior_mid", interior_mid, NULL, "asrt: free(): invalid pointer " },
	{ "interior_mid_checked", interior_mid, "ASRT_CHECK=1",
	  "asrt: free(): invalid pointer " },
	{ "interior_huge", interior_huge, NULL, "asrt: free(): invalid pointer " },
	{ "foreign_mmap", foreign_mmap, NULL, "asrt: free(): invalid pointer " },
	{ "usable_invalid", usable_invalid, NULL,
	  "asrt: malloc_usable_size(): invalid pointer " },
};
#define NCASES (sizeof cases / sizeof *cases)

static size_t read_all(int fd, char *buf, size_t cap)
{
	size_t n = 0;
	ssize_t k;
	while (n < cap - 1 && (k = read(fd, buf + n, cap - 1 - n)) > 0)
		n += (size_t)k;
	buf[n] = '\0';
	return n;
}

static void run_case(const char *self, const struct bad_case *c)
{
	int out[2], err[2];
	ASSERT(pipe(out) == 0 && pipe(err) == 0);
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		dup2(out[1], 1);
		dup2(err[1], 2);
		close(out[0]);
		close(err[0]);
		if (c->env)
			putenv((char *)c->env);
		execl(self, self, c->name, (char *)NULL);
		_exit(127);
	}
	close(out[1]);
	close(err[1]);
	char obuf[256], ebuf[1024], want[256];
	read_all(out[0], obuf, sizeof obuf);
	read_all(err[0], ebuf, sizeof ebuf);
	close(out[0]);
	close(err[0]);
	int st;
	waitpid(pid, &st, 0);
	obuf[strcspn(obuf, "\n")] = '\0';
	snprintf(want, sizeof want, "%s%s\n", c->message, obuf);
	int ok = WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT && strcmp(ebuf, want) == 0;
	if (!ok) {
		fprintf(stderr, "case %s: status %d, stderr \"%s\", wanted \"%s\"\n",
			c->name, st, ebuf, want);
		check_failures++;
	}
}

int main(int argc, char **argv)
{
	if (argc == 2) {
		for (size_t i = 0; i < NCASES; i++) {
			if (strcmp(argv[1], cases[i].name) == 0) {
				cases[i].run();
				return 0; /* not reached when the heap catches the misuse */
			}
		}
		return 2;
	}
	for (size_t i = 0; i < NCASES; i++)
		run_case("/proc/self/exe", &cases[i]);
	return check_status("test_badfree");
}
