/* as_cc_command.h - what a compiler command line compiles: allocscan-cc
 * analyses the C files a wrapped command compiles, and nothing of a link,
 * a preprocessing run or another language. */
#ifndef AS_CC_COMMAND_H
#define AS_CC_COMMAND_H

/* The indexes in argv (argv[0] the compiler, argc words) of the C files
 * the command compiles (to objects, assembly, or an executable), into idx
 * (room for argc); their count. None when it only preprocesses (-E, or -M
 * or -MM without -MD/-MMD), for a file of another language (by its name,
 * or -x other than c), or for "-" (standard input). */
int as_cc_sources(char *const *argv, int argc, int *idx);
/* Whether a file named so is one of autoconf's probes (conftest.c): what
 * it prints on stderr, configure may read as the compiler's. */
int as_cc_is_probe(const char *file);

#endif
