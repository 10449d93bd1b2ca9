/* as_report_sarif.c - --format sarif: SARIF 2.1.0, one run, the rules with
 * their descriptions, help and a link into docs/rules.md, each finding with
 * its location, the copy or loop as related locations, the enclosing
 * function as a logical location, the fix class in the properties and the
 * edits --rewrite would make as its fix; the invocation with its exit
 * status. */
#include "as_baseline.h"
#include "as_report.h"
#include "as_suppress.h"

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

/* A property of the result: its name is the field's JSON key in camelCase
 * (fix_text: fixText). */
static void prop_key(FILE *out, const char *jkey, int pos)
{
	fputs(pos ? ", \"" : "\"", out);
	for (const char *p = jkey; *p; p++) {
		if (*p == '_' && p[1])
			fputc(toupper((unsigned char)*++p), out);
		else
			fputc(*p, out);
	}
	fputs("\": ", out);
}

#define SARIF_PROP_STR(name) as_json_string(out, x->name)
#define SARIF_PROP_FLAG(name) fputs(x->name ? "true" : "false", out)
#define SARIF_PROP_UINT(name) fprintf(out, "%u", x->name)
#define SARIF_PROP_INT(name) fprintf(out, "%d", x->name)
/* The result's own members are written by hand below. */
#define SARIF_RULE(type, name, jkey, pos)
#define SARIF_LEVEL(type, name, jkey, pos)
#define SARIF_RANK(type, name, jkey, pos)
#define SARIF_MESSAGE(type, name, jkey, pos)
#define SARIF_LOCATION(type, name, jkey, pos)
#define SARIF_RELATED(type, name, jkey, pos)
#define SARIF_NONE(type, name, jkey, pos)
/* Only with --profile. */
#define SARIF_MEASURED(type, name, jkey, pos)  \
	if (k == (pos) && x->name) {           \
		prop_key(out, jkey, pos);      \
		as_measure_json(out, x->name); \
	}
/* Where the fix of a cross-function finding belongs; its steps are
 * related locations and a code flow, written by hand below. */
#define SARIF_FIX_SITE(type, name, jkey, pos) \
	if (k == (pos))                       \
		fix_site(out, x->name, pos);
/* A property only some findings have (a grower's callers). */
#define SARIF_OPTPROP(type, name, jkey, pos) \
	if (k == (pos) && x->name) {         \
		prop_key(out, jkey, pos);    \
		SARIF_PROP_##type(name);     \
	}
#define SARIF_PROP(type, name, jkey, pos) \
	if (k == (pos)) {                 \
		prop_key(out, jkey, pos); \
		SARIF_PROP_##type(name);  \
	}
#define SARIF_FIELD(type, name, json, jkey, sarif, pos) SARIF_##sarif(type, name, jkey, pos)

/* The fixSite property of a trace: "FUNCTION (FILE:LINE)"; none without. */
static void fix_site(FILE *out, const char *trace, int pos)
{
	struct as_step st[AS_MAX_STEPS];
	int n, fix;
	char *keep = as_trace_steps(trace, st, &n);

	if ((fix = as_trace_fix_site(st, n)) >= 0) {
		char site[1024];
		snprintf(site, sizeof site, "%s (%s:%u)", st[fix].function, st[fix].file, st[fix].line);
		prop_key(out, "fix_site", pos);
		as_json_string(out, site);
	}
	free(keep);
}

/* The properties, in their positions. */
static void properties(FILE *out, const struct as_finding *x)
{
	fputs("{ ", out);
	for (int k = 0; k < AS_FINDING_SARIF_PROPS; k++) {
		AS_FINDING_FIELDS(SARIF_FIELD)
	}
	fputs(" }", out);
}

/* The rule's help: what it matches, why it matters, how it is fixed, and
 * where docs/rules.md says more; as text and as Markdown. */
