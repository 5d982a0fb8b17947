"""The real `lore` command line: warnings and dismiss as SPEC §3 and outside checks drive them."""

from __future__ import annotations

TIMEOUT = ("[[:service/api :calls :service/auth] [:service/api :timeout-ms 3000] "
           "[:service/auth :processing-ms 5000]]")


def test_write_then_warnings_then_dismiss(cli):
    rc, reply, err, _ = cli.run("transact", TIMEOUT, "--reason", "latency budget")
    assert rc == 0 and reply["ok"], err
    rc, reply, err, _ = cli.run("warnings")
    assert rc == 0 and reply["ok"] and reply["count"] == 1, err
    [w] = reply["warnings"]
    assert w["rule"] == "timeout_conflict" and "3000 ms timeout < 5000 ms" in w["message"]
    rc, _, _, out = cli.run("warnings", json_out=False)
    assert rc == 0 and "[timeout_conflict]" in out and ":service/api" in out
    rc, reply, err, _ = cli.run("dismiss", w["id"], "--reason", "accepted risk")
    assert rc == 0 and reply["ok"] and reply["tx"] > 1, err
    rc, reply, _, _ = cli.run("warnings")
    assert reply["warnings"] == []
    rc, _, _, out = cli.run("warnings", json_out=False)
    assert "no warnings" in out


def test_retract_withdraws_the_warning(cli):
    cli.run("transact", TIMEOUT, "--reason", "r")
    rc, reply, err, _ = cli.run("retract", "[[:service/auth :processing-ms 5000]]", "--reason", "sped up")
    assert rc == 0, err
    assert cli.run("warnings")[1]["warnings"] == []


def test_dismiss_errors(cli):
    cli.run("transact", TIMEOUT, "--reason", "r")
    rc, reply, _, _ = cli.run("dismiss", "not an id", "--reason", "x")
    assert rc != 0 and reply["error"]["code"] == "bad-warning-id"
    rc, reply, _, _ = cli.run("dismiss", "timeout-conflict-0123456789ab", "--reason", "x")
    assert rc != 0 and reply["error"]["code"] == "unknown-warning"
    rc, reply, _, _ = cli.run("dismiss", "timeout-conflict-0123456789ab")
    assert rc != 0 and reply["error"]["code"] == "missing-reason"
    assert cli.run("warnings")[1]["count"] == 1


def test_broken_workspace_rule_is_reported_not_fatal(cli):
    rules = cli.graph.parent / "rules"  # rules/ beside the graph file
    rules.mkdir()
    (rules / "broken.sql").write_text("-- name: broken\n-- kind: warning\n-- reads: :calls\n"
                                      "-- message: {{entity}}\nSELECT nope FROM nowhere")
    rc, reply, err, _ = cli.run("transact", TIMEOUT, "--reason", "r")
    assert rc == 0 and reply["ok"], err
    rc, reply, _, _ = cli.run("warnings")
    assert rc == 0 and reply["count"] == 1
    assert [e["code"] for e in reply["rule_errors"]] == ["rule-sql"]
    assert reply["rule_errors"][0]["file"].endswith("broken.sql")


def test_warnings_for_a_file_with_hostile_arguments(cli):
    cli.run("transact", TIMEOUT, "--reason", "r")
    rc, reply, _, _ = cli.run("warnings", "src/none.py")
    assert rc == 0 and reply["warnings"] == []
    rc, reply, _, _ = cli.run("warnings", "'; DROP TABLE facts; --")
    assert rc == 0 and reply["warnings"] == []
    assert cli.run("warnings")[1]["count"] == 1


def _ingested_repo(tmp_path, cli):
    """A real repository with one Python file, ingested into its own .lore graph (``cli`` now runs there)."""
    from gitrepo import commit_files

    repo = commit_files(tmp_path / "repo", {"src/app.py": "import redis\n", "docs/notes.txt": "notes\n"})
    (repo / "src" / "new.py").write_text("import os\n")  # on disk, never ingested
    return repo, cli.ingest_in(repo)


def test_warnings_for_a_path_that_names_nothing_says_so(tmp_path, cli):
    repo, cli = _ingested_repo(tmp_path, cli)
    rc, reply, _, _ = cli.run("warnings", "no/such/file")
    assert rc == 1 and reply["error"]["code"] == "no-such-file"
    assert "no/such/file" in reply["error"]["message"]
    rc, _, err, out = cli.run("warnings", "no/such/file", json_out=False)
    assert rc == 1 and "no such file" in err and out == ""
    # a folder, a file Lore has no code of: no warnings, and why
    rc, reply, _, _ = cli.run("warnings", "src")
    assert rc == 0 and reply["warnings"] == [] and "is a folder" in reply["hint"]
    rc, reply, _, _ = cli.run("warnings", "src/new.py")
    assert rc == 0 and reply["warnings"] == [] and "knows no code in" in reply["hint"]
    # a known file, from the root or from a subfolder: no hint
    for cwd, path in ((repo, "src/app.py"), (repo / "src", "app.py"), (repo, "docs/notes.txt")):
        cli.cwd = cwd
        rc, reply, err, _ = cli.run("warnings", path)
        assert rc == 0 and reply["warnings"] == [] and "hint" not in reply, (path, err)


def test_warnings_of_an_edited_file_point_to_lore_check(tmp_path, cli):
    """(found with an agent on BurntSushi/ripgrep: after it added a rejected import, lore_warnings on the file
    answered nothing and said nothing; lore check found the warning)"""
    repo, cli = _ingested_repo(tmp_path, cli)
    rc, _, err, _ = cli.run("transact", "[[:decision/no-os :rejects :module/os] [:decision/no-os :description "
                            "\"no os\"]]", "--reason", "r")
    assert rc == 0, err
    rc, reply, _, _ = cli.run("warnings", "src/app.py")
    assert rc == 0 and reply["warnings"] == [] and "hint" not in reply  # as committed: nothing to say
    (repo / "src" / "app.py").write_text("import redis\nimport os\n")
    index = (repo / ".git" / "index").read_bytes()
    rc, reply, _, _ = cli.run("warnings", "src/app.py")
    assert (repo / ".git" / "index").read_bytes() == index  # a read: git's index is not refreshed either
    assert rc == 0 and reply["warnings"] == [], reply
    assert "uncommitted changes" in reply["hint"] and "lore check src/app.py" in reply["hint"], reply
    rc, _, _, out = cli.run("warnings", "src/app.py", json_out=False)
    assert "lore check src/app.py" in out, out
    rc, reply, _, _ = cli.run("check", "src/app.py")
    assert any("os" in w["message"] for w in reply["warnings"]), reply


def test_warnings_from_a_subfolder_name_the_file_from_there(tmp_path, cli):
    repo, cli = _ingested_repo(tmp_path, cli)
    rc, reply, err, _ = cli.run("transact", "[[:decision/no-redis :rejects :module/redis]"
                                " [:decision/no-redis :description \"no redis\"]]", "--reason", "r")
    assert rc == 0, err
    cli.cwd = repo / "src"
    rc, reply, err, _ = cli.run("warnings", "app.py")
    assert rc == 0 and [w["code"] for w in reply["warnings"]] == ["rejected_dependency"], err
