/* as_isolate.h - jobs run by a pool of worker processes, so that a unit
 * that crashes libclang (or our analysis) or never finishes costs that unit
 * only: the worker is killed or reaped, the job reported lost, and a fresh
 * worker takes the next job. Workers are forked from the caller and live for
 * one call (one pass of the scan), each running one job at a time, so the
 * memory they fault in is reused from job to job. */
#ifndef AS_ISOLATE_H
#define AS_ISOLATE_H

#include <pthread.h>
#include <stddef.h>

#include "as_error.h"
#include "as_wire.h"

struct as_isolate_ops {
	void *ctx;
	/* In a worker: runs job and writes its result to w. Non-zero: the
	 * worker sends it and ends (its state is not to be trusted). */
	int (*run)(void *ctx, size_t job, struct as_wire *w);
	/* In the caller: job was handed to a worker (progress), */
	void (*started)(void *ctx, size_t job);
	/* its result arrived, */
	void (*done)(void *ctx, size_t job, struct as_wire_in *r);
	/* or it has none: why says what happened ("crashed (signal 11:
	 * Segmentation fault)", "timed out after 5 s"). */
	void (*lost)(void *ctx, size_t job, const char *why);
};

/* Runs the n jobs of todo on up to workers processes; a job still running
 * after timeout seconds (0: no limit) is killed. -1 with err filled when
 * no worker can be started at all (fork or pipe failing). */
int as_isolate_run(const size_t *todo, size_t n, int workers, unsigned timeout, const struct as_isolate_ops *ops,
		   struct as_error *err);

/* Starts fn(arg) on a thread with a stack deep enough for libclang's
 * recursion over deep headers; pthread_create's status. */
int as_thread_start(pthread_t *t, void *(*fn)(void *), void *arg);

#endif
