/* as_roots.h - the trees a rewrite may write into: the real paths of the
 * paths the user named (a named file's folder), or when none is named (a
 * compile database's units) of the working directory and the database's
 * folder. */
#ifndef AS_ROOTS_H
#define AS_ROOTS_H

#include <stddef.h>

#include "as_error.h"

/* Fills *roots (heap array of heap strings, the caller frees them with
 * as_roots_free) with one real path per entry of paths; -1 with err filled
 * when one cannot be resolved or memory runs out. */
int as_roots_of(char *const *paths, int npaths, const char *compdb, char ***roots, size_t *n, struct as_error *err);
void as_roots_free(char **roots, size_t n);

#endif
