"""Memory <-> code links: what links, what must not, relevance, currency (re-link, renames, removal)."""

from __future__ import annotations

import logging

import pytest
from memory_helpers import add_code, remember

from lore.memory import linking
from lore.store.graph import MAX_TX


def links(graph, memory=None, current=True):
    where = f"AND tx_to = {MAX_TX}" if current else ""
    if memory:
        where += f" AND e = '{memory}'"
    return {(e, v): (rule, conf, list(prov or []))
            for e, v, rule, conf, prov in graph.con.execute(
                f"SELECT e, v, rule, confidence, provenance FROM facts WHERE inferred AND a = ':relates-to' "
                f"{where}").fetchall()}


def cli_linked(cli, memory: str) -> list[str]:
    """The code ``memory`` links to, as ``lore query`` tells it."""
    code, reply, err, _ = cli.run("query", f"[:find ?c :where [{memory} :relates-to ?c]]")
    assert code == 0 and reply["ok"], err
    return sorted(r[0] for r in reply["results"])


def remove_entity(graph, ident):
    """What ingestion does when a definition disappears: every fact of it ends now (valid time)."""
    from lore.store.graph import Op
    from lore.store.values import Value
    from lore.timeutil import now_micros

    rows = graph.con.execute(f"SELECT a, vt, v, vn FROM facts WHERE e = ? AND tx_to = {MAX_TX} AND NOT inferred",
                             [ident]).fetchall()
    ops = [Op("retract", ident, a, Value(vt, v, vn)) for a, vt, v, vn in rows]
    graph.transact(ops, reason=f"{ident} removed", source="ingest", valid_from=now_micros())


def write(graph, facts, **kw):
    result = remember(graph, facts, **kw)
    linking.derive_links(graph, result)  # what operations.derive runs for this feature (see test_cli)
    return result


@pytest.fixture
def code(graph):
    ids = add_code(graph, "src/auth.py", [("function", "validate_token", 10), ("class", "TokenCache", 20),
                                         ("function", "TokenCache.evict", 25), ("function", "login", 40),
                                         ("function", "cache", 50)])
    ids.update(add_code(graph, "src/a.py"))
    ids.update(add_code(graph, "lib/src/a.py"))
    ids.update(add_code(graph, "src/a.pyc"))
    ids.update(add_code(graph, "src/other.py", [("function", "validate_token_v2", 3)]))
    linking.derive_links(graph)
    return ids


def test_file_links_are_exact_after_normalising(graph, code):
    write(graph, '[[:decision/a :description "the parser lives in ./src/a.py"] [:decision/b :file "src/auth.py"]'
                 ' [:decision/c :description "see src/auth.py:12 for details"]]')
    got = links(graph)
    assert got[(":decision/a", code["src/a.py"])][:2] == ("link/file", 1.0)
    assert got[(":decision/b", code["src/auth.py"])][:2] == ("link/file", 1.0)
    assert (":decision/c", code["src/auth.py"]) in got
    # Not the seed's substring match: neither the .pyc nor lib/src/a.py.
    assert (":decision/a", code["src/a.pyc"]) not in got
    assert (":decision/a", code["lib/src/a.py"]) not in got


def test_a_file_name_links_the_one_path_ending_with_it(graph, code):
    # issue 18 item 7: `auth.py` names src/auth.py when no other tracked file is called auth.py.
    write(graph, '[[:decision/h :description "token parsing stays in auth.py"]'
                 ' [:decision/t :description "see src/other.py and other.py"]]')
    got = links(graph)
    assert got[(":decision/h", code["src/auth.py"])][:2] == ("link/file", 0.9)
    assert got[(":decision/t", code["src/other.py"])][:2] == ("link/file", 1.0)  # the exact path wins


def test_a_file_name_two_paths_end_with_links_neither(graph, code):
    # a.py: both src/a.py and lib/src/a.py end with it; ambiguous, so no link (and never the .pyc).
    write(graph, '[[:decision/amb :description "the parser lives in a.py"]'
                 ' [:decision/none :description "nothing is called missing.py"]]')
    got = links(graph)
    assert not [k for k in got if k[0] in (":decision/amb", ":decision/none")]


def test_absolute_path_inside_the_work_tree(tmp_path):
    from lore.store.graph import Graph

    g = Graph(tmp_path / "repo" / ".lore" / "lore.duckdb")
    try:
        ids = add_code(g, "src/a.py")
        write(g, f'[[:decision/abs :description "edit {tmp_path / "repo" / "src" / "a.py"} carefully"]'
                 f' [:decision/out :description "not /elsewhere/src/a.py"]]')
        got = links(g)
        assert (":decision/abs", ids["src/a.py"]) in got
        assert not any(m == ":decision/out" for m, _ in got)
    finally:
        g.close()


