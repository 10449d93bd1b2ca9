#include "as_template.h"

#include <ctype.h>
#include <string.h>

/* The placeholders of each template; the needed ones first. */
static const struct {
	const char *key;
	const char *names[3];
	int needed;
} places[] = {
	{ "memdup", { "src", "size", "site" }, 2 },
	{ "grow", { "ptr", "size", "site" }, 2 },
	{ "mul", { "src", "size", NULL }, 2 },
	{ "share", { "obj", "len", "site" }, 2 },
};

const char *as_template_check(const char *t, const char *key)
{
	char stack[64];
	size_t depth = 0;
	int seen[3] = { 0 }, k = -1;

	for (size_t i = 0; i < sizeof places / sizeof *places; i++)
		if (!strcmp(places[i].key, key))
			k = (int)i;
	if (k < 0)
		return "unknown template";
	if (!*t)
		return "the template is empty";
	for (const char *p = t; *p; p++) {
		if (*p == '"' || *p == '\'') {
			char q = *p;
			while (*++p && *p != q)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				return q == '"' ? "a string literal is not closed" : "a character literal is not closed";
		} else if (*p == '(' || *p == '[' || *p == '{') {
			if (depth == sizeof stack)
				return "brackets nested too deep";
			stack[depth++] = *p == '(' ? ')' : *p == '[' ? ']'
								     : '}';
		} else if (*p == ')' || *p == ']' || *p == '}') {
			if (!depth || stack[--depth] != *p)
				return "unbalanced brackets";
		} else if (*p == ';') {
			return "a ';': a template is one expression";
		} else if (*p == '$') {
			size_t n = 0;
			int known = 0;
			while (isalnum((unsigned char)p[1 + n]) || p[1 + n] == '_')
				n++;
			for (int i = 0; i < 3 && places[k].names[i]; i++)
				if (strlen(places[k].names[i]) == n && !strncmp(p + 1, places[k].names[i], n))
					seen[i] = known = 1;
			if (!known)
				return "an unknown placeholder";
			p += n;
		}
	}
	if (depth)
		return "unbalanced brackets";
	for (int i = 0; i < places[k].needed; i++)
		if (!seen[i])
			return "a placeholder it needs is missing";
	return NULL;
}
