#include "as_key.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "as_lex.h"
#include "as_names.h"

#define AS_KEY_DEPTH 12

static struct as_key *leaf(struct as_tu *tu, const char *text)
{
	struct as_key *k = as_arena_alloc(&tu->arena, sizeof *k);

	k->text = as_arena_strdup(&tu->arena, text);
	return k;
}

static struct as_key *unknown(struct as_tu *tu, CXCursor c)
{
	char buf[64];
	struct as_key *k;

	/* Unique per cursor, so two unknowns never compare equal. */
	snprintf(buf, sizeof buf, "?%u", clang_hashCursor(c));
	k = leaf(tu, buf);
	k->unknown = 1;
	return k;
}

struct as_key *as_key_num(struct as_tu *tu, long long v)
{
	char buf[32];
	struct as_key *k;

	snprintf(buf, sizeof buf, "%lld", v);
	k = leaf(tu, buf);
	k->is_num = 1;
	k->num = v;
	return k;
}

static void inherit(struct as_key *k)
{
	for (int i = 0; i < k->nkid; i++) {
		k->has_call |= k->kid[i]->has_call;
		k->has_write |= k->kid[i]->has_write;
		k->unknown |= k->kid[i]->unknown;
	}
}

static struct as_key *node(struct as_tu *tu, const char *op, struct as_key **kid, int n)
{
	struct as_key *k = as_arena_alloc(&tu->arena, sizeof *k);

	k->op = op;
	k->nkid = n;
	k->kid = as_arena_alloc(&tu->arena, (size_t)(n ? n : 1) * sizeof *k->kid);
	memcpy(k->kid, kid, (size_t)n * sizeof *kid);
	inherit(k);
	return k;
}

static int is_commutative(const char *op)
{
	return !strcmp(op, "+") || !strcmp(op, "*");
}

struct as_key *as_key_nary(struct as_tu *tu, const char *op, struct as_key **kid, int n)
{
	struct as_key *flat[64];
	int nf = 0, have_num = 0;
	long long acc = !strcmp(op, "*") ? 1 : 0;

	if (!is_commutative(op))
		return node(tu, op, kid, n);
	for (int i = 0; i < n; i++) {
		struct as_key *c = kid[i];
		int same = c->op && !strcmp(c->op, op); /* (a + b) + c is a + b + c */
		for (int j = 0; j < (same ? c->nkid : 1); j++) {
			struct as_key *x = same ? c->kid[j] : c;
			if (x->is_num) {
				acc = !strcmp(op, "*") ? acc * x->num : acc + x->num;
				have_num = 1;
			} else if (nf < 64) {
				flat[nf++] = x;
			}
		}
	}
	/* x * 1 and x + 0 are x. */
	if (have_num && !(acc == 1 && !strcmp(op, "*")) && !(acc == 0 && !strcmp(op, "+")))
		flat[nf++] = as_key_num(tu, acc);
	else if (have_num && !nf)
		return as_key_num(tu, acc);
	if (nf == 1)
		return flat[0];
	return node(tu, op, flat, nf);
}

struct as_key *as_key_call(struct as_tu *tu, const char *name, struct as_key **kid, int n)
{
	struct as_key *k = node(tu, "call", kid, n);

	k->text = as_arena_strdup(&tu->arena, name);
	/* strlen reads only: treating it as a call would forbid every strcpy fix. */
	if (strcmp(name, "strlen"))
		k->has_call = 1;
	return k;
}

int as_op_assigns(const char *op)
{
	size_t n = strlen(op);

	return n && op[n - 1] == '=' && strcmp(op, "==") && strcmp(op, "!=") && strcmp(op, "<=") && strcmp(op, ">=");
}

