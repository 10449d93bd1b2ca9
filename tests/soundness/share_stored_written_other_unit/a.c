#include <stdlib.h>
#include <string.h>
#include "table.h"

static const char label[] = "label";

int table_init(struct table *t)
{
	t->label = malloc(sizeof label); // site
	if (!t->label)
		return -1;
	memcpy(t->label, label, sizeof label);
	return 0;
}
