/* The project's own assertion header, guarded by ASRT_H like the runtime's. */
#ifndef ASRT_H
#define ASRT_H
#include <stdio.h>
#include <stdlib.h>
#define ASRT(cond) ((cond) ? (void)0 : (fprintf(stderr, "failed: %s\n", #cond), abort()))
#endif
