/* Unit tests: edit sets (overlaps, same-offset insertions, apply), include
 * insertion, the content hash, and small unified diffs. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "as_diff.h"
#include "as_edit.h"
#include "as_include.h"
#include "as_include_place.h"
#include "as_write.h"
#include "check.h"

/* Applies the edits {begin, end, text} (n of them) to src; returns the
 * result (malloc'd) or NULL if the set is rejected, with err filled. */
struct e {
	size_t b, e;
	const char *t;
};

static char *apply(const char *src, const struct e *v, size_t n, struct as_error *err)
{
	struct as_edits set;
	char *out = NULL;
	size_t outlen;

	as_edits_init(&set);
	for (size_t i = 0; i < n; i++)
		if (as_edits_add(&set, v[i].b, v[i].e, v[i].t, err) < 0)
			goto done;
	as_edits_apply(&set, src, strlen(src), &out, &outlen, err);
	if (out && strlen(out) != outlen) {
		free(out);
		out = NULL;
	}
done:
	as_edits_free(&set);
	return out;
}

static void expect_applies(int line, const char *src, const struct e *v, size_t n, const char *want)
{
	struct as_error err = { "" };
	char *out = apply(src, v, n, &err);

	check_count++;
	if (!out || strcmp(out, want) != 0) {
		fprintf(stderr, "line %d: got [%s] (%s), want [%s]\n", line, out ? out : "(rejected)", err.msg, want);
		check_failures++;
	}
	free(out);
}

static void expect_rejects(int line, const char *src, const struct e *v, size_t n, const char *msg_part)
{
	struct as_error err = { "" };
	char *out = apply(src, v, n, &err);

	check_count++;
	if (out || !strstr(err.msg, msg_part)) {
		fprintf(stderr, "line %d: got [%s], want rejection mentioning [%s], message [%s]\n", line,
			out ? out : "(rejected)", msg_part, err.msg);
		check_failures++;
	}
	free(out);
}

#define N(a) (sizeof(a) / sizeof(a)[0])
#define APPLIES(src, want, ...)                                 \
	do {                                                    \
		struct e v_[] = { __VA_ARGS__ };                \
		expect_applies(__LINE__, src, v_, N(v_), want); \
	} while (0)
#define REJECTS(src, msg, ...)                                 \
	do {                                                   \
		struct e v_[] = { __VA_ARGS__ };               \
		expect_rejects(__LINE__, src, v_, N(v_), msg); \
	} while (0)

