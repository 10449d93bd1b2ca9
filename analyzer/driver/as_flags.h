/* as_flags.h - a compile database's flags made fit for clang: the project's
 * compiler (often gcc) decides what is an error, not allocscan's parser. */
#ifndef AS_FLAGS_H
#define AS_FLAGS_H

#include <stdio.h>

#include "as_error.h"
#include "as_job.h"

/* Drops from every job's flags the ones that would make clang fail a unit
 * the project's compiler accepts:
 *  - -Werror, -Werror=..., -pedantic-errors: a warning clang gives and gcc
 *    does not (an unknown -W option, such as gcc's -Wformat-overflow, among
 *    them) would count as a unit with errors; warnings are never reported;
 *  - options clang does not know at all (gcc's -fconserve-stack, ...): found
 *    by asking libclang once about every distinct option, with resource_dir
 *    as the scan passes it (NULL: none).
 * The options dropped for the second reason are named on log in one line.
 * -1 (err filled) out of memory. */
int as_flags_fit(struct as_jobs *j, const char *resource_dir, FILE *log, struct as_error *err);

/* True if flags build without optimisation: the last -O option is -O0, or
 * there is none (the compilers' default). Such a build keeps every local
 * in its stack frame. */
int as_flags_unoptimised(const char *const *flags, int n);

#endif
