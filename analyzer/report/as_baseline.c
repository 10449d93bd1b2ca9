/* as_baseline.c - fingerprints, and the baseline file: a JSON object
 * {"tool": "allocscan", "baseline": 1, "version", "findings": [{
 * "fingerprint", "rule", "file", "function", "line"}]} (all but the
 * fingerprints are there for the reader). */
#include "as_baseline.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "as_file.h"
#include "as_report.h"

/* FNV-1a over the field's text without blanks, then a separator. */
static unsigned long long mix(unsigned long long h, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++)
		if (!isspace(*p))
			h = (h ^ *p) * 1099511628211ull;
	return (h ^ 0xff) * 1099511628211ull;
}

void as_fingerprint(const struct as_finding *f, char out[17])
{
	unsigned long long h = 14695981039346656037ull;

	h = mix(h, AS_FINGERPRINT_KEY);
	h = mix(h, f->rule);
	h = mix(h, f->file);
	h = mix(h, f->function);
	h = mix(h, f->alloc.expr);
	h = mix(h, f->copy.expr);
	snprintf(out, 17, "%016llx", h);
}

static int cmp_fp(const void *a, const void *b)
{
	return strcmp(a, b);
}

int as_baseline_load(struct as_baseline *b, const char *path, struct as_error *err)
{
	char *text;
	const char *end = NULL;
	cJSON *root = NULL;
	const cJSON *tool, *format, *list, *e;
	int rc = -1;

	memset(b, 0, sizeof *b);
	if (!(text = as_file_read(path, NULL, err)))
		return -1;
	root = cJSON_ParseWithOpts(text, &end, 0);
	if (!root) {
		int line = 1;
		for (const char *p = text; end && p < end; p++)
			line += *p == '\n';
		as_error_set(err, "%s:%d: malformed JSON: not a baseline (write one with --write-baseline)", path, line);
		goto out;
	}
	tool = cJSON_GetObjectItemCaseSensitive(root, "tool");
	format = cJSON_GetObjectItemCaseSensitive(root, "baseline");
	list = cJSON_GetObjectItemCaseSensitive(root, "findings");
	if (!cJSON_IsString(tool) || strcmp(tool->valuestring, "allocscan")) {
		as_error_set(err, "%s: not an allocscan baseline (write one with --write-baseline)", path);
		goto out;
	}
	if (!format) {
		as_error_set(err, "%s: an allocscan report, not a baseline (write one with --write-baseline)", path);
		goto out;
	}
	if (!cJSON_IsNumber(format) || format->valueint != AS_BASELINE_FORMAT) {
		as_error_set(err, "%s: a baseline of format %g; this allocscan reads format %d (write it again with "
				  "--write-baseline)",
			     path, cJSON_IsNumber(format) ? format->valuedouble : 0.0,
			     AS_BASELINE_FORMAT);
		goto out;
	}
	if (!cJSON_IsArray(list)) {
		as_error_set(err, "%s: a baseline without a \"findings\" array", path);
		goto out;
	}
	b->v = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *b->v);
	b->used = calloc((size_t)cJSON_GetArraySize(list) + 1, 1);
	if (!b->v || !b->used) {
		as_error_set(err, "out of memory");
		goto out;
	}
	cJSON_ArrayForEach(e, list) {
		const cJSON *fp = cJSON_GetObjectItemCaseSensitive(e, "fingerprint");
		if (!cJSON_IsString(fp) || strlen(fp->valuestring) != 16) {
			as_error_set(err, "%s: entry %zu has no 16-digit \"fingerprint\"", path, b->n + 1);
			goto out;
		}
		memcpy(b->v[b->n++], fp->valuestring, 17);
	}
	qsort(b->v, b->n, sizeof *b->v, cmp_fp);
	rc = 0;
out:
	if (rc)
		as_baseline_free(b);
	cJSON_Delete(root);
	free(text);
	return rc;
}

/* The first unused entry equal to fp, or -1. */
static long find(const struct as_baseline *b, const char *fp)
{
	size_t lo = 0, hi = b->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (strcmp(b->v[mid], fp) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < b->n && !strcmp(b->v[lo], fp); lo++)
		if (!b->used[lo])
			return (long)lo;
	return -1;
}

void as_baseline_filter(struct as_baseline *b, struct as_findings *f, size_t *matched)
{
	struct as_findings gone;
	size_t w = 0;

	as_findings_init(&gone);
	*matched = 0;
	for (size_t r = 0; r < f->n; r++) {
		char fp[17];
		long at;
		as_fingerprint(&f->v[r], fp);
		at = find(b, fp);
		/* Out of memory for the list of dropped ones: the finding stays. */
		if (at >= 0 && !as_findings_add(&gone, &f->v[r])) {
			b->used[at] = 1;
			(*matched)++;
			continue;
		}
		f->v[w++] = f->v[r];
	}
	f->n = w;
	as_findings_free(&gone);
}

struct baseline_out {
	const struct as_findings *f;
	const char *version;
};

static int baseline_fill(FILE *out, void *ctx)
{
	const struct baseline_out *b = ctx;

	fprintf(out, "{\n  \"tool\": \"allocscan\",\n  \"baseline\": %d,\n  \"version\": ", AS_BASELINE_FORMAT);
	as_json_string(out, b->version);
	fputs(",\n  \"findings\": [", out);
	for (size_t i = 0; i < b->f->n; i++) {
		const struct as_finding *x = &b->f->v[i];
		char fp[17];
		as_fingerprint(x, fp);
		fprintf(out, "%s\n    { \"fingerprint\": \"%s\", \"rule\": ", i ? "," : "", fp);
		as_json_string(out, x->rule);
		fputs(", \"file\": ", out);
		as_json_string(out, x->file);
		fputs(", \"function\": ", out);
		as_json_string(out, x->function);
		fprintf(out, ", \"line\": %u }", x->line);
	}
	fputs(b->f->n ? "\n  ]\n}\n" : "]\n}\n", out);
	return 0;
}

int as_baseline_write(const char *path, const struct as_findings *f, const char *version, struct as_error *err)
{
	struct baseline_out b = { f, version };

	return as_file_replace(path, "the baseline", baseline_fill, &b, err);
}

void as_baseline_free(struct as_baseline *b)
{
	free(b->v);
	free(b->used);
	memset(b, 0, sizeof *b);
}