const char *as_binop(struct as_tu *tu, CXCursor c)
{
	static const char *const known[] = {
		"<<=",
		">>=",
		"<<",
		">>",
		"<=",
		">=",
		"==",
		"!=",
		"&&",
		"||",
		"*=",
		"/=",
		"%=",
		"+=",
		"-=",
		"&=",
		"^=",
		"|=",
		"+",
		"-",
		"*",
		"/",
		"%",
		"<",
		">",
		"&",
		"|",
		"^",
		"=",
	};
	CXCursor kid[2];
	CXFile f1, f2;
	unsigned end, begin;
	char op[4] = "";
	const char *buf, *r;
	size_t len, n = 0, at;

	if (as_children(c, kid, 2) != 2)
		return "";
	/* The operator is the one token between the operands, if they are both
	 * where the user wrote them. */
	if (!as_loc_file(clang_getRangeEnd(clang_getCursorExtent(kid[0])), &f1, &end) &&
	    !as_loc_file(clang_getRangeStart(clang_getCursorExtent(kid[1])), &f2, &begin) &&
	    clang_File_isEqual(f1, f2) && end <= begin && (buf = as_tu_buffer(tu, f1, &len)) && begin <= len) {
		at = as_lex_skip_blank(buf, len, end);
		n = as_lex_op_at(buf, len, at, op);
		if (n && as_lex_skip_blank(buf, len, at + n) != begin)
			n = 0;
	}
	/* An operator inside a macro body (lstring.h's sizelstring) has no
	 * place in the file: it is the token spelled right before the right
	 * operand's first token, in the #define. A right operand that opens a
	 * body or a macro argument has a parenthesis, a comma or a name there. */
	if (!n && (as_loc_token(tu, clang_getRangeStart(clang_getCursorExtent(kid[1])), &f2, &begin) ||
		   !(buf = as_tu_buffer(tu, f2, &len)) || begin > len || !as_lex_op_before(buf, len, begin, op)))
		return "";
	return (r = AS_NAME_IN(op, known)) ? r : "";
}

const char *as_unop(struct as_tu *tu, CXCursor c, int *postfix)
{
	static const char *const known[] = { "++", "--", "-", "+", "!", "~", "*", "&" };
	CXCursor kid[1];
	CXFile f1, f2;
	unsigned o1, o2;
	char op[4] = "";
	const char *buf, *r;
	size_t len, n;

	*postfix = 0;
	if (as_children(c, kid, 1) != 1 ||
	    as_loc_file(clang_getRangeStart(clang_getCursorExtent(c)), &f1, &o1) ||
	    as_loc_file(clang_getRangeStart(clang_getCursorExtent(kid[0])), &f2, &o2) ||
	    !clang_File_isEqual(f1, f2) || !(buf = as_tu_buffer(tu, f1, &len)))
		return "";
	if (o1 == o2) {
		/* x++ or x--: the operator right after the operand. */
		*postfix = 1;
		if (as_loc_file(clang_getRangeEnd(clang_getCursorExtent(kid[0])), &f2, &o2) ||
		    !as_lex_op_at(buf, len, o2, op) || (strcmp(op, "++") && strcmp(op, "--")))
			return "";
		return op[0] == '+' ? "++" : "--";
	}
	/* Prefix: the operator at the start, then the operand. */
	n = as_lex_op_at(buf, len, o1, op);
	if (!n || as_lex_skip_blank(buf, len, as_lex_skip_blank(buf, len, o1) + n) != o2)
		return "";
	return (r = AS_NAME_IN(op, known)) ? r : "";
}

static CXCursor last_expr_child(CXCursor c, int *n)
{
	CXCursor kid[4];
	int m = as_children(c, kid, 4);

	*n = m;
	for (int i = (m < 4 ? m : 4) - 1; i >= 0; i--)
		if (clang_isExpression(clang_getCursorKind(kid[i])))
			return kid[i];
	return clang_getNullCursor();
}

static struct as_key *key_path(struct as_keyer *k, CXCursor e, const char *sep, const char *tail, const char *close)
{
	struct as_key *base;
	size_t n;
	char *t;
	struct as_key *r;

	base = as_key_of(k, e);
	n = strlen(as_key_str(k->tu, base)) + strlen(sep) + strlen(tail) + strlen(close) + 1;
	t = as_arena_alloc(&k->tu->arena, n);
	snprintf(t, n, "%s%s%s%s", as_key_str(k->tu, base), sep, tail, close);
	r = leaf(k->tu, t);
	r->has_call = base->has_call;
	r->has_write = base->has_write;
	r->unknown = base->unknown;
	return r;
}

