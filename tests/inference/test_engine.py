"""Truth maintenance and the run discipline: only affected rules run, never on their own writes, nothing
written when nothing changed, confidence and valid time from the inputs, workspace rules come and go."""

from __future__ import annotations

import json
import time

import pytest

from lore.inference.engine import Engine, prune
from lore.inference.ops import derivation
from lore.store.graph import MAX_TX


def test_irrelevant_write_runs_nothing(g):
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]")
    before = g.last_tx()
    tx = g.write("[[:decision/x :description \"no rule reads descriptions of decisions alone\"]]")
    assert g.last_tx() == tx == before + 1  # no rule transaction followed


def test_own_writes_never_retrigger_and_rerun_writes_nothing(g):
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]")
    last = g.last_tx()
    report = g.run()
    assert report.rules_run == [] and report.txs == [] and g.last_tx() == last
    full = g.run(full=True)
    assert len(full.rules_run) >= 11 and full.txs == [] and g.last_tx() == last  # same conclusions: no tx
    assert full.inserted == 0 and full.closed == 0


def test_only_affected_rules_run(g):
    g.run()
    rep = Engine(g.graph).run(touched={":timeout-ms"})
    assert rep.rules_run == ["timeout_conflict"]


def test_rule_transactions_are_source_rule_and_inferred_rows_marked(g):
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]")
    rows = g.sql("SELECT t.source, t.reason, f.inferred, f.rule FROM facts f JOIN tx t ON t.tx = f.tx_from "
                 "WHERE f.rule = 'transitive_depends_on'")
    assert rows and all(r[0] == "rule" and r[2] and r[1].startswith("inference:") for r in rows)


