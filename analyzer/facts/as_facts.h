/* as_facts.h - what one walk over a function body records for the detectors:
 * the regions code runs in (loops, branches), the calls the rule packs
 * classify, and every assignment, increment, address-taking and use of a
 * variable or lvalue path, in evaluation order. */
#ifndef AS_FACTS_H
#define AS_FACTS_H

#include <clang-c/Index.h>

#include "as_key.h"
#include "as_lex.h"
#include "as_rules.h"
#include "as_tu.h"

enum as_region_kind {
	AS_REGION_ROOT,
	AS_REGION_LOOP,
	AS_REGION_BRANCH,
};

struct as_region {
	int parent;
	enum as_region_kind kind;
	unsigned line; /* where the loop or branch starts */
	/* For a branch of an if: its condition, and what it tests against NULL;
	 * for a while or do loop, its condition. */
	CXCursor cond;
	const char *null_tested; /* key text, or NULL */
	int cond_is_comparison;  /* <, <=, >, >=, ==, != or ! somewhere in it */
	int is_else;
	/* A loop's most passes when few and known from the source (1 to
	 * AS_LOOP_FEW_PASSES, as_bound.c); 0 otherwise. */
	int max_passes;
};

#define AS_MAX_ARGS 8
#define AS_MAX_TARGETS 4

struct as_call {
	const struct as_rule *rule;       /* NULL: a call no pack classifies */
	const char *callee;               /* name called in the preprocessed code */
	const char *shown;                /* name the user wrote or the pack shows */
	const char *macro;                /* pack macro the user wrote, or NULL */
	const char *body_macro;           /* macro whose body holds the call, or NULL */
	CXCursor cur;                     /* the call (or the macro's outermost expression) */
	CXCursor arg[AS_MAX_ARGS];        /* by argument index (macro arguments for macros) */
	struct as_span span[AS_MAX_ARGS]; /* a macro's arguments as written */
	int nargs;
	long long type_size;                /* sizeof the macro's type argument, -1 if unknown */
	int expanded_family;                /* family of the pack function a macro expands to, -1 */
	const char *target[AS_MAX_TARGETS]; /* lvalue keys the result is stored in */
	int ntargets;
	int is_statement;    /* its value is unused: a statement of its own */
	unsigned begin, end; /* the text the user wrote, file offsets */
	int seq_end;         /* last event sequence number inside the call */
};

enum as_event_kind {
	AS_EV_CALL,
	AS_EV_ASSIGN, /* key = rhs, or compound (op "+=") */
	AS_EV_INCDEC, /* key++ / key-- (op "++" / "--") */
	AS_EV_ADDR,   /* &key */
	AS_EV_USE,    /* key read */
	AS_EV_RETURN, /* return key */
	AS_EV_EXIT,   /* break, return or goto: the rest of the region is skipped */
};

struct as_event {
	enum as_event_kind kind;
	int seq;
	int region;
	int in_cond; /* inside the condition of an if or loop */
	const char *key;
	const char *op;
	CXCursor rhs; /* ASSIGN: the value; null cursor if none */
	CXCursor cur;
	struct as_call *call;
};

struct as_local {
	const char *name;
	CXCursor init;
	int defs;  /* declarations plus assignments, increments, &name */
	int decls; /* declarations of the name: more than one, more than one variable */
	int kept;  /* static storage: its value outlives the call */
	/* The region its declaration is in (a local declared in a loop's body
	 * is a new variable on each pass); of a name declared twice, the region
	 * holding both; -1 for parameters. */
	int region;
};

struct as_fn {
	struct as_tu *tu;
	CXCursor cur;
	const char *name;
	CXFile file;
	const char *path;
	const char *buf; /* the function's file text */
	size_t len;
	struct as_region *regions;
	int nregions, capregions;
	struct as_event *ev;
	int nev, capev;
	struct as_local *locals;
	int nlocals, caplocals;
	struct as_cfg *cfg; /* built on first use by as_fn_cfg */
	/* Set while wording a refusal: as_fn_size_key then substitutes a
	 * local's definition even where an operand of it was written since. */
	int subst_stale;
	/* Set while reading the allocation's size of a pair (file offset of
	 * the copy): a local's definition is substituted there only if it
	 * still holds at the copy, so that both sizes read the local the same
	 * way (its name at both, or its definition at both). */
	unsigned subst_until;
	/* Macro invocations already claimed by a pack macro entry (file offsets). */
	unsigned *claimed;
	int nclaimed, capclaimed;
};

/* False when no detector can find anything in the function: it calls no
 * reallocation or duplication, nor an allocation with a copy or a loop (a cheap
 * pre-pass, so the full walk runs only where it can matter). */
