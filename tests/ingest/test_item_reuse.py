"""A parse worker keeps each top-level item's finished extraction and, on the file's next version, reuses
the items tree-sitter reused (their rows moved to where they are now), querying and extracting only the
rest. Each version's extract must be the one a fresh parse and extraction give: checked on real edits of
Python, Rust, JavaScript and C files — items edited, moved, inserted above, deleted, nested in a class or an
impl, a file whose top-level structure changes (wrapped in a module, broken and repaired), repeated
qualified names whose first holder goes away, short definitions whose place changes, columns after a
change on the same line, and two changes far apart (several text edits); C and Python files whose items
tree-sitter rebuilds around reused insides (an item is recognised by its children's subtrees), items inside
an include guard, identical items, and a root that becomes an ERROR."""

from __future__ import annotations

import random
import re

import pytest

from lore.ingest.edits import point, text_edits
from lore.ingest.extract import (
    _EMPTY,
    CONTAINERS,
    QUERY_DIR,
    QUERY_FILE,
    _tools,
    extract_items,
    extract_packed,
    parse_tree,
)
from lore.ingest.parse import Trees, parse_blob_packed
from lore.ingest.walk import CatFile

from .conftest import Repo


def _walk(lang: str, versions: list[str]) -> list[int]:
    """Each version parsed from the previous one's tree with its items kept, as a parse worker does; asserts
    every extract equals a fresh one and returns how many items each version reused."""
    prev = None
    reused = []
    for n, text in enumerate(versions):
        data = text.encode()
        tree = parse_tree(lang, data, prev[:2] if prev else None)
        out, items = extract_items(lang, data, tree, {}, prev[2] if prev else None)
        assert out == extract_packed(lang, data), f"version {n}"
        kept = {id(v) for v in prev[2].values()} if prev else set()
        reused.append(sum(1 for v in items.values() if v is not _EMPTY and id(v) in kept))
        prev = (tree, data, items)
    return reused


def _rust(body: str) -> str:
    return "use std::fmt;\nuse crate::db::{Db, Query};\n\n" + body


FN_A = "pub fn alpha(x: u32) -> u32 {\n    helper(x) + 1\n}\n\n"
FN_B = "fn beta() {\n    let v = alpha(2);\n    log(v);\n}\n\n"
STRUCT = "pub struct Point {\n    x: i32,\n    y: i32,\n}\n\n"
IMPL = "impl Point {\n    fn new() -> Self {\n        make()\n    }\n\n    fn norm(&self) -> i32 {\n        self.x.abs()\n    }\n}\n\n"
DISPLAY = "impl fmt::Display for Point {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n        show(f)\n    }\n}\n\n"
DEBUG = "impl fmt::Debug for Point {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n        dump(f)\n    }\n}\n\n"
CONSTS = "const LIMIT: u32 = 3;\nconst OTHER: u32 = 4;\nstatic NAME: &str = \"x\";\n\n"


