/* expect: no-share
 * trap: share_address_printed_p with an offset: the address printed with
 *   %p is c + 1, pointer arithmetic whose result is still an address in
 *   the copy. A shared copy of read-only bytes is the source itself.
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
	printf("%p\n%p\n", (const void *)(c + 1), (const void *)(text + 1));
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
