#include <stdlib.h>
#include <string.h>

#include "minirt.h"

/* One copy per name, kept by the table: the table's own data. */
char **symbols_intern(char *const *names, int n)
{
	char **table = calloc((size_t)n, sizeof *table);

	for (int i = 0; table && i < n; i++)
		table[i] = strdup(names[i]);
	return table;
}

/* A private copy of each key for a lookup that only reads it, freed
 * before the next: a copy made for nothing. */
int symbols_count(char *const *table, int n, char *const *keys, int k)
{
	int found = 0;

	for (int i = 0; i < k; i++) {
		char *key = strdup(keys[i]);

		if (!key)
			return -1;
		for (int j = 0; j < n; j++)
			if (table[j] && !strcmp(table[j], key))
				found++;
		free(key);
	}
	return found;
}
