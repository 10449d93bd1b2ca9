/* expect: no-share
 * trap: the unit declares free with an asm label binding it to its own
 *   counting free (which calls the library's through a second label): a
 *   shared copy's free becomes asrt_cow_release and the count is lost.
 */
#include <stddef.h>
#include <stdio.h>

void *malloc(size_t n);
void free(void *p) __asm__("counting_free");
char *strcpy(char *d, const char *s);
size_t strlen(const char *s);
void library_free(void *p) __asm__("free");

static int frees;

void counting_free(void *p);
void counting_free(void *p)
{
	frees++;
	library_free(p);
}

int main(void)
{
	char *c = malloc(sizeof "free label"); // site
	if (!c)
		return 1;
	strcpy(c, "free label");
	printf("%s\n", c);
	free(c);
	printf("frees %d\n", frees);
	return 0;
}
