/* as_job.h - the translation units to scan: each with its own compiler
 * arguments and working directory (from a compile database or defaults). */
#ifndef AS_JOB_H
#define AS_JOB_H

#include <stddef.h>

#include "as_error.h"

struct as_job {
	char *file;  /* absolute or relative to dir */
	char *dir;   /* working directory of the compile, absolute */
	char **args; /* compiler flags only: no compiler, -c, -o, or source */
	int nargs;
	/* Units of one program share their summaries (as_program.h): a compile
	 * database is one program, so is each directory named on the command
	 * line, and so are the files named on their own, together. */
	int program;
};

struct as_jobs {
	struct as_job *v;
	size_t n, cap;
	/* Directories under which functions are analysed (a file named on
	 * its own stands for its folder); none: every non-system file. */
	char **roots;
	size_t nroots, caproots;
	int skipped; /* inputs skipped with a message (unreadable, not C, ...) */
	int not_c;   /* compile database entries in another language (C++,
		      * assembly): not C units, left out quietly */
};

/* Adds a job; takes ownership of nothing (copies all strings). */
int as_jobs_add(struct as_jobs *j, const char *file, const char *dir, char *const *args, int nargs);
int as_jobs_add_root(struct as_jobs *j, const char *path);
void as_jobs_free(struct as_jobs *j);

/* Files and directories named on the command line; directories are walked
 * recursively for *.c, with -I for every folder holding headers. Messages
 * for skipped inputs go to stderr; missing paths are errors. */
int as_discover_paths(struct as_jobs *j, char *const *paths, int npaths, struct as_error *err);
/* Entries of a compile_commands.json (path to the file, or to a directory
 * holding it), limited to those under filter paths when any are given. */
int as_compdb_load(struct as_jobs *j, const char *path, char *const *filter, int nfilter, struct as_error *err);
/* Without -p: each file (named, or met in a directory named) whose
 * directory, or a directory above it, holds a compile_commands.json with an entry for it
 * takes that entry's flags and directory, as clang's tools find theirs;
 * *used says whether any did. A broken database found so is an error. */
int as_compdb_beside(struct as_jobs *j, int *used, struct as_error *err);

/* The flags of a compile command's words (words[0] the compiler) that a
 * job of absfile keeps: not the compiler, -c, -o, dependency-file options
 * or the file itself (absfile, absolute, as named from absdir). flags has
 * room for nw pointers, which point into words; returns their count. */
int as_compile_flags(char *const *words, int nw, const char *absdir, const char *absfile, char **flags);
/* Splits a shell command line into words (quotes and backslashes as sh
 * does); returns the count or -1; *out is malloc'd, each word too. */
int as_shell_split(const char *cmd, char ***out);
/* The deepest directory holding every job's file (absolute, normalised;
 * cwd resolves relative job directories); malloc'd, NULL without jobs or
 * memory. */
char *as_jobs_common_dir(const struct as_jobs *j, const char *cwd);
/* dir/path normalised lexically (no "." or ".." parts); malloc'd. */
char *as_path_join(const char *dir, const char *path);
/* dir/path as a report names it: relative to base if below it, else
 * absolute (path itself when out of memory); in buf. */
const char *as_path_below(const char *dir, const char *path, const char *base, char *buf, size_t size);

#endif
