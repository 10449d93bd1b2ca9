#ifndef PREP_H
#define PREP_H
#ifdef FAST
#define PREP(s) ((void)0)
#else
#define PREP(s) ((s)[0] = 'P')
#endif
#endif
