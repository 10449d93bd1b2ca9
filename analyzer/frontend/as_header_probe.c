/* as_header_probe.c - resolve <asrt/asrt.h> the way the unit's compiler will.
 * A one-line unit parsed with the unit's own flags asks clang itself, so
 * -I, -isystem, --sysroot, -nostdinc and the default directories count in
 * the compiler's order, not in an order rebuilt here. */
#include "as_header_probe.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct probe {
	CXFile file; /* what the probe's own line included */
};

static void inclusion(CXFile included, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct probe *p = data;

	(void)stack;
	if (depth == 1 && !p->file)
		p->file = included;
}

static int has_mark(CXTranslationUnit tu, CXFile f)
{
	size_t len = 0, n = strlen(AS_RUNTIME_HEADER_MARK);
	const char *text = clang_getFileContents(tu, f, &len);

	for (size_t i = 0; text && i + n <= len; i++)
		if (!memcmp(text + i, AS_RUNTIME_HEADER_MARK, n))
			return 1;
	return 0;
}

enum as_probe as_probe_runtime_header(CXIndex idx, const char *dir, const char *const *argv, int argc,
				      char **found)
{
	char name[PATH_MAX + 32];
	struct CXUnsavedFile src = { .Contents = "#include <asrt/asrt.h>\n" };
	CXTranslationUnit tu = NULL;
	struct probe p = { 0 };
	enum as_probe r = AS_PROBE_ABSENT;

	*found = NULL;
	snprintf(name, sizeof name, "%s/allocscan-header-probe.c", dir);
	src.Filename = name;
	src.Length = (unsigned long)strlen(src.Contents);
	if (clang_parseTranslationUnit2(idx, name, argv, argc, &src, 1, CXTranslationUnit_KeepGoing, &tu) !=
	    CXError_Success)
		return AS_PROBE_ABSENT;
	clang_getInclusions(tu, inclusion, &p);
	if (p.file) {
		r = has_mark(tu, p.file) ? AS_PROBE_RUNTIME : AS_PROBE_OTHER;
		if (r == AS_PROBE_OTHER) {
			CXString s = clang_getFileName(p.file);
			*found = strdup(clang_getCString(s));
			clang_disposeString(s);
		}
	}
	clang_disposeTranslationUnit(tu);
	return r;
}
