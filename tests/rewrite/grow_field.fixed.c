#include <stdio.h>
#include <stdlib.h>
#include <asrt/asrt.h>
struct stack {
	double *items;
	size_t depth;
};

int main(void)
{
	struct stack st = { NULL, 0 };
	double acc = 0;
	for (int i = 0; i < 5000; i++) {
		st.depth++;
		// ruleid: realloc-churn fix: grow
		double *n = asrt_grow_at(st.items, st.depth * sizeof(double), "grow_field.c:16");
		if (!n) {
			free(st.items);
			return 1;
		}
		st.items = n;
		st.items[st.depth - 1] = i * 0.5;
	}
	for (size_t i = 0; i < st.depth; i++)
		acc += st.items[i];
	printf("%.1f\n", acc);
	free(st.items);
	return 0;
}
