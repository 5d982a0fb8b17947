"""Walking a repository's history with git itself: one streaming ``git log --raw -z`` for the changes,
one long-lived ``git cat-file --batch`` for the blobs. (GitPython's ``commit.diff`` is ~100x slower.)

Only the first-parent chain drives the code's state, so "the code valid at T" is the tree of the
first-parent commit current at T; merges are diffed against their first parent.
"""

from __future__ import annotations

import logging
import os
import resource
import subprocess
from dataclasses import dataclass, field
from typing import Iterator

from lore import gitcmd
from lore.errors import LoreError

log = logging.getLogger("lore")

ZERO = "0" * 40
GITLINK = "160000"
SYMLINK = "120000"


DEFAULT_RENAME_MEMORY_MB = 4096
MAX_PATH_BYTES = 4096  # PATH_MAX: no checkout holds a longer path; a hand-made tree object can name one of megabytes
MAX_NAME_CHARS = 1000  # an author's address longer than this is kept cut here (the graph stores it whole)
MAX_RECORD_BYTES = 1 << 20  # what is kept of one record of git's output (a subject, an author); the rest is read and dropped


def nul_records(stream, cap: int = MAX_RECORD_BYTES) -> Iterator[tuple[bytes, int]]:
    """(record, its whole length) of each NUL-ended record of ``stream``, the record cut at ``cap`` bytes: time
    linear in the output and memory bounded by ``cap``, however long one record is (a 50 MB commit subject
    re-split its whole buffer at every 64 KB read: 56 s)."""
    kept: list[bytes] = []
    kept_len = whole = 0
    while True:
        chunk = stream.read(1 << 16)
        if not chunk:
            break
        parts = chunk.split(b"\x00")
        for i, part in enumerate(parts):
            whole += len(part)
            if kept_len < cap:
                part = part[:cap - kept_len]
                kept.append(part)
                kept_len += len(part)
            if i < len(parts) - 1:
                yield b"".join(kept), whole
                kept, kept_len, whole = [], 0, 0
    if whole:
        yield b"".join(kept), whole


def decode_path(raw: bytes) -> str:
    """Paths as text; invalid UTF-8 keeps its bytes visible (``\\xff``) so distinct paths stay distinct."""
    return raw.decode("utf-8", "backslashreplace")


@dataclass
class Change:
    status: str  # A M D R C T
    path: str  # the new path (the old one for D)
    old_path: str | None
    old_mode: str
    new_mode: str
    old_blob: str
    new_blob: str


@dataclass
class Commit:
    sha: str
    parents: list[str]
    time: int  # committer time, seconds
    changes: list[Change] = field(default_factory=list)


def git(repo: str, *args: str, check: bool = True, input: bytes | None = None) -> bytes:
    try:
        p = gitcmd.run(repo, *args, input=input, capture_output=True)
    except FileNotFoundError:
        raise LoreError("git-missing", "git is not installed or not on PATH") from None
    if check and p.returncode != 0:
        msg = p.stderr.decode("utf-8", "replace").strip().splitlines()
        raise LoreError("git-failed", f"git {' '.join(args[:2])} failed: {msg[0] if msg else p.returncode}")
    return p.stdout


def repo_root(path: str) -> str:
    """The repository's top directory (work tree), or the git dir of a bare repository."""
    if not isinstance(path, str) or not path or "\x00" in path:
        raise LoreError("bad-repo", "the repository path must be a non-empty string")
    if not os.path.isdir(path):
        raise LoreError("bad-repo", f"{path} is not a directory")
    top = gitcmd.toplevel(path)
    if top is not None:
        return top
    p = gitcmd.run(path, "rev-parse", "--git-dir", capture_output=True)
    if p.returncode == 0:
        return os.path.abspath(os.path.join(path, p.stdout.decode("utf-8", "surrogateescape").strip()))
    raise LoreError("not-a-repo", f"{path} is not a git repository")


# A ref is a file below .git (or a line of packed-refs): no branch name is longer than a path can be. A longer
# one (an editor's or agent's request of megabytes) made the git argument too long for the system (E2BIG),
# after the ingest had been reported started.
MAX_BRANCH_CHARS = 4096


def check_branch(branch: object) -> None:
    """``bad-branch`` unless ``branch`` is None or could name a branch (never an option git would read)."""
    if branch is not None and (not isinstance(branch, str) or not branch.strip() or branch.startswith("-")
                               or "\x00" in branch or len(branch) > MAX_BRANCH_CHARS):
        shown = repr(branch[:200]) + ("…" if len(branch) > 200 else "") if isinstance(branch, str) else repr(branch)
        raise LoreError("bad-branch", f"not a branch name: {shown}")


