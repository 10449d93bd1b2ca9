/* as_cc_main.c - allocscan-cc COMPILER ARG...: runs the compiler as it was
 * given, then, with $ALLOCSCAN_OUT set and the compile a success, writes
 * the first-pass result of each C file it compiled to a unit file there
 * for 'allocscan merge'. The build sees the compiler's output and exit
 * status only: the analysis runs in a child process whose output goes
 * nowhere, and what goes wrong with it is one line on stderr at most. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "as_cc_command.h"
#include "as_cli.h"
#include "as_config.h"
#include "as_flags.h"
#include "as_hash.h"
#include "as_install.h"
#include "as_job.h"
#include "as_scan.h"
#include "as_setup.h"
#include "as_unit_file.h"

static void help(FILE *out)
{
	/* clang-format off */
	fputs(
"Usage: allocscan-cc COMPILER [ARG]...\n"
"       make CC=\"allocscan-cc gcc\"\n"
"       cmake -DCMAKE_C_COMPILER_LAUNCHER=allocscan-cc ...\n"
"\n"
"Run a C compiler unchanged and analyse the C files it compiles, for allocscan\n"
"merge. COMPILER ARG... runs first, as given: its standard output,\n"
"standard error and exit status are the command's own. Then, when\n"
"ALLOCSCAN_OUT names a folder and the compile succeeded, each C file the\n"
"command compiled (*.c, or any file after -x c) is parsed with its flags as\n"
"a compile database entry would give them, and its first-pass result (its\n"
"findings, and the summaries of its functions other units may call) is\n"
"written to ALLOCSCAN_OUT/FILE.HASH.asunit, replaced whole. A link, -E, -M or\n"
"-MM without -MD, standard input (-), files in another language and\n"
"autoconf's conftest.c probes are compiled only. A failure of the analysis\n"
"never changes the build: it is one line on standard error starting with\n"
"'allocscan-cc:', and no unit file. Then 'allocscan merge\n"
"ALLOCSCAN_OUT' reports on the whole program, as 'allocscan -p' would.\n"
"\n"
"Options:\n"
"  -h, --help             show this help and exit (the only word given)\n"
"      --version          show the version and exit (the only word given)\n"
"\n"
"Environment:\n"
"  ALLOCSCAN_OUT            the folder the unit files go to (made if missing,\n"
"                           not its parents); unset or empty: compile only\n"
"  ALLOCSCAN_RULES          rule packs to load besides libc, colon-separated\n"
"                           (a bundled pack's name or a file), as allocscan's\n"
"                           --rules; a .allocscan.json above a file adds its\n"
"                           rule_packs, clang_args and exclude as for a scan\n"
"  ALLOCSCAN_RULES_DIR      where bundled rule packs are looked up\n"
"  ALLOCSCAN_RESOURCE_DIR   clang's resource directory (builtin headers)\n"
"\n"
"Exit status:\n"
"  the compiler's (a compiler killed by a signal: the same signal); 2 when\n"
"  no compiler is given, 127 when it cannot be run\n"
"\n"
"Examples:\n"
"  rm -rf units && make CC=\"allocscan-cc gcc\" ALLOCSCAN_OUT=$PWD/units\n"
"  ALLOCSCAN_OUT=$PWD/units make CC=\"allocscan-cc gcc\"\n"
"  allocscan merge units --format sarif -o allocscan.sarif\n",
	      out);
	/* clang-format on */
}