def test_confidence_scales_with_the_inputs(g):
    # A link found by the linker (another engineer's rule) with relevance 0.5 feeds stale_decision.
    g.write("[[:decision/jwt :description \"JWT\"] [:commit/c1 :date \"2099-01-01T00:00:00Z\"] "
            "[:function/src-a-py-f :modified-in :commit/c1]]")
    con = g.graph.con
    with g.graph.lock:
        con.execute("BEGIN TRANSACTION")
        tx, _ = g.graph.begin_tx("link", "rule")
        rid = g.graph.allocate_ids(1)
        g.graph.insert_rows([(rid, ":decision/jwt", ":relates-to", "k", ":function/src-a-py-f", None,
                              time.time_ns() // 1000 - 10, 2**62, tx, MAX_TX, True, "link/name", 0.5, [])])
        con.execute("COMMIT")
    g.run()
    [w] = [w for w in g.warnings(threshold=0.0) if w["rule"] == "stale_decision"]
    assert w["confidence"] == pytest.approx(0.8 * (0.5 + 1 + 1) / 3, abs=1e-4)
    # the other rule's rows are never touched
    assert g.sql("SELECT tx_to FROM facts WHERE rule = 'link/name'")[0][0] == MAX_TX


def test_valid_time_of_a_conclusion_is_the_common_time_of_its_inputs(g):
    g.write("[[:service/a :depends-on :service/b]]", validFrom="2020-01-01")
    g.write("[[:service/b :depends-on :service/c]]", validFrom="2022-06-01", validTo="2099-01-01")
    [row] = g.rows("transitive_depends_on")
    from lore.timeutil import parse_instant
    assert row[6] == parse_instant("2022-06-01") and row[7] == parse_instant("2099-01-01")


def test_input_ending_in_valid_time_closes_nothing_in_the_past(g):
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]")
    mid = g.last_tx()
    g.retract("[[:service/b :depends-on :service/c]]")
    # the conclusion is closed in transaction time only: as of `mid` it was believed
    assert g.inferred("transitive_depends_on", as_of=mid)
    assert g.inferred("transitive_depends_on") == {}
    assert g.sql("SELECT count(*) FROM facts WHERE rule = 'transitive_depends_on'")[0][0] == 1  # nothing deleted


WS_RULE = """-- name: team_on_call
-- description: whoever is on call and owns a service handles its incidents (seed 002's custom rule)
-- kind: fact
-- derives: :handles-incidents-for
-- reads: :on-call :owned-by
-- confidence: 0.9
-- message: {{e}} is on call and owns {{v}}
SELECT o.target AS e, o.e AS v, [o.id, c.id] AS provenance
  FROM refs_now o JOIN asserted_now c ON c.e = o.target AND c.a = ':on-call' AND c.v = 'true'
 WHERE o.a = ':owned-by'
"""


def test_workspace_rule_added_edited_removed(g, tmp_path):
    folder = tmp_path / ".lore" / "rules"
    folder.mkdir(parents=True)
    g.run()  # the built-ins have run once
    g.write("[[:person/ana :on-call true] [:service/api :owned-by :person/ana]]")
    assert g.inferred("team_on_call") == {}
    (folder / "team_on_call.sql").write_text(WS_RULE)
    rep = g.run()
    assert rep.rules_run == ["team_on_call"]
    assert g.inferred("team_on_call") == {(":person/ana", ":service/api"): 0.9}
    (folder / "team_on_call.sql").write_text(WS_RULE.replace("confidence: 0.9", "confidence: 0.7"))
    g.run()
    assert g.inferred("team_on_call") == {(":person/ana", ":service/api"): 0.7}
    (folder / "team_on_call.sql").unlink()
    g.run()
    assert g.inferred("team_on_call") == {}


def test_workspace_rule_reads_a_builtin_conclusion_in_the_same_run(g, tmp_path):
    folder = tmp_path / ".lore" / "rules"
    folder.mkdir(parents=True)
    (folder / "deep.sql").write_text("""-- name: deep_dependency
-- kind: warning
-- reads: :depends-on
-- message: {{entity}} reaches {{target}} only indirectly
SELECT e AS entity, v AS target, [id] AS provenance FROM facts_now
 WHERE a = ':depends-on' AND inferred AND rule = 'transitive_depends_on' AND confidence >= 0.5
""")
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]")
    ws = [w for w in g.warnings() if w["rule"] == "deep_dependency"]
    assert [w["message"] for w in ws] == [":service/a reaches :service/c only indirectly"]
    # the conclusion's confidence (0.5) scales the warning's
    assert ws[0]["confidence"] == 0.5


def test_broken_workspace_rules_are_reported_never_fatal(g, tmp_path):
    folder = tmp_path / ".lore" / "rules"
    folder.mkdir(parents=True)
    (folder / "a_bad_header.sql").write_text("-- name: Bad Name\n-- kind: fact\nSELECT 1")
    (folder / "b_bad_sql.sql").write_text("-- name: bad_sql\n-- kind: fact\n-- derives: :x\n-- reads: :y\n"
                                          "SELECT e, v, provenance FROM no_such_table")
    (folder / "c_write.sql").write_text("-- name: sneaky\n-- kind: fact\n-- derives: :x\n-- reads: :y\n"
                                        "DELETE FROM facts")
    (folder / "d_two.sql").write_text("-- name: two\n-- kind: fact\n-- derives: :x\n-- reads: :y\n"
                                      "SELECT 1 AS e, 2 AS v, [] AS provenance; DROP TABLE facts")
    (folder / "e_file.sql").write_text("-- name: reads_files\n-- kind: fact\n-- derives: :x\n-- reads: :y\n"
                                       "SELECT column0 AS e, column0 AS v, [] AS provenance "
                                       "FROM read_csv('/etc/passwd')")
    (folder / "f_columns.sql").write_text("-- name: no_provenance\n-- kind: fact\n-- derives: :x\n"
                                          "-- reads: :y\nSELECT 'a' AS e, 'b' AS v")
    (folder / "g_binary.sql").write_bytes(b"\xff\xfe-- name: x\n")
    (folder / "h_dup.sql").write_text("-- name: timeout_conflict\n-- kind: fact\n-- derives: :x\n-- reads: :y\n"
                                      "SELECT 'a' AS e, 'b' AS v, [] AS provenance")
    (folder / "i_warning.sql").write_text("-- name: derive_warning\n-- kind: fact\n-- derives: :lore/warning\n"
                                          "-- reads: :y\nSELECT 'a' AS e, 'b' AS v, [] AS provenance")
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]")
    rep = g.run(full=True)
    codes = {e.path.rsplit("/", 1)[-1]: e.code for e in rep.errors}
    assert set(codes) == {"a_bad_header.sql", "b_bad_sql.sql", "c_write.sql", "d_two.sql", "e_file.sql",
                          "f_columns.sql", "g_binary.sql", "h_dup.sql", "i_warning.sql"}
    assert codes["c_write.sql"] in ("rule-not-select", "rule-sql-syntax", "rule-sql")
    assert codes["f_columns.sql"] == "rule-columns"
    assert codes["h_dup.sql"] == "rule-duplicate"
    # the built-ins still ran, the graph is intact
    assert g.inferred("transitive_depends_on") == {(":service/a", ":service/c"): 0.5}
    assert g.sql("SELECT count(*) FROM facts WHERE NOT inferred")[0][0] == 2


