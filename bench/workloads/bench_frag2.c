/* frag2: seed 002 in C. Each thread reads a 64 KiB file `reads` times into a
 * fresh buffer each time and keeps the last `window` buffers, dropping the
 * oldest: the same-sized churn under which glibc's many arenas beat two. */
#define _POSIX_C_SOURCE 200809L
#include "bench_common.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct frag2_params {
	long threads, reads, window, file_size;
};

struct frag2_thread {
	pthread_t id;
	const struct frag2_params *params;
	const char *path;
	char **ring; /* `window` slots, the oldest at `head` once full */
	size_t *sizes;
	uint64_t bytes;
	int error; /* errno of the first failure, 0 if none */
};

/* open + fstat + read the whole file into a new buffer, as File#read does. */
static char *read_file(const char *path, size_t *size_out)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;
	struct stat st;
	char *buf = NULL;
	if (fstat(fd, &st) != 0)
		goto done;
	buf = malloc((size_t)st.st_size + 1);
	if (buf == NULL)
		goto done;
	size_t got = 0;
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);
		if (n <= 0) {
			free(buf);
			buf = NULL;
			if (n == 0)
				errno = EIO;
			goto done;
		}
		got += (size_t)n;
	}
	buf[got] = '\0';
	*size_out = got;
done:
	close(fd);
	return buf;
}

static void *frag2_thread_main(void *arg)
{
	struct frag2_thread *t = arg;
	size_t window = (size_t)t->params->window, head = 0;
	for (long i = 0; i < t->params->reads; i++) {
		size_t size = 0;
		char *buf = read_file(t->path, &size);
		if (buf == NULL) {
			t->error = errno ? errno : ENOMEM;
			return NULL;
		}
		/* a.shift once the window is full, then a << buf */
		if (t->ring[head] != NULL) {
			free(t->ring[head]);
			t->bytes -= t->sizes[head];
		}
		t->ring[head] = buf;
		t->sizes[head] = size;
		t->bytes += size;
		head = (head + 1) % window;
	}
	return NULL;
}

/* Writes the file every thread reads: `size` bytes of 'x'. */
static int make_input(char *path_template, long size)
{
	int fd = mkstemp(path_template);
	if (fd < 0)
		return -1;
	char chunk[4096];
	memset(chunk, 'x', sizeof chunk);
	for (long left = size; left > 0;) {
		size_t n = left < (long)sizeof chunk ? (size_t)left : sizeof chunk;
		ssize_t w = write(fd, chunk, n);
		if (w <= 0) {
			close(fd);
			unlink(path_template);
			return -1;
		}
		left -= w;
	}
	return close(fd);
}

static void free_thread(struct frag2_thread *t, long window)
{
	if (t->ring != NULL)
		for (long i = 0; i < window; i++)
			free(t->ring[i]);
	free(t->ring);
	free(t->sizes);
}

int main(int argc, char **argv)
{
	struct frag2_params p = { 10, 100000, 1600, 64 * 1024 };
	const struct bench_opt opts[] = {
		{ "threads", &p.threads, 1, 1024, "threads, each with its own window" },
		{ "reads", &p.reads, 0, 1L << 40, "file reads per thread" },
		{ "window", &p.window, 1, 1L << 30, "buffers each thread keeps" },
		{ "file-size", &p.file_size, 0, 1L << 30, "bytes in the file read" },
	};
	enum bench_parse parsed = bench_opts_parse(
		argc, argv, "frag2: threads keep a sliding window of 64 KiB file reads (seed 002)",
		opts, sizeof opts / sizeof opts[0]);
	if (parsed != BENCH_PARSE_OK)
		return bench_opts_exit_status(parsed);

	const char *tmp = getenv("TMPDIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/bench_frag2.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (make_input(path, p.file_size) != 0) {
		fprintf(stderr, "frag2: cannot write %s: %s\n", path, strerror(errno));
		return EXIT_FAILURE;
	}
	struct bench_clock clock;
	struct frag2_thread *threads = calloc((size_t)p.threads, sizeof *threads);
	int status = EXIT_FAILURE;
	long started = 0;
	if (threads == NULL || bench_clock_start(&clock) != 0)
		goto out;
	for (; started < p.threads; started++) {
		struct frag2_thread *t = &threads[started];
		t->params = &p;
		t->path = path;
		t->ring = calloc((size_t)p.window, sizeof *t->ring);
		t->sizes = calloc((size_t)p.window, sizeof *t->sizes);
		if (t->ring == NULL || t->sizes == NULL ||
		    pthread_create(&t->id, NULL, frag2_thread_main, t) != 0) {
			free_thread(t, p.window);
			break;
		}
	}
	status = started == p.threads ? EXIT_SUCCESS : EXIT_FAILURE;
	uint64_t live = 0;
	for (long i = 0; i < started; i++) {
		pthread_join(threads[i].id, NULL);
		if (threads[i].error != 0) {
			fprintf(stderr, "frag2: thread %ld: %s\n", i, strerror(threads[i].error));
			status = EXIT_FAILURE;
		}
		live += threads[i].bytes;
	}
	if (status == EXIT_SUCCESS && bench_report("frag2", &clock, live, "") != 0)
		status = EXIT_FAILURE;
out:
	if (status != EXIT_SUCCESS && started < p.threads)
		fprintf(stderr, "frag2: out of memory or cannot start threads\n");
	for (long i = 0; i < started; i++)
		free_thread(&threads[i], p.window);
	free(threads);
	unlink(path);
	return status;
}
