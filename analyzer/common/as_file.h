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

/* Offsets where the lines of buf[0, len) start (the first is 0), their
 * count in *n; malloc'd, the caller frees; NULL when out of memory. */
size_t *as_line_starts(const char *buf, size_t len, size_t *n);

/* The two halves of as_file_replace, for a file written over a longer
 * stretch of code: a temporary beside path, open for writing (mode: the
 * old file's when keep_mode and it exists, else a new file's), its name in
 * *tmp (malloc'd); NULL with err filled. as_file_commit flushes, syncs,
 * closes and renames it over path, or removes it; frees tmp either way. */
FILE *as_file_begin(const char *path, int keep_mode, char **tmp, struct as_error *err);
int as_file_commit(FILE *out, char *tmp, const char *path, const char *what, struct as_error *err);

/* Replaces path whole with what fill writes (its status: 0, or -1 to give
 * up), through a temporary beside it renamed over it, so that a reader
 * never sees half a file; a new file gets the mode of one fopen creates.
 * -1 with err filled ("PATH: cannot write WHAT: reason") on failure, path
 * as it was. */
int as_file_replace(const char *path, const char *what, int (*fill)(FILE *out, void *ctx), void *ctx,
		    struct as_error *err);

#endif
