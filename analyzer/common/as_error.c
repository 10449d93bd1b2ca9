#include "as_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int as_error_set(struct as_error *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

const char *as_error_path(const char *path, char *buf)
{
	size_t n = strlen(path), half = AS_ERROR_PATH_SHOWN / 2;

	if (n <= AS_ERROR_PATH_SHOWN)
		return path;
	snprintf(buf, AS_ERROR_PATH_SHOWN + 4, "%.*s...%s", (int)half, path, path + n - half);
	return buf;
}
