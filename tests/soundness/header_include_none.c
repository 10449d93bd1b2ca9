/* expect: rewritten
 * sound: the file has no #include at all (it declares what it uses): the
 *   runtime's include must still be inserted before its first use.
 */
typedef __SIZE_TYPE__ size_t;
void *malloc(size_t);
void free(void *);
void *memcpy(void *, const void *, size_t);
int printf(const char *, ...);

int main(void)
{
	char buf[] = "no includes";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
