"""End to end on a real git repository the test builds, ingested by the real `lore ingest`: the
code-aware rules (rejected_dependency, stale_decision, dangling_memory) anchored on the code."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gitrepo import git

ROOT = Path(__file__).resolve().parents[2]


def lore(repo: Path, *args: str) -> dict:
    exe = Path(sys.executable).with_name("lore")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "lore"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server")}
    env.pop("LORE_GRAPH_PATH", None)
    p = subprocess.run([*cmd, "--json", *args], cwd=repo, capture_output=True, env=env, timeout=120)
    reply = json.loads(p.stdout.decode().strip().splitlines()[-1])
    assert reply.get("ok"), (args, reply, p.stderr.decode()[-2000:])
    return reply


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    r = tmp_path / "repo"
    (r / "src").mkdir(parents=True)
    (r / "src" / "cache.py").write_text(
        "import redis\nfrom os import path\n\n\ndef get(key):\n    return redis.Redis().get(key)\n\n\n"
        "class Cache:\n    def evict(self):\n        pass\n")
    git(r, "init", "-q", ".")
    git(r, "add", ".")
    git(r, "commit", "-qm", "init", date="2020-01-01T00:00:00Z")
    return r


def test_rejected_dependency_on_the_import_line(repo):
    lore(repo, "transact", "[[:decision/no-redis :description \"memcached only\"] "
                           "[:decision/no-redis :rejects :module/redis]]", "--reason", "infra decision")
    lore(repo, "ingest", ".")
    reply = lore(repo, "warnings", "src/cache.py")
    [w] = [w for w in reply["warnings"] if w["rule"] == "rejected_dependency"]
    assert (w["file"], w["line"], w["column"]) == ("src/cache.py", 1, 0)
    assert w["anchor"] == {"kind": "import", "name": "redis"}
    assert w["entity"] == ":module/src-cache-py"
    # the import goes away in a new commit: the warning with it
    (repo / "src" / "cache.py").write_text("from os import path\n\n\ndef get(key):\n    return None\n")
    git(repo, "commit", "-qam", "drop redis", date="2020-02-01T00:00:00Z")
    lore(repo, "ingest", ".")
    reply = lore(repo, "warnings")
    assert [w for w in reply["warnings"] if w["rule"] == "rejected_dependency"] == []


def test_stale_decision_after_a_later_commit(repo):
    lore(repo, "ingest", ".")
    lore(repo, "transact", "[[:decision/cache-get :description \"get never raises\"] "
                           "[:decision/cache-get :relates-to :function/src-cache-py-get]]", "--reason", "r")
    assert [w for w in lore(repo, "warnings")["warnings"] if w["rule"] == "stale_decision"] == []
    (repo / "src" / "cache.py").write_text(
        "import redis\nfrom os import path\n\n\ndef get(key):\n    raise KeyError(key)\n\n\n"
        "class Cache:\n    def evict(self):\n        pass\n")
    # Commit dates have whole seconds: date this one clearly after the decision was recorded, and let the
    # clock pass it first (a commit dated in the future is not yet valid now, so the rule rightly skips it).
    later = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=2)
    git(repo, "commit", "-qam", "get raises now", date=later.strftime("%Y-%m-%dT%H:%M:%SZ"))
    while datetime.datetime.now(datetime.timezone.utc) <= later:
        time.sleep(0.05)
    lore(repo, "ingest", ".")
    [w] = [w for w in lore(repo, "warnings")["warnings"] if w["rule"] == "stale_decision"]
    assert w["file"] == "src/cache.py" and w["line"] == 5
    assert "after the decision \"get never raises\" was recorded" in w["message"]
    assert w["slots"]["memory"] == ":decision/cache-get"


def test_dangling_memory_when_the_code_is_deleted(repo):
    lore(repo, "ingest", ".")
    lore(repo, "transact", "[[:decision/evict :description \"evict is lazy\"] "
                           "[:decision/evict :relates-to :function/src-cache-py-cache-evict]]", "--reason", "r")
    assert [w for w in lore(repo, "warnings")["warnings"] if w["rule"] == "dangling_memory"] == []
    (repo / "src" / "cache.py").write_text("import redis\n\n\ndef get(key):\n    return 1\n")
    git(repo, "commit", "-qam", "remove Cache", date="2020-03-01T00:00:00Z")
    lore(repo, "ingest", ".")
    [w] = [w for w in lore(repo, "warnings")["warnings"] if w["rule"] == "dangling_memory"]
    assert w["entity"] == ":decision/evict" and w["slots"]["code"] == ":function/src-cache-py-cache-evict"
    assert w["message"] == ('the decision "evict is lazy" is about Cache.evict (src/cache.py), which no longer '
                            'exists in the code')