def test_name_links_at_identifier_boundaries(graph, code):
    write(graph, '[[:decision/n :description "validate_token must check expiry; TokenCache.evict runs hourly"]'
                 ' [:decision/v2 :description "validate_token_v2 is the new one"]'
                 ' [:decision/prose :description "cache the login token for an hour"]'
                 ' [:decision/marked :description "call `login` once and then cache() the result"]]')
    got = links(graph)
    vt = got[(":decision/n", code["validate_token"])]
    ev = got[(":decision/n", code["TokenCache.evict"])]
    assert vt[0] == ev[0] == "link/name"
    assert ev[1] > vt[1]  # qualified beats bare
    # validate_token_v2 links to itself only, never to validate_token (no substring matching).
    assert (":decision/v2", code["validate_token_v2"]) in got
    assert (":decision/v2", code["validate_token"]) not in got
    # Plain English words do not link unless the text marks them as code.
    assert not any(m == ":decision/prose" for m, _ in got)
    assert (":decision/marked", code["login"]) in got and (":decision/marked", code["cache"]) in got


def test_short_names_never_link(graph):
    ids = add_code(graph, "src/x.py", [("function", "run", 1), ("function", "add", 2)])
    write(graph, '[[:decision/s :description "call run() and add() and `run`"]]')
    assert not any(t in (ids["run"], ids["add"]) for _, t in links(graph))


def test_module_dot_function_is_qualified(graph, code):
    write(graph, '[[:decision/q :description "auth.validate_token rejects expired tokens"]]')
    rule, conf, _ = links(graph)[(":decision/q", code["validate_token"])]
    assert rule == "link/name" and conf == pytest.approx(0.9)


def test_many_definitions_link_weaker_and_too_many_not_at_all(graph):
    add_code(graph, "src/one.py", [("function", "render_page", 1)])
    for i in range(4):
        add_code(graph, f"src/m{i}.py", [("function", "handle_event", 1)])
    for i in range(linking.MAX_DEFINITIONS + 1):
        add_code(graph, f"src/p{i}.py", [("function", "setup_plugin", 1)])
    write(graph, '[[:decision/w :description "render_page and handle_event and setup_plugin"]]')
    got = links(graph, ":decision/w")
    single = [c for (m, t), (r, c, p) in got.items() if t.endswith("one-py-render-page")]
    multi = [c for (m, t), (r, c, p) in got.items() if t.endswith("handle-event")]
    assert single == [pytest.approx(0.7)] and len(multi) == 4 and all(c == pytest.approx(0.35) for c in multi)
    assert not any(t.endswith("setup-plugin") for _, t in got)


def test_no_duplicates_and_provenance_is_the_memory_rows(graph, code):
    r = write(graph, '[[:decision/d :description "validate_token here"] [:decision/d :rationale "validate_token"]'
                     ' [:decision/d :file "src/auth.py"]]')
    rows = dict(graph.con.execute("SELECT a, id FROM facts WHERE e = ':decision/d' AND NOT inferred").fetchall())
    got = links(graph, ":decision/d")
    assert len(got) == 2
    assert sorted(got[(":decision/d", code["validate_token"])][2]) == sorted([rows[":description"], rows[":rationale"]])
    assert got[(":decision/d", code["src/auth.py"])][2] == [rows[":file"]]
    n = graph.con.execute("SELECT count(*) FROM facts WHERE inferred AND e = ':decision/d'").fetchone()[0]
    # Deriving again changes nothing and writes no transaction.
    before = graph.last_tx()[0]
    linking.derive_links(graph, r)
    linking.relink_all(graph)
    assert graph.last_tx()[0] == before
    assert graph.con.execute("SELECT count(*) FROM facts WHERE inferred AND e = ':decision/d'").fetchone()[0] == n


def test_link_rows_are_inferred_facts_of_a_rule_tx(graph, code):
    write(graph, '[[:decision/t :description "validate_token"]]')
    row = graph.con.execute("SELECT f.inferred, f.rule, f.confidence, t.source, t.reason FROM facts f "
                            "JOIN tx t ON t.tx = f.tx_from WHERE f.e = ':decision/t' AND f.inferred").fetchone()
    assert row[0] is True and row[1] == "link/name" and 0 < row[2] <= 1 and row[3] == "rule"
    assert row[4].startswith("link:")


