#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char shared_text[16] = "before";
void install_printers(void);

int main(void)
{
	install_printers();
	char *p = malloc(sizeof shared_text); // site
	if (!p)
		return 1;
	printf("%s|%d\n", "label", 1);
	memcpy(p, shared_text, sizeof shared_text);
	fputs(p, stdout);
	fputs("\n", stdout);
	free(p);
	return 0;
}
