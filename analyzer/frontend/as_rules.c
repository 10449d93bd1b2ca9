/* as_rules.c - loading rule packs (JSON, via cJSON) and looking names up. */
#include "as_rules.h"
#include "as_template.h"

#include "as_grow.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pack_ctx {
	const char *path;
	const char *text;
	struct as_error *err;
	int library; /* the pack's "library": its functions are the C implementation's */
};

/* Line of the first occurrence of "needle" (quoted) in the text, so a
 * message can point at the entry even though cJSON keeps no positions. */
static int line_of(const char *text, const char *needle)
{
	char q[256];
	const char *hit;
	int line = 1;

	snprintf(q, sizeof q, "\"%s\"", needle);
	hit = strstr(text, q);
	if (!hit)
		return 1;
	for (const char *p = text; p < hit; p++)
		line += *p == '\n';
	return line;
}

static int fail(struct pack_ctx *c, const char *near, const char *fmt, const char *a, const char *b)
{
	char what[512];

	snprintf(what, sizeof what, fmt, a, b);
	return as_error_set(c->err, "%s:%d: %s", c->path, line_of(c->text, near), what);
}

static char *read_file(const char *path, struct as_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, got;

	if (!f) {
		as_error_set(err, "%s: cannot open rule pack: %s", path, strerror(errno));
		return NULL;
	}
	do {
		if (as_grow(&buf, &cap, len + 4096, 1)) {
			free(buf);
			fclose(f);
			as_error_set(err, "%s: out of memory", path);
			return NULL;
		}
		got = fread(buf + len, 1, cap - len - 1, f);
		len += got;
	} while (got > 0);
	if (ferror(f)) {
		as_error_set(err, "%s: cannot read rule pack: %s", path, strerror(errno));
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

static size_t hash_name(const char *s, size_t len)
{
	size_t h = 1469598103934665603u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211u;
	return h;
}

static int find_slot(const struct as_rules *r, const int *index, const char *name, size_t len)
{
	size_t mask = r->index_cap - 1, i;

	if (!index)
		return -1;
	for (i = hash_name(name, len) & mask;; i = (i + 1) & mask) {
		int v = index[i];
		if (v < 0)
			return (int)i;
		if (strlen(r->rules[v].name) == len && !memcmp(r->rules[v].name, name, len))
			return (int)i;
	}
}

static int reindex(struct as_rules *r)
{
	size_t cap = 64;

	while (cap < r->nrules * 2 + 2)
		cap *= 2;
	free(r->fn_index);
	free(r->macro_index);
	r->fn_index = malloc(cap * sizeof *r->fn_index);
	r->macro_index = malloc(cap * sizeof *r->macro_index);
	if (!r->fn_index || !r->macro_index)
		return -1;
	memset(r->fn_index, 0xff, cap * sizeof *r->fn_index);
	memset(r->macro_index, 0xff, cap * sizeof *r->macro_index);
	r->index_cap = cap;
	for (size_t i = 0; i < r->nrules; i++) {
		struct as_rule *e = &r->rules[i];
		int *index = e->is_macro ? r->macro_index : r->fn_index;
		/* A later pack wins: overwrite whatever slot holds the name. */
		index[find_slot(r, index, e->name, strlen(e->name))] = (int)i;
	}
	return 0;
}

static const struct as_rule *lookup(const struct as_rules *r, const int *index, const char *name, size_t len)
{
	int slot = find_slot(r, index, name, len);

	if (slot < 0 || index[slot] < 0)
		return NULL;
	return &r->rules[index[slot]];
}

const struct as_rule *as_rules_function(const struct as_rules *r, const char *name, size_t len)
{
	return lookup(r, r->fn_index, name, len);
}

const struct as_rule *as_rules_macro(const struct as_rules *r, const char *name, size_t len)
{
	return lookup(r, r->macro_index, name, len);
}

const struct as_family *as_rules_family(const struct as_rules *r, int family)
{
	if (family < 0 || (size_t)family >= r->nfamilies)
		return NULL;
	return &r->families[family];
}

int as_family_frees_with(const struct as_family *f, const char *name)
{
	for (size_t i = 0; f && i < f->nfrees; i++)
		if (!strcmp(f->frees[i], name))
			return 1;
	return 0;
}

static int family_find(const struct as_rules *r, const char *name)
{
	for (size_t i = 0; i < r->nfamilies; i++)
		if (!strcmp(r->families[i].name, name))
			return (int)i;
	return -1;
}

static int optional_template(struct pack_ctx *c, const cJSON *fam, const char *key, char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(fam, key);

	*out = NULL;
	if (!v || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsString(v))
		return fail(c, fam->string, "family \"%s\": \"%s\" must be a string or null", fam->string, key);
	const char *bad = as_template_check(v->valuestring, key);
	if (bad) {
		char what[256];
		snprintf(what, sizeof what, "\"%s\" template: %s", key, bad);
		return fail(c, fam->string, "family \"%s\": %s", fam->string, what);
	}
	*out = strdup(v->valuestring);
	return *out ? 0 : fail(c, fam->string, "%s%s: out of memory", "", "");
}

/* The runtime's own sharing: a template and the invariant it rests on,
 * neither without the other. */
static int runtime_share(struct pack_ctx *c, const cJSON *fam, struct as_family *f)
{
	const cJSON *inv = cJSON_GetObjectItemCaseSensitive(fam, "invariant");

	if (optional_template(c, fam, "share", &f->share))
		return -1;
	if (inv && !cJSON_IsNull(inv) && (!cJSON_IsString(inv) || !*inv->valuestring))
		return fail(c, fam->string, "family \"%s\": \"invariant\" must be a sentence%s", fam->string, "");
	if (!f->share != !(inv && cJSON_IsString(inv)))
		return fail(c, fam->string,
			    "family \"%s\": \"share\" and \"invariant\" go together (a sharing fix rests on the "
			    "runtime's invariant)%s",
			    fam->string, "");
	if (f->share && !(f->invariant = strdup(inv->valuestring)))
		return fail(c, fam->string, "%s%s: out of memory", "", "");
	return 0;
}

static void family_free(struct as_family *f)
{
	for (size_t i = 0; f->frees && i < f->nfrees; i++)
		free(f->frees[i]);
	free(f->frees);
	free(f->name);
	free(f->memdup);
	free(f->grow);
	free(f->mul);
	free(f->share);
	free(f->invariant);
}

static int load_family(struct as_rules *r, struct pack_ctx *c, const cJSON *fam)
{
	struct as_family f = { 0 };
	const cJSON *frees = cJSON_GetObjectItemCaseSensitive(fam, "free"), *it;
	int idx;

	if (!cJSON_IsObject(fam))
		return fail(c, fam->string, "family \"%s\" must be an object%s", fam->string, "");
	if (!cJSON_IsArray(frees))
		return fail(c, fam->string, "family \"%s\": \"free\" must be a list of function names%s", fam->string, "");
	f.name = strdup(fam->string);
	f.frees = calloc((size_t)cJSON_GetArraySize(frees) + 1, sizeof *f.frees);
	if (!f.name || !f.frees) {
		family_free(&f);
		return fail(c, fam->string, "%s%s: out of memory", "", "");
	}
	cJSON_ArrayForEach(it, frees) {
		if (!cJSON_IsString(it)) {
			family_free(&f);
			return fail(c, fam->string, "family \"%s\": \"free\" entries must be strings%s", fam->string, "");
		}
		if (!(f.frees[f.nfrees++] = strdup(it->valuestring))) {
			family_free(&f);
			return fail(c, fam->string, "%s%s: out of memory", "", "");
		}
	}
	if (optional_template(c, fam, "memdup", &f.memdup) || optional_template(c, fam, "grow", &f.grow) ||
	    optional_template(c, fam, "mul", &f.mul) || runtime_share(c, fam, &f)) {
		family_free(&f);
		return -1;
	}
	idx = family_find(r, f.name);
	if (idx < 0) {
		if (AS_GROW(r->families, r->nfamilies, r->capfamilies)) {
			family_free(&f);
			return fail(c, fam->string, "%s%s: out of memory", "", "");
		}
		idx = (int)r->nfamilies++;
	} else {
		/* Redefinition: the later pack replaces the family whole. */
		family_free(&r->families[idx]);
	}
	r->families[idx] = f;
	return 0;
}

static const char *const role_names[] = {
	[AS_ROLE_ALLOC] = "alloc",
	[AS_ROLE_REALLOC] = "realloc",
	[AS_ROLE_FREE] = "free",
	[AS_ROLE_COPY] = "copy",
	[AS_ROLE_DUP] = "dup",
	[AS_ROLE_GROW] = "grow",
	[AS_ROLE_SIZE_MUL] = "size-mul",
	[AS_ROLE_READ] = "read",
	[AS_ROLE_OBJECT_COPY] = "object-copy",
	[AS_ROLE_OBJECT_LEN] = "object-len",
	[AS_ROLE_OBJECT_PTR] = "object-ptr",
};

const char *as_role_name(enum as_role role)
{
	return (unsigned)role < sizeof role_names / sizeof *role_names ? role_names[role] : NULL;
}

/* Reads an argument-index key; absent or null leaves AS_NO_ARG. */
static int arg_key(struct pack_ctx *c, const cJSON *e, const char *name, const char *key, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, key);

	*out = AS_NO_ARG;
	if (!v || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 64 ||
	    v->valuedouble != (double)(int)v->valuedouble)
		return fail(c, name, "entry \"%s\": \"%s\" must be an argument index (0, 1, ...)", name, key);
	*out = v->valueint;
	return 0;
}

static const char *const known_keys[] = {
	"name",
	"role",
	"family",
	"shown_as",
	"size",
	"count",
	"type",
	"ptr",
	"dst",
	"src",
	"zeroed",
	"assigns",
	"in_place",
	"ptr_by_address",
	"constructor",
	"args",
	"object",
	"note",
};

static int check_keys(struct pack_ctx *c, const cJSON *e, const char *name)
{
	const cJSON *it;

	cJSON_ArrayForEach(it, e) {
		size_t k;
		for (k = 0; k < sizeof known_keys / sizeof *known_keys; k++)
			if (!strcmp(it->string, known_keys[k]))
				break;
		if (k == sizeof known_keys / sizeof *known_keys)
			return fail(c, name, "entry \"%s\": unknown key \"%s\"", name, it->string);
	}
	return 0;
}

static int require(struct pack_ctx *c, const char *name, int have, const char *what)
{
	return have ? 0 : fail(c, name, "entry \"%s\": role needs %s", name, what);
}

/* constructor: the entry makes a fresh object of the runtime's own size
 * (Tcl's TclNewObj(o), Tcl_NewObj()), so it has no size argument. */
static int check_roles(struct pack_ctx *c, const struct as_rule *e, int constructor)
{
	int sized = e->size != AS_NO_ARG || e->size_is_strlen1 ||
		    (e->is_macro && e->type != AS_NO_ARG);

	if (constructor && (e->role != AS_ROLE_ALLOC || sized || e->count != AS_NO_ARG))
		return fail(c, e->name, "entry \"%s\": \"constructor\" is for entries of role alloc with no size "
					"(a fresh object of the runtime's own size)%s",
			    e->name, "");
	switch (e->role) {
	case AS_ROLE_ALLOC:
		return require(c, e->name, sized || constructor,
			       "\"size\" (or \"count\" with \"size\", or \"type\" for a macro, or \"constructor\": true)");
	case AS_ROLE_REALLOC:
		if (require(c, e->name, e->ptr != AS_NO_ARG, "\"ptr\""))
			return -1;
		return require(c, e->name, sized, "\"size\" (or \"count\" with \"size\", or \"type\" for a macro)");
	case AS_ROLE_FREE:
	case AS_ROLE_GROW:
		return require(c, e->name, e->ptr != AS_NO_ARG, "\"ptr\"");
	case AS_ROLE_COPY:
		if (require(c, e->name, e->dst != AS_NO_ARG && e->src != AS_NO_ARG, "\"dst\" and \"src\""))
			return -1;
		return require(c, e->name, sized, "\"size\" (or \"count\" with \"type\", or \"strlen+1\")");
	case AS_ROLE_DUP:
		return require(c, e->name, e->src != AS_NO_ARG, "\"src\"");
	case AS_ROLE_SIZE_MUL:
		return require(c, e->name, e->nmul_args >= 2, "\"args\": a list of two or more argument indices");
	case AS_ROLE_READ:
		return 0;
	case AS_ROLE_OBJECT_COPY:
		if (require(c, e->name, e->count != AS_NO_ARG && e->src != AS_NO_ARG, "\"count\" and \"src\""))
			return -1;
		return require(c, e->name, e->family >= 0, "a \"family\" (whose \"share\" template may replace it)");
	case AS_ROLE_OBJECT_LEN:
	case AS_ROLE_OBJECT_PTR:
		if (require(c, e->name, e->object != AS_NO_ARG, "\"object\""))
			return -1;
		return require(c, e->name, e->family >= 0, "a \"family\" (the object-copy entries it serves)");
	}
	return 0;
}

/* Takes n (and its strings) into r; -1 when out of memory. */
/* s is a C identifier. */
static int ident(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return 0;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	return !*s;
}

static int append_rule(struct as_rules *r, const struct as_rule *n)
{
	if (AS_GROW(r->rules, r->nrules, r->caprules))
		return -1;
	r->rules[r->nrules++] = *n;
	return 0;
}

static int load_entry(struct as_rules *r, struct pack_ctx *c, const cJSON *e, int is_macro, const char *pack)
{
	struct as_rule n = { 0 };
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(e, "name");
	const cJSON *role = cJSON_GetObjectItemCaseSensitive(e, "role");
	const cJSON *fam = cJSON_GetObjectItemCaseSensitive(e, "family");
	const cJSON *shown = cJSON_GetObjectItemCaseSensitive(e, "shown_as");
	const cJSON *size = cJSON_GetObjectItemCaseSensitive(e, "size");
	const cJSON *args = cJSON_GetObjectItemCaseSensitive(e, "args");
	const char *list = is_macro ? "macros" : "functions";
	size_t k;

	if (!cJSON_IsObject(e))
		return fail(c, list, "\"%s\" must hold objects%s", list, "");
	if (!cJSON_IsString(name) || !*name->valuestring)
		return fail(c, list, "an entry of \"%s\" has no \"name\" string%s", list, "");
	if (check_keys(c, e, name->valuestring))
		return -1;
	if (!strncmp(name->valuestring, "->", 2) && (is_macro || !ident(name->valuestring + 2)))
		return fail(c, name->valuestring,
			    "entry \"%s\": a member's name (\"->NAME\": calls through a struct member NAME) must be "
			    "\"->\" and an identifier, under \"functions\"%s",
			    name->valuestring, "");
	if (!cJSON_IsString(role))
		return fail(c, name->valuestring, "entry \"%s\": \"role\" must be a string%s", name->valuestring, "");
	for (k = 0; k < sizeof role_names / sizeof *role_names; k++)
		if (!strcmp(role->valuestring, role_names[k]))
			break;
	if (k == sizeof role_names / sizeof *role_names)
		return fail(c, name->valuestring, "entry \"%s\": unknown role \"%s\" (alloc, realloc, free, copy, dup, grow, size-mul, read, "
						  "object-copy, object-len, object-ptr)",
			    name->valuestring, role->valuestring);
	n.role = (enum as_role)k;
	n.is_macro = is_macro;
	n.family = -1;
	if (fam && !cJSON_IsNull(fam)) {
		if (!cJSON_IsString(fam))
			return fail(c, name->valuestring, "entry \"%s\": \"family\" must be a string%s", name->valuestring, "");
		n.family = family_find(r, fam->valuestring);
		if (n.family < 0)
			return fail(c, name->valuestring, "entry \"%s\": unknown family \"%s\" (declare it under \"families\")",
				    name->valuestring, fam->valuestring);
	}
	if (shown && !cJSON_IsString(shown))
		return fail(c, name->valuestring, "entry \"%s\": \"shown_as\" must be a string%s", name->valuestring, "");
	if (cJSON_IsString(size)) {
		if (strcmp(size->valuestring, "strlen+1"))
			return fail(c, name->valuestring, "entry \"%s\": \"size\" must be an argument index or \"strlen+1\"%s",
				    name->valuestring, "");
		n.size_is_strlen1 = 1;
		n.size = AS_NO_ARG;
	} else if (arg_key(c, e, name->valuestring, "size", &n.size)) {
		return -1;
	}
	if (arg_key(c, e, name->valuestring, "count", &n.count) ||
	    arg_key(c, e, name->valuestring, "type", &n.type) ||
	    arg_key(c, e, name->valuestring, "ptr", &n.ptr) ||
	    arg_key(c, e, name->valuestring, "dst", &n.dst) ||
	    arg_key(c, e, name->valuestring, "src", &n.src) ||
	    arg_key(c, e, name->valuestring, "object", &n.object))
		return -1;
	if (n.type != AS_NO_ARG && !is_macro)
		return fail(c, name->valuestring, "entry \"%s\": \"type\" is for macros only (a function cannot take a type)%s",
			    name->valuestring, "");
	n.zeroed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "zeroed"));
	n.assigns = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "assigns"));
	/* "ptr_by_address", its first name, said only the &v half. */
	n.in_place = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "in_place")) ||
		     cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "ptr_by_address"));
	if (n.assigns && (!is_macro || (n.role != AS_ROLE_ALLOC && n.role != AS_ROLE_REALLOC) || n.ptr == AS_NO_ARG))
		return fail(c, name->valuestring,
			    "entry \"%s\": \"assigns\" is for macros of role alloc or realloc that store the block into "
			    "their \"ptr\" argument%s",
			    name->valuestring, "");
	if (n.in_place && (n.role != AS_ROLE_REALLOC || n.assigns))
		return fail(c, name->valuestring,
			    "entry \"%s\": \"in_place\" is for entries of role realloc that resize the block their \"ptr\" "
			    "argument holds, not ones that store a new block into it (\"assigns\")%s",
			    name->valuestring, "");
	for (size_t i = 0; i < r->nrules; i++)
		if (r->rules[i].is_macro == is_macro && !strcmp(r->rules[i].name, name->valuestring) &&
		    !strcmp(r->rules[i].pack, pack))
			return fail(c, name->valuestring, "entry \"%s\": named twice in \"%s\" (one entry per name)",
				    name->valuestring, list);
	if (args) {
		const cJSON *it;
		if (!cJSON_IsArray(args))
			return fail(c, name->valuestring, "entry \"%s\": \"args\" must be a list of argument indices%s",
				    name->valuestring, "");
		cJSON_ArrayForEach(it, args) {
			if (!cJSON_IsNumber(it) || it->valueint < 0 || n.nmul_args == AS_MAX_MUL_ARGS)
				return fail(c, name->valuestring, "entry \"%s\": \"args\" must hold at most 4 argument indices%s",
					    name->valuestring, "");
			n.mul_args[n.nmul_args++] = it->valueint;
		}
	}
	n.name = name->valuestring; /* borrowed for the messages of check_roles */
	if (check_roles(c, &n, cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "constructor"))))
		return -1;
	n.name = strdup(name->valuestring);
	n.shown_as = strdup(shown ? shown->valuestring : name->valuestring);
	n.pack = strdup(pack);
	n.library = c->library;
	if (!n.name || !n.shown_as || !n.pack)
		return fail(c, name->valuestring, "%s%s: out of memory", "", "");
	if (append_rule(r, &n))
		return fail(c, name->valuestring, "%s%s: out of memory", "", "");
	return 0;
}

