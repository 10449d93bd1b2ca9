/* as_cfg.c - building the control-flow graph of a function (as_cfg.h).
 *
 * The builder keeps the node control reaches now (cur, -1 after a jump) and
 * connects each new node to it. Conditions are built with both targets
 * known, so && and || become the branches they are. */
#include "as_cfg.h"

#include <string.h>

#include "as_key.h"
#include "as_lex.h"

#define AS_MAX_NEST 256

struct pending_goto {
	int from;
	CXCursor label;
};

struct build {
	struct as_cfg *g;
	struct as_tu *tu;
	const char *buf;
	size_t len;
	int cur;
	int brk[AS_MAX_NEST], cont[AS_MAX_NEST];
	int nbrk, ncont;
	/* The innermost switch: its dispatch node and whether it has a default. */
	int sw, sw_default;
	struct {
		const char *name; /* labels are named once per function */
		int node;
	} * labels;
	int nlabels, caplabels;
	struct pending_goto *gotos;
	int ngotos, capgotos;
	unsigned scope_begin, scope_end;
	/* Functions whose declaration was read for a noreturn attribute. */
	struct {
		const char *name;
		int noreturn;
	} * known;
	int nknown, capknown;
};

static void stmt(struct build *b, CXCursor c);
static void expr(struct build *b, CXCursor c);

static unsigned file_off(CXCursor c, int end)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f;
	unsigned off = 0;

	as_loc_file(end ? clang_getRangeEnd(r) : clang_getRangeStart(r), &f, &off);
	return off;
}

static int new_node(struct build *b, CXCursor c, int whole)
{
	struct as_cfg *g = b->g;
	struct as_node *n;

	AS_ARENA_GROW(g->node, g->nnodes, g->capnodes, &b->tu->arena);
	n = &g->node[g->nnodes];
	memset(n, 0, sizeof *n);
	n->cur = c;
	n->whole = whole;
	return g->nnodes++;
}

static int join(struct build *b)
{
	return new_node(b, clang_getNullCursor(), 0);
}

static void edge(struct build *b, int from, int to, enum as_edge_kind kind)
{
	struct as_node *n;

	if (from < 0)
		return;
	n = &b->g->node[from];
	AS_ARENA_GROW(n->succ, n->nsucc, n->capsucc, &b->tu->arena);
	n->succ[n->nsucc].to = to;
	n->succ[n->nsucc].kind = kind;
	n->nsucc++;
}

/* Continues at node n: control falls into it from where it was. */
static void go(struct build *b, int n)
{
	edge(b, b->cur, n, AS_EDGE_ALWAYS);
	b->cur = n;
}

static int is_binop(struct build *b, CXCursor c, const char *op)
{
	return clang_getCursorKind(c) == CXCursor_BinaryOperator && !strcmp(as_binop(b->tu, c), op);
}

static const char *callee_name(struct build *b, CXCursor call)
{
	CXString s = clang_getCursorSpelling(call);
	const char *n = as_arena_strdup(&b->tu->arena, clang_getCString(s));

	clang_disposeString(s);
	return n;
}

static int name_in(const char *n, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(n, *list))
			return 1;
	return 0;
}

/* Functions that do not return, by name (C library, POSIX, compiler) and
 * by the attribute written in their declaration; a call through a pointer
 * is taken to return. */
