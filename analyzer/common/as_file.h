/* as_file.h - a whole file read into memory: compile databases, configs,
 * baselines, and the sources searched for suppression comments. */
#ifndef AS_FILE_H
#define AS_FILE_H

#include <stddef.h>

#include "as_error.h"

/* The bytes of path, NUL-terminated (the length without it in *len, when
 * len is not NULL); malloc'd, the caller frees. NULL with err filled
 * ("PATH: reason") when it cannot be opened or read. */
char *as_file_read(const char *path, size_t *len, struct as_error *err);

#include <stdio.h>

/* Replaces path whole with what fill writes (its status: 0, or -1 to give
 * up), through a temporary beside it renamed over it, so that a reader
 * never sees half a file; a new file gets the mode of one fopen creates.
 * -1 with err filled ("PATH: cannot write WHAT: reason") on failure, path
 * as it was. */
int as_file_replace(const char *path, const char *what, int (*fill)(FILE *out, void *ctx), void *ctx,
		    struct as_error *err);

#endif
