"""Attack 14f: FIFOs where git looks for objects. A repository may borrow objects from another folder
(`.git/objects/info/alternates`, which git follows, and follows again from there, five deep); Lore allows
that as git does, and reads nothing else there. But the borrowed store's own `info/alternates`, or a pack's
index in the repository itself, can be a FIFO (an archive can carry one): git waits to open it for good, and
`lore ingest` — whose git processes have no time-out — never ended. Now the alternates chain is looked at
before git runs (`unsafe-path` naming the FIFO), and any git process Lore starts that waits to open a FIFO is
stopped at once and the file named."""

from __future__ import annotations

import os

from .clone import git

BOUND_S = 60  # main: no end


def test_a_fifo_in_an_alternate_object_store_is_refused(victim, tmp_path):
    elsewhere = tmp_path / "elsewhere" / "objects"
    (elsewhere / "info").mkdir(parents=True)
    os.mkfifo(elsewhere / "info" / "alternates")
    (victim.repo / ".git" / "objects" / "info" / "alternates").write_text(f"{elsewhere}\n")
    rc, out, err, _ = victim.run("ingest", timeout=BOUND_S)
    assert rc != 0 and out["error"]["code"] == "unsafe-path", (out, err)
    assert str(elsewhere / "info" / "alternates") in out["error"]["message"], out


def test_a_plain_alternate_object_store_is_followed(victim, tmp_path):
    """What git allows stays allowed: objects borrowed from another repository's store are read."""
    lender = tmp_path / "lender"
    git(tmp_path, "clone", "-q", "--bare", str(victim.repo), str(lender))
    (victim.repo / ".git" / "objects" / "info" / "alternates").write_text(f"{lender / 'objects'}\n")
    git(victim.repo, "gc", "-q")
    rc, out, err, _ = victim.run("ingest", timeout=BOUND_S)
    assert rc == 0 and out["ok"], (out, err)


def test_a_fifo_as_a_pack_index_stops_git_and_is_named(victim):
    git(victim.repo, "gc", "-q")
    packs = victim.repo / ".git" / "objects" / "pack"
    idx = next(p for p in packs.iterdir() if p.suffix == ".idx")
    idx.unlink()
    os.mkfifo(idx)
    rc, out, err, _ = victim.run("ingest", timeout=BOUND_S)
    assert rc != 0 and out["error"]["code"] == "unsafe-path", (out, err)
    assert idx.name in out["error"]["message"], out
