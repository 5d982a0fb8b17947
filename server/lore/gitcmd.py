"""Running git on a repository that may be hostile (SPEC §7).

A repository's own configuration (``.git/config``, ``config.worktree`` and whatever they include) can name
programs that git runs on its behalf: ``core.fsmonitor`` on every ``status``/``diff``/``ls-files``, a filter's
``clean``/``process`` when a work-tree file is hashed, a diff driver's ``textconv``/``command``,
``diff.external``, ``gpg.program`` under ``log.showSignature``, hooks. A clone never carries that file, but a
repository unpacked from an archive, copied from someone else or left on a shared disk does, and Lore runs git
in it unasked (the server at start, the working layer on every change). So every git process Lore starts gets
the same overrides as command-line configuration (``GIT_CONFIG_COUNT``/``KEY_n``/``VALUE_n``: the highest
precedence, passed on to the git processes git itself starts, and free of ``-c``'s parsing of ``=`` in names):
the fixed ones below, plus an empty command for each filter, diff or merge driver that the repository's
configuration defines. Reading the configuration (``git config --list``) runs nothing.

The drivers are re-read when a file the configuration came from changes (its size or time), so a driver added
later is overridden too; the overrides of a root are cached between calls, since the working layer asks git
on every refresh.

Before any git process starts, the few metadata files git reads in nearly every command (``HEAD`` and the
ref it names, ``config``, ``index``, ``packed-refs``… and the ``.gitignore``/``.gitattributes``/``.loreignore``
at the work tree's root) are looked at with ``stat``: git opens a FIFO planted as one (a repository unpacked
from an archive) and waits for a writer that never comes — until Lore's time-out, 20-60 s per git process,
with the editor's requests queued behind. Such a repository is refused up front with ``unsafe-path``
(:func:`check_metadata`), in microseconds.
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

from lore import gitdirs
from lore.errors import LoreError
from lore.fileread import read_regular

# Settings that make git run a program, set so that it runs none. core.hooksPath: no read command Lore runs
# starts a hook, but a hostile path is not worth a doubt.
FIXED: tuple[tuple[str, str], ...] = (
    ("core.fsmonitor", "false"),
    ("core.hooksPath", os.devnull),
    ("diff.external", ""),
    ("log.showSignature", "false"),
    ("core.pager", "cat"),
    ("core.askPass", ""),
    ("credential.helper", ""),
    ("core.sshCommand", "false"),
    ("protocol.allow", "never"),
    # Lore's formats use %ae, never the mailmapped %aE: git log need not open .mailmap, which an unpacked
    # archive can make a FIFO (git log waited on it forever) or mailmap.file /dev/zero (read without end)
    ("log.mailmap", "false"),
)

# <section>.<driver>.<key> settings that name a program (git config --list lowercases section and key, never
# the driver's name).
_DRIVER = re.compile(r"^(filter|diff|merge)\.(.+)\.(clean|smudge|process|textconv|command|driver|required)$", re.S)

# Environment git reads that could point it elsewhere or page its output. GIT_ALLOW_PROTOCOL: no transport at
# all, whatever the configuration says: ``protocol.allow=never`` is only the default for protocols without a
# ``protocol.<name>.allow`` of their own, and a repository's config can set ``protocol.ext.allow=always``.
# GIT_NO_LAZY_FETCH: a missing object in a "partial clone" (``extensions.partialClone``) is never fetched
# from the promisor remote, whose url or ``uploadpack`` the repository names (``ext::sh -c …``).
_BASE_ENV = {"GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat", "PAGER": "cat", "GIT_ALLOW_PROTOCOL": "",
             "GIT_NO_LAZY_FETCH": "1"}

# A file the configuration names for git to read must be a regular file outside these (or /dev/null): git
# reads it as it finds it, so ``include.path=/dev/stdin`` read the editor's messages to the server (until it
# closed), ``/proc/self/fd/1`` git's own output pipe (forever), ``core.attributesFile=/dev/zero`` memory
# without end (until git died of it).
_SPECIAL_DIRS = ("/dev/", "/proc/")
_INCLUDE = re.compile(r"^include(if\..*)?\.path$", re.S)
# keys naming a file git reads, relative to the work tree (git config --list lowercases them)
_READ_FILES = frozenset({"core.attributesfile", "core.excludesfile", "mailmap.file"})

GIT_CONFIG_TIMEOUT_S = 20

# ``filter=NAME``, ``diff=NAME``, ``merge=NAME`` in an attribute file (a line, or a macro's ``[attr]`` line)
_ATTR_DRIVER = re.compile(rb"(?:^|[ \t])(filter|diff|merge)=([^\s]+)", re.M)
# Per driver name, what empties it (the keys of _DRIVER that name a program).
_DRIVER_KEYS = {"filter": (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false")),
                "diff": (("textconv", ""), ("command", "")), "merge": (("driver", ""),)}
# A project names a handful of drivers; every name costs each git process a few environment entries.
MAX_ATTR_DRIVERS = 256
# git itself ignores an attribute file over 100 MB; one over this bound is refused rather than read in part
_ATTR_TEXT_BYTES = 8 << 20

# What git reads in the git dir (and the common dir of a linked work tree) for the commands Lore runs, and at
# the work tree's root. Not every .gitignore below the root: those are the tree's, read only by status/ls-files,
# bounded by their time-outs.
_GIT_DIR_FILES = ("HEAD", "config", "config.worktree", "index", "commondir", "packed-refs", "shallow",
                  "info/exclude", "info/attributes", "info/grafts", "objects/info/alternates")
# Not .mailmap: Lore's git runs with log.mailmap=false and never opens it, so a FIFO there need not refuse the
# repository (tests/security/test_git_config_includes.py).
_ROOT_FILES = (".git", ".gitignore", ".gitattributes", ".loreignore", ".gitmodules")
_SMALL_FILE = 64 * 1024


class _Overrides:
    def __init__(self, pairs: tuple[tuple[str, str], ...], origins: tuple[tuple[str, int, int], ...],
                 refused: tuple[str, str] | None = None) -> None:
        self.pairs = pairs
        self.origins = origins
        self.refused = refused  # (code, why) git must not run in this repository at all

    def fresh(self) -> bool:
        return all(_stamp(path) == (size, mtime) for path, size, mtime in self.origins)


_cache: dict[str, _Overrides] = {}
_lock = threading.Lock()


def _stamp(path: str) -> tuple[int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (-1, -1)
    return (st.st_size, st.st_mtime_ns)


def _fixed_env(base: Mapping[str, str]) -> dict[str, str]:
    env = dict(base)
    env.update(_BASE_ENV)
    return env


def _with_config(env: dict[str, str], pairs: Sequence[tuple[str, str]]) -> dict[str, str]:
    """``env`` with ``pairs`` appended to any command-line configuration it already carries."""
    try:
        start = int(env.get("GIT_CONFIG_COUNT", "0") or "0")
    except ValueError:
        start = 0
    start = max(start, 0)
    for i, (key, value) in enumerate(pairs, start):
        env[f"GIT_CONFIG_KEY_{i}"] = key
        env[f"GIT_CONFIG_VALUE_{i}"] = value
    env["GIT_CONFIG_COUNT"] = str(start + len(pairs))
    return env


def _resolve(value: str, relative_to: str, home: str) -> str:
    """The file a configuration's path names: relative to ``relative_to``, ``~/`` from the home folder (as
    git resolves them)."""
    if value.startswith("~/"):
        return os.path.join(home, value[2:])
    return value if os.path.isabs(value) else os.path.join(relative_to, value)


def _head_file(root: str) -> str | None:
    """The ``HEAD`` file of ``root``'s repository (its own for a linked work tree), which a checkout
    rewrites."""
    holder = _holder(root)
    gd = gitdirs.git_dir(holder) if holder is not None else None
    return os.path.join(gd, "HEAD") if gd is not None else None


def _unsafe_file(value: str, relative_to: str, home: str) -> str | None:
    """Why the file ``value`` that the configuration names is not one git may read; None if it may.
    Relative paths are taken from ``relative_to``, ``~/`` from the home folder (as git resolves them)."""
    path = _resolve(value, relative_to, home)
    if os.path.normpath(path) == os.devnull:
        return None
    for name in (os.path.normpath(path), os.path.realpath(path)):
        if name.startswith(_SPECIAL_DIRS):
            return f"{value!r}, a device or process file ({name})"
    try:
        st = os.stat(path)
    except OSError:
        return None  # git skips a file that does not exist
    if not stat.S_ISREG(st.st_mode):
        return f"{value!r} is not a regular file"
    return None


def _config_files(root: str) -> tuple[tuple[str, int, int], ...]:
    """The repository's own configuration files that exist, stamped: what a refusal depends on when git could
    not even list the configuration."""
    holder = _holder(root)
    found = []
    if holder is not None and os.path.isdir(os.path.join(holder, ".git")):
        for name in ("config", "config.worktree"):
            path = os.path.join(holder, ".git", name)
            found.append((path, *_stamp(path)))
    return tuple(found)


def _attribute_files(root: str, attributes_file: str | None) -> tuple[list[str], list[bytes]]:
    """The attribute files git may read for ``root``'s tracked files, and the text of those it would read
    from the index (a tracked ``.gitattributes`` missing from the work tree): the root's and each tracked
    folder's ``.gitattributes`` (tracked or not: git reads the work tree's first), ``info/attributes`` of
    the git folder and the common one, and ``core.attributesFile``. Untracked folders hold no file git
    hashes, so their attributes run nothing."""
    holder = _holder(root)
    if holder is None:
        return [], []
    files = [os.path.join(holder, ".gitattributes")]
    gd = gitdirs.git_dir(holder)
    for d in (gd, gitdirs.common_dir(gd) if gd else None):
        if d:
            files.append(os.path.join(d, "info", "attributes"))
    if attributes_file:
        files.append(attributes_file)
    env = _with_config(_fixed_env(os.environ), FIXED)  # ls-files and cat-file read the index and objects only
    with tempfile.TemporaryFile() as out_file:
        try:
            p = subprocess.run(["git", "-C", holder, "ls-files", "-z", "-s"], stdin=subprocess.DEVNULL,
                               stdout=out_file, stderr=subprocess.DEVNULL, env=env, timeout=GIT_CONFIG_TIMEOUT_S)
        except (subprocess.TimeoutExpired, OSError):
            return files, []
        out_file.seek(0)
        listing = out_file.read() if p.returncode == 0 else b""
    folders: set[str] = set()
    from_index: list[str] = []
    for rec in listing.split(b"\x00"):
        meta, _, name = rec.partition(b"\t")
        if not name:
            continue
        path = name.decode("utf-8", "surrogateescape")
        folder, _, base = path.rpartition("/")
        folders.add(folder)
        if base == ".gitattributes" and not os.path.isfile(os.path.join(holder, path)):
            from_index.append(meta.split(b" ")[1].decode("ascii", "replace") if meta.count(b" ") >= 2 else "")
    files += [os.path.join(holder, f, ".gitattributes") for f in sorted(folders) if f]
    texts: list[bytes] = []
    shas = [s for s in from_index if re.fullmatch(r"[0-9a-f]{40,64}", s)]
    if shas:
        try:
            q = subprocess.run(["git", "-C", holder, "cat-file", "--batch"], input="".join(
                s + "\n" for s in shas).encode(), capture_output=True, env=env, timeout=GIT_CONFIG_TIMEOUT_S)
            texts.append(q.stdout[:_ATTR_TEXT_BYTES])
        except (subprocess.TimeoutExpired, OSError):
            pass
    return files, texts


def _attribute_drivers(root: str, attributes_file: str | None) -> tuple[set[tuple[str, str]], list[str], str | None]:
    """The filter, diff and merge driver names the attributes of ``root`` set (``filter=NAME``…), the attribute
    files found (to stamp), and why git must not run here when there are too many to override.

    Why by name and not only by what the configuration defines: the configuration is read before each git
    process and a checkout can activate an include in between (a tracked ``later.cfg`` appears, an
    ``includeIf "onbranch:…"`` comes true). A driver the attributes name is emptied whether or not it is
    defined yet, so such a filter runs in no git process started from a stale reading."""
    files, texts = _attribute_files(root, attributes_file)
    names: set[tuple[str, str]] = set()
    found: list[str] = []
    for path in files:
        try:
            texts.append(read_regular(path, _ATTR_TEXT_BYTES))
        except OSError as e:
            if os.path.isfile(path) and f"over {_ATTR_TEXT_BYTES}" in str(e):
                return names, found, f"{path} has over {_ATTR_TEXT_BYTES} bytes of attributes"
            continue
        found.append(path)
    for text in texts:
        for m in _ATTR_DRIVER.finditer(text):
            names.add((m.group(1).decode(), m.group(2).decode("utf-8", "surrogateescape")))
            if len(names) > MAX_ATTR_DRIVERS:
                return names, found, f"its attributes name over {MAX_ATTR_DRIVERS} filter, diff and merge drivers"
    return names, found, None


def _read_drivers(root: str) -> _Overrides:
    env = _with_config(_fixed_env(os.environ), FIXED)
    # stdin from /dev/null and the output to regular files, not pipes: an include of /proc/self/fd/N that this
    # listing follows reads nothing and waits on nothing (and is refused below)
    with tempfile.TemporaryFile() as out_file:
        try:
            p = subprocess.run(["git", "-C", root, "config", "--null", "--list", "--show-origin"],
                               stdin=subprocess.DEVNULL, stdout=out_file, stderr=subprocess.DEVNULL, env=env,
                               timeout=GIT_CONFIG_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return _Overrides((), _config_files(root), refused=(
                "git-failed", f"git config --list did not answer in {GIT_CONFIG_TIMEOUT_S} s (is a file of its "
                              f".git, or one its configuration includes, a FIFO?)"))
        except OSError:
            return _Overrides((), ())
        out_file.seek(0)
        out = out_file.read() if p.returncode == 0 else b""
    fields = out.split(b"\x00")
    pairs: dict[str, str] = {}
    origins: dict[str, tuple[int, int]] = {}
    refused: tuple[str, str] | None = None
    attributes_file: str | None = None
    home = os.path.expanduser("~")
    for origin, entry in zip(fields[0::2], fields[1::2]):
        text = origin.decode("utf-8", "surrogateescape")
        full = ""
        if text.startswith("file:"):
            path = text[5:]
            full = path if os.path.isabs(path) else os.path.join(root, path)
            origins.setdefault(full, _stamp(full))
        key, _, value = entry.decode("utf-8", "surrogateescape").partition("\n")
        m = _DRIVER.match(key)
        if m:
            pairs[key] = "false" if m.group(3) == "required" else ""
            continue
        if full and _INCLUDE.match(key):
            # the drivers also depend on what an include names but git did not read this time: a file that
            # does not exist yet (a checkout or pull brings it), or one under a condition that is false now
            # (``includeIf "onbranch:…"``: a checkout makes it true). Its stamp, and HEAD's for a branch
            # condition, make the next call read the configuration again.
            target = _resolve(value, os.path.dirname(full), home)
            origins.setdefault(target, _stamp(target))
            if key.startswith("includeif.onbranch:"):
                head = _head_file(root)
                if head is not None:
                    origins.setdefault(head, _stamp(head))
        if refused is None and (key in _READ_FILES or (full and _INCLUDE.match(key))):
            # an include is relative to the file that includes it, the others to the work tree
            why = _unsafe_file(value, os.path.dirname(full) if _INCLUDE.match(key) else root, home)
            if why:
                refused = ("unsafe-git-config", f"{full or text}: {key}={why}")
        if key == "core.attributesfile":
            attributes_file = _resolve(value, root, home)
    named, found, too_many = _attribute_drivers(root, attributes_file)
    if refused is None and too_many:
        refused = ("unsafe-git-config", too_many)
    for kind, name in sorted(named):
        if "\n" in name or "\x00" in name:
            continue
        for setting, empty in _DRIVER_KEYS[kind]:
            pairs.setdefault(f"{kind}.{name}.{setting}", empty)
    # read again when the attributes change, or a checkout moves HEAD or its branch (what it brings may name
    # new drivers, and activate an include)
    holder = _holder(root)
    watched = [*found, os.path.join(holder, ".gitattributes")] if holder else list(found)
    head = _head_file(root)
    if head is not None:
        watched.append(head)
        gd = os.path.dirname(head)
        shared = gitdirs.common_dir(gd) or gd
        text = _small_text(head) or ""
        ref = text[4:].strip() if text.startswith("ref:") else ""
        if ref.startswith("refs/") and ".." not in ref.split("/") and "\x00" not in ref:
            watched.append(os.path.join(shared, ref))
        watched.append(os.path.join(shared, "packed-refs"))
    for path in watched:
        origins.setdefault(path, _stamp(path))
    return _Overrides(tuple(sorted(pairs.items())),
                      tuple((path, size, mtime) for path, (size, mtime) in sorted(origins.items())), refused)


def overrides(root: str) -> tuple[tuple[str, str], ...]:
    """Every setting a git process in ``root`` gets: the fixed ones and this repository's drivers emptied."""
    key = os.path.realpath(root)
    with _lock:
        hit = _cache.get(key)
    if hit is None or not hit.fresh():
        hit = _read_drivers(root)
        with _lock:
            if len(_cache) > 256:
                _cache.clear()
            _cache[key] = hit
    if hit.refused:
        code, why = hit.refused
        raise LoreError(code, f"{root}: git is not run here: {why}")
    return FIXED + hit.pairs