static void rule_help(FILE *out, const struct as_detector *d, const char *docs_url)
{
	char buf[2048], usage[512];
	const char *fixes = *d->fixes ? d->fixes : "none (reported for review)";

	/* The usage is wrapped for --help. */
	snprintf(usage, sizeof usage, "%s", d->usage);
	for (char *p = usage; (p = strchr(p, '\n'));)
		*p = ' ';
	snprintf(buf, sizeof buf, "%s. %s\nMatches: %s.\nFix classes: %s.", d->summary, d->help, usage, fixes);
	fputs("\"help\": { \"text\": ", out);
	as_json_string(out, buf);
	snprintf(buf, sizeof buf, "**%s.** %s\n\nMatches: %s.\n\nFix classes: %s%s.\n\nSee [%s](%s#%s).", d->summary,
		 d->help, usage, fixes, *d->fixes ? " (`allocscan --rewrite` applies them)" : "", d->rule, docs_url,
		 d->rule);
	fputs(", \"markdown\": ", out);
	as_json_string(out, buf);
	fputs(" }", out);
}

/* A deleted region of an edit as a binary region: its bytes, exact in any
 * encoding. */
static void replacement(FILE *out, const struct as_fixit *e, int pos)
{
	fprintf(out, "%s{ \"deletedRegion\": { \"byteOffset\": %u, \"byteLength\": %u }, \"insertedContent\": { \"text\": ",
		pos ? ", " : "", e->begin, e->end - e->begin);
	as_json_string(out, e->text ? e->text : "");
	fputs(" } }", out);
}

/* The edits --rewrite makes for x, the include of asrt.h first when its
 * file lacks one: each fix stands alone. */
static void fixes(FILE *out, const struct as_finding *x, const struct as_ready_fix *r)
{
	char what[256];

	snprintf(what, sizeof what, "%s%s", x->fix_text ? "Use " : "Apply the fix class ", x->fix_text ? x->fix_text : x->fix);
	fputs("          \"fixes\": [ { \"description\": { \"text\": ", out);
	as_json_string(out, what);
	fputs(" }, \"artifactChanges\": [ { \"artifactLocation\": { \"uri\": ", out);
	uri(out, x->file);
	if (x->file[0] != '/')
		fputs(", \"uriBaseId\": \"%SRCROOT%\"", out);
	fputs(" }, \"replacements\": [ ", out);
	if (r->include.text)
		replacement(out, &r->include, 0);
	for (int k = 0; k < x->nfixits; k++)
		replacement(out, &x->fixits[k], k || r->include.text);
	fputs(" ] } ] } ],\n", out);
}

static int rule_index(const char *id)
{
	const struct as_detector *d = as_detector_find(id);

	return d ? (int)(d - as_detectors) : 0;
}

static const char *level(enum as_severity s)
{
	return s == AS_SEV_INFO ? "note" : "warning";
}

/* end_line 0: the region is its start only. */
static void location(FILE *out, const char *file, unsigned line, unsigned col, unsigned end_line, unsigned end_col,
		     const char *msg, int id, const char *function)
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
	if (end_line)
		fprintf(out, ", \"endLine\": %u, \"endColumn\": %u", end_line, end_col);
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