int as_facts_worth(struct as_tu *tu, CXCursor c);
/* True if c calls an allocation, a copy or a reallocation: it may be a
 * helper to summarise. */
int as_facts_may_summarise(struct as_tu *tu, CXCursor c);
/* Loops of at most this many passes are weighed as the few they are. */
#define AS_LOOP_FEW_PASSES 16
/* The most passes for loop c makes when few and known, 0 otherwise. */
int as_loop_max_passes(struct as_fn *fn, CXCursor loop);
/* For a loop "for (i = 0; i < E; i++)" whose counter is private and
 * written nowhere else (as as_loop_max_passes requires): E, with the
 * counter's declaration in var; a null cursor for any other loop. */
CXCursor as_loop_upto(struct as_fn *fn, CXCursor loop, CXCursor *var);
/* A loop that is exactly a memcpy (as_copy_loop.c): element k of a source
 * stored unchanged into element k of a destination for k from 0 up to a
 * count, in order, the store the body's one statement. */
struct as_copy_loop {
	CXCursor store;    /* the element store: D[i] = S[i] or *d++ = *s++ */
	CXCursor dst, src; /* D and S, or the variables d and s (their values at entry are the starts) */
	CXCursor count;    /* the elements copied: the for loop's bound, or the n of while (n--) */
	long long elem;    /* bytes per element */
	int walks;         /* *d++ = *s++: d and s step through the buffers */
};
/* Fills cl if loop is such a loop; -1 otherwise. */
int as_copy_loop(struct as_fn *fn, CXCursor loop, struct as_copy_loop *cl);
/* Walks the body of the function definition c; all memory is in tu->arena. */
int as_facts_build(struct as_fn *fn, struct as_tu *tu, CXCursor c);

/* The function's control-flow graph (as_cfg.h), built on first use. */
struct as_cfg *as_fn_cfg(struct as_fn *fn);

/* Keys for lvalues (no substitution) and for sizes (locals replaced by
 * their single definition, unless an operand of it is written between the
 * definition and the use, or in a loop after it). */
struct as_key *as_fn_lvalue_key(struct as_fn *fn, CXCursor e);
struct as_key *as_fn_size_key(struct as_fn *fn, CXCursor e);
/* The local variable of that name, NULL for a parameter or a global. */
const struct as_local *as_fn_local(struct as_fn *fn, const char *name);
/* The byte count a classified call moves or allocates, NULL if the pack
 * gives none; for strcpy it is strlen(src) + 1. */
/* For strcpy of a plain string literal, its byte count as a number (the
 * literal's sizeof); NULL otherwise. */
/* The size of a strcpy's literal source array (sizeof "a\0b" is 4), -1
 * if the source is no literal; with as_call_size_literal (its evaluated
 * strlen + 1) it tells a NUL the spelling hides. */
long as_call_literal_bytes(const struct as_call *c);
/* strlen of a string literal argument, from its evaluated bytes (not its
 * spelling: a macro may splice in "\\0", a trigraph may make a backslash);
 * -1 if e is no plain char literal or its bytes cannot be had. */
long as_literal_strlen(CXCursor e);
struct as_key *as_call_size_literal(struct as_fn *fn, const struct as_call *c);
struct as_key *as_call_size(struct as_fn *fn, const struct as_call *c);
/* The argument with that role index, or a null cursor. */
CXCursor as_call_role(const struct as_call *c, int index);
/* True if fn takes the address of its local decl or of a part of it (&x,
 * &s.f, &a[i]) anywhere in its body, or names it as an asm statement's
 * operand (as_address.c). */
int as_fn_takes_address(struct as_fn *fn, CXCursor decl);
/* True if fn stores to its local decl or a part of it anywhere in its body
 * (an assignment, ++ or --, an asm statement's operand, its declaration's
 * initialiser aside) or takes its address (as_address.c). */
int as_fn_writes_local(struct as_fn *fn, CXCursor decl);
/* True if the declaration, assignment, ++, -- or & store stores only to a
 * private local of fn or a part of it (x, s.f, a[i] of an array a): one
 * of automatic storage whose address fn never takes. Not a store through
 * a pointer, which may write any variable whose address is taken, nor an
 * asm statement (as_address.c). */
int as_fn_private_store(struct as_fn *fn, CXCursor store);
/* True if a goto after offset to goes to a label in (from, to], or fn
 * has a computed goto (as_address.c). */
