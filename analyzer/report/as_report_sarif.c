/* as_report_sarif.c - --format sarif: SARIF 2.1.0, one run, the rules with
 * their descriptions, each finding with its location, the copy or loop as
 * related locations, the enclosing function as a logical location, and the
 * fix class in the properties. */
#include "as_report.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A relative path as a URI reference: unreserved characters and '/' kept,
 * everything else percent-encoded. */
static void uri(FILE *out, const char *path)
{
	fputc('"', out);
	if (path[0] == '/')
		fputs("file://", out);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (isalnum(*p) || strchr("-._~/", *p))
			fputc(*p, out);
		else
			fprintf(out, "%%%02X", *p);
	}
	fputc('"', out);
}

static void prop(FILE *out, const char *name, const char *value, const char *sep)
{
	fprintf(out, "%s\"%s\": ", sep, name);
	as_json_string(out, value);
}

static int rule_index(const char *id)
{
	for (int i = 0; i < as_nrule_docs; i++)
		if (!strcmp(as_rule_docs[i].id, id))
			return i;
	return 0;
}

static void location(FILE *out, const char *file, unsigned line, unsigned col, const char *msg, int id,
		     const char *function)
{
	fputs("{ ", out);
	if (id >= 0)
		fprintf(out, "\"id\": %d, ", id);
	fputs("\"physicalLocation\": { \"artifactLocation\": { \"uri\": ", out);
	uri(out, file);
	if (file[0] != '/')
		fputs(", \"uriBaseId\": \"%SRCROOT%\"", out);
	fprintf(out, " }, \"region\": { \"startLine\": %u", line);
	if (col)
		fprintf(out, ", \"startColumn\": %u", col);
	fputs(" } }", out);
	if (function) {
		fputs(", \"logicalLocations\": [ { \"name\": ", out);
		as_json_string(out, function);
		fputs(", \"kind\": \"function\" } ]", out);
	}
	if (msg) {
		fputs(", \"message\": { \"text\": ", out);
		as_json_string(out, msg);
		fputs(" }", out);
	}
	fputs(" }", out);
}

void as_report_sarif(FILE *out, const struct as_findings *f, const struct as_scan_stats *s)
{
	fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n", out);
	fputs("  \"runs\": [\n    {\n      \"tool\": { \"driver\": {\n        \"name\": \"allocscan\",\n", out);
	fputs("        \"semanticVersion\": \"0.1.0\",\n        \"rules\": [", out);
	for (int i = 0; i < as_nrule_docs; i++) {
		fprintf(out, "%s\n          { \"id\": \"%s\", \"shortDescription\": { \"text\": ", i ? "," : "",
			as_rule_docs[i].id);
		as_json_string(out, as_rule_docs[i].summary);
		fputs(" }, \"fullDescription\": { \"text\": ", out);
		as_json_string(out, as_rule_docs[i].help);
		fprintf(out, " }, \"defaultConfiguration\": { \"level\": \"%s\" } }", as_rule_docs[i].level);
	}
	fputs("\n        ]\n      } },\n", out);
	fprintf(out, "      \"invocations\": [ { \"executionSuccessful\": %s", s->failed ? "false" : "true");
	/* What the analysis could not model: named, never dropped. */
	if (s->notices.n) {
		fputs(", \"toolExecutionNotifications\": [", out);
		for (size_t i = 0; i < s->notices.n; i++) {
			fputs(i ? ",\n          { \"level\": \"note\", \"message\": { \"text\": "
				: "\n          { \"level\": \"note\", \"message\": { \"text\": ", out);
			as_json_string(out, s->notices.v[i]);
			fputs(" } }", out);
		}
		fputs(" ]", out);
	}
	fputs(" } ],\n", out);
	fputs("      \"originalUriBaseIds\": { \"%SRCROOT%\": { \"description\": { \"text\": "
	      "\"The directory allocscan ran in\" } } },\n", out);
	fputs("      \"results\": [", out);
	for (size_t i = 0; i < f->n; i++) {
		const struct as_finding *x = &f->v[i];
		struct as_step st[AS_MAX_STEPS];
		int rel = 0, n, fix;
		char *keep;
		fprintf(out, "%s\n        {\n          \"ruleId\": \"%s\",\n          \"ruleIndex\": %d,\n", i ? "," : "",
			x->rule, rule_index(x->rule));
		fprintf(out, "          \"level\": \"%s\",\n          \"rank\": %d.0,\n          \"message\": { \"text\": ",
			x->severity == AS_SEV_INFO ? "note" : "warning", x->value);
		as_json_string(out, x->message);
		fputs(" },\n          \"locations\": [ ", out);
		location(out, x->file, x->line, x->col, NULL, -1, x->function);
		keep = as_trace_steps(x->trace, st, &n);
		fix = as_trace_fix_site(st, n);
		fputs(" ],\n          \"relatedLocations\": [", out);
		if (x->alloc_expr && x->copy_expr) {
			fputs(" ", out);
			location(out, x->file, x->copy_line, 0, x->copy_expr, rel++, NULL);
		}
		if (x->in_loop && x->loop_line) {
			fputs(rel ? ", " : " ", out);
			location(out, x->file, x->loop_line, 0, "the loop", rel++, NULL);
		}
		if (n) {
			char msg[1024];
			for (int k = 0; k < n; k++) {
				snprintf(msg, sizeof msg, "through %s(), which %s", st[k].function, st[k].what);
				fputs(rel ? ", " : " ", out);
				location(out, st[k].file, st[k].line, 0, msg, rel++, st[k].function);
			}
		}
		fputs(" ],\n", out);
		if (n) {
			/* The call path: the site, then each helper down to the fix site. */
			fputs("          \"codeFlows\": [ { \"threadFlows\": [ { \"locations\": [ { \"location\": ", out);
			location(out, x->file, x->line, x->col, x->message, -1, x->function);
			for (int k = 0; k < n; k++) {
				char msg[1024];
				snprintf(msg, sizeof msg, "%s(), which %s", st[k].function, st[k].what);
				fputs(" }, { \"location\": ", out);
				location(out, st[k].file, st[k].line, 0, msg, -1, st[k].function);
			}
			fputs(" } ] } ] } ],\n", out);
		}
		fputs("          \"properties\": { ", out);
		prop(out, "fix", x->fix, "");
		prop(out, "fixText", x->fix_text, ", ");
		prop(out, "reason", x->reason, ", ");
		prop(out, "valueReasons", x->value_reasons, ", ");
		prop(out, "buffer", x->buffer, ", ");
		prop(out, "source", x->source, ", ");
		prop(out, "size", x->size, ", ");
		prop(out, "family", x->family, ", ");
		if (fix >= 0) {
			char site[1024];
			snprintf(site, sizeof site, "%s (%s:%u)", st[fix].function, st[fix].file, st[fix].line);
			prop(out, "fixSite", site, ", ");
		}
		fprintf(out, ", \"inLoop\": %s }\n        }", x->in_loop ? "true" : "false");
		free(keep);
	}
	fputs(f->n ? "\n      ]\n    }\n  ]\n}\n" : "]\n    }\n  ]\n}\n", out);
}
