/* as_tu.h - what the analysis of one translation unit shares: the libclang
 * unit, the rule packs, the per-function arena and source buffers. */
#ifndef AS_TU_H
#define AS_TU_H

#include <clang-c/Index.h>
#include <stddef.h>

#include "as_arena.h"
#include "as_names.h"
#include "as_program.h"
#include "as_rules.h"

struct as_srcfile {
	CXFile file;
	const char *buf;
	size_t len;
	/* Offsets where its lines start (heap), and its as_text_hash, made on
	 * first use: a big file's many findings cost one pass over it. */
	size_t *lines;
	size_t nlines;
	unsigned long long hash;
	int hashed;
	/* Its directives (as_directives.c), read on first use; heap. */
	struct as_directive *dirs;
	size_t ndirs, capdirs;
	int dirs_read;
	unsigned first_code, last_code; /* offsets of the first and last tokens outside directives */
};

struct as_rebind {
	CXCursor canon; /* the function's canonical declaration */
	unsigned line;  /* of the first declaration that rebinds it */
};

struct as_tu {
	CXTranslationUnit tu;
	const struct as_rules *rules;
	struct as_rules summaries; /* this unit's own helpers, as rules (as_summary.c) */
	struct as_grower *growers; /* this unit's functions that regrow per call */
	size_t ngrowers, capgrowers;
	/* Whole-program scans: the other units' functions, consulted only for
	 * the names in callees (called here, defined nowhere in this unit). */
	const struct as_program *program;
	const struct as_names *callees;
	struct as_arena arena; /* reset after each function */
	/* Built without optimisation (as_flags_unoptimised): every local is
	 * in its stack frame, none only in registers. */
	int unoptimised;
	/* Calls of a pack's alloc, realloc or dup function seen: none in a
	 * whole scan means the packs do not describe the code's allocator. */
	unsigned long allocs_seen;
	struct as_srcfile *files;
	size_t nfiles, capfiles;
	/* The unit opens a stream on a memory buffer or with its own
	 * functions (as_readonly.c). */
	int memstream, memstream_known;
	/* The unit registers printf conversion handlers (as_readonly.c). */
	int printf_hooks, printf_hooks_known;
	/* The capacity query the unit names, if any (as_capacity.c). */
	const char *capacity;
	int capacity_known;
	/* File-scope declarations outside system headers that make a function
	 * the unit's own (as_unit_rebinds), collected once; rebinds_failed:
	 * out of memory collecting them. */
	struct as_rebind *rebinds;
	size_t nrebinds;
	int rebinds_known, rebinds_failed;
	/* A signal handler the unit installs that may write (as_handlers.c). */
	char handler[64];
	unsigned handler_line;
	int handler_found, handler_known;
};

/* The rule for a called function: this unit's summaries first, then the
 * packs, then the program's summaries. */
const struct as_rule *as_tu_function(const struct as_tu *t, const char *name, size_t len);
/* The name of the function call calls, for looking up its pack entry: ""
 * when it calls through a pointer (a struct member, a variable), which
 * only shares the function's name. Held by the unit's arena. */
const char *as_tu_callee(struct as_tu *t, CXCursor call);
/* True if call calls a function by its name, not through a pointer. */
int as_call_direct(CXCursor call);
/* Whether another unit of the program defines, with external linkage, the
 * library function name: the linker binds this unit's calls to it. */
int as_tu_program_defines(const struct as_tu *t, const char *name);
/* The name under which a unit that defines the library function name says
 * so to the program (AS_PROGRAM_DEFINES before it), into mark; 0 if it
 * does not fit. */
int as_program_mark(const char *name, char mark[static 256]);
/* The grower of that name: this unit's, then the program's; NULL if none. */
const struct as_grower *as_tu_grower(const struct as_tu *t, const char *name, size_t len);
/* The file's real path (an arena copy; its name as given if unknown):
 * the units of a program may name one file differently. */
const char *as_tu_real_path(struct as_tu *t, CXFile f);
/* Source text of f as libclang holds it (owned by the unit); NULL if none. */
const char *as_tu_buffer(struct as_tu *t, CXFile f, size_t *len);

/* The 1-based line and column (in bytes) of offset off of file f, by a
 * binary search of its line starts; 1:1 when the file is unknown. */
void as_tu_line_col(struct as_tu *t, CXFile f, unsigned off, unsigned *line, unsigned *col);

/* as_text_hash of file f's text, computed once. */
unsigned long long as_tu_text_hash(struct as_tu *t, CXFile f);

