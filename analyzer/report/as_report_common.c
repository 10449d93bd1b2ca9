/* as_report_common.c - what the report formats share: JSON string
 * escaping, the summary line. */
#include "as_report.h"
#include "as_suppress.h"

#include <stdlib.h>
#include <string.h>

/* Length of the well-formed UTF-8 sequence at p (1 to 4), 0 if p starts
 * none: no overlong forms, surrogates or code points above U+10FFFF. */
static int utf8_len(const unsigned char *p)
{
	int n = p[0] < 0x80 ? 1 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2
			  : p[0] >= 0xe0 && p[0] <= 0xef       ? 3
			  : p[0] >= 0xf0 && p[0] <= 0xf4       ? 4
							       : 0;

	for (int i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] > 0x9f) || (p[0] == 0xf0 && p[1] < 0x90) ||
	    (p[0] == 0xf4 && p[1] > 0x8f))
		return 0;
	return n;
}

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
			if (*p < 0x20) {
				fprintf(out, "\\u%04x", *p);
			} else {
				/* Source text in another encoding (Latin-1 comments):
				 * each byte that is not UTF-8 becomes U+FFFD, so the
				 * report stays valid JSON. */
				int n = utf8_len(p);
				if (!n)
					fputs("\\ufffd", out);
				else
					fwrite(p, 1, (size_t)n, out);
				p += n ? n - 1 : 0;
			}
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
	if (s->skipped)
		fprintf(out, " (%zu input%s skipped)", s->skipped, s->skipped == 1 ? "" : "s");
	if (s->not_c)
		fprintf(out, " (%zu unit%s not in C left out)", s->not_c, s->not_c == 1 ? "" : "s");
	for (int i = 0; i < as_ndetectors; i++)
		fprintf(out, ", %zu %s", as_findings_count(f, as_detectors[i].rule), as_detectors[i].rule);
	if (s->suppressed && s->suppressed->n)
		fprintf(out, ", %zu suppressed", s->suppressed->n);
	if (s->baselined)
		fprintf(out, ", %zu in the baseline", s->baselined);
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

void as_scan_stats_free(struct as_scan_stats *s)
{
	as_names_free(&s->conflicts);
	as_names_free(&s->notices);
}

void as_measure_json(FILE *out, const struct as_measure *m)
{
	fprintf(out, "{ \"reached\": %s, \"cost\": %llu", m->reached ? "true" : "false", as_measure_cost(m));
#define AS_MEASURE_JSON(name) fprintf(out, ", \"" #name "\": %llu", m->name);
	AS_MEASURE_COUNTERS(AS_MEASURE_JSON)
	fprintf(out, ", \"largest\": %llu }", m->largest);
}

unsigned long long as_measure_cost(const struct as_measure *m)
{
	return m->bytes_copied + m->bytes_moved + m->bytes_dup + m->allocs + m->copies + m->reallocs + m->dups;
}
