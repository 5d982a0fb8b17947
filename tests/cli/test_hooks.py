"""`lore hook prepare|finalize|check` fed hook JSON shaped exactly as Claude Code sends it, and
`lore hooks install|print`. A hook always exits 0 and never blocks the agent on Lore's errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gitrepo import commit_files

LORE = str(Path(sys.executable).with_name("lore"))
ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "server")}
ENV.pop("LORE_GRAPH_PATH", None)


def run(repo: Path, *args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([LORE, *args], cwd=repo, env=ENV, input=stdin, capture_output=True, timeout=120)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    r = commit_files(tmp_path / "repo", {"src/net.py": "import chardet\n\n\ndef fetch_page(url):\n"
                                                        "    return chardet.detect(url)\n"}, "fetch pages")
    assert run(r, "ingest").returncode == 0
    p = run(r, "transact", '[[:decision/no-chardet :description "Do not use chardet; use charset-normalizer"]'
                           ' [:decision/no-chardet :rejects :module/chardet]]', "--reason", "licence")
    assert p.returncode == 0, p.stderr
    return r


def common(repo: Path, event: str) -> dict:
    return {"session_id": "8c35adc1-0b0b-4b5e-9a51-6c1b8f0e2a11",
            "transcript_path": str(repo / "transcript.jsonl"), "cwd": str(repo),
            "permission_mode": "default", "hook_event_name": event}


def test_prepare_adds_the_memory_to_the_prompt(repo: Path):
    event = {**common(repo, "UserPromptSubmit"), "prompt": "what did we decide about chardet?"}
    p = run(repo, "hook", "prepare", stdin=json.dumps(event).encode())
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["hookSpecificOutput"]["hookEventName"] == "UserPromptSubmit"
    assert "charset-normalizer" in out["hookSpecificOutput"]["additionalContext"]


def test_prepare_with_nothing_to_say_prints_nothing(repo: Path):
    event = {**common(repo, "UserPromptSubmit"), "prompt": "   "}
    p = run(repo, "hook", "prepare", stdin=json.dumps(event).encode())
    assert p.returncode == 0 and p.stdout == b""


def test_check_sees_the_edit_before_it_is_committed(repo: Path):
    (repo / "src" / "fresh.py").write_text("import chardet\n\n\ndef sniff(b):\n    return chardet.detect(b)\n")
    event = {**common(repo, "PostToolUse"), "tool_name": "Write",
             "tool_input": {"file_path": str(repo / "src" / "fresh.py"), "content": "import chardet\n"}}
    p = run(repo, "hook", "check", stdin=json.dumps(event).encode())
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["decision"] == "block" and "src/fresh.py" in out["reason"] and "chardet" in out["reason"]


def test_check_after_an_edit_feeds_the_warning_back(repo: Path):
    event = {**common(repo, "PostToolUse"), "tool_name": "Edit", "tool_use_id": "toolu_01DU",
             "tool_input": {"file_path": str(repo / "src" / "net.py"), "old_string": "a", "new_string": "b"},
             "tool_response": {"filePath": str(repo / "src" / "net.py"), "success": True}}
    p = run(repo, "hook", "check", stdin=json.dumps(event).encode())
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["decision"] == "block" and "chardet" in out["reason"]
    assert out["hookSpecificOutput"]["hookEventName"] == "PostToolUse"
    assert "src/net.py" in out["reason"]


def test_check_of_a_file_outside_the_work_tree_is_silent(repo: Path, tmp_path: Path):
    event = {**common(repo, "PostToolUse"), "tool_name": "Write",
             "tool_input": {"file_path": str(tmp_path / "elsewhere.py"), "content": "import chardet\n"}}
    p = run(repo, "hook", "check", stdin=json.dumps(event).encode())
    assert p.returncode == 0 and p.stdout == b""


def test_finalize_stores_the_last_exchange_of_the_transcript(repo: Path):
    transcript = repo / "transcript.jsonl"
    lines = [
        {"type": "user", "message": {"role": "user", "content": "Which cache should we use?"}},
        {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "Redis?"}]}},
        {"type": "user", "message": {"role": "user", "content": "We decided to use httpx instead of requests "
                                                                "because it supports HTTP/2."}},
        {"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "Read", "input": {}},
            {"type": "text", "text": "Noted: httpx it is."}]}},
    ]
    transcript.write_text("\n".join(json.dumps(x) for x in lines) + "\nnot json\n")
    event = {**common(repo, "Stop"), "stop_hook_active": False}
    p = run(repo, "hook", "finalize", stdin=json.dumps(event).encode())
    assert p.returncode == 0 and p.stdout == b"", p.stderr
    q = run(repo, "--json", "query", '[:find ?d :where [?e :description ?d] [(contains? ?d "httpx")]]')
    assert json.loads(q.stdout)["results"], "the decision of the last exchange was stored"
    h = run(repo, "--json", "sql", "SELECT source FROM tx ORDER BY tx DESC LIMIT 1")
    assert json.loads(h.stdout)["rows"] == [["agent"]]


@pytest.mark.parametrize("stdin", [b"", b"not json", b"[1, 2]", b"\xff\xfe", b'{"prompt": 12}',
                                   b'{"tool_input": "x"}', b"{" * 100_000])
@pytest.mark.parametrize("hook", ["prepare", "finalize", "check"])
def test_malformed_input_never_blocks_the_agent(repo: Path, hook: str, stdin: bytes):
    p = run(repo, "hook", hook, stdin=stdin)
    assert p.returncode == 0
    assert p.stdout == b""


def test_a_broken_graph_never_blocks_the_agent(tmp_path: Path):
    (tmp_path / ".lore").mkdir()
    (tmp_path / ".lore" / "lore.duckdb").write_bytes(b"this is not a database" * 100)
    event = {"cwd": str(tmp_path), "hook_event_name": "UserPromptSubmit", "prompt": "hello"}
    p = run(tmp_path, "hook", "prepare", stdin=json.dumps(event).encode())
    assert p.returncode == 0 and p.stdout == b""
    assert (tmp_path / ".lore" / "lore.duckdb").read_bytes().startswith(b"this is not")


def test_hooks_install_merges_and_is_idempotent(repo: Path):
    claude = repo / ".claude"
    claude.mkdir()
    (claude / "settings.json").write_text(json.dumps({"model": "x", "hooks": {"PostToolUse": [
        {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo hi"}]}]}}))
    for _ in range(2):
        p = run(repo, "--json", "hooks", "install", "claude-code")
        assert p.returncode == 0, p.stderr
    settings = json.loads((claude / "settings.json").read_text())
    assert settings["model"] == "x"
    commands = [h["command"] for e in settings["hooks"]["PostToolUse"] for h in e["hooks"]]
    assert commands == ["echo hi", "lore hook check"]
    assert [h["command"] for e in settings["hooks"]["UserPromptSubmit"] for h in e["hooks"]] == ["lore hook prepare"]
    assert [h["command"] for e in settings["hooks"]["Stop"] for h in e["hooks"]] == ["lore hook finalize"]


def test_hooks_install_never_writes_through_a_link(repo: Path, tmp_path: Path):
    victim = tmp_path / "victim.json"
    victim.write_text("{}")
    (repo / ".claude").mkdir()
    (repo / ".claude" / "settings.json").symlink_to(victim)
    p = run(repo, "--json", "hooks", "install", "claude-code")
    assert p.returncode != 0
    assert json.loads(p.stdout)["error"]["code"] == "unsafe-path"
    assert victim.read_text() == "{}"


def test_hooks_print_tells_an_agent_which_tools_to_use(repo: Path):
    p = run(repo, "hooks", "print")
    assert p.returncode == 0
    text = p.stdout.decode()
    assert "lore_prepare_turn" in text and "lore_check" in text and "lore hook prepare" in text