/* Locations: "file" is where a token sits in a real file (a macro argument's
 * own text, or the macro's expansion site for tokens of its body),
 * "spelling" where its characters are (inside a #define for body tokens),
 * "expansion" the outermost macro invocation. Return 0, -1 when the location
 * is in no file (built-ins, scratch space). */
int as_loc_file(CXSourceLocation l, CXFile *f, unsigned *off);
int as_loc_spelling(CXSourceLocation l, CXFile *f, unsigned *off);
int as_loc_expansion(CXSourceLocation l, CXFile *f, unsigned *off);
/* Where the characters of the token at l really are: inside the #define for
 * a token of a macro body, which the calls above (libclang 14) all map to
 * the expansion site; clang_tokenize alone lexes at the true place. */
int as_loc_token(struct as_tu *t, CXSourceLocation l, CXFile *f, unsigned *off);
/* True if the cursor's first token is written in the file as it stands
 * (plain code or a macro argument), not produced by a macro body. */
int as_cursor_user_written(struct as_tu *t, CXCursor c);
/* True if an end of c's extent is a token of a macro's argument: libclang
 * then gives the argument's place in the file, and the text between the
 * ends need not be c's expression (with #define CAT(x, y) x "\0" y, the
 * literal of CAT("a", "b") reads "a", "b"; with #define TWICE(x) x x,
 * that of TWICE("a") reads "a", one of its two). */
int as_cursor_ends_in_macro_arg(CXCursor c);
/* Children of c into out (at most max); returns the number of children. */
int as_children(CXCursor c, CXCursor *out, int max);
/* True if pred holds for c or a cursor below it (visited in order, the
 * first hit ends the walk). */
int as_subtree_any(CXCursor c, int (*pred)(CXCursor c, void *ctx), void *ctx);
/* A predicate for as_subtree_any: c refers to the variable whose name is
 * ctx (a const char *). */
int as_names_var(CXCursor c, void *name);
/* Cursor stripped of parentheses, casts and implicit conversions. */
CXCursor as_strip(CXCursor c);
/* One layer of those off c; c itself when it is none. */
CXCursor as_strip_layer(CXCursor c);
/* True if an object of type t holds the same bytes for the whole run:
 * const and not volatile, and so is every element and pointee it has. */
int as_type_deeply_const(CXType t);
/* True if t is a character type: char, signed char or unsigned char. */
int as_type_char(CXType t);
/* The integer value of a constant expression; 0 if not constant. */
int as_eval_int(CXCursor c, long long *out);
/* True if c is a sizeof or alignof whose operand is not evaluated: one of
 * constant value. The sizeof of a variable length array evaluates its
 * operand (C11 6.5.3.4p2), so the calls and stores of its length run. */
int as_unevaluated(CXCursor c);
/* Whether declaration decl (a function's or a variable's) carries an asm
 * label (`void *memcpy(...) __asm__("rev_copy")`, or one that `#pragma
 * redefine_extname` makes), which binds its name to another symbol: the
 * label's text in *label when label is not NULL (the caller disposes of
 * it), and in *line the label's line (the declaration's for a pragma's,
 * wherever the declaration is), 0 when it is in a system header (glibc's
 * own redirections). */
int as_asm_label(CXCursor decl, CXString *label, unsigned *line);
/* True if declaration decl carries an alias or weakref attribute (`extern
 * char other[8] __attribute__((alias("buf")))`: the same object as buf
 * under another name, as an asm label makes one), or an attribute whose
 * tokens cannot be read. */
int as_decl_aliases(CXCursor decl);
/* True if function declaration c is the C library's own: a declaration
 * in a system header, or a definition there that is inline and not static
 * (glibc's extern __inline _FORTIFY_SOURCE wrappers). A header is a system
 * header by where it is found or by its own '#pragma GCC system_header',
 * so a project's header can be one: its static or out-of-line definition
 * of memcpy (a counting copy), or its static inline wrapper of
 * malloc_usable_size, is the program's. */
int as_library_function(CXCursor c);
/* The line of a file-scope declaration of function decl, not the
 * library's own (as_library_function), that makes the program's symbol of
 * that name the unit's own: a definition (anywhere in the unit, after a
 * call too, where the name still refers to a header's declaration) or a
 * declaration with an attribute the analysis cannot read (alias, ifunc);
 * 0 if none. */
unsigned as_unit_rebinds(struct as_tu *tu, CXCursor decl);
/* Frees what as_unit_rebinds collected. */
void as_unit_rebinds_free(struct as_tu *tu);
/* True if a function named name is declared at file scope ahead of the
 * top-level declaration fn (a text that calls it there resolves). */
int as_tu_declared_before(struct as_tu *tu, const char *name, CXCursor fn);

#endif