def test_rust_items_edited_moved_inserted_deleted_and_repeated_names():
    versions = [
        _rust(FN_A + FN_B + STRUCT + IMPL + DISPLAY + DEBUG + CONSTS),
        _rust(FN_A.replace("+ 1", "+ 2") + FN_B + STRUCT + IMPL + DISPLAY + DEBUG + CONSTS),  # edited
        _rust("const FIRST: u32 = 0;\n\n" + FN_A + FN_B + STRUCT + IMPL + DISPLAY + DEBUG + CONSTS),  # above
        _rust(FN_B + FN_A + STRUCT + IMPL + DISPLAY + DEBUG + CONSTS),  # moved
        _rust(FN_B + FN_A + STRUCT + IMPL.replace("abs()", "abs() + helper(1)") + DISPLAY + DEBUG + CONSTS),
        # The first `Point.fmt` goes: the second one is kept now, and its calls are its own.
        _rust(FN_B + FN_A + STRUCT + IMPL + DEBUG + CONSTS),
        _rust(FN_B + FN_A + STRUCT + IMPL + DISPLAY + DEBUG + CONSTS),  # and comes back
        _rust(FN_B + STRUCT + IMPL + DISPLAY + DEBUG + CONSTS),  # deleted
        _rust(FN_B + STRUCT.replace("y: i32", "y: i32,\n    z: i32") + IMPL + DISPLAY + DEBUG + CONSTS),  # nested
        # The top-level structure changes: everything wrapped in a module, then a broken item, then repaired.
        _rust("mod inner {\n" + FN_B + STRUCT + IMPL + DISPLAY + DEBUG + "}\n" + CONSTS),
        _rust(FN_B + "fn broken( {\n\n" + STRUCT + IMPL + DISPLAY + DEBUG + CONSTS),
        _rust(FN_B + STRUCT + IMPL + DISPLAY + DEBUG + CONSTS),
        # Short definitions' places: a const inserted before others shifts their place (and shape).
        _rust(FN_B + STRUCT + IMPL + DISPLAY + DEBUG + "const ZERO: u32 = 0;\n" + CONSTS),
        # Items sharing a line: the second one's columns move with the first one's edit.
        _rust("struct A; struct B { v: u8 }\n\n" + FN_B + CONSTS),
        _rust("struct Aa; struct B { v: u8 }\n\n" + FN_B + CONSTS),
        # The same column after a change before it on the line, but other characters (é is two bytes).
        _rust("/* é */ struct B { v: u8 }\n\n" + FN_B + CONSTS),
        _rust("/* ab */ struct B { v: u8 }\n\n" + FN_B + CONSTS),
    ]
    reused = _walk("rust", versions)
    assert sum(reused) > 40  # the point of it: most items of most versions were not extracted again


def _py(classes: str) -> str:
    return "import os\nfrom pkg import name, other as o\n\nLIMIT = 3\nRETRIES = 4\n\n" + classes


CLS = ("class Store:\n    size = 1\n\n    def __init__(self):\n        self.path = os.getcwd()\n\n"
       "    def load(self):\n        return read(self.path)\n\n")
FN = "@cache\ndef helper(x):\n    return transform(x)\n\n"
MAIN = "if __name__ == '__main__':\n    main()\n"


def test_python_items_nested_decorated_module_level_and_places():
    versions = [
        _py(CLS + FN + MAIN),
        _py(CLS.replace("read(", "read_all(") + FN + MAIN),  # a method's body
        _py("DEBUG = False\n\n" + CLS + FN + MAIN),  # a module variable above: places shift
        _py(FN + CLS + MAIN),  # moved
        _py(FN + CLS + "class Store:\n    pass\n\n" + MAIN),  # a second Store: dropped as a repeat
        _py("class Store:\n    pass\n\n" + FN + CLS + MAIN),  # the repeat comes first now
        _py(FN + CLS + "def broken(:\n    pass\n\n" + MAIN),
        _py(FN + CLS + MAIN.replace("main()", "main(); cleanup()")),
        _py(FN + CLS.replace("    size = 1\n", "    size = 1\n    count = 2\n") + MAIN),
        _py(""),
        _py(CLS),
    ]
    reused = _walk("python", versions)
    assert sum(reused) > 15


def test_javascript_and_c_items():
    js = ["import { a } from './a';\nconst f = (x) => g(x);\nfunction h() {\n  return f(1);\n}\nclass K {\n  m() { return h(); }\n}\n",
          "import { a } from './a';\nconst z = 1;\nconst f = (x) => g(x);\nfunction h() {\n  return f(2);\n}\n"
          "class K {\n  m() { return h(); }\n}\n",
          "const z = 1;\nfunction h() {\n  return f(2);\n}\nclass K {\n  m() { return h(); }\n}\n"]
    c_body = ("static int count = 0;\nstruct pt { int x; int y; };\nint add(int a) {\n  return inc(a);\n}\n"
              "int main(void) {\n  printf(\"%d\", add(1));\n}\n")
    c = ["#include <stdio.h>\n" + c_body, "#include <stdio.h>\n#include \"x.h\"\n" + c_body,
         "#include <stdio.h>\n#include \"x.h\"\n" + c_body.replace("add(1)", "add(2)"),
         "#include <stdio.h>\n" + c_body.replace("int y;", "int y; int z;")]
    assert sum(_walk("javascript", js)) > 0
    assert sum(_walk("c", c)) > 0


