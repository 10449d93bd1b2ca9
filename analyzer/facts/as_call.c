/* as_call.c - questions about a classified call and its text that the
 * detectors and the fixes both ask: where its result is stored, its
 * family, its arguments and byte count as the user wrote them. */
#include "as_facts.h"

#include <stdio.h>
#include <string.h>

int as_null_constant(CXCursor c)
{
	long long v;

	c = as_strip(c);
	if (clang_getCursorKind(c) == CXCursor_GNUNullExpr)
		return 1;
	return clang_getCursorKind(c) == CXCursor_IntegerLiteral && as_eval_int(c, &v) && v == 0;
}

int as_call_stores_to(const struct as_call *c, const char *k)
{
	for (int i = 0; i < c->ntargets; i++)
		if (!strcmp(c->target[i], k))
			return 1;
	return 0;
}

const char *as_event_freed_key(struct as_fn *fn, const struct as_event *e)
{
	struct as_key *k;

	if (e->kind != AS_EV_CALL || !e->call->rule || e->call->rule->role != AS_ROLE_FREE)
		return NULL;
	k = as_fn_lvalue_key(fn, as_strip(as_call_role(e->call, e->call->rule->ptr)));
	return k->unknown ? NULL : as_key_str(fn->tu, k);
}

int as_event_writes(const struct as_event *e)
{
	return e->kind == AS_EV_ASSIGN || e->kind == AS_EV_INCDEC || e->kind == AS_EV_ADDR;
}

int as_event_stores_call(struct as_fn *fn, const struct as_event *e, const struct as_call *c)
{
	CXFile f;
	unsigned b, en;

	(void)fn;
	if (e->kind != AS_EV_ASSIGN || clang_Cursor_isNull(e->rhs))
		return 0;
	if (as_loc_file(clang_getRangeStart(clang_getCursorExtent(e->rhs)), &f, &b) ||
	    as_loc_file(clang_getRangeEnd(clang_getCursorExtent(e->rhs)), &f, &en))
		return 0;
	return b <= c->begin && c->begin < en;
}

const struct as_family *as_call_family(const struct as_fn *fn, const struct as_call *c)
{
	/* What a macro expands to decides the pairing: Onigmo defines xmalloc
	 * as plain malloc where Ruby's pack says ruby_xmalloc. */
	if (c->macro && c->expanded_family >= 0)
		return as_rules_family(fn->tu->rules, c->expanded_family);
	return c->rule ? as_rules_family(fn->tu->rules, c->rule->family) : NULL;
}

const char *as_call_size_text(struct as_fn *fn, const struct as_call *c)
{
	const struct as_rule *r = c->rule;
	const char *count = as_call_role_text(fn, c, r->count);

	if (r->type != AS_NO_ARG)
		return as_fill_template(fn, r->count != AS_NO_ARG ? "sizeof($src) * ($size)" : "sizeof($src)",
					as_call_role_text(fn, c, r->type), "", count, "");
	if (r->count != AS_NO_ARG)
		return as_fill_template(fn, "($src) * ($size)", count, "", as_call_role_text(fn, c, r->size), "");
	if (r->scale > 1 || r->add) {
		/* A summarised helper's block: strcat_capa(..., capa) takes capa + 1. */
		const char *arg = as_call_role_text(fn, c, r->size);
		size_t n = strlen(arg) + 64;
		char *t = as_arena_alloc(&fn->tu->arena, n);
		char scaled[32] = "", added[32] = "";
		if (r->scale > 1)
			snprintf(scaled, sizeof scaled, "%lld * ", r->scale);
		if (r->add)
			snprintf(added, sizeof added, " %c %lld", r->add < 0 ? '-' : '+', r->add < 0 ? -r->add : r->add);
		snprintf(t, n, "%s%s%s%s%s", scaled, r->scale > 1 ? "(" : "", arg, r->scale > 1 ? ")" : "", added);
		return t;
	}
	return as_call_role_text(fn, c, r->size);
}

/* Where c's extent starts in the function's file. */
static unsigned start_off(CXCursor c)
{
	CXFile f;
	unsigned off = 0;

	as_loc_file(clang_getRangeStart(clang_getCursorExtent(c)), &f, &off);
	return off;
}

const char *as_call_role_text(struct as_fn *fn, const struct as_call *c, int index)
{
	CXCursor a = as_call_role(c, index);

	/* A macro's argument is its text: a type has no expression. */
	if (c->macro && index >= 0 && index < c->nargs && c->span[index].end <= fn->len)
		return as_arena_strndup(&fn->tu->arena, fn->buf + c->span[index].begin,
					c->span[index].end - c->span[index].begin);
	if (clang_Cursor_isNull(a))
		return "";
	/* A pack function called in a project's macro (gawk's erealloc(var,
	 * ...) expands to erealloc_real((void *) var, ...)): the body's casts
	 * start in the macro's definition, which libclang places at the
	 * invocation, before the call's own name: no argument starts there. */
	if (start_off(a) <= start_off(c->cur) && start_off(as_strip(a)) > start_off(c->cur))
		a = as_strip(a);
	return as_fn_text(fn, a);
}

const char *as_fill_places(struct as_fn *fn, const char *tpl, const char *const *names, const char *const *values,
			   int n)
{
	size_t cap = strlen(tpl) + 1, all = 0;
	char *out, *o;

	for (int i = 0; i < n; i++)
		all += strlen(values[i]);
	for (const char *p = tpl; *p; p++)
		if (*p == '$')
			cap += all;
	out = o = as_arena_alloc(&fn->tu->arena, cap);
	for (const char *p = tpl; *p;) {
		int k = n;
		if (*p == '$')
			for (k = 0; k < n; k++)
				if (!strncmp(p + 1, names[k], strlen(names[k])))
					break;
		if (k < n) {
			o = stpcpy(o, values[k]);
			p += 1 + strlen(names[k]);
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return out;
}

const char *as_fill_template(struct as_fn *fn, const char *tpl, const char *src, const char *ptr, const char *size,
			     const char *site)
{
	static const char *const names[] = { "src", "ptr", "size", "site" };
	const char *values[] = { src, ptr, size, site };

	return as_fill_places(fn, tpl, names, values, 4);
}
