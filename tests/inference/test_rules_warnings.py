"""The built-in warning rules: what each warns about, what it must not, and its retraction."""

from __future__ import annotations


def by_rule(ws, rule):
    return [w for w in ws if w["rule"] == rule]


# ------------------------------------------------------------ timeout_conflict

def test_timeout_conflict_warns(g):
    g.write("[[:service/api :calls :service/auth] [:service/api :timeout-ms 3000] "
            "[:service/auth :processing-ms 5000]]")
    [w] = by_rule(g.warnings(), "timeout_conflict")
    assert w["entity"] == ":service/api" and w["confidence"] == 0.8 and w["severity"] == "warning"
    assert w["message"] == ":service/api may time out calling :service/auth (3000 ms timeout < 5000 ms processing)"
    assert [r["entity"] for r in w["related"]] == [":service/auth"]
    assert len(w["provenance"]) == 3


def test_timeout_conflict_not_when_timeout_suffices_or_no_call(g):
    g.write("[[:service/api :calls :service/auth] [:service/api :timeout-ms 6000] "
            "[:service/auth :processing-ms 5000] [:service/web :timeout-ms 10] [:service/db :processing-ms 99]]")
    assert by_rule(g.warnings(), "timeout_conflict") == []


def test_timeout_conflict_retraction_and_value_change(g):
    g.write("[[:timeout-ms :db/cardinality :db.cardinality/one]]")
    g.write("[[:service/api :calls :service/auth] [:service/api :timeout-ms 3000] "
            "[:service/auth :processing-ms 5000]]")
    assert by_rule(g.warnings(), "timeout_conflict")
    g.write("[[:service/api :timeout-ms 8000]]")  # cardinality one: replaces 3000
    assert by_rule(g.warnings(), "timeout_conflict") == []
    g.write("[[:service/api :timeout-ms 1000]]")
    assert by_rule(g.warnings(), "timeout_conflict")
    g.retract("[[:service/api :calls :service/auth]]")
    assert by_rule(g.warnings(), "timeout_conflict") == []


# ------------------------------------------------------------ shared_dependency_risk

def test_spof_three_dependents(g):
    g.write("[[:service/a :depends-on :db/main] [:service/b :depends-on :db/main] "
            "[:service/c :depends-on :db/main]]")
    [w] = by_rule(g.warnings(), "shared_dependency_risk")
    assert w["entity"] == ":db/main" and w["confidence"] == 0.75 and w["severity"] == "information"
    assert "3 things depend on it (:service/a, :service/b, :service/c)" in w["message"]


def test_spof_not_for_two_or_for_code_imports(g):
    g.write("[[:service/a :depends-on :db/main] [:service/b :depends-on :db/main] "
            "[:module/x-py :depends-on :module/os] [:module/y-py :depends-on :module/os] "
            "[:module/z-py :depends-on :module/os]]")
    assert by_rule(g.warnings(), "shared_dependency_risk") == []


def test_spof_retraction_keeps_id_while_dependents_change(g):
    g.write("[[:service/a :depends-on :db/main] [:service/b :depends-on :db/main] "
            "[:service/c :depends-on :db/main] [:service/d :depends-on :db/main]]")
    [w1] = by_rule(g.warnings(), "shared_dependency_risk")
    g.retract("[[:service/d :depends-on :db/main]]")
    [w2] = by_rule(g.warnings(), "shared_dependency_risk")
    assert w1["id"] == w2["id"] and "3 things" in w2["message"]
    g.retract("[[:service/c :depends-on :db/main]]")
    assert by_rule(g.warnings(), "shared_dependency_risk") == []


# ------------------------------------------------------------ rejected_dependency

def _code(g):
    g.code_tables()
    g.sql("INSERT INTO code_locations VALUES (':module/src-cache-py', 'src/cache.py', 'module', 'cache', "
          "'cache', 1, 0, 40, 0), (':function/src-cache-py-get', 'src/cache.py', 'function', 'get', 'get', 7, 0, 9, 0)")
    g.sql("INSERT INTO import_locations VALUES (':module/src-cache-py', ':module/redis', 'redis', 'src/cache.py', "
          "3, 0, 3, 12)")
    g.write("[[:module/src-cache-py :entity-type :type/module] [:module/src-cache-py :path \"src/cache.py\"] "
            "[:module/src-cache-py :depends-on :module/redis] [:module/redis :entity-type :type/external-dependency]]",
            source="cli")


def test_rejected_dependency_anchored_on_the_import(g):
    _code(g)
    g.write("[[:decision/no-redis :description \"we chose memcached\"] [:decision/no-redis :rejects :module/redis]]")
    [w] = by_rule(g.warnings(), "rejected_dependency")
    assert w["entity"] == ":module/src-cache-py"
    assert (w["file"], w["line"], w["column"], w["end_line"], w["end_column"]) == ("src/cache.py", 3, 0, 3, 12)
    assert w["anchor"] == {"kind": "import", "name": "redis"}
    assert w["message"] == 'src/cache.py imports redis, which the decision "we chose memcached" rejects'
    assert w["slots"] == {"entity": ":module/src-cache-py", "target": ":module/redis", "memory": ":decision/no-redis",
                          "verb": "rejects", "why": " (we chose memcached)"}
    assert w["related"][0]["entity"] == ":decision/no-redis"
    assert w["related"][0]["message"] == "we chose memcached"
    assert by_rule(g.warnings(file="src/cache.py"), "rejected_dependency")
    assert by_rule(g.warnings(file="src/other.py"), "rejected_dependency") == []


