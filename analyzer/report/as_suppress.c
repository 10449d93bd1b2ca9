/* as_suppress.c - "allocscan: ignore[...]" comments: read from the source
 * text (C comments, strings and character literals told apart), matched to
 * the findings by file, rule and line range. */
#include "as_suppress.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "as_detect.h"
#include "as_file.h"
#include "as_report.h"

/* One comment's suppression. */
struct rule_set {
	char ids[8][64];
	int n;
};

struct sup {
	unsigned line, first, last; /* the comment's line; the lines it covers */
	struct rule_set rules;
	char *reason; /* owned until handed to the list */
};

struct sups {
	struct sup *v;
	size_t n, cap;
};

/* At a string or character literal, or a comment, at b[i]: the offset past
 * it, newlines counted into *line; i itself when none starts there. */
static size_t skip_literal(const char *b, size_t n, size_t i, unsigned *line)
{
	if (b[i] == '"' || b[i] == '\'') {
		char q = b[i++];
		while (i < n && b[i] != q && b[i] != '\n')
			i += b[i] == '\\' && i + 1 < n ? 2 : 1;
		return i < n && b[i] == q ? i + 1 : i;
	}
	if (b[i] == '/' && i + 1 < n && b[i + 1] == '/') {
		while (i < n && b[i] != '\n')
			i++;
		return i;
	}
	if (b[i] == '/' && i + 1 < n && b[i + 1] == '*') {
		for (i += 2; i < n && !(b[i] == '*' && i + 1 < n && b[i + 1] == '/'); i++)
			*line += b[i] == '\n';
		return i < n ? i + 2 : n;
	}
	return i;
}

static void warn(FILE *log, struct as_suppressions *out, const char *file, unsigned line, const char *fmt,
		 const char *arg)
{
	fprintf(log, "allocscan: %s:%u: warning: ", file, line);
	fprintf(log, fmt, arg);
	fputc('\n', log);
	out->warnings++;
}

/* The last line of the function definition after off: the line of the '}'
 * closing the first brace at parenthesis depth 0; 0 when a ';' or '=' comes
 * first (a declaration, not a definition). */
static unsigned function_end(const char *b, size_t n, size_t off, unsigned line)
{
	int paren = 0, brace = 0;

	for (size_t i = off; i < n; i++) {
		size_t j = skip_literal(b, n, i, &line);
		if (j != i) {
			i = j - 1;
			continue;
		}
		line += b[i] == '\n';
		if (b[i] == '(')
			paren++;
		else if (b[i] == ')')
			paren--;
		else if (!brace && !paren && (b[i] == ';' || b[i] == '='))
			return 0;
		else if (b[i] == '{' && !paren)
			brace++;
		else if (b[i] == '}' && !paren && brace && !--brace)
			return line;
	}
	return 0;
}

/* Parses the comment text t[0, len) at line; adds its suppression to v.
 * -1 out of memory. */
