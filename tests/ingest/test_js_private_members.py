"""JavaScript and TypeScript private class members (``#name``, ES2022) are definitions and calls like any other
method or field, on a real repository through the real CLI. They were not extracted at all: on
sindresorhus/ky (user trial 9) the class Ky showed two of its ~40 methods, a hover on ``#calculateRetryDelay``
showed nothing, and a teammate's decision naming ``calculateRetryDelay`` linked to no code."""

from __future__ import annotations

from gitrepo import commit_files

KY_TS = """export class Ky {
\t#options = {retry: 2};
\tstatic #count = 0;

\tstatic create(input: string) {
\t\treturn new Ky().#fetch(input);
\t}

\tasync #fetch(input: string) {
\t\treturn this.#calculateRetryDelay(input);
\t}

\tasync #calculateRetryDelay(error: unknown) {
\t\treturn this.#options.retry;
\t}
}
"""
QUEUE_JS = """export class Queue {
  #items = [];

  push(x) {
    this.#items.push(x);
    return this.#drain();
  }

  #drain() {
    return this.#items.length;
  }
}
"""


def _rows(cli, q: str) -> set:
    rc, reply, err, _ = cli.run("query", q)
    assert rc == 0, err
    return {tuple(r) for r in reply["results"]}


def test_private_methods_and_fields_are_definitions(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", {"source/Ky.ts": KY_TS, "lib/queue.js": QUEUE_JS}))
    names = {r[0] for r in _rows(cli, '[:find ?n :where [?m :path "source/Ky.ts"] [?m :contains ?d] [?d :name ?n]]')}
    assert {"Ky", "create", "fetch", "calculateRetryDelay", "options", "count"} <= names, names
    assert not any(n.startswith("#") for n in names), names
    js = {r[0] for r in _rows(cli, '[:find ?n :where [?m :path "lib/queue.js"] [?m :contains ?d] [?d :name ?n]]')}
    assert {"Queue", "push", "drain", "items"} <= js, js


def test_a_call_to_a_private_method_is_a_call(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", {"source/Ky.ts": KY_TS, "lib/queue.js": QUEUE_JS}))
    calls = _rows(cli, "[:find ?a ?b :where [?x :calls ?y] [?x :name ?a] [?y :name ?b]]")
    assert {("create", "fetch"), ("fetch", "calculateRetryDelay"), ("push", "drain")} <= calls, calls


def test_a_memory_naming_a_private_method_links_to_it(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", {"source/Ky.ts": KY_TS}))
    rc, reply, err, _ = cli.run("transact", '[[:decision/retry-after-first :description "calculateRetryDelay honours '
                                            'Retry-After before any backoff"]]', "--reason", "the 429 incident")
    assert rc == 0, err
    linked = _rows(cli, "[:find ?n :where [:decision/retry-after-first :relates-to ?f] [?f :name ?n]]")
    assert linked == {("calculateRetryDelay",)}, linked
