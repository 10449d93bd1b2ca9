/* as_setup.c - rule packs loaded by name or file, with their identity, and
 * clang's resource directory (as_install.c finds allocscan's own files). */
#include "as_setup.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "as_file.h"
#include "as_hash.h"
#include "as_install.h"

static int is_dir(const char *p)
{
	struct stat st;

	return p && !stat(p, &st) && S_ISDIR(st.st_mode);
}

/* "PATH\tHASH\n" of the pack file appended to *ids. */
static int add_id(char **ids, const char *path, struct as_error *err)
{
	size_t len = 0, old = *ids ? strlen(*ids) : 0;
	char *text = as_file_read(path, &len, err), *grown, real[PATH_MAX];
	int n;

	if (!text)
		return -1;
	/* Absolute: a merge may run in another folder. */
	if (!realpath(path, real))
		snprintf(real, sizeof real, "%s", path);
	n = snprintf(NULL, 0, "%s\t%016llx\n", real, as_text_hash(text, len));
	if (n < 0 || !(grown = realloc(*ids, old + (size_t)n + 1))) {
		free(text);
		return as_error_set(err, "out of memory");
	}
	snprintf(grown + old, (size_t)n + 1, "%s\t%016llx\n", real, as_text_hash(text, len));
	*ids = grown;
	free(text);
	return 0;
}

int as_setup_pack(struct as_rules *r, const char *name, char **ids, struct as_error *err)
{
	char path[PATH_MAX];

	/* A bare name ("ruby") means a bundled pack, even where the working
	 * directory has a file of that name (Ruby's build tree has its
	 * binary "ruby"); with no bundled pack of that name, the file; with
	 * neither, the error names where the bundled pack was looked for. */
	snprintf(path, sizeof path, "%s/%s.json", as_install_rules_dir(), name);
	if (strchr(name, '/') || strstr(name, ".json") || (access(path, F_OK) && !access(name, F_OK)))
		snprintf(path, sizeof path, "%s", name);
	/* A pack named again (--rules libc, which is always loaded; a config
	 * naming a pack the command line has) is loaded once. */
	if (ids && *ids) {
		char real[PATH_MAX];
		size_t n;
		if (realpath(path, real) && (n = strlen(real)) > 0)
			for (const char *l = *ids; *l; l = strchr(l, '\n') + 1)
				if (!strncmp(l, real, n) && l[n] == '\t')
					return 0;
	}
	if (as_rules_load(r, path, err))
		return -1;
	return ids ? add_id(ids, path, err) : 0;
}

const char *as_setup_resource_dir(void)
{
	const char *env = getenv("ALLOCSCAN_RESOURCE_DIR");

	if (env && *env)
		return env;
	return is_dir(AS_CLANG_RESOURCE_DIR) ? AS_CLANG_RESOURCE_DIR : NULL;
}

int as_setup_packs_of(struct as_rules *r, const char *ids, struct as_error *err)
{
	char *now = NULL;
	int rc = 0;

	for (const char *line = ids; *line && !rc;) {
		const char *tab = strchr(line, '\t'), *eol = strchr(line, '\n');
		size_t old = now ? strlen(now) : 0;
		char *path;

		if (!tab || !eol || tab > eol) {
			rc = as_error_set(err, "a damaged list of rule packs");
			break;
		}
		if (!(path = strndup(line, (size_t)(tab - line))))
			rc = as_error_set(err, "out of memory");
		else if (as_setup_pack(r, path, &now, err))
			rc = -1;
		/* Not the same line: the pack is not what the units were
		 * analysed with. */
		else if (strncmp(now + old, line, (size_t)(eol - line) + 1))
			rc = as_error_set(err, "%s: the rule pack changed since the units were analysed: build again", path);
		free(path);
		line = eol + 1;
	}
	free(now);
	return rc;
}