static int load_list(struct as_rules *r, struct pack_ctx *c, const cJSON *root, const char *key, int is_macro)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, key), *it;

	if (!list)
		return 0;
	if (!cJSON_IsArray(list))
		return fail(c, key, "\"%s\" must be a list%s", key, "");
	cJSON_ArrayForEach(it, list)
		if (load_entry(r, c, it, is_macro, c->path))
			return -1;
	return 0;
}

int as_rules_load(struct as_rules *r, const char *path, struct as_error *err)
{
	struct pack_ctx c = { .path = path, .err = err };
	const char *end = NULL;
	cJSON *root, *fams, *it;
	char *text = read_file(path, err);
	int rc = -1;

	if (!text)
		return -1;
	c.text = text;
	root = cJSON_ParseWithOpts(text, &end, 0);
	if (!root) {
		int line = 1;
		for (const char *p = text; end && p < end; p++)
			line += *p == '\n';
		as_error_set(err, "%s:%d: malformed JSON near \"%.20s\"", path, line, end ? end : "");
		free(text);
		return -1;
	}
	if (!cJSON_IsObject(root)) {
		as_error_set(err, "%s:1: a rule pack must be a JSON object", path);
		goto out;
	}
	cJSON_ArrayForEach(it, root) {
		static const char *const top[] = { "pack", "description", "library", "families", "functions", "macros" };
		size_t k;
		for (k = 0; k < sizeof top / sizeof *top; k++)
			if (!strcmp(it->string, top[k]))
				break;
		if (k == sizeof top / sizeof *top) {
			fail(&c, it->string, "unknown top-level key \"%s\" (pack, description, library, families, functions, macros)%s",
			     it->string, "");
			goto out;
		}
	}
	c.library = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, "library"));
	fams = cJSON_GetObjectItemCaseSensitive(root, "families");
	if (fams && !cJSON_IsObject(fams)) {
		fail(&c, "families", "\"families\" must be an object%s%s", "", "");
		goto out;
	}
	cJSON_ArrayForEach(it, fams)
		if (load_family(r, &c, it))
			goto out;
	if (load_list(r, &c, root, "functions", 0) || load_list(r, &c, root, "macros", 1))
		goto out;
	if (reindex(r)) {
		as_error_set(err, "%s: out of memory", path);
		goto out;
	}
	rc = 0;