static struct as_key *key_call(struct as_keyer *k, CXCursor e)
{
	CXString name = clang_getCursorSpelling(e);
	const char *nm = clang_getCString(name), *direct = as_tu_callee(k->tu, e);
	const struct as_rule *r = as_tu_function(k->tu, direct, strlen(direct));
	int n = clang_Cursor_getNumArguments(e);
	struct as_key *kid[16], *out;

	if (n < 0 || n > 16 || !*nm) {
		clang_disposeString(name);
		return unknown(k->tu, e);
	}
	if (r && r->role == AS_ROLE_SIZE_MUL) {
		int m = 0;
		for (int i = 0; i < r->nmul_args; i++)
			if (r->mul_args[i] < n)
				kid[m++] = as_key_of(k, clang_Cursor_getArgument(e, (unsigned)r->mul_args[i]));
		clang_disposeString(name);
		return as_key_nary(k->tu, "*", kid, m);
	}
	for (int i = 0; i < n; i++)
		kid[i] = as_key_of(k, clang_Cursor_getArgument(e, (unsigned)i));
	out = as_key_call(k->tu, nm, kid, n);
	clang_disposeString(name);
	return out;
}

/* A constant expression is its value, computed by clang in the
 * expression's own type (Perl's SSize_t_MAX, (SSize_t)(~(Size_t)0 >> 1):
 * ~0 is -1 as a number, its shift is not), also when its operator is
 * written in a macro body, where the analysis cannot read it. */
static struct as_key *constant_or_unknown(struct as_keyer *k, CXCursor e)
{
	long long v;

	return as_eval_int(e, &v) ? as_key_num(k->tu, v) : unknown(k->tu, e);
}

static struct as_key *key_binary(struct as_keyer *k, CXCursor e)
{
	const char *op = as_binop(k->tu, e);
	CXCursor kid[2];
	struct as_key *kk[2];
	struct as_key *r;
	long long v;

	if (!*op || as_children(e, kid, 2) != 2)
		return constant_or_unknown(k, e);
	kk[0] = as_key_of(k, kid[0]);
	kk[1] = as_key_of(k, kid[1]);
	/* Both sides known, but maybe through a local's value (n * 2, n = 5),
	 * which clang does not evaluate: then the node. */
	if (kk[0]->is_num && kk[1]->is_num && !as_op_assigns(op) && as_eval_int(e, &v))
		return as_key_num(k->tu, v);
	if (!strcmp(op, "<<") && kk[1]->is_num && kk[1]->num >= 0 && kk[1]->num < 62) {
		/* n << 3 is n * 8: compare it as such. */
		kk[1] = as_key_num(k->tu, 1LL << kk[1]->num);
		op = "*";
	}
	r = as_key_nary(k->tu, op, kk, 2);
	if (as_op_assigns(op))
		r->has_write = 1;
	return r;
}

/* & or * written inside a macro body, which has no place in the file for
 * as_unop to read it from (libclang 14), told apart by the types: &x points
 * to x's type, *p has the type p points to (NSTR(node) is &node->u.str).
 * "" for any other operator. */
static const char *typed_unop(CXCursor e, CXCursor operand)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(e));
	CXType o = clang_getCanonicalType(clang_getCursorType(operand));

	if (t.kind == CXType_Pointer && clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(t)), o))
		return "&";
	if (o.kind == CXType_Pointer && clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(o)), t))
		return "*";
	return "";
}

const char *as_unop_typed(struct as_tu *tu, CXCursor c, int *postfix)
{
	const char *op = as_unop(tu, c, postfix);
	CXCursor kid[1];

	if (!*op && as_children(c, kid, 1) == 1)
		op = typed_unop(c, kid[0]);
	return op;
}

static struct as_key *key_unary(struct as_keyer *k, CXCursor e)
{
	int postfix;
	const char *op = as_unop_typed(k->tu, e, &postfix);
	CXCursor kid[1];
	struct as_key *sub, *r;
	char name[8];
	long long v;

