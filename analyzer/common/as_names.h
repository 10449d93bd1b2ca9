/* as_names.h - a set of function names: filled, then sealed (sorted, no
 * duplicates) and looked up by binary search. */
#ifndef AS_NAMES_H
#define AS_NAMES_H

#include <stddef.h>

struct as_names {
	char **v; /* malloc'd, each name too */
	size_t n, cap;
};

/* Adds a copy of the len bytes at name; -1 out of memory. */
int as_names_add(struct as_names *s, const char *name, size_t len);
/* Sorts and drops duplicates; call before as_names_has. */
void as_names_seal(struct as_names *s);
int as_names_has(const struct as_names *s, const char *name, size_t len);
/* True if the two sealed sets share a name. */
int as_names_meet(const struct as_names *a, const struct as_names *b);
void as_names_free(struct as_names *s);

/* The entry of list (n names) equal to name, or NULL (also for a NULL
 * name): the analyzer's small fixed tables of library names. */
const char *as_name_in(const char *name, const char *const *list, size_t n);
#define AS_NAME_IN(name, list) as_name_in((name), (list), sizeof(list) / sizeof(list)[0])

#endif
