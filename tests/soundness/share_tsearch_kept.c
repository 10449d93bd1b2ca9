/* expect: no-share
 * trap: the copies' addresses are kept by a library (tsearch) and freed by
 *   it with free() (tdestroy): a shared copy must never reach free().
 */
#define _GNU_SOURCE
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char alpha[] = "alpha";
static const char beta[] = "beta";

static int cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

static int count;

static void walk(const void *node, VISIT v, int depth)
{
	(void)depth;
	if (v == leaf || v == postorder) {
		printf("  %s\n", *(char *const *)node);
		count++;
	}
}

int main(void)
{
	void *root = NULL;
	char *a = malloc(sizeof alpha); // site
	if (!a)
		return 1;
	memcpy(a, alpha, sizeof alpha);
	char *b = malloc(sizeof beta); // site
	if (!b)
		return 1;
	memcpy(b, beta, sizeof beta);
	if (!tsearch(a, &root, cmp) || !tsearch(b, &root, cmp))
		return 1;
	twalk(root, walk);
	printf("%d keys\n", count);
	tdestroy(root, free);
	return 0;
}
