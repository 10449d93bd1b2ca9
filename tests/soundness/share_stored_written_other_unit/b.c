#include <stdio.h>
#include <stdlib.h>
#include "table.h"

void table_mark(struct table *t)
{
	t->label[0] = 'L';
}

int main(void)
{
	struct table t;
	if (table_init(&t))
		return 1;
	table_mark(&t);
	printf("%s\n", t.label);
	free(t.label);
	return 0;
}
