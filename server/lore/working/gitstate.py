"""Which files of a work tree differ from the graph's history (SPEC §5): from the merge base of the graph
branch's ingested head (or ``--base REF``) with HEAD, to the working tree — committed on the current
branch, staged, unstaged, and untracked but not ignored.

When there is no merge base (a shallow clone, unrelated histories) the change is taken against the base
commit itself; when even that commit is not in the repository (a graph made elsewhere), against the blobs
the graph recorded for the head's files. Every git call is read-only.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass, field
from typing import Callable

from lore import gitcmd, gitdirs
from lore.errors import LoreError

GIT_TIMEOUT_S = 60.0
MAX_REF_CHARS = 4096  # no ref name is longer than a path; a longer argument is too long for the system (E2BIG)


def _env() -> dict[str, str]:
    # no index lock taken for a refresh (a commit in the terminal must never meet one); C messages
    return {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}


@dataclass
class WorkState:
    root: str
    head: str | None  # HEAD's commit (None: no commits yet)
    branch: str | None  # the checked-out branch (None: detached HEAD)
    against: str | None  # the commit the change is measured from (or None: against the graph's blobs)
    how: str  # merge-base | base-commit | graph-blobs | none
    changed: dict[str, str] = field(default_factory=dict)  # path -> "M" | "A" | "D"
    shallow: bool = False
    notes: list[str] = field(default_factory=list)
    # measured from a base ref: the commit where the graph's history meets HEAD's when that is past the base
    # (the history holds the branch's own commits, so what they introduce is no change), else None
    history_past_base: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"root": self.root, "head": self.head, "branch": self.branch, "base": self.against,
                "baseKind": self.how, "changedFiles": len(self.changed), "shallow": self.shallow,
                "notes": self.notes}


def _git(root: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    try:
        p = gitcmd.run(root, *args, capture_output=True, timeout=GIT_TIMEOUT_S, env=_env())
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise LoreError("git-failed", f"git {args[0]} failed: {exc}") from None
    if check and p.returncode != 0:
        msg = p.stderr.decode("utf-8", "replace").strip().splitlines()
        raise LoreError("git-failed", f"git {' '.join(args[:2])}: {msg[-1] if msg else 'failed'}")
    return p


def _out(root: str, *args: str) -> str | None:
    return _text(_git(root, *args, check=False))


def _text(p: subprocess.CompletedProcess[bytes]) -> str | None:
    text = p.stdout.decode("utf-8", "surrogateescape").strip()
    return text if p.returncode == 0 and text else None


class _Started:
    """A git process started now and read later (``_git``'s answer and errors): questions that do not
    depend on each other run side by side, since each git process waits for a CPU on a busy machine."""

    def __init__(self, root: str, *args: str) -> None:
        self.args = args
        self.error: LoreError | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        try:
            self.proc = gitcmd.popen(root, *args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env())
        except OSError as exc:
            self.error = LoreError("git-failed", f"git {args[0]} failed: {exc}")

    def result(self, check: bool = True) -> subprocess.CompletedProcess[bytes]:
        if self.proc is None:
            assert self.error is not None
            raise self.error
        try:
            out, err = self.proc.communicate(timeout=GIT_TIMEOUT_S)
        except subprocess.TimeoutExpired as exc:
            self.discard()
            raise LoreError("git-failed", f"git {self.args[0]} failed: {exc}") from None
        gitcmd.check_stopped(self.proc)
        p = subprocess.CompletedProcess(self.proc.args, self.proc.returncode, out, err)
        if check and p.returncode != 0:
            msg = err.decode("utf-8", "replace").strip().splitlines()
            raise LoreError("git-failed", f"git {' '.join(self.args[:2])}: {msg[-1] if msg else 'failed'}")
        return p

    def discard(self) -> None:
        """Stop it if its answer is not wanted (an error came first); reaped either way."""
        if self.proc is not None and self.proc.returncode is None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.communicate()


def work_tree_root(path: str) -> str:
    if not isinstance(path, str) or not path or "\x00" in path or not os.path.isdir(path):
        raise LoreError("not-a-repo", f"{path!r} is not a directory")
    top = gitcmd.toplevel(path)
    if top is None:
        raise LoreError("not-a-repo", f"{path} is not inside a git work tree")
    return top


def resolve_commit(root: str, ref: str) -> str:
    if not isinstance(ref, str) or not ref.strip() or ref.startswith("-") or "\x00" in ref or len(ref) > MAX_REF_CHARS:
        shown = repr(ref[:200]) + ("…" if len(ref) > 200 else "") if isinstance(ref, str) else repr(ref)
        raise LoreError("bad-base", f"not a revision: {shown}")
    sha = _out(root, "rev-parse", "--verify", "--quiet", ref + "^{commit}")
    if sha is None:
        raise LoreError("unknown-base", f"no branch or commit {ref!r} in {root}")
    return sha


def history_path(path: str) -> str:
    """A path as read here (bytes that are not UTF-8 kept as surrogates, so the file can be opened) as
    ingestion names it (those bytes as ``\\xNN``: lore.ingest.walk.decode_path)."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _split_z(data: bytes) -> list[str]:
    return [p.decode("utf-8", "surrogateescape") for p in data.split(b"\x00") if p]


def work_state(root: str, graph_head: str | None, head_blobs: Callable[[], dict[str, str] | None] | None = None,
               base_ref: str | None = None) -> WorkState:
    """The change from the base to the working tree. ``graph_head``: the graph branch's ingested head;
    ``head_blobs``: gives path -> blob the graph recorded at that head (called only when no base commit
    exists here); ``base_ref``: measure from the merge base with this ref instead."""
    # The untracked files and the branch do not depend on the base: asked at once, read when needed.
    untracked = _Started(root, "ls-files", "-z", "--others", "--exclude-standard")
    try:
        return _work_state(root, graph_head, head_blobs, base_ref, untracked)
    finally:
        untracked.discard()


def _work_state(root: str, graph_head: str | None, head_blobs: Callable[[], dict[str, str] | None] | None,
                base_ref: str | None, untracked: _Started) -> WorkState:
    branch_of = _Started(root, "symbolic-ref", "--quiet", "--short", "HEAD")
    try:
        # HEAD's commit and whether the clone is shallow in one process (each git process is 5-15 ms of
        # CPU); asked apart when that fails (no commit yet, a git without --is-shallow-repository)
        both = _git(root, "rev-parse", "--is-shallow-repository", "--verify", "--quiet", "HEAD^{commit}",
                    check=False)
        lines = both.stdout.decode("utf-8", "surrogateescape").split()
        head: str | None
        if both.returncode == 0 and len(lines) == 2 and lines[0] in ("true", "false"):
            shallow, head = lines[0] == "true", lines[1]
        else:
            head = _out(root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
            shallow = _out(root, "rev-parse", "--is-shallow-repository") == "true"
        branch = _text(branch_of.result(check=False))
    finally:
        branch_of.discard()
    st = WorkState(root=root, head=head, branch=branch, against=None, how="none", shallow=shallow)
    if branch is None and head is not None:
        st.notes.append(f"detached HEAD at {head[:12]}")
    st.notes += in_progress_notes(root)
    target = resolve_commit(root, base_ref) if base_ref else graph_head
    # The graph's head is HEAD (the usual case, every agent edit): a commit, and its own merge base with HEAD.
    at_head = head is not None and target == head
    have_target = at_head or (bool(target) and _git(root, "cat-file", "-e", f"{target}^{{commit}}",
                                                     check=False).returncode == 0)
    if at_head:
        st.against, st.how = head, "merge-base"
    elif target and have_target and head is not None:
        mb = _out(root, "merge-base", target, head)
        if mb is not None:
            st.against, st.how = mb, "merge-base"
            if base_ref and graph_head and graph_head != target:
                st.history_past_base = _past(root, graph_head, head, mb)
        else:
            st.against, st.how = target, "base-commit"
            st.notes.append(f"no merge base of {target[:12]} with HEAD (a shallow clone?): "
                            f"checking against {target[:12]} itself")
    elif have_target:
        st.against, st.how = target, "base-commit"
    if st.against is not None:
        diff = _git(root, "diff", "--no-renames", "--name-status", "-z", "--no-ext-diff",
                    "--ignore-submodules=all", st.against, "--")
        parts = _split_z(diff.stdout)
        for status, path in zip(parts[0::2], parts[1::2]):
            st.changed[path] = "D" if status.startswith("D") else ("A" if status.startswith("A") else "M")
    elif head_blobs is not None and (blobs := head_blobs()) is not None:
        st.how = "graph-blobs"
        if target:
            st.notes.append(f"the graph's head {target[:12]} is not in this repository: comparing the work "
                            f"tree with the files the graph recorded")
        _against_blobs(root, blobs, st)
    for path in _split_z(untracked.result().stdout):
        st.changed.setdefault(path, "A")
    # Lore's own folder (graph, journal) is memory, not code: ingestion applies the journal itself.
    for path in [p for p in st.changed if p == ".lore" or p.startswith(".lore/")]:
        del st.changed[path]
    return st


def _past(root: str, graph_head: str, head: str, against: str) -> str | None:
    """Where the graph's history (at ``graph_head``) meets HEAD's, when that is not at or before ``against``:
    the history already holds commits of HEAD's branch that the base does not have (a teammate's clone of a
    pull request, ingested at its HEAD, checked with --base origin/main)."""
    shared = _out(root, "merge-base", graph_head, head)
    if shared is None or shared == against:
        return None
    ancestor = _git(root, "merge-base", "--is-ancestor", shared, against, check=False).returncode
    return shared if ancestor == 1 else None


# What git leaves in a work tree's git folder while an operation waits for the person (SPEC §5 measures the change
# from HEAD: mid-rebase that is the commit being replayed onto, mid-merge the branch merged into).
IN_PROGRESS = (
    ("rebase-merge", "a rebase"), ("rebase-apply", "a rebase (or git am)"), ("REBASE_HEAD", "a rebase"),
    ("MERGE_HEAD", "a merge"), ("CHERRY_PICK_HEAD", "a cherry-pick"), ("REVERT_HEAD", "a revert"),
)


def in_progress_notes(root: str) -> list[str]:
    """A note for a rebase, merge, cherry-pick or revert under way in ``root``: the work tree is checked as it
    stands (conflicts and all), HEAD being where the operation has got to. Only whether git's marker files
    exist is asked (no git process, nothing read)."""
    gd = gitdirs.git_dir(root)
    if gd is None:
        return []
    seen: dict[str, str] = {}
    for name, what in IN_PROGRESS:
        try:
            if os.path.lexists(os.path.join(gd, name)):
                seen.setdefault(what.split(" (")[0], f"{what} is in progress ({name})")
        except (OSError, ValueError):
            continue
    return [f"{note}: the work tree was checked as it stands, against HEAD as the operation has left it; "
            f"finish or abort it for the final result" for note in seen.values()]


def _against_blobs(root: str, head_blobs: dict[str, str], st: WorkState) -> None:
    staged: dict[str, str] = {}
    for rec in _split_z(_git(root, "ls-files", "-z", "-s").stdout):
        meta, _, path = rec.partition("\t")
        bits = meta.split()
        if len(bits) >= 2:
            staged[path] = bits[1]
    # --ignore-submodules=all: otherwise git runs `git status` inside each submodule, where the submodule's
    # own configuration (never read by lore.gitcmd) names the filters that hash its files
    dirty = set(_split_z(_git(root, "diff", "--name-only", "-z", "--no-ext-diff", "--ignore-submodules=all").stdout))
    for path, blob in staged.items():
        if path in dirty or head_blobs.get(path) != blob:
            st.changed[path] = "M" if path in head_blobs else "A"
    for path in head_blobs:
        if path not in staged:
            st.changed[path] = "D"


def git_dir(root: str) -> str | None:
    """The repository's git directory (for watching HEAD and refs), absolute."""
    d = _out(root, "rev-parse", "--absolute-git-dir")
    return d


def common_dir(root: str) -> str | None:
    d = _out(root, "rev-parse", "--git-common-dir")
    if d is None:
        return None
    return d if os.path.isabs(d) else os.path.normpath(os.path.join(root, d))
