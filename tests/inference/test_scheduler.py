"""The background scheduler: submit never waits, batches are debounced, on_change reports files."""

from __future__ import annotations

import threading

from lore import operations
from lore.inference.ops import derivation
from lore.inference.scheduler import InferenceScheduler, scheduler_for
from waiting import wait_until


def _write(graph, edn):
    reply = operations.run("transact", graph, {"facts": edn, "reason": "test"})
    assert reply["ok"], reply
    return reply.pop("_result")


def test_submit_returns_at_once_and_flush_reaches_the_fixpoint(g):
    g.code_tables()
    g.sql("INSERT INTO code_locations VALUES (':module/src-c-py', 'src/c.py', 'module', 'c', 'c', 1, 0, 9, 0)")
    changes: list[list[str]] = []
    # A debounce longer than the test: nothing runs until flush, so what ran before it ran on the write path.
    sched = InferenceScheduler(g.graph, on_change=changes.append, debounce=3600, max_delay=3600, poll=None)
    try:
        assert scheduler_for(g.graph) is sched
        results = [_write(g.graph, f"[[:service/s{i} :depends-on :module/src-c-py]]") for i in range(5)]
        for r in results:
            derivation(g.graph, r)  # the derivation hands the write to the scheduler and returns
        assert sched.runs == 0 and not [w for w in g.warnings() if w["rule"] == "shared_dependency_risk"]
        assert sched.flush(120)
        ws = [w for w in g.warnings() if w["rule"] == "shared_dependency_risk"]
        assert len(ws) == 1 and ws[0]["file"] == "src/c.py"
        assert ["src/c.py"] in changes
        assert sched.runs <= 2  # five writes, batched
    finally:
        sched.stop()
    assert scheduler_for(g.graph) is None


def test_bounded_queue_overflow_loses_nothing(g):
    sched = InferenceScheduler(g.graph, debounce=0.5, max_delay=5, max_queue=3, poll=None)
    try:
        for i in range(10):
            sched.submit(_write(g.graph, f"[[:service/a{i} :depends-on :service/b{i}] "
                                         f"[:service/b{i} :depends-on :service/c{i}]]"))
        assert len(sched._queue) <= 3
        assert sched.flush(120)
        assert len(g.inferred("transitive_depends_on")) == 10
    finally:
        sched.stop()


def test_poll_catches_writes_that_bypassed_submit(g):
    sched = InferenceScheduler(g.graph, debounce=0.01, poll=0.05)
    try:
        _write(g.graph, "[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]")
        assert wait_until(lambda: g.inferred("transitive_depends_on"))
        assert g.inferred("transitive_depends_on") == {(":service/a", ":service/c"): 0.5}
    finally:
        sched.stop()


def test_writes_during_inference_are_not_blocked_long(g):
    # Many chains make the rules do real work; writes from another thread still commit meanwhile.
    edn = " ".join(f"[:service/a{i} :depends-on :service/b{i}] [:service/b{i} :depends-on :service/c{i}]"
                   for i in range(2000))
    _write(g.graph, f"[{edn}]")
    sched = InferenceScheduler(g.graph, debounce=0.0, poll=None)
    try:
        sched.submit([":depends-on"])
        assert wait_until(lambda: sched._busy), "inference never started"
        # Writes keep committing while the rules run: a write that waited for the whole inference would
        # return only once the scheduler is idle again.
        during = 0
        for i in range(200):
            _write(g.graph, f"[[:note/n{i} :description \"x\"]]")
            if not sched._busy:
                break
            during += 1
        assert during >= 1
        assert sched.flush(120)
        assert len(g.inferred("transitive_depends_on")) == 2000
    finally:
        sched.stop()


def test_a_failing_listener_does_not_stop_the_worker(g):
    def bad(_):
        raise RuntimeError("listener bug")

    sched = InferenceScheduler(g.graph, on_change=bad, debounce=0.01, poll=None)
    try:
        sched.submit(_write(g.graph, "[[:service/api :calls :service/auth] [:service/api :timeout-ms 1] "
                                     "[:service/auth :processing-ms 2]]"))
        assert sched.flush(120)
        sched.submit(_write(g.graph, "[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]"))
        assert sched.flush(120)
        assert g.inferred("transitive_depends_on")
        assert threading.active_count() >= 1
    finally:
        sched.stop()
