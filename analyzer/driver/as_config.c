/* as_config.c - reading .allocscan.json files (cJSON), finding the one
 * that applies to a file, and applying it to jobs and findings. */
#include "as_config.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "as_detect.h"
#include "as_file.h"
#include "as_report.h"

#define AS_CONFIG_NAME ".allocscan.json"

static void free_strs(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void config_free(struct as_config *c)
{
	free(c->path);
	free(c->dir);
	free_strs(c->packs, c->npacks);
	free_strs(c->disable, c->ndisable);
	free_strs(c->exclude, c->nexclude);
	free_strs(c->clang_args, c->nclang_args);
	free_strs(c->sev_rule, c->nsev);
	free(c->sev);
}

/* key's value, an array of strings, into *v, *n. */
static int strings(const cJSON *item, const char *path, const char *key, char ***v, int *n, struct as_error *err)
{
	const cJSON *e;

	if (!cJSON_IsArray(item))
		return as_error_set(err, "%s: \"%s\" must be an array of strings", path, key);
	*v = calloc((size_t)cJSON_GetArraySize(item) + 1, sizeof **v);
	if (!*v)
		return as_error_set(err, "out of memory");
	cJSON_ArrayForEach(e, item) {
		if (!cJSON_IsString(e))
			return as_error_set(err, "%s: \"%s\" must be an array of strings", path, key);
		if (!((*v)[*n] = strdup(e->valuestring)))
			return as_error_set(err, "out of memory");
		(*n)++;
	}
	return 0;
}

/* "severity": an object mapping rule ids to "warning" or "info". */
static int severities(const cJSON *item, struct as_config *c, struct as_error *err)
{
	const cJSON *e;
	size_t n = (size_t)cJSON_GetArraySize(item) + 1;

	if (!cJSON_IsObject(item))
		return as_error_set(err, "%s: \"severity\" must be an object mapping rule ids to \"warning\" or \"info\"",
				    c->path);
	c->sev_rule = calloc(n, sizeof *c->sev_rule);
	c->sev = calloc(n, sizeof *c->sev);
	if (!c->sev_rule || !c->sev)
		return as_error_set(err, "out of memory");
	cJSON_ArrayForEach(e, item) {
		int warning = cJSON_IsString(e) && !strcmp(e->valuestring, "warning");
		if (!as_detector_find(e->string))
			return as_error_set(err, "%s: \"severity\" names no rule '%s' (alloc-copy, realloc-churn, dup-call)",
					    c->path, e->string);
		if (!warning && !(cJSON_IsString(e) && !strcmp(e->valuestring, "info")))
			return as_error_set(err, "%s: \"severity\" of '%s' must be \"warning\" or \"info\"", c->path,
					    e->string);
		if (!(c->sev_rule[c->nsev] = strdup(e->string)))
			return as_error_set(err, "out of memory");
		c->sev[c->nsev++] = warning ? AS_SEV_WARNING : AS_SEV_INFO;
	}
	return 0;
}

static int parse(struct as_config *c, const char *text, FILE *log, struct as_error *err)
{
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithOpts(text, &end, 0), *it;
	int rc = 0;

	if (!cJSON_IsObject(root)) {
		int line = 1;
		for (const char *p = text; !root && end && p < end; p++)
			line += *p == '\n';
		cJSON_Delete(root);
		return as_error_set(err, "%s:%d: %s", c->path, line, root ? "a config must be a JSON object" : "malformed JSON");
	}
	cJSON_ArrayForEach(it, root) {
		const char *k = it->string;
		if (!strcmp(k, "rule_packs"))
			rc = strings(it, c->path, k, &c->packs, &c->npacks, err);
		else if (!strcmp(k, "disable"))
			rc = strings(it, c->path, k, &c->disable, &c->ndisable, err);
		else if (!strcmp(k, "exclude"))
			rc = strings(it, c->path, k, &c->exclude, &c->nexclude, err);
		else if (!strcmp(k, "clang_args"))
			rc = strings(it, c->path, k, &c->clang_args, &c->nclang_args, err);
		else if (!strcmp(k, "severity"))
			rc = severities(it, c, err);
		else if (!strcmp(k, "min_value")) {
			if (!cJSON_IsNumber(it) || it->valuedouble != (double)it->valueint || it->valueint < 0 ||
			    it->valueint > 100)
				rc = as_error_set(err, "%s: \"min_value\" must be a whole number from 0 to 100", c->path);
			else
				c->min_value = it->valueint;
		} else {
			fprintf(log, "allocscan: %s: warning: unknown key \"%s\" (rule_packs, disable, min_value, "
				     "severity, exclude, clang_args): ignored\n",
				c->path, k);
		}
		if (rc)
			break;
	}
	/* A pack given by path is relative to the config's folder. */
	for (int i = 0; !rc && i < c->npacks; i++)
		if (strchr(c->packs[i], '/') || strstr(c->packs[i], ".json")) {
			char *p = as_path_join(c->dir, c->packs[i]);
			if (!p)
				rc = as_error_set(err, "out of memory");
			free(c->packs[i]);
			c->packs[i] = p;
		}
	for (int i = 0; !rc && i < c->ndisable; i++)
		if (!as_detector_find(c->disable[i]))
			rc = as_error_set(err, "%s: \"disable\" names no rule '%s' (alloc-copy, realloc-churn, dup-call)",
					  c->path, c->disable[i]);
	cJSON_Delete(root);
	return rc;
}

/* The config at path (absolute), read once. */
static const struct as_config *load(struct as_configs *cs, const char *path, FILE *log, struct as_error *err)
{
	struct as_config c = { 0 };
	char *text, *slash;

	for (size_t i = 0; i < cs->n; i++)
		if (!strcmp(cs->v[i].path, path))
			return &cs->v[i];
	if (!(text = as_file_read(path, NULL, err)))
		return NULL;
	c.path = strdup(path);
	c.dir = strdup(path);
	if (!c.path || !c.dir) {
		free(text);
		config_free(&c);
		as_error_set(err, "out of memory");
		return NULL;
	}
	slash = strrchr(c.dir, '/');
	if (slash)
		*(slash == c.dir ? slash + 1 : slash) = '\0';
	if (parse(&c, text, log, err)) {
		free(text);
		config_free(&c);
		return NULL;
	}
	free(text);
	if (cs->n == cs->cap) {
		size_t cap = cs->cap ? cs->cap * 2 : 8;
		struct as_config *nv = realloc(cs->v, cap * sizeof *nv);
		if (!nv) {
			config_free(&c);
			as_error_set(err, "out of memory");
			return NULL;
		}
		cs->v = nv;
		cs->cap = cap;
	}
	cs->v[cs->n] = c;
	return &cs->v[cs->n++];
}

const struct as_config *as_config_for(struct as_configs *c, const char *path, FILE *log, struct as_error *err)
{
	char cwd[PATH_MAX], *abs, *d;
	const struct as_config *found = NULL;

	err->msg[0] = '\0';
	if (c->forced) {
		abs = getcwd(cwd, sizeof cwd) ? as_path_join(cwd, c->forced) : NULL;
		found = abs ? load(c, abs, log, err) : NULL;
		if (!abs)
			as_error_set(err, "out of memory");
		free(abs);
		return found;
	}
	if (!getcwd(cwd, sizeof cwd) || !(abs = as_path_join(cwd, path))) {
		as_error_set(err, "out of memory");
		return NULL;
	}
	/* From the file's folder up to the root. */
	for (d = strrchr(abs, '/'); d; d = strrchr(abs, '/')) {
		char *cand;
		struct stat st;
		*d = '\0';
		cand = as_path_join(*abs ? abs : "/", AS_CONFIG_NAME);
		if (cand && !stat(cand, &st) && S_ISREG(st.st_mode)) {
			found = load(c, cand, log, err);
			free(cand);
			break;
		}
		free(cand);
		if (!*abs)
			break;
	}
	free(abs);
	return found;
}

/* path relative to the config's folder, for its exclude patterns. */
static int excluded(const struct as_config *c, const char *abs)
{
	size_t n = strlen(c->dir);
	const char *rel = !strncmp(abs, c->dir, n) && (abs[n] == '/' || n == 1) ? abs + n + (n > 1) : abs;

	for (int i = 0; i < c->nexclude; i++)
		if (!fnmatch(c->exclude[i], rel, 0))
			return 1;
	return 0;
}

static int has(char *const *v, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return 1;
	return 0;
}

int as_config_jobs(struct as_configs *c, struct as_jobs *j, const char ***packs, int *npacks, FILE *log,
		   struct as_error *err)
{
	size_t w = 0;
	int rc = 0;

	*packs = NULL;
	*npacks = 0;
	for (size_t i = 0; i < j->n; i++) {
		struct as_job *job = &j->v[i];
		char *abs = as_path_join(job->dir, job->file);
		const struct as_config *cf = abs && !rc ? as_config_for(c, abs, log, err) : NULL;
		if (!abs)
			rc = as_error_set(err, "out of memory");
		else if (!cf && err->msg[0])
			rc = -1;
		if (!rc && cf && excluded(cf, abs)) {
			for (int k = 0; k < job->nargs; k++)
				free(job->args[k]);
			free(job->args);
			free(job->file);
			free(job->dir);
			free(abs);
			continue;
		}
		if (!rc && cf && cf->nclang_args) {
			char **na = realloc(job->args, (size_t)(job->nargs + cf->nclang_args + 1) * sizeof *na);
			if (!na)
				rc = as_error_set(err, "out of memory");
			for (int k = 0; na && k < cf->nclang_args && !rc; k++) {
				job->args = na;
				if (!(na[job->nargs] = strdup(cf->clang_args[k])))
					rc = as_error_set(err, "out of memory");
				else
					na[++job->nargs] = NULL;
			}
		}
		for (int k = 0; !rc && cf && k < cf->npacks; k++) {
			const char **np;
			if (has((char *const *)*packs, *npacks, cf->packs[k]))
				continue;
			if (!(np = realloc(*packs, (size_t)(*npacks + 1) * sizeof *np))) {
				rc = as_error_set(err, "out of memory");
				break;
			}
			*packs = np;
			np[(*npacks)++] = cf->packs[k];
		}
		free(abs);
		j->v[w++] = *job;
	}
	j->n = w;
	return rc;
}

int as_config_findings(struct as_configs *c, struct as_findings *f, FILE *log, struct as_error *err)
{
	struct as_findings gone;
	size_t w = 0;
	int rc = 0;

	as_findings_init(&gone);
	for (size_t r = 0; r < f->n; r++) {
		const struct as_config *cf = rc ? NULL : as_config_for(c, f->v[r].file, log, err);
		if (!cf && err->msg[0])
			rc = -1;
		if (cf && (has(cf->disable, cf->ndisable, f->v[r].rule) || f->v[r].value < cf->min_value) &&
		    !as_findings_add(&gone, &f->v[r]))
			continue;
		for (int i = 0; cf && i < cf->nsev; i++)
			if (!strcmp(cf->sev_rule[i], f->v[r].rule))
				f->v[r].severity = cf->sev[i];
		f->v[w++] = f->v[r];
	}
	f->n = w;
	as_findings_free(&gone);
	return rc;
}

static void print_list(FILE *out, const char *key, char *const *v, int n, int comma)
{
	fprintf(out, "  \"%s\": [", key);
	for (int i = 0; i < n; i++) {
		fputs(i ? ", " : "", out);
		as_json_string(out, v[i]);
	}
	fputs(comma ? "],\n" : "]\n", out);
}

int as_config_print(struct as_configs *c, const char *path, FILE *out, struct as_error *err)
{
	const struct as_config *cf = as_config_for(c, path, stderr, err);

	if (!cf && err->msg[0])
		return -1;
	fputs("{\n  \"file\": ", out);
	as_json_string(out, path);
	fputs(",\n  \"config\": ", out);
	as_json_string(out, cf ? cf->path : NULL);
	fputs(",\n", out);
	print_list(out, "rule_packs", cf ? cf->packs : NULL, cf ? cf->npacks : 0, 1);
	print_list(out, "disable", cf ? cf->disable : NULL, cf ? cf->ndisable : 0, 1);
	fprintf(out, "  \"min_value\": %d,\n  \"severity\": {", cf ? cf->min_value : 0);
	for (int i = 0; cf && i < cf->nsev; i++)
		fprintf(out, "%s\"%s\": \"%s\"", i ? ", " : " ", cf->sev_rule[i],
			cf->sev[i] == AS_SEV_WARNING ? "warning" : "info");
	fputs(cf && cf->nsev ? " },\n" : "},\n", out);
	print_list(out, "exclude", cf ? cf->exclude : NULL, cf ? cf->nexclude : 0, 1);
	print_list(out, "clang_args", cf ? cf->clang_args : NULL, cf ? cf->nclang_args : 0, 0);
	fputs("}\n", out);
	return 0;
}

void as_configs_free(struct as_configs *c)
{
	for (size_t i = 0; i < c->n; i++)
		config_free(&c->v[i]);
	free(c->v);
	memset(c, 0, sizeof *c);
}
