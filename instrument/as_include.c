/* as_include.c - the edit that adds the runtime's #include to a file
 * (as_include.h), where as_include_place.c finds it room. */
#include "as_include.h"

#include <stdio.h>
#include <string.h>

#include "as_include_place.h"

int as_include_add(struct as_edits *set, const char *buf, size_t len, const char *header, int angle,
		   struct as_error *err)
{
	if (as_has_include(buf, len, header))
		return 0;
	return as_include_add_at(set, buf, len, as_include_offset(buf, len), header, angle, err);
}

int as_include_add_at(struct as_edits *set, const char *buf, size_t len, size_t at, const char *header, int angle,
		      struct as_error *err)
{
	size_t n, nl, blank, end;
	unsigned long number;
	const char *eol = "\n";
	int bom;
	char line[600];

	if (at > len)
		return as_error_set(err, "include place %zu past the end of the file", at);
	/* The file's line ending: that of its first line. */
	nl = 0;
	while (nl < len && buf[nl] != '\n')
		nl++;
	if (nl < len && nl > 0 && buf[nl - 1] == '\r')
		eol = "\r\n";
	/* Lines keep their numbers: the include takes a blank line's place. */
	if (at < len && (blank = as_include_blank_line(buf, len, at, &end)) != (size_t)-1) {
		n = (size_t)snprintf(line, sizeof line, "#include %c%s%c", angle ? '<' : '"', header, angle ? '>' : '"');
		if (n >= sizeof line)
			return as_error_set(err, "header name too long: %s", header);
		return as_edits_addn(set, blank, end, line, n, err);
	}
	/* The offset starts a line, except at the end of a file whose last line
	 * has no newline (or right after a byte order mark). */
	bom = at == 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0;
	n = (size_t)snprintf(line, sizeof line, "%s#include %c%s%c%s", at > 0 && buf[at - 1] != '\n' && !bom ? eol : "",
			     angle ? '<' : '"', header, angle ? '>' : '"', eol);
	/* No blank line: a #line gives the next line its number back. At the
	 * file's end no line follows. */
	if (n < sizeof line && at < len && as_include_line_number(buf, len, at, &number))
		n += (size_t)snprintf(line + n, sizeof line - n, "#line %lu%s", number, eol);
	if (n >= sizeof line)
		return as_error_set(err, "header name too long: %s", header);
	return as_edits_addn(set, at, at, line, n, err);
}
