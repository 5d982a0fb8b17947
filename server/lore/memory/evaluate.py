"""Quality measures over labelled data (tests/memory/data): extraction precision/recall for
finalize-turn and recall@k for prepare-turn. Used by the tests and by bench/memory.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lore.memory.capture import heuristic
from lore.memory.turns import prepare_turn
from lore.store.graph import Graph
from lore.store.txdata import parse_tx
from lore.timeutil import parse_instant


def _slug(x: str) -> str:
    import re
    return re.sub(r"-+", "-", re.sub(r"[^a-z0-9]+", "-", x.lower())).strip("-")


def extraction_quality(exchanges: list[dict[str, Any]]) -> dict[str, Any]:
    """Match each extracted memory to an expected one of the same kind whose terms all appear in its
    description; unmatched extractions are false positives, unmatched expectations misses."""
    tp = fp = fn = 0
    why_total = why_hit = rej_total = rej_hit = 0
    misses: list[Any] = []
    false_pos: list[Any] = []
    for ex in exchanges:
        got = heuristic(ex["delta"])
        used: set[int] = set()
        for exp in ex["expected"]:
            match = None
            for i, g in enumerate(got):
                if i not in used and g.kind == exp["kind"] and \
                        all(t.lower() in g.description.lower() for t in exp["terms"]):
                    match = i
                    break
            if "rationale" in exp:
                why_total += 1
            rej_total += len(exp.get("rejects", []))
            if match is None:
                fn += 1
                misses.append({"id": ex["id"], "expected": exp})
                continue
            used.add(match)
            tp += 1
            g = got[match]
            if "rationale" in exp and g.rationale and exp["rationale"].lower() in g.rationale.lower():
                why_hit += 1
            for r in exp.get("rejects", []):
                if any(_slug(r) == _slug(x) or _slug(r) in _slug(x) for x in g.rejects + g.forbids):
                    rej_hit += 1
        for i, g in enumerate(got):
            if i not in used:
                fp += 1
                false_pos.append({"id": ex["id"], "got": g.to_json()})
    return {
        "exchanges": len(exchanges),
        "expected": tp + fn, "extracted": tp + fp,
        "precision": round(tp / (tp + fp), 4) if tp + fp else 1.0,
        "recall": round(tp / (tp + fn), 4) if tp + fn else 1.0,
        "rationale_recall": round(why_hit / why_total, 4) if why_total else None,
        "rejects_recall": round(rej_hit / rej_total, 4) if rej_total else None,
        "misses": misses, "false_positives": false_pos,
    }


def seed_memory(graph: Graph, data_dir: Path) -> None:
    """memory.edn and the historical facts of questions.json, written as a user would."""
    graph.transact(parse_tx((data_dir / "memory.edn").read_text()), reason="seed memory", source="cli")
    qs = json.loads((data_dir / "questions.json").read_text())
    for h in qs.get("history", []):
        vf = parse_instant(h["valid_from"]) if h.get("valid_from") else None
        vt = parse_instant(h["valid_to"]) if h.get("valid_to") else None
        graph.transact(parse_tx(h["facts"]), reason="seed history", source="cli", valid_from=vf, valid_to=vt)


def retrieval_quality(graph: Graph, questions: list[dict[str, Any]], k: int = 5) -> dict[str, Any]:
    from lore.memory import linking, vectors

    linking.derive_links(graph)  # the index first, then every memory's vector (a prepare-turn embeds boundedly)
    vectors.sync(graph, None)
    total = hit = full = 0
    misses = []
    for q in questions:
        facts = prepare_turn(graph, q["q"])["facts"][:k]
        found = 0
        for ans in q["answers"]:
            ok = any(f["entity"] == ans[0] and f["attribute"] == ans[1]
                     and (len(ans) < 3 or ans[2].lower() in str(f["value"]).lower()) for f in facts)
            found += ok
        total += len(q["answers"])
        hit += found
        full += found == len(q["answers"])
        if found < len(q["answers"]):
            misses.append({"q": q["q"], "top": [[f["entity"], f["attribute"]] for f in facts]})
    return {"questions": len(questions), f"recall@{k}": round(hit / total, 4) if total else None,
            f"questions_fully_answered@{k}": round(full / len(questions), 4) if questions else None,
            "misses": misses}


# ------------------------------------------------------------------ synthetic distractor memories

_COMPONENTS = ["billing", "search", "checkout", "inventory", "profile", "audit", "export", "import", "mailer",
               "scheduler", "gateway", "reporting", "analytics", "catalogue", "payments", "onboarding", "admin",
               "sync", "uploads", "webhooks", "ledger", "pricing", "shipping", "support", "feeds"]
_TECH = ["Redis", "Postgres", "Kafka", "S3", "gRPC", "GraphQL", "Celery", "Nginx", "Envoy", "Vault", "Sentry",
         "Prometheus", "Grafana", "OpenSearch", "DynamoDB", "SQS", "RabbitMQ", "Memcached", "ClickHouse", "Airflow",
         "dbt", "Spark", "Flink", "Temporal", "Consul", "Istio", "Jaeger", "Loki", "MinIO", "Keycloak"]
_PURPOSE = ["session storage", "rate limiting", "event fan-out", "nightly batch jobs", "search suggestions",
            "audit trails", "feature flags", "retry queues", "image thumbnails", "tenant isolation",
            "metrics rollups", "request tracing", "secrets rotation", "schema migrations", "cache invalidation",
            "webhook delivery", "PDF rendering", "currency conversion", "fraud scoring", "email templates"]
_PRACTICE = ["table-driven tests", "structured logging", "small pull requests", "explicit timeouts",
             "idempotent handlers", "typed configuration", "feature toggles", "contract tests",
             "snapshot tests", "pinned dependencies", "docstrings on public functions", "early returns",
             "immutable data classes", "dependency injection", "property-based tests"]
_REQ = ["respond within 300 ms", "stay below 1 GB of memory", "run without network access",
        "keep personal data encrypted at rest", "survive a zone outage", "support rolling restarts",
        "log every access", "process events in order", "tolerate duplicate messages", "retain data for 7 years"]


def synthetic_memories(n: int, seed: int = 7) -> str:
    """``n`` decision/preference/constraint/dependency memories (EDN), deterministic for a seed."""
    import random

    rnd = random.Random(seed)
    out = []
    for i in range(n):
        comp, tech, purpose = rnd.choice(_COMPONENTS), rnd.choice(_TECH), rnd.choice(_PURPOSE)
        kind = i % 4
        if kind == 0:
            e = f":decision/syn-{i}"
            desc = f"use {tech} for {purpose} in the {comp} service"
            why = f"the {comp} team measured {rnd.randint(2, 9)}x less {rnd.choice(['latency', 'cost', 'toil'])}"
        elif kind == 1:
            e = f":preference/syn-{i}"
            desc = f"prefer {rnd.choice(_PRACTICE)} in the {comp} code"
            why = f"reviews of {comp} went {rnd.choice(['faster', 'smoother'])}"
        elif kind == 2:
            e = f":constraint/syn-{i}"
            desc = f"the {comp} service must {rnd.choice(_REQ)}"
            why = f"{comp} contract with {rnd.choice(['finance', 'legal', 'ops', 'partners'])}"
        else:
            e = f":dependency/syn-{i}"
            desc = f"{comp} worker depends on {tech} for {purpose}"
            why = f"{tech} was already run by the platform team"
        out.append(f'[{e} :description "{desc}"] [{e} :rationale "{why}"]')
    return "[" + "\n".join(out) + "]"


# ------------------------------------------------------------------ capture on real text (tests/memory/data/real)

_SAME_KIND = {"architecture": "dependency"}


def capture_scores(exchanges: list[dict[str, Any]], captured: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """Score what finalize-turn stored (``captured[i]``: the reply's ``memories`` for exchange i) against labels.

    A memory captures an expected item when its description holds every term (kind aside); precision counts
    the stored memories that capture some expected item; 'right kind' counts captured items stored under the
    expected kind (dependency and architecture are one namespace); a rationale is kept when the label's word
    is in the stored rationale; a rejected alternative when an edge (:rejects/:forbids) or a rejects phrase
    names it."""
    tp = fp = fn = kind_ok = why_total = why_hit = rej_total = rej_hit = 0
    misses: list[Any] = []
    false_pos: list[Any] = []
    partial: list[Any] = []
    for ex, got in zip(exchanges, captured):
        used: set[int] = set()
        for exp in ex["expected"]:
            match = next((i for i, g in enumerate(got) if i not in used and
                          all(t.lower() in g.get("description", "").lower() for t in exp["terms"])), None)
            if "rationale" in exp:
                why_total += 1
            rej_total += len(exp.get("rejects", []))
            if match is None:
                fn += 1
                misses.append({"id": ex["id"], "expected": exp})
                continue
            used.add(match)
            tp += 1
            g = got[match]
            kinds = {_SAME_KIND.get(exp["kind"], exp["kind"]), exp["kind"]}
            kind_ok += _SAME_KIND.get(g.get("kind", ""), g.get("kind")) in kinds
            lost = []
            if "rationale" in exp:
                if exp["rationale"].lower() in (g.get("rationale") or "").lower():
                    why_hit += 1
                else:
                    lost.append("rationale")
            names = [_slug(x) for x in g.get("rejects", []) + g.get("forbids", [])]
            names += [_slug(t.split("/", 1)[-1]) for a, t in g.get("edges", []) if a in (":rejects", ":forbids")]
            for r in exp.get("rejects", []):
                if any(_slug(r) == n or _slug(r) in n for n in names):
                    rej_hit += 1
                else:
                    lost.append("rejects:" + r)
            if lost or _SAME_KIND.get(g.get("kind", ""), g.get("kind")) not in kinds:
                partial.append({"id": ex["id"], "lost": lost, "expected": exp,
                                "got": {k: g.get(k) for k in ("kind", "entity", "rationale", "rejects", "edges")}})
        for i, g in enumerate(got):
            if i not in used:
                fp += 1
                false_pos.append({"id": ex["id"], "got": {k: g.get(k) for k in ("kind", "entity", "description")}})
    return {
        "exchanges": len(exchanges), "noise_exchanges": sum(1 for x in exchanges if not x["expected"]),
        "expected": tp + fn, "stored": tp + fp,
        "precision": round(tp / (tp + fp), 4) if tp + fp else 1.0,
        "recall": round(tp / (tp + fn), 4) if tp + fn else 1.0,
        "right_kind": round(kind_ok / (tp + fn), 4) if tp + fn else None,
        "rationale_kept": round(why_hit / why_total, 4) if why_total else None,
        "rationale_labelled": why_total,
        "rejected_kept": round(rej_hit / rej_total, 4) if rej_total else None,
        "rejected_labelled": rej_total,
        "misses": misses, "false_positives": false_pos, "partial": partial,
    }
