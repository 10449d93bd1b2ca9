/* as_fuzz_scan.c - libFuzzer target: arbitrary bytes as a C file, scanned by
 * the real pipeline (as_scan_run: libclang, summaries, every detector) with
 * the real packs (libc, ruby, lua), the way the CLI runs one file. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "as_finding.h"
#include "as_job.h"
#include "as_rules.h"
#include "as_scan.h"

static struct as_rules rules;
static char path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *packs[] = { "libc.json", "ruby.json", "lua.json" };
	struct as_error err = { "" };
	char p[4096];

	(void)argc;
	(void)argv;
	for (size_t i = 0; i < sizeof packs / sizeof packs[0]; i++) {
		snprintf(p, sizeof p, "%s/%s", AS_RULES_DIR_SOURCE, packs[i]);
		if (as_rules_load(&rules, p, &err) < 0) {
			fprintf(stderr, "as_fuzz_scan: %s\n", err.msg);
			abort();
		}
	}
	snprintf(path, sizeof path, "/tmp/as-fuzz-scan-%d.c", (int)getpid());
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct as_jobs jobs = { 0 };
	struct as_findings out;
	struct as_scan_stats stats = { 0 };
	struct as_scan_opts o = { .jobs = 1, .rules = &rules, .resource_dir = AS_CLANG_RESOURCE_DIR };
	struct as_error err = { "" };
	char *args[] = { "-w" };
	FILE *f = fopen(path, "wb");

	if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f))
		abort();
	as_findings_init(&out);
	if (as_jobs_add(&jobs, path, "/tmp", args, 1) == 0)
		as_scan_run(&jobs, &o, &out, &stats, &err);
	as_findings_free(&out);
	as_scan_stats_free(&stats);
	as_jobs_free(&jobs);
	return 0;
}
