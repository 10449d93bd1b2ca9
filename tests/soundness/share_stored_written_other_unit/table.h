#ifndef TABLE_H
#define TABLE_H
struct table {
	char *label;
};
int table_init(struct table *t);
void table_mark(struct table *t);
#endif
