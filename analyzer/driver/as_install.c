/* as_install.c - allocscan's own files, found from the running binary
 * (as_install.h). */
#include "as_install.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* dir/probe exists (probe "" : dir itself). */
static int exists(const char *dir, const char *probe)
{
	char path[PATH_MAX];
	struct stat st;

	if (!dir || !*dir || (size_t)snprintf(path, sizeof path, "%s%s", dir, probe) >= sizeof path)
		return 0;
	return !stat(path, &st);
}

/* The prefix the binary is installed under: its folder less the relative
 * bin folder (AS_INSTALL_BINDIR, "bin"); NULL when it is not in such a
 * folder (a build tree) or /proc is not mounted. */
static const char *prefix(void)
{
	static char buf[PATH_MAX];
	static const char *found;
	static int done;
	const char *bindir = AS_INSTALL_BINDIR;
	ssize_t n;
	size_t nb = strlen(bindir);

	if (done)
		return found;
	done = 1;
	n = readlink("/proc/self/exe", buf, sizeof buf - 1);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	*strrchr(buf, '/') = '\0';
	n = (ssize_t)strlen(buf);
	/* The folder ends in "/bin" (or the configured relative path). */
	if (bindir[0] == '/' || (size_t)n <= nb || strcmp(buf + n - nb, bindir) || buf[n - nb - 1] != '/')
		return NULL;
	/* "" for a binary in /bin: the prefix is the root. */
	buf[n - nb - 1] = '\0';
	found = buf;
	return found;
}

/* The folder rel under the binary's prefix, else the source tree's
 * (a build run in place), else the configure-time prefix's: the first
 * that holds probe. buf holds the first. */
static const char *find(const char *rel, const char *probe, const char *source, const char *configured, char *buf,
			size_t size)
{
	const char *p = prefix();

	if (p && rel[0] != '/' && (size_t)snprintf(buf, size, "%s/%s", p, rel) < size && exists(buf, probe))
		return buf;
	return exists(source, probe) ? source : configured;
}

const char *as_install_rules_dir(void)
{
	static char buf[PATH_MAX];
	const char *env = getenv("ALLOCSCAN_RULES_DIR");

	if (env && *env)
		return env;
	return find(AS_INSTALL_DATADIR "/allocscan/rules", "", AS_RULES_DIR_SOURCE, AS_RULES_DIR_INSTALL, buf,
		    sizeof buf);
}

const char *as_install_asrt_include(void)
{
	static char buf[PATH_MAX];

	return find(AS_INSTALL_INCLUDEDIR, "/asrt/asrt.h", AS_ASRT_INCLUDE_SOURCE, AS_ASRT_INCLUDE_INSTALL, buf,
		    sizeof buf);
}

/* "file://" and the path, bytes outside RFC 3986's unreserved set and '/'
 * percent-encoded (a prefix with a space stays one URL). */
static const char *file_url(const char *path, char *buf, size_t size)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t k = (size_t)snprintf(buf, size, "file://");

	for (const unsigned char *s = (const unsigned char *)path; *s && k + 4 < size; s++) {
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
		    strchr("-._~/", *s)) {
			buf[k++] = (char)*s;
		} else {
			buf[k++] = '%';
			buf[k++] = hex[*s >> 4];
			buf[k++] = hex[*s & 15];
		}
	}
	buf[k] = '\0';
	return buf;
}

const char *as_install_docs_url(void)
{
	static char path[PATH_MAX], url[3 * PATH_MAX + 8];

	if (*AS_DOCS_URL)
		return AS_DOCS_URL;
	const char *dir = find(AS_INSTALL_DOCDIR, "/rules.md", AS_DOCS_SOURCE, AS_DOCS_INSTALL, path, sizeof path);
	char md[PATH_MAX + 16];

	snprintf(md, sizeof md, "%s/rules.md", dir);
	return file_url(md, url, sizeof url);
}
