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

#endif