	if (!*op || as_children(e, kid, 1) != 1)
		return constant_or_unknown(k, e);
	sub = as_key_of(k, kid[0]);
	if (sub->is_num && (!strcmp(op, "-") || !strcmp(op, "~")) && as_eval_int(e, &v))
		return as_key_num(k->tu, v);
	/* &*p is p and *&x is x: the same value, whatever the spelling. */
	if (sub->op && sub->nkid == 1 &&
	    ((!strcmp(op, "&") && !strcmp(sub->op, "u*")) || (!strcmp(op, "*") && !strcmp(sub->op, "u&"))))
		return sub->kid[0];
	snprintf(name, sizeof name, "%s%s", postfix ? "p" : "u", op);
	r = node(k->tu, as_arena_strdup(&k->tu->arena, name), &sub, 1);
	if (!strcmp(op, "++") || !strcmp(op, "--"))
		r->has_write = 1;
	return r;
}

static struct as_key *key_decl_ref(struct as_keyer *k, CXCursor e)
{
	CXString name = clang_getCursorSpelling(e);
	struct as_key *r;
	CXCursor *init;

	if (k->subst && (init = k->subst(k->subst_ctx, clang_getCString(name), e)) != NULL) {
		clang_disposeString(name);
		return as_key_of(k, *init);
	}
	if (clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_EnumConstantDecl) {
		long long v;
		if (as_eval_int(e, &v)) {
			clang_disposeString(name);
			return as_key_num(k->tu, v);
		}
	}
	r = leaf(k->tu, clang_getCString(name));
	clang_disposeString(name);
	return r;
}

static int is_signed_int(enum CXTypeKind k)
{
	return k == CXType_Char_S || k == CXType_SChar || k == CXType_Short || k == CXType_Int || k == CXType_Long ||
	       k == CXType_LongLong || k == CXType_Int128 || k == CXType_WChar;
}

static int is_unsigned_int(enum CXTypeKind k)
{
	return k == CXType_Bool || k == CXType_Char_U || k == CXType_UChar || k == CXType_UShort || k == CXType_UInt ||
	       k == CXType_ULong || k == CXType_ULongLong || k == CXType_UInt128 || k == CXType_Char16 ||
	       k == CXType_Char32;
}

/* True if converting a size of type from to type to may change it: to a
 * narrower integer type, or from a floating type to an integer. A change
 * of signedness alone is dropped: a size ends as size_t, and a negative
 * one is an allocation that fails either way. */
static int conversion_changes(CXType to, CXType from)
{
	CXType t = clang_getCanonicalType(to), f = clang_getCanonicalType(from);
	long long ts, fs;
	int ti, fi;

	if (clang_equalTypes(t, f))
		return 0;
	if (t.kind == CXType_Enum)
		t = clang_getCanonicalType(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(t)));
	if (f.kind == CXType_Enum)
		f = clang_getCanonicalType(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(f)));
	ti = is_signed_int(t.kind) || is_unsigned_int(t.kind);
	fi = is_signed_int(f.kind) || is_unsigned_int(f.kind);
	if (!ti || !fi)
		return ti && (f.kind == CXType_Float || f.kind == CXType_Double || f.kind == CXType_LongDouble);
	ts = clang_Type_getSizeOf(t);
	fs = clang_Type_getSizeOf(f);
	return ts < 0 || fs < 0 || ts < fs || (t.kind == CXType_Bool && f.kind != CXType_Bool);
}

/* The key of a conversion that may change its operand's value: the target
 * type, so that "(unsigned char)n" never equals "n". */
static struct as_key *key_conversion(struct as_keyer *k, CXCursor e, CXCursor inner)
{
	CXString t = clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(e)));
	char op[160];
	struct as_key *kid;

	snprintf(op, sizeof op, "(%s)", clang_getCString(t));
	clang_disposeString(t);
	kid = as_key_of(k, inner);
	return node(k->tu, as_arena_strdup(&k->tu->arena, op), &kid, 1);
}

struct as_key *as_key_of(struct as_keyer *k, CXCursor e)
{
	enum CXCursorKind kind;
	struct as_key *r;
	long long v;
	int n;

