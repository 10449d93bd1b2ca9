#include <stdio.h>
FILE *open_sink(void);