/* The compiler's wait status, or -1 when it could not be started. */
static int compile(char **cmd)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		execvp(cmd[0], cmd);
		fprintf(stderr, "allocscan-cc: %s: %s\n", cmd[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return status;
}

/* The job of the i-th word of cmd: its flags those of the command without
 * the other C files it compiles. */
static int add_job(struct as_jobs *jobs, char **cmd, int n, const int *src, int nsrc, int i, const char *cwd)
{
	char **words = calloc((size_t)n + 1, sizeof *words), **flags = calloc((size_t)n + 1, sizeof *flags);
	char *file = as_path_join(cwd, cmd[src[i]]);
	int nw = 0, s = 0, rc = -1;

	for (int k = 0; words && k < n; k++) {
		if (s < nsrc && src[s] == k && s++ != i)
			continue;
		words[nw++] = cmd[k];
	}
	if (words && flags && file)
		rc = as_jobs_add(jobs, file, cwd, flags, as_compile_flags(words, nw, cwd, file, flags));
	free(words);
	free(flags);
	free(file);
	return rc;
}

/* ALLOCSCAN_OUT/NAME.HASH.asunit: one file for each file and flags. */
static int unit_path(const char *out, const struct as_job *job, char *buf, size_t size)
{
	const char *base = strrchr(job->file, '/');
	unsigned long long h = as_text_hash(job->file, strlen(job->file) + 1);

	for (int i = 0; i < job->nargs; i++)
		h ^= as_text_hash(job->args[i], strlen(job->args[i]) + 1) * (unsigned long long)(i + 3);
	return snprintf(buf, size, "%s/%s.%016llx%s", out, base ? base + 1 : job->file, h, AS_UNIT_SUFFIX) >= (int)size;
}

/* The packs a scan loads: libc, $ALLOCSCAN_RULES, then the configs'. */
static int load_packs(struct as_rules *rules, const char **config_packs, int n, char **ids, struct as_error *err)
{
	const char *env = getenv("ALLOCSCAN_RULES");
	char *list = strdup(env ? env : ""), *save = NULL;
	int rc = list ? as_setup_pack(rules, "libc", ids, err) : as_error_set(err, "out of memory");

	for (char *p = list ? strtok_r(list, ":", &save) : NULL; p && !rc; p = strtok_r(NULL, ":", &save))
		rc = as_setup_pack(rules, p, ids, err);
	for (int i = 0; i < n && !rc; i++)
		rc = as_setup_pack(rules, config_packs[i], ids, err);
	free(list);
	return rc;
}

/* The unit files of the C files cmd compiled, into out; what the scan
 * would have said of flags and configs goes to quiet. */
static int analyse(char **cmd, int n, const char *out, FILE *quiet, struct as_error *err)
{
	struct as_jobs jobs = { 0 };
	struct as_configs configs = { 0 };
	struct as_rules rules = { 0 };
	struct as_scan_opts so = { 0 };
	const char **packs = NULL;
	char cwd[PATH_MAX], *ids = NULL;
	int *src = calloc((size_t)n + 1, sizeof *src), nsrc, npacks = 0, rc = 0;

	if (!src || !getcwd(cwd, sizeof cwd)) {
		free(src);
		return as_error_set(err, "cannot get the current directory");
	}
	nsrc = as_cc_sources(cmd, n, src);
	/* The first compile makes the folder; the parallel others find it. */
	if (nsrc && mkdir(out, 0777) && errno != EEXIST) {
		free(src);
		return as_error_set(err, "%s: %s", out, strerror(errno));
	}
	for (int i = 0; i < nsrc && !rc; i++)
		if (add_job(&jobs, cmd, n, src, nsrc, i, cwd))
			rc = as_error_set(err, "out of memory");
	if (!rc && jobs.n &&
	    (as_config_jobs(&configs, &jobs, &packs, &npacks, quiet, err) || load_packs(&rules, packs, npacks, &ids, err) ||
	     as_flags_fit(&jobs, as_setup_resource_dir(), quiet, err)))
		rc = -1;
	so.jobs = 1;
	so.rules = &rules;
	so.whole_program = 1;
	so.resource_dir = as_setup_resource_dir();
	so.asrt_include = as_install_asrt_include();
	for (size_t i = 0; i < jobs.n && !rc; i++) {
		struct as_jobs one = { .v = &jobs.v[i], .n = 1 };
		struct as_result r = { 0 };
		char path[PATH_MAX];

		as_findings_init(&r.found);
		jobs.v[i].program = 0;
		if (unit_path(out, &jobs.v[i], path, sizeof path))
			rc = as_error_set(err, "%s: a name too long for a unit file", jobs.v[i].file);
		else if (!as_scan_unit(&one, &so, &r, err))
			rc = as_unit_file_write(path, &jobs.v[i], ids ? ids : "", &r, err);
		else
			rc = -1;
		as_result_free(&r);
		as_findings_free(&r.found);
	}
	free(src);
	free(packs);
	free(ids);
	as_configs_free(&configs);
	as_rules_free(&rules);
	as_jobs_free(&jobs);
	return rc;
}

/* In a child whose stdout and stderr go nowhere: the analysis; its one line
 * of failure on the build's stderr (fd err_fd). */
static void child(char **cmd, int n, const char *out, int err_fd)
{
	struct as_error err = { { 0 } };
	FILE *quiet = fopen("/dev/null", "w");
	int rc;

	if (!quiet)
		_exit(1);
	dup2(fileno(quiet), STDOUT_FILENO);
	dup2(fileno(quiet), STDERR_FILENO);
	/* A unit that hangs libclang costs the build this long at most. */
	alarm(AS_DEFAULT_TIMEOUT);
	rc = analyse(cmd, n, out, quiet, &err);
	if (rc)
		dprintf(err_fd, "allocscan-cc: %s; no unit file written\n", err.msg);
	_exit(rc ? 1 : 0);
}

/* Runs the analysis in a child: whatever befalls it (a crash in libclang,
 * a timeout) is one line, never the build's status. */
static void analyse_aside(char **cmd, int n, const char *out)
{
	int status, err_fd;
	pid_t pid;

	/* A configure probe is compiled only: its unit would outlive the
	 * probe (configure deletes conftest.c) and be merged as a file of the
	 * program, its findings and functions beside the project's. */
	for (int i = 1; i < n; i++)
		if (as_cc_is_probe(cmd[i]))
			return;
	fflush(NULL);
	if ((err_fd = dup(STDERR_FILENO)) < 0 || (pid = fork()) < 0) {
		fprintf(stderr, "allocscan-cc: cannot start the analysis: %s\n", strerror(errno));
		if (err_fd >= 0)
			close(err_fd);
		return;
	}
	if (!pid)
		child(cmd, n, out, err_fd);
	close(err_fd);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return;
	if (WIFSIGNALED(status))
		fprintf(stderr, "allocscan-cc: the analysis ended by signal %d (%s)%s; no unit file written\n",
			WTERMSIG(status), strsignal(WTERMSIG(status)),
			WTERMSIG(status) == SIGALRM ? ", out of time" : "");
}

int main(int argc, char **argv)
{
	const char *out = getenv("ALLOCSCAN_OUT");
	int status;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		help(stdout);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--version")) {
		printf("allocscan-cc %s\n", AS_VERSION);
		return 0;
	}
	if (argc < 2) {
		fputs("allocscan-cc: no compiler given\nusage: allocscan-cc COMPILER [ARG]... (allocscan-cc --help)\n",
		      stderr);
		return 2;
	}
	status = compile(argv + 1);
	if (status < 0) {
		fprintf(stderr, "allocscan-cc: cannot run %s: %s\n", argv[1], strerror(errno));
		return 127;
	}
	if (out && *out && WIFEXITED(status) && !WEXITSTATUS(status))
		analyse_aside(argv + 1, argc - 1, out);
	/* The compiler's status, a signal as a signal. */
	if (WIFSIGNALED(status)) {
		signal(WTERMSIG(status), SIG_DFL);
		raise(WTERMSIG(status));
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
