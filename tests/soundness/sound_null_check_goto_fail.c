/* expect: rewritten
 * sound: the NULL check's failure branch jumps to a cleanup label after the
 *   copy; the copy itself is unconditional on the success path.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int copy_pair(const char *a, size_t na, char **out)
{
	int rc = -1;
	char *p = malloc(na); // site
	if (p == NULL)
		goto fail;
	memcpy(p, a, na);
	*out = p;
	rc = 0;
fail:
	return rc;
}

int main(void)
{
	char s[] = "cleanup label";
	char *d = NULL;
	if (copy_pair(s, sizeof s, &d))
		return 1;
	s[0] = 'C';
	printf("%s %s\n", d, s);
	free(d);
	return 0;
}
