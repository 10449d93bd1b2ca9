/* as_report_fixes.c - --export-fixes: the fixes --rewrite would apply as
 * clang-apply-replacements reads them (clang::tooling's
 * TranslationUnitDiagnostics YAML), so a project's clang-tidy tooling can
 * review and apply them with its own fixes. */
#include "as_report.h"

#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

/* A YAML double-quoted scalar: quotes, backslashes and control characters
 * escaped; other bytes as they are (the source file's own). */
static void yaml_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", out);
		else if (*p == '\t')
			fputs("\\t", out);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(out, "\\x%02X", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

static void replacement(FILE *out, const char *file, const struct as_fixit *e)
{
	fputs("        - FilePath:        ", out);
	yaml_string(out, file);
	fprintf(out, "\n          Offset:          %u\n          Length:          %u\n          ReplacementText: ",
		e->begin, e->end - e->begin);
	yaml_string(out, e->text ? e->text : "");
	fputc('\n', out);
}

int as_report_fixes_yaml(FILE *out, const struct as_findings *f, const struct as_ready_fix *fixes,
			 struct as_error *err)
{
	char cwd[PATH_MAX], file[PATH_MAX];
	int any = 0;

	if (!getcwd(cwd, sizeof cwd))
		return as_error_set(err, "--export-fixes: cannot name the current directory");
	/* Fixes of several files: no one main file, as run-clang-tidy merges. */
	fputs("---\nMainSourceFile:  \"\"\nDiagnostics:", out);
	for (size_t i = 0; i < f->n; i++) {
		const struct as_finding *x = &f->v[i];
		if (!fixes[i].ready)
			continue;
		/* Absolute, as clang-tidy writes them: the YAML applies from any
		 * directory. */
		if (!realpath(x->file, file))
			return as_error_set(err, "%s: cannot resolve for --export-fixes", x->file);
		fputs(any++ ? "  - DiagnosticName:  " : "\n  - DiagnosticName:  ", out);
		yaml_string(out, x->rule);
		fputs("\n    DiagnosticMessage:\n      Message:         ", out);
		yaml_string(out, x->message);
		fputs("\n      FilePath:        ", out);
		yaml_string(out, file);
		fprintf(out, "\n      FileOffset:      %u\n      Replacements:\n", x->begin);
		if (fixes[i].first && fixes[i].include.text)
			replacement(out, file, &fixes[i].include);
		for (int k = 0; k < x->nfixits; k++)
			replacement(out, file, &x->fixits[k]);
		/* Only warnings have fixes (dup-call has none). */
		fputs("    Level:           Warning\n    BuildDirectory:  ", out);
		yaml_string(out, cwd);
		fputc('\n', out);
	}
	fputs(any ? "...\n" : " []\n...\n", out);
	return 0;
}
