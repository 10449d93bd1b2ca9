/* as_program.h - whole-program summaries: what each unit says about the
 * functions it defines with external linkage, merged into one table per
 * program that the other units consult for the functions they call but do
 * not define. A name defined differently in two units (two programs in one
 * tree, or two summaries of one header function) is dropped. */
#ifndef AS_PROGRAM_H
#define AS_PROGRAM_H

#include <stddef.h>

#include "as_names.h"
#include "as_rules.h"

/* The name a unit exports, beside the function's own, when it defines a
 * function the library packs describe (strlen, memcpy, malloc): a unit
 * calling it calls the program's, not the library's (as_tu_program_defines). */
#define AS_PROGRAM_DEFINES "<defined by the program> "

/* A function that regrows a buffer it keeps (a parameter's field, a global)
 * by an additive step on every call. */
struct as_grower {
	char *name;
	char *file; /* of its reallocation, as libclang names it */
	unsigned line;
	char *buffer;
	int param; /* the parameter the buffer hangs from, -1 if none is known */
};

/* One external function as its defining unit sees it. */
struct as_export {
	char *name;
	char *where;              /* "file:offset" of the definition: a header's
			       * function seen from two units is one definition */
	struct as_rule *rule;     /* its summary (strings owned), or NULL */
	struct as_grower *grower; /* or NULL */
};

struct as_exports {
	struct as_export *v;
	size_t n, cap;
};

struct as_program {
	struct as_rules rules;     /* summaries, by name */
	struct as_grower *growers; /* sorted by name */
	size_t ngrowers;
	struct as_names conflicts; /* sealed: names the units define differently,
				    * left out of rules and growers */
};

/* Adds a function; rule and grower (either may be NULL) are copied. */
int as_exports_add(struct as_exports *x, const char *name, const char *where, const struct as_rule *rule,
		   const struct as_grower *grower);
void as_exports_free(struct as_exports *x);

/* Builds p from the exports of a program's units (units[i] may be NULL). */
int as_program_build(struct as_program *p, const struct as_exports *const *units, size_t n);
const struct as_grower *as_program_grower(const struct as_program *p, const char *name, size_t len);
/* Adds to out (unsealed) every name whose summary or growth differs
 * between a and b, present in one and not the other included. */
int as_program_changed(const struct as_program *a, const struct as_program *b, struct as_names *out);
void as_program_free(struct as_program *p);

/* Grower records, copied and freed field by field. */
int as_grower_copy(struct as_grower *to, const struct as_grower *from);
void as_grower_free(struct as_grower *g);

#endif