	if (clang_Cursor_isNull(e) || k->depth > AS_KEY_DEPTH)
		return unknown(k->tu, e);
	k->depth++;
	/* Conversions: dropped when they keep every value, part of the key
	 * when they may not; a constant is its converted value. */
	for (CXCursor in = as_strip_layer(e); !clang_equalCursors(in, e); e = in, in = as_strip_layer(e)) {
		if (clang_getCursorKind(e) != CXCursor_ParenExpr &&
		    conversion_changes(clang_getCursorType(e), clang_getCursorType(in))) {
			r = as_eval_int(e, &v) ? as_key_num(k->tu, v) : key_conversion(k, e, in);
			k->depth--;
			return r;
		}
	}
	kind = clang_getCursorKind(e);
	switch (kind) {
	case CXCursor_DeclRefExpr:
		r = key_decl_ref(k, e);
		break;
	case CXCursor_MemberRefExpr: {
		CXString m = clang_getCursorSpelling(e);
		CXCursor base = last_expr_child(e, &n);
		/* "." and "->" are one separator: s->f and (*s).f are the same,
		 * and so is (&s)->f. */
		if (!clang_Cursor_isNull(base) && clang_getCursorKind(as_strip(base)) == CXCursor_UnaryOperator) {
			CXCursor inner[1];
			int post;
			if (!strcmp(as_unop_typed(k->tu, as_strip(base), &post), "&") &&
			    as_children(as_strip(base), inner, 1) == 1)
				base = inner[0];
		}
		/* A member path is a chain, not a tree: its steps do not count
		 * against the depth (CPython's &_Py_ID(x) is seven members into
		 * the global _PyRuntime). */
		k->depth--;
		r = clang_Cursor_isNull(base) ? leaf(k->tu, clang_getCString(m))
					      : key_path(k, base, ".", clang_getCString(m), "");
		k->depth++;
		clang_disposeString(m);
		break;
	}
	case CXCursor_ArraySubscriptExpr: {
		CXCursor kid[2];
		if (as_children(e, kid, 2) != 2) {
			r = unknown(k->tu, e);
			break;
		}
		r = key_path(k, kid[0], "[", as_key_str(k->tu, as_key_of(k, kid[1])), "]");
		break;
	}
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_UnaryExpr: /* sizeof, alignof */
		r = as_eval_int(e, &v) ? as_key_num(k->tu, v) : unknown(k->tu, e);
		break;
	case CXCursor_StringLiteral: {
		CXString s = clang_getCursorSpelling(e);
		r = leaf(k->tu, clang_getCString(s));
		clang_disposeString(s);
		break;
	}
	case CXCursor_CallExpr:
		r = key_call(k, e);
		break;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		r = key_binary(k, e);
		break;
	case CXCursor_UnaryOperator:
		r = key_unary(k, e);
		break;
	case CXCursor_ConditionalOperator: {
		CXCursor kid[3];
		struct as_key *kk[3];
		if (as_children(e, kid, 3) != 3) {
			r = unknown(k->tu, e);
			break;
		}
		for (int i = 0; i < 3; i++)
			kk[i] = as_key_of(k, kid[i]);
		r = node(k->tu, "?:", kk, 3);
		break;
	}
	default:
		/* offsetof(T, m) and other constants of kinds libclang does not expose. */
		r = as_eval_int(e, &v) ? as_key_num(k->tu, v) : unknown(k->tu, e);
		break;
	}
	k->depth--;
	return r;
}

struct strbuf {
	struct as_tu *tu;
	char *s;
	size_t len, cap;
};

