"""Attack 15b: a cloned repository whose size is in what ingestion holds, not in its bytes.

- A source file under the 1 MB parse cap made of 30,000 one-line functions: every definition, its facts and
  its state were held for the run (60,000 in 950 KB: 420,000 facts, 736 MB). A file with more definitions,
  imports and calls than ``LORE_MAX_FILE_ITEMS`` (25,000) is now tracked as a module without its structure,
  with a warning naming it; the other files are ingested as before.
- 30,000 tags: the refs were read whole, then every tag's rows built and written in one transaction (100,000
  tags: 680 MB). Tags are now read as git lists them and written 10,000 a transaction; all are written.
"""

from __future__ import annotations

from .clone import git

FUNCTIONS = 30_000
TAGS = 30_000


def test_a_file_of_thirty_thousand_functions_is_tracked_without_its_structure(victim):
    (victim.repo / "src" / "gen.py").write_text("".join(f"def f{i}(): pass\n" for i in range(FUNCTIONS)))
    git(victim.repo, "add", ".")
    git(victim.repo, "commit", "-q", "-m", "generated")
    rc, out, err, _ = victim.run("ingest", timeout=600)
    assert rc == 0 and out["ok"], (out, err)
    assert f"src/gen.py: {FUNCTIONS} definitions, imports and calls, more than 25000" in err, err
    rc, out, _, _ = victim.run("sql", "SELECT v FROM facts WHERE a = ':path' ORDER BY v")
    assert [r[0] for r in out["rows"]] == ["src/app.py", "src/gen.py"]  # tracked, as a module
    rc, out, _, _ = victim.run("sql", "SELECT e FROM facts WHERE starts_with(e, ':function/') "
                                      "AND a = ':entity-type' ORDER BY e")
    assert [r[0] for r in out["rows"]] == [":function/src-app-py-main"], out["rows"][:5]  # main: 30,001


def test_the_working_layer_keeps_the_same_limit(victim):
    from lore.ingest.extract import extract_definitions

    text = "".join(f"def f{i}(): pass\n" for i in range(FUNCTIONS))
    assert extract_definitions("src/gen.py", text)["definitions"] == []
    assert len(extract_definitions("src/gen.py", text[: 100 * 16])["definitions"]) == 100


def test_thirty_thousand_tags_are_written_in_bounded_transactions(victim):
    head = git(victim.repo, "rev-parse", "HEAD").strip()
    refs = "".join(f"{head} {name}\n" for name in sorted(f"refs/tags/v{i}" for i in range(TAGS)))
    (victim.repo / ".git" / "packed-refs").write_text("# pack-refs with: peeled fully-peeled sorted \n" + refs)
    rc, out, err, _ = victim.run("ingest", timeout=600)
    assert rc == 0 and out["ok"], (out, err)
    assert out["tags"] == TAGS and out["tags_new"] == TAGS, out
    rc, out, _, _ = victim.run("sql", "SELECT count(DISTINCT e) AS n, count(DISTINCT tx_from) AS txs FROM facts "
                                      "WHERE starts_with(e, ':tag/')")
    assert out["rows"] == [[TAGS, 3]], out["rows"]  # main: one transaction of 150,000 rows
    rc, out, err, _ = victim.run("ingest", timeout=600)
    assert rc == 0 and out.get("tags") == TAGS and "tags_new" not in out, (out, err)  # nothing written twice
