"""Definitions, imports and calls for each of the 17 languages, from sample files, and the editor entry
point's answers to hostile input."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.errors import LoreError
from lore.ingest.extract import LANGUAGES, extract_definitions, extract_source

SAMPLES = Path(__file__).with_name("samples")

# file -> (definitions that must be found as (kind, qualified name), import specs that must be found)
EXPECT = {
    "sample.js": ({("function", "handler"), ("class", "Cache"), ("function", "Cache.get"), ("field", "Cache.size"),
                   ("function", "main"), ("variable", "LIMIT")}, {"./util", "fs"}),
    "sample.ts": ({("class", "Shape"), ("class", "Circle"), ("function", "Circle.area"), ("function", "helper"),
                   ("function", "double"), ("field", "Circle.radius"), ("class", "Color")}, {"../lib/thing", "path"}),
    "sample.tsx": ({("class", "Circle"), ("function", "Circle.area"), ("function", "helper")}, {"path"}),
    "sample.go": ({("class", "Store"), ("function", "Store.Get"), ("function", "New"), ("field", "Store.Name"),
                   ("variable", "Version")}, {"fmt", "github.com/acme/app/internal/util"}),
    "sample.rs": ({("class", "Store"), ("class", "Backend"), ("function", "Store.new"), ("function", "main"),
                   ("field", "Store.name"), ("variable", "LIMIT")}, {"crate::util::hash", "serde::Serialize"}),
    "Sample.java": ({("class", "Sample"), ("function", "Sample.get"), ("function", "Sample.Sample"),
                     ("class", "Sample.Listener"), ("field", "Sample.LIMIT")},
                    {"java.util.List", "com.acme.app.util.Hasher"}),
    "sample.c": ({("function", "add"), ("function", "main"), ("class", "point"), ("field", "point.x"),
                  ("variable", "counter")}, {"<stdio.h>", "util.h"}),
    "sample.cpp": ({("class", "Store"), ("function", "Store.get"), ("function", "helper"), ("function", "Store2.put")},
                   {"<vector>", "util.hpp"}),
    "Sample.cs": ({("class", "Store"), ("function", "Store.Get"), ("field", "Store.Size"), ("class", "IBackend")},
                  {"System", "Acme.App.Util"}),
    "sample.rb": ({("class", "App.Store"), ("function", "App.Store.get"), ("function", "App.Store.build"),
                   ("field", "App.Store.name")}, {"json", "util"}),
    "sample.php": ({("class", "Store"), ("function", "Store.get"), ("function", "helper"), ("field", "Store.name")},
                   {"App\\Util\\Hasher", "lib/util.php"}),
    "sample.kt": ({("class", "Store"), ("function", "Store.get"), ("class", "Registry"), ("function", "main")},
                  {"com.acme.util.Hasher"}),
    "sample.swift": ({("class", "Store"), ("function", "Store.get"), ("function", "helper"), ("class", "Backend")},
                     {"Foundation"}),
    "sample.scala": ({("class", "Store"), ("function", "Store.get"), ("class", "Cache"), ("function", "Cache.put"),
                      ("class", "Backend")}, {"acme.util.Hasher", "scala.collection.mutable"}),
    "Sample.hs": ({("class", "Shape"), ("class", "Id"), ("function", "area"), ("function", "main")},
                  {"Data.Map", "App.Util"}),
    "sample.lua": ({("function", "M.get"), ("function", "M.put"), ("function", "main")}, {"app.util"}),
    "sample.ex": ({("class", "App.Store"), ("function", "App.Store.get"), ("function", "App.Store.helper")},
                  {"App.Util", "Ecto.Query"}),
}


def test_every_language_has_a_sample():
    langs = {extract_definitions(name, "")["language"] for name in EXPECT}
    assert langs | {"python"} == set(LANGUAGES)
    assert len(LANGUAGES) == 18  # the 17 languages, TSX counted apart from TypeScript


@pytest.mark.parametrize("name", sorted(EXPECT))
def test_definitions_and_imports(name):
    out = extract_definitions(name, (SAMPLES / name).read_bytes())
    defs = {(d["kind"], d["qualified_name"]) for d in out["definitions"]}
    want_defs, want_imports = EXPECT[name]
    assert want_defs <= defs, want_defs - defs
    assert want_imports <= {i["spec"] for i in out["imports"]}
    for d in out["definitions"]:
        r = d["range"]
        assert 1 <= r["line"] <= r["end_line"] and r["col"] >= 0
        assert (r["line"], r["col"]) <= (d["name_range"]["line"], d["name_range"]["col"])
        assert d["entity"].startswith(f":{d['kind']}/")


def test_locals_are_not_definitions():
    out = extract_definitions("m.py", "def outer():\n    def inner():\n        pass\n    class Local:\n        pass\n")
    assert [d["qualified_name"] for d in out["definitions"]] == ["outer"]


def test_ranges_are_code_points_on_non_ascii_lines():
    src = "s = 'ééé'; x = 1\ndef f():\n    pass\nclass Ünïcode:\n    def m(self): pass\n"
    out = extract_definitions("u.py", src)
    m = next(d for d in out["definitions"] if d["qualified_name"] == "Ünïcode.m")
    assert m["range"]["line"] == 5 and m["name_range"]["col"] == 8
    c = next(d for d in out["definitions"] if d["kind"] == "class")
    assert c["name_range"]["col"] == 6 and c["name_range"]["end_col"] == 6 + len("Ünïcode")
    assert c["entity"] == ":class/u-py-n-code"


def test_idents_follow_the_seed():
    out = extract_definitions("src/auth.py", "class TokenCache:\n    def evict(self):\n        pass\ndef login():\n    pass\n")
    ents = {d["qualified_name"]: d["entity"] for d in out["definitions"]}
    assert out["module"] == ":module/src-auth-py"
    assert ents == {"TokenCache": ":class/src-auth-py-tokencache", "TokenCache.evict": ":function/src-auth-py-tokencache-evict",
                    "login": ":function/src-auth-py-login"}


def test_calls_are_attributed_to_their_caller():
    ex = extract_source("python", b"def a():\n    b()\n    x.c()\n\nclass K:\n    def m(self):\n        a()\n\nb()\n")
    assert set(ex.calls) == {("a", "b"), ("a", "c"), ("K.m", "a"), ("", "b")}


@pytest.mark.parametrize("text", ["", "\x00\x01\x02", "def (((:\n" * 50, "é" * 10_000, "\ud800 lone surrogate"])
def test_hostile_text_never_raises(text):
    out = extract_definitions("x.py", text)
    assert out["language"] == "python" and isinstance(out["definitions"], list)


def test_unknown_language_and_binary():
    assert extract_definitions("README.md", "# hi")["definitions"] == []
    assert extract_definitions("noext", "def f(): pass")["language"] is None
    assert extract_definitions("bin.py", b"def f():\n  pass\n\x00")["definitions"] == []


@pytest.mark.parametrize("path,text", [("", "x"), (None, "x"), ("a\x00b.py", "x"), ("a.py", 42), ("a.py", None)])
def test_bad_arguments_are_errors(path, text):
    with pytest.raises(LoreError) as exc:
        extract_definitions(path, text)
    assert exc.value.code in ("bad-path", "bad-text")


def test_a_remembered_parse_is_the_same_parse_of_the_same_bytes():
    # The working layer parses a buffer for its facts and the editor's anchors parse the same version next:
    # the second asks for the very bytes the first parsed and gets that parse; other bytes are parsed anew.
    text = b"import os\n\n\nclass A:\n    def run(self):\n        return os.sep\n"
    first = extract_source("python", text, remember=True)
    assert extract_source("python", bytes(text), remember=True) is first
    assert first == extract_source("python", text)  # what a fresh parse finds
    edited = extract_source("python", text.replace(b"run", b"walk"), remember=True)
    assert edited is not first and [d.name for d in edited.defs] == ["A", "walk"]
    assert extract_source("javascript", text, remember=True) is not first  # another grammar, another parse
