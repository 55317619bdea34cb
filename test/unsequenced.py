#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""unsequenced.py BUILD_DIR [FILE.c]... - find reads that are unsequenced
with a call that writes the same object through a pointer.

C leaves unspecified the order in which a call's arguments, and the
operands of most operators, are evaluated.  In

    relevant(r, dm_route_object(fx, c, &r), f)

the first argument may read r before or after dm_route_object writes it
(gcc evaluates it after, clang before).  Compilers warn about two side
effects on one object (-Wsequence-point, -Wunsequenced) but not about a
side effect inside a call, which this script finds.

It reads clang's AST (clang -Xclang -ast-dump=json) of every C file of
the tree (or of the FILEs), compiled with the include folders of the tree
and BUILD_DIR/config.h, and works in two passes:

1. a summary of every function defined in the tree: how deep below each
   pointer parameter it may write (1: *p or p->f, 2: *p->q, ...),
   through assignments, increments, calls to other functions (to a fixed
   point) and stores of the pointer elsewhere.  A function defined
   elsewhere (libc, libevent, Check) writes through every parameter that
   is a pointer to non-const.
2. at every call's arguments, both operands of an operator other than
   &&, || and the comma, an assignment's target and value, the elements
   of an initializer and an array subscript: any object that one operand
   may write through a call and the other reads.

Prints FILE:LINE: OBJECT ... for each, exits 1 when there is one, 2 when
a file does not compile.
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

TREE_DIRS = ("include", "proto", "fom", "librti", "rti", "tools", "samples",
             "test", "test/fuzz", "test/bench")
CASTS = ("ImplicitCastExpr", "CStyleCastExpr", "ParenExpr")
INF = 1 << 30


def strip(e):
    """e without parentheses and value-preserving casts"""
    while e.get("kind") in CASTS and e.get("castKind") not in (
            "LValueToRValue", "ArrayToPointerDecay") and e.get("inner"):
        e = e["inner"][0]
    return e


def lv_key(e):
    """(root declaration id, name, stars) of an lvalue, or None: x.f is
    (x, 0), p->f and p[i] and *p are (p, 1), p->q->f is (p, 2)"""
    e = strip(e)
    k = e.get("kind")
    if k == "DeclRefExpr":
        d = e.get("referencedDecl", {})
        if d.get("kind") in ("VarDecl", "ParmVarDecl"):
            return (d["id"], d.get("name"), 0)
        return None
    if k == "MemberExpr":
        b = e["inner"][0]
        return ptr_deref(b) if e.get("isArrow") else lv_key(b)
    if k == "ArraySubscriptExpr":
        b, i = e["inner"]
        for x in (b, i):
            if x.get("type", {}).get("qualType", "").endswith("*") or \
                    strip(x).get("castKind") == "ArrayToPointerDecay":
                b = x
                break
        if strip(b).get("castKind") == "ArrayToPointerDecay":
            return lv_key(strip(b)["inner"][0])
        return ptr_deref(b)
    if k == "UnaryOperator" and e.get("opcode") == "*":
        return ptr_deref(e["inner"][0])
    return None


def ptr_value(e):
    """what the pointer value e points at, as an lvalue key one star
    short (the value of p: (p, 0) with stars to add 1), or None"""
    e = strip(e)
    if e.get("kind") == "UnaryOperator" and e.get("opcode") == "&":
        k = lv_key(e["inner"][0])
        return (k, 0) if k else None
    if e.get("castKind") == "ArrayToPointerDecay":
        k = lv_key(e["inner"][0])
        return (k, 0) if k else None
    if e.get("castKind") == "LValueToRValue":
        k = lv_key(e["inner"][0])
        return (k, 1) if k else None
    if e.get("kind") == "BinaryOperator" and e.get("opcode") in ("+", "-"):
        for x in e["inner"]:
            if x.get("type", {}).get("qualType", "").rstrip().endswith("*"):
                return ptr_value(x)
    return None


def ptr_deref(e):
    pv = ptr_value(e)
    if not pv:
        return None
    (d, n, s), extra = pv
    return (d, n, s + extra)


