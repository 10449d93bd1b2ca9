/* as_det_dup_call.c - rule dup-call (info): an explicit duplication call
 * (strdup, rb_ary_dup, ...) or a constructor that copies its elements
 * (rb_ary_new_from_values) inside a loop, where the passes copy the same
 * bytes again, or each pass frees its copy before the next: copies made
 * for nothing. A copy per item, of a different source on each pass and
 * kept past it (argv2[i] = strdup(argv[i])), is the program's own data and
 * is not reported. */
#include "as_detect.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* The call copies no bytes: a size of 0, or an empty literal (gawk's
 * estrdup("", 0)); what is left is an allocation, not a copy. */
static int copies_nothing(const struct as_call *c)
{
	long long n;

	if (c->rule->size != AS_NO_ARG)
		return as_eval_int(as_call_role(c, c->rule->size), &n) && n == 0;
	return as_literal_strlen(as_call_role(c, c->rule->src)) == 0;
}

/* The copy is made under a test of its own destination against NULL
 * (if (!copy) copy = dup(src)): made once, then kept. Not so for an
 * element (if (!out[i]) out[i] = dup(src)): one per index. */
static int made_once(const struct as_fn *fn, const struct as_event *e, int loop)
{
	for (int r = e->region; r >= 0 && r != loop; r = fn->regions[r].parent)
		if (fn->regions[r].kind == AS_REGION_BRANCH && fn->regions[r].null_tested &&
		    !strchr(fn->regions[r].null_tested, '[') && as_call_stores_to(e->call, fn->regions[r].null_tested))
			return 1;
	return 0;
}

/* The outermost loop, from the call's own outwards, over whose passes the
 * source keeps its bytes; -1 when it differs on every pass of each. */
static int repeating_loop(struct as_fn *fn, const struct as_event *e, int loop)
{
	CXCursor src = as_call_role(e->call, e->call->rule->src);
	int found = -1;

	for (; loop >= 0; loop = as_region_loop(fn, fn->regions[loop].parent)) {
		if (as_loop_varies(fn, loop, src, e->seq, e->call->seq_end))
			break;
		found = loop;
	}
	return found;
}

/* The copy is freed later in the same pass of loop, on every path of
 * that pass (a free on an error branch is no end of the copy), nothing
 * writes it first (a copy made to be modified, like a path cut at each
 * separator or a name upper-cased in place, is needed), and the source
 * is not freed in the pass (a copy that outlives its source moves it to
 * another allocator: PostgreSQL's pstrdup of a malloc'd name): a
 * temporary made for reading. */
static int freed_in_pass(struct as_fn *fn, int i, int loop)
{
	const struct as_call *c = fn->ev[i].call;
	struct as_key *src = as_fn_lvalue_key(fn, as_strip(as_call_role(c, c->rule->src)));
	int freed = 0;

	for (int j = i + 1; j < fn->nev; j++) {
		const struct as_event *ev = &fn->ev[j];
		const char *ks;

		if (!as_region_within(fn, ev->region, loop))
			break;
		if (!(ks = as_event_freed_key(fn, ev)))
			continue;
		if (!src->unknown && !strcmp(ks, as_key_str(fn->tu, src)))
			return 0;
		if (as_call_stores_to(c, ks) && !as_region_within(fn, fn->ev[i].region, ev->region))
			continue; /* freed on some paths only */
		if (as_call_stores_to(c, ks)) {
			/* Through any name the copy was stored in (memcached's
			 * subopts_orig = subopts = strdup(optarg), subopts
			 * cut by getsubopt(&subopts, ...), subopts_orig freed). */
			for (int t = 0; t < c->ntargets; t++)
				if (as_loop_writes_into(fn, loop, c->target[t], c->seq_end + 1, ev->seq - 1))
					return 0;
			freed = 1;
		}
	}
	return freed;
}

/* Something writes into the copy after it is made, in the loop (a path
 * made native in place, a bitmap set added to): each copy is needed. */
static int copy_written(struct as_fn *fn, int i, int loop)
{
	const struct as_call *c = fn->ev[i].call;

	for (int t = 0; t < c->ntargets; t++) {
		int end = INT_MAX; /* up to its free, which is no write */
		for (int j = i + 1; j < fn->nev && end == INT_MAX; j++) {
			const char *ks = as_event_freed_key(fn, &fn->ev[j]);
			if (ks && !strcmp(ks, c->target[t]))
				end = fn->ev[j].seq - 1;
		}
		if (as_loop_writes_into(fn, loop, c->target[t], c->seq_end + 1, end))
			return 1;
	}
	return 0;
}

void as_detect_dup_call(struct as_fn *fn, struct as_sink *sink)
{
	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		struct as_draft d = { 0 };
		char msg[512];
		int loop, same;

		/* A constructor copying elements duplicates them too, unless
		 * object-copy reports it as a whole object's copy. */
		if (e->kind != AS_EV_CALL || !e->call->rule ||
		    !(e->call->rule->role == AS_ROLE_DUP ||
		      (e->call->rule->role == AS_ROLE_OBJECT_COPY && !as_object_copy_whole(fn, i))) ||
		    (loop = as_region_loop(fn, e->region)) < 0 || as_event_leaves_loop(fn, i) ||
		    copies_nothing(e->call) || made_once(fn, e, loop))
			continue;
		same = repeating_loop(fn, e, loop);
		if (same >= 0 && copy_written(fn, i, same))
			continue;
		if (same >= 0)
			loop = same;
		else if (!freed_in_pass(fn, i, loop))
			continue;
		d.at = e->call;
		d.copy = e->call;
		d.source = as_call_role_text(fn, e->call, e->call->rule->src);
		d.size = e->call->rule->size != AS_NO_ARG ? as_call_role_text(fn, e->call, e->call->rule->size) : NULL;
		d.family = as_call_family(fn, e->call) ? as_call_family(fn, e->call)->name : NULL;
		d.loop = loop;
		if (same >= 0) {
			snprintf(msg, sizeof msg, "%s duplicates '%s' on every pass of the loop at line %u",
				 e->call->shown, d.source, fn->regions[loop].line);
			d.reason = "a duplication call: sharing it needs every write and free of the copy, "
				   "which the analysis does not follow for dup calls";
		} else {
			snprintf(msg, sizeof msg,
				 "%s copies '%s' on every pass of the loop at line %u, and the pass frees the copy",
				 e->call->shown, d.source, fn->regions[loop].line);
			d.reason = "a copy that lives one pass: reading the source itself, or one buffer "
				   "every pass reuses, would do if nothing writes either meanwhile, which the "
				   "analysis does not follow for dup calls";
		}
		d.message = msg;
		d.fix = "manual";
		as_value_loop_site(fn, &d, 30, "a fresh copy on every pass of a loop");
		as_emit(fn, sink, &d);
	}
}