static int is_noreturn(struct build *b, CXCursor call)
{
	static const char *const names[] = {
		"exit",
		"_exit",
		"_Exit",
		"quick_exit",
		"abort",
		"longjmp",
		"_longjmp",
		"siglongjmp",
		"__assert_fail",
		"__assert_perror_fail",
		"__builtin_trap",
		"__builtin_unreachable",
		"pthread_exit",
		"err",
		"errx",
		"verr",
		"verrx",
		NULL,
	};
	CXCursor d = clang_getCursorReferenced(call);
	const char *name = callee_name(b, call);
	CXToken *tok;
	unsigned ntok;
	int hit = 0;

	/* Only a function by its name: a struct member or pointer named exit
	 * (o->exit(2)) calls whatever the program stored there, which may
	 * return, and the code after it runs. */
	if (clang_getCursorKind(d) != CXCursor_FunctionDecl)
		return 0;
	if (name_in(name, names))
		return 1;
	for (int i = 0; i < b->nknown; i++)
		if (!strcmp(b->known[i].name, name))
			return b->known[i].noreturn;
	clang_tokenize(b->tu->tu, clang_getCursorExtent(d), &tok, &ntok);
	for (unsigned i = 0; i < ntok && !hit; i++) {
		CXString s = clang_getTokenSpelling(b->tu->tu, tok[i]);
		const char *t = clang_getCString(s);
		hit = !strcmp(t, "_Noreturn") || !strcmp(t, "noreturn") || !strcmp(t, "__noreturn__");
		clang_disposeString(s);
	}
	clang_disposeTokens(b->tu->tu, tok, ntok);
	AS_ARENA_GROW(b->known, b->nknown, b->capknown, &b->tu->arena);
	b->known[b->nknown].name = name;
	b->known[b->nknown++].noreturn = hit;
	return hit;
}

/* True if evaluating c splits control: a short-circuit or conditional
 * operator, a comma, a statement expression, a call that does not return. */
static int splits(CXCursor c, void *ctx)
{
	struct build *b = ctx;
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_ConditionalOperator || k == CXCursor_StmtExpr ||
	       (k == CXCursor_BinaryOperator &&
		(is_binop(b, c, "&&") || is_binop(b, c, "||") || is_binop(b, c, ","))) ||
	       (k == CXCursor_CallExpr && is_noreturn(b, c));
}

static int has_flow(struct build *b, CXCursor c)
{
	return as_subtree_any(c, splits, b);
}

static int is_setjmp(CXCursor c, void *ctx)
{
	static const char *const names[] = {
		"setjmp",
		"_setjmp",
		"sigsetjmp",
		"__sigsetjmp",
		"__builtin_setjmp",
		"savectx",
		"vfork",
		NULL,
	};

	return clang_getCursorKind(c) == CXCursor_CallExpr && name_in(callee_name(ctx, c), names);
}

/* setjmp anywhere in c: control may come back into the function. */
static void note_setjmp(struct build *b, CXCursor c, int deep)
{
	if (!b->g->unsupported && (deep ? as_subtree_any(c, is_setjmp, b) : is_setjmp(c, b)))
		b->g->unsupported = "the function calls setjmp or vfork: control may come back into it a second time";
}

/* A node evaluating all of c. */
static void atom(struct build *b, CXCursor c)
{
	note_setjmp(b, c, 1);
	go(b, new_node(b, c, 1));
}

/* Evaluates condition c, going to t when it holds and to f when not. */
static void cond(struct build *b, CXCursor c, int t, int f)
{
	CXCursor kid[2];
	long long v;
	int post;

	c = as_strip(c);
	if ((is_binop(b, c, "&&") || is_binop(b, c, "||")) && as_children(c, kid, 2) == 2) {
		int mid = join(b);
		if (is_binop(b, c, "&&"))
			cond(b, kid[0], mid, f);
		else
			cond(b, kid[0], t, mid);
		b->cur = mid;
		cond(b, kid[1], t, f);
		return;
	}
	if (clang_getCursorKind(c) == CXCursor_UnaryOperator && !strcmp(as_unop(b->tu, c, &post), "!") &&
	    as_children(c, kid, 1) == 1) {
		cond(b, kid[0], f, t);
		return;
	}
	if (!has_flow(b, c) && as_eval_int(c, &v)) {
		/* A constant: only the way it goes (while (1), do ... while (0)). */
		go(b, new_node(b, c, 1));
		go(b, v ? t : f);
		b->cur = -1;
		return;
	}
	expr(b, c);
	edge(b, b->cur, t, AS_EDGE_TRUE);
	edge(b, b->cur, f, AS_EDGE_FALSE);
	b->cur = -1;
}