def written(pv, depth):
    """the key written `depth` levels below a pointer value"""
    (d, n, s), extra = pv
    return (d, n, s + extra + depth - 1)


def pointer_writable(t):
    """a parameter type through which the callee may write"""
    t = re.sub(r"\b(restrict|__restrict|volatile)\b", "", t).strip()
    t = re.sub(r"\s*\*\s*const$", " *", t)
    if not t.endswith("*"):
        return False
    pointee = t[:-1].strip()
    if pointee.endswith("*"):
        return True
    if "(" in pointee:
        return False
    return "const" not in pointee.split()


def is_ptr(e):
    t = e.get("type", {})
    t = t.get("desugaredQualType") or t.get("qualType", "")
    return re.sub(r"\s*\b(const|restrict|volatile)$", "", t.strip()) \
        .endswith("*")


def walk(e):
    yield e
    for c in e.get("inner") or ():
        yield from walk(c)


def callee_name(call):
    c = strip(call["inner"][0])
    if c.get("castKind") == "FunctionToPointerDecay":
        c = strip(c["inner"][0])
    if c.get("kind") == "DeclRefExpr":
        d = c.get("referencedDecl", {})
        if d.get("kind") == "FunctionDecl":
            return d.get("name")
    return None


def n_params(call):
    """the number of fixed parameters of the callee's type, or None"""
    t = strip(call["inner"][0]).get("type", {}).get("qualType", "")
    m = re.search(r"\((.*)\)\)?$", t)
    if not m:
        return None
    depth, parts, cur = 0, [], ""
    for ch in m.group(1):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts = [x.strip() for x in parts + [cur]]
    if parts == ["void"]:
        return 0
    return len([x for x in parts if x != "..."])


class Program:
    def __init__(self):
        self.funcs = {}        # key -> FunctionDecl node
        self.params = {}       # key -> [param decl id]
        self.summary = {}      # key -> [min depth written per param]
        self.tu_names = {}     # tu -> {name: key}
        self.global_names = {}  # name -> key

    def add(self, tu, fn, static):
        key = (tu if static else "", fn["name"])
        if key in self.funcs:
            self.tu_names.setdefault(tu, {})[fn["name"]] = key
            return
        self.funcs[key] = fn
        self.params[key] = [p["id"] for p in fn.get("inner", [])
                            if p.get("kind") == "ParmVarDecl"]
        self.summary[key] = [INF] * len(self.params[key])
        self.tu_names.setdefault(tu, {})[fn["name"]] = key
        if not static:
            self.global_names[fn["name"]] = key

    def resolve(self, tu, name):
        if name is None:
            return None
        return self.tu_names.get(tu, {}).get(name) or \
            self.global_names.get(name)

    def call_writes(self, tu, call):
        """[(pointer value, depth)] a call may write through"""
        out = []
        key = self.resolve(tu, callee_name(call))
        args = call["inner"][1:]
        fixed = n_params(call)
        for i, a in enumerate(args):
            if key is not None:
                s = self.summary[key]
                depth = s[i] if i < len(s) else INF
            else:
                t = a.get("type", {})
                t = t.get("desugaredQualType") or t.get("qualType", "")
                variadic = fixed is not None and i >= fixed
                depth = 1 if pointer_writable(t) and not variadic else INF
            if depth == INF:
                continue
            pv = ptr_value(a)
            if pv:
                out.append((pv, depth))
        return out

    def writes(self, tu, e):
        """keys that the calls inside e may write"""
        w = set()
        for n in walk(e):
            if n.get("kind") == "CallExpr":
                for pv, depth in self.call_writes(tu, n):
                    w.add(written(pv, depth))
        return w

    def summarize(self, tu_of):
        changed = True
        while changed:
            changed = False
            for key, fn in self.funcs.items():
                tu = tu_of[key]
                pid = {p: i for i, p in enumerate(self.params[key])}
                s = self.summary[key]
                for depth_key in self.body_writes(tu, fn):
                    d, _, stars = depth_key
                    if d in pid and stars >= 1 and stars < s[pid[d]]:
                        s[pid[d]] = stars
                        changed = True

    def body_writes(self, tu, fn):
        for n in walk(fn):
            k = n.get("kind")
            inner = n.get("inner") or []
            if k in ("BinaryOperator", "CompoundAssignOperator") and \
                    (k == "CompoundAssignOperator" or
                     n.get("opcode") == "="):
                t = lv_key(inner[0])
                if t:
                    yield t
                pv = ptr_value(inner[1])
                if pv and is_ptr(inner[1]):   # an alias that may write
                    yield written(pv, 1)
            elif k == "UnaryOperator" and n.get("opcode") in ("++", "--"):
                t = lv_key(inner[0])
                if t:
                    yield t
            elif k == "VarDecl" and inner:
                pv = ptr_value(inner[0])
                if pv and is_ptr(inner[0]):
                    yield written(pv, 1)
            elif k == "InitListExpr":
                for x in inner:
                    pv = ptr_value(x)
                    if pv and is_ptr(x):
                        yield written(pv, 1)
            elif k == "CallExpr":
                for pv, depth in self.call_writes(tu, n):
                    yield written(pv, depth)


