/* Options: one table (ASRT_OPTIONS in asrt_internal.h), read from the
 * environment once, on the heap's first use. getenv and strtol do not
 * allocate, so this is safe inside malloc's own initialisation. */
#include "asrt_internal.h"

#include <stdlib.h>

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

void asrt_options_init(void)
{
	for (int i = 0; i < ASRT_OPT_COUNT; i++) {
		const char *s = getenv(opt_names[i]);
		if (s && *s) {
			opt_texts[i] = s;
			asrt_option_values[i] = parse_number(s, asrt_option_values[i]);
		}
	}
}

const char *asrt_option_text(enum asrt_option opt)
{
	return opt_texts[opt];
}