def test_a_worker_keeps_items_per_path_across_a_real_history(repo: Repo):
    """Through parse_blob_packed (the worker's call), with its bounded per-path cache: two paths
    interleaved, each version equal to a fresh extract."""
    shas = []
    rnd = random.Random(7)
    items = [FN_A, FN_B, STRUCT, IMPL, DISPLAY, DEBUG, CONSTS]
    for i in range(30):
        rnd.shuffle(items)
        body = "".join(items[: 3 + i % 5]).replace("+ 1", f"+ {i}")
        repo.write("src/lib.rs", _rust(body))
        shas.append(("src/lib.rs", "rust", repo.git("hash-object", "-w", "src/lib.rs").strip()))
        repo.write("m.py", _py(CLS * (1 + i % 2) + FN.replace("transform", f"t{i % 3}") + MAIN))
        shas.append(("m.py", "python", repo.git("hash-object", "-w", "m.py").strip()))
    trees = Trees()
    with CatFile(str(repo.path)) as cat:
        for path, lang, sha in shas:
            data = cat.read(sha)
            assert data is not None
            assert parse_blob_packed(cat, sha, lang, path, trees) == extract_packed(lang, data)
    assert trees.hits == len(shas) - 2


def test_two_changes_far_apart_are_two_edits_and_the_tree_is_the_fresh_one():
    fns = [f"fn f{i}(v: u32) -> u32 {{\n    let total_{i} = compute_value(v, {i});\n    total_{i}\n}}\n\n"
           for i in range(200)]
    old = "".join(fns).encode()
    new = "".join(["// top\n", *fns[:150], "fn added() {}\n\n", *fns[150:]]).replace("v, 77)", "v, 78)").encode()
    edits = text_edits(old, new)
    assert len(edits) == 3
    tree = parse_tree("rust", old)
    out_old, items = extract_items("rust", old, tree)
    t2 = parse_tree("rust", new, (tree, old))
    assert str(t2.root_node) == str(parse_tree("rust", new).root_node)
    out, now = extract_items("rust", new, t2, None, items)
    assert out == extract_packed("rust", new)
    # All but the three changed items were reused.
    assert sum(1 for v in now.values() if v is not _EMPTY and v in items.values()) >= 197


def test_text_edits_turn_the_old_text_into_the_new():
    rnd = random.Random(3)
    lines = [f"    let value_{i} = compute_something({i});\n".encode() if i % 3 else b"}\n" for i in range(900)]
    multi = 0
    for _ in range(400):
        new = list(lines)
        for _k in range(rnd.randint(1, 6)):
            i = rnd.randrange(len(new))
            op = rnd.random()
            if op < 0.3:
                new.insert(i, rnd.choice([b"}\n", b"\n", f"x{rnd.random()}\n".encode()]))
            elif op < 0.6:
                del new[i]
            else:
                new[i] = new[i][:-1] + "é\n".encode()
        o, n = b"".join(lines), b"".join(new)
        if rnd.random() < 0.3:
            n = n[:-3]
        edits = text_edits(o, n)
        multi += len(edits) > 1
        for start, old_end, _new_end, sp, op_, _np in edits:  # applied last change first: old offsets
            assert (sp, op_) == (point(o, start), point(o, old_end))
        # Rebuilt from the edits in text order: the old text's stretches between them and the new text's
        # stretches they put in must give the new text exactly.
        out, at = b"", 0
        for start, old_end, new_end, _sp, _op, np_ in reversed(edits):
            out += o[at:start]
            inserted = n[len(out):len(out) + new_end - start]
            assert np_ == point(o[:start] + inserted, start + len(inserted))
            out += inserted
            at = old_end
        out += o[at:]
        assert out == n
    assert multi > 100


def test_no_query_pattern_matches_a_node_without_children():
    """Items that are leaves (comments: tree-sitter keeps no id for them) are taken as empty without a
    query; that holds while every pattern's outermost node has a child pattern, or (one-node patterns) is a
    grammar rule, never a token: it always has children (checked on a parse)."""
    one_node = set()
    for path in sorted(QUERY_DIR.glob("*.scm")):
        lang = path.stem
        src = path.read_bytes()
        query = _tools(lang)[1]
        for i in range(query.pattern_count):
            text = src[query.start_byte_for_pattern(i):query.end_byte_for_pattern(i)].decode()
            text = re.sub(r"\(#[^()]*\)", "", text)  # predicates
            text = re.sub(r'"(\\.|[^"\\])*"', "(_)", text)  # an anonymous node ("init") is a child pattern
            depth = deepest = 0
            for ch in text:
                if ch == "(":
                    depth += 1
                    deepest = max(deepest, depth)
                elif ch == ")":
                    depth -= 1
            if deepest < 2:
                one_node.add((lang, text.split(")")[0].strip("( \n")))
    assert one_node == {("scala", "import_declaration")}
    node = parse_tree("scala", b"import a.b\n").root_node.children[0]
    assert node.type == "import_declaration" and node.child_count > 0