static void put(struct strbuf *b, const char *s)
{
	size_t n = strlen(s);

	if (b->len + n + 1 > b->cap) {
		size_t cap = as_grow_cap(b->cap, b->len + n + 1);
		char *ns = as_arena_alloc(&b->tu->arena, cap);
		/* The first put has no old buffer: memcpy from NULL is undefined. */
		if (b->len)
			memcpy(ns, b->s, b->len);
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n + 1);
	b->len += n;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char *as_key_str(struct as_tu *tu, const struct as_key *k)
{
	struct strbuf b = { tu, NULL, 0, 0 };
	const char *parts[64];
	int n = k->nkid < 64 ? k->nkid : 64;

	if (!k->op)
		return k->text;
	for (int i = 0; i < n; i++)
		parts[i] = as_key_str(tu, k->kid[i]);
	put(&b, "");
	if (!strcmp(k->op, "call")) {
		put(&b, k->text);
		put(&b, "(");
		for (int i = 0; i < n; i++) {
			if (i)
				put(&b, ",");
			put(&b, parts[i]);
		}
		put(&b, ")");
	} else if (k->op[0] == 'u' || k->op[0] == 'p') {
		if (k->op[0] == 'u')
			put(&b, k->op + 1);
		put(&b, parts[0]);
		if (k->op[0] == 'p')
			put(&b, k->op + 1);
	} else if (!strcmp(k->op, "?:") && n == 3) {
		put(&b, "(");
		put(&b, parts[0]);
		put(&b, "?");
		put(&b, parts[1]);
		put(&b, ":");
		put(&b, parts[2]);
		put(&b, ")");
	} else {
		if (is_commutative(k->op))
			qsort(parts, (size_t)n, sizeof *parts, cmp_str);
		put(&b, "(");
		for (int i = 0; i < n; i++) {
			if (i)
				put(&b, k->op);
			put(&b, parts[i]);
		}
		put(&b, ")");
	}
	return b.s;
}

int as_key_equal(struct as_tu *tu, const struct as_key *a, const struct as_key *b)
{
	if (!a || !b || a->unknown || b->unknown)
		return 0;
	return !strcmp(as_key_str(tu, a), as_key_str(tu, b));
}

void as_key_leaves(const struct as_key *k, void (*fn)(void *ctx, const struct as_key *leaf), void *ctx)
{
	if (!k->op) {
		if (!k->is_num)
			fn(ctx, k);
		return;
	}
	for (int i = 0; i < k->nkid; i++)
		as_key_leaves(k->kid[i], fn, ctx);
}

int as_key_covers(const char *a, const char *k)
{
	size_t n;

	if (!a || !k)
		return 0;
	n = strlen(a);
	if (strncmp(a, k, n))
		return 0;
	return k[n] == '\0' || k[n] == '.' || k[n] == '[';
}

struct covered_leaf {
	const char *a;
	int hit;
};

static void covered_leaf(void *ctx, const struct as_key *leaf)
{
	struct covered_leaf *c = ctx;

	c->hit |= as_key_covers(c->a, leaf->text);
}

int as_key_leaf_covered(const char *a, const struct as_key *k)
{
	struct covered_leaf c = { a, 0 };

	as_key_leaves(k, covered_leaf, &c);
	return c.hit;
}

/* k with its value-changing conversions dropped, + and * flattened again. */
static const struct as_key *unconverted(struct as_tu *tu, const struct as_key *k)
{
	struct as_key *kid[64], *r;

	if (!k->op)
		return k;
	if (k->op[0] == '(' && k->nkid == 1)
		return unconverted(tu, k->kid[0]);
	for (int i = 0; i < k->nkid && i < 64; i++)
		kid[i] = (struct as_key *)unconverted(tu, k->kid[i]);
	r = as_key_nary(tu, k->op, kid, k->nkid < 64 ? k->nkid : 64);
	if (r->op && !strcmp(r->op, "call"))
		r->text = k->text;
	return r;
}

int as_key_equal_but_conversions(struct as_tu *tu, const struct as_key *a, const struct as_key *b)
{
	return a && b && !a->unknown && !b->unknown && !as_key_equal(tu, a, b) &&
	       as_key_equal(tu, unconverted(tu, a), unconverted(tu, b));
}

int as_cursor_effect(CXCursor c, void *tu)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	const char *op;
	int post;

	if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator || k == CXCursor_StmtExpr)
		return 1;
	if (k == CXCursor_BinaryOperator)
		return as_op_assigns(as_binop(tu, c));
	if (k == CXCursor_UnaryOperator) {
		op = as_unop(tu, c, &post);
		return !strcmp(op, "++") || !strcmp(op, "--");
	}
	return 0;
}
