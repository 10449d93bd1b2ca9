/* test_wire.c - a finding, and a unit's exports, sent through the wire
 * format (driver/as_wire.c) come back field for field; every shorter
 * message is refused without a partial finding. The finding's fields come
 * from AS_FINDING_FIELDS, so a field the wire forgets fails here. */
#include "as_detect.h"
#include "as_wire.h"
#include "check.h"

#include <stdlib.h>

/* Field number k gets a value of its own. */
#define SET_RULE(name, k) f->name = as_detectors[as_ndetectors - 1].rule;
#define SET_SEV(name, k) f->name = AS_SEV_INFO;
#define SET_STR(name, k) f->name = strdup(#name);
#define SET_SITE(name, k) (f->name.expr = strdup(#name), f->name.line = 1000 + (k));
#define SET_UINT(name, k) f->name = 4000000000u - (k);
#define SET_INT(name, k) f->name = -(k);
#define SET_FLAG(name, k) f->name = 1;
#define SET_HASH(name, k) f->name = 0xfedcba9876543210ull + (k);
/* Measured counts stay in the scan's process: never sent. */
#define SET_MEASURE(name, k) f->name = calloc(1, sizeof *f->name);
#define SET_FIXITS(name, k)                                              \
	for (f->n##name = 0; f->n##name < AS_MAX_FIXITS; f->n##name++) { \
		f->name[f->n##name].begin = 7u * f->n##name;             \
		f->name[f->n##name].end = 7u * f->n##name + 3;           \
		f->name[f->n##name].text = strdup(#name);                \
	}
#define SET_FIELD(type, name, json, jkey, sarif, skey) SET_##type(name, __LINE__ % 97)

static void fill(struct as_finding *f)
{
	memset(f, 0, sizeof *f);
	AS_FINDING_FIELDS(SET_FIELD)
}

#define SAME_RULE(name) EXPECT(a->name == b->name);
#define SAME_SEV(name) EXPECT(a->name == b->name);
#define SAME_STR(name) EXPECT(a->name && b->name && !strcmp(a->name, b->name));
#define SAME_SITE(name) (EXPECT(!strcmp(a->name.expr, b->name.expr)), EXPECT(a->name.line == b->name.line));
#define SAME_UINT(name) EXPECT(a->name == b->name);
#define SAME_INT(name) EXPECT(a->name == b->name);
#define SAME_FLAG(name) EXPECT(a->name == b->name);
#define SAME_MEASURE(name) EXPECT(a->name && !b->name);
#define SAME_HASH(name) EXPECT(a->name == b->name);
#define SAME_FIXITS(name)                                                  \
	if (EXPECT(a->n##name == b->n##name))                              \
		for (int i = 0; i < a->n##name; i++) {                     \
			EXPECT(a->name[i].begin == b->name[i].begin);      \
			EXPECT(a->name[i].end == b->name[i].end);          \
			EXPECT(!strcmp(a->name[i].text, b->name[i].text)); \
		}
#define SAME_FIELD(type, name, json, jkey, sarif, skey) SAME_##type(name)

static void same(const struct as_finding *a, const struct as_finding *b)
{
	AS_FINDING_FIELDS(SAME_FIELD)
}

static void findings(void)
{
	struct as_findings out, back;
	struct as_finding f;
	struct as_wire w = { 0 };

	as_findings_init(&out);
	fill(&f);
	ASSERT(!as_findings_add(&out, &f));
	as_wire_put_findings(&w, &out);
	ASSERT(!w.oom);

	as_findings_init(&back);
	struct as_wire_in r = { w.p, w.n, 0, 0 };
	as_wire_get_findings(&r, &back);
	EXPECT(!r.bad && r.off == w.n);
	if (EXPECT(back.n == 1))
		same(&out.v[0], &back.v[0]);
	as_findings_free(&back);

	/* Every cut of the message is refused, and leaves nothing behind. */
	for (size_t len = 0; len < w.n; len++) {
		struct as_wire_in cut = { w.p, len, 0, 0 };
		as_findings_init(&back);
		as_wire_get_findings(&cut, &back);
		if (!EXPECT(len == 0 || cut.bad) || !EXPECT(back.n == 0))
			fprintf(stderr, "  message cut at %zu of %zu bytes\n", len, w.n);
		as_findings_free(&back);
	}
	as_wire_free(&w);
	as_findings_free(&out);
}

static void exports(void)
{
	struct as_rule rule = { .name = "xmalloc", .shown_as = "XMALLOC", .pack = "p.json", .role = AS_ROLE_ALLOC, .is_macro = 1, .family = 2, .size = 1, .count = AS_NO_ARG, .type = 3, .ptr = 0, .dst = AS_NO_ARG, .src = AS_NO_ARG, .size_is_strlen1 = 1, .zeroed = 1, .assigns = 1, .in_place = 1, .field = "ptr", .trace = "mk\ta.c\t3\treturns malloc(n)\n", .mul_args = { 4, 5 }, .nmul_args = 2, .scale = -8, .add = 1LL << 40, .summary = 1 };
	struct as_grower grower = { .name = "buf_push", .file = "buf.c", .line = 77, .buffer = "b->p" };
	struct as_exports x = { 0 }, y = { 0 };
	struct as_wire w = { 0 };

	ASSERT(!as_exports_add(&x, "xmalloc", "a.c:10", &rule, NULL));
	ASSERT(!as_exports_add(&x, "buf_push", "buf.c:5", NULL, &grower));
	as_wire_put_exports(&w, &x);
	struct as_wire_in r = { w.p, w.n, 0, 0 };
	as_wire_get_exports(&r, &y);
	EXPECT(!r.bad && r.off == w.n);
	if (EXPECT(y.n == 2)) {
		const struct as_rule *a = y.v[0].rule;
		const struct as_grower *g = y.v[1].grower;
		EXPECT(!strcmp(y.v[0].name, "xmalloc") && !strcmp(y.v[0].where, "a.c:10") && !y.v[0].grower);
		if (EXPECT(a != NULL)) {
			EXPECT(!strcmp(a->name, "xmalloc") && !strcmp(a->shown_as, "XMALLOC") && !strcmp(a->pack, "p.json"));
			EXPECT(a->role == AS_ROLE_ALLOC && a->is_macro == 1 && a->family == 2);
			EXPECT(a->size == 1 && a->count == AS_NO_ARG && a->type == 3 && a->ptr == 0);
			EXPECT(a->dst == AS_NO_ARG && a->src == AS_NO_ARG);
			EXPECT(a->size_is_strlen1 == 1 && a->zeroed == 1 && a->assigns == 1 && a->in_place == 1);
			EXPECT(a->field && !strcmp(a->field, "ptr") && a->trace &&
			       !strcmp(a->trace, "mk\ta.c\t3\treturns malloc(n)\n"));
			EXPECT(a->nmul_args == 2 && a->mul_args[0] == 4 && a->mul_args[1] == 5);
			EXPECT(a->scale == -8 && a->add == 1LL << 40 && a->summary == 1);
		}
		EXPECT(!y.v[1].rule);
		if (EXPECT(g != NULL))
			EXPECT(!strcmp(g->name, "buf_push") && !strcmp(g->file, "buf.c") && g->line == 77 &&
			       !strcmp(g->buffer, "b->p"));
	}
	as_exports_free(&y);
	as_exports_free(&x);
	as_wire_free(&w);
}

int main(void)
{
	findings();
	exports();
	return check_status("analyzer/wire");
}
