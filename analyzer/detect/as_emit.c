/* as_emit.c - turning a draft into an owned finding, and small helpers the
 * detectors share. */
#include "as_detect.h"
#include "as_directives.h"
#include "as_probe.h"

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

/* Appends the helper chain of a summarised call, each line tagged with
 * role and its file named as reports name files. */
static void add_chain(struct as_fn *fn, struct as_sink *sink, const struct as_call *c, const char *role,
		      char **out, size_t *len)
{
	const char *t = c && c->rule ? c->rule->trace : NULL;

	while (t && *t) {
		const char *tab1 = strchr(t, '\t'), *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
		const char *eol = strchr(t, '\n');
		const char *file;
		char *path, *grown;
		size_t need;

		if (!tab2 || !eol || tab2 > eol)
			return;
		path = as_arena_strndup(&fn->tu->arena, tab1 + 1, (size_t)(tab2 - tab1 - 1));
		file = sink->display ? sink->display(sink->display_ctx, path) : path;
		need = strlen(role) + strlen(file) + (size_t)(eol - t) + 4;
		if (!(grown = realloc(*out, *len + need)))
			return;
		*out = grown;
		*len += (size_t)snprintf(grown + *len, need, "%s\t%.*s\t%s%.*s\n", role, (int)(tab1 - t), t, file,
					 (int)(eol - tab2), tab2);
		t = eol + 1;
	}
}

void as_emit(struct as_fn *fn, struct as_sink *sink, const struct as_draft *d)
{
	struct as_finding f = { 0 };
	const char *path = sink->display ? sink->display(sink->display_ctx, fn->path) : fn->path;

	f.rule = sink->rule->rule;
	f.severity = sink->rule->severity;
	f.file = dup_or_null(path);
	as_fn_line_col(fn, d->at->begin, &f.line, &f.col);
	f.begin = d->at->begin;
	f.end = d->at->end;
	if (f.end > f.begin)
		as_fn_line_col(fn, f.end, &f.end_line, &f.end_col);
	f.function = dup_or_null(fn->name);
	f.message = dup_or_null(d->message);
	f.alloc.expr = call_text(fn, d->alloc, &f.alloc.line);
	f.copy.expr = call_text(fn, d->copy, &f.copy.line);
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
	f.grower = dup_or_null(d->grower);
	for (int i = 0; i < d->nfixits; i++) {
		f.fixits[i].begin = d->fixit[i].begin;
		f.fixits[i].end = d->fixit[i].end;
		f.fixits[i].text = dup_or_null(d->fixit[i].text);
	}
	f.nfixits = d->nfixits;
	f.path = dup_or_null(fn->path);
	f.content_hash = as_tu_text_hash(fn->tu, fn->file);
	f.unit_clean = sink->unit_clean;
	f.include_at = as_include_spot(fn->tu, fn->file);
	f.includes = (as_includes_header(fn->tu, fn->file, "asrt/asrt.h") ? AS_INCLUDES_ASRT : 0) |
		     (as_includes_header(fn->tu, fn->file, "asrt/asrt_probe.h") ? AS_INCLUDES_PROBE : 0);
	as_probe_plan(fn, sink->site ? sink->site(sink->display_ctx, fn->path) : fn->path, d, &f);
	{
		size_t len = 0;
		add_chain(fn, sink, d->alloc, "alloc", &f.trace, &len);
		if (d->copy != d->alloc)
			add_chain(fn, sink, d->copy, "copy", &f.trace, &len);
	}
	as_findings_add(sink->list, &f);
}

void as_notice(struct as_fn *fn, struct as_sink *sink, unsigned off, const char *what)
{
	const char *path = sink->display ? sink->display(sink->display_ctx, fn->path) : fn->path;
	unsigned line, col;
	char buf[1024];
	int n;

	if (!sink->notices)
		return;
	as_fn_line_col(fn, off, &line, &col);
	n = snprintf(buf, sizeof buf, "%s:%u: in function '%s': %s", path, line, fn->name, what);
	as_names_add(sink->notices, buf, n < 0 ? 0 : (size_t)n < sizeof buf ? (size_t)n
									    : sizeof buf - 1);
}

const char *as_site_literal(struct as_fn *fn, struct as_sink *sink, const struct as_call *c)
{
	const char *path = sink->site ? sink->site(sink->display_ctx, fn->path) : fn->path;
	unsigned line, col;
	char buf[1024];
	size_t n = 0;

	as_fn_line_col(fn, c->begin, &line, &col);
	buf[n++] = '"';
	n += as_lex_c_escape(path, buf + n, sizeof buf - 32);
	snprintf(buf + n, sizeof buf - n, ":%u\"", line);
	return as_arena_strdup(&fn->tu->arena, buf);
}