def test_a_checked_rule_is_remembered_by_its_text_and_an_edit_is_checked_again(g, tmp_path, monkeypatch):
    from lore.inference import engine

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / ".lore" / "rules"
    folder.mkdir(parents=True)
    head = "-- name: mine\n-- kind: fact\n-- derives: :x\n-- reads: :y\n"
    benign = "SELECT 'a' AS e, 'b' AS v, [] AS provenance"
    (folder / "mine.sql").write_text(head + benign)
    g.write("[[:thing/a :y :thing/b]]")
    assert g.run(full=True).errors == []
    cache = tmp_path / "cache" / "lore" / engine.CHECKED_FILE
    remembered = json.loads(cache.read_text())
    assert remembered[engine._checked_key("fact", benign)] == ["e", "v", "provenance"]
    assert oct(cache.stat().st_mode & 0o777) == "0o600"
    # the same file, now reading a file: its text is new, so it is parsed and refused (the benign text stays
    # remembered, a new process reads the record and still refuses the edit)
    hostile = "SELECT column0 AS e, column0 AS v, [] AS provenance FROM read_csv('/etc/passwd')"
    (folder / "mine.sql").write_text(head + hostile)
    for _ in range(2):
        codes = [e.code for e in Engine(g.graph).run(full=True).errors]
        assert codes == ["sql-file-access"]
        assert engine._checked_key("fact", hostile) not in json.loads(cache.read_text())
    (folder / "mine.sql").write_text(head + benign)
    assert Engine(g.graph).run(full=True).errors == []


def test_runaway_recursion_in_a_workspace_rule_is_stopped(g, tmp_path):
    g.write("[[:thing/a :y :thing/b] [:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]")
    folder = tmp_path / ".lore" / "rules"
    folder.mkdir(parents=True)
    (folder / "boom.sql").write_text(
        "-- name: boom\n-- kind: fact\n-- derives: :x\n-- reads: :y\n"
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
        "SELECT 'a' AS e, CAST(n AS VARCHAR) AS v, [] AS provenance FROM r WHERE n < 0")
    # A limit the built-in rules meet even on a loaded machine; the runaway one never ends without it.
    rep = Engine(g.graph, rule_timeout=3.0).run(full=True)
    assert [e.code for e in rep.errors] == ["rule-timeout"]
    assert g.inferred("transitive_depends_on") == {(":service/a", ":service/c"): 0.5}


def test_a_built_in_rule_that_failed_is_reported_until_it_runs_again(g):
    """A built-in rule that fails (a timeout on a big graph: attack round 6's long imports stopped
    rejected_dependency) is not quarantined, it is tried at every run; but `lore warnings` said
    "rule_errors": [] and the failure was only on stderr, so a user or CI trusted warnings that were missing."""
    from lore import operations
    from lore.inference.engine import rule_errors

    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]")
    rep = Engine(g.graph, rule_timeout=0.0001).run(full=True)  # too short for any query to finish
    failed = {e.path for e in rep.errors if e.code == "rule-timeout"}
    assert failed, rep.errors
    reply = operations.run("warnings", g.graph, {"catchUp": False})
    assert {e["file"] for e in reply["rule_errors"]} >= failed, reply["rule_errors"]
    assert all("last run" in e["message"] for e in reply["rule_errors"] if e["file"] in failed)
    assert Engine(g.graph).run(full=True).errors == []  # they run again, and are no longer reported
    assert rule_errors(g.graph) == []


