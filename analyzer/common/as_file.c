#include "as_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *as_file_read(const char *path, size_t *len, struct as_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, got;

	if (!f) {
		as_error_set(err, "%s: %s", path, strerror(errno));
		return NULL;
	}
	/* Read until EOF rather than trust a size: a FIFO or /proc file has none. */
	do {
		if (n + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = (cap + 4096) * 2);
			if (!nb) {
				free(buf);
				fclose(f);
				as_error_set(err, "%s: out of memory", path);
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got);
	if (ferror(f)) {
		as_error_set(err, "%s: cannot read: %s", path, strerror(errno));
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}
