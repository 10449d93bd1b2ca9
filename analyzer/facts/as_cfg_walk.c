/* as_cfg_walk.c - reachability on a function's control-flow graph, forward
 * from a node or backward to one (as_cfg.h). */
#include "as_cfg.h"

unsigned char *as_cfg_forward(const struct as_cfg *g, struct as_arena *a, int start, const unsigned char *stop,
			      int (*skip)(void *ctx, int from, const struct as_edge *e), void *ctx)
{
	unsigned char *seen = as_arena_alloc(a, (size_t)g->nnodes + 1);
	int *work = as_arena_alloc(a, ((size_t)g->nnodes + 1) * sizeof *work);
	int n = 0, v = start;

	/* The start is expanded once: reached again, it is only marked. */
	for (;;) {
		for (int i = 0; i < g->node[v].nsucc; i++) {
			const struct as_edge *e = &g->node[v].succ[i];
			if ((skip && skip(ctx, v, e)) || seen[e->to])
				continue;
			seen[e->to] = 1;
			if (!(stop && stop[e->to]) && e->to != start)
				work[n++] = e->to;
		}
		if (!n)
			return seen;
		v = work[--n];
	}
}

unsigned char *as_cfg_backward(const struct as_cfg *g, struct as_arena *a, int target, const unsigned char *stop)
{
	unsigned char *seen = as_arena_alloc(a, (size_t)g->nnodes + 1);
	int *npred = as_arena_alloc(a, ((size_t)g->nnodes + 1) * sizeof *npred);
	int *first = as_arena_alloc(a, ((size_t)g->nnodes + 1) * sizeof *first);
	int *pred, *work, total = 0, n = 0;

	for (int v = 0; v < g->nnodes; v++)
		for (int i = 0; i < g->node[v].nsucc; i++)
			npred[g->node[v].succ[i].to]++, total++;
	pred = as_arena_alloc(a, ((size_t)total + 1) * sizeof *pred);
	for (int v = 0, at = 0; v < g->nnodes; v++)
		first[v] = at, at += npred[v], npred[v] = 0;
	for (int v = 0; v < g->nnodes; v++)
		for (int i = 0; i < g->node[v].nsucc; i++) {
			int to = g->node[v].succ[i].to;
			pred[first[to] + npred[to]++] = v;
		}
	work = as_arena_alloc(a, ((size_t)g->nnodes + 1) * sizeof *work);
	seen[target] = 1;
	work[n++] = target;
	while (n) {
		int v = work[--n];
		for (int i = 0; i < npred[v]; i++) {
			int p = pred[first[v] + i];
			if (seen[p])
				continue;
			seen[p] = 1;
			if (!(stop && stop[p]))
				work[n++] = p;
		}
	}
	return seen;
}
