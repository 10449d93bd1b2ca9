/* expect: refused
 * trap: a second array declared with an asm label naming the source's
 *   symbol is the same object under another name: a store to it between
 *   the pair writes the source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char label_buf[8] = "labels";
extern char other_name[8] __asm__("label_buf");

int main(void)
{
	char *p = malloc(sizeof label_buf); // site
	if (!p)
		return 1;
	other_name[0] = 'L';
	memcpy(p, label_buf, sizeof label_buf);
	printf("%s %s\n", p, label_buf);
	free(p);
	return 0;
}
