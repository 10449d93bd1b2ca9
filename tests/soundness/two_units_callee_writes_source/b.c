#include "shared.h"

void note_use(void)
{
	g_name[0] = 'E';
}
