#ifndef ROOM_H
#define ROOM_H
#pragma GCC system_header
#include <malloc.h>

static inline size_t room(void *p)
{
	return malloc_usable_size(p);
}
#endif
