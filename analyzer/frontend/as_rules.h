/* as_rules.h - rule packs: which functions and macros allocate, copy,
 * reallocate, free and duplicate, with the role of each argument.
 * Packs are JSON files (rules/README.md gives the format), read with cJSON. */
#ifndef AS_RULES_H
#define AS_RULES_H

#include <stddef.h>

#include "as_error.h"

enum as_role {
	AS_ROLE_ALLOC,
	AS_ROLE_REALLOC,
	AS_ROLE_FREE,
	AS_ROLE_COPY,
	AS_ROLE_DUP,
	AS_ROLE_GROW,
	AS_ROLE_SIZE_MUL,
	/* Reads its arguments only: writes no memory the program can see
	 * through them or a global, keeps none, and returns no pointer into
	 * them (strlen, memcmp, printf). A fix may let such calls stand
	 * between an allocation and its copy, or see a shared copy. */
	AS_ROLE_READ,
	/* Makes a new object from a copy of count elements at src (Ruby's
	 * rb_ary_new_from_values): its family may share the buffer instead. */
	AS_ROLE_OBJECT_COPY,
	/* Read one object's element count or buffer pointer (rb_array_len,
	 * rb_array_const_ptr): they tie a length and a pointer to the object. */
	AS_ROLE_OBJECT_LEN,
	AS_ROLE_OBJECT_PTR,
};

/* The role as packs spell it ("size-mul"); NULL past the last. */
const char *as_role_name(enum as_role role);

#define AS_NO_ARG (-1)
#define AS_MAX_MUL_ARGS 4

struct as_family {
	char *name;
	char **frees;
	size_t nfrees;
	char *memdup; /* fix template with $src and $size, or NULL */
	char *grow;   /* fix template with $ptr and $size, or NULL */
	char *mul;    /* overflow-checked product of $src and $size, or NULL */
	/* The runtime's own sharing of an object's buffer, with $obj and $len
	 * (rb_ary_subseq($obj, 0, $len)), and the invariant that makes it
	 * sound, in words; both NULL or both set. */
	char *share;
	char *invariant;
};

struct as_rule {
	char *name;
	char *shown_as; /* name reports use; equals name unless the pack says */
	char *pack;     /* file the entry came from */
	/* The pack describes the C implementation's functions (its "library"
	 * key), whose names a program may not define (C11 7.1.3): a unit that
	 * defines one anyway calls its own function, not the one described. */
	int library;
	enum as_role role;
	int is_macro;
	int family; /* index into as_rules.families, or -1 */
	/* Argument indices, AS_NO_ARG when absent. */
	int size, count, type, ptr, dst, src;
	int object;          /* object-len, object-ptr: the object read */
	int size_is_strlen1; /* strcpy: the size is strlen(src) + 1 */
	int zeroed;
	int assigns; /* macro stores its result into its ptr argument */
	/* The ptr argument is the address of the pointer, which the call
	 * replaces in place (CPython's _PyBytes_Resize(&v, n)). */
	int in_place;
	int mul_args[AS_MAX_MUL_ARGS];
	int nmul_args;
	long long scale; /* size is scale * the size argument (summaries); 0 = 1 */
	long long add;   /* plus this many bytes (summaries: malloc(n + 1)) */
	int summary;     /* derived from a function's body, not from a pack */
	/* Summaries only. alloc: the block is this field of the returned
	 * object (a struct and its buffer); copy: the destination is this
	 * field of the dst argument. NULL: the pointer itself. */
	char *field;
	/* Summaries only: the helpers on the way to the allocation or copy,
	 * outermost first, one "NAME\tFILE\tLINE\tWHAT\n" line each. */
	char *trace;
};

struct as_rules {
	struct as_rule *rules;
	size_t nrules, caprules;
	struct as_family *families;
	size_t nfamilies, capfamilies;
	/* Open-addressing index over rules: functions and macros apart. */
	int *fn_index, *macro_index;
	size_t index_cap;
};

/* Reads one pack and merges it into r (a later entry with the same name
 * replaces an earlier one). On failure fills err with "FILE:LINE: what" and
 * leaves r as it was before the call only in the sense that it stays valid. */
int as_rules_load(struct as_rules *r, const char *path, struct as_error *err);
/* Finds the function (or macro) entry of that name; NULL if none. */
const struct as_rule *as_rules_function(const struct as_rules *r, const char *name, size_t len);
const struct as_rule *as_rules_macro(const struct as_rules *r, const char *name, size_t len);
const struct as_family *as_rules_family(const struct as_rules *r, int family);
/* True if name is one of the family's release functions. */
int as_family_frees_with(const struct as_family *f, const char *name);
/* Adds a copy of e (its strings copied) and re-indexes; -1 out of memory. */
int as_rules_add(struct as_rules *r, const struct as_rule *e);
void as_rules_free(struct as_rules *r);

#endif
