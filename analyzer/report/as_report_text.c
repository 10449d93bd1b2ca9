/* as_report_text.c - the compiler-style report: a "file: In function" line,
 * "file:line:col: warning: message [rule]", the source line with a caret,
 * then notes for the copy and the fix. Colour only when asked. */
#include "as_report.h"
#include "as_file.h"
#include "as_suppress.h"

#include <stdlib.h>
#include <string.h>

#define C(o, code) ((o)->color ? (code) : "")
#define BOLD "\033[1m"
#define MAGENTA "\033[1;35m"
#define CYAN "\033[1;36m"
#define GREEN "\033[1;32m"
#define RESET "\033[0m"

/* The sources the report quotes, each read and indexed by line once: a
 * file with many findings is not reread from its start for each. */
struct source {
	const char *path; /* the finding's, not owned */
	char *buf;        /* NULL: unreadable */
	size_t len;
	size_t *lines; /* offsets where lines start */
	size_t nlines;
};

struct sources {
	struct source *v;
	size_t n;
};

static struct source *source_of(struct sources *c, const char *path)
{
	struct source *s, *nv;

	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].path, path))
			return &c->v[i];
	if (!(nv = realloc(c->v, (c->n + 1) * sizeof *nv)))
		return NULL;
	c->v = nv;
	s = &c->v[c->n++];
	memset(s, 0, sizeof *s);
	s->path = path;
	if (!(s->buf = as_file_read(path, &s->len, NULL)))
		return s;
	if (!(s->lines = as_line_starts(s->buf, s->len, &s->nlines))) {
		free(s->buf);
		s->buf = NULL;
	}
	return s;
}

static void sources_free(struct sources *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].buf);
		free(c->v[i].lines);
	}
	free(c->v);
}

/* Line `line` of path into buf; 0 if unreadable. */
static int source_line(struct sources *c, const char *path, unsigned line, char *buf, size_t n)
{
	struct source *s = source_of(c, path);
	size_t k = 0;

	if (!s || !s->buf || line < 1 || line > s->nlines)
		return 0;
	for (size_t i = s->lines[line - 1]; i < s->len && s->buf[i] != '\n' && k + 1 < n; i++)
		buf[k++] = s->buf[i];
	buf[k] = '\0';
	return 1;
}

static void caret(FILE *out, struct sources *c, const struct as_finding *x, const struct as_report_opts *o)
{
	char text[4096];
	size_t len, width;

	if (!source_line(c, x->file, x->line, text, sizeof text))
		return;
	fprintf(out, "%5u | %s\n      | ", x->line, text);
	for (unsigned i = 1; i < x->col && i - 1 < sizeof text && text[i - 1]; i++)
		fputc(text[i - 1] == '\t' ? '\t' : ' ', out);
	len = strlen(text);
	/* Underline the reported expression as far as it stays on this line. */
	width = x->end > x->begin ? x->end - x->begin : 1;
	if (x->col - 1 + width > len)
		width = len >= x->col ? len - (x->col - 1) : 1;
	fputs(C(o, GREEN), out);
	fputc('^', out);
	for (size_t i = 1; i < width; i++)
		fputc('~', out);
	fprintf(out, "%s\n", C(o, RESET));
}

/* "1.2 MiB" */
static const char *bytes(unsigned long long n, char *buf, size_t len)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	double v = (double)n;
	int u = 0;

	while (v >= 1024 && u < 4)
		v /= 1024, u++;
	if (u)
		snprintf(buf, len, "%.1f %s", v, unit[u]);
	else
		snprintf(buf, len, "%llu B", n);
	return buf;
}

/* The line --profile adds: what the probes counted, cost first. */
static void measured(FILE *out, const struct as_finding *x, const struct as_report_opts *o)
{
	const struct as_measure *m = x->measured;
	char b1[32], b2[32];

	fprintf(out, "%s%s:%u:%u:%s %snote:%s measured: ", C(o, BOLD), x->file, x->line, x->col, C(o, RESET),
		C(o, CYAN), C(o, RESET));
	if (!m->reached) {
		fputs("never reached in the profiled runs\n", out);
		return;
	}
	fprintf(out, "cost %llu", as_measure_cost(m));
	if (m->copies)
		fprintf(out, "; %s copied in %llu calls", bytes(m->bytes_copied, b1, sizeof b1), m->copies);
	if (m->allocs)
		fprintf(out, "; %s allocated in %llu calls", bytes(m->bytes_alloc, b1, sizeof b1), m->allocs);
	/* A call of a regrowing helper has its bytes at the helper's own site. */
	if (m->reallocs && !m->bytes_realloc && !m->moves)
		fprintf(out, "; %llu calls", m->reallocs);
	else if (m->reallocs)
		fprintf(out, "; %llu reallocations to %s in all, %llu moved %s", m->reallocs,
			bytes(m->bytes_realloc, b1, sizeof b1), m->moves, bytes(m->bytes_moved, b2, sizeof b2));
	if (m->dups)
		fprintf(out, "; %llu duplications, %s", m->dups, bytes(m->bytes_dup, b1, sizeof b1));
	if (m->largest)
		fprintf(out, "; largest %s", bytes(m->largest, b1, sizeof b1));
	fputc('\n', out);
}