def test_rejected_dependency_forbids(g):
    _code(g)
    g.write("[[:constraint/no-network-cache :forbids :module/redis]]")
    [w] = by_rule(g.warnings(), "rejected_dependency")
    assert "forbids" in w["message"]


def test_rejected_dependency_not_for_other_targets_or_memories(g):
    _code(g)
    g.write("[[:decision/no-kafka :rejects :module/kafka] "
            "[:service/legacy :depends-on :module/redis] [:decision/no-redis :rejects :module/redis-py]]")
    assert by_rule(g.warnings(), "rejected_dependency") == []


def test_rejected_dependency_retraction(g):
    _code(g)
    g.write("[[:decision/no-redis :rejects :module/redis]]")
    assert by_rule(g.warnings(), "rejected_dependency")
    g.retract("[[:decision/no-redis :rejects :module/redis]]")
    assert by_rule(g.warnings(), "rejected_dependency") == []
    g.write("[[:decision/no-redis :rejects :module/redis]]")
    assert by_rule(g.warnings(), "rejected_dependency")
    g.retract("[[:module/src-cache-py :depends-on :module/redis]]")  # the import went away
    assert by_rule(g.warnings(), "rejected_dependency") == []


# ------------------------------------------------------------ stale_decision

def _stale_setup(g, commit_date: str):
    g.code_tables()
    g.sql("INSERT INTO code_locations VALUES (':function/src-auth-py-login', 'src/auth.py', 'function', 'login', "
          "'login', 10, 4, 20, 0)")
    g.write("[[:decision/jwt :description \"sessions use JWT\"] [:decision/jwt :relates-to :function/src-auth-py-login]]")
    g.write(f"[[:commit/abc123abc123 :date #inst \"{commit_date}\"] "
            f"[:function/src-auth-py-login :modified-in :commit/abc123abc123]]")


def test_stale_decision_when_code_changed_after(g):
    _stale_setup(g, "2099-01-01T00:00:00Z")
    [w] = by_rule(g.warnings(), "stale_decision")
    assert w["entity"] == ":function/src-auth-py-login" and w["file"] == "src/auth.py" and w["line"] == 10
    assert w["message"].startswith("login (src/auth.py) changed in commit abc123abc123 (2099-01-01T00:00:00Z) after "
                                    "the decision \"sessions use JWT\" was recorded")
    assert w["slots"]["memory"] == ":decision/jwt"
    assert w["anchor"]["kind"] == "definition"


def test_stale_decision_not_when_code_changed_before(g):
    _stale_setup(g, "2001-01-01T00:00:00Z")
    assert by_rule(g.warnings(), "stale_decision") == []


def test_stale_decision_string_dates_and_retraction(g):
    g.write("[[:decision/jwt :relates-to :module/src-auth-py] [:commit/c1 :date \"2099-05-26T14:32:00Z\"] "
            "[:module/src-auth-py :modified-in :commit/c1]]")
    assert by_rule(g.warnings(), "stale_decision")
    g.retract("[[:decision/jwt :relates-to :module/src-auth-py]]")
    assert by_rule(g.warnings(), "stale_decision") == []


# ------------------------------------------------------------ dangling_memory

def test_dangling_memory_when_code_is_gone(g):
    g.write("[[:function/src-a-py-f :entity-type :type/function] [:decision/d :relates-to :function/src-a-py-f]]")
    assert by_rule(g.warnings(), "dangling_memory") == []
    g.retract("[[:function/src-a-py-f :entity-type :type/function]]")
    [w] = by_rule(g.warnings(), "dangling_memory")
    assert w["entity"] == ":decision/d" and "no longer exists" in w["message"]


def test_dangling_memory_follows_renames(g):
    g.write("[[:function/src-a-py-f :entity-type :type/function] [:decision/d :relates-to :function/src-a-py-f]]")
    g.retract("[[:function/src-a-py-f :entity-type :type/function]]")
    g.write("[[:function/src-a-py-f :renamed-to :function/src-a-py-g] [:function/src-a-py-g :entity-type :type/function]]")
    assert by_rule(g.warnings(), "dangling_memory") == []
    g.retract("[[:function/src-a-py-g :entity-type :type/function]]")
    [w] = by_rule(g.warnings(), "dangling_memory")
    assert "renamed to :function/src-a-py-g" in w["message"]


def test_dangling_memory_not_for_code_never_seen(g):
    g.write("[[:decision/d :relates-to :function/src-never-py-f]]")
    assert by_rule(g.warnings(), "dangling_memory") == []


def test_dangling_memory_retraction_when_code_returns(g):
    g.write("[[:function/src-a-py-f :entity-type :type/function] [:decision/d :relates-to :function/src-a-py-f]]")
    g.retract("[[:function/src-a-py-f :entity-type :type/function]]")
    assert by_rule(g.warnings(), "dangling_memory")
    g.write("[[:function/src-a-py-f :entity-type :type/function]]")
    assert by_rule(g.warnings(), "dangling_memory") == []
