/* as_report_json.c - --format json: one object with the counts and every
 * finding with all of DESIGN.md's fields. */
#include "as_report.h"

#include <stdlib.h>

static void field_s(FILE *out, const char *k, const char *v, int comma)
{
	fprintf(out, "      \"%s\": ", k);
	as_json_string(out, v);
	fputs(comma ? ",\n" : "\n", out);
}

static void site(FILE *out, const char *k, const char *expr, unsigned line)
{
	fprintf(out, "      \"%s\": ", k);
	if (!expr) {
		fputs("null,\n", out);
		return;
	}
	fputs("{ \"expression\": ", out);
	as_json_string(out, expr);
	fprintf(out, ", \"line\": %u },\n", line);
}

/* A cross-function finding's helpers and fix site; [] and null otherwise. */
static void path(FILE *out, const char *trace)
{
	struct as_step st[AS_MAX_STEPS];
	int n, fix;
	char *keep = as_trace_steps(trace, st, &n);

	fputs("      \"path\": [", out);
	for (int k = 0; k < n; k++) {
		fputs(k ? ", { \"role\": " : " { \"role\": ", out);
		as_json_string(out, st[k].role);
		fputs(", \"function\": ", out);
		as_json_string(out, st[k].function);
		fputs(", \"file\": ", out);
		as_json_string(out, st[k].file);
		fprintf(out, ", \"line\": %u, \"summary\": ", st[k].line);
		as_json_string(out, st[k].what);
		fputs(" }", out);
	}
	fputs(n ? " ],\n      \"fix_site\": " : "],\n      \"fix_site\": ", out);
	if ((fix = as_trace_fix_site(st, n)) >= 0) {
		fputs("{ \"function\": ", out);
		as_json_string(out, st[fix].function);
		fputs(", \"file\": ", out);
		as_json_string(out, st[fix].file);
		fprintf(out, ", \"line\": %u },\n", st[fix].line);
	} else {
		fputs("null,\n", out);
	}
	free(keep);
}

void as_report_json(FILE *out, const struct as_findings *f, const struct as_scan_stats *s)
{
	fputs("{\n  \"tool\": \"allocscan\",\n", out);
	fprintf(out, "  \"files\": %zu,\n  \"files_with_errors\": %zu,\n  \"seconds\": %.3f,\n", s->files, s->failed,
		s->seconds);
	fputs("  \"counts\": {", out);
	for (int i = 0; i < as_nrule_docs; i++)
		fprintf(out, "%s \"%s\": %zu", i ? "," : "", as_rule_docs[i].id, as_findings_count(f, as_rule_docs[i].id));
	fputs(" },\n  \"conflicts\": [", out);
	for (size_t i = 0; i < s->conflicts.n; i++) {
		fputs(i ? ", " : " ", out);
		as_json_string(out, s->conflicts.v[i]);
	}
	fputs(s->conflicts.n ? " ],\n  \"notices\": [" : "],\n  \"notices\": [", out);
	for (size_t i = 0; i < s->notices.n; i++) {
		fputs(i ? ",\n    " : "\n    ", out);
		as_json_string(out, s->notices.v[i]);
	}
	fputs(s->notices.n ? "\n  ],\n  \"findings\": [" : "],\n  \"findings\": [", out);
	for (size_t i = 0; i < f->n; i++) {
		const struct as_finding *x = &f->v[i];
		fputs(i ? ",\n    {\n" : "\n    {\n", out);
		field_s(out, "rule", x->rule, 1);
		field_s(out, "severity", x->severity == AS_SEV_INFO ? "info" : "warning", 1);
		field_s(out, "file", x->file, 1);
		fprintf(out, "      \"line\": %u,\n      \"column\": %u,\n", x->line, x->col);
		field_s(out, "function", x->function, 1);
		field_s(out, "message", x->message, 1);
		site(out, "allocation", x->alloc_expr, x->alloc_line);
		site(out, x->rule[0] == 'r' ? "realloc" : "copy", x->copy_expr, x->copy_line);
		field_s(out, "buffer", x->buffer, 1);
		field_s(out, "source", x->source, 1);
		field_s(out, "size", x->size, 1);
		field_s(out, "family", x->family, 1);
		fprintf(out, "      \"in_loop\": %s,\n", x->in_loop ? "true" : "false");
		if (x->in_loop)
			fprintf(out, "      \"loop_line\": %u,\n", x->loop_line);
		else
			fputs("      \"loop_line\": null,\n", out);
		fprintf(out, "      \"value\": %d,\n", x->value);
		field_s(out, "value_reasons", x->value_reasons, 1);
		field_s(out, "fix", x->fix, 1);
		field_s(out, "fix_text", x->fix_text, 1);
		fputs("      \"edits\": [", out);
		for (int k = 0; k < x->nfixits; k++) {
			fprintf(out, "%s{ \"begin\": %u, \"end\": %u, \"text\": ", k ? ", " : " ", x->fixits[k].begin,
				x->fixits[k].end);
			as_json_string(out, x->fixits[k].text);
			fputs(" }", out);
		}
		fputs(x->nfixits ? " ],\n" : "],\n", out);
		path(out, x->trace);
		field_s(out, "reason", x->reason, 0);
		fputs("    }", out);
	}
	fputs(f->n ? "\n  ]\n}\n" : "]\n}\n", out);
}
