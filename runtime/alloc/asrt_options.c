/* Options: one table (ASRT_OPTIONS in asrt_internal.h), read from the
 * environment once, on the heap's first use. Reading environ and strtol
 * do not allocate, so this is safe inside malloc's own initialisation. */
#include "asrt_internal.h"

#include <stdlib.h>
#include <string.h>

static const char *const opt_names[ASRT_OPT_COUNT] = {
#define ASRT_OPT_NAME(name, def, desc) "ASRT_" #name,
	ASRT_OPTIONS(ASRT_OPT_NAME)
#undef ASRT_OPT_NAME
};

long asrt_option_values[ASRT_OPT_COUNT] = {
#define ASRT_OPT_DEFAULT(name, def, desc) def,
	ASRT_OPTIONS(ASRT_OPT_DEFAULT)
#undef ASRT_OPT_DEFAULT
};

static const char *opt_texts[ASRT_OPT_COUNT];
static char seen[ASRT_OPT_COUNT];

extern char **environ;

/* A number with an optional k/m/g suffix; def when s is none. */
static long parse_number(const char *s, long def)
{
	char *end;
	long v = strtol(s, &end, 0);
	if (end == s)
		return def;
	switch (*end) {
	case 'k':
	case 'K': return v << 10;
	case 'm':
	case 'M': return v << 20;
	case 'g':
	case 'G': return v << 30;
	default: return v;
	}
}

/* One pass over the environment rather than a getenv per option (a
 * tenth of the instructions, paid by the program's first malloc); as
 * getenv, the first definition of a name counts. */
void asrt_options_init(void)
{
	for (char **e = environ; e && *e; e++) {
		const char *v = *e; /* by hand: a call per variable costs more */
		if (v[0] != 'A' || v[1] != 'S' || v[2] != 'R' || v[3] != 'T' || v[4] != '_')
			continue;
		for (int i = 0; i < ASRT_OPT_COUNT; i++) {
			size_t n = strlen(opt_names[i]);
			if (strncmp(*e, opt_names[i], n) != 0 || (*e)[n] != '=')
				continue;
			const char *s = *e + n + 1;
			if (!seen[i] && *s) {
				opt_texts[i] = s;
				asrt_option_values[i] = parse_number(s, asrt_option_values[i]);
			}
			seen[i] = 1;
			break;
		}
	}
}

const char *asrt_option_text(enum asrt_option opt)
{
	return opt_texts[opt];
}
