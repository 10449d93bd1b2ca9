/* as_det_dup_call.c - rule dup-call (info): an explicit duplication call
 * (strdup, rb_ary_dup, ...) or a constructor that copies its elements
 * (rb_ary_new_from_values) inside a loop, where each pass makes a copy,
 * unless the loop refills the buffer it copies. */
#include "as_detect.h"

#include <stdio.h>

void as_detect_dup_call(struct as_fn *fn, struct as_sink *sink)
{
	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		struct as_draft d = { 0 };
		char msg[512];
		int loop;

		/* A constructor copying elements duplicates them too, unless
		 * object-copy reports it as a whole object's copy. */
		if (e->kind != AS_EV_CALL || !e->call->rule ||
		    !(e->call->rule->role == AS_ROLE_DUP ||
		      (e->call->rule->role == AS_ROLE_OBJECT_COPY && !as_object_copy_whole(fn, i))) ||
		    (loop = as_region_loop(fn, e->region)) < 0 || as_event_leaves_loop(fn, i))
			continue;
		/* A scratch buffer refilled on each pass holds new bytes each
		 * time: its copies cannot be one shared copy. */
		if (as_loop_refills(fn, loop, as_call_role(e->call, e->call->rule->src), e->seq, e->call->seq_end))
			continue;
		d.at = e->call;
		d.copy = e->call;
		d.source = as_call_role_text(fn, e->call, e->call->rule->src);
		d.size = e->call->rule->size != AS_NO_ARG ? as_call_role_text(fn, e->call, e->call->rule->size) : NULL;
		d.family = as_call_family(fn, e->call) ? as_call_family(fn, e->call)->name : NULL;
		d.loop = loop;
		snprintf(msg, sizeof msg, "%s duplicates '%s' on every pass of the loop at line %u",
			 e->call->shown, d.source, fn->regions[loop].line);
		d.message = msg;
		d.fix = "manual";
		d.reason = "a duplication call: sharing it needs every write and free of the copy, "
			   "which the analysis does not follow for dup calls";
		as_value_loop_site(fn, &d, 30, "a fresh copy on every pass of a loop");
		as_emit(fn, sink, &d);
	}
}
