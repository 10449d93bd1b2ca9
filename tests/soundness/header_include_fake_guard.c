/* expect: rewritten
 * sound: the file opens with '#ifndef X / #define X' that is not a guard
 *   (its #endif closes before the code); the include must not go inside
 *   a block that the next configuration turns off.
 * configs: | -DFAKE_GUARD
 */
#ifndef FAKE_GUARD
#define FAKE_GUARD
#include <stdio.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "fake guard";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