@pytest.mark.parametrize("lang", ["rust", "python"])
def test_random_edits_of_items_give_fresh_extracts(lang):
    rnd = random.Random(11)
    pool = [FN_A, FN_B, STRUCT, IMPL, DISPLAY, DEBUG, CONSTS] if lang == "rust" else \
        [CLS, FN, MAIN, "X = 1\n", "def g():\n    return helper(2)\n\n", "class Store:\n    pass\n\n"]
    cur = list(pool)
    versions = []
    for _ in range(60):
        op = rnd.random()
        if op < 0.25 and len(cur) > 1:
            del cur[rnd.randrange(len(cur))]
        elif op < 0.5:
            cur.insert(rnd.randrange(len(cur) + 1), rnd.choice(pool))
        elif op < 0.75 and len(cur) > 1:
            i, j = rnd.randrange(len(cur)), rnd.randrange(len(cur))
            cur[i], cur[j] = cur[j], cur[i]
        else:
            i = rnd.randrange(len(cur))
            cur[i] = cur[i].replace("(", "( ", 1)
        versions.append(_rust("".join(cur)) if lang == "rust" else _py("".join(cur)))
    assert sum(_walk(lang, versions)) > 100


def _rebuilt(o: bytes, n: bytes, edits: list) -> bytes:
    """The new text as the edits make it: the old text's stretches between them, the new text's in them."""
    out, at = b"", 0
    for start, old_end, new_end, *_points in reversed(edits):
        out += o[at:start]
        out += n[len(out):len(out) + new_end - start]
        at = old_end
    return out + o[at:]


def test_text_edits_of_hostile_texts_are_exact_and_bounded():
    """A crafted file (a megabyte of one repeated line, lines that each occur twice, no newline at all,
    random bytes) gives edits that still turn the old text into the new, within a bounded time."""
    import time

    rnd = random.Random(5)
    line = b"x" * 40 + b"\n"
    twice = b"".join(f"{i // 2:>40}\n".encode() for i in range(20_000))
    noise = bytes(rnd.randrange(256) for _ in range(200_000))
    cases = [
        (line * 25_000, line * 12_000 + b"changed\n" + line * 13_000),
        (twice, twice[:1000] + b"!" + twice[1000:500_000] + b"?" + twice[500_000:]),
        (b"a" * 900_000, b"a" * 300_000 + b"b" + b"a" * 600_000),
        (noise, noise[:5_000] + b"\n\n" + noise[5_000:150_000] + noise[150_001:]),
    ]
    for old, new in cases:
        t = time.process_time()
        edits = text_edits(old, new)
        assert time.process_time() - t < 2.0
        assert _rebuilt(old, new, edits) == new


def _c_functions(n: int, broken: bool = False) -> str:
    out = ["#include <stdio.h>\n#include \"array.h\"\n\n"]
    for i in range(n):
        out.append(f"static int\nf{i}(int v)\n{{\n    int total = compute_value(v, {i});\n"
                   f"    return helper{i % 7}(total);\n}}\n\n")
        if broken and i == 3:  # a macro call tree-sitter cannot parse: the file has an ERROR
            out.append("PyObject_HEAD_INIT(&Type) 0, \"name\",\n\n")
    return "".join(out)


@pytest.mark.parametrize("broken", [False, True])
def test_c_functions_are_reused_though_every_root_child_is_rebuilt(broken):
    """tree-sitter rebuilds every top-level node of a C file on each incremental parse (their slots, hence
    their Node.id, are new) while it reuses their insides: an item is recognised by its children's subtrees,
    so one function's edit extracts that function alone."""
    versions = [_c_functions(60, broken)]
    for old, new in [("v, 30)", "v, 31)"), ("v, 50)", "w, 50)"), ("f12(int v)", "f12(long v)"),
                     ("#include \"array.h\"\n", ""), ("helper3(total)", "helper3(total, 1)")]:
        versions.append(versions[-1].replace(old, new, 1))  # one change at a time
    reused = _walk("c", versions)
    assert all(r >= 58 for r in reused[1:]), reused