def test_older_memories_link_to_code_ingested_later(graph):
    write(graph, '[[:decision/early :description "parse_config must never touch the network; see src/cfg.py"]]')
    assert links(graph) == {}
    ids = add_code(graph, "src/cfg.py", [("function", "parse_config", 5)])
    linking.derive_links(graph)
    got = links(graph, ":decision/early")
    assert set(t for _, t in got) == {ids["src/cfg.py"], ids["parse_config"]}


def test_links_follow_renames_and_removed_code_stays_in_history(graph):
    old = add_code(graph, "src/old.py", [("function", "load_users", 3)])
    write(graph, '[[:decision/r :description "load_users must page through results"]]')
    assert set(t for _, t in links(graph)) == {old["load_users"]}
    linked_tx = graph.last_tx()[0]
    # Ingestion renames load_users -> fetch_users: the old entity ends and points at the new one.
    new = add_code(graph, "src/old.py", [("function", "fetch_users", 3)])
    from lore.store.txdata import parse_tx
    graph.transact(parse_tx(f'[[{old["load_users"]} :renamed-to {new["fetch_users"]}]'
                            f' [{new["fetch_users"]} :renamed-from {old["load_users"]}]]'), reason="rename", source="ingest")
    remove_entity(graph, old["load_users"])
    linking.derive_links(graph)
    assert set(t for _, t in links(graph)) == {new["fetch_users"]}
    # The earlier link is still there as of the tx that wrote it.
    asof = graph.con.execute(f"SELECT v FROM facts WHERE inferred AND e = ':decision/r' AND tx_from <= {linked_tx} "
                             f"AND tx_to > {linked_tx}").fetchall()
    assert asof == [(old["load_users"],)]
    # Code that disappears without a rename: the link closes (history keeps it).
    remove_entity(graph, new["fetch_users"])
    linking.derive_links(graph)
    assert links(graph, ":decision/r") == {}
    assert len(links(graph, ":decision/r", current=False)) == 2


def test_memories_for_a_code_entity(graph, code):
    write(graph, '[[:decision/m :description "validate_token must check expiry"] [:decision/m :rationale "tokens leak"]'
                 ' [:decision/m :entity-type :type/decision] [:constraint/f :file "src/auth.py"]'
                 ' [:constraint/f :description "auth code is security reviewed"]]')
    got = linking.memories_for(graph, code["validate_token"])
    assert [m["entity"] for m in got] == [":decision/m"]
    m = got[0]
    assert m["description"] == "validate_token must check expiry" and m["rationale"] == "tokens leak"
    assert m["rule"] == "link/name" and 0 < m["relevance"] <= 1 and m["valid_now"] is True and m["valid_to"] is None
    assert [x["entity"] for x in linking.memories_for(graph, code["src/auth.py"])] == [":constraint/f"]
    assert linking.memories_for(graph, ":function/nothing-here") == []


def test_autolink_can_be_switched_off(graph, code, monkeypatch):
    monkeypatch.setenv("LORE_AUTOLINK", "0")
    write(graph, '[[:decision/off :description "validate_token"]]')
    assert links(graph) == {}
    monkeypatch.delenv("LORE_AUTOLINK")
    linking.set_autolink(False)
    try:
        write(graph, '[[:decision/off2 :description "validate_token"]]')
        assert links(graph) == {}
    finally:
        linking.set_autolink(None)
    graph.autolink = False
    write(graph, '[[:decision/off3 :description "validate_token"]]')
    assert links(graph) == {}
    graph.autolink = True
    write(graph, '[[:decision/on :description "validate_token"]]')
    assert {m for m, _ in links(graph)} == {":decision/off", ":decision/off2", ":decision/off3", ":decision/on"}


def test_linking_never_fails_a_write(graph, code, caplog):
    # A hostile index table (wrong shape) makes the derivation fail; the write stands, the error is logged.
    graph.con.execute("DROP TABLE mem_index_state")
    graph.con.execute("CREATE TABLE mem_index_state (oops INTEGER)")
    with caplog.at_level(logging.ERROR, logger="lore"):
        r = write(graph, '[[:decision/kept :description "validate_token"]]')
    assert graph.con.execute("SELECT count(*) FROM facts WHERE e = ':decision/kept'").fetchone()[0] == 1
    assert r.tx == graph.last_tx()[0]
    assert any("link" in rec.getMessage() or "index" in rec.getMessage() for rec in caplog.records)