static void expr(struct build *b, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kid[3];
	int n;

	if (!has_flow(b, c)) {
		atom(b, c);
		return;
	}
	if ((is_binop(b, c, "&&") || is_binop(b, c, "||")) && as_children(c, kid, 2) == 2) {
		int j = join(b);
		cond(b, c, j, j);
		b->cur = j;
		return;
	}
	if (is_binop(b, c, ",") && as_children(c, kid, 2) == 2) {
		expr(b, kid[0]);
		expr(b, kid[1]);
		return;
	}
	if (k == CXCursor_ConditionalOperator && as_children(c, kid, 3) == 3) {
		int t = join(b), f = join(b), j = join(b);
		cond(b, kid[0], t, f);
		b->cur = t;
		expr(b, kid[1]);
		go(b, j);
		b->cur = f;
		expr(b, kid[2]);
		go(b, j);
		return;
	}
	if (k == CXCursor_StmtExpr && as_children(c, kid, 1) == 1) {
		int nk = as_children(kid[0], NULL, 0);
		if (nk) {
			CXCursor *all = as_arena_alloc(&b->tu->arena, (size_t)nk * sizeof *all);
			as_children(kid[0], all, nk);
			AS_ARENA_GROW(b->g->valued, b->g->nvalued, b->g->capvalued, &b->tu->arena);
			b->g->valued[b->g->nvalued++] = all[nk - 1];
		}
		stmt(b, kid[0]);
		return;
	}
	/* Anything else: its operands in order, then its own operation. */
	n = as_children(c, NULL, 0);
	{
		CXCursor *all = as_arena_alloc(&b->tu->arena, (size_t)(n ? n : 1) * sizeof *all);
		as_children(c, all, n);
		for (int i = 0; i < n; i++)
			if (clang_isExpression(clang_getCursorKind(all[i])))
				expr(b, all[i]);
	}
	note_setjmp(b, c, 0);
	go(b, new_node(b, c, 0));
	if (k == CXCursor_CallExpr && is_noreturn(b, c)) {
		b->g->node[b->cur].noreturn = 1;
		b->cur = -1;
	}
}

static int label_node(struct build *b, CXCursor label)
{
	CXString s = clang_getCursorSpelling(label);
	const char *name = as_arena_strdup(&b->tu->arena, clang_getCString(s));

	clang_disposeString(s);
	for (int i = 0; i < b->nlabels; i++)
		if (!strcmp(b->labels[i].name, name))
			return b->labels[i].node;
	AS_ARENA_GROW(b->labels, b->nlabels, b->caplabels, &b->tu->arena);
	b->labels[b->nlabels].name = name;
	b->labels[b->nlabels].node = join(b);
	return b->labels[b->nlabels++].node;
}

unsigned as_cfg_decl_off(CXCursor d)
{
	CXFile f;
	unsigned off = 0;

	/* The name's place: a declarator after a comma has the extent of the
	 * whole declaration, the first's included. */
	as_loc_file(clang_getCursorLocation(d), &f, &off);
	return off;
}

static void add_decl(struct build *b, CXCursor d)
{
	struct as_cfg *g = b->g;
	CXString s = clang_getCursorSpelling(d);

	AS_ARENA_GROW(g->decl, g->ndecls, g->capdecls, &b->tu->arena);
	g->decl[g->ndecls].cur = d;
	g->decl[g->ndecls].name = as_arena_strdup(&b->tu->arena, clang_getCString(s));
	g->decl[g->ndecls].off = as_cfg_decl_off(d);
	g->decl[g->ndecls].scope_begin = b->scope_begin;
	g->decl[g->ndecls].scope_end = b->scope_end;
	g->ndecls++;
	clang_disposeString(s);
}

static void push_loop(struct build *b, int brk, int cont)
{
	if (b->nbrk == AS_MAX_NEST || b->ncont == AS_MAX_NEST) {
		b->g->unsupported = "loops and switches nest too deep for the analysis";
		return;
	}
	b->brk[b->nbrk++] = brk;
	b->cont[b->ncont++] = cont;
}

static void jump(struct build *b, const int *stack, int n)
{
	if (n == 0) {
		b->g->unsupported = "a break or continue outside any loop the analysis knows";
		return;
	}
	go(b, stack[n - 1]);
	b->cur = -1;
}

/* The clauses of a for statement: which children are the init, the
 * condition and the increment, found from the semicolons of its header. */