def reads(e):
    r = set()
    for n in walk(e):
        if n.get("kind") == "ImplicitCastExpr" and \
                n.get("castKind") == "LValueToRValue":
            k = lv_key(n["inner"][0])
            while k:
                r.add(k)
                k = (k[0], k[1], k[2] - 1) if k[2] > 0 else None
    return r


def operand_pairs(n):
    k = n.get("kind")
    inner = n.get("inner") or []
    if k == "CallExpr":
        ops = inner[1:]
    elif k == "BinaryOperator" and n.get("opcode") not in ("&&", "||", ","):
        ops = inner
    elif k in ("CompoundAssignOperator", "InitListExpr",
               "ArraySubscriptExpr"):
        ops = inner
    else:
        return
    for i, a in enumerate(ops):
        for j, b in enumerate(ops):
            if i != j:
                yield a, b


def located(root, st):
    """(node, file, line) in dump order: clang's JSON leaves out a
    location's file and line when they equal the previous one's"""

    def upd(loc):
        if not isinstance(loc, dict):
            return
        if "spellingLoc" in loc:
            upd(loc["spellingLoc"])
            upd(loc.get("expansionLoc"))
            return
        if "file" in loc:
            st["file"] = loc["file"]
        if "line" in loc:
            st["line"] = loc["line"]

    def rec(n):
        upd(n.get("loc"))
        rng = n.get("range") or {}
        upd(rng.get("begin"))
        here = (st["file"], st["line"])
        upd(rng.get("end"))
        yield n, here
        for c in n.get("inner") or ():
            yield from rec(c)
    yield from rec(root)


DECODER = json.JSONDecoder()


def decl_file(text, a, b, st):
    """the file of the declaration at text[a:b]: its "loc", which comes
    before its "range", or the previous location's"""
    r = text.find('"range": {', a, b)
    i = text.find('"file": "', a, r)
    if i < 0:
        return st["file"] or ""
    j = text.find('"', i + 9)
    return text[i + 9:j]


def track(text, a, b, st):
    """update st with the last file and line named in text[a:b] (but the
    file a location was included from)"""
    i = b
    while True:
        i = text.rfind('"file": "', a, i)
        if i < 0:
            break
        if not text[a:i].rstrip().endswith('"includedFrom": {'):
            j = text.find('"', i + 9)
            while text[j - 1] == "\\":
                j = text.find('"', j + 1)
            name = text[i + 9:j]
            st["file"] = json.loads('"%s"' % name) if "\\" in name \
                else name
            break
    i = text.rfind('"line": ', a, b)
    if i >= 0:
        j = i + 8
        while text[j].isdigit():
            j += 1
        st["line"] = int(text[i + 8:j])