def test_other_rules_rows_are_left_alone(graph, code):
    tx_rows = [(graph.allocate_ids(1), ":decision/x", ":relates-to", "k", code["login"], None, 0, 2**62,
                None, MAX_TX, True, "someone/else", 0.5, [1])]
    graph.con.execute("BEGIN TRANSACTION")
    tx, _ = graph.begin_tx("other rule", "rule")
    graph.insert_rows([tuple(r[:8]) + (tx,) + tuple(r[9:]) for r in tx_rows])
    graph.con.execute("COMMIT")
    write(graph, '[[:decision/x :description "nothing to link"]]')
    linking.relink_all(graph)
    assert graph.con.execute(f"SELECT count(*) FROM facts WHERE rule = 'someone/else' AND tx_to = {MAX_TX}").fetchone()[0] == 1


def test_link_and_memories_for_operations(graph, code):
    from lore import operations

    remember(graph, '[[:decision/op :description "validate_token is strict"]]')  # written without derivation
    assert operations.run("link", graph, {"all": "yes"})["error"]["code"] == "bad-params"
    r = operations.run("link", graph, {"all": True})
    assert r["ok"] and r["linked"] == 1
    assert operations.run("link", graph, {})["linked"] == 0  # nothing changed since
    for bad in ({}, {"entity": 5}, {"entity": "  "}):
        assert operations.run("memoriesFor", graph, bad)["error"]["code"] == "bad-params"
    r = operations.run("memoriesFor", graph, {"entity": code["validate_token"]})
    assert [m["entity"] for m in r["memories"]] == [":decision/op"]
    assert operations.run("memoriesFor", graph, {"entity": "'; DROP TABLE facts; --"})["memories"] == []


def test_memories_for_includes_user_relations_and_drops_ended_ones(graph, code):
    from lore.store.txdata import parse_tx

    target = code["login"]
    write(graph, f'[[:constraint/c :description "login is rate limited"] [:constraint/c :governs {target}]'
                 f' [:decision/old :description "login via LDAP"] [:decision/old :relates-to {target}]]')
    graph.transact(parse_tx(f'[[:db/retract :decision/old :relates-to {target}]]'), reason="ended", source="cli")
    linking.derive_links(graph)
    got = {m["entity"]: m for m in linking.memories_for(graph, target)}
    assert got[":constraint/c"]["relation"] == ":governs" and got[":constraint/c"]["relevance"] == 1.0
    assert got[":constraint/c"]["rule"] is None and got[":constraint/c"]["inferred"] is False
    # Its relation was retracted, and "login" in prose is not a code mention: nothing links it any more.
    assert ":decision/old" not in got


def _as_tuples(found):
    return {k: (x.rule, x.relevance, sorted(x.provenance), x.vf, x.vt) for k, x in found.items()}


