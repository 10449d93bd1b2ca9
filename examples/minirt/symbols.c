#include <stdlib.h>
#include <string.h>

#include "minirt.h"

char **symbols_intern(char *const *names, int n)
{
	char **table = calloc((size_t)n, sizeof *table);

	for (int i = 0; table && i < n; i++)
		table[i] = strdup(names[i]);
	return table;
}