static void test_edits(void)
{
	struct as_error err = { "" };
	struct as_edits set;
	char *out;
	size_t outlen;

	/* Apply: replacements, deletions, insertions, in any order of addition. */
	APPLIES("hello world", "HELLO world", { 0, 5, "HELLO" });
	APPLIES("hello world", "hello", { 5, 11, "" });
	APPLIES("hello world", "hello, big world!", { 11, 11, "!" }, { 5, 5, "," }, { 6, 6, "big " });
	APPLIES("abcdef", "aXcYeZ", { 5, 6, "Z" }, { 1, 2, "X" }, { 3, 4, "Y" });
	APPLIES("", "new", { 0, 0, "new" });
	expect_applies(__LINE__, "abc", NULL, 0, "abc");
	APPLIES("abc", "", { 0, 3, NULL });
	/* Adjacent replacements do not overlap. */
	APPLIES("abcd", "XY", { 0, 2, "X" }, { 2, 4, "Y" });
	APPLIES("abcd", "YX", { 2, 4, "X" }, { 0, 2, "Y" });
	/* Insertions at one offset keep the order they were added in. */
	APPLIES("ab", "a123b", { 1, 1, "1" }, { 1, 1, "2" }, { 1, 1, "3" });
	APPLIES("ab", "a321b", { 1, 1, "3" }, { 1, 1, "2" }, { 1, 1, "1" });
	APPLIES("ab", "a1xb", { 1, 1, "1" }, { 0, 0, "" }, { 1, 1, "x" });
	/* An insertion at a replaced range's boundary: before at its begin,
	 * after at its end, whatever order they were added in. */
	APPLIES("abcd", "a<X>d", { 1, 3, "X" }, { 1, 1, "<" }, { 3, 3, ">" });
	APPLIES("abcd", "a<X>d", { 3, 3, ">" }, { 1, 1, "<" }, { 1, 3, "X" });
	APPLIES("abcd", "a12Xd", { 1, 1, "1" }, { 1, 3, "X" }, { 1, 1, "2" });
	/* Overlaps. */
	REJECTS("abcdef", "overlaps", { 1, 3, "X" }, { 2, 4, "Y" });
	REJECTS("abcdef", "overlaps", { 2, 4, "Y" }, { 1, 3, "X" });
	REJECTS("abcdef", "overlaps", { 1, 3, "X" }, { 1, 3, "X" });
	REJECTS("abcdef", "overlaps", { 1, 5, "X" }, { 2, 3, "Y" });
	REJECTS("abcdef", "overlaps", { 2, 3, "Y" }, { 1, 5, "X" });
	REJECTS("abcdef", "overlaps", { 1, 4, "X" }, { 2, 2, "in" });
	REJECTS("abcdef", "overlaps", { 1, 5, "X" }, { 0, 0, "ok" }, { 5, 5, "ok" }, { 3, 3, "no" });
	/* A range past the end. */
	REJECTS("abc", "past the end", { 2, 4, "X" });
	REJECTS("abc", "past the end", { 4, 4, "X" });
	APPLIES("abc", "abcX", { 3, 3, "X" });
	/* end before begin is refused when added. */
	as_edits_init(&set);
	EXPECT(as_edits_add(&set, 3, 2, "x", &err) == -1 && strstr(err.msg, "end before begin"));
	EXPECT(set.n == 0);
	/* The set is reusable after a failed check; apply fills outputs on failure. */
	EXPECT(as_edits_add(&set, 0, 2, "x", &err) == 0);
	EXPECT(as_edits_add(&set, 1, 3, "y", &err) == 0);
	out = (char *)1;
	EXPECT(as_edits_apply(&set, "abcd", 4, &out, &outlen, &err) == -1 && out == NULL && outlen == 0);
	as_edits_free(&set);
	EXPECT(set.n == 0 && set.v == NULL);
	/* Text with NUL bytes, and a buffer that is not NUL-terminated. */
	EXPECT(as_edits_addn(&set, 1, 2, "\0\0", 2, &err) == 0);
	EXPECT(as_edits_apply(&set, "abcXXX", 3, &out, &outlen, &err) == 0 && outlen == 4 &&
	       memcmp(out, "a\0\0c", 5) == 0);
	free(out);
	as_edits_free(&set);
	/* A NULL error struct is allowed. */
	EXPECT(as_edits_add(&set, 2, 1, "x", NULL) == -1);
	EXPECT(as_edits_apply(&set, NULL, 0, &out, &outlen, NULL) == 0 && outlen == 0 && out && out[0] == 0);
	free(out);
	as_edits_free(&set);
}

/* Inserts `#include <asrt/asrt.h>` with as_include_add and compares. */
static void expect_include(int line, const char *src, const char *want)
{
	struct as_error err = { "" };
	struct as_edits set;
	char *out = NULL, *again = NULL;
	size_t outlen, againlen;

	as_edits_init(&set);
	check_count++;
	if (as_include_add(&set, src, strlen(src), "asrt.h", 0, &err) < 0 ||
	    as_edits_apply(&set, src, strlen(src), &out, &outlen, &err) < 0 || strcmp(out, want) != 0) {
		fprintf(stderr, "line %d: got\n%s---- want\n%s----\n", line, out ? out : err.msg, want);
		check_failures++;
		goto done;
	}
	/* A second run adds nothing. */
	as_edits_free(&set);
	check_count++;
	if (!as_has_include(out, outlen, "asrt.h") || as_include_add(&set, out, outlen, "asrt.h", 0, &err) < 0 ||
	    set.n != 0 || as_edits_apply(&set, out, outlen, &again, &againlen, &err) < 0 ||
	    strcmp(again, out) != 0) {
		fprintf(stderr, "line %d: a second run changed the file\n", line);
		check_failures++;
	}
done:
	free(out);
	free(again);
	as_edits_free(&set);
}