@pytest.mark.parametrize("few", [0, linking.FEW_MEMORY_ROWS])
def test_links_to_some_targets_are_every_memorys_links_to_them(graph, code, monkeypatch, few):
    """links_to reads only the memory rows that name a target (through the index's postings) and gives
    exactly what linking every memory gives for those targets: names, dotted names, module.function, paths,
    file names, renames, words the index drops (stop words, one-letter file names), text past the tokenized
    length, names the postings cannot hold. (few=0: the memories are found through the postings however few
    they are; otherwise a graph this small reads them all.)"""
    from lore.memory import index

    monkeypatch.setattr(linking, "FEW_MEMORY_ROWS", few)
    more = add_code(graph, "src/b.py", [("function", "each", 2), ("function", "load_users", 4),
                                        ("function", "fetch_users", 6), ("function", "$wrap_it", 8)])
    more.update(add_code(graph, "src/-odd.py"))
    from lore.store.txdata import parse_tx
    graph.transact(parse_tx(f'[[{more["load_users"]} :renamed-to {more["fetch_users"]}]]'), reason="rename",
                   source="ingest")
    remove_entity(graph, more["load_users"])
    padding = "lorem ipsum " * (index.TOKENIZE_CHARS // 10)
    write(graph, '[[:decision/n :description "validate_token must check expiry; TokenCache.evict runs hourly"]'
                 ' [:decision/q :description "auth.validate_token rejects expired tokens"]'
                 ' [:decision/f :file "src/auth.py"] [:decision/p :description "see ./src/a.py:3 and other.py"]'
                 ' [:decision/s :description "call each() on every row; `$wrap_it` wraps; see b.py"]'
                 ' [:decision/r :description "load_users must page through results"]'
                 ' [:decision/o :description "the -odd.py module"]'
                 f' [:decision/long :description "{padding} validate_token_v2 at the end"]'
                 ' [:decision/none :description "nothing here names the code"]]')
    linking.derive_links(graph)
    every = linking.compute_links(graph, None)
    total = len(linking.memory_state(graph, None)[0])
    all_targets = sorted(set(code.values()) | set(more.values()))
    for targets in [[t] for t in all_targets] + [all_targets]:
        got, read = linking.links_to(graph, targets)
        want = {k: v for k, v in every.items() if k[1] in set(targets)}
        assert _as_tuples(got) == _as_tuples(want), targets
        if len(targets) == 1 and targets[0] == code["login"]:
            # through the postings: only the rows naming it (none) and the one past the tokenized length
            assert read == (1 if few == 0 else total)
    # Every case above links somewhere (so the comparison compares something).
    linked = {m for m, _ in every}
    assert {":decision/n", ":decision/q", ":decision/f", ":decision/p", ":decision/s", ":decision/r",
            ":decision/o", ":decision/long"} <= linked and ":decision/none" not in linked
    assert (":decision/r", more["fetch_users"]) in every and (":decision/s", more["each"]) in every
    assert (":decision/long", code["validate_token_v2"]) in every


def test_preview_links_reads_only_rows_naming_the_targets(graph, code, monkeypatch):
    from lore import operations

    monkeypatch.setattr(linking, "FEW_MEMORY_ROWS", 0)
    write(graph, '[[:decision/n :description "validate_token must check expiry"]'
                 ' [:decision/m :description "login happens once"] [:decision/x :description "unrelated text"]]')
    reply = operations.run("previewLinks", graph, {"targets": [code["validate_token"]]})
    assert reply["ok"] and [(lk["memory"], lk["code"]) for lk in reply["links"]] == [
        (":decision/n", code["validate_token"])]
    assert reply["rowsRead"] == 1
    bad = operations.run("previewLinks", graph, {"targets": "validate_token"})
    assert not bad["ok"] and bad["error"]["code"] == "bad-params"


def _current_links(graph):
    return {(e, v): (rule, round(conf, 9), sorted(prov or []), vf, vt) for e, v, rule, conf, prov, vf, vt in
            graph.con.execute(f"SELECT e, v, rule, confidence, provenance, valid_from, valid_to FROM facts "
                              f"WHERE inferred AND a = ':relates-to' AND tx_to = {MAX_TX}").fetchall()}


def _every_memorys_links(graph):
    return {k: (x.rule, round(x.relevance, 9), sorted(x.provenance), x.vf, x.vt)
            for k, x in linking.compute_links(graph, None).items()}


def test_a_code_change_relinks_only_the_memories_near_it(graph, code):
    """After an ingest only the memories that name the changed code, or link to it, are re-linked; the
    links are still every memory's links: a definition added under a linked name (the count moves), one
    past MAX_DEFINITIONS removed (links appear), a rename, a removal, a new module a file name now names."""
    for i in range(linking.MAX_DEFINITIONS + 1):
        add_code(graph, f"src/p{i}.py", [("function", "setup_plugin", 1)])
    write(graph, '[[:decision/v :description "validate_token must check expiry"]'
                 ' [:decision/plug :description "setup_plugin runs once"]'
                 ' [:decision/ren :description "load_users must page through results"]'
                 ' [:decision/file :description "keep it in newmod.py"]'
                 ' [:decision/far :description "TokenCache.evict runs hourly"]]')
    for i in range(30):
        write(graph, f'[[:decision/other-{i} :description "login flows number {i} and cache() calls"]]')
    old = add_code(graph, "src/users.py", [("function", "load_users", 3)])
    r = linking.derive_links(graph)
    assert _current_links(graph) == _every_memorys_links(graph)
    assert (":decision/ren", old["load_users"]) in _current_links(graph)

    steps = []
    # A second validate_token: decision/v's link weakens (a bare name defined twice).
    steps.append(lambda: add_code(graph, "src/more.py", [("function", "validate_token", 1)]))
    # One setup_plugin fewer: 25 definitions, so decision/plug links to each now.
    steps.append(lambda: remove_entity(graph, ":function/src-p0-py-setup-plugin"))
    # load_users renamed: decision/ren follows it.
    def rename():
        from lore.store.txdata import parse_tx
        new = add_code(graph, "src/users.py", [("function", "fetch_users", 3)])
        graph.transact(parse_tx(f'[[{old["load_users"]} :renamed-to {new["fetch_users"]}]]'), reason="rename",
                       source="ingest")
        remove_entity(graph, old["load_users"])
    steps.append(rename)
    steps.append(lambda: add_code(graph, "lib/newmod.py"))
    steps.append(lambda: remove_entity(graph, code["validate_token"]))
    total = len({e for _, e, *_ in linking.memory_state(graph, None)[0]})
    for step in steps:
        step()
        r = linking.derive_links(graph)
        assert _current_links(graph) == _every_memorys_links(graph)
        assert 0 <= r["memories"] < total  # not every memory (the 30 others name none of it)
    got = _current_links(graph)
    assert any(m == ":decision/plug" for m, _ in got)
    assert (":decision/ren", ":function/src-users-py-fetch-users") in got
    assert (":decision/file", ":module/lib-newmod-py") in got
    assert not any(t == code["validate_token"] for _, t in got)


def test_renames_that_meet_carry_every_memory_to_the_living_code(graph):
    """Two definitions renamed into one (a.f -> c.f and b.g -> c.f), that one renamed on (c.f -> d.f), and
    an old name whose chain passes through another old name a memory names (e.h -> a.f): the living
    definition carries the memories of every old name, not of whichever chain was followed first."""
    from lore.store.txdata import parse_tx

    a = add_code(graph, "src/a.py", [("function", "first_name", 1)])
    b = add_code(graph, "src/b.py", [("function", "second_name", 1)])
    e = add_code(graph, "src/e.py", [("function", "oldest_name", 1)])
    write(graph, '[[:decision/a :description "first_name must stay pure"]'
                 ' [:decision/b :description "second_name logs nothing"]'
                 ' [:decision/e :description "oldest_name is deprecated"]]')
    c = add_code(graph, "src/c.py", [("function", "merged_name", 1)])
    d = add_code(graph, "src/d.py", [("function", "final_name", 1)])
    graph.transact(parse_tx(f'[[{a["first_name"]} :renamed-to {c["merged_name"]}]'
                            f' [{b["second_name"]} :renamed-to {c["merged_name"]}]'
                            f' [{c["merged_name"]} :renamed-to {d["final_name"]}]'
                            f' [{e["oldest_name"]} :renamed-to {a["first_name"]}]]'),
                   reason="renames", source="ingest")
    for ident in (a["first_name"], b["second_name"], c["merged_name"], e["oldest_name"]):
        remove_entity(graph, ident)
    linking.derive_links(graph)
    got = {(m, t) for m, t in links(graph)}
    assert got == {(":decision/a", d["final_name"]), (":decision/b", d["final_name"]),
                   (":decision/e", d["final_name"])}
    assert _current_links(graph) == _every_memorys_links(graph)


def test_a_typescript_arrow_function_property_links_by_its_qualified_name(cli, tmp_path):
    """hono's Context.json is ``json: JSONRespond = (…) => …``, a field to the extractor and a method to
    everyone: a constraint naming ``Context.json`` linked only the file before (user trial 12), so the
    hover on ``json`` did not show it. A field's bare name (``json``) still links nothing."""
    from gitrepo import commit_files

    repo = commit_files(tmp_path / "tsproj", {"src/context.ts": (
        "export class Context {\n  status = 200\n  json = (object: unknown): Response => {\n"
        "    return new Response(JSON.stringify(object))\n  }\n  text(s: string): Response {\n"
        "    return new Response(s)\n  }\n}\n")}, "context")
    cli = cli.ingest_in(repo)
    code, reply, err, _ = cli.run(
        "transact", '[[:constraint/json-frozen :description "Context.json keeps its signature until the next '
        'major; Context.text too"] [:preference/terse :description "prefer json over status codes"]]',
        "--reason", "API freeze")
    assert code == 0 and reply["ok"], err

    assert cli_linked(cli, ":constraint/json-frozen") == [":field/src-context-ts-context-json",
                                                 ":function/src-context-ts-context-text"]
    assert cli_linked(cli, ":preference/terse") == []


def test_a_ruby_scope_path_links_like_a_dotted_name(cli, tmp_path):
    """Ruby (and Rust, C++, PHP) write ``Shop::Cart`` for what the extractor qualifies as ``Shop.Cart``: a
    decision naming ``Shop::Cart`` linked nothing before (user trial 13, sinatra's ``Sinatra::Base``), since
    ``Shop`` and ``Cart`` alone are plain words. ``Shop::Cart.total`` links the method."""
    from gitrepo import commit_files

    repo = commit_files(tmp_path / "rbproj", {"lib/shop.rb": (
        "module Shop\n  class Cart\n    def total\n      42\n    end\n  end\n\n  class Order\n  end\nend\n")}, "shop")
    cli = cli.ingest_in(repo)
    code, reply, err, _ = cli.run(
        "transact", '[[:decision/cents :description "Shop::Cart keeps prices in integer cents"] '
        '[:decision/sum :description "Shop::Cart.total sums line items without rounding"] '
        '[:preference/prose :description "a shop cart order is a plain phrase"]]', "--reason", "money")
    assert code == 0 and reply["ok"], err

    assert cli_linked(cli, ":decision/cents") == [":class/lib-shop-rb-shop-cart"]
    assert ":function/lib-shop-rb-shop-cart-total" in cli_linked(cli, ":decision/sum")
    assert cli_linked(cli, ":preference/prose") == []


def test_a_graph_linked_by_an_older_reading_is_relinked_once(cli, tmp_path):
    """What a memory's text links changes between versions (scope paths, !/? methods, Javadoc members): a graph
    linked by an older Lore kept the older links, since only memories and code that changed are re-linked. A
    graph whose links were written under the older mark (``link``) is re-linked whole at its next prepare-turn."""
    import duckdb

    from gitrepo import commit_files

    repo = commit_files(tmp_path / "rbproj", {"lib/shop.rb": "module Shop\n  class Cart\n  end\nend\n"}, "shop")
    cli = cli.ingest_in(repo)
    code, reply, err, _ = cli.run("transact", '[[:decision/cents :description "Shop::Cart keeps prices in cents"]]',
                                  "--reason", "money")
    assert code == 0 and reply["ok"], err
    assert cli_linked(cli, ":decision/cents") == [":class/lib-shop-rb-shop-cart"]
    # as an older Lore that read no scope path left it: no link, and every tx marked linked under the old name
    con = duckdb.connect(str(cli.graph))
    (cur,) = con.execute("SELECT max(tx) FROM tx").fetchone()
    for table in ("facts", "mem_inferred"):  # the row and the index's copy of it, as if never written
        con.execute(f"DELETE FROM {table} WHERE a = ':relates-to' AND e = ':decision/cents'")
    con.execute("DELETE FROM mem_index_state WHERE key LIKE 'link%'")
    con.execute("INSERT INTO mem_index_state VALUES ('link', ?)", [cur])
    con.close()
    assert cli_linked(cli, ":decision/cents") == []

    code, reply, err, _ = cli.run("prepare-turn", "how are cart prices kept?")
    assert code == 0 and reply["ok"], err
    assert cli_linked(cli, ":decision/cents") == [":class/lib-shop-rb-shop-cart"]
    # and once only: the next prepare-turn writes nothing
    (before,) = duckdb.connect(str(cli.graph), read_only=True).execute("SELECT max(tx) FROM tx").fetchone()
    code, reply, err, _ = cli.run("prepare-turn", "how are cart prices kept?")
    assert code == 0 and reply["ok"], err
    (after,) = duckdb.connect(str(cli.graph), read_only=True).execute("SELECT max(tx) FROM tx").fetchone()
    assert after == before


def test_a_javadoc_member_reference_links_that_member_only(cli, tmp_path):
    """Java and Kotlin people write a member as Javadoc does, ``HttpServiceMethod#parseAnnotations``. Before, the
    ``#`` split it in two names: the class, its constructor and every ``parseAnnotations`` of the code were
    linked by the bare name, the one meant among them at the same weak confidence (user trial 14, square/retrofit:
    five links where ``HttpServiceMethod.parseAnnotations`` gives one). ``#123`` and ``C#`` stay prose."""
    from gitrepo import commit_files

    repo = commit_files(tmp_path / "jvproj", {
        "src/main/java/retrofit2/HttpServiceMethod.java": (
            "package retrofit2;\n\nabstract class HttpServiceMethod {\n  HttpServiceMethod() {}\n\n"
            "  static HttpServiceMethod parseAnnotations(Object retrofit) {\n    return null;\n  }\n}\n"),
        "src/main/java/retrofit2/RequestFactory.java": (
            "package retrofit2;\n\nfinal class RequestFactory {\n"
            "  static RequestFactory parseAnnotations(Object retrofit) {\n    return null;\n  }\n}\n")}, "retrofit")
    cli = cli.ingest_in(repo)
    code, reply, err, _ = cli.run(
        "transact", '[[:constraint/pkg-private :description "retrofit2.HttpServiceMethod#parseAnnotations must stay '
        'package-private"] [:decision/csharp :description "the C# client tracks issue #1234 and PR#12"]]',
        "--reason", "API")
    assert code == 0 and reply["ok"], err

    assert cli_linked(cli, ":constraint/pkg-private") == [
        ":function/src-main-java-retrofit2-httpservicemethod-java-httpservicemethod-parseannotations"]
    assert cli_linked(cli, ":decision/csharp") == []


def test_a_class_named_bare_links_the_class_not_also_its_constructor(cli, tmp_path):
    """Java names a constructor as its class: "HttpServiceMethod" linked both the class and
    ``HttpServiceMethod.HttpServiceMethod``, each at half a bare name's weight, and "the Builder class" every
    ``Builder.Builder`` beside every ``Builder`` (user trial 14, square/retrofit). A method that only shares the
    name elsewhere still counts."""
    from gitrepo import commit_files

    repo = commit_files(tmp_path / "jvproj", {
        "src/main/java/retrofit2/HttpServiceMethod.java": (
            "package retrofit2;\n\nabstract class HttpServiceMethod {\n  HttpServiceMethod() {}\n}\n"),
        "src/main/java/retrofit2/Retrofit.java": (
            "package retrofit2;\n\npublic final class Retrofit {\n  public static final class Builder {\n"
            "    public Builder() {}\n  }\n}\n"),
        "src/main/java/retrofit2/Factory.java": (
            "package retrofit2;\n\nfinal class Factory {\n  Object RequestBuilder() {\n    return null;\n  }\n}\n"),
        "src/main/java/retrofit2/RequestBuilder.java": "package retrofit2;\n\nfinal class RequestBuilder {}\n"})
    cli = cli.ingest_in(repo)
    code, reply, err, _ = cli.run(
        "transact", '[[:constraint/adapt :description "HttpServiceMethod adapts one call per service method"] '
        '[:constraint/builder :description "no new public methods in the Builder class without an API review"] '
        '[:decision/rb :description "RequestBuilder stays final"]]', "--reason", "API")
    assert code == 0 and reply["ok"], err

    def linked(memory: str) -> list[tuple[str, float]]:
        code, reply, err, _ = cli.run("sql", f"SELECT v, confidence FROM facts WHERE e = '{memory}' AND "
                                      "a = ':relates-to' AND tx_to = 2147483647 ORDER BY v")
        assert code == 0 and reply["ok"], err
        return [(v, c) for v, c in reply["rows"]]

    [(cls, strong)] = linked(":constraint/adapt")
    assert cls == ":class/src-main-java-retrofit2-httpservicemethod-java-httpservicemethod"
    assert [v for v, _ in linked(":constraint/builder")] == [
        ":class/src-main-java-retrofit2-retrofit-java-retrofit-builder"]
    # Factory.RequestBuilder is a method of another class, not a constructor: both are named
    rb = linked(":decision/rb")
    assert [v for v, _ in rb] == [":class/src-main-java-retrofit2-requestbuilder-java-requestbuilder",
                                  ":function/src-main-java-retrofit2-factory-java-factory-requestbuilder"]
    assert strong > rb[0][1]


def test_ruby_bang_and_predicate_methods_link_by_their_whole_name(cli, tmp_path):
    """``Shop::Base.compile!`` and ``Shop::Base.valid?`` name Ruby methods whose names end in ``!`` and ``?``: they
    linked nothing before (the name stopped at ``compile``, which no definition is called; user trial 13). A
    sentence's ``?`` after a bare word is still the sentence's, and a qualified name before one still links."""
    from gitrepo import commit_files

    repo = commit_files(tmp_path / "rbproj", {"lib/shop.rb": (
        "module Shop\n  class Base\n    def compile!(x)\n      x + 1\n    end\n\n    def valid?(y)\n      y\n"
        "    end\n\n    def total\n      3\n    end\n  end\nend\n")}, "shop")
    cli = cli.ingest_in(repo)
    code, reply, err, _ = cli.run(
        "transact", '[[:constraint/c1 :description "Shop::Base.compile! must keep adding one"] '
        '[:constraint/c2 :description "Shop::Base.valid? passes y through"] '
        '[:decision/q :description "does anything still call Base.total?"] '
        '[:preference/p :description "is the order valid? ask first"]]', "--reason", "shop")
    assert code == 0 and reply["ok"], err

    assert cli_linked(cli, ":constraint/c1") == [":function/lib-shop-rb-shop-base-compile"]
    assert cli_linked(cli, ":constraint/c2") == [":function/lib-shop-rb-shop-base-valid"]
    assert cli_linked(cli, ":decision/q") == [":function/lib-shop-rb-shop-base-total"]
    assert cli_linked(cli, ":preference/p") == []
