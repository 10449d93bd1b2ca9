#include <stdio.h>
extern char g_src[16];
FILE *open_sink(void);
