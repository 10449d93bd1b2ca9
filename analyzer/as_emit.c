/* as_emit.c - turning a draft into an owned finding, and small helpers the
 * detectors share. */
#include "as_detect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_or_null(const char *s)
{
	size_t n;
	char *d;

	if (!s)
		return NULL;
	n = strlen(s) + 1;
	d = malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

static char *call_text(struct as_fn *fn, const struct as_call *c, unsigned *line)
{
	unsigned col;

	if (!c)
		return NULL;
	as_fn_line_col(fn, c->begin, line, &col);
	if (c->end <= c->begin || c->end > fn->len)
		return dup_or_null(c->shown);
	return dup_or_null(as_arena_strndup(&fn->tu->arena, fn->buf + c->begin, c->end - c->begin));
}

void as_emit(struct as_fn *fn, struct as_sink *sink, const struct as_draft *d)
{
	struct as_finding f = { 0 };
	const char *path = sink->display ? sink->display(sink->display_ctx, fn->path) : fn->path;

	f.rule = d->rule;
	f.severity = d->severity;
	f.file = dup_or_null(path);
	as_fn_line_col(fn, d->at->begin, &f.line, &f.col);
	f.begin = d->at->begin;
	f.end = d->at->end;
	f.function = dup_or_null(fn->name);
	f.message = dup_or_null(d->message);
	f.alloc_expr = call_text(fn, d->alloc, &f.alloc_line);
	f.copy_expr = call_text(fn, d->copy, &f.copy_line);
	f.buffer = dup_or_null(d->buffer);
	f.source = dup_or_null(d->source);
	f.size = dup_or_null(d->size);
	f.family = dup_or_null(d->family);
	f.in_loop = d->loop >= 0;
	f.loop_line = d->loop >= 0 ? fn->regions[d->loop].line : 0;
	f.fix = dup_or_null(d->fix ? d->fix : "manual");
	f.reason = dup_or_null(d->reason);
	f.fix_text = dup_or_null(d->fix_text);
	f.value = d->value;
	f.value_reasons = dup_or_null(d->value_reasons);
	for (int i = 0; i < d->nfixits; i++) {
		f.fixits[i].begin = d->fixit[i].begin;
		f.fixits[i].end = d->fixit[i].end;
		f.fixits[i].text = dup_or_null(d->fixit[i].text);
	}
	f.nfixits = d->nfixits;
	f.path = dup_or_null(fn->path);
	f.content_hash = as_text_hash(fn->buf, fn->len);
	f.unit_clean = sink->unit_clean;
	as_findings_add(sink->list, &f);
}

const char *as_site_literal(struct as_fn *fn, struct as_sink *sink, const struct as_call *c)
{
	const char *path = sink->site ? sink->site(sink->display_ctx, fn->path) : fn->path;
	unsigned line, col;
	char buf[1024];
	size_t n = 0;

	as_fn_line_col(fn, c->begin, &line, &col);
	/* A C string literal: quotes, backslashes and control bytes of the
	 * path escaped; '?' too, or "??x" would be a trigraph. */
	buf[n++] = '"';
	for (const unsigned char *s = (const unsigned char *)path; *s && n < sizeof buf - 32; s++) {
		if (*s == '"' || *s == '\\' || *s == '?')
			n += (size_t)snprintf(buf + n, sizeof buf - n, "\\%c", *s);
		else if (*s < 0x20 || *s == 0x7f)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "\\%03o", *s);
		else
			buf[n++] = (char)*s;
	}
	snprintf(buf + n, sizeof buf - n, ":%u\"", line);
	return as_arena_strdup(&fn->tu->arena, buf);
}

int as_key_covers(const char *a, const char *k)
{
	size_t n;

	if (!a || !k)
		return 0;
	n = strlen(a);
	if (strncmp(a, k, n))
		return 0;
	return k[n] == '\0' || k[n] == '.' || k[n] == '[';
}

struct covered_leaf {
	const char *a;
	int hit;
};

static void covered_leaf(void *ctx, const struct as_key *leaf)
{
	struct covered_leaf *c = ctx;

	c->hit |= as_key_covers(c->a, leaf->text);
}

int as_key_leaf_covered(const char *a, const struct as_key *k)
{
	struct covered_leaf c = { a, 0 };

	as_key_leaves(k, covered_leaf, &c);
	return c.hit;
}

int as_call_stores_to(const struct as_call *c, const char *k)
{
	for (int i = 0; i < c->ntargets; i++)
		if (!strcmp(c->target[i], k))
			return 1;
	return 0;
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

const char *as_call_role_text(struct as_fn *fn, const struct as_call *c, int index)
{
	CXCursor a = as_call_role(c, index);

	/* A macro's argument is its text: a type has no expression. */
	if (c->macro && index >= 0 && index < c->nargs && c->span[index].end <= fn->len)
		return as_arena_strndup(&fn->tu->arena, fn->buf + c->span[index].begin,
					c->span[index].end - c->span[index].begin);
	return clang_Cursor_isNull(a) ? "" : as_fn_text(fn, a);
}

const char *as_fill_template(struct as_fn *fn, const char *tpl, const char *src, const char *ptr, const char *size,
			     const char *site)
{
	size_t cap = strlen(tpl) + 1;
	char *out, *o;

	for (const char *p = tpl; *p; p++)
		if (*p == '$')
			cap += strlen(src) + strlen(ptr) + strlen(size) + strlen(site);
	out = o = as_arena_alloc(&fn->tu->arena, cap);
	for (const char *p = tpl; *p;) {
		const char *v = NULL;
		size_t skip = 0;
		if (!strncmp(p, "$src", 4))
			v = src, skip = 4;
		else if (!strncmp(p, "$ptr", 4))
			v = ptr, skip = 4;
		else if (!strncmp(p, "$size", 5))
			v = size, skip = 5;
		else if (!strncmp(p, "$site", 5))
			v = site, skip = 5;
		if (v) {
			o = stpcpy(o, v);
			p += skip;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return out;
}