#define INCLUDE(src, want) expect_include(__LINE__, src, want)
#define HAS(s) as_has_include(s, strlen(s), "asrt.h")

static void test_include(void)
{
	/* After the last top-level include, on the blank line that follows it:
	 * no line moves. */
	INCLUDE("#include <stdio.h>\n#include \"x.h\"\n\nint main(void) { return 0; }\n",
		"#include <stdio.h>\n#include \"x.h\"\n#include \"asrt.h\"\nint main(void) { return 0; }\n");
	/* The first blank line after blank and comment lines; its spaces go. */
	INCLUDE("#include <a.h>\n/* one\n\n */\n// two\n  \t\nint x;\n",
		"#include <a.h>\n/* one\n\n */\n// two\n#include \"asrt.h\"\nint x;\n");
	/* No blank line before the next line of code or directive: a #line gives
	 * the next line its number back. */
	INCLUDE("#include <a.h>\nint x;\n\n", "#include <a.h>\n#include \"asrt.h\"\n#line 2\nint x;\n\n");
	INCLUDE("#include <a.h>\n#define N 1\n\nint x;\n", "#include <a.h>\n#include \"asrt.h\"\n#line 2\n#define N 1\n\nint x;\n");
	/* ... counting the file's own #line directives and line markers. */
	INCLUDE("#line 500 \"r.c\"\n#include <a.h>\nint x;\n",
		"#line 500 \"r.c\"\n#include <a.h>\n#include \"asrt.h\"\n#line 501\nint x;\n");
	INCLUDE("# 90 \"r.c\" 2\n\n#include <a.h>\nint x;\n",
		"# 90 \"r.c\" 2\n\n#include <a.h>\n#include \"asrt.h\"\n#line 92\nint x;\n");
	INCLUDE("#include <a.h> \\\n  /* c */\nint x;\n", "#include <a.h> \\\n  /* c */\n#include \"asrt.h\"\n#line 3\nint x;\n");
	/* A #line it cannot read (conditional, or a macro's): the include alone. */
	INCLUDE("#ifdef R\n#line 7\n#endif\n#include <a.h>\nint x;\n",
		"#ifdef R\n#line 7\n#endif\n#include <a.h>\n#include \"asrt.h\"\nint x;\n");
	INCLUDE("#line N\n#include <a.h>\nint x;\n", "#line N\n#include <a.h>\n#include \"asrt.h\"\nint x;\n");
	/* Conditional includes do not count; later top-level ones do. */
	INCLUDE("#include <a.h>\n#ifdef X\n#include <b.h>\n#endif\nint x;\n",
		"#include <a.h>\n#include \"asrt.h\"\n#line 2\n#ifdef X\n#include <b.h>\n#endif\nint x;\n");
	INCLUDE("#include <a.h>\n#if defined(X)\n# include <b.h>\n#elif Y\n#include <c.h>\n#else\n#include <d.h>\n#endif\n  #  include <e.h>\nint x;\n",
		"#include <a.h>\n#if defined(X)\n# include <b.h>\n#elif Y\n#include <c.h>\n#else\n#include <d.h>\n#endif\n  #  include <e.h>\n#include \"asrt.h\"\n#line 10\nint x;\n");
	/* Nested conditionals. */
	INCLUDE("#if A\n#if B\n#endif\n#include <b.h>\n#endif\n#include <c.h>\nint x;\n",
		"#if A\n#if B\n#endif\n#include <b.h>\n#endif\n#include <c.h>\n#include \"asrt.h\"\n#line 7\nint x;\n");
	/* Includes after the first line of code are not top-of-file. */
	INCLUDE("#include <a.h>\nint x;\n#include <b.h>\n",
		"#include <a.h>\n#include \"asrt.h\"\n#line 2\nint x;\n#include <b.h>\n");
	/* Only conditional includes: after the leading comments. */
	INCLUDE("/* Copyright.\n * #include <no.h>\n */\n#ifdef HAVE_X\n#include <x.h>\n#endif\nint x;\n",
		"/* Copyright.\n * #include <no.h>\n */\n#include \"asrt.h\"\n#line 4\n#ifdef HAVE_X\n#include <x.h>\n#endif\nint x;\n");
	/* No includes, no comments. */
	INCLUDE("int x;\n", "#include \"asrt.h\"\n#line 1\nint x;\n");
	INCLUDE("", "#include \"asrt.h\"\n");
	/* Line comments at the top, then a blank line. */
	INCLUDE("// one\n// two\n\nint x;\n", "// one\n// two\n#include \"asrt.h\"\nint x;\n");
	/* Include guard: inside it, after the #define. */
	INCLUDE("/* h */\n#ifndef X_H\n#define X_H\n\nint x;\n\n#endif\n",
		"/* h */\n#ifndef X_H\n#define X_H\n#include \"asrt.h\"\nint x;\n\n#endif\n");
	INCLUDE("#ifndef X_H\n#define X_H\n#include <a.h>\n#ifdef Y\n#include <y.h>\n#endif\nint x;\n#endif\n",
		"#ifndef X_H\n#define X_H\n#include <a.h>\n#include \"asrt.h\"\n#line 4\n#ifdef Y\n#include <y.h>\n#endif\nint x;\n#endif\n");
	INCLUDE("#if !defined(X_H)\n#define X_H\n#ifdef Y\n#include <y.h>\n#endif\n#endif\n",
		"#if !defined(X_H)\n#define X_H\n#include \"asrt.h\"\n#line 3\n#ifdef Y\n#include <y.h>\n#endif\n#endif\n");
	INCLUDE("#pragma once\nint x;\n", "#pragma once\n#include \"asrt.h\"\n#line 2\nint x;\n");
	/* An #ifndef that is not a guard is a conditional. */
	INCLUDE("#ifndef X\n#include <x.h>\n#endif\nint x;\n",
		"#include \"asrt.h\"\n#line 1\n#ifndef X\n#include <x.h>\n#endif\nint x;\n");
	INCLUDE("#ifndef X\n#define Y\n#include <x.h>\n#endif\nint x;\n",
		"#include \"asrt.h\"\n#line 1\n#ifndef X\n#define Y\n#include <x.h>\n#endif\nint x;\n");
	/* Feature-test macros stay ahead of every header. */
	INCLUDE("/* c */\n#define _GNU_SOURCE\n#ifdef X\n#include <x.h>\n#endif\n",
		"/* c */\n#define _GNU_SOURCE\n#include \"asrt.h\"\n#line 3\n#ifdef X\n#include <x.h>\n#endif\n");
	/* Commented-out and string-held includes do not count. */
	INCLUDE("/*\n#include <a.h>\n*/\n// #include <b.h>\nint x;\n",
		"/*\n#include <a.h>\n*/\n// #include <b.h>\n#include \"asrt.h\"\n#line 5\nint x;\n");
	INCLUDE("#include <a.h> /* comment\n#include <not.h>\n*/\nint x;\n",
		"#include <a.h> /* comment\n#include <not.h>\n*/\n#include \"asrt.h\"\n#line 4\nint x;\n");
	/* A spliced directive is one line. */
	INCLUDE("#include \\\n  <a.h>\nint x;\n", "#include \\\n  <a.h>\n#include \"asrt.h\"\n#line 3\nint x;\n");
	INCLUDE("#define M(x) \\\n  (x)\n#include <a.h>\n", "#define M(x) \\\n  (x)\n#include <a.h>\n#include \"asrt.h\"\n");
	/* CRLF files get CRLF. */
	INCLUDE("/* c */\r\n#include <a.h>\r\n\r\nint x;\r\n",
		"/* c */\r\n#include <a.h>\r\n#include \"asrt.h\"\r\nint x;\r\n");
	INCLUDE("#ifndef H\r\n#define H\r\nint x;\r\n#endif\r\n",
		"#ifndef H\r\n#define H\r\n#include \"asrt.h\"\r\n#line 3\r\nint x;\r\n#endif\r\n");
	/* A byte order mark stays first. */
	INCLUDE("\xEF\xBB\xBFint x;\n", "\xEF\xBB\xBF#include \"asrt.h\"\n#line 1\nint x;\n");
	INCLUDE("\xEF\xBB\xBF#include <a.h>\n", "\xEF\xBB\xBF#include <a.h>\n#include \"asrt.h\"\n");
	/* A last line without a newline. */
	INCLUDE("#include <a.h>", "#include <a.h>\n#include \"asrt.h\"\n");
	INCLUDE("/* c */", "/* c */\n#include \"asrt.h\"\n");

	/* as_has_include: quote, angle, path suffix; not conditional or commented. */
	EXPECT(HAS("#include \"asrt.h\"\n"));
	EXPECT(HAS("int x;\n#include <asrt/asrt.h>"));
	EXPECT(HAS("#include \"runtime/asrt.h\"\n"));
	EXPECT(!HAS("#include \"xasrt.h\"\n"));
	EXPECT(!HAS("#include \"asrt.h.in\"\n"));
	EXPECT(!HAS("// #include \"asrt.h\"\n"));
	EXPECT(!HAS("/* #include \"asrt.h\" */\n"));
	EXPECT(!HAS("#ifdef A\n#include \"asrt.h\"\n#endif\n"));
	EXPECT(HAS("#ifdef A\n#endif\n#include \"asrt.h\"\n"));
	EXPECT(HAS("#ifndef G\n#define G\n#include \"asrt.h\"\n#endif\n"));
	EXPECT(!HAS("const char *s = \"\\\n#include \\\"asrt.h\\\"\";\n"));
	EXPECT(as_include_offset("#include <a.h>\n", 15) == 15);
}

