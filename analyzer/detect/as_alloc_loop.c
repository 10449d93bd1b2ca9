/* as_alloc_loop.c - rule alloc-copy written as a loop: a fresh block filled
 * whole by a loop copying element by element in the same function (p =
 * malloc(n * sizeof *p); for (i = 0; i < n; i++) p[i] = s[i];), which is
 * exactly memcpy(p, s, n * sizeof *p). The loop must copy as many elements
 * as the block holds, from a source that is not the block, with the count
 * and the pointers unchanged since the allocation. Reported manual: no fix
 * class proves the rewrite of a loop. */
#include "as_detect.h"

#include <stdio.h>
#include <string.h>

struct loops {
	struct as_fn *fn;
	CXCursor *at;
	int n, cap;
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	struct loops *l = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt) {
		AS_ARENA_GROW(l->at, l->n, l->cap, &l->fn->tu->arena);
		l->at[l->n++] = c;
	}
	return CXChildVisit_Recurse;
}

/* The event of the store: the assignment whose cursor it is; -1 if none. */
static int store_event(const struct as_fn *fn, CXCursor store)
{
	for (int i = 0; i < fn->nev; i++)
		if (fn->ev[i].kind == AS_EV_ASSIGN && clang_equalCursors(fn->ev[i].cur, store))
			return i;
	return -1;
}

/* A key the analysis can name as a plain path; NULL otherwise. */
static const char *plain_key(struct as_fn *fn, CXCursor e)
{
	struct as_key *k = as_fn_lvalue_key(fn, e);

	return k->unknown || k->op ? NULL : as_key_str(fn->tu, k);
}

/* Two keys of which one is a part of the other: the same memory, maybe. */
static int related(const char *a, const char *b)
{
	return as_key_covers(a, b) || as_key_covers(b, a);
}

/* The last store to key before event at, -1 if none. */
static int last_write(const struct as_fn *fn, int at, const char *key)
{
	for (int i = at - 1; i >= 0; i--)
		if (as_event_writes(&fn->ev[i]) && fn->ev[i].key && !strcmp(fn->ev[i].key, key))
			return i;
	return -1;
}

/* Between events from and to, nothing changes the count (a leaf of n) nor
 * points the source at the block: a store to the source must be of
 * another plain path (s = str, not s = p + 1). */
static int settled_between(struct as_fn *fn, int from, int to, const struct as_key *n, const char *src,
			   const char *block)
{
	for (int i = from + 1; i < to; i++) {
		const struct as_event *e = &fn->ev[i];
		const char *rk;
		if (!as_event_writes(e) || !e->key)
			continue;
		if (as_key_leaf_covered(e->key, n))
			return 0;
		if (as_key_covers(e->key, src) &&
		    (e->kind != AS_EV_ASSIGN || strcmp(e->op, "=") || clang_Cursor_isNull(e->rhs) ||
		     !(rk = plain_key(fn, e->rhs)) || related(rk, block)))
			return 0;
	}
	return 1;
}

static void check(struct as_fn *fn, struct as_sink *sink, CXCursor loop)
{
	struct as_copy_loop cl;
	struct as_key *n, *size, *kid[2];
	struct as_draft d = { 0 };
	const char *dst, *src, *block, *shown;
	const struct as_call *alloc;
	char msg[1024], why[512];
	int s, first, outer, a, def = -1;
	unsigned line;

	if (as_copy_loop(fn, loop, &cl) || (s = store_event(fn, cl.store)) < 0 ||
	    as_region_loop(fn, fn->ev[s].region) != fn->ev[s].region || !(dst = plain_key(fn, cl.dst)) ||
	    !(src = plain_key(fn, cl.src)))
		return;
	/* The loop's first event: what comes before it runs before the loop. */
	for (first = s; first > 0 && as_region_within(fn, fn->ev[first - 1].region, fn->ev[s].region); first--)
		;
	outer = fn->regions[fn->ev[s].region].parent;
	block = dst;
	shown = as_fn_text(fn, cl.dst);
	a = as_alloc_paired(fn, first, outer, dst);
	/* A walking pointer set from the block before the loop: d = p. */
	if (a < 0 && cl.walks && (def = last_write(fn, first, dst)) >= 0 && fn->ev[def].kind == AS_EV_ASSIGN &&
	    !strcmp(fn->ev[def].op, "=") && !clang_Cursor_isNull(fn->ev[def].rhs) &&
	    as_region_within(fn, outer, fn->ev[def].region) && (block = plain_key(fn, fn->ev[def].rhs))) {
		shown = as_fn_text(fn, fn->ev[def].rhs);
		a = as_alloc_paired(fn, def, outer, block);
	}
	if (a < 0 || related(src, block) || (cl.walks && related(src, dst)))
		return;
	alloc = fn->ev[a].call;
	/* As many elements as the block holds. */
	n = as_fn_size_key(fn, cl.count);
	kid[0] = n;
	kid[1] = as_key_num(fn->tu, cl.elem);
	size = cl.elem == 1 ? n : as_key_nary(fn->tu, "*", kid, 2);
	if (!n || n->unknown || !as_key_equal(fn->tu, as_call_size(fn, alloc), size) ||
	    !settled_between(fn, a, first, n, src, block))
		return;
	line = fn->regions[fn->ev[s].region].line;
	d.at = alloc;
	d.alloc = alloc;
	d.buffer = shown;
	d.source = as_fn_text(fn, cl.src);
	d.size = as_call_size_text(fn, alloc);
	d.family = as_call_family(fn, alloc) ? as_call_family(fn, alloc)->name : NULL;
	d.loop = as_region_loop(fn, fn->ev[a].region);
	snprintf(msg, sizeof msg,
		 "'%s' is allocated by %s and then filled by the loop at line %u copying '%s' element by element: "
		 "a memcpy written out; allocate-and-copy in one step, or share the source",
		 d.buffer, alloc->shown, line, d.source);
	d.message = msg;
	d.fix = "manual";
	snprintf(why, sizeof why,
		 "the copy is a loop (line %u): one allocate-and-copy would replace the allocation and the loop, "
		 "which no fix class proves",
		 line);
	d.reason = as_arena_strdup(&fn->tu->arena, why);
	as_value_copy_loop(fn, &d, size);
	as_emit(fn, sink, &d);
}

void as_detect_alloc_copy_loops(struct as_fn *fn, struct as_sink *sink)
{
	struct loops l = { fn, NULL, 0, 0 };

	clang_visitChildren(fn->cur, collect, &l);
	for (int i = 0; i < l.n; i++)
		check(fn, sink, l.at[i]);
}