static void for_stmt(struct build *b, CXCursor c)
{
	CXCursor kid[4], init = clang_getNullCursor(), test = clang_getNullCursor(), inc = clang_getNullCursor();
	int n = as_children(c, kid, 4);
	unsigned at = file_off(c, 0), s1, s2;
	unsigned sb = b->scope_begin, se = b->scope_end;
	int head, body, next, out;

	s1 = (unsigned)as_lex_for_init_end(b->buf, b->len, at);
	s2 = (unsigned)-1;
	if (s1 != (unsigned)-1) {
		/* The second semicolon: the first one at depth 1 after s1. */
		int depth = 1;
		for (size_t i = s1 + 1; i < b->len; i++) {
			char ch = b->buf[i];
			if (ch == '(')
				depth++;
			else if (ch == ')' && --depth == 0)
				break;
			else if (ch == ';' && depth == 1) {
				s2 = (unsigned)i;
				break;
			}
		}
	}
	if (n == 4) {
		init = kid[0], test = kid[1], inc = kid[2];
	} else if (n > 1) {
		if (s2 == (unsigned)-1) {
			b->g->unsupported = "a for statement whose clauses the analysis cannot tell apart (written by a macro)";
			return;
		}
		for (int i = 0; i < n - 1; i++) {
			unsigned o = file_off(kid[i], 0);
			if (o < s1)
				init = kid[i];
			else if (o < s2)
				test = kid[i];
			else
				inc = kid[i];
		}
	}
	b->scope_begin = at;
	b->scope_end = file_off(c, 1);
	if (!clang_Cursor_isNull(init))
		stmt(b, init);
	head = join(b), body = join(b), next = join(b), out = join(b);
	go(b, head);
	if (!clang_Cursor_isNull(test))
		cond(b, test, body, out);
	else
		go(b, body);
	b->cur = body;
	push_loop(b, out, next);
	stmt(b, kid[n - 1]);
	b->nbrk--, b->ncont--;
	go(b, next);
	if (!clang_Cursor_isNull(inc))
		expr(b, inc);
	go(b, head);
	b->cur = out;
	b->scope_begin = sb, b->scope_end = se;
}

static void switch_stmt(struct build *b, CXCursor c)
{
	CXCursor kid[2];
	int saved_sw = b->sw, saved_default = b->sw_default, out;

	if (as_children(c, kid, 2) != 2) {
		b->g->unsupported = "a switch statement the analysis cannot read";
		return;
	}
	expr(b, kid[0]);
	b->sw = b->cur;
	b->sw_default = 0;
	out = join(b);
	push_loop(b, out, b->ncont ? b->cont[b->ncont - 1] : -1);
	b->cur = -1;
	stmt(b, kid[1]);
	b->nbrk--, b->ncont--;
	go(b, out);
	if (!b->sw_default)
		edge(b, b->sw, out, AS_EDGE_ALWAYS);
	b->cur = out;
	b->sw = saved_sw;
	b->sw_default = saved_default;
}

