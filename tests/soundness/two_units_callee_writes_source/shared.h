#ifndef SHARED_H
#define SHARED_H
extern char g_name[16];
void note_use(void);
#endif
