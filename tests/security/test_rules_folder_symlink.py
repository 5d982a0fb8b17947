"""A rule *file* that is a symlink was refused (rule-unsafe-path), but a `.lore/rules` folder that is a symlink
to a folder outside the repository was listed, read, offered for trust and — once trusted — run: the rules
came from wherever the link pointed. Now a linked rules folder, or a linked `.lore` above it, is refused as
a whole: nothing is read through it, `lore trust` trusts nothing and says why, and nothing runs."""

from __future__ import annotations

from .clone import git
from .test_untrusted_rules import PLANTED, planted_rows


def _outside(tmp_path):
    folder = tmp_path / "elsewhere" / "rules"
    folder.mkdir(parents=True)
    (folder / "planted.sql").write_text(PLANTED)
    return folder


def _refused(victim, link_name: str) -> None:
    rc, out, err, _ = victim.run("ingest")
    assert rc == 0, (out, err)
    rc, out, err, _ = victim.run("status")
    assert rc == 0 and out["rules"]["untrusted"] == [], out["rules"]
    assert [e["code"] for e in out["rules"]["errors"]] == ["rule-unsafe-path"], out["rules"]
    assert out["rules"]["errors"][0]["file"].endswith(link_name)
    rc, out, err, _ = victim.run("trust")
    assert rc == 0 and out["trusted"] == [] and out["rules"] == [], out
    assert [r["code"] for r in out["refused"]] == ["rule-unsafe-path"], out
    rc, _, err, text = victim.run("trust", json_out=False)
    assert rc == 0 and "not trusted" in text and "symlink" in text, (text, err)
    victim.run("transact", "--reason", "r", '[[:decision/x :description "a description to copy"]]')
    assert planted_rows(victim) == 0


def test_a_linked_rules_folder_is_not_read(victim, tmp_path):
    folder = _outside(tmp_path)
    (victim.repo / ".lore").mkdir()
    (victim.repo / ".lore" / "rules").symlink_to(folder)
    git(victim.repo, "add", ".lore")
    git(victim.repo, "commit", "-q", "-m", "team rules")
    _refused(victim, "rules")


def test_rules_under_a_linked_lore_folder_are_not_read(victim, tmp_path):
    """The graph itself cannot be written through a linked .lore (unsafe-path); a read still lists rules —
    and must not read them from the link's target."""
    folder = _outside(tmp_path)
    (victim.repo / ".lore").symlink_to(folder.parent)
    rc, out, err, _ = victim.run("status")
    assert rc == 0, (out, err)
    assert out["rules"]["untrusted"] == [], out["rules"]
    assert [e["code"] for e in out["rules"]["errors"]] == ["rule-unsafe-path"], out["rules"]
