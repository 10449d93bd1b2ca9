#ifndef WORDS_H
#define WORDS_H
#pragma GCC system_header
#include <stddef.h>
#include <string.h>

static size_t word_len(const char *s)
{
	return strlen(s);
}
#endif
