"""The operations table: every SPEC §4 method is there, reads load only their feature, derived work order."""

import subprocess
import sys

from lore import operations

SPEC_METHODS = ["transact", "retract", "query", "rule", "sql", "history", "warnings", "prepareTurn", "finalizeTurn",
                "ingest", "ingestStatus"]


def test_every_spec_method_is_an_operation():
    operations.load_features()
    assert set(SPEC_METHODS) <= set(operations.OPERATIONS)
    assert {"transact", "retract", "ingest", "finalizeTurn", "dismiss"} <= operations.WRITES


def test_links_are_made_before_rules_run():
    operations.load_features()
    order = [fn.__module__ for fn in sorted(operations.DERIVATIONS, key=operations._feature_rank)]
    assert order.index("lore.memory.ops") < order.index("lore.inference.ops")


def test_a_read_imports_only_its_feature(ROOT):
    code = ("import sys; from lore import operations; from lore.store.graph import Graph; "
            "g = Graph(None); "
            "r = operations.run('query', g, {'query': '[:find ?e :where [?e :a _]]'}); assert r['ok'], r; "
            "print(sorted(m for m in sys.modules if m.startswith(('lore.memory', 'lore.inference', 'lore.ingest'))))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={"PYTHONPATH": str(ROOT / "server")})
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[]"
