"""Attack round 6: composer.json PSR-4 maps as many as the reader allowed. Each file's ``autoload`` kept up to 200
namespace prefixes of 200 folders each, in up to 2,000 composer.json files, and every PHP ``use`` tried every
(prefix, folder) pair in turn. Ten such files (3 MB) and one PHP file of 2,000 ``use`` lines took `lore ingest`
571 s (185.6 CPU s) on main; the pairs are now 2,000 in all (a real package maps a few): 4.5 s (2.5 CPU s).
The repository's own map still resolves its classes."""

from __future__ import annotations

import json

from .clone import git

TIMEOUT_S = 60


def test_a_flood_of_psr4_folders_does_not_slow_every_use(victim):
    repo = victim.repo
    (repo / "composer.json").write_text(json.dumps({"autoload": {"psr-4": {"App\\": "src/"}}}))
    (repo / "src" / "Models").mkdir(parents=True)
    (repo / "src" / "Models" / "User.php").write_text("<?php\nnamespace App\\Models;\nclass User {}\n")
    for c in range(10):
        (repo / f"c{c}").mkdir()
        psr4 = {f"N{c}x{i}\\": [f"d{j}" for j in range(200)] for i in range(200)}
        (repo / f"c{c}" / "composer.json").write_text(json.dumps({"autoload": {"psr-4": psr4}}))
    uses = "".join(f"use V{i}\\Pkg\\C{i};\n" for i in range(2_000))
    (repo / "src" / "A.php").write_text("<?php\nnamespace App;\nuse App\\Models\\User;\n" + uses + "class A {}\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "composer")
    rc, out, err, _ = victim.run("ingest", timeout=TIMEOUT_S)  # main: 571 s
    assert rc == 0 and out["ok"], (out, err[-2000:])
    rc, reply, err, _ = victim.run("query", "[:find ?d :where [:module/src-a-php :depends-on ?d]]")
    assert rc == 0, err
    deps = {row[0] for row in reply["results"]}
    assert ":module/src-models-user-php" in deps and len(deps) == 2_001, len(deps)