#define KEEPS(s) as_include_keeps_lines(s, strlen(s), as_include_offset(s, strlen(s)))

/* What the analyzer refuses a fix for: an include that would move lines. */
static void test_keeps_lines(void)
{
	EXPECT(KEEPS("#include <a.h>\n\nint x;\n"));                           /* a blank line takes it */
	EXPECT(KEEPS("#include <a.h>\nint x;\n"));                             /* #line 2 after it */
	EXPECT(KEEPS("#line 9\n#include <a.h>\nint x;\n"));                    /* #line 10 */
	EXPECT(KEEPS("#line N\n#include <a.h>\n\nint x;\n"));                  /* a macro's #line, a blank */
	EXPECT(KEEPS("#line N\n#include <a.h>\n"));                            /* no line follows */
	EXPECT(!KEEPS("#line N\n#include <a.h>\nint x;\n"));                   /* a macro's #line, no blank */
	EXPECT(!KEEPS("#ifdef R\n#line 7\n#endif\n#include <a.h>\nint x;\n")); /* a conditional one */
	EXPECT(KEEPS("#include <a.h>\nint x;\n#ifdef R\n#line 7\n#endif\n"));  /* after the place */
	EXPECT(as_text_calls_asrt("asrt_memdup_at(s, n, \"f.c:1\")"));
	EXPECT(!as_text_calls_asrt("rb_asrt_dup(s)"));
	EXPECT(!as_text_calls_asrt("xmemdup(s, n)"));
}

