/* as_cfg.h - the control-flow graph of one function, built from the
 * libclang AST, on which the fixes are proven (fix/as_proof.c).
 *
 * A node is one evaluation step: a full expression, a declaration with its
 * initialiser, or a part of an expression that control flow splits (each
 * operand of &&, || and ?:, each side of a comma, each statement of a
 * statement expression). Join points are empty nodes. Every statement form
 * is covered: goto and labels, switch with fallthrough and case labels
 * inside nested blocks, break and continue, early return, calls that do not
 * return. Edges out of a condition carry which way the test went, so a
 * proof can tell the failure branch of a NULL check from its success
 * branch. What the graph cannot model (computed goto, setjmp) is recorded,
 * and a proof refuses the whole function. */
#ifndef AS_CFG_H
#define AS_CFG_H

#include <clang-c/Index.h>

#include "as_tu.h"

enum as_edge_kind {
	AS_EDGE_ALWAYS,
	AS_EDGE_TRUE, /* the node's test held (was non-zero) */
	AS_EDGE_FALSE,
};

struct as_edge {
	int to;
	enum as_edge_kind kind;
};

struct as_node {
	CXCursor cur; /* null for a join point */
	int whole;    /* the node evaluates all of cur (else only cur's
			     * own operation: its operands are nodes of their own) */
	int noreturn; /* a call that does not come back: no successors */
	struct as_edge *succ;
	int nsucc, capsucc;
};

/* A declaration the function makes, and where it can be named. */
struct as_decl {
	CXCursor cur;
	const char *name;
	unsigned off;                    /* where it is declared */
	unsigned scope_begin, scope_end; /* the block (or function) it lives in */
};

struct as_cfg {
	struct as_node *node;
	int nnodes, capnodes;
	int entry, exit; /* exit: every return and the end of the body */
	/* Why no proof can hold in this function, or NULL. */
	const char *unsupported;
	struct as_decl *decl;
	int ndecls, capdecls;
	/* The last statement of each statement expression: its value is the
	 * expression's, so it is no statement of its own to remove. */
	CXCursor *valued;
	int nvalued, capvalued;
	/* Cursor -> node: every expression in the body maps to the node that
	 * evaluates it. */
	struct {
		CXCursor cur;
		int node;
	} * map;
	unsigned mapcap;
};

/* Builds the graph of the function definition fn_cur, allocated in the
 * unit's arena (released with the function's facts); buf is the function's
 * file text (for the clauses of a for statement). -1 out of memory. */
int as_cfg_build(struct as_cfg *g, struct as_tu *tu, CXCursor fn_cur, const char *buf, size_t len);
/* Where declaration d names its variable (file offset): what tells two
 * declarations apart. */
unsigned as_cfg_decl_off(CXCursor d);
/* True if a and b are one AST node, however each was reached
 * (clang_equalCursors also compares the declaration a visit came from). */
int as_cfg_same(CXCursor a, CXCursor b);
/* The node that evaluates expression or statement c, -1 if none. */
int as_cfg_node_of(const struct as_cfg *g, CXCursor c);

/* Graph walks (as_cfg_walk.c). Sets are byte arrays of g->nnodes entries,
 * allocated in the arena. */
/* Nodes reachable from start (start itself included only when a path
 * returns to it) without entering a node in stop (nor going on from it:
 * stop nodes reached are marked) and without following an edge skip()
 * refuses. skip may be NULL. */
unsigned char *as_cfg_forward(const struct as_cfg *g, struct as_arena *a, int start, const unsigned char *stop,
			      int (*skip)(void *ctx, int from, const struct as_edge *e), void *ctx);
/* Nodes from which target can be reached without passing through a node
 * in stop (target itself is marked). */
unsigned char *as_cfg_backward(const struct as_cfg *g, struct as_arena *a, int target, const unsigned char *stop);

#endif
