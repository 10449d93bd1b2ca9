/* as_report_common.c - what the report formats share: rule texts, JSON
 * string escaping, the summary line. */
#include "as_report.h"

#include <stdlib.h>
#include <string.h>

const struct as_rule_doc as_rule_docs[] = {
	{ "alloc-copy", "warning", "A buffer is allocated and then filled by a copy of the same size",
	  "The allocation and the copy can be one call (memdup), or the copy can share the source "
	  "copy-on-write when the source never changes while the copy lives." },
	{ "realloc-churn", "warning", "A buffer is regrown by an additive step on every pass of a loop",
	  "Each step may copy the whole buffer, so the total is quadratic and the heap fragments; "
	  "geometric growth (asrt_grow) makes it amortised O(1)." },
	{ "dup-call", "note", "An explicit duplication call inside a loop",
	  "Each pass of the loop makes a fresh copy; check whether the copies need to be private." },
};

const int as_nrule_docs = sizeof as_rule_docs / sizeof *as_rule_docs;

char *as_trace_steps(const char *trace, struct as_step *steps, int *n)
{
	char *copy = trace ? strdup(trace) : NULL, *line, *next;

	*n = 0;
	for (line = copy; line && *line && *n < AS_MAX_STEPS; line = next) {
		char *f[5];
		int k = 0;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		for (char *p = line; k < 5; k++) {
			f[k] = p;
			if (k < 4 && !(p = strchr(p, '\t')))
				break;
			if (k < 4)
				*p++ = '\0';
		}
		if (k < 5)
			break;
		steps[*n] = (struct as_step){ f[0], f[1], f[2], f[4], (unsigned)strtoul(f[3], NULL, 10) };
		++*n;
		if (!next)
			break;
	}
	return copy;
}

int as_trace_fix_site(const struct as_step *steps, int n)
{
	int i = 0;

	if (n < 1)
		return -1;
	while (i + 1 < n && !strcmp(steps[i + 1].role, steps[0].role))
		i++;
	return i;
}

void as_json_string(FILE *out, const char *s)
{
	if (!s) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		default:
			if (*p < 0x20)
				fprintf(out, "\\u%04x", *p);
			else
				fputc(*p, out);
		}
	}
	fputc('"', out);
}

void as_report_summary(FILE *out, const struct as_findings *f, const struct as_scan_stats *s)
{
	fprintf(out, "allocscan: %zu file%s", s->files, s->files == 1 ? "" : "s");
	if (s->lost)
		fprintf(out, " (%zu with errors, of which %zu crashed or timed out)", s->failed, s->lost);
	else if (s->failed)
		fprintf(out, " (%zu with errors)", s->failed);
	for (int i = 0; i < as_nrule_docs; i++)
		fprintf(out, ", %zu %s", as_findings_count(f, as_rule_docs[i].id), as_rule_docs[i].id);
	fprintf(out, " in %.2f s", s->seconds);
	if (s->reparsed)
		fprintf(out, " (%zu unit%s parsed again for helpers of other units: %.2f s)", s->reparsed,
			s->reparsed == 1 ? "" : "s", s->program_seconds);
	fputc('\n', out);
	if (!s->conflicts.n)
		return;
	fprintf(out, "allocscan: note: %zu function%s defined differently in two units of one program, left out of "
		     "the whole-program summaries (sites through %s are not seen):",
		s->conflicts.n, s->conflicts.n == 1 ? "" : "s", s->conflicts.n == 1 ? "it" : "them");
	for (size_t i = 0; i < s->conflicts.n; i++)
		fprintf(out, " %s", s->conflicts.v[i]);
	fputc('\n', out);
}
