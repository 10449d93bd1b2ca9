/* The project's own <asrt/asrt.h>: "asrt" is its assertion library,
 * nothing to do with libasrt. Its path is the runtime header's. */
#ifndef PROJECT_ASRT_ASRT_H
#define PROJECT_ASRT_ASRT_H
#include <stdio.h>
#include <stdlib.h>
#define ASRT_CHECK(cond) ((cond) ? (void)0 : (fprintf(stderr, "check failed: %s\n", #cond), abort()))
#endif