def resolve_branch(repo: str, branch: str | None = None) -> tuple[str, str | None]:
    """(branch name, tip sha): the explicit branch, else LORE_GIT_BRANCH, else main, else master, else the
    branch origin's HEAD names (gitcmd.default_branch), else HEAD. The sha is None for a repository without
    commits."""
    check_branch(branch)
    if branch:
        candidates = [branch]
    else:
        env = os.environ.get("LORE_GIT_BRANCH")
        default = None if env else gitcmd.default_branch(repo)
        candidates = [b for b in (env, default) if b] + ["HEAD"]
    for ref in candidates:
        out = git(repo, "rev-parse", "--verify", "--quiet", ref + "^{commit}", check=False).strip()
        if out:
            name = ref.removeprefix("refs/heads/").removeprefix("refs/remotes/")
            return name, out.decode()
        if branch:
            raise LoreError("unknown-branch", f"no branch or commit {branch!r} in {repo}")
    return "HEAD", None


def iter_first_parent(repo: str, tip: str, since: str | None) -> Iterator[Commit]:
    """Oldest first: each first-parent commit after ``since`` up to ``tip``, with its raw changes against
    its first parent (renames detected by ``-M``).

    Rename detection reads the contents of files deleted and added together; a clone missing such a blob (a
    blobless or size-filtered clone offline, a damaged object store — prometheus/alertmanager's
    ``vendor/…/sqlite3-binding.c``, a folder Lore skips anyway) made ``git log`` die there, and with it the
    whole history. Then the walk goes on from the last whole commit without rename detection (renames are
    seen as a delete and an add from there on), and says so in the log. A commit is handed out only once the
    next one began or git ended well: the one git died in may be cut short.

    Rename detection also holds both files of a candidate pair in memory: two 1 GB blobs of zeros (1 MB each
    in the pack) took ``git log`` to 2.1 GB, and ten times as big ones would take a machine's memory. The
    ``git log`` that detects renames may therefore use at most ``LORE_GIT_RENAME_MEMORY_MB`` (default 4,096)
    of heap (RLIMIT_DATA; the packs git maps to read count not); past it git dies, and the walk goes on
    without rename detection as above."""
    last, renames = since, True
    while True:
        rng = f"{last}..{tip}" if last else tip
        proc = gitcmd.popen(
            repo, "-c", "core.quotepath=off", "log", "--reverse", "--first-parent", "--raw", "-z",
            "-M" if renames else "--no-renames", "--no-abbrev", "--diff-merges=first-parent",
            "--format=%x01%H %ct %P", rng,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_heap_limit() if renames else None)
        assert proc.stdout is not None and proc.stderr is not None  # both are pipes (Popen above)
        held: Commit | None = None
        try:
            for commit in _parse_log(proc.stdout):
                if held is not None:
                    yield held
                    last = held.sha
                held = commit
        finally:
            proc.stdout.close()
            err = proc.stderr.read()
            proc.stderr.close()
            rc = proc.wait()
        gitcmd.check_stopped(proc)
        if rc in (0, -13):  # -13: SIGPIPE when the reader stopped early
            if held is not None:
                yield held
            return
        text = err.decode("utf-8", "replace").strip()
        if renames and _unreadable_object(text):
            log.warning("git failed while detecting renames (%s): history goes on from %s "
                        "without rename detection", text.splitlines()[-1][:200] if text else "?",
                        last[:12] if last else "the first commit")
            renames = False
            continue
        raise LoreError("git-failed", f"git log failed: {text[:300]}")


def _unreadable_object(stderr: str) -> bool:
    """git's words for an object it does not have (absent from a partial clone, or damaged), or cannot hold
    (past the heap limit)."""
    low = stderr.lower()
    return "unable to read" in low or "promisor remote" in low or "missing blob" in low or "out of memory" in low


def _heap_limit():
    """A preexec function capping the child's heap at LORE_GIT_RENAME_MEMORY_MB (see iter_first_parent)."""
    try:
        mb = int(os.environ.get("LORE_GIT_RENAME_MEMORY_MB") or DEFAULT_RENAME_MEMORY_MB)
    except ValueError:
        mb = DEFAULT_RENAME_MEMORY_MB
    limit = max(mb, 64) << 20

    def cap() -> None:  # runs in the child, between fork and exec: a system call, nothing else
        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        if soft == resource.RLIM_INFINITY or soft > limit:
            resource.setrlimit(resource.RLIMIT_DATA, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))
    return cap


