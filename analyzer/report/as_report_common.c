/* as_report_common.c - what the report formats share: JSON string
 * escaping, the summary line. */
#include "as_report.h"

#include <string.h>

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
	for (int i = 0; i < as_ndetectors; i++)
		fprintf(out, ", %zu %s", as_findings_count(f, as_detectors[i].rule), as_detectors[i].rule);
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
