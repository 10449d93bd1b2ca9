/* as_key.h - canonical forms of expressions, so that "the same buffer" and
 * "the same size" can be compared across macro expansions and spellings:
 * parentheses and conversions that keep every value are dropped (one that
 * may change it, "(unsigned char)n", stays: sizes are equal only when
 * their values are), sizeof is evaluated, + and * are
 * flattened, their constants folded and their operands sorted, and sizes held
 * in single-assignment locals are replaced by their definition. */
#ifndef AS_KEY_H
#define AS_KEY_H

#include <clang-c/Index.h>

#include "as_tu.h"

struct as_key {
	const char *op;   /* NULL for a leaf; "+", "*", "<<", "u-", "u*", "call", ... */
	const char *text; /* leaf text: a name, a number, an lvalue path */
	struct as_key **kid;
	int nkid;
	int is_num;
	long long num;
	int has_call;  /* contains a call other than a pure one (strlen) */
	int has_write; /* contains an assignment, ++ or -- */
	int unknown;   /* contains a construct with no canonical form */
};

/* Resolves a local variable, read by the DeclRefExpr ref under that name,
 * to the expression it was initialised with, when it is assigned nowhere
 * else; NULL otherwise. */
typedef CXCursor *(*as_key_subst_fn)(void *ctx, const char *name, CXCursor ref);

struct as_keyer {
	struct as_tu *tu;
	as_key_subst_fn subst; /* NULL: no substitution (lvalue keys) */
	void *subst_ctx;
	int depth;
};

struct as_key *as_key_of(struct as_keyer *k, CXCursor e);
struct as_key *as_key_num(struct as_tu *tu, long long v);
struct as_key *as_key_nary(struct as_tu *tu, const char *op, struct as_key **kid, int n);
struct as_key *as_key_call(struct as_tu *tu, const char *name, struct as_key **kid, int n);
/* Canonical text (arena-owned); equal texts mean equal values whenever
 * neither key is unknown. */
const char *as_key_str(struct as_tu *tu, const struct as_key *k);
int as_key_equal(struct as_tu *tu, const struct as_key *a, const struct as_key *b);
/* True if a and b differ, but only by conversions that may change a value
 * ("(unsigned char)n" against "n"): two sizes that look alike and are not. */
int as_key_equal_but_conversions(struct as_tu *tu, const struct as_key *a, const struct as_key *b);
/* The binary or compound-assignment operator of a BinaryOperator cursor,
 * or "" when it cannot be read. */
const char *as_binop(struct as_tu *tu, CXCursor c);
/* True if binary operator op (as_binop's text) stores to its left operand:
 * =, +=, <<=, ... but not the comparisons. */
int as_op_assigns(const char *op);
/* The operator of a UnaryOperator cursor ("++", "-", "*", "&", ...) and
 * whether it is postfix; "" when unreadable. */
const char *as_unop(struct as_tu *tu, CXCursor c, int *postfix);
/* True if evaluating cursor c itself calls, stores or increments (a
 * predicate for as_subtree_any; tu is the struct as_tu). */
int as_cursor_effect(CXCursor c, void *tu);
/* as_unop, or for an operator inside a macro body (which as_unop cannot
 * read) & or * as the types tell them apart; "" otherwise. */
const char *as_unop_typed(struct as_tu *tu, CXCursor c, int *postfix);
/* Calls every leaf (variable or lvalue path) of k. */
void as_key_leaves(const struct as_key *k, void (*fn)(void *ctx, const struct as_key *leaf), void *ctx);

/* True if an assignment to key a changes what key k names: a is k itself or
 * a prefix of its path (s changes s.buf and p[i]). */
int as_key_covers(const char *a, const char *k);
/* True if some leaf of the key k is a or a part of it. */
int as_key_leaf_covered(const char *a, const struct as_key *k);

#endif