void as_report_sarif(FILE *out, const struct as_findings *f, const struct as_scan_stats *s,
		     const struct as_sarif_run *run)
{
	size_t nsup = s->suppressed ? s->suppressed->n : 0;
	char uri[4096];

	fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n", out);
	fputs("  \"runs\": [\n    {\n      \"tool\": { \"driver\": {\n        \"name\": \"allocscan\",\n", out);
	fprintf(out, "        \"version\": \"%s\",\n        \"semanticVersion\": \"%s\",\n", run->version, run->version);
	fputs("        \"informationUri\": ", out);
	as_json_string(out, run->docs_url);
	fputs(",\n        \"rules\": [", out);
	for (int i = 0; i < as_ndetectors; i++) {
		fprintf(out, "%s\n          { \"id\": \"%s\", \"shortDescription\": { \"text\": ", i ? "," : "",
			as_detectors[i].rule);
		as_json_string(out, as_detectors[i].summary);
		fputs(" }, \"fullDescription\": { \"text\": ", out);
		as_json_string(out, as_detectors[i].help);
		snprintf(uri, sizeof uri, "%s#%s", run->docs_url, as_detectors[i].rule);
		fputs(" }, \"helpUri\": ", out);
		as_json_string(out, uri);
		fputs(", ", out);
		rule_help(out, &as_detectors[i], run->docs_url);
		fprintf(out, ", \"defaultConfiguration\": { \"level\": \"%s\" } }", level(as_detectors[i].severity));
	}
	fputs("\n        ]\n      } },\n", out);
	fprintf(out, "      \"invocations\": [ { \"executionSuccessful\": %s, \"exitCode\": %d",
		s->failed || s->skipped ? "false" : "true", run->exit_code);
	/* What the analysis could not model: named, never dropped. */
	if (s->notices.n) {
		fputs(", \"toolExecutionNotifications\": [", out);
		for (size_t i = 0; i < s->notices.n; i++) {
			fputs(i ? ",\n          { \"level\": \"note\", \"message\": { \"text\": "
				: "\n          { \"level\": \"note\", \"message\": { \"text\": ",
			      out);
			as_json_string(out, s->notices.v[i]);
			fputs(" } }", out);
		}
		fputs(" ]", out);
	}
	fputs(" } ],\n", out);
	fputs("      \"originalUriBaseIds\": { \"%SRCROOT%\": { \"description\": { \"text\": "
	      "\"The directory allocscan ran in\" } } },\n",
	      out);
	fputs("      \"results\": [", out);
	/* The suppressed findings follow, each with its "suppressions". */
	for (size_t i = 0; i < f->n + nsup; i++) {
		const struct as_suppressed *sup = i < f->n ? NULL : &s->suppressed->v[i - f->n];
		const struct as_finding *x = sup ? &sup->f : &f->v[i];
		struct as_step st[AS_MAX_STEPS];
		int rel = 0, n;
		char fp[17];
		char *keep;
		fprintf(out, "%s\n        {\n          \"ruleId\": \"%s\",\n          \"ruleIndex\": %d,\n", i ? "," : "",
			x->rule, rule_index(x->rule));
		fprintf(out, "          \"level\": \"%s\",\n          \"rank\": %d.0,\n          \"message\": { \"text\": ",
			level(x->severity), x->value);
		as_json_string(out, x->message);
		as_fingerprint(x, fp);
		fprintf(out, " },\n          \"partialFingerprints\": { \"%s\": \"%s\" },", AS_FINGERPRINT_KEY, fp);
		fputs("\n          \"locations\": [ ", out);
		location(out, x->file, x->line, x->col, x->end_line, x->end_col, NULL, -1, x->function);
		keep = as_trace_steps(x->trace, st, &n);
		fputs(" ],\n          \"relatedLocations\": [", out);
		if (x->alloc.expr && x->copy.expr) {
			fputs(" ", out);
			location(out, x->file, x->copy.line, 0, 0, 0, x->copy.expr, rel++, NULL);
		}
		if (x->in_loop && x->loop_line) {
			fputs(rel ? ", " : " ", out);
			location(out, x->file, x->loop_line, 0, 0, 0, "the loop", rel++, NULL);
		}
		for (int k = 0; k < n; k++) {
			char msg[1024];
			snprintf(msg, sizeof msg, "through %s(), which %s", st[k].function, st[k].what);
			fputs(rel ? ", " : " ", out);
			location(out, st[k].file, st[k].line, 0, 0, 0, msg, rel++, st[k].function);
		}
		fputs(" ],\n", out);
		if (n) {
			/* The call path: the site, then each helper down to the fix site. */
			fputs("          \"codeFlows\": [ { \"threadFlows\": [ { \"locations\": [ { \"location\": ", out);
			location(out, x->file, x->line, x->col, x->end_line, x->end_col, x->message, -1, x->function);
			for (int k = 0; k < n; k++) {
				char msg[1024];
				snprintf(msg, sizeof msg, "%s(), which %s", st[k].function, st[k].what);
				fputs(" }, { \"location\": ", out);
				location(out, st[k].file, st[k].line, 0, 0, 0, msg, -1, st[k].function);
			}
			fputs(" } ] } ] } ],\n", out);
		}
		free(keep);
		if (!sup && run->fixes && run->fixes[i].ready)
			fixes(out, x, &run->fixes[i]);
		fputs("          \"properties\": ", out);
		properties(out, x);
		if (sup) {
			fputs(",\n          \"suppressions\": [ { \"kind\": \"inSource\", \"justification\": ", out);
			as_json_string(out, sup->reason);
			fputs(" } ]", out);
		}
		fputs("\n        }", out);
	}
	fputs(f->n + nsup ? "\n      ]\n    }\n  ]\n}\n" : "]\n    }\n  ]\n}\n", out);
}