static int parse_comment(const char *b, size_t n, size_t after, const char *t, size_t len, unsigned line,
			 unsigned end_line, int alone, const char *file, struct sups *v, struct as_suppressions *out,
			 FILE *log)
{
	size_t i = 0, k;
	const char *close;
	int function = 0;
	struct sup s = { line, line, end_line + (alone ? 1 : 0), { { { 0 } }, 0 }, NULL };

	while (i < len && (isspace((unsigned char)t[i]) || t[i] == '*'))
		i++;
	if (len - i < 10 || strncmp(t + i, "allocscan:", 10))
		return 0;
	for (i += 10; i < len && isspace((unsigned char)t[i]); i++)
		;
	if (len - i >= 15 && !strncmp(t + i, "ignore-function", 15)) {
		function = 1;
		i += 15;
	} else if (len - i >= 6 && !strncmp(t + i, "ignore", 6)) {
		i += 6;
	} else {
		return 0; /* another comment that starts with the tool's name */
	}
	close = i < len && t[i] == '[' ? memchr(t + i, ']', len - i) : NULL;
	if (!close) {
		warn(log, out, file, line, "%s",
		     "malformed suppression: write ignore[RULE-ID] or ignore-function[RULE-ID] and a reason");
		return 0;
	}
	k = (size_t)(close - t);
	/* The rule ids, comma-separated, then the reason. */
	for (size_t p = i + 1; p < k;) {
		size_t q = p;
		char id[64];
		while (q < k && t[q] != ',')
			q++;
		while (p < q && isspace((unsigned char)t[p]))
			p++;
		snprintf(id, sizeof id, "%.*s", (int)(q - p), t + p);
		for (size_t e = strlen(id); e && isspace((unsigned char)id[e - 1]); e--)
			id[e - 1] = '\0';
		if (!as_detector_find(id))
			warn(log, out, file, line, "suppression names no rule '%s' (alloc-copy, realloc-churn, dup-call)", id);
		else if (s.rules.n < 8)
			snprintf(s.rules.ids[s.rules.n++], sizeof s.rules.ids[0], "%s", id);
		p = q + 1;
	}
	for (i = k + 1; i < len && isspace((unsigned char)t[i]); i++)
		;
	while (len > i && isspace((unsigned char)t[len - 1]))
		len--;
	if (i == len)
		warn(log, out, file, line, "%s", "suppression gives no reason: say why after the rule ids");
	if (function && !(s.last = function_end(b, n, after, end_line))) {
		warn(log, out, file, line, "%s", "ignore-function is not followed by a function definition");
		return 0;
	}
	if (!s.rules.n)
		return 0;
	if (!(s.reason = strndup(t + i, len - i)))
		return -1;
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 16;
		struct sup *nv = realloc(v->v, cap * sizeof *nv);
		if (!nv) {
			free(s.reason);
			return -1;
		}
		v->v = nv;
		v->cap = cap;
	}
	v->v[v->n++] = s;
	return 0;
}

/* Every suppression comment of the file. */
static int read_sups(const char *file, struct sups *v, struct as_suppressions *out, FILE *log)
{
	size_t n = 0;
	char *b = as_file_read(file, &n, NULL);
	unsigned line = 1;
	int code = 0, rc = 0;

	if (!b)
		return 0;
	for (size_t i = 0; i < n && !rc; i++) {
		unsigned start = line;
		size_t j = skip_literal(b, n, i, &line);
		if (j != i && b[i] == '/') {
			size_t open = 2, close = b[i + 1] == '*' && j - i >= 4 ? 2 : 0;
			rc = parse_comment(b, n, j, b + i + open, j - i - open - close, start, line, !code, file, v, out,
					   log);
		}
		if (j != i) {
			/* A literal is code; a comment over several lines ends on a
			 * line of its own. */
			code = line != start ? 0 : code | (b[i] != '/');
			i = j - 1;
			continue;
		}
		if (b[i] == '\n') {
			line++;
			code = 0;
		} else if (!isspace((unsigned char)b[i])) {
			code = 1;
		}
	}
	free(b);
	return rc;
}

static const struct sup *covering(const struct sups *v, const struct as_finding *f)
{
	for (size_t i = 0; i < v->n; i++) {
		const struct sup *s = &v->v[i];
		int rule = 0;
		for (int r = 0; r < s->rules.n && !rule; r++)
			rule = !strcmp(s->rules.ids[r], f->rule);
		if (rule && ((f->line >= s->first && f->line <= s->last) ||
			     (f->alloc.expr && f->copy.line >= s->first && f->copy.line <= s->last)))
			return s;
	}
	return NULL;
}

