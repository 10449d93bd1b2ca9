/* as_isolate.c - the worker processes: a pipe each way per worker, jobs
 * sent as an index, each result as one message (its length, then its
 * bytes). The caller polls the workers' pipes and watches their deadlines;
 * it runs no threads, so forking a fresh worker from it is safe. */
#include "as_isolate.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NONE SIZE_MAX

struct worker {
	pid_t pid;    /* 0: not running */
	int to, from; /* jobs out, results in */
	size_t job;   /* the todo entry it runs, or NONE */
	double deadline;
	struct as_wire in; /* its result, as read so far */
};

struct child {
	const struct as_isolate_ops *ops;
	int in, out;
};

int as_thread_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
	pthread_attr_t attr;
	int rc;

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64u << 20);
	rc = pthread_create(t, &attr, fn, arg);
	pthread_attr_destroy(&attr);
	return rc;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Writes (out) or reads n bytes through fd, retried until done; -1 on an
 * error or at the end of the pipe. */
static int move_all(int fd, void *data, size_t n, int out)
{
	char *p = data;

	while (n) {
		ssize_t k = out ? write(fd, p, n) : read(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* A worker's life: jobs in, results out, until the caller closes its end. */
static void *child_loop(void *arg)
{
	struct child *c = arg;
	unsigned long long job;

	while (!move_all(c->in, &job, sizeof job, 0)) {
		struct as_wire w = { 0 };
		int stop = c->ops->run(c->ops->ctx, (size_t)job, &w);
		unsigned long long len = w.n;

		/* No result: the caller reports the job lost by this status. */
		if (w.oom)
			_exit(3);
		if (move_all(c->out, &len, sizeof len, 1) || move_all(c->out, w.p, w.n, 1))
			_exit(4);
		as_wire_free(&w);
		if (stop)
			break;
	}
	return NULL;
}

/* _exit, not exit: the caller's atexit handlers and stdio buffers are its own. */
static void child_main(const struct as_isolate_ops *ops, int in, int out)
{
	struct child c = { ops, in, out };
	pthread_t t;

	if (as_thread_start(&t, child_loop, &c))
		child_loop(&c);
	else
		pthread_join(t, NULL);
	_exit(0);
}

static int spawn(struct worker *w, const struct worker *all, int nall, const struct as_isolate_ops *ops)
{
	int to[2], from[2];
	pid_t pid;

	if (pipe2(to, O_CLOEXEC))
		return -1;
	if (pipe2(from, O_CLOEXEC)) {
		close(to[0]);
		close(to[1]);
		return -1;
	}
	if ((pid = fork()) < 0) {
		close(to[0]);
		close(to[1]);
		close(from[0]);
		close(from[1]);
		return -1;
	}
	if (!pid) {
		/* Another worker's pipe left open here would hide its end. */
		for (int i = 0; i < nall; i++)
			if (all[i].pid) {
				close(all[i].to);
				close(all[i].from);
			}
		close(to[1]);
		close(from[0]);
		child_main(ops, to[0], from[1]);
	}
	close(to[0]);
	close(from[1]);
	fcntl(from[0], F_SETFL, O_NONBLOCK);
	w->pid = pid;
	w->to = to[1];
	w->from = from[0];
	w->job = NONE;
	return 0;
}

/* Ends w's process (killed first if kill_it) and reports its job, if it
 * had one, lost: why, or what the exit status says. */
static void reap(struct worker *w, int kill_it, const char *why, const size_t *todo,
		 const struct as_isolate_ops *ops)
{
	char text[160];
	int st = 0;

	if (kill_it)
		kill(w->pid, SIGKILL);
	close(w->to);
	close(w->from);
	while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR)
		;
	if (w->job != NONE) {
		if (why)
			snprintf(text, sizeof text, "%s", why);
		else if (WIFSIGNALED(st))
			snprintf(text, sizeof text, "crashed (signal %d: %s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
		else
			snprintf(text, sizeof text, "its worker ended with status %d and no result", WEXITSTATUS(st));
		ops->lost(ops->ctx, todo[w->job], text);
	}
	as_wire_free(&w->in);
	memset(w, 0, sizeof *w);
}

/* Reads what w's pipe holds; 1 when the worker has closed it. */
static int drain(struct worker *w)
{
	char buf[65536];

	for (;;) {
		ssize_t k = read(w->from, buf, sizeof buf);
		if (k > 0)
			as_wire_put(&w->in, buf, (size_t)k);
		else if (k < 0 && errno == EINTR)
			continue;
		else
			return k == 0 || errno != EAGAIN;
	}
}

/* Hands w's complete result, if it has one, to done; 1 if it did. */
static int deliver(struct worker *w, const size_t *todo, const struct as_isolate_ops *ops)
{
	unsigned long long len;
	struct as_wire_in r;
	size_t job = w->job;

	if (w->in.n < sizeof len || job == NONE)
		return 0;
	memcpy(&len, w->in.p, sizeof len);
	if (w->in.n - sizeof len < len)
		return 0;
	r = (struct as_wire_in){ w->in.p + sizeof len, (size_t)len, 0, 0 };
	w->job = NONE;
	ops->done(ops->ctx, todo[job], &r);
	w->in.n = 0;
	return 1;
}

int as_isolate_run(const size_t *todo, size_t n, int workers, unsigned timeout, const struct as_isolate_ops *ops,
		   struct as_error *err)
{
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	int nw = workers < 1 ? 1 : (size_t)workers > n ? (int)n
						       : workers,
	    rc = 0;
	struct worker *w = calloc((size_t)nw + 1, sizeof *w);
	struct pollfd *pfd = calloc((size_t)nw + 1, sizeof *pfd);
	int *who = calloc((size_t)nw + 1, sizeof *who);
	size_t next = 0, finished = 0;

	if (!w || !pfd || !who) {
		free(w);
		free(pfd);
		free(who);
		return as_error_set(err, "out of memory");
	}
	/* A worker that dies idle must not take the scan with it. */
	sigaction(SIGPIPE, &ign, &old);
	while (finished < n) {
		int np = 0, wait = -1, running = 0;
		double t;

		for (int i = 0; i < nw && next < n; i++) {
			unsigned long long job = todo[next];
			if (w[i].pid && w[i].job != NONE)
				continue;
			if (!w[i].pid && spawn(&w[i], w, nw, ops))
				continue;
			if (move_all(w[i].to, &job, sizeof job, 1)) {
				reap(&w[i], 1, NULL, todo, ops);
				continue;
			}
			w[i].job = next++;
			w[i].deadline = now() + timeout;
			ops->started(ops->ctx, job);
		}
		t = now();
		for (int i = 0; i < nw; i++) {
			if (!w[i].pid)
				continue;
			running += w[i].job != NONE;
			pfd[np] = (struct pollfd){ .fd = w[i].from, .events = POLLIN };
			who[np++] = i;
			if (timeout && w[i].job != NONE) {
				double left = w[i].deadline - t;
				int ms = left > 0 ? (int)(left * 1000) + 1 : 0;
				wait = wait < 0 || ms < wait ? ms : wait;
			}
		}
		if (!running) {
			rc = as_error_set(err, "cannot start a worker process: %s", strerror(errno));
			break;
		}
		if (poll(pfd, (nfds_t)np, wait) < 0 && errno != EINTR) {
			rc = as_error_set(err, "cannot wait for the worker processes: %s", strerror(errno));
			break;
		}
		for (int k = 0; k < np; k++) {
			struct worker *x = &w[who[k]];
			int closed;
			if (!pfd[k].revents)
				continue;
			closed = drain(x);
			finished += (size_t)deliver(x, todo, ops);
			if (x->in.oom) {
				finished += x->job != NONE;
				reap(x, 1, "out of memory for its result", todo, ops);
			} else if (closed) {
				finished += x->job != NONE;
				reap(x, 0, NULL, todo, ops);
			}
		}
		t = now();
		for (int i = 0; i < nw && timeout; i++)
			if (w[i].pid && w[i].job != NONE && t >= w[i].deadline) {
				char why[64];
				snprintf(why, sizeof why, "timed out after %u s", timeout);
				finished++;
				reap(&w[i], 1, why, todo, ops);
			}
	}
	/* The end of its pipe ends an idle worker. */
	for (int i = 0; i < nw; i++)
		if (w[i].pid) {
			if (w[i].job != NONE)
				kill(w[i].pid, SIGKILL);
			reap(&w[i], 0, rc ? "not run: the scan stopped" : NULL, todo, ops);
		}
	sigaction(SIGPIPE, &old, NULL);
	free(w);
	free(pfd);
	free(who);
	return rc;
}
