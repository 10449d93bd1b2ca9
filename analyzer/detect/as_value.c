/* as_value.c - how much a finding is worth fixing, with the reasons in
 * words: in a loop or not, the size known small and constant or variable,
 * a source freed after the copy (a move: handing the block over would do),
 * a copy written right after (sharing would not help), an immutable source
 * (sharing helps); a loop of a few passes known from the source weighs
 * little. Scores run from 0 to 100; the text report sorts by them. */
#include "as_detect.h"

#include <stdio.h>
#include <string.h>

#define AS_SMALL_COPY 64

static void reason(struct as_fn *fn, struct as_draft *d, int delta, const char *text)
{
	size_t n = d->value_reasons ? strlen(d->value_reasons) : 0;
	char *r = as_arena_alloc(&fn->tu->arena, n + strlen(text) + 16);

	d->value += delta;
	snprintf(r, n + strlen(text) + 16, "%s%s%+d %s", n ? d->value_reasons : "", n ? "; " : "", delta, text);
	d->value_reasons = r;
}

static void clamp(struct as_draft *d)
{
	if (d->value < 0)
		d->value = 0;
	if (d->value > 100)
		d->value = 100;
}

static int carries_key(struct as_fn *fn, CXCursor e, const char *key)
{
	struct as_key *k;

	if (clang_Cursor_isNull(e))
		return 0;
	k = as_fn_lvalue_key(fn, e);
	return !k->unknown && !strcmp(as_key_str(fn->tu, k), key);
}

/* After the copy: is src freed, and is the copy written before it leaves? */
static void after_copy(struct as_fn *fn, int c, const char *dst, const char *src, int *src_freed, int *written)
{
	const struct as_call *copy = fn->ev[c].call;
	int settled = 0;

	for (int i = c + 1; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		if (e->seq <= copy->seq_end)
			continue;
		if (e->kind == AS_EV_CALL && e->call->rule && e->call->rule->role == AS_ROLE_FREE &&
		    carries_key(fn, as_call_role(e->call, e->call->rule->ptr), src))
			*src_freed = 1;
		if (settled)
			continue;
		if ((e->kind == AS_EV_ASSIGN || e->kind == AS_EV_INCDEC) && e->key && strcmp(e->key, dst) &&
		    as_key_covers(dst, e->key)) {
			*written = 1;
			settled = 1;
		} else if (e->kind == AS_EV_RETURN || (e->kind == AS_EV_CALL && e->call->rule == NULL)) {
			settled = 1; /* it leaves our sight before any write */
		}
	}
}

/* A copy in a loop repeats once per pass; a loop of a few passes known
 * from the source, those few times. */
static void loop_reason(struct as_fn *fn, struct as_draft *d)
{
	char buf[64];

	if (d->loop >= 0 && fn->regions[d->loop].max_passes) {
		snprintf(buf, sizeof buf, "in a loop of at most %d pass%s", fn->regions[d->loop].max_passes,
			 fn->regions[d->loop].max_passes > 1 ? "es" : "");
		reason(fn, d, 5, buf);
	} else if (d->loop >= 0) {
		reason(fn, d, 30, "in a loop");
	}
}

/* A small copy of a known size is worth little; a variable one more. */
static void size_reason(struct as_fn *fn, struct as_draft *d, const struct as_key *size)
{
	char buf[128];

	if (size && size->is_num && size->num <= AS_SMALL_COPY) {
		snprintf(buf, sizeof buf, "small fixed-size copy (%lld bytes)", size->num);
		reason(fn, d, -25, buf);
	} else if (size && !size->is_num) {
		reason(fn, d, 10, "variable size");
	}
}

void as_value_alloc_copy(struct as_fn *fn, int a, int c, struct as_draft *d)
{
	const struct as_call *copy = fn->ev[c].call;
	struct as_key *size = as_call_size(fn, copy);
	struct as_key *dk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->dst));
	struct as_key *sk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->src));
	int src_freed = 0, written = 0;

	(void)a;
	d->value = 40;
	d->value_reasons = "base 40 (an allocation filled by a copy)";
	loop_reason(fn, d);
	size_reason(fn, d, size);
	after_copy(fn, c, as_key_str(fn->tu, dk), as_key_str(fn->tu, sk), &src_freed, &written);
	if (src_freed)
		reason(fn, d, -20, "the source is freed after the copy: a move, handing the block over would do");
	if (written)
		reason(fn, d, -15, "the copy is written right after: sharing would not help");
	{
		const struct as_rule *self = as_tu_function(fn->tu, fn->name, strlen(fn->name));
		if (self && self->role == AS_ROLE_DUP)
			reason(fn, d, -30, "the function exists to duplicate: its callers are the sites (dup-call in loops)");
	}
	if (d->fix && !strcmp(d->fix, "share"))
		reason(fn, d, 25, "the source is immutable: sharing helps");
	clamp(d);
}

void as_value_copy_loop(struct as_fn *fn, struct as_draft *d, const struct as_key *size)
{
	d->value = 40;
	d->value_reasons = "base 40 (an allocation filled by a copy loop)";
	loop_reason(fn, d);
	size_reason(fn, d, size);
	clamp(d);
}

void as_value_object_copy(struct as_fn *fn, struct as_draft *d)
{
	d->value = 40;
	d->value_reasons = "base 40 (a new object made from a copy of another's buffer)";
	loop_reason(fn, d);
	reason(fn, d, 10, "variable size: the whole object");
	if (d->fix && !strcmp(d->fix, "share"))
		reason(fn, d, 25, "the runtime shares the buffer: no copy, and no block for a large object");
	clamp(d);
}

void as_value_guarded(struct as_fn *fn, struct as_draft *d)
{
	/* Proven to repeat, but not on every pass: below a site regrown on
	 * every pass, never above it. */
	reason(fn, d, -10, "regrown only when a capacity guard finds the room used up");
	clamp(d);
}

void as_value_loop_site(struct as_fn *fn, struct as_draft *d, int base, const char *why)
{
	char buf[256];

	snprintf(buf, sizeof buf, "base %d (%s)", base, why);
	d->value = base;
	d->value_reasons = as_arena_strdup(&fn->tu->arena, buf);
	if (d->loop >= 0 && fn->regions[d->loop].max_passes) {
		/* The growth or the duplication repeats a few times, not once per
		 * element of the input: 40% of the base. */
		snprintf(buf, sizeof buf, "loop of at most %d pass%s: the repetition is bounded",
			 fn->regions[d->loop].max_passes, fn->regions[d->loop].max_passes > 1 ? "es" : "");
		reason(fn, d, -(base - base * 2 / 5), buf);
	} else if (d->loop >= 0 && as_region_loop(fn, fn->regions[d->loop].parent) >= 0) {
		reason(fn, d, 15, "in nested loops");
	}
	clamp(d);
}