def test_datalog_rule_files(g, tmp_path):
    folder = tmp_path / ".lore" / "rules"
    folder.mkdir(parents=True)
    (folder / "on_call.dl").write_text(
        ";; name: team_on_call_dl\n;; kind: fact\n;; derives: :handles-incidents-for\n"
        ";; reads: :on-call :owned-by\n;; confidence: 0.9\n"
        "[(on-call-owner ?p ?s) [?p :on-call true] [?s :owned-by ?p]]\n")
    (folder / "unowned.dl").write_text(
        ";; name: unowned_service\n;; kind: warning\n;; reads: :owned-by :entity-type\n"
        ";; goal: (unowned ?entity)\n;; message: {{entity}} has no owner\n"
        "[(unowned ?s) [?s :entity-type :type/service] (not [?s :owned-by _])]\n")
    (folder / "broken.dl").write_text(";; name: broken_dl\n;; kind: fact\n;; derives: :x\n;; reads: :y\n"
                                      "[(oops ?a ?b) [?a :y ?b]\n")
    g.write("[[:person/ana :on-call true] [:service/api :owned-by :person/ana] "
            "[:service/api :entity-type :type/service] [:service/web :entity-type :type/service]]")
    rep = g.run(full=True)
    assert [e.path.rsplit("/", 1)[-1] for e in rep.errors] == ["broken.dl"]
    assert rep.errors[0].code == "rule-datalog"
    assert g.inferred("team_on_call_dl") == {(":person/ana", ":service/api"): 0.9}
    rows = g.sql("SELECT vt FROM facts WHERE rule = 'team_on_call_dl'")
    assert rows == [("k",)]
    assert [w["message"] for w in g.warnings() if w["rule"] == "unowned_service"] == [":service/web has no owner"]
    # retraction: the conclusion goes, an as-of still sees it
    before = g.last_tx()
    g.retract("[[:person/ana :on-call true]]")
    assert g.inferred("team_on_call_dl") == {}
    assert g.inferred("team_on_call_dl", as_of=before)
    # stable while nothing changes
    assert g.run(full=True).txs == []


def test_prune_closes_old_low_confidence_and_they_stay_pruned(g):
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c] "
            "[:service/c :depends-on :service/d]]")
    assert (":service/a", ":service/d") in g.inferred("transitive_depends_on")  # confidence 1/3
    assert prune(g.graph, below=0.4, older_than_days=30) == 0  # not old yet
    future = time.time_ns() // 1000 + 31 * 86_400 * 1_000_000
    assert prune(g.graph, below=0.4, older_than_days=30, now_us=future) == 1
    assert (":service/a", ":service/d") not in g.inferred("transitive_depends_on")
    g.run(full=True)
    assert (":service/a", ":service/d") not in g.inferred("transitive_depends_on")
    # new evidence (a different chain) brings it back
    g.write("[[:service/a :depends-on :service/x] [:service/x :depends-on :service/d]]")
    assert g.inferred("transitive_depends_on")[(":service/a", ":service/d")] == 0.5


def test_derivation_ignores_a_write_without_touched_pairs(g):
    from lore.store.graph import TxResult

    derivation(g.graph, TxResult(1, 0, 0, 0, []))
    assert g.last_tx() == 0


def test_runs_prune_at_most_once_a_day(g, tmp_path):
    from lore.inference.engine import META_PRUNED

    folder = tmp_path / ".lore" / "rules"
    folder.mkdir(parents=True)
    (folder / "weak.sql").write_text("-- name: weak_guess\n-- kind: fact\n-- derives: :maybe-related\n"
                                     "-- reads: :tag\n-- confidence: 0.2\n"
                                     "SELECT e, 's' AS vt, v, [id] AS provenance FROM asserted_now WHERE a = ':tag'")
    g.write("[[:decision/a :tag \"auth\"]]")
    assert g.inferred("weak_guess") == {(":decision/a", "auth"): 0.2}
    assert g.run().pruned == 0  # young
    # Pretend the conclusion and the last cleanup are 40 days old.
    g.sql("UPDATE tx SET instant = instant - 40 * 86400000000 WHERE source = 'rule'")
    g.sql("INSERT OR REPLACE INTO meta VALUES (?, ?)", [META_PRUNED, str(time.time_ns() // 1000 - 2 * 86_400_000_000)])
    rep = g.run()
    assert rep.pruned == 1 and g.inferred("weak_guess") == {}
    g.sql("UPDATE tx SET instant = instant - 40 * 86400000000 WHERE source = 'rule'")
    assert g.run().pruned == 0  # once a day


def test_rows_a_store_would_refuse_are_dropped(g, tmp_path):
    folder = tmp_path / ".lore" / "rules"
    folder.mkdir(parents=True)
    (folder / "junk.sql").write_text(
        "-- name: junk\n-- kind: fact\n-- derives: :junk\n-- reads: :tag\n"
        "SELECT * FROM (VALUES (':ok/a', 'k', ':ok/b', [1]), ('Not An Ident', 'k', ':ok/b', [1]), "
        "(':ok/a', 'k', 'no colon', [1]), (':ok/a', 'x', 'v', [1]), (':ok/a', 'i', '12', [1]), "
        "(':ok/a', 's', 'text', [1])) t(e, vt, v, provenance)")
    g.write("[[:decision/a :tag \"auth\"]]")
    assert g.inferred("junk") == {(":ok/a", ":ok/b"): 1.0, (":ok/a", "text"): 1.0}