def _parse_log(stream) -> Iterator[Commit]:
    cur: Commit | None = None
    pending: list[tuple[bytes, int]] = []  # tokens of a raw entry being assembled, with their whole lengths
    for tok, size in nul_records(stream):
        tok = tok.lstrip(b"\n")
        if not pending and tok.startswith(b"\x01"):
            if cur is not None:
                yield cur
            head = tok[1:].decode().split()
            cur = Commit(head[0], head[2:], int(head[1]))
            continue
        if not pending:
            if not tok.startswith(b":"):
                continue
            pending = [(tok, size)]
            continue
        pending.append((tok, size))
        meta = pending[0][0][1:].decode().split()
        status = meta[4]
        need = 3 if status[0] in "RC" else 2
        if len(pending) < need:
            continue
        old_mode, new_mode, old_blob, new_blob = meta[0], meta[1], meta[2], meta[3]
        paths = [decode_path(t) if n <= MAX_PATH_BYTES else _skipped_path(t, n) for t, n in pending[1:]]
        pending = []
        ch = _change(status[0], paths, old_mode, new_mode, old_blob, new_blob)
        if cur is not None and ch is not None:
            cur.changes.append(ch)
    if cur is not None:
        yield cur


def _skipped_path(raw: bytes, size: int) -> str | None:
    """Says that a path too long for any checkout is skipped (see _change); None stands for it."""
    log.warning("skipped a path of %d bytes, more than %d (no checkout can hold it): %s…", size, MAX_PATH_BYTES,
                decode_path(raw[:60]))
    return None


def _change(status: str, paths: list[str | None], old_mode: str, new_mode: str, old_blob: str,
            new_blob: str) -> Change | None:
    """The change git reported, without a path longer than MAX_PATH_BYTES (None stands for one): a 20 MB path
    in a hand-made tree took DuckDB past its memory and failed the whole ingestion. Such a file is skipped (a
    rename to or from one is the add or delete of the other path), with a warning."""
    if len(paths) == 2:
        old, new = paths
        if new is not None and old is None:
            return Change("A", new, None, "000000", new_mode, ZERO, new_blob)
        if new is None:
            return Change("D", old, None, old_mode, "000000", old_blob, ZERO) if old is not None and status == "R" else None
        return Change(status, new, old, old_mode, new_mode, old_blob, new_blob)
    path = paths[0]
    return None if path is None else Change(status, path, None, old_mode, new_mode, old_blob, new_blob)


@dataclass
class CommitInfo:
    sha: str
    parents: list[str]
    time: int
    author: str
    subject: str


def count_commits(repo: str, tip: str, since: str | None) -> int:
    rng = [tip, f"^{since}"] if since else [tip]
    return int(git(repo, "rev-list", "--count", *rng).strip() or 0)


