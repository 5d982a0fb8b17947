"""A decoy Cargo.toml that renames a crate for the whole repository (SPEC §7: a cloned repository is hostile).

Ingestion reads Cargo renames (``memmap = { package = "memmap2" }``) so that code's ``use memmap::Mmap`` is an
import of memmap2, the package a decision names. The renames were one map of every Cargo.toml of the tree, so
a manifest anywhere — ``fixtures/decoy/Cargo.toml`` saying ``serde_json = { package = "innocent" }`` — renamed
serde_json in every crate: the real crate's ``use serde_json::Value`` was an import of ``innocent`` and the
team's rejection of serde_json never warned. And the map read the first 2,000 manifests by path, so 2,000
decoys sorting before ``crates/`` left the real crate's renames out. A Rust file now takes the dependencies of
its own crate (the nearest package manifest at or above it), the workspace's crates read first. Real git, the
real CLI in the clone.
"""

from __future__ import annotations

from .clone import commit_planted

REAL = '[package]\nname = "app"\nversion = "0.1.0"\n\n[dependencies]\nserde_json = "1"\nmm = { package = "memmap2" }\n'
DECOY = ('[package]\nname = "decoy"\nversion = "0.1.0"\n\n[dependencies]\nserde_json = { package = "innocent" }\n'
         'mm = { package = "harmless" }\n')
MAIN = "use mm::Mmap;\n\nfn main() {\n    let _ = serde_json::to_string(&1);\n}\n"  # serde_json by its path alone
REJECT = ('[[:decision/no-serde-json :rejects :dependency/serde_json] '
          '[:decision/no-serde-json :description "We parse JSON with simd-json"] '
          '[:decision/no-memmap :rejects :dependency/memmap2] '
          '[:decision/no-memmap :description "No memory maps: std::fs is fast enough"]]')


def _warned(victim) -> set[tuple[str, int, str]]:
    rc, _, err, _ = victim.run("transact", REJECT, "--reason", "r")
    assert rc == 0, err
    rc, reply, err, _ = victim.run("warnings")
    assert rc == 0, err
    return {(w["file"], w["line"], w["slots"]["target"]) for w in reply["warnings"] if w["rule"] == "rejected_dependency"}


def _commit(victim, files: dict[str, str]) -> None:
    commit_planted(victim.repo, files, "crates")
    rc, out, err, _ = victim.run("ingest", timeout=300)
    assert rc == 0 and out["ok"], (out, err[-2000:])


def test_a_decoy_manifests_rename_stays_in_its_own_folder(victim):
    _commit(victim, {"Cargo.toml": REAL, "src/main.rs": MAIN, "fixtures/decoy/Cargo.toml": DECOY,
                     "fixtures/decoy/src/lib.rs": "use serde_json::Value;\n"})
    got = _warned(victim)
    # the real crate's imports are of memmap2 and serde_json, as its own manifest says
    assert {("src/main.rs", 1, ":module/memmap2"), ("src/main.rs", 4, ":module/serde-json"),
            ("Cargo.toml", 6, ":module/serde-json"), ("Cargo.toml", 7, ":module/memmap2")} <= got, got
    # the decoy's own file and manifest keep the decoy's rename: no import of serde_json there
    assert not {w for w in got if w[0].startswith("fixtures/")}, got
    rc, reply, err, _ = victim.run("query", "[:find ?d :where [:module/fixtures-decoy-src-lib-rs :depends-on ?d]]")
    assert rc == 0, err
    assert reply["results"] == [[":module/innocent"]]


def test_a_flood_of_decoy_manifests_does_not_crowd_out_the_workspaces_crates(victim):
    files = {"Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n', "crates/app/Cargo.toml": REAL,
             "crates/app/src/main.rs": MAIN}
    files.update({f"aa/d{i}/Cargo.toml": DECOY for i in range(2_100)})  # sorting before crates/
    _commit(victim, files)
    got = _warned(victim)
    assert {("crates/app/src/main.rs", 1, ":module/memmap2"), ("crates/app/src/main.rs", 4, ":module/serde-json")} <= got


def test_a_decoy_workspace_member_named_like_a_rejected_crate_stays_in_its_workspace(victim):
    # A workspace elsewhere in the tree lists a member whose package is named serde_json: its members are the
    # repository's own code for that workspace's files only. Before, `use serde_json` was internal code
    # everywhere, so the rejection of serde_json never warned on the real crate.
    decoy_member = '[package]\nname = "serde_json"\nversion = "0.0.0"\n'
    _commit(victim, {"Cargo.toml": REAL, "src/main.rs": MAIN,
                     "fixtures/ws/Cargo.toml": '[workspace]\nmembers = ["serde_json"]\n',
                     "fixtures/ws/serde_json/Cargo.toml": decoy_member,
                     "fixtures/ws/serde_json/src/lib.rs": "pub fn to_string() {}\n",
                     "fixtures/ws/user/src/lib.rs": "use serde_json::to_string;\n"})
    got = _warned(victim)
    assert {("src/main.rs", 4, ":module/serde-json"), ("Cargo.toml", 6, ":module/serde-json")} <= got, got
    # inside the decoy's workspace its member is still its own code
    rc, reply, err, _ = victim.run("query", "[:find ?d :where [:module/fixtures-ws-user-src-lib-rs :depends-on ?d]]")
    assert rc == 0, err
    assert reply["results"] == [[":module/fixtures-ws-serde-json-src-lib-rs"]], reply
