"""`lore query` and `lore rule` through the real command line (SPEC §3)."""

from __future__ import annotations


def test_query_json_and_params(cli):
    rc, out, _, _ = cli.run("transact", '[[:alice :person/name "Alice"] [:bob :person/name "Bob"]]', "--reason", "t")
    assert rc == 0 and out["ok"]
    rc, out, _, _ = cli.run("query", "[:find ?e :in $name :where [?e :person/name $name]]", "--param", 'name="Bob"')
    assert rc == 0 and out == {"ok": True, "variables": ["?e"], "results": [[":bob"]]}
    rc, out, _, _ = cli.run("query", "[:find ?e :in $name :where [?e :person/name $name]]", "--param", '$name="Alice"')
    assert out["results"] == [[":alice"]]


def test_explain_prints_sql(cli):
    cli.run("transact", "[[:a :b 1]]", "--reason", "t")
    rc, out, _, _ = cli.run("query", "[:find ?v :where [:a :b ?v]]", "--explain")
    assert rc == 0 and out["ok"] and "FROM facts" in out["sql"] and "results" not in out
    rc, _, _, text = cli.run("query", "[:find ?v :where [:a :b ?v]]", "--explain", json_out=False)
    assert rc == 0 and text.startswith("SELECT")


def test_human_table(cli):
    cli.run("transact", '[[:a :name "Ann"] [:b :name "Bob"]]', "--reason", "t")
    rc, _, _, text = cli.run("query", "[:find ?e ?n :where [?e :name ?n] :order-by ?n]", json_out=False)
    assert rc == 0
    lines = text.splitlines()
    assert lines[0].split() == ["?e", "?n"] and lines[2].split() == [":a", "Ann"] and "(2 rows)" in text


def test_errors_are_json_with_nonzero_exit(cli):
    rc, out, _, _ = cli.run("query", '[:find ?e :where [?e :d ?v] (contains? ?v "x")]')
    assert rc != 0 and out["ok"] is False and out["error"]["code"] == "predicate-needs-brackets"
    assert out["error"]["position"]["column"] == 29
    rc, out, _, _ = cli.run("query", "[:find ?e :in $n :where [?e :d $n]]", "--param", "nonsense")
    assert rc != 0 and out["error"]["code"] == "usage"
    rc, out, _, _ = cli.run("query", "[:find ?e :where [?e :d ?v]", )
    assert rc != 0 and out["error"]["code"] == "edn-syntax"
    rc, _, err, text = cli.run("query", "[:find ?nope :where [?e :d ?v]]", json_out=False)
    assert rc != 0 and "unknown-variable" in err and text == ""


def test_rule_list_remove(cli):
    cli.run("transact", "[[:a :next :b] [:b :next :c]]", "--reason", "t")
    rc, out, _, _ = cli.run("rule", "[(reach ?x ?y) [?x :next ?y]]")
    assert rc == 0 and out == {"ok": True, "rule": "reach", "added": 1, "bodies": 1}
    rc, out, _, _ = cli.run("rule", "[(reach ?x ?y) [?x :next ?m] (reach ?m ?y)]")
    assert out["bodies"] == 2
    rc, out, _, _ = cli.run("query", "[:find ?y :where (reach :a ?y)]")
    assert sorted(out["results"]) == [[":b"], [":c"]]
    rc, out, _, _ = cli.run("rule", "--list")
    assert rc == 0 and [r["name"] for r in out["rules"] if not r["builtin"]] == ["reach", "reach"]
    rc, out, _, _ = cli.run("rule", "--remove", "reach")
    assert rc == 0 and out["removed"] == 2
    rc, out, _, _ = cli.run("query", "[:find ?y :where (reach :a ?y)]")
    assert rc != 0 and out["error"]["code"] == "unknown-rule"


def test_bad_rule_is_rejected_and_nothing_stored(cli):
    rc, out, _, _ = cli.run("rule", "[(p ?x) [?x :b true] (not (p ?x))]")
    assert rc != 0 and out["error"]["code"] == "negative-cycle"
    rc, out, _, _ = cli.run("rule", "[(p ?x ?y) [?x :b true]]")
    assert rc != 0 and out["error"]["code"] == "unsafe-rule"
    rc, out, _, _ = cli.run("rule", "--list")
    assert all(r["builtin"] for r in out["rules"])
