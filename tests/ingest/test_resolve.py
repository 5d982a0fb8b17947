"""Import resolution per language against a tracked file set, and a mixed-language repository end to end."""

from __future__ import annotations

import pytest

from lore.ingest.api import ingest
from lore.ingest.resolve import PathIndex, resolve

from .conftest import valid_at

FILES = [
    "src/app/__init__.py", "src/app/models.py", "src/app/util/__init__.py", "src/app/util/text.py",
    "web/lib/thing.ts", "web/lib/index.js", "web/main.ts",
    "internal/util/hash.go", "internal/util/hash_test.go", "cmd/main.go",
    "src/util.rs", "src/net/mod.rs", "src/main.rs",
    "java/com/acme/util/Hasher.java", "java/com/acme/App.java",
    "c/include/util.h", "c/src/main.c",
    "lib/store/helper.rb", "lib/store.rb",
    "App/Util/Hasher.php", "lua/app/util.lua", "lib/app/util.ex", "hs/App/Util.hs",
    "cs/src/Acme.App/Util/Hasher.cs", "Util/Other.cs",
]


@pytest.fixture(scope="module")
def ix() -> PathIndex:
    ix = PathIndex()
    for p in FILES:
        ix.add(p)
    return ix


@pytest.mark.parametrize("lang,importer,spec,name,want", [
    ("python", "src/app/models.py", "app.util", "text", ("internal", "src/app/util/text.py")),
    ("python", "src/app/models.py", "app.util", "nothing", ("internal", "src/app/util/__init__.py")),
    ("python", "src/app/util/text.py", "..", "models", ("internal", "src/app/models.py")),
    ("python", "src/app/models.py", ".util.text", "", ("internal", "src/app/util/text.py")),
    ("python", "src/app/models.py", "numpy.linalg", "", ("external", "numpy")),
    ("python", "src/app/models.py", "...outside", "", None),
    ("typescript", "web/main.ts", "./lib/thing", "", ("internal", "web/lib/thing.ts")),
    ("typescript", "web/main.ts", "./lib", "", ("internal", "web/lib/index.js")),
    ("typescript", "web/main.ts", "@scope/pkg/sub", "", ("external", "@scope/pkg")),
    ("javascript", "web/main.ts", "node:fs", "", ("external", "fs")),
    ("go", "cmd/main.go", "github.com/acme/app/internal/util", "", ("internal", "internal/util/hash.go")),
    ("go", "cmd/main.go", "fmt", "", ("external", "fmt")),
    ("rust", "src/main.rs", "crate::util::hash", "", ("internal", "src/util.rs")),
    ("rust", "src/main.rs", "crate::net::{Socket, Addr}", "", ("internal", "src/net/mod.rs")),
    ("rust", "src/main.rs", "serde::Serialize", "", ("external", "serde")),
    ("java", "java/com/acme/App.java", "com.acme.util.Hasher", "", ("internal", "java/com/acme/util/Hasher.java")),
    ("java", "java/com/acme/App.java", "java.util.List", "", ("external", "java.util")),
    ("java", "java/com/acme/App.java", "com.google.common.truth.Truth.assertThat", "",
     ("external", "com.google.common.truth")),
    ("java", "java/com/acme/App.java", "com.google.common.base", "", ("external", "com.google.common.base")),
    ("java", "java/com/acme/App.java", "com.acme.util", "", ("internal", "java/com/acme/util/Hasher.java")),
    ("kotlin", "a.kt", "kotlinx.coroutines.launch", "", ("external", "kotlinx.coroutines")),
    ("typescript", "web/main.ts", "./lib/thing.js", "", ("internal", "web/lib/thing.ts")),
    ("c", "c/src/main.c", "util.h", "", ("internal", "c/include/util.h")),
    ("c", "c/src/main.c", "<stdio.h>", "", ("external", "stdio.h")),
    ("ruby", "lib/store.rb", "store/helper", "", ("internal", "lib/store/helper.rb")),
    ("ruby", "lib/store.rb", "json", "", ("external", "json")),
    ("php", "App/Util/Hasher.php", "App\\Util\\Hasher", "", ("internal", "App/Util/Hasher.php")),
    ("lua", "lua/app/util.lua", "app.util", "", ("internal", "lua/app/util.lua")),
    ("elixir", "lib/store.rb", "App.Util", "", ("internal", "lib/app/util.ex")),
    ("haskell", "hs/Main.hs", "App.Util", "", ("internal", "hs/App/Util.hs")),
    ("swift", "a.swift", "Foundation", "", ("external", "Foundation")),
    ("csharp", "a.cs", "Acme.App.Util", "", ("internal", "cs/src/Acme.App/Util/Hasher.cs")),
    ("csharp", "a.cs", "Vendor.Util", "", ("external", "Vendor")),  # not the top-level Util/
])
def test_resolution(ix, lang, importer, spec, name, want):
    assert resolve(lang, importer, spec, name, ix) == want


def test_mixed_language_repository(repo, graph):
    repo.write("web/lib/thing.ts", "export function thing(): number { return 1; }\n")
    repo.write("web/main.ts", "import { thing } from './lib/thing';\nimport express from 'express';\n"
               "export function main() { return thing(); }\n")
    repo.write("go.mod", "module github.com/acme/app\n")
    repo.write("internal/util/hash.go", "package util\n\nfunc Hash(s string) int { return len(s) }\n")
    repo.write("cmd/main.go", 'package main\n\nimport "github.com/acme/app/internal/util"\n\n'
               "func main() { util.Hash(\"x\") }\n")
    repo.commit("mixed", "2024-01-01T00:00:00Z")
    ingest(graph, str(repo.path))
    deps = valid_at(graph, ":depends-on")
    assert (":module/web-main-ts", ":module/web-lib-thing-ts") in deps
    assert (":module/web-main-ts", ":module/express") in deps
    assert (":module/cmd-main-go", ":module/internal-util-hash-go") in deps
    calls = valid_at(graph, ":calls")
    assert (":function/web-main-ts-main", ":function/web-lib-thing-ts-thing") in calls
    assert (":function/cmd-main-go-main", ":function/internal-util-hash-go-hash") in calls
    langs = dict(valid_at(graph, ":language"))
    assert langs[":module/web-main-ts"] == "typescript" and langs[":module/cmd-main-go"] == "go"
