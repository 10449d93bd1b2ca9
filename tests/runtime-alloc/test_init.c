/* The heap's first calls may come from the dynamic loader or from dlsym and
 * dlerror (which calloc their messages) before main, from a constructor. */
#include "check.h"

#include <dlfcn.h>
#include <malloc.h>
#include <string.h>

static void *(*next_malloc)(size_t);
static int early_ok;

__attribute__((constructor(101))) static void early(void)
{
	next_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
	/* A failing lookup makes dlerror allocate its message. */
	void *none = dlsym(RTLD_DEFAULT, "asrt_no_such_symbol_here");
	const char *msg = dlerror();
	void *p = calloc(3, 100);
	early_ok = none == NULL && msg != NULL && p != NULL;
	free(p);
}

int main(void)
{
	EXPECT(early_ok);
	/* dlopen allocates link maps and TLS through the heap. */
	void *h = dlopen("libm.so.6", RTLD_NOW);
	EXPECT(h != NULL);
	if (h)
		EXPECT(dlsym(h, "cos") != NULL);
	if (h)
		dlclose(h);
	void *p = malloc(1000);
	EXPECT(p && malloc_usable_size(p) >= 1000);
	free(p);
	return check_status("test_init");
}
