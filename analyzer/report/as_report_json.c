/* as_report_json.c - --format json: one object with the counts and every
 * finding with all of DESIGN.md's fields. */
#include "as_report.h"
#include "as_suppress.h"

#include <stdlib.h>
#include <string.h>

static void key(FILE *out, const char *k, const char **sep)
{
	fprintf(out, "%s      \"%s\": ", *sep, k);
	*sep = ",\n";
}

static void site(FILE *out, const struct as_site *s)
{
	if (!s->expr) {
		fputs("null", out);
		return;
	}
	fputs("{ \"expression\": ", out);
	as_json_string(out, s->expr);
	fprintf(out, ", \"line\": %u }", s->line);
}

static void edits(FILE *out, const struct as_fixit *v, int n)
{
	fputc('[', out);
	for (int k = 0; k < n; k++) {
		fprintf(out, "%s{ \"begin\": %u, \"end\": %u, \"text\": ", k ? ", " : " ", v[k].begin, v[k].end);
		as_json_string(out, v[k].text);
		fputs(" }", out);
	}
	fputs(n ? " ]" : "]", out);
}

/* A cross-function finding's helpers, and the fix site; [] and null
 * within one function. */
static void path(FILE *out, const char *k, const char *trace, const char **sep)
{
	struct as_step st[AS_MAX_STEPS];
	int n, fix;
	char *keep = as_trace_steps(trace, st, &n);

	key(out, k, sep);
	fputc('[', out);
	for (int i = 0; i < n; i++) {
		fputs(i ? ", { \"role\": " : " { \"role\": ", out);
		as_json_string(out, st[i].role);
		fputs(", \"function\": ", out);
		as_json_string(out, st[i].function);
		fputs(", \"file\": ", out);
		as_json_string(out, st[i].file);
		fprintf(out, ", \"line\": %u, \"summary\": ", st[i].line);
		as_json_string(out, st[i].what);
		fputs(" }", out);
	}
	fputs(n ? " ]" : "]", out);
	key(out, "fix_site", sep);
	if ((fix = as_trace_fix_site(st, n)) >= 0) {
		fputs("{ \"function\": ", out);
		as_json_string(out, st[fix].function);
		fputs(", \"file\": ", out);
		as_json_string(out, st[fix].file);
		fprintf(out, ", \"line\": %u }", st[fix].line);
	} else {
		fputs("null", out);
	}
	free(keep);
}

/* One member per field of AS_FINDING_FIELDS, by its JSON kind. */
#define JSON_NONE(k, name)
#define JSON_MEASURED(k, name)                 \
	if (x->name) {                         \
		key(out, k, &sep);             \
		as_measure_json(out, x->name); \
	}
#define JSON_STR(k, name) (key(out, k, &sep), as_json_string(out, x->name));
#define JSON_OPTSTR(k, name)                  \
	if (x->name) {                        \
		key(out, k, &sep);            \
		as_json_string(out, x->name); \
	}
#define JSON_SEV(k, name) (key(out, k, &sep), as_json_string(out, x->name == AS_SEV_INFO ? "info" : "warning"));
#define JSON_UINT(k, name) (key(out, k, &sep), fprintf(out, "%u", x->name));
#define JSON_INT(k, name) (key(out, k, &sep), fprintf(out, "%d", x->name));
#define JSON_BOOL(k, name) (key(out, k, &sep), fputs(x->name ? "true" : "false", out));
#define JSON_SITE(k, name) (key(out, k, &sep), site(out, &x->name));
#define JSON_COPY(k, name) (key(out, !strcmp(x->rule, "realloc-churn") ? "realloc" : k, &sep), site(out, &x->name));
#define JSON_LOOP_LINE(k, name) \
	(key(out, k, &sep), x->in_loop ? fprintf(out, "%u", x->name) : fputs("null", out));
#define JSON_EDITS(k, name) (key(out, k, &sep), edits(out, x->name, x->n##name));
#define JSON_PATH(k, name) path(out, k, x->name, &sep);
#define JSON_FIELD(type, name, json, jkey, sarif, skey) JSON_##json(jkey, name)

static void finding(FILE *out, const struct as_finding *x)
{
	const char *sep = "";

	AS_FINDING_FIELDS(JSON_FIELD)
	fputc('\n', out);
}

void as_report_json(FILE *out, const struct as_findings *f, const struct as_scan_stats *s)
{
	fputs("{\n  \"tool\": \"allocscan\",\n", out);
	fprintf(out, "  \"files\": %zu,\n  \"files_with_errors\": %zu,\n  \"seconds\": %.3f,\n", s->files, s->failed,
		s->seconds);
	fputs("  \"counts\": {", out);
	for (int i = 0; i < as_ndetectors; i++)
		fprintf(out, "%s \"%s\": %zu", i ? "," : "", as_detectors[i].rule,
			as_findings_count(f, as_detectors[i].rule));
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
		fputs(i ? ",\n    {\n" : "\n    {\n", out);
		finding(out, &f->v[i]);
		fputs("    }", out);
	}
	fputs(f->n ? "\n  ],\n" : "],\n", out);
	as_suppressions_json(out, s->suppressed);
	fputs("\n}\n", out);
}
