#include <stdio.h>
#include <stdlib.h>

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
		double *n = realloc(st.items, st.depth * sizeof(double));
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
