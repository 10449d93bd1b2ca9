/* as_draft.h - a finding being built, and the helpers a fix uses to fill
 * it: reasons in words and the fix-its that apply it. */
#ifndef AS_DRAFT_H
#define AS_DRAFT_H

#include "as_facts.h"
#include "as_finding.h"

/* Strings are arena-owned until as_emit copies them; the rule and its
 * level are those of the detector that runs (as_sink). */
struct as_draft {
	const struct as_call *at; /* the reported site */
	const char *message;
	const struct as_call *alloc;
	const struct as_call *copy;
	const char *buffer, *source, *size, *family;
	int loop; /* innermost loop region, -1 if none */
	const char *fix, *reason, *fix_text;
	struct {
		unsigned begin, end;
		const char *text;
	} fixit[AS_MAX_FIXITS];
	int nfixits;
	int value; /* 0-100, see as_value.c */
	const char *value_reasons;
	/* A loop calling a grower: its reallocation's "REALPATH:LINE". */
	const char *grower;
};

/* A reason or note in words, formatted into the function's arena. */
const char *as_fix_say(struct as_fn *fn, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Adds a fix-it replacing fn->buf[begin, end) with text (arena-owned or
 * static) to the draft, written so that every line after the range keeps
 * its number: the line breaks the text lacks are added after it, and a
 * text with more of them than the range is joined on one line. -1, with
 * the draft's reason saying why, when the draft holds AS_MAX_FIXITS
 * already, the text cannot be joined (a // comment in it), or the text
 * calls libasrt and its header cannot be added to the file without moving
 * lines: the caller refuses the fix. */
int as_fix_edit(struct as_fn *fn, struct as_draft *d, unsigned begin, unsigned end, const char *text);
/* A fix whose edits cannot all be written (as_fix_edit) makes none: the
 * draft becomes manual, with as_fix_edit's reason. */
void as_fix_refuse_edits(struct as_draft *d);
#endif