static void stmt(struct build *b, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kid[3];
	int n;

	switch (k) {
	case CXCursor_CompoundStmt: {
		unsigned sb = b->scope_begin, se = b->scope_end;
		CXCursor *all;
		n = as_children(c, NULL, 0);
		all = as_arena_alloc(&b->tu->arena, (size_t)(n ? n : 1) * sizeof *all);
		as_children(c, all, n);
		b->scope_begin = file_off(c, 0);
		b->scope_end = file_off(c, 1);
		for (int i = 0; i < n; i++)
			stmt(b, all[i]);
		b->scope_begin = sb, b->scope_end = se;
		return;
	}
	case CXCursor_IfStmt: {
		int t = join(b), f = join(b), j = join(b);
		n = as_children(c, kid, 3);
		if (n < 2) {
			b->g->unsupported = "an if statement the analysis cannot read";
			return;
		}
		cond(b, kid[0], t, f);
		b->cur = t;
		stmt(b, kid[1]);
		go(b, j);
		b->cur = f;
		if (n == 3)
			stmt(b, kid[2]);
		go(b, j);
		return;
	}
	case CXCursor_WhileStmt: {
		int head = join(b), body = join(b), out = join(b);
		if (as_children(c, kid, 2) != 2) {
			b->g->unsupported = "a while statement the analysis cannot read";
			return;
		}
		go(b, head);
		cond(b, kid[0], body, out);
		b->cur = body;
		push_loop(b, out, head);
		stmt(b, kid[1]);
		b->nbrk--, b->ncont--;
		go(b, head);
		b->cur = out;
		return;
	}
	case CXCursor_DoStmt: {
		int body = join(b), test = join(b), out = join(b);
		if (as_children(c, kid, 2) != 2) {
			b->g->unsupported = "a do statement the analysis cannot read";
			return;
		}
		go(b, body);
		push_loop(b, out, test);
		stmt(b, kid[0]);
		b->nbrk--, b->ncont--;
		go(b, test);
		cond(b, kid[1], body, out);
		b->cur = out;
		return;
	}
	case CXCursor_ForStmt:
		for_stmt(b, c);
		return;
	case CXCursor_SwitchStmt:
		switch_stmt(b, c);
		return;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt: {
		int at = join(b);
		n = as_children(c, kid, 3);
		if (b->sw < 0) {
			b->g->unsupported = "a case label outside a switch";
			return;
		}
		go(b, at);
		edge(b, b->sw, at, AS_EDGE_ALWAYS);
		if (k == CXCursor_DefaultStmt)
			b->sw_default = 1;
		if (n)
			stmt(b, kid[n - 1]);
		return;
	}
	case CXCursor_BreakStmt:
		jump(b, b->brk, b->nbrk);
		return;
	case CXCursor_ContinueStmt: {
		/* A switch passes continue on to its loop: its entry holds the
		 * loop's target (-1 outside any loop). */
		if (b->ncont && b->cont[b->ncont - 1] < 0) {
			b->g->unsupported = "a continue outside any loop";
			return;
		}
		jump(b, b->cont, b->ncont);
		return;
	}
	case CXCursor_ReturnStmt:
		if (as_children(c, kid, 1) == 1)
			expr(b, kid[0]);
		go(b, new_node(b, c, 0));
		go(b, b->g->exit);
		b->cur = -1;
		return;
	case CXCursor_GotoStmt:
		if (as_children(c, kid, 1) == 1) {
			CXCursor label = clang_getCursorReferenced(kid[0]);
			go(b, new_node(b, c, 0));
			AS_ARENA_GROW(b->gotos, b->ngotos, b->capgotos, &b->tu->arena);
			b->gotos[b->ngotos].from = b->cur;
			b->gotos[b->ngotos].label = label;
			b->ngotos++;
			b->cur = -1;
			return;
		}
		b->g->unsupported = "a goto the analysis cannot read";
		return;
	case CXCursor_IndirectGotoStmt:
		b->g->unsupported = "a computed goto: control may reach any label whose address is taken";
		return;
	case CXCursor_LabelStmt:
		go(b, label_node(b, c));
		n = as_children(c, kid, 1);
		if (n)
			stmt(b, kid[0]);
		return;
	case CXCursor_NullStmt:
		return;
	case CXCursor_DeclStmt: {
		CXCursor *all;
		n = as_children(c, NULL, 0);
		all = as_arena_alloc(&b->tu->arena, (size_t)(n ? n : 1) * sizeof *all);
		as_children(c, all, n);
		for (int i = 0; i < n; i++) {
			CXCursor init[2];
			int ni;
			if (clang_getCursorKind(all[i]) != CXCursor_VarDecl) {
				atom(b, all[i]);
				continue;
			}
			add_decl(b, all[i]);
			/* The initialiser's control flow first, then the declaration
			 * that stores it. */
			ni = as_children(all[i], init, 2);
			if (ni && clang_isExpression(clang_getCursorKind(init[ni - 1])) && has_flow(b, init[ni - 1])) {
				expr(b, init[ni - 1]);
				go(b, new_node(b, all[i], 0));
			} else {
				atom(b, all[i]);
			}
		}
		return;
	}
	default:
		if (clang_isExpression(k)) {
			expr(b, c);
			return;
		}
		/* asm and the statements libclang does not expose: one opaque
		 * step, which no proof lets pass. */
		atom(b, c);
		return;
	}
}

