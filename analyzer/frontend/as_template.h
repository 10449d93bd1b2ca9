/* as_template.h - a rule pack's fix templates checked when the pack is
 * loaded, so that a broken one is one line naming the pack, not C that
 * does not compile in a user's rewritten file. */
#ifndef AS_TEMPLATE_H
#define AS_TEMPLATE_H

/* What is wrong with template t of family key key ("memdup", "grow",
 * "mul", "share"), as words for an error line; NULL when it is a sound expression:
 * brackets balanced and literals closed outside literals, only the
 * placeholders the key offers, the ones it needs present. */
const char *as_template_check(const char *t, const char *key);

#endif