static void test_hash(void)
{
	/* FNV-1a 64 test vectors. */
	EXPECT(as_text_hash("", 0) == 0xcbf29ce484222325ull);
	EXPECT(as_text_hash(NULL, 0) == 0xcbf29ce484222325ull);
	EXPECT(as_text_hash("a", 1) == 0xaf63dc4c8601ec8cull);
	EXPECT(as_text_hash("foobar", 6) == 0x85944171f73967e8ull);
}

static void expect_diff(int line, const char *a, const char *b, const char *want)
{
	struct as_error err = { "" };
	char *got = NULL;
	size_t gotlen = 0;
	FILE *f = open_memstream(&got, &gotlen);

	check_count++;
	if (!f || as_diff_unified(f, "a/f.c", "b/f.c", a, strlen(a), b, strlen(b), &err) < 0) {
		fprintf(stderr, "line %d: diff failed: %s\n", line, err.msg);
		check_failures++;
		if (f)
			fclose(f);
		free(got);
		return;
	}
	fclose(f);
	if (strcmp(got, want) != 0) {
		fprintf(stderr, "line %d: diff got\n%s---- want\n%s----\n", line, got, want);
		check_failures++;
	}
	free(got);
}

#define DIFF(a, b, want) expect_diff(__LINE__, a, b, want)

