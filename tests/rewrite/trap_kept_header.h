/* The list type of trap_kept_header.c, in a header: other units may
 * include it and use the field. */
#ifndef TRAP_KEPT_HEADER_H
#define TRAP_KEPT_HEADER_H

struct list {
	long **v;
	int n;
};

#endif