def dump(args):
    """the function definitions of a file's AST outside /usr, and where
    each of their nodes is: ([(FunctionDecl, file)], {node id: (file,
    line)}), or None when it does not compile"""
    src, flags = args
    p = subprocess.run(["clang", "-fsyntax-only", "-Wno-everything",
                        "-Xclang", "-ast-dump=json"] + flags + [src],
                       capture_output=True, text=True)
    if p.returncode:
        sys.stderr.write(p.stderr)
        return None
    defs, where = [], {}
    st = {"file": None, "line": None}
    text = p.stdout
    # Parse only the top-level declarations that hold a function body:
    # most of the dump is the system headers' declarations.
    starts = []
    i = text.find("\n    {\n")
    while i >= 0:
        starts.append(i)
        i = text.find("\n    {\n", i + 1)
    starts.append(len(text))
    for a, b in zip(starts, starts[1:]):
        if text.find('"CompoundStmt"', a, b) < 0 or \
                decl_file(text, a, b, st).startswith("/usr/"):
            track(text, a, b, st)
            continue
        node = DECODER.raw_decode(text[a:b].lstrip())[0]
        for n, (f, line) in located(node, st):
            if f is None or f.startswith("/usr/"):
                continue
            where[n.get("id")] = (f, line)
            if n.get("kind") == "FunctionDecl" and any(
                    c.get("kind") == "CompoundStmt"
                    for c in n.get("inner") or ()):
                defs.append((n, f))
    return defs, where


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    build = os.path.abspath(argv[1])
    src = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    files = argv[2:]
    if not files:
        for d in TREE_DIRS:
            for dirpath, _, names in os.walk(os.path.join(src, d)):
                if dirpath.startswith(os.path.join(src, "test", "fuzz",
                                                   "corpus")):
                    continue
                files += [os.path.join(dirpath, x) for x in sorted(names)
                          if x.endswith(".c")]
        files = sorted(set(files))
    flags = ["-std=gnu11", "-D_GNU_SOURCE", "-DRTI_BUILDING",
             "-DFUZZ_TARGET=\"x\"", "-I" + build,
             "-include", os.path.join(build, "config.h")]
    flags += ["-I" + os.path.join(src, d) for d in TREE_DIRS]
    # rtiexec's module folders (each file's own comes first: quotes)
    rti = os.path.join(src, "rti")
    flags += ["-I" + os.path.join(rti, d) for d in sorted(os.listdir(rti))
              if not d.startswith(".") and
              os.path.isdir(os.path.join(rti, d))]
    # the core's internals (rti/core/internal: its own files, main.c and
    # the tests include them)
    flags += ["-I" + os.path.join(rti, "core", "internal")]
    flags += ["-I" + os.path.join(build, d) for d in ("rti", "rti/http")]
    pc = subprocess.run(["pkg-config", "--cflags", "libevent", "libxml-2.0",
                         "check"], capture_output=True, text=True)
    flags += pc.stdout.split()

    prog = Program()
    tu_of = {}
    tus = {}
    failed = False
    with ProcessPoolExecutor(os.cpu_count() or 2) as ex:
        results = zip(files, ex.map(dump, [(f, flags) for f in files]))
    for f, r in results:
        if r is None:
            failed = True
            continue
        defs, where = r
        tus[f] = (defs, where)
        for fn, _ in defs:
            static = fn.get("storageClass") == "static" or \
                bool(fn.get("inline"))
            key = (f if static else "", fn["name"])
            if key not in prog.funcs:
                tu_of[key] = f
            prog.add(f, fn, static)
    prog.summarize(tu_of)

    found = set()
    for f, (defs, where) in tus.items():
        for fn, _ in defs:
            for n in walk(fn):
                for a, b in operand_pairs(n):
                    w = prog.writes(f, a)
                    if not w:
                        continue
                    r = reads(b)
                    for d, name, s in w:
                        if (d, name, s) in r:
                            at, line = where.get(n.get("id"), ("?", 0))
                            found.add((os.path.relpath(at, src), line,
                                       "*" * s + name))
    for where, line, obj in sorted(found):
        print("%s:%s: %s is read beside a call that may write it through "
              "a pointer (unspecified order)" % (where, line, obj))
    if failed:
        return 2
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
