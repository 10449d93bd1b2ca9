#define _GNU_SOURCE
#include <stdio.h>
#include "sink.h"

static ssize_t scribble(void *cookie, const char *buf, size_t n)
{
	(void)cookie;
	if (n > 4096)
		((char *)buf)[2] = 'T';
	return (ssize_t)n;
}

FILE *open_sink(void)
{
	cookie_io_functions_t io = { NULL, scribble, NULL, NULL };
	return fopencookie(NULL, "w", io);
}
