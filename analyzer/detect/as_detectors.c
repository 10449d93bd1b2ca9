/* as_detectors.c - the list of detectors: adding one is one line here. */
#include "as_detect.h"

void as_detect_alloc_copy(struct as_fn *fn, struct as_sink *sink);
void as_detect_realloc_churn(struct as_fn *fn, struct as_sink *sink);
void as_detect_dup_call(struct as_fn *fn, struct as_sink *sink);

const struct as_detector as_detectors[] = {
	{ "alloc-copy", as_detect_alloc_copy },
	{ "realloc-churn", as_detect_realloc_churn },
	{ "dup-call", as_detect_dup_call },
};

const int as_ndetectors = sizeof as_detectors / sizeof *as_detectors;