int as_fn_jumps_back(struct as_fn *fn, unsigned from, unsigned to);
/* True if region r is a (not necessarily proper) descendant of ancestor. */
int as_region_within(const struct as_fn *fn, int r, int ancestor);
/* Innermost loop region holding r, or -1. */
int as_region_loop(const struct as_fn *fn, int r);
/* True if, after event i, its own region leaves the loop (break, return,
 * goto): the site then runs at most once per entry to the loop. */
int as_event_leaves_loop(const struct as_fn *fn, int i);
/* True if the exit at event j, in an if's branch beside event i's region
 * (in a region around it), tests a local that every path from event i has
 * set to a nonzero constant (rc = ERR; ... if (rc) goto out;): taken
 * whenever event i runs (as_exit_code.c). */
int as_exit_forced(const struct as_fn *fn, int i, int j);
/* True if the bytes e names may differ from one pass of loop to the next,
 * judged on the loop's events outside sequence numbers [skip_from,
 * skip_to] (as_vary.c): the loop refills the buffer e names (a call other
 * than a pack's read-only one is handed it through a writable pointer, or
 * one of its elements is assigned); or e reads a variable the loop
 * assigns, increments, takes the address of or declares; or e calls a
 * function that is not inline. */
int as_loop_varies(struct as_fn *fn, int loop, CXCursor e, int skip_from, int skip_to);
/* True if an event of loop numbered from..to writes into the buffer key
 * names: a call that may write through the argument (a pack's copy
 * destination, realloc or free pointer; another call's non-const pointer
 * parameter), or an assignment to one of its elements. */
int as_loop_fills(struct as_fn *fn, int loop, const char *key, int from, int to);
/* True if an event of loop numbered from..to writes into the buffer
 * variable name points to, directly (as_loop_fills) or through a local
 * made from it (p = name; *p = c). */
int as_loop_writes_into(struct as_fn *fn, int loop, const char *name, int from, int to);
/* True if a loop lies on the way from r up to (not including) ancestor. */
int as_region_loop_between(const struct as_fn *fn, int r, int ancestor);
/* The first region from r up to (not including) ancestor that is not a
 * branch on key being non-NULL, or -1: whether code in r runs whenever
 * code in ancestor did and key was allocated. */
int as_region_unguarded_between(const struct as_fn *fn, int r, int ancestor, const char *key);
/* Text the user wrote for a cursor, arena copy ("" if none). */
const char *as_fn_text(struct as_fn *fn, CXCursor c);
/* Line of an event, for messages (computed on demand: most never need it). */
unsigned as_event_line(const struct as_event *e);
/* 1-based line and column of a file offset in the function's file. */
void as_fn_line_col(const struct as_fn *fn, unsigned off, unsigned *line, unsigned *col);
/* The line of the first preprocessor directive within [from, to) of the
 * function's file, as the preprocessor lexes it (as_directives.h), 0 if
 * none. */
unsigned as_fn_directive_line(const struct as_fn *fn, unsigned from, unsigned to);

/* Calls and their text (as_call.c). */
/* True if c is a null pointer constant: 0 or NULL, cast or not. */
int as_null_constant(CXCursor c);
/* True if the lvalue key k is one of the call's stored targets. */
int as_call_stores_to(const struct as_call *c, const char *k);
/* The key a call of a pack's free releases at event e, or NULL (no such
 * call, or an argument the analysis cannot name). */
const char *as_event_freed_key(struct as_fn *fn, const struct as_event *e);
/* True if event e writes the variable or lvalue its key names: assigns to
 * it, increments it, or takes its address (after which it may be written
 * anywhere). */
int as_event_writes(const struct as_event *e);
/* True if the assignment event stores (an expression holding) call c. */
int as_event_stores_call(struct as_fn *fn, const struct as_event *e, const struct as_call *c);
/* The allocation family of the call's rule, or NULL. */
const struct as_family *as_call_family(const struct as_fn *fn, const struct as_call *c);
/* Text of a role argument as the user wrote it ("" when absent). */
const char *as_call_role_text(struct as_fn *fn, const struct as_call *c, int index);
/* The byte count of an alloc, copy or realloc as the user wrote it, with
 * count and element size joined ("sizeof(VALUE) * (n)"). */
const char *as_call_size_text(struct as_fn *fn, const struct as_call *c);
/* Fills $NAME for each of the n names with its value (arena copy). */
const char *as_fill_places(struct as_fn *fn, const char *tpl, const char *const *names, const char *const *values,
			   int n);
/* Fills a template such as "asrt_memdup($src, $size)" (arena copy). */
const char *as_fill_template(struct as_fn *fn, const char *tpl, const char *src, const char *ptr, const char *size,
			     const char *site);

#endif
