/* as_detectors.c - the rules: one row each, read by the scan (which runs
 * them), the reports (ids, texts, levels) and --help. Adding a rule is a row
 * here, its detector file and its fixtures (CONTRIBUTING.md). */
#include "as_detect.h"

#include <string.h>

void as_detect_alloc_copy(struct as_fn *fn, struct as_sink *sink);
void as_detect_realloc_churn(struct as_fn *fn, struct as_sink *sink);
void as_detect_dup_call(struct as_fn *fn, struct as_sink *sink);
void as_detect_object_copy(struct as_fn *fn, struct as_sink *sink);

#define ROLE(r) (1u << AS_ROLE_##r)

const struct as_detector as_detectors[] = {
	{
		.rule = "alloc-copy",
		.severity = AS_SEV_WARNING,
		.summary = "A buffer is allocated and then filled by a copy of the same size",
		.help = "The allocation and the copy can be one call (memdup), or the copy can share the source "
			"copy-on-write when the source never changes while the copy lives.",
		.usage = "malloc/calloc/ALLOC_N... then memcpy/memmove/MEMCPY/strcpy of\n"
			 "the same size into the new buffer",
		.roles = ROLE(ALLOC) | ROLE(COPY) | ROLE(FREE) | ROLE(SIZE_MUL) | ROLE(READ),
		.fixes = "memdup, share",
		.run = as_detect_alloc_copy,
	},
	{
		.rule = "realloc-churn",
		.severity = AS_SEV_WARNING,
		.summary = "A buffer is regrown by an additive step on every pass of a loop",
		.help = "Each step may copy the whole buffer, so the total is quadratic and the heap fragments; "
			"geometric growth (asrt_grow) makes it amortised O(1).",
		.usage = "realloc in a loop with an additive size step and no capacity\n"
			 "guard",
		.roles = ROLE(REALLOC) | ROLE(GROW),
		.fixes = "grow",
		.run = as_detect_realloc_churn,
	},
	{
		.rule = "dup-call",
		.severity = AS_SEV_INFO,
		.summary = "A duplication in a loop copies the same bytes on every pass, or a copy the pass frees",
		.help = "Copies of the same bytes can be one copy, and a copy that lives one pass can often be the "
			"source itself or one reused buffer; check whether each copy must be private.",
		.usage = "strdup, rb_ary_dup, ... in a loop: the same source\n"
			 "on every pass, or a copy the pass frees",
		.roles = ROLE(DUP) | ROLE(OBJECT_COPY),
		.fixes = "",
		.run = as_detect_dup_call,
	},
	{
		.rule = "object-copy",
		.severity = AS_SEV_WARNING,
		.summary = "A new object is made from a copy of another object's whole buffer",
		.help = "The runtime's own copy-on-write (a pack's share template, such as rb_ary_subseq) can share "
			"the buffer instead of allocating and copying it; the finding names the invariant that makes "
			"this sound.",
		.usage = "rb_ary_new_from_values(RARRAY_LEN(a), RARRAY_CONST_PTR(a))\n"
			 "and such copies of one object's buffer",
		.roles = ROLE(OBJECT_COPY) | ROLE(OBJECT_LEN) | ROLE(OBJECT_PTR),
		.fixes = "share",
		.run = as_detect_object_copy,
	},
};

const int as_ndetectors = sizeof as_detectors / sizeof *as_detectors;

const struct as_detector *as_detector_find(const char *rule)
{
	for (int i = 0; i < as_ndetectors; i++)
		if (!strcmp(as_detectors[i].rule, rule))
			return &as_detectors[i];
	return NULL;
}
