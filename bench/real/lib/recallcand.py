"""Crude candidate sites for a recall review, found without allocscan.

  recallcand.py PACK.json SRC FILE... > candidates.tsv

For each function of each FILE (relative to SRC), lists:
  alloc-copy     an allocation call (libc's, one the pack names with role
                 alloc or realloc, or any function named *alloc* or
                 *_new_capa, as helpers are; called directly or through a
                 struct member, as tinyscheme's sc->malloc) whose result is
                 stored into an lvalue,
                 followed later in the function by a copy into that same
                 lvalue or a member of it (a payload): memcpy, memmove, strcpy, strncpy, a call whose
                 name says copy or move with it as first argument, or a
                 loop storing into it element by element;
  realloc-churn  every reallocation call (libc's, the pack's role realloc,
                 or any function named *realloc*, as helpers are), marked
                 "loop" when it sits inside a loop.
It over-approximates on purpose: every line is a candidate to read, not a
finding. Comments and string literals are blanked first; functions are
the brace blocks opened at depth 0 after a parenthesis. Output: one
candidate a line, tab-separated: FILE LINE CLASS FUNCTION DETAIL.
"""
import json
import re
import sys

LIBC_ALLOC = {"malloc", "calloc", "realloc", "strdup", "strndup", "aligned_alloc"}
LIBC_REALLOC = {"realloc", "reallocarray"}
COPIES = {"memcpy", "memmove", "strcpy", "strncpy"}
LOOP = re.compile(r"\b(for|while|do)\b")
IDENT = re.compile(r"[A-Za-z_]\w*")


def blank(text):
    """Comments, string and character literals replaced by spaces, newlines kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + re.sub(r"[^\n]", " ", text[i + 1:j]) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    # preprocessor lines (with their continuations) blanked too: a
    # macro's braces are no function
    return re.sub(r"(?m)^[ \t]*#(?:.*\\\n)*.*$", lambda m: re.sub(r"[^\n]", " ", m.group(0)), "".join(out))


def match(text, i, open_c, close_c):
    """Index just past the bracket that closes the one at i."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_c:
            depth += 1
        elif text[j] == close_c:
            depth -= 1
            if depth == 0:
                return j + 1
    return len(text)


def functions(text):
    """(name, start, end) of each brace block at depth 0 whose head (the text
    since the previous top-level ';' or '}') ends with ')': the name is the
    head's first identifier before a '('."""
    i, head_at = 0, 0
    while i < len(text):
        if text[i] == ";":
            head_at = i + 1
        elif text[i] == "(":
            i = match(text, i, "(", ")") - 1
        elif text[i] == "{":
            end = match(text, i, "{", "}")
            head = text[head_at:i].strip()
            m = re.search(r"([A-Za-z_]\w*)\s*\(", head)
            if head.endswith(")") and m:
                yield m.group(1), i, end
            i, head_at = end, end
            continue
        i += 1


def loops(body, base):
    """Spans of the loop statements in body (absolute offsets)."""
    spans = []
    for m in LOOP.finditer(body):
        j = m.end()
        while j < len(body) and body[j].isspace():
            j += 1
        if m.group(1) != "do" and j < len(body) and body[j] == "(":
            j = match(body, j, "(", ")")
            while j < len(body) and body[j].isspace():
                j += 1
        if j < len(body) and body[j] == "{":
            end = match(body, j, "{", "}")
        else:
            end = body.find(";", j) + 1 or len(body)
        spans.append((base + m.start(), base + end))
    return spans


def lvalue_before(text, k):
    """The lvalue assigned by '=' at text[k] (crude: the expression back to ; { } , or ()."""
    j = k
    depth = 0
    while j > 0:
        c = text[j - 1]
        if c in ")]":
            depth += 1
        elif c in "([":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and c in ";{},=!<>&|?:" and text[j - 2:j] != "->":
            break
        j -= 1
    lv = text[j:k].strip()
    # a declaration: keep the declared name
    lv = re.sub(r"^(?:(?:const|static|struct|unsigned|signed|volatile)\s+)*[A-Za-z_]\w*[\s*]+(?=[A-Za-z_])", "", lv)
    return lv.lstrip("*").strip() if re.fullmatch(r"[\w\s.\->\[\]*()]+", lv) else ""


def main():
    pack, src, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(pack) as f:
        entries = json.load(f).get("functions", [])
    allocs = LIBC_ALLOC | {e["name"] for e in entries if e["role"] in ("alloc", "realloc")}
    reallocs = LIBC_REALLOC | {e["name"] for e in entries if e["role"] == "realloc"}
    # a helper that allocates is named so more often than not (ary_new_capa,
    # mrb_obj_alloc): any such call counts, the review sorts them out
    call = re.compile(r"\b(%s|\w*alloc\w*|\w+_new_capa)\s*\(" % "|".join(sorted(allocs, key=len, reverse=True)))
    for rel in files:
        with open(src + "/" + rel, errors="replace") as f:
            text = blank(f.read())
        for name, start, end in functions(text):
            body = text[start:end]
            spans = loops(body, start)
            for m in call.finditer(body):
                at = start + m.start()
                line = text.count("\n", 0, at) + 1
                in_loop = any(a <= at < b for a, b in spans)
                if m.group(1) in reallocs or "realloc" in m.group(1).lower():
                    print("\t".join([rel, str(line), "realloc-churn", name, "loop" if in_loop else "no-loop"]))
                # the callee may be a member (tinyscheme's sc->malloc)
                eq = re.search(r"=\s*(\([^()]*\)\s*)?(?:[A-Za-z_]\w*\s*(?:->|\.)\s*)*$", body[:m.start()])
                if not eq or body[eq.start() - 1:eq.start() + 1] in ("==", "!=", "<=", ">="):
                    continue
                lv = lvalue_before(body, eq.start())
                if not lv:
                    continue
                rest = body[m.end():]
                pat = re.escape(lv)
                # the destination as written, cast, through an accessor
                # (ARY_PTR(a)), or a member of it (s->data: a payload)
                into = re.compile(r"\b(\w+)\s*\(\s*(?:\([^()]*\)\s*)?(?:\w+\s*)?\(?\s*%s\s*(?:(?:->|\.)\s*\w+\s*)?\)?\s*[,+]" % pat)
                how = None
                for c in into.finditer(rest):
                    if c.group(1) in COPIES or re.search(r"cpy|copy|move", c.group(1), re.I):
                        how = "%s at line %d" % (c.group(1), text.count("\n", 0, start + m.end() + c.start()) + 1)
                        break
                if not how:
                    for c in re.finditer(r"%s\s*(?:(?:->|\.)\s*\w+\s*)?\[[^\]]+\]\s*=[^=]" % pat, rest):
                        pos = start + m.end() + c.start()
                        if any(a <= pos < b and a > at for a, b in spans):
                            how = "loop store at line %d" % (text.count("\n", 0, pos) + 1)
                            break
                if how:
                    print("\t".join([rel, str(line), "alloc-copy", name, "%s = %s(...); %s" % (lv, m.group(1), how)]))


if __name__ == "__main__":
    main()
