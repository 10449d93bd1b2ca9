/* expect: no-share
 * trap: the copy's address is compared with the source's through their
 *   texts: printf's %p (a reading conversion: it reads the pointer, not
 *   the bytes it points at) writes both to stdout, which the program has
 *   pointed at a temporary file it reads back. A fresh block is never the
 *   immutable source; a shared copy of read-only bytes is the source
 *   itself (S4 under another spelling: no == between the pointers).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char text[] = "where am I";

int main(void)
{
	FILE *tmp = tmpfile();
	int saved = dup(1);
	char a[64] = "", b[64] = "";

	if (!tmp || saved < 0)
		return 1;
	fflush(stdout);

	char *c = malloc(sizeof text); // site

	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	/* Both addresses as text, into the temporary file, read back. */
	if (dup2(fileno(tmp), 1) < 0)
		return 1;
	printf("%p\n%p\n", (const void *)c, (const void *)text);
	fflush(stdout);
	if (dup2(saved, 1) < 0)
		return 1;
	rewind(tmp);
	if (!fgets(a, sizeof a, tmp) || !fgets(b, sizeof b, tmp))
		return 1;
	printf("%s: %s\n", c, strcmp(a, b) ? "a copy" : "the source itself");
	free(c);
	fclose(tmp);
	return 0;
}
