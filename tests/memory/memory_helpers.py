"""Fixtures for memory tests: code entities written the way ingestion writes them (ARCHITECTURE.md,
"Code entities"), plus the code_locations side table, so linking and turns can be tested on their own."""

from __future__ import annotations

import re

from lore.store.graph import MAX_TX, Graph
from lore.store.txdata import parse_tx


def slug(text: str) -> str:
    return re.sub(r"-+", "-", re.sub(r"[^a-z0-9]", "-", text.lower())).strip("-")


def q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def ensure_locations(graph: Graph) -> None:
    graph.con.execute("""CREATE TABLE IF NOT EXISTS code_locations(entity VARCHAR, file VARCHAR, kind VARCHAR,
        name VARCHAR, qualified_name VARCHAR, line INTEGER, col INTEGER, end_line INTEGER, end_col INTEGER)""")


def add_code(graph: Graph, path: str, defs: list[tuple[str, str, int]] = (), *, reason: str = "ingest fixture",
             valid_from: str | None = None) -> dict[str, str]:
    """A module at ``path`` with definitions [(kind, qualified name, line)]; returns name -> ident."""
    mod = f":module/{slug(path)}"
    facts = [f"[{mod} :path {q(path)}]", f"[{mod} :description {q(path)}]", f"[{mod} :entity-type :type/module]"]
    idents = {path: mod}
    ensure_locations(graph)
    locs = [(mod, path, "module", path, path, 1, 0, 1, 0)]
    for kind, qname, line in defs:
        name = qname.split(".")[-1]
        ident = f":{kind}/{slug(path)}-{slug(qname)}"
        idents[qname] = ident
        facts += [f"[{ident} :name {q(name)}]", f"[{ident} :qualified-name {q(qname)}]",
                  f"[{ident} :file {q(path)}]", f"[{ident} :description {q(name)}]",
                  f"[{ident} :entity-type :type/{kind}]", f"[{mod} :contains {ident}]"]
        locs.append((ident, path, kind, name, qname, line, 0, line + 3, 0))
    from lore.timeutil import parse_instant
    vf = parse_instant(valid_from) if valid_from else None
    graph.transact(parse_tx("[" + " ".join(facts) + "]"), reason=reason, source="ingest", valid_from=vf)
    graph.con.executemany("INSERT INTO code_locations VALUES (?,?,?,?,?,?,?,?,?)", locs)
    return idents


def remember(graph: Graph, facts: str, reason: str = "remember", source: str = "cli"):
    return graph.transact(parse_tx(facts), reason=reason, source=source)


def embed_all(graph: Graph) -> None:
    """The index caught up and every memory embedded now (a prepare-turn embeds only for a bounded time)."""
    from lore.memory import linking, vectors

    linking.derive_links(graph)
    vectors.sync(graph, None)


def remember_decisions(graph: Graph, descriptions: dict[str, str]) -> None:
    """Each ``name: description`` remembered as ``:decision/name``, the index caught up and every memory
    embedded."""
    remember(graph, "[" + " ".join(f"[:decision/{k} :description {q(v)}]" for k, v in descriptions.items()) + "]")
    embed_all(graph)


def recalled(graph: Graph, question: str) -> list[str]:
    """The entities prepare-turn recalls for ``question``, each once, in its order."""
    from lore.memory.turns import prepare_turn

    reply = prepare_turn(graph, question)
    return list(dict.fromkeys(f["entity"] for f in reply["facts"]))


def infer(graph: Graph, rows: list[tuple[str, str, str, float]], rule: str = "test/rule") -> None:
    """Write inferred rows (entity, attribute, value, confidence) the way a rule does: its own tx, source 'rule'."""
    graph.con.execute("BEGIN TRANSACTION")
    tx, _ = graph.begin_tx("a rule ran", "rule")
    first = graph.allocate_ids(len(rows))
    graph.insert_rows([(first + i, e, a, "k", v, None, 0, 2**62, tx, MAX_TX, True, rule, conf, [1])
                       for i, (e, a, v, conf) in enumerate(rows)])
    graph.con.execute("COMMIT")


def rejects_of(cli, decision: str) -> list[str]:
    """What ``decision`` :rejects now, through the real CLI (the identity tests' one question)."""
    code, reply, err, _ = cli.run("query", f"[:find ?v :where [{decision} :rejects ?v]]")
    assert code == 0 and reply["ok"], err
    return sorted(str(r[0]) for r in reply["results"])


def rejected_imports(cli) -> list[tuple[str, int]]:
    """(file, line) of every rejected_dependency warning, through the real CLI."""
    code, reply, err, _ = cli.run("warnings")
    assert code == 0 and reply["ok"], err
    return sorted((w["file"], w["line"]) for w in reply["warnings"] if w["rule"] == "rejected_dependency")