def _special(path: str) -> bool:
    """Whether ``path`` (followed through symlinks) is a FIFO, a device or a socket: opening one may wait for
    good, and reading a device may never end. A missing path, a folder, a regular file: no."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISSOCK(mode)


def _small_text(path: str) -> str | None:
    """A small regular file's text, read without waiting (a FIFO swapped in after the check)."""
    try:
        return read_regular(path, _SMALL_FILE).decode("utf-8", "surrogateescape")
    except OSError:
        return None


def unsafe_metadata(path: str) -> str | None:
    """The first of the git metadata files git would read for ``path``'s repository that is a FIFO, a device
    or a socket; None when there is none (or no repository)."""
    env_dir = os.environ.get("GIT_DIR")
    holder = _holder(path) if os.path.isdir(path) else None
    dirs: list[str] = []
    if env_dir:
        dirs.append(env_dir if os.path.isabs(env_dir) else os.path.join(path, env_dir))
    if holder is not None:
        for name in _ROOT_FILES:
            if _special(os.path.join(holder, name)):
                return os.path.join(holder, name)
        if not env_dir:
            gd = gitdirs.git_dir(holder)
            if gd is not None:
                dirs.append(gd)
    for gd in list(dirs):
        common = gitdirs.common_dir(gd)
        if common is not None:
            dirs.append(common)
    for gd in dirs:
        for name in _GIT_DIR_FILES:
            if _special(os.path.join(gd, name)):
                return os.path.join(gd, name)
    for gd in dirs:
        bad = _special_alternate(os.path.join(gd, "objects"))
        if bad is not None:
            return bad
    head = _small_text(os.path.join(dirs[0], "HEAD")) if dirs else None
    if head is not None and head.startswith("ref:"):
        ref = head[4:].strip()
        if ref.startswith("refs/") and ".." not in ref.split("/") and "\x00" not in ref:
            for gd in dirs:
                if _special(os.path.join(gd, ref)):
                    return os.path.join(gd, ref)
    return None


