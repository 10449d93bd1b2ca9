#include "as_output.h"

#include "as_file.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporary a signal must remove: one report per process (not the
 * scan's workers, which share the terminal's signals). */
static char *volatile pending;
static pid_t owner;

static void on_signal(int sig)
{
	char *t = pending;
	if (t && getpid() == owner)
		unlink(t);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void guard(char *tmp)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	pending = tmp;
	owner = getpid();
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction sa = { 0 };
		sa.sa_handler = tmp ? on_signal : SIG_DFL;
		sigemptyset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

/* Whether path is the file of one of the jobs (same device and inode). */
static int is_source(const struct stat *st, const struct as_jobs *jobs)
{
	for (size_t i = 0; i < (size_t)jobs->n; i++) {
		const struct as_job *j = &jobs->v[i];
		char *p = j->file[0] == '/' ? NULL : as_path_join(j->dir, j->file);
		struct stat js;
		int same = stat(p ? p : j->file, &js) == 0 && js.st_dev == st->st_dev && js.st_ino == st->st_ino;
		free(p);
		if (same)
			return 1;
	}
	return 0;
}

int as_output_open(struct as_output *o, const char *path, const struct as_jobs *jobs, struct as_error *err)
{
	struct stat st;
	int exists;

	memset(o, 0, sizeof *o);
	exists = stat(path, &st) == 0;
	if (exists && is_source(&st, jobs))
		return as_error_set(err, "-o %s is one of the sources scanned: the report would replace it", path);
	if (!(o->path = strdup(path)))
		return as_error_set(err, "out of memory");
	if (exists && !S_ISREG(st.st_mode)) {
		/* /dev/stdout, a FIFO: nothing to keep, written as it goes. */
		if (!(o->f = fopen(path, "w"))) {
			as_error_set(err, "%s: %s", path, strerror(errno));
			as_output_abandon(o);
			return -1;
		}
		return 0;
	}
	if (!(o->f = as_file_begin(path, 1, &o->tmp, err))) {
		as_output_abandon(o);
		return -1;
	}
	guard(o->tmp);
	return 0;
}

int as_output_commit(struct as_output *o, struct as_error *err)
{
	int rc;

	if (o->tmp) {
		/* as_file_commit frees the name; the guard must not see it. */
		char *tmp = o->tmp;
		guard(NULL);
		o->tmp = NULL;
		rc = as_file_commit(o->f, tmp, o->path, "the report", err);
	} else {
		rc = fflush(o->f) != 0 || ferror(o->f);
		rc |= fclose(o->f) != 0;
		if (rc)
			as_error_set(err, "%s: cannot write the report: %s", o->path,
				     errno ? strerror(errno) : "write failed");
		rc = -rc;
	}
	o->f = NULL;
	as_output_abandon(o);
	return rc;
}

void as_output_abandon(struct as_output *o)
{
	if (o->f)
		fclose(o->f);
	if (o->tmp) {
		unlink(o->tmp);
		guard(NULL);
	}
	free(o->tmp);
	free(o->path);
	memset(o, 0, sizeof *o);
}