/* Moves the findings of file that v covers to out. */
static int take(struct as_findings *found, const char *file, struct sups *v, struct as_suppressions *out)
{
	size_t w = 0;
	int rc = 0;

	for (size_t r = 0; r < found->n; r++) {
		struct as_finding *f = &found->v[r];
		const struct sup *s = rc || strcmp(f->file, file) ? NULL : covering(v, f);
		char **nt;
		if (!s) {
			found->v[w++] = *f;
			continue;
		}
		if (out->n == out->cap) {
			size_t cap = out->cap ? out->cap * 2 : 16;
			struct as_suppressed *nv = realloc(out->v, cap * sizeof *nv);
			if (!nv) {
				rc = -1;
				found->v[w++] = *f;
				continue;
			}
			out->v = nv;
			out->cap = cap;
		}
		if (!(nt = realloc(out->texts, (out->ntexts + 1) * sizeof *nt)) || !(nt[out->ntexts] = strdup(s->reason))) {
			if (nt)
				out->texts = nt;
			rc = -1;
			found->v[w++] = *f;
			continue;
		}
		out->texts = nt;
		out->v[out->n] = (struct as_suppressed){ *f, nt[out->ntexts++], NULL, s->line };
		out->v[out->n].at_file = out->v[out->n].f.file;
		out->n++;
	}
	found->n = w;
	return rc;
}

static int seen(char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return 1;
	return 0;
}

int as_suppress_apply(struct as_findings *found, char *const *files, size_t nfiles, struct as_suppressions *out,
		      FILE *log, struct as_error *err)
{
	char **all = calloc(nfiles + found->n + 1, sizeof *all);
	size_t nall = 0;
	int rc = 0;

	if (!all)
		return as_error_set(err, "out of memory");
	for (size_t i = 0; i < nfiles; i++)
		if (!seen(all, nall, files[i]))
			all[nall++] = files[i];
	for (size_t i = 0; i < found->n; i++)
		if (!seen(all, nall, found->v[i].file))
			all[nall++] = found->v[i].file;
	/* The findings' file names move with them: copy the list's first. */
	for (size_t i = 0; i < nall && !rc; i++)
		if (!(all[i] = strdup(all[i])))
			rc = -1;
	for (size_t i = 0; i < nall && !rc; i++) {
		struct sups v = { 0 };
		rc = read_sups(all[i], &v, out, log);
		if (!rc && v.n)
			rc = take(found, all[i], &v, out);
		for (size_t k = 0; k < v.n; k++)
			free(v.v[k].reason);
		free(v.v);
	}
	for (size_t i = 0; i < nall; i++)
		free(all[i]);
	free(all);
	return rc ? as_error_set(err, "out of memory") : 0;
}

void as_suppressions_text(FILE *out, const struct as_suppressions *s)
{
	for (size_t i = 0; s && i < s->n; i++) {
		const struct as_suppressed *x = &s->v[i];
		fprintf(out, "%s:%u:%u: note: suppressed [%s] by %s:%u: %s\n", x->f.file, x->f.line, x->f.col, x->f.rule,
			x->at_file, x->at_line, *x->reason ? x->reason : "(no reason given)");
	}
}

void as_suppressions_json(FILE *out, const struct as_suppressions *s)
{
	fputs("  \"suppressed\": [", out);
	for (size_t i = 0; s && i < s->n; i++) {
		const struct as_suppressed *x = &s->v[i];
		fputs(i ? ",\n    { \"rule\": " : "\n    { \"rule\": ", out);
		as_json_string(out, x->f.rule);
		fputs(", \"file\": ", out);
		as_json_string(out, x->f.file);
		fprintf(out, ", \"line\": %u, \"column\": %u, \"function\": ", x->f.line, x->f.col);
		as_json_string(out, x->f.function);
		fputs(", \"message\": ", out);
		as_json_string(out, x->f.message);
		fputs(", \"suppression\": { \"reason\": ", out);
		as_json_string(out, x->reason);
		fprintf(out, ", \"line\": %u } }", x->at_line);
	}
	fputs(s && s->n ? "\n  ]" : "]", out);
}

void as_suppressions_free(struct as_suppressions *s)
{
	struct as_findings tmp;

	as_findings_init(&tmp);
	for (size_t i = 0; i < s->n; i++)
		as_findings_add(&tmp, &s->v[i].f);
	as_findings_free(&tmp);
	for (size_t i = 0; i < s->ntexts; i++)
		free(s->texts[i]);
	free(s->texts);
	free(s->v);
	memset(s, 0, sizeof *s);
}
