"""A memory said twice (user trial 16, BurntSushi/ripgrep): two turns naming one decision ("We are dropping memmap2
from grep-searcher; …", then "We're dropping memmap2 from grep-searcher, since …") left two current
:description and :rationale values in the graph without a word, and a rebuild from the journal reported
`journal-two-current`. The later statement supersedes the earlier in history (its values end at the later turn's
instant); an attribute the later turn does not speak of keeps its value; a many-valued one (:exempts, :rejects)
is never a disagreement, and one folder said two ways ("crates/core/", "./crates/core") is one exemption.
Real CLI, real git repository and journal."""

from __future__ import annotations

from gitrepo import commit_files

FILES = {
    "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n',
    "crates/searcher/Cargo.toml": '[package]\nname = "grep-searcher"\n\n[dependencies]\nmemmap2 = "0.9"\n',
    "crates/searcher/src/lib.rs": "use memmap2::Mmap;\n\npub fn open() {}\n",
    "crates/core/main.rs": "fn main() {}\n",
    "crates/cli/src/lib.rs": "pub fn cli() {}\n",
}
FIRST = "User: We are dropping memmap2 from grep-searcher; the mmap path is a source of unsafety.\nAgent: Noted."
AGAIN = "User: We're dropping memmap2 from grep-searcher, since memory maps are unsafe.\nAgent: Noted."


def _current(cli, entity: str) -> dict[str, list[str]]:
    rc, reply, err, _ = cli.run("sql", f"SELECT a, v FROM facts WHERE e = '{entity}' AND tx_to = 2147483647 "
                                "AND NOT inferred AND valid_from <= epoch_us(now()) AND valid_to > epoch_us(now()) "
                                "ORDER BY a, v")
    assert rc == 0, err
    out: dict[str, list[str]] = {}
    for a, v in reply["rows"]:
        out.setdefault(a, []).append(v)
    return out


def _said(cli, text: str) -> dict:
    rc, reply, err, _ = cli.run("finalize-turn", text)
    assert rc == 0, err
    return reply


def test_a_decision_said_again_supersedes_its_description_and_reason_in_history(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", FILES))
    [first] = _said(cli, FIRST)["memories"]
    [again] = _said(cli, AGAIN)["memories"]
    assert first["entity"] == again["entity"] == ":decision/no-memmap2"
    now = _current(cli, ":decision/no-memmap2")
    assert now[":description"] == ["We're dropping memmap2 from grep-searcher, since memory maps are unsafe"]
    assert now[":rationale"] == ["since memory maps are unsafe"]
    assert ":module/memmap2" in now[":rejects"]
    # history keeps the first statement, valid until the second was said
    rc, reply, err, _ = cli.run("history", ":decision/no-memmap2")
    assert rc == 0, err
    assert any("source of unsafety" in str(row) for row in reply["history"]), reply
    # a restatement without a reason keeps the reason it had
    _said(cli, "User: We are dropping memmap2 from grep-searcher.\nAgent: Noted.")
    assert _current(cli, ":decision/no-memmap2")[":rationale"] == ["since memory maps are unsafe"]

    # A rebuild from the journal ends where the live graph did, and reports no disagreement.
    (cli.graph).unlink()
    rc, reply, err, _ = cli.run("ingest")
    assert rc == 0, err
    assert reply["journal"]["applied"] == 3 and reply["journal"]["conflicts"] == [], reply["journal"]
    assert _current(cli, ":decision/no-memmap2")[":description"] == ["We are dropping memmap2 from grep-searcher"]


def test_exemptions_are_many_valued_and_one_folder_said_two_ways_is_one(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", FILES))
    _said(cli, FIRST)
    for path in ("crates/core/", "./crates/core", "crates/cli"):
        rc, _, err, _ = cli.run("finalize-turn", "--facts", f'[[:decision/no-memmap2 :exempts "{path}"]]')
        assert rc == 0, err
    assert _current(cli, ":decision/no-memmap2")[":exempts"] == ["crates/cli", "crates/core"]
    (cli.graph).unlink()
    rc, reply, err, _ = cli.run("ingest")
    assert rc == 0, err
    assert reply["journal"]["applied"] == 4 and reply["journal"]["conflicts"] == [], reply["journal"]
    assert _current(cli, ":decision/no-memmap2")[":exempts"] == ["crates/cli", "crates/core"]


def test_hostile_restatements_store_nothing_odd(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", FILES))
    _said(cli, FIRST)
    for path in ("./", "/", " ", "..."):
        rc, reply, _, _ = cli.run("finalize-turn", "--facts", f'[[:decision/no-memmap2 :exempts "{path}"]]')
        assert rc != 0 and reply["error"]["code"] == "bad-params", reply
    rc, _, err, _ = cli.run("finalize-turn", "--facts", '[[:decision/no-memmap2 :description " "]]')
    assert rc == 0, err
    now = _current(cli, ":decision/no-memmap2")
    assert "We are dropping memmap2 from grep-searcher; the mmap path is a source of unsafety" in now[":description"]
    assert ":exempts" not in now, now