def iter_all_commits(repo: str, tip: str, since: str | None) -> Iterator[CommitInfo]:
    """Every commit reachable from tip and not from since (side branches too), oldest first, no diffs;
    streamed (topological order: a first-parent commit comes after all of its ancestors)."""
    rng = [tip, f"^{since}"] if since else [tip]
    proc = gitcmd.popen(repo, "log", "--reverse", "--topo-order", "-z",
                        "--format=%H%x1f%P%x1f%ct%x1f%ae%x1f%s", *rng,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None  # both are pipes
    try:
        for rec, _size in nul_records(proc.stdout):
            info = _commit_info(rec)
            if info is not None:
                yield info
    finally:
        proc.stdout.close()
        err = proc.stderr.read()
        proc.stderr.close()
        rc = proc.wait()
        gitcmd.check_stopped(proc)
        if rc not in (0, -13):
            raise LoreError("git-failed", f"git log failed: {err.decode('utf-8', 'replace').strip()[:300]}")


def commit_info(repo: str, sha: str) -> CommitInfo:
    """One commit's CommitInfo (as iter_all_commits gives it)."""
    proc = gitcmd.popen(repo, "log", "-1", "-z", "--format=%H%x1f%P%x1f%ct%x1f%ae%x1f%s", sha,
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None  # a pipe
    with proc.stdout:
        infos = [i for rec, _n in nul_records(proc.stdout) if (i := _commit_info(rec)) is not None]
    rc = proc.wait()
    gitcmd.check_stopped(proc)
    if rc != 0 or not infos:
        raise LoreError("git-failed", f"git log -1 {sha[:12]} failed")
    return infos[0]


def _commit_info(rec: bytes) -> CommitInfo | None:
    """One record of ``--format=%H%x1f%P%x1f%ct%x1f%ae%x1f%s`` (possibly cut short at MAX_RECORD_BYTES: what
    is missing of the author and subject reads as empty)."""
    f = rec.strip(b"\n").split(b"\x1f", 4)
    if len(f) < 3 or not f[0]:
        return None
    f += [b""] * (5 - len(f))
    return CommitInfo(f[0].decode(), f[1].decode().split(), int(f[2]), f[3].decode("utf-8", "replace")[:MAX_NAME_CHARS],
                      f[4].decode("utf-8", "replace"))


MAX_TAG_RECORD_BYTES = 64 * 1024  # a tag's line of for-each-ref; git keeps ref names to what a path can be


def iter_tags(repo: str) -> Iterator[tuple[str, str, int | None]]:
    """(tag name, peeled commit sha, creation time) of every tag that points at a commit, streamed from git
    (100,000 tags were read whole, then split, then listed: every copy held at once)."""
    proc = gitcmd.popen(repo, "for-each-ref", "--format=%(refname:short)%1f%(objectname)%1f%(*objectname)%1f"
                        "%(objecttype)%1f%(*objecttype)%1f%(creatordate:unix)%00", "refs/tags",
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None  # a pipe
    try:
        for rec, size in nul_records(proc.stdout, MAX_TAG_RECORD_BYTES):
            if size > MAX_TAG_RECORD_BYTES:
                log.warning("skipped a tag of %d bytes, more than %d: %s…", size, MAX_TAG_RECORD_BYTES,
                            rec[:80].decode("utf-8", "replace"))
                continue
            f = rec.lstrip(b"\n").decode("utf-8", "replace").split("\x1f")
            if len(f) < 6:
                continue
            name, obj, peeled, otype, ptype, when = f[:6]
            sha = peeled if otype == "tag" else obj
            if (ptype if otype == "tag" else otype) != "commit":
                continue
            yield name, sha, int(when) if when.strip().lstrip("-").isdigit() else None
    finally:
        proc.stdout.close()
        rc = proc.wait()
        gitcmd.check_stopped(proc)
    if rc != 0:
        raise LoreError("git-failed", f"git for-each-ref failed: {rc}")


def ls_tree(repo: str, rev: str) -> list[tuple[str, str, str]]:
    """(mode, blob, path) of every entry of rev's tree, recursively."""
    out = git(repo, "ls-tree", "-r", "-z", "--full-tree", rev)
    rows = []
    for rec in out.split(b"\x00"):
        if not rec:
            continue
        meta, path = rec.split(b"\t", 1)
        mode, _type, sha = meta.decode().split()
        if len(path) > MAX_PATH_BYTES:
            _skipped_path(path, len(path))
            continue
        rows.append((mode, sha, decode_path(path)))
    return rows


class CatFile:
    """One long-lived ``git cat-file --batch``: blob bytes by id."""

    def __init__(self, repo: str) -> None:
        self.proc = gitcmd.popen(repo, "cat-file", "--batch", stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def read(self, sha: str, limit: int | None = None) -> bytes | None:
        """The object's bytes; None when missing (e.g. beyond a shallow boundary) or larger than limit."""
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(sha.encode() + b"\n")
        self.proc.stdin.flush()
        header = self.proc.stdout.readline()
        if not header and self.proc.poll() is not None:
            gitcmd.check_stopped(self.proc)  # stopped waiting on a FIFO: unsafe-path
        parts = header.split()
        if len(parts) < 3 or parts[1] == b"missing":
            return None
        size = int(parts[2])
        if limit is not None and size > limit:
            left = size + 1  # skip it without holding it: a huge blob must not cost its size in memory
            while left:
                left -= len(self.proc.stdout.read(min(left, 1 << 20)) or b"\0" * left)
            return None
        return self.proc.stdout.read(size + 1)[:size]

    def close(self) -> None:
        try:
            if self.proc.stdin:
                self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except Exception:  # noqa: BLE001 - best effort on shutdown
            self.proc.kill()

    def __enter__(self) -> "CatFile":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