out:
	cJSON_Delete(root);
	free(text);
	return rc;
}

int as_rules_add(struct as_rules *r, const struct as_rule *e)
{
	struct as_rule n = *e;

	n.name = strdup(e->name);
	n.shown_as = strdup(e->shown_as ? e->shown_as : e->name);
	n.pack = strdup(e->pack ? e->pack : "");
	n.field = e->field ? strdup(e->field) : NULL;
	n.trace = e->trace ? strdup(e->trace) : NULL;
	if (!n.name || !n.shown_as || !n.pack || (e->field && !n.field) || (e->trace && !n.trace) ||
	    append_rule(r, &n)) {
		free(n.name);
		free(n.shown_as);
		free(n.pack);
		free(n.field);
		free(n.trace);
		return -1;
	}
	/* Into the index while it has room (a unit's summaries add one rule
	 * per helper: rebuilding it each time was quadratic); a later rule
	 * takes the slot of the same name. */
	if (r->fn_index && r->nrules * 2 + 2 <= r->index_cap) {
		struct as_rule *a = &r->rules[r->nrules - 1];
		int *index = a->is_macro ? r->macro_index : r->fn_index;
		index[find_slot(r, index, a->name, strlen(a->name))] = (int)(r->nrules - 1);
		return 0;
	}
	return reindex(r);
}

void as_rules_free(struct as_rules *r)
{
	for (size_t i = 0; i < r->nrules; i++) {
		free(r->rules[i].name);
		free(r->rules[i].shown_as);
		free(r->rules[i].pack);
		free(r->rules[i].field);
		free(r->rules[i].trace);
	}
	for (size_t i = 0; i < r->nfamilies; i++)
		family_free(&r->families[i]);
	free(r->rules);
	free(r->families);
	free(r->fn_index);
	free(r->macro_index);
	memset(r, 0, sizeof *r);
}
