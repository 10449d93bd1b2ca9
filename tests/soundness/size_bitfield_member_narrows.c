/* expect: refused
 * trap: the copy's size is read back from a 3-bit field the allocation's
 *   size was stored into: 12 becomes 4.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hdr {
	unsigned len : 3;
};

static const char word[] = "bitfield-x!";

int main(void)
{
	size_t n = sizeof word;
	struct hdr h;
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	h.len = n;
	memcpy(p, word, h.len);
	printf("[%s] %u\n", p, (unsigned)h.len);
	free(p);
	return 0;
}
