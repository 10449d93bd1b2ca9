/* as_det_alloc_copy.c - rule alloc-copy: a fresh buffer filled by a copy of
 * the same size from another buffer (rb_ary_resurrect before Ruby shared
 * the buffer). The copy must fill the very buffer the allocation was stored
 * in, on a path the allocation dominates, with no loop between them. */
#include "as_detect.h"

#include <stdio.h>
#include <string.h>

/* The allocation whose result copy event c fills, or -1. */
static int paired_alloc(struct as_fn *fn, int c, const char *dst)
{
	const struct as_event *ce = &fn->ev[c];

	for (int i = c - 1; i >= 0; i--) {
		const struct as_event *e = &fn->ev[i];

		if (e->kind == AS_EV_ASSIGN && as_key_covers(e->key, dst)) {
			/* The store of the allocation itself is not a reassignment. */
			int j = i - 1;
			while (j >= 0 && !(fn->ev[j].kind == AS_EV_CALL && fn->ev[j].call->rule &&
					   fn->ev[j].call->rule->role == AS_ROLE_ALLOC &&
					   as_call_stores_to(fn->ev[j].call, dst) &&
					   as_event_stores_call(fn, e, fn->ev[j].call)))
				j--;
			if (j < 0)
				return -1;
			i = j;
			e = &fn->ev[i];
		} else if (e->kind == AS_EV_INCDEC && as_key_covers(e->key, dst)) {
			return -1; /* p++ moves the pointer: a copy to p is not to the block */
		}
		if (e->kind != AS_EV_CALL || !e->call->rule || e->call->rule->role != AS_ROLE_ALLOC ||
		    !as_call_stores_to(e->call, dst))
			continue;
		/* The copy must run whenever the allocation did: same region or one
		 * nested in it, and no loop on the way (a copy repeated into one
		 * buffer is another shape). */
		if (!as_region_within(fn, ce->region, e->region) ||
		    as_region_loop_between(fn, ce->region, e->region))
			return -1;
		return i;
	}
	return -1;
}

void as_detect_alloc_copy(struct as_fn *fn, struct as_sink *sink)
{

	for (int c = 0; c < fn->nev; c++) {
		const struct as_event *ce = &fn->ev[c];
		const struct as_call *copy = ce->call, *alloc;
		struct as_key *dk, *sk, *asz, *csz;
		struct as_draft d = { 0 };
		const char *dst, *family;
		char msg[1024];
		int a;

		if (ce->kind != AS_EV_CALL || !copy->rule || copy->rule->role != AS_ROLE_COPY)
			continue;
		dk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->dst));
		sk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->src));
		if (dk->unknown || sk->unknown)
			continue;
		dst = as_key_str(fn->tu, dk);
		if (!strcmp(dst, as_key_str(fn->tu, sk)) || (a = paired_alloc(fn, c, dst)) < 0)
			continue;
		alloc = fn->ev[a].call;
		asz = as_call_size(fn, alloc);
		csz = as_call_size(fn, copy);
		/* A concatenation copies less than it allocates: not this rule. */
		if (!as_key_equal(fn->tu, asz, csz))
			continue;
		d.rule = "alloc-copy";
		d.severity = AS_SEV_WARNING;
		d.at = alloc;
		d.alloc = alloc;
		d.copy = copy;
		d.buffer = as_call_role_text(fn, copy, copy->rule->dst);
		d.source = as_call_role_text(fn, copy, copy->rule->src);
		d.size = copy->rule->size_is_strlen1
				 ? as_fill_template(fn, "strlen($src) + 1", d.source, "", "", "")
				 : as_call_size_text(fn, copy);
		family = as_call_family(fn, alloc) ? as_call_family(fn, alloc)->name : NULL;
		d.family = family;
		d.loop = as_region_loop(fn, fn->ev[a].region);
		snprintf(msg, sizeof msg, "'%s' is allocated by %s and then filled by %s from '%s': %s",
			 d.buffer, alloc->shown, copy->shown, d.source,
			 "allocate-and-copy in one step, or share the source");
		d.message = msg;
		as_fix_alloc_copy(fn, a, c, as_site_literal(fn, sink, alloc), &d);
		as_value_alloc_copy(fn, a, c, &d);
		as_emit(fn, sink, &d);
	}
}