static void test_diff(void)
{
	DIFF("a\nb\nc\n", "a\nb\nc\n", "");
	DIFF("", "", "");
	DIFF("a\nb\nc\n", "a\nB\nc\n", "--- a/f.c\n+++ b/f.c\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
	DIFF("", "x\ny\n", "--- a/f.c\n+++ b/f.c\n@@ -0,0 +1,2 @@\n+x\n+y\n");
	DIFF("x\n", "", "--- a/f.c\n+++ b/f.c\n@@ -1 +0,0 @@\n-x\n");
	DIFF("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n",
	     "--- a/f.c\n+++ b/f.c\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
	/* Insertion only, in the middle. */
	DIFF("1\n2\n3\n4\n5\n6\n7\n8\n", "1\n2\n3\n4\nnew\n5\n6\n7\n8\n",
	     "--- a/f.c\n+++ b/f.c\n@@ -2,6 +2,7 @@\n 2\n 3\n 4\n+new\n 5\n 6\n 7\n");
	/* Two changes 6 lines apart: one hunk; 7 apart: two. */
	DIFF("a\n1\n2\n3\n4\n5\n6\nb\n", "A\n1\n2\n3\n4\n5\n6\nB\n",
	     "--- a/f.c\n+++ b/f.c\n@@ -1,8 +1,8 @@\n-a\n+A\n 1\n 2\n 3\n 4\n 5\n 6\n-b\n+B\n");
	DIFF("a\n1\n2\n3\n4\n5\n6\n7\nb\n", "A\n1\n2\n3\n4\n5\n6\n7\nB\n",
	     "--- a/f.c\n+++ b/f.c\n@@ -1,4 +1,4 @@\n-a\n+A\n 1\n 2\n 3\n@@ -6,4 +6,4 @@\n 5\n 6\n 7\n-b\n+B\n");
	/* No newline at the end. */
	DIFF("a\nb", "a\nb\n", "--- a/f.c\n+++ b/f.c\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n");
	DIFF("a\nb\n", "a\nb", "--- a/f.c\n+++ b/f.c\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n");
	DIFF("x\na\nb", "y\na\nb",
	     "--- a/f.c\n+++ b/f.c\n@@ -1,3 +1,3 @@\n-x\n+y\n a\n b\n\\ No newline at end of file\n");
	/* A minimal script: one deleted line among many equal ones. */
	DIFF("a\nb\nc\nd\ne\n", "a\nc\nd\ne\n", "--- a/f.c\n+++ b/f.c\n@@ -1,5 +1,4 @@\n a\n-b\n c\n d\n e\n");
	/* Deletions before insertions in a change run. */
	DIFF("p\nx\ny\nq\n", "p\n1\n2\n3\nq\n", "--- a/f.c\n+++ b/f.c\n@@ -1,4 +1,5 @@\n p\n-x\n-y\n+1\n+2\n+3\n q\n");
	/* CRLF lines are lines. */
	DIFF("a\r\nb\r\n", "a\r\nc\r\n", "--- a/f.c\n+++ b/f.c\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n");
}

int main(void)
{
	test_edits();
	test_include();
	test_keeps_lines();
	test_hash();
	test_diff();
	return check_status("test_edit");
}