int as_cfg_same(CXCursor a, CXCursor b)
{
	return clang_getCursorKind(a) == clang_getCursorKind(b) && clang_hashCursor(a) == clang_hashCursor(b) &&
	       clang_equalRanges(clang_getCursorExtent(a), clang_getCursorExtent(b));
}

static void map_put(struct as_cfg *g, CXCursor c, int node)
{
	unsigned h = clang_hashCursor(c) & (g->mapcap - 1);

	while (g->map[h].node >= 0) {
		if (as_cfg_same(g->map[h].cur, c))
			return; /* the innermost node already holds it */
		h = (h + 1) & (g->mapcap - 1);
	}
	g->map[h].cur = c;
	g->map[h].node = node;
}

struct map_walk {
	struct as_cfg *g;
	int node;
};

static enum CXChildVisitResult map_kids(CXCursor c, CXCursor parent, void *ctx)
{
	struct map_walk *m = ctx;

	(void)parent;
	map_put(m->g, c, m->node);
	return CXChildVisit_Recurse;
}

int as_cfg_node_of(const struct as_cfg *g, CXCursor c)
{
	unsigned h;

	if (!g->mapcap)
		return -1;
	h = clang_hashCursor(c) & (g->mapcap - 1);
	while (g->map[h].node >= 0) {
		if (as_cfg_same(g->map[h].cur, c))
			return g->map[h].node;
		h = (h + 1) & (g->mapcap - 1);
	}
	return -1;
}

static enum CXChildVisitResult count_kids(CXCursor c, CXCursor parent, void *ctx)
{
	(void)c, (void)parent;
	++*(unsigned *)ctx;
	return CXChildVisit_Recurse;
}

/* Every cursor to its node: the nodes that evaluate only their own
 * operation first (their operands have nodes of their own, mapped after
 * them and so not overwritten), then the whole ones with their subtrees. */
static void build_map(struct as_cfg *g, struct as_arena *a, CXCursor body)
{
	unsigned total = 1;

	clang_visitChildren(body, count_kids, &total);
	for (g->mapcap = 64; g->mapcap < 2 * total + 64; g->mapcap *= 2)
		;
	g->map = as_arena_alloc(a, g->mapcap * sizeof *g->map);
	for (unsigned i = 0; i < g->mapcap; i++)
		g->map[i].node = -1;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < g->nnodes; i++) {
			struct as_node *n = &g->node[i];
			if (clang_Cursor_isNull(n->cur))
				continue;
			if (pass == 0 && n->whole) {
				struct map_walk m = { g, i };
				map_put(g, n->cur, i);
				clang_visitChildren(n->cur, map_kids, &m);
			} else if (pass == 1 && !n->whole) {
				map_put(g, n->cur, i);
			}
		}
}

int as_cfg_build(struct as_cfg *g, struct as_tu *tu, CXCursor fn_cur, const char *buf, size_t len)
{
	struct build b = { 0 };
	CXCursor kid[64], body = clang_getNullCursor();
	int n = as_children(fn_cur, kid, 64);

	memset(g, 0, sizeof *g);
	b.g = g, b.tu = tu, b.buf = buf, b.len = len;
	b.sw = -1;
	g->entry = join(&b);
	g->exit = join(&b);
	b.cur = g->entry;
	b.scope_begin = file_off(fn_cur, 0);
	b.scope_end = file_off(fn_cur, 1);
	for (int i = 0; i < n && i < 64; i++) {
		if (clang_getCursorKind(kid[i]) == CXCursor_ParmDecl)
			add_decl(&b, kid[i]);
		else if (clang_getCursorKind(kid[i]) == CXCursor_CompoundStmt)
			body = kid[i];
	}
	if (clang_Cursor_isNull(body)) {
		g->unsupported = "the function has no body the analysis can read";
		return 0;
	}
	stmt(&b, body);
	go(&b, g->exit);
	for (int i = 0; i < b.ngotos; i++)
		edge(&b, b.gotos[i].from, label_node(&b, b.gotos[i].label), AS_EDGE_ALWAYS);
	build_map(g, &tu->arena, body);
	return 0;
}