def _special_alternate(objects: str, depth: int = 0) -> str | None:
    """The first ``info/alternates`` that is a FIFO, device or socket in the chain of alternate object stores
    git follows from ``objects`` (git itself reads alternates of alternates, five deep): a repository may
    borrow objects from a folder outside it, as git allows, but not make git wait there."""
    if depth > 5:
        return None
    text = _small_text(os.path.join(objects, "info", "alternates"))
    for line in (text or "").splitlines()[:64]:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        alt = line if os.path.isabs(line) else os.path.normpath(os.path.join(objects, line))
        if _special(os.path.join(alt, "info", "alternates")):
            return os.path.join(alt, "info", "alternates")
        bad = _special_alternate(alt, depth + 1)
        if bad is not None:
            return bad
    return None


def check_metadata(path: str) -> None:
    """Refuse (``unsafe-path``) to run git in a repository whose metadata git would wait on."""
    bad = unsafe_metadata(path)
    if bad is not None:
        raise LoreError("unsafe-path", f"{bad} is not a regular file (a FIFO, device or socket): git would wait "
                                       f"on it, so Lore runs no git in this repository and its history is "
                                       f"unavailable; replace it with a regular file", path=bad)


def environment(root: str, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment for a git process in ``root`` (``base``: the environment to start from, this
    process's by default); ``unsafe-path`` for a repository whose metadata git would wait on."""
    check_metadata(root)
    return _with_config(_fixed_env(os.environ if base is None else base), overrides(root))


def argv(root: str, *args: str) -> list[str]:
    return ["git", "-C", root, *args]


def _no_stdin(kwargs: dict[str, Any]) -> dict[str, Any]:
    """stdin from /dev/null unless the caller gives one: git never reads this process's own stdin (the
    editor's messages to the server, the terminal), which a configuration's ``include.path=/dev/stdin``
    would make it do."""
    if kwargs.get("stdin") is None and kwargs.get("input") is None:
        kwargs["stdin"] = subprocess.DEVNULL
    return kwargs


def run(root: str, *args: str, env: Mapping[str, str] | None = None,
        **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    """``subprocess.run`` of ``git -C root ARGS`` with the overrides (``env``: the environment to start from).
    Raises ``unsafe-git-config`` when the repository's configuration includes a file git must not read, and
    ``unsafe-path`` when git waited to open a FIFO (see ``popen``); ``timeout`` as ``subprocess.run``."""
    timeout = kwargs.pop("timeout", None)
    data = kwargs.pop("input", None)
    if kwargs.pop("capture_output", False):
        kwargs["stdout"] = kwargs["stderr"] = subprocess.PIPE
    if data is not None:
        kwargs["stdin"] = subprocess.PIPE
    with popen(root, *args, env=env, **kwargs) as proc:
        try:
            out, err = proc.communicate(data, timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise
    check_stopped(proc)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def popen(root: str, *args: str, env: Mapping[str, str] | None = None, **kwargs: Any) -> subprocess.Popen[bytes]:
    """``subprocess.Popen`` of git as ``run``, watched: one that waits to open a FIFO is stopped at once (see
    ``_watch``); ``check_stopped`` then says which FIFO."""
    p: subprocess.Popen[bytes] = subprocess.Popen(argv(root, *args), env=environment(root, env),
                                                  **_no_stdin(kwargs))
    with _watch_lock:
        _watched.append(p)
        global _watcher_pid
        if _watcher_pid != os.getpid():  # none yet, or this is a forked child, which has no threads
            _watcher_pid = os.getpid()
            threading.Thread(target=_watch, name="lore-git-watch", daemon=True).start()
        _watch_lock.notify()
    return p


FIFO_POLL_S = 0.25  # how often the running git processes are looked at
_stopped: dict[int, str] = {}  # pid of a git process stopped waiting on a FIFO -> that FIFO
_watched: list[subprocess.Popen[bytes]] = []  # git processes started and not yet seen ended
_watch_lock = threading.Condition()
_watcher_pid: int | None = None  # the process whose watch thread runs


def _watch() -> None:
    """One thread for this process's lifetime: stops a git process that waits to open a FIFO. Git opens
    files a clone controls that Lore's look before each git process (``check_metadata``) cannot all cover
    without walking the whole tree or object store: a ``.gitignore`` below the root (``git status``,
    ``ls-files --others``), a pack's index, a loose object. A FIFO there made git wait for good: ``lore
    check`` waited out its 60 s time-out, ``lore ingest`` (whose git processes have none) for ever. Linux
    says where a process waits (``wait_for_partner``). A git process costs a list entry and, a quarter of a
    second later, one ``waitpid``; one still running then, a read of its ``/proc/<pid>/wchan``."""
    while True:
        with _watch_lock:
            while not _watched:
                _watch_lock.wait()
        time.sleep(FIFO_POLL_S)
        with _watch_lock:
            procs = list(_watched)
        ended = []
        for proc in procs:
            if proc.poll() is not None:  # ended (and reaped: its pid is not read again below)
                ended.append(proc)
                continue
            args = proc.args
            fifo = waiting_on_fifo(proc.pid, args[2] if isinstance(args, list) and len(args) > 2 else None)
            if fifo is not None:
                _stopped[proc.pid] = fifo
                proc.kill()
                ended.append(proc)
        with _watch_lock:
            for proc in ended:
                _watched.remove(proc)


def check_stopped(proc: subprocess.Popen[bytes]) -> None:
    """``unsafe-path`` naming the FIFO when ``proc`` (from ``popen``) was stopped waiting on one."""
    fifo = _stopped.pop(proc.pid, None)
    if fifo is not None:
        raise LoreError("unsafe-path", f"{fifo}: git waited to open a FIFO there, so Lore stopped it; replace it "
                                       f"with a regular file", path=fifo)


def waiting_on_fifo(pid: int, root: str | None = None) -> str | None:
    """What a process waits to open when it waits for a FIFO's other end (None when it does not, or when
    the system does not say): the special ``.gitignore`` or ``.gitattributes`` of the deepest folder it
    holds open (git holds the folders it walks), else a special file among ``root``'s packs, else a
    description."""
    try:
        with open(f"/proc/{pid}/wchan") as f:
            if f.read().strip() not in ("wait_for_partner", "fifo_open"):
                return None
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return None
    folders = []
    for fd in fds:
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("/") and os.path.isdir(target):
            folders.append(target)
    for folder in sorted(folders, key=lambda d: d.count("/"), reverse=True):
        for name in (".gitignore", ".gitattributes"):
            if _special(os.path.join(folder, name)):
                return os.path.join(folder, name)
    gd = gitdirs.git_dir(root) if root else None
    shared = (gitdirs.common_dir(gd) or gd) if gd else None  # a linked work tree's objects are the common folder's
    packs = os.path.join(shared, "objects", "pack") if shared else None
    try:
        names = os.listdir(packs)[:1000] if packs else []
    except OSError:
        names = []
    for name in names:
        if _special(os.path.join(packs or "", name)):
            return os.path.join(packs or "", name)
    return f"a FIFO below {root or '?'}"


def _holder(path: str) -> str | None:
    """The folder whose ``.git`` (a folder, or a file naming one: a linked work tree, a submodule) git
    finds first walking up from ``path``."""
    cur = os.path.realpath(path)
    while True:
        if os.path.lexists(os.path.join(cur, ".git")):
            return cur
        up = os.path.dirname(cur)
        if up == cur:
            return None
        cur = up


def toplevel(path: str) -> str | None:
    """The work tree that holds ``path``, as git reports it; None when ``path`` is in none.

    A repository's own configuration can move its work tree anywhere (``core.worktree=/home/you``): git
    would then list, hash and diff that folder's files as the repository's, and Lore would ingest them,
    lay them over the code, write beside them. A work tree that is not the folder holding ``.git`` is
    refused (``foreign-work-tree``) unless this process's environment chose it (``GIT_DIR`` /
    ``GIT_WORK_TREE``: the person's own setting, not the repository's)."""
    try:
        # bounded: a FIFO planted as .git/HEAD (an unpacked archive) makes git wait on it forever
        p = run(path, "rev-parse", "--show-toplevel", capture_output=True, timeout=GIT_CONFIG_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise LoreError("git-failed", f"{path}: git rev-parse --show-toplevel did not answer in "
                                      f"{GIT_CONFIG_TIMEOUT_S} s (is a file of its .git a FIFO?)") from None
    top = p.stdout.decode("utf-8", "surrogateescape").strip()
    if p.returncode != 0 or not top:
        return None
    if os.environ.get("GIT_DIR") or os.environ.get("GIT_WORK_TREE"):
        return top
    holder = _holder(path)
    if holder is not None and os.path.realpath(top) != holder:
        raise LoreError("foreign-work-tree",
                        f"{holder}: its git configuration (core.worktree) puts the work tree at {top}, outside "
                        f"the folder that holds the repository; Lore does not follow it (unset core.worktree, "
                        f"or set GIT_WORK_TREE yourself)")
    return top


def tracked(paths: Sequence[str]) -> list[str]:
    """Which of ``paths`` (files or folders of one folder; a folder counts when git tracks a file in it) the git
    work tree holding them tracks; [] when they are in no work tree, or git cannot say (a repository Lore runs
    no git in)."""
    if not paths:
        return []
    folder = os.path.dirname(os.path.abspath(paths[0]))
    if not os.path.isdir(folder) or _holder(folder) is None:
        return []
    names = [os.path.basename(p) for p in paths]
    try:
        # --literal-pathspecs: a graph named "*.duckdb" is that file, not a pattern
        p = run(folder, "--literal-pathspecs", "ls-files", "-z", "--", *names, capture_output=True,
                timeout=GIT_CONFIG_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired, LoreError):
        return []
    if p.returncode != 0:
        return []
    listed = set(p.stdout.decode("utf-8", "surrogateescape").split("\x00"))
    folders = {entry.split("/", 1)[0] for entry in listed if "/" in entry}  # a folder is tracked by its files
    return [path for path, name in zip(paths, names) if name in listed or name in folders]


_ORIGIN_HEAD = "refs/remotes/origin/HEAD"
_ORIGIN = "refs/remotes/origin/"
_REF_NAME = re.compile(r"^[A-Za-z0-9._/+@][A-Za-z0-9._/+@-]{0,199}$")  # what a branch name may hold here


def _commit_of(root: str, ref: str) -> bool:
    return run(root, "rev-parse", "--verify", "--quiet", ref + "^{commit}", capture_output=True).returncode == 0


def default_branch(root: str) -> str | None:
    """The ref a graph follows when none is named: ``refs/heads/main``, else ``refs/heads/master``, else the
    branch origin's HEAD names (a clone of a project whose default is develop or trunk: the local branch of
    that name, else origin's own). None when there is none: the caller follows HEAD. A clone on a feature
    branch followed HEAD, so the feature's own commits were history and nothing they brought a change."""
    for ref in ("refs/heads/main", "refs/heads/master"):
        if _commit_of(root, ref):
            return ref
    p = run(root, "symbolic-ref", "--quiet", _ORIGIN_HEAD, capture_output=True)
    target = p.stdout.decode("utf-8", "replace").strip() if p.returncode == 0 else ""
    name = target.removeprefix(_ORIGIN)
    # (a ref git wrote: checked anyway, it is a cloned repository's file)
    if not target.startswith(_ORIGIN) or not name or name == "HEAD" or not _REF_NAME.match(name):
        return None
    for ref in ("refs/heads/" + name, target):
        if _commit_of(root, ref):
            return ref
    return None

