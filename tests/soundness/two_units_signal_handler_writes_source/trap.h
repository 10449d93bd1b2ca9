#ifndef TRAP_H
#define TRAP_H
extern char src[16];
/* A page no access is allowed to until the handler opens it. */
char *install_trap(void);
#endif
