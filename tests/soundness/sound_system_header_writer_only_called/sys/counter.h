/* A library's header: a counter bumped by an inline function. */
#ifndef COUNTER_H
#define COUNTER_H
static int counter_total;

static inline int counter_bump(int by)
{
	counter_total += by;
	return counter_total;
}
#endif