/* Measured cost first when profiled (sites never reached last), then the
 * static value. */
static int by_value(const void *a, const void *b)
{
	const struct as_finding *x = *(const struct as_finding *const *)a, *y = *(const struct as_finding *const *)b;

	if (x->measured && y->measured) {
		unsigned long long cx = as_measure_cost(x->measured), cy = as_measure_cost(y->measured);
		if (x->measured->reached != y->measured->reached)
			return x->measured->reached ? -1 : 1;
		if (cx != cy)
			return cx > cy ? -1 : 1;
	}
	if (x->value != y->value)
		return x->value > y->value ? -1 : 1;
	/* Equal values keep the file order the scan sorted them in. */
	return x < y ? -1 : x > y;
}

void as_report_text(FILE *out, const struct as_findings *f, const struct as_scan_stats *s,
		    const struct as_report_opts *o)
{
	const char *file = NULL, *fn = NULL;
	const struct as_finding **order = calloc(f->n + 1, sizeof *order);
	struct sources cache = { 0 };

	if (!order)
		return;
	for (size_t i = 0; i < f->n; i++)
		order[i] = &f->v[i];
	qsort(order, f->n, sizeof *order, by_value);
	for (size_t i = 0; i < f->n; i++) {
		const struct as_finding *x = order[i];
		int info = x->severity == AS_SEV_INFO;

		if (!file || strcmp(file, x->file) || !fn || strcmp(fn, x->function))
			fprintf(out, "%s%s:%s In function '%s':\n", C(o, BOLD), x->file, C(o, RESET), x->function);
		file = x->file;
		fn = x->function;
		fprintf(out, "%s%s:%u:%u:%s %s%s:%s %s%s [%s]%s\n", C(o, BOLD), x->file, x->line, x->col, C(o, RESET),
			info ? C(o, CYAN) : C(o, MAGENTA), info ? "info" : "warning", C(o, RESET), C(o, BOLD),
			x->message, x->rule, C(o, RESET));
		caret(out, &cache, x, o);
		if (x->copy.expr && x->alloc.expr)
			fprintf(out, "%s%s:%u:%s %snote:%s copied here: %s\n", C(o, BOLD), x->file, x->copy.line,
				C(o, RESET), C(o, CYAN), C(o, RESET), x->copy.expr);
		if (x->trace) {
			struct as_step st[AS_MAX_STEPS];
			int n, fix;
			char *keep = as_trace_steps(x->trace, st, &n);
			for (int k = 0; k < n; k++)
				fprintf(out, "%s%s:%u:%s %snote:%s through %s(), which %s\n", C(o, BOLD), st[k].file,
					st[k].line, C(o, RESET), C(o, CYAN), C(o, RESET), st[k].function, st[k].what);
			if ((fix = as_trace_fix_site(st, n)) >= 0)
				fprintf(out, "%s%s:%u:%s %snote:%s fix site: inside %s()\n", C(o, BOLD), st[fix].file,
					st[fix].line, C(o, RESET), C(o, CYAN), C(o, RESET), st[fix].function);
			free(keep);
		}
		if (x->in_loop && x->loop_line)
			fprintf(out, "%s%s:%u:%s %snote:%s inside the loop that starts here\n", C(o, BOLD), x->file,
				x->loop_line, C(o, RESET), C(o, CYAN), C(o, RESET));
		if (x->callers)
			fprintf(out, "%s%s:%u:%u:%s %snote:%s %s\n", C(o, BOLD), x->file, x->line, x->col, C(o, RESET),
				C(o, CYAN), C(o, RESET), x->callers);
		if (x->fix_text)
			fprintf(out, "%s%s:%u:%u:%s %snote:%s fix %s: %s%s%s\n", C(o, BOLD), x->file, x->line, x->col,
				C(o, RESET), C(o, CYAN), C(o, RESET), x->fix, x->fix_text, x->reason ? "; " : "",
				x->reason ? x->reason : "");
		else
			fprintf(out, "%s%s:%u:%u:%s %snote:%s manual: %s\n", C(o, BOLD), x->file, x->line, x->col,
				C(o, RESET), C(o, CYAN), C(o, RESET), x->reason ? x->reason : "no fix class applies");
		fprintf(out, "%s%s:%u:%u:%s %snote:%s value %d: %s\n", C(o, BOLD), x->file, x->line, x->col, C(o, RESET),
			C(o, CYAN), C(o, RESET), x->value, x->value_reasons ? x->value_reasons : "");
		if (x->measured)
			measured(out, x, o);
	}
	sources_free(&cache);
	free(order);
	if (o->verbose)
		as_suppressions_text(out, s->suppressed);
	as_report_summary(out, f, s);
}
