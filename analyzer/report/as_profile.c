/* as_profile.c - reading, merging and joining probe profiles (see
 * as_profile.h). */
#include "as_profile.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "as_file.h"
#include "as_grow.h"
#include "as_report.h"

static int count_of(const cJSON *site, const char *key, unsigned long long *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(site, key);

	if (!v) {
		*out = 0;
		return 0;
	}
	if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble != floor(v->valuedouble) ||
	    v->valuedouble > 18446744073709549568.0)
		return -1;
	*out = (unsigned long long)v->valuedouble;
	return 0;
}

static void add(struct as_measure *to, const struct as_measure *m)
{
#define ADD(name) to->name += m->name;
	AS_MEASURE_COUNTERS(ADD)
	if (m->largest > to->largest)
		to->largest = m->largest;
	to->reached |= m->reached;
}

static struct as_profile_site *find(struct as_profile *p, const char *site)
{
	for (size_t i = 0; i < p->n; i++)
		if (!strcmp(p->v[i].site, site))
			return &p->v[i];
	return NULL;
}

/* Checks the whole file before adding any of it. */
static int parse(const cJSON *root, struct as_profile_site **sites, size_t *n, unsigned long long *runs,
		 const char **what)
{
	const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "asrt_profile");
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "sites");
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(root, "runs");
	const cJSON *s;
	size_t k = 0;

	if (!cJSON_IsObject(root) || !cJSON_IsNumber(fmt))
		return *what = "not a profile of asrt's probes (no \"asrt_profile\" member)", -1;
	if (fmt->valuedouble != 1)
		return *what = "a profile format this allocscan does not know (asrt_profile is not 1)", -1;
	if (!cJSON_IsArray(list))
		return *what = "no \"sites\" array", -1;
	*runs = cJSON_IsNumber(r) && r->valuedouble >= 1 ? (unsigned long long)r->valuedouble : 1;
	*sites = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof **sites);
	if (!*sites)
		return *what = "out of memory", -1;
	cJSON_ArrayForEach(s, list) {
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(s, "site");
		struct as_profile_site *x = &(*sites)[k];
		if (!cJSON_IsObject(s) || !cJSON_IsString(id) || !*id->valuestring)
			return *what = "a site without its \"site\" string", -1;
#define GET(name)                           \
	if (count_of(s, #name, &x->m.name)) \
		return *what = "a count that is not a non-negative integer", -1;
		AS_MEASURE_COUNTERS(GET)
		if (count_of(s, "largest", &x->m.largest))
			return *what = "a count that is not a non-negative integer", -1;
		x->m.reached = 1;
		x->site = (char *)id->valuestring; /* borrowed until copied */
		k++;
	}
	*n = k;
	return 0;
}

int as_profile_load(struct as_profile *p, const char *path, struct as_error *err)
{
	size_t len, n = 0;
	char *text = as_file_read(path, &len, err);
	const char *what = NULL;
	struct as_profile_site *sites = NULL;
	unsigned long long runs = 0;
	cJSON *root;
	int rc = 0;

	if (!text)
		return -1;
	root = cJSON_ParseWithLength(text, len);
	if (!root)
		rc = as_error_set(err, "%s: not a complete profile (truncated or not JSON)", path);
	else if (parse(root, &sites, &n, &runs, &what))
		rc = as_error_set(err, "%s: %s", path, what);
	for (size_t i = 0; i < n && !rc; i++) {
		struct as_profile_site *have = find(p, sites[i].site);
		if (have) {
			add(&have->m, &sites[i].m);
			continue;
		}
		if (AS_GROW(p->v, p->n, p->cap) || !(sites[i].site = strdup(sites[i].site))) {
			rc = as_error_set(err, "out of memory");
			break;
		}
		p->v[p->n++] = sites[i];
	}
	if (!rc)
		p->runs += runs;
	free(sites);
	cJSON_Delete(root);
	free(text);
	return rc;
}

int as_profile_write(FILE *out, const struct as_profile *p)
{
	fprintf(out, "{\"asrt_profile\": 1, \"runs\": %llu, \"sites\": [", p->runs);
	for (size_t i = 0; i < p->n; i++) {
		const struct as_measure *m = &p->v[i].m;
		fputs(i ? ",\n  {\"site\": " : "\n  {\"site\": ", out);
		as_json_string(out, p->v[i].site);
#define PUT(name) fprintf(out, ", \"" #name "\": %llu", m->name);
		AS_MEASURE_COUNTERS(PUT)
		fprintf(out, ", \"largest\": %llu}", m->largest);
	}
	fputs(p->n ? "\n]}\n" : "]}\n", out);
	return fflush(out) || ferror(out) ? -1 : 0;
}

void as_profile_free(struct as_profile *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->v[i].site);
	free(p->v);
	memset(p, 0, sizeof *p);
}

/* FILE:LINE:RULE#HASH split at the last ':' pair before the '#'. */
struct id {
	const char *file;
	size_t file_len;
	const char *rest; /* LINE:RULE#HASH */
	const char *rule_hash;
};

static int split(const char *s, struct id *id)
{
	const char *hash = strrchr(s, '#'), *c2 = NULL, *c1 = NULL;

	if (!hash)
		return -1;
	for (const char *q = hash; q > s; q--)
		if (q[-1] == ':') {
			if (!c2)
				c2 = q - 1;
			else {
				c1 = q - 1;
				break;
			}
		}
	if (!c1 || !c2)
		return -1;
	id->file = s;
	id->file_len = (size_t)(c1 - s);
	id->rest = c1 + 1;
	id->rule_hash = c2 + 1;
	return 0;
}

/* One path is the other, or ends with it after a '/'. */
static int same_file(const struct id *a, const struct id *b)
{
	const struct id *l = a->file_len >= b->file_len ? a : b, *s = l == a ? b : a;

	if (memcmp(l->file + l->file_len - s->file_len, s->file, s->file_len))
		return 0;
	return l->file_len == s->file_len || l->file[l->file_len - s->file_len - 1] == '/';
}

/* Same line and rule; *text_same tells whether the hash agrees too. */
static int same_place(const struct id *a, const struct id *b, int *text_same)
{
	const char *ha = strrchr(a->rest, '#'), *hb = strrchr(b->rest, '#');

	if (ha - a->rest != hb - b->rest || memcmp(a->rest, b->rest, (size_t)(ha - a->rest)) || !same_file(a, b))
		return 0;
	*text_same = !strcmp(ha, hb);
	return 1;
}

int as_profile_attach(const struct as_profile *p, struct as_findings *f, struct as_profile_join *j)
{
	memset(j, 0, sizeof *j);
	for (size_t i = 0; i < f->n; i++)
		if (!f->v[i].measured && !(f->v[i].measured = calloc(1, sizeof *f->v[i].measured)))
			return -1;
	for (size_t k = 0; k < p->n; k++) {
		struct id pid, fid;
		int attached = 0, changed = 0, same;
		if (split(p->v[k].site, &pid)) {
			j->unknown++;
			continue;
		}
		for (size_t i = 0; i < f->n; i++)
			if (f->v[i].site_id && !split(f->v[i].site_id, &fid) && same_place(&pid, &fid, &same)) {
				if (!same) {
					changed = 1;
					continue;
				}
				add(f->v[i].measured, &p->v[k].m);
				attached = 1;
			}
		if (attached)
			j->matched++;
		else if (changed)
			j->changed++;
		else
			j->unknown++;
	}
	for (size_t i = 0; i < f->n; i++)
		j->unreached += !f->v[i].measured->reached;
	return 0;
}
