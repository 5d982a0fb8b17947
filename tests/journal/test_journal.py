"""SPEC §6 and §7 (journal lines): the memory journal, with real git repositories, real graph files and the
real CLI. Most steps run the operations in-process (the same ``operations.run`` every face calls); the
exchange between two clones runs the ``lore`` command line."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lore import operations
from lore.journal import entry as E
from lore.journal.files import GITIGNORE_TEXT
from lore.store.graph import MAX_TX, Graph
from lore.timeutil import parse_instant

ROOT = Path(__file__).resolve().parents[2]
NAME = re.compile(r"^\d{8}T\d{6}\.\d{6}Z-[0-9a-f]{32}-[0-9a-f]{8}\.edn$")


def git(repo: Path, *args: str) -> str:
    p = subprocess.run(["git", "-C", str(repo), *args], capture_output=True)
    assert p.returncode == 0, p.stderr.decode()
    return p.stdout.decode()


def make_repo(path: Path, email: str = "dev@example.com") -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    configure(path, email)
    (path / "app.py").write_text("import json\n\ndef main():\n    return json.dumps({})\n")
    git(path, "add", "-A")
    git(path, "commit", "-qm", "init")
    return path


def configure(path: Path, email: str) -> None:
    git(path, "config", "user.email", email)
    git(path, "config", "user.name", email.split("@")[0])
    git(path, "config", "commit.gpgsign", "false")


def commit_all(repo: Path, msg: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", msg)


def graph_of(repo: Path) -> Graph:
    return Graph(repo / ".lore" / "lore.duckdb")


def run(graph: Graph, op: str, **params):
    reply = operations.run(op, graph, params)
    reply.pop("_result", None)
    assert reply.get("ok"), reply
    return reply


def journal_files(repo: Path) -> list[str]:
    d = repo / ".lore" / "journal"
    return sorted(p.name for p in d.iterdir() if not p.name.startswith(".")) if d.is_dir() else []


def timelines(graph: Graph) -> list[tuple]:
    """Every current user fact with its valid-time interval (what a rebuild must bring back)."""
    return graph.con.execute(
        f"SELECT e, a, vt, v, valid_from, valid_to FROM facts f WHERE tx_to = {MAX_TX} AND NOT inferred "
        f"AND tx_from IN (SELECT tx FROM tx WHERE source IN ('cli', 'lsp', 'agent', 'mcp', 'journal')) "
        f"ORDER BY ALL").fetchall()


def lore(cwd: Path, *args: str, env: dict | None = None) -> dict:
    exe = Path(sys.executable).with_name("lore")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "lore"]
    full_env = {k: v for k, v in os.environ.items() if k not in ("LORE_GRAPH_PATH", "LORE_JOURNAL")}
    full_env.update({"PYTHONPATH": str(ROOT / "server"), **(env or {})})
    p = subprocess.run([*cmd, "--json", *args], capture_output=True, cwd=cwd, env=full_env, timeout=300)
    return json.loads(p.stdout.decode().strip().splitlines()[-1])


@pytest.fixture(autouse=True)
def _journal_on(monkeypatch):
    monkeypatch.delenv("LORE_JOURNAL", raising=False)
    monkeypatch.delenv("GIT_AUTHOR_EMAIL", raising=False)
    operations.load_features()


# ------------------------------------------------------------------------------------------------ write

def test_a_write_is_one_sorted_entry_with_author_reason_windows_and_gitignore(tmp_path):
    repo = make_repo(tmp_path / "r", "ana@example.com")
    with graph_of(repo) as g:
        r = run(g, "transact", facts='[[:decision/db :rationale "ACID"] [:decision/db :description "Postgres\\nreally"]'
                                     ' [:constraint/py :description "3.11" {:valid-to "2030-01-01"}]]',
                reason="we chose\tPostgres", validFrom="2024-01-15")
        run(g, "retract", facts='[[:decision/db :rationale "ACID"]]', reason="not ACID", validFrom="2025-01-01")
        listing = run(g, "journal")  # the graph's own entries, before any apply recorded them
        assert (listing["total"], listing["pending"]) == (2, 0)
        assert [e["reason"] for e in listing["entries"]] == ["not ACID", "we chose\tPostgres"]
        n = g.last_tx()[0]
        assert run(g, "journalApply", repo=str(repo))["applied"] == 0 and g.last_tx()[0] == n  # never re-applied
    files = journal_files(repo)
    assert len(files) == 2 and all(NAME.match(f) for f in files)
    text = (repo / ".lore" / "journal" / files[0]).read_text()
    lines = text.splitlines()
    facts = [ln.strip(" [") for ln in lines if ":db/" in ln]
    assert facts == [  # one fact per line, sorted by entity then attribute, windows resolved
        ':db/add :constraint/py :description "3.11" {:valid-from #inst "2024-01-15T00:00:00Z" '
        ':valid-to #inst "2030-01-01T00:00:00Z"}]',
        ':db/add :decision/db :description "Postgres\\nreally" {:valid-from #inst "2024-01-15T00:00:00Z"}]',
        ':db/add :decision/db :rationale "ACID" {:valid-from #inst "2024-01-15T00:00:00Z"}]]}',
    ]
    entry = E.parse(files[0], text.encode())
    assert (entry.author, entry.source, entry.reason) == ("ana@example.com", "cli", "we chose\tPostgres")
    assert entry.instant == parse_instant(r["instant"])
    retract = (repo / ".lore" / "journal" / files[1]).read_text()
    assert ':db/retract :decision/db :rationale "ACID" {:valid-from #inst "2025-01-01T00:00:00Z"}' in retract
    # .lore/.gitignore keeps the graph out of git and the journal in.
    status = git(repo, "status", "--porcelain", "--untracked-files=all")
    assert ".lore/journal/" + files[0] in status
    assert "lore.duckdb" not in status and ".gitignore" not in status  # it ignores itself: no clone conflicts
    assert (repo / ".lore" / ".gitignore").read_text() == GITIGNORE_TEXT


def test_private_writes_env_off_and_the_editor_setting_write_no_entry_and_export_writes_the_rest_once(
        tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "r")
    with graph_of(repo) as g:
        run(g, "transact", facts='[[:preference/tabs :description "tabs"]]', reason="mine only", private=True)
        monkeypatch.setenv("LORE_JOURNAL", "0")
        run(g, "transact", facts='[[:decision/a :description "a"]]', reason="journal off")
        monkeypatch.delenv("LORE_JOURNAL")
        run(g, "transact", facts='[[:decision/b :description "b"]]', reason="editor off", journal=False)
        assert journal_files(repo) == []
        bad = operations.run("transact", g, {"facts": "[[:a/b :c 1]]", "reason": "r", "private": "yes"})
        assert bad["error"]["code"] == "bad-params"
        out = run(g, "journalExport")
        assert out["exported"] == 2
        assert run(g, "journalExport")["exported"] == 0  # once
        texts = " ".join((repo / ".lore/journal" / f).read_text() for f in journal_files(repo))
        assert ":decision/a" in texts and ":decision/b" in texts and "tabs" not in texts


def test_the_editor_setting_adds_journal_false_to_writes():
    from lore.lsp.requests import prepare_params
    from lore.lsp.settings import Settings

    s = Settings()
    assert "journal" not in prepare_params("transact", {"facts": "[]", "reason": "r"}, None, s)
    s.update({"lore": {"journal": False}})
    assert prepare_params("transact", {"facts": "[]", "reason": "r"}, None, s)["journal"] is False
    assert prepare_params("finalizeTurn", {"delta": "x"}, None, s)["journal"] is False
    assert "journal" not in prepare_params("query", {"query": "[]"}, None, s)


def test_a_write_that_cannot_write_its_entry_fails_as_a_whole(tmp_path):
    repo = make_repo(tmp_path / "r")
    (repo / ".lore").mkdir()
    (repo / ".lore" / "journal").write_text("a file where the folder should be")
    with graph_of(repo) as g:
        reply = operations.run("transact", g, {"facts": '[[:decision/x :description "x"]]', "reason": "r"})
        assert reply["ok"] is False and reply["error"]["code"] == "unsafe-path"
        assert g.last_tx() == (0, 0)  # nothing committed
    (repo / ".lore" / "journal").unlink()
    outside = tmp_path / "outside"
    outside.mkdir()
    (repo / ".lore" / "journal").symlink_to(outside)
    with graph_of(repo) as g:
        reply = operations.run("transact", g, {"facts": '[[:decision/x :description "x"]]', "reason": "r"})
        assert reply["error"]["code"] == "unsafe-path" and "symbolic link" in reply["error"]["message"]
        assert g.last_tx() == (0, 0)
        assert run(g, "stats")["current_rows"] == 0
    assert list(outside.iterdir()) == []  # nothing written through the link


def test_sources_ingest_and_rule_are_never_journaled(tmp_path):
    repo = make_repo(tmp_path / "r")
    with graph_of(repo) as g:
        from lore.store.txdata import parse_tx

        g.transact(parse_tx('[[:x/y :z 1]]'), reason="bulk", source="ingest")
        g.transact(parse_tx('[[:x/y :z 2]]'), reason="rule", source="rule")
        g.transact(parse_tx('[[:x/y :z 3]]'), reason="mcp", source="mcp")
    files = journal_files(repo)
    assert len(files) == 1 and ":source :mcp" in (repo / ".lore/journal" / files[0]).read_text()


# ------------------------------------------------------------------------------------------ apply, rebuild

def test_a_lost_graph_comes_back_with_the_same_valid_times_and_applying_twice_changes_nothing(tmp_path):
    repo = make_repo(tmp_path / "r")
    with graph_of(repo) as g:
        run(g, "transact", facts='[[:status :db/cardinality :db.cardinality/one]]', reason="schema")
        run(g, "transact", facts='[[:decision/db :status :proposed] [:decision/db :description "Postgres"]]',
            reason="proposed", validFrom="2024-01-01")
        run(g, "transact", facts='[[:decision/db :status :accepted]]', reason="accepted", validFrom="2024-03-01")
        run(g, "retract", facts='[[:decision/db :description "Postgres"]]', reason="gap",
            validFrom="2024-06-01", validTo="2024-07-01")
        run(g, "transact", facts='[[#uuid "6f1e3c2a-0000-4000-8000-000000000001" :count 3]'
                                 ' [:decision/db :decided-on #inst "2024-03-01T10:00:00.5Z"] [:decision/db :ok true]]',
            reason="typed values")
        before = timelines(g)
        instants = [t["instant"] for t in g.transactions()][::-1]
    commit_all(repo, "decisions")
    (repo / ".lore" / "lore.duckdb").unlink()
    with graph_of(repo) as g:
        out = run(g, "ingest", repo=str(repo), wait=True)
        assert out["journal"]["applied"] == 5 and out["journal"]["refused"] == 0
        assert timelines(g) == before
        kept = [inst for (inst,) in g.con.execute("SELECT instant FROM journal_entries ORDER BY instant").fetchall()]
        assert [parse_instant(i) for i in instants] == kept  # the entries' own instants are kept
        sources = {s for (s,) in g.con.execute("SELECT DISTINCT source FROM tx").fetchall()}
        assert sources == {"ingest", "journal"}
        n = g.last_tx()[0]
        again = run(g, "ingest", repo=str(repo), wait=True)
        assert again["journal"]["applied"] == 0 and again["journal"]["already_applied"] == 5
        assert run(g, "journalApply")["applied"] == 0
        assert g.last_tx()[0] == n
        listing = run(g, "journal")
        assert listing["total"] == 5 and listing["pending"] == 0
        assert {e["author"] for e in listing["entries"]} == {"dev@example.com"}
        assert listing["entries"][0]["reason"] == "typed values"


def test_entries_only_in_history_apply_and_the_server_job_applies_too(tmp_path):
    from lore.ingest.job import IngestJob

    repo = make_repo(tmp_path / "r")
    with graph_of(repo) as g:
        run(g, "transact", facts='[[:decision/old :description "old"]]', reason="old", validFrom="2020-01-01")
    commit_all(repo, "journal")
    git(repo, "rm", "-q", "-r", ".lore/journal")  # gone from the work tree, still in the branch's history
    commit_all(repo, "drop journal")
    (repo / ".lore" / "lore.duckdb").unlink()
    with graph_of(repo) as g:
        job = IngestJob(g)  # the language server's automatic ingestion
        job.start(str(repo))
        status = job.wait()
        assert status["status"] == "complete", status
        assert status["result"]["journal"]["applied"] == 1
        assert g.entity(":decision/old") == [(":description", "old")]


def test_two_clones_exchange_a_decision_through_push_and_pull(tmp_path):
    bare = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(bare)], check=True)
    a = make_repo(tmp_path / "a", "ana@example.com")
    git(a, "remote", "add", "origin", str(bare))
    git(a, "push", "-q", "origin", "main")
    git(tmp_path, "clone", "-q", str(bare), "b")
    b = tmp_path / "b"
    configure(b, "bo@example.com")
    assert lore(b, "ingest")["ok"]

    made = lore(a, "transact", '[[:decision/cache :description "Redis for sessions"] '
                               '[:decision/cache :rejects :module/memcache]]',
                "--reason", "sessions need TTLs", "--valid-from", "2024-05-01")
    assert made["ok"], made
    commit_all(a, "decision: Redis")
    git(a, "push", "-q", "origin", "main")

    git(b, "pull", "-q", "--no-rebase", "origin", "main")
    got = lore(b, "ingest")
    assert got["journal"]["applied"] == 1, got
    q = lore(b, "query", "[:find ?v ?from :where [:decision/cache :description ?v] "
                         "[:decision/cache :db/valid-from ?from]]")
    assert q["results"] == [["Redis for sessions", "2024-05-01T00:00:00Z"]]
    listing = lore(b, "journal")
    assert [(e["author"], e["reason"]) for e in listing["entries"]] == [("ana@example.com", "sessions need TTLs")]
    assert listing["entries"][0]["instant"] == made["instant"]
    hist = lore(b, "history", ":decision/cache")["history"]
    assert {h["source"] for h in hist} == {"journal"}

    # And back: B's own decision reaches A; A's graph applies only that one.
    assert lore(b, "transact", '[[:decision/db :description "Postgres"]]', "--reason", "bo's call")["ok"]
    commit_all(b, "decision: Postgres")
    git(b, "push", "-q", "origin", "main")
    git(a, "pull", "-q", "--no-rebase", "origin", "main")
    back = lore(a, "ingest")
    assert back["journal"]["applied"] == 1 and back["journal"]["already_applied"] == 1


def test_a_rebase_or_cherry_pick_carrying_the_same_entry_applies_it_once(tmp_path):
    repo = make_repo(tmp_path / "r")
    git(repo, "checkout", "-q", "-b", "feature")
    with graph_of(repo) as g:
        run(g, "transact", facts='[[:decision/f :description "on the branch"]]', reason="feature decision")
    commit_all(repo, "feature decision")
    git(repo, "checkout", "-q", "main")
    (repo / "other.py").write_text("x = 1\n")
    git(repo, "add", "other.py")
    git(repo, "commit", "-qm", "main moves")
    git(repo, "cherry-pick", "feature")  # the same entry file, a new commit on main
    git(repo, "checkout", "-q", "feature")
    git(repo, "rebase", "-q", "main")  # the branch rewritten: its entry commit is now the cherry-pick
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-ff", "-m", "merge feature", "feature")
    (repo / ".lore" / "lore.duckdb").unlink()
    with graph_of(repo) as g:
        out = run(g, "ingest", repo=str(repo), wait=True)
        assert out["journal"]["applied"] == 1
        assert g.con.execute("SELECT count(*) FROM tx WHERE source = 'journal'").fetchone()[0] == 1
        # The graph's branch rewritten under it (a force-pushed main): the entry is still applied once.
        git(repo, "commit", "-q", "--amend", "-m", "merge feature (reworded)")
        again = run(g, "journalApply")
        assert again["applied"] == 0
        assert g.con.execute("SELECT count(*) FROM tx WHERE source = 'journal'").fetchone()[0] == 1


def test_contradicting_entries_resolve_by_instant_and_are_reported(tmp_path):
    bare = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(bare)], check=True)
    a = make_repo(tmp_path / "a", "ana@example.com")
    git(a, "remote", "add", "origin", str(bare))
    with graph_of(a) as g:
        run(g, "transact", facts="[[:owner :db/cardinality :db.cardinality/one]]", reason="schema")
    commit_all(a, "schema")
    git(a, "push", "-q", "origin", "main")
    git(tmp_path, "clone", "-q", str(bare), "b")
    b = tmp_path / "b"
    configure(b, "bo@example.com")
    with graph_of(b) as gb:
        run(gb, "ingest", repo=str(b), wait=True)
        # Ana decides first (older instant) but pushes last; Bo decides later.
        with graph_of(a) as ga:
            run(ga, "transact", facts='[[:module/auth :owner "ana"] [:decision/auth :description "JWT"] '
                                                   '[:lesson/auth :description "tokens leak"]]',
                reason="ana's view", validFrom="2024-01-01")
        run(gb, "transact", facts='[[:module/auth :owner "bo"] [:decision/auth :description "sessions"] '
                                               '[:lesson/auth :description "cookies leak"]]',
            reason="bo's view", validFrom="2024-01-01")
        commit_all(b, "bo")
        commit_all(a, "ana")
        git(a, "push", "-q", "origin", "main")
        git(b, "pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
        out = run(gb, "ingest", repo=str(b), wait=True)
        assert out["journal"]["applied"] == 1
        codes = sorted(c["code"] for c in out["journal"]["conflicts"])
        assert codes == ["journal-conflict", "journal-two-current", "journal-two-current"], out["journal"]["conflicts"]
        # a hand-written memory (lore.idents.STATEMENT_KINDS) disagreed on is reported as a decision is
        assert {c["entity"] for c in out["journal"]["conflicts"] if c["code"] == "journal-two-current"} == \
            {":decision/auth", ":lesson/auth"}
        card = next(c for c in out["journal"]["conflicts"] if c["code"] == "journal-conflict")
        assert card["kept"] == "bo" and "the newer one wins" in card["message"]
        assert [v for a_, v in gb.entity(":module/auth") if a_ == ":owner"] == ["bo"]  # newer instant wins
        both = sorted(v for a_, v in gb.entity(":decision/auth") if a_ == ":description")
        assert both == ["JWT", "sessions"]  # cardinality many: both kept, and reported
        expected = timelines(gb)
    # A rebuild from the merged journal ends where the incremental apply did.
    (b / ".lore" / "lore.duckdb").unlink()
    with graph_of(b) as gb:
        run(gb, "ingest", repo=str(b), wait=True)
        assert timelines(gb) == expected


# ------------------------------------------------------------------------------------------------ hostile

def _entry_file(d: Path, text: str, *, eid: str = "0" * 31 + "1", stamp: str = "20240101T000000.000000Z") -> str:
    name = f"{stamp}-{eid}-{E.content_hash(text.encode())}.edn"
    (d / name).write_text(text)
    return name


def _valid_text(eid_hex: str, source: str = "cli", facts: str = '[:db/add :decision/ok :description "fine"]') -> str:
    import uuid

    return ('{:lore/journal 1 :id #uuid "' + str(uuid.UUID(eid_hex)) + '" :instant #inst "2024-01-01T00:00:00Z"'
            f' :author "m@x" :source :{source} :reason "r" :tx-data [{facts}]}}')


def test_hostile_entries_are_refused_with_a_message_and_never_stop_an_ingest(tmp_path):
    repo = make_repo(tmp_path / "r")
    d = repo / ".lore" / "journal"
    d.mkdir(parents=True)
    ok = _entry_file(d, _valid_text("a" * 32), eid="a" * 32)
    bad = {
        "syntax": _entry_file(d, "{:lore/journal 1 :id", eid="b" * 32),
        "forged": _entry_file(d, _valid_text("c" * 32, source="rule"), eid="c" * 32),
        "ident": _entry_file(d, _valid_text("d" * 32, facts='[:db/add :Bad/Ident :a 1]'), eid="d" * 32),
        "idmismatch": _entry_file(d, _valid_text("e" * 32), eid="f" * 32),
    }
    edited = _entry_file(d, _valid_text("1" * 32), eid="1" * 32)
    (d / edited).write_text(_valid_text("1" * 32).replace("fine", "evil"))
    bad["edited"] = edited
    huge = f"20240101T000000.000000Z-{'2' * 32}-00000000.edn"
    with open(d / huge, "wb") as f:
        f.truncate(E.MAX_ENTRY_BYTES + 10)
    bad["huge"] = huge
    (tmp_path / "secret.edn").write_text(_valid_text("3" * 32))
    link = f"20240101T000000.000000Z-{'3' * 32}-{E.content_hash(_valid_text('3' * 32).encode())}.edn"
    (d / link).symlink_to(tmp_path / "secret.edn")
    bad["symlink"] = link
    fifo = f"20240101T000000.000000Z-{'4' * 32}-00000000.edn"
    os.mkfifo(d / fifo)
    bad["fifo"] = fifo
    (d / "notes.txt").write_text("hello")
    with graph_of(repo) as g:
        out = run(g, "ingest", repo=str(repo), wait=True)
        j = out["journal"]
        assert out["status"] == "complete" and j["applied"] == 1
        messages = {r["entry"]: r["message"] for r in j["refused_entries"]}
        assert j["refused"] == len(bad) + 1 == len(messages)
        assert "source :rule" in messages[bad["forged"]]
        assert "hash" in messages[bad["edited"]]
        assert "limit" in messages[bad["huge"]]
        assert "symbolic link" in messages[bad["symlink"]]
        assert "regular file" in messages[bad["fifo"]]
        assert "id" in messages[bad["idmismatch"]]
        assert "notes.txt" in " ".join(messages)
        assert g.entity(":decision/ok") == [(":description", "fine")]
        assert g.con.execute("SELECT count(*) FROM facts WHERE v = 'evil' OR e = ':bad/ident'").fetchone()[0] == 0
        # Refused once and unchanged: not parsed or reported again (what cannot be read is reported again).
        again = run(g, "journalApply")
        assert again["applied"] == 0
        assert {r["entry"] for r in again["refused_entries"]} == {bad["symlink"], bad["fifo"], "notes.txt"}
    assert ok in journal_files(repo)


def test_a_symlinked_journal_folder_is_not_read_and_history_still_applies(tmp_path):
    repo = make_repo(tmp_path / "r")
    with graph_of(repo) as g:
        run(g, "transact", facts='[[:decision/kept :description "from history"]]', reason="kept")
    commit_all(repo, "journal")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    _entry_file(outside, _valid_text("5" * 32, facts='[:db/add :decision/leak :description "outside"]'),
                eid="5" * 32)
    shutil.rmtree(repo / ".lore" / "journal")
    (repo / ".lore" / "journal").symlink_to(outside)
    (repo / ".lore" / "lore.duckdb").unlink()
    with graph_of(repo) as g:
        out = run(g, "ingest", repo=str(repo), wait=True)
        assert out["journal"]["applied"] == 1
        assert "unsafe-path" in out["journal"]["refused_entries"][0]["message"]
        assert g.entity(":decision/leak") == []
        assert g.entity(":decision/kept") == [(":description", "from history")]


def test_ten_thousand_entries_apply_in_one_run_and_a_cap_defers_the_rest(tmp_path, monkeypatch):
    import uuid

    repo = make_repo(tmp_path / "r")
    d = repo / ".lore" / "journal"
    d.mkdir(parents=True)
    for i in range(10_000):
        eid = uuid.UUID(int=i + 1).hex
        text = ('{:lore/journal 1 :id #uuid "' + str(uuid.UUID(eid)) + '" :instant #inst "2024-01-01T00:00:00Z"'
                f' :author nil :source :agent :reason "bulk {i}" :tx-data '
                f'[[:db/add :decision/d{i} :description "memory {i}" {{:valid-from #inst "2023-01-01T00:00:00Z"}}]]}}')
        _entry_file(d, text, eid=eid)
    monkeypatch.setenv("LORE_JOURNAL_MAX_ENTRIES", "6000")
    with graph_of(repo) as g:
        first = run(g, "ingest", repo=str(repo), wait=True)["journal"]
        assert (first["applied"], first["deferred"]) == (6000, 4000)
        monkeypatch.delenv("LORE_JOURNAL_MAX_ENTRIES")
        second = run(g, "journalApply")
        assert second["applied"] == 4000 and "deferred" not in second
        n = g.con.execute(f"SELECT count(*) FROM facts WHERE a = ':description' AND e LIKE ':decision/d%' "
                          f"AND tx_to = {MAX_TX} AND valid_from = ?", [parse_instant("2023-01-01")]).fetchone()[0]
        assert n == 10_000


def test_a_graph_kept_elsewhere_journals_into_the_repository_it_ingested(tmp_path):
    repo = make_repo(tmp_path / "r")
    with Graph(tmp_path / "graphs" / "g.duckdb") as g:
        run(g, "transact", facts='[[:decision/early :description "before any ingest"]]', reason="no work tree")
        assert g.entity(":decision/early") == [(":description", "before any ingest")]  # committed, unjournaled
        assert journal_files(repo) == [] and not (tmp_path / "graphs" / "journal").exists()
        run(g, "ingest", repo=str(repo), wait=True)
        run(g, "transact", facts='[[:decision/late :description "after"]]', reason="journaled")
    files = journal_files(repo)
    assert len(files) == 1 and ":decision/late" in (repo / ".lore/journal" / files[0]).read_text()


def test_the_canonical_reader_and_the_general_edn_reader_agree(monkeypatch):
    """Entries Lore writes are read by a fast reader of their exact layout; anything else by the EDN reader.
    Both must give the same entry."""
    import uuid

    from lore.store.txdata import parse_tx

    ops = parse_tx('[[:decision/x :description "a \\"q\\" \\\\ \\n\\t\\u0001 é"] [#uuid "6f1e3c2a-0000-4000-8000-000000000001" :n -12]'
                   ' [:a/b :f 1.5e+100] [:a/b :t #inst "2024-01-01T00:00:00.5Z"] [:a/b :k :x/y]'
                   ' [:a/b :u #uuid "6f1e3c2a-0000-4000-8000-000000000002"] [:a/b :ok false]]')
    ops[1].kind = "retract"
    windows = [(parse_instant("2024-01-01"), 2**62)] * len(ops)
    windows[1] = (-(2**62), parse_instant("2024-01-01"))
    name, text = E.render(id=str(uuid.uuid4()), instant=parse_instant("2025-12-01T09:30:26.961309Z"),
                          author='a"b', source="agent", reason="r\nx", ops=ops, windows=windows)
    assert E._fast(text) is not None
    fast = E.parse(name, text.encode())
    monkeypatch.setattr(E, "_fast", lambda t: None)
    slow = E.parse(name, text.encode())
    assert (fast.ops, fast.author, fast.reason, fast.instant, fast.id, fast.source) == \
        (slow.ops, slow.author, slow.reason, slow.instant, slow.id, slow.source)
    assert sorted((o.e, o.a, o.value, o.kind) for o in fast.ops) == sorted((o.e, o.a, o.value, o.kind) for o in ops)


def test_lore_journal_says_which_entries_were_refused_not_that_they_wait_for_an_ingest(tmp_path):
    # Found on a hostile copy of spf13/cobra: after `lore ingest` refused two entries (a forged :source, too
    # deep), `lore journal` still said "2 … not applied yet (lore ingest)" — and another ingest changed nothing.
    repo = make_repo(tmp_path / "r")
    d = repo / ".lore" / "journal"
    d.mkdir(parents=True)
    _entry_file(d, _valid_text("a" * 32), eid="a" * 32)
    forged = _entry_file(d, _valid_text("c" * 32, source="ingest"), eid="c" * 32)
    assert lore(repo, "ingest")["journal"]["refused"] == 1
    _entry_file(d, _valid_text("b" * 32, facts='[:db/add :decision/new :description "pulled"]'), eid="b" * 32,
                stamp="20240102T000000.000000Z")  # a teammate's, not applied yet
    out = lore(repo, "journal")
    assert out["pending"] == 1 and out["refused"] == 1, out
    assert out["refused_entries"][0]["file"] == f".lore/journal/{forged}"
    assert "source :ingest" in out["refused_entries"][0]["message"]
    exe = Path(sys.executable).with_name("lore")
    env = {k: v for k, v in os.environ.items() if k not in ("LORE_GRAPH_PATH", "LORE_JOURNAL")}
    text = subprocess.run([str(exe), "journal"], capture_output=True, text=True, cwd=repo, env=env).stdout
    assert "1 in " in text and "not applied yet" in text, text
    assert "1 refused" in text and "source :ingest" in text, text


def test_an_entry_that_would_redefine_the_schema_is_refused_whole_and_lore_journal_says_why(tmp_path):
    # A cloned journal could assert :db/ident or declare a Lore attribute single-valued (:description
    # cardinality one: each teammate's decision text would close the one before): Lore's schema is never a
    # repository's to change. The whole entry is refused, its memory facts too (nothing half-written), with the
    # reason `lore journal` shows. (A team's own attribute may be declared single-valued: the test above.)
    repo = make_repo(tmp_path / "r")
    d = repo / ".lore" / "journal"
    d.mkdir(parents=True)
    ok = _entry_file(d, _valid_text("a" * 32), eid="a" * 32)
    schema = {
        "ident": _entry_file(d, _valid_text("b" * 32, facts='[:db/add :decision/half :description "half"] '
                                                        '[:db/add :decision/owner :db/ident :decision/owner]'),
                             eid="b" * 32),
        "cardinality": _entry_file(d, _valid_text("c" * 32, facts='[:db/add :description :db/cardinality '
                                                              ':db.cardinality/one]'), eid="c" * 32),
        "lore-attribute": _entry_file(d, _valid_text("f" * 32, facts='[:db/add :lore/dismissed :db/cardinality '
                                                                 ':db.cardinality/one]'), eid="f" * 32),
        "schema-entity": _entry_file(d, _valid_text("d" * 32, facts='[:db/add :db/cardinality :description "x"]'),
                                     eid="d" * 32),
        "doc": _entry_file(d, _valid_text("e" * 32, facts='[:db/add :decision/doc :db/doc "schema docs"]'),
                           eid="e" * 32),
    }
    out = lore(repo, "ingest")
    j = out["journal"]
    assert j["applied"] == 1 and j["refused"] == len(schema), j
    messages = {r["entry"]: r["message"] for r in j["refused_entries"]}
    for name in schema.values():
        assert "schema" in messages[name], messages
    with graph_of(repo) as g:
        assert g.entity(":decision/ok") == [(":description", "fine")]
        assert g.entity(":decision/half") == []  # nothing of a refused entry is applied
        rows = g.con.execute("SELECT count(*) FROM facts WHERE a LIKE ':db/%' OR e LIKE ':db/%'").fetchall()
        assert rows == [(0,)]
        assert g.cardinality_one() == {}
    listed = lore(repo, "journal")
    assert listed["refused"] == len(schema), listed
    assert all("schema" in r["message"] for r in listed["refused_entries"]), listed
    exe = Path(sys.executable).with_name("lore")
    env = {k: v for k, v in os.environ.items() if k not in ("LORE_GRAPH_PATH", "LORE_JOURNAL")}
    text = subprocess.run([str(exe), "journal"], capture_output=True, text=True, cwd=repo, env=env).stdout
    assert f"{len(schema)} refused" in text and "is a schema ident" in text, text
    assert ok in journal_files(repo)
    # What other clones would refuse is never journaled (this graph's own schema); memories still are.
    before = journal_files(repo)
    assert lore(repo, "transact", "[[:description :db/cardinality :db.cardinality/one]]", "--reason", "mine")["ok"]
    assert journal_files(repo) == before
    assert lore(repo, "transact", '[[:decision/later :description "kept"]]', "--reason", "r")["ok"]
    assert len(journal_files(repo)) == len(before) + 1