def test_python_functions_are_reused_though_tree_sitter_rebuilds_them():
    """A Python function after an edit is a new node whose parameters and block are the old ones: it is
    reused (its bytes compared) and not extracted again."""
    fns = "".join(f"def f{i}(v):\n    total = compute(v, {i})\n    return helper(total)\n\n" for i in range(60))
    versions = [_py(fns), _py(fns.replace("v, 30)", "v, 31)")), _py("X = 0\n" + fns.replace("v, 30)", "v, 31)")),
                _py("X = 0\n" + fns.replace("v, 30)", "v, 31)").replace("def f40(v)", "def f40(v, w)"))]
    reused = _walk("python", versions)
    assert all(r >= 58 for r in reused[1:]), reused


def test_identical_items_twice_and_a_root_that_becomes_an_error():
    """Items made of tokens alone (`const OTHER: u32 = 4;`) have no subtree ids: two equal ones share an
    identity, and each keeps its own rows. Patterns rooted at the root (`(source_file (const_item …))`)
    match no item once the root is an ERROR: a broken file's items are not taken from the version before."""
    versions = [
        _rust(CONSTS + FN_A + CONSTS + FN_B),
        _rust(CONSTS + FN_A.replace("+ 1", "+ 2") + CONSTS + FN_B),
        _rust("const FIRST: u32 = 0;\n" + CONSTS + FN_A + CONSTS + FN_B + CONSTS),
        _rust(CONSTS + FN_A + CONSTS + FN_B + "fn broken( {\n\n" + CONSTS),
        _rust(CONSTS + FN_A + CONSTS + FN_B + CONSTS),
    ]
    _walk("rust", versions)
    # Equal identities, other bytes: the first item taking the old `bbbb` moves it, and the `aaaa` after it
    # must be compared with that item's bytes where it is now, not at its new offset in the old text.
    _walk("rust", ["extern crate aaaa;\nextern crate bbbb;\n\n" + FN_A,
                   "extern crate bbbb;\nextern crate aaaa;\nextern crate bbbb;\n\n" + FN_A])


def test_containers_are_named_by_no_pattern():
    """A container's children are items of their own only while no pattern names the container or starts
    at any node whatever (`(_ …)`): then no match spans two of its children."""
    for lang in ["c", "cpp", "python", "rust", "javascript", "typescript", "go", "java"]:
        src = (QUERY_DIR / f"{QUERY_FILE.get(lang, lang)}.scm").read_bytes()
        query = _tools(lang)[1]
        for i in range(query.pattern_count):
            text = src[query.start_byte_for_pattern(i):query.end_byte_for_pattern(i)].decode()
            assert not text.lstrip("([ \n").startswith("_"), (lang, text)
            for name in CONTAINERS.get(lang, ()):
                assert not re.search(rf"\b{name}\b", text), (lang, name)
        assert len(_tools(lang)[2]) == len(CONTAINERS.get(lang, ()))


def test_items_inside_an_include_guard_are_reused_one_by_one():
    """A C header is one `#ifndef` node: its declarations and functions are items of their own (and stay
    exact when one of them is broken and repaired)."""
    body = "".join(f"int f{i}(int v)\n{{\n    return helper_{i}(v) + g(v, {i});\n}}\n\n" for i in range(40))
    header = ("#ifndef ARRAY_H\n#define ARRAY_H\n#include <stdio.h>\n\ntypedef struct { int n; } box;\n\n"
              + body + "#if defined(WIN)\nint win(void) { return w(); }\n#else\nint nix(void) { return x(); }\n"
              "#endif\n\n#endif\n")
    versions = [header]
    for old, new in [("g(v, 20)", "g(v, 21)"), ("return x()", "return y()"), ("helper_3(v)", "helper_3(v, 1)"),
                     ("int f30(int v)\n{", "int f30(int v {"), ("int f30(int v {", "int f30(int v)\n{")]:
        versions.append(versions[-1].replace(old, new, 1))
    reused = _walk("c", versions)
    assert all(r >= 38 for r in reused[1:]), reused
