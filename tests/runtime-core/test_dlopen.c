/* test_dlopen.c PLUGIN — borrowing from an object loaded after the first
 * scan (the helpers rescan when the loader's counters moved), and pinning:
 * after dlclose the borrowed table is still mapped and readable. */
#define _GNU_SOURCE /* RTLD_NOLOAD */
#include <dlfcn.h>
#include <string.h>

#include <asrt/asrt.h>
#include "asrt_core_internal.h"
#include "check.h"

int main(int argc, char **argv)
{
	EXPECT(argc == 2);
	if (argc != 2)
		return check_status("runtime-core/test_dlopen");
	/* The first scan, before the plugin exists. */
	asrt_cow_release(asrt_cow_share("scan now", 9));
	void *h = dlopen(argv[1], RTLD_NOW);
	EXPECT(h != NULL);
	if (!h)
		return check_status("runtime-core/test_dlopen");
	const int *(*get)(void) = (const int *(*)(void))dlsym(h, "plugin_table_get");
	EXPECT(get != NULL);
	if (!get)
		return check_status("runtime-core/test_dlopen");
	const int *table = get();
	/* The helpers ask the loader for new objects on one miss in 64: the
   * first shares may still be copies. */
	const int *p = NULL;
	int copies = 0;
	for (; copies < 1000; copies++) {
		p = asrt_cow_share(table, 64 * sizeof(int));
		if (p == table)
			break;
		asrt_cow_release((void *)p);
	}
	EXPECT(p == table && copies <= 64);
	EXPECT(asrt__core_cow_refs(p) == 0);
	dlclose(h);
	/* Pinned: dlclose kept the object, so the borrow is still good. */
	EXPECT(dlopen(argv[1], RTLD_NOW | RTLD_NOLOAD) != NULL);
	EXPECT(p[0] == 42);
	int *w = asrt_cow_mut((void *)p, 64 * sizeof(int));
	EXPECT(w && w[0] == 42 && w != table);
	asrt_cow_release(w);
	asrt_cow_release((void *)p);
	return check_status("runtime-core/test_dlopen");
}
