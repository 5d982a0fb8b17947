"""Rename continuity for one-line definitions (issue 18 item 3): a variable or field renamed in place (same
container, same position among its kind, same text but for its name) is linked like a renamed function;
the fields and methods of a renamed class follow it. What must not link: another value, another place,
another container, an ambiguous pair."""

from __future__ import annotations

from lore.ingest.api import ingest

from .conftest import valid_at


def renames(graph) -> set[tuple[str, str]]:
    return valid_at(graph, ":renamed-to")


def two_commits(repo, graph, before: dict[str, str], after: dict[str, str]) -> set[tuple[str, str]]:
    for rel, text in before.items():
        repo.write(rel, text)
    repo.commit("v1", "2024-01-01T00:00:00Z")
    for rel, text in after.items():
        repo.write(rel, text)
    repo.commit("v2", "2024-02-01T00:00:00Z")
    ingest(graph, str(repo.path))
    return renames(graph)


def test_a_module_constant_renamed_in_place_is_linked(repo, graph):
    got = two_commits(repo, graph,
                      {"net.py": "TIMEOUT = 30\nRETRY_LIMIT = 3\nBACKOFF = 0.5\n\ndef go():\n    return 1\n"},
                      {"net.py": "TIMEOUT = 30\nMAX_RETRIES = 3\nBACKOFF = 0.5\n\ndef go():\n    return 1\n"})
    assert got == {(":variable/net-py-retry-limit", ":variable/net-py-max-retries")}
    assert (":variable/net-py-max-retries", ":variable/net-py-retry-limit") in valid_at(graph, ":renamed-from")
    # The old entity's history ends at the rename; the new one starts there.
    assert (":variable/net-py-retry-limit", ":type/variable") in valid_at(graph, ":entity-type", "2024-01-15")
    assert ":variable/net-py-retry-limit" not in {e for e, _ in valid_at(graph, ":entity-type")}


def test_a_field_renamed_in_place_is_linked(repo, graph):
    got = two_commits(repo, graph,
                      {"cache.py": "class Cache:\n    max_size = 100\n    ttl = 60\n\n    def get(self, k):\n"
                                   "        return k\n"},
                      {"cache.py": "class Cache:\n    capacity = 100\n    ttl = 60\n\n    def get(self, k):\n"
                                   "        return k\n"})
    assert got == {(":field/cache-py-cache-max-size", ":field/cache-py-cache-capacity")}


def test_an_instance_field_renamed_in_place_is_linked(repo, graph):
    got = two_commits(repo, graph,
                      {"pool.py": "class Pool:\n    def __init__(self):\n        self.max_size = 10\n"
                                  "        self.used = 0\n"},
                      {"pool.py": "class Pool:\n    def __init__(self):\n        self.capacity = 10\n"
                                  "        self.used = 0\n"})
    assert (":field/pool-py-pool-max-size", ":field/pool-py-pool-capacity") in got


def test_the_members_of_a_renamed_class_follow_it(repo, graph):
    body = ("    limit = 5\n    name = 'x'\n\n    def fetch(self, key):\n        value = self.data[key]\n"
            "        return value\n\n    def size(self): return 1\n")
    got = two_commits(repo, graph, {"store.py": "class Store:\n" + body},
                      {"store.py": "class Repository:\n" + body})
    assert got == {(":class/store-py-store", ":class/store-py-repository"),
                   (":field/store-py-store-limit", ":field/store-py-repository-limit"),
                   (":field/store-py-store-name", ":field/store-py-repository-name"),
                   (":function/store-py-store-fetch", ":function/store-py-repository-fetch"),
                   (":function/store-py-store-size", ":function/store-py-repository-size")}


def test_another_value_is_not_a_rename(repo, graph):
    got = two_commits(repo, graph, {"net.py": "TIMEOUT = 30\nRETRY_LIMIT = 3\n"},
                      {"net.py": "TIMEOUT = 30\nMAX_RETRIES = 5\n"})
    assert got == set()


def test_another_place_is_not_a_rename(repo, graph):
    # Same value, but the new constant is not where the old one was (it comes after another).
    got = two_commits(repo, graph, {"net.py": "RETRY_LIMIT = 3\nTIMEOUT = 30\n"},
                      {"net.py": "TIMEOUT = 30\nMAX_RETRIES = 3\n"})
    assert got == set()


def test_another_container_is_not_a_rename(repo, graph):
    # A field gone from one class and one of the same text in another class: two changes, no rename.
    got = two_commits(repo, graph,
                      {"m.py": "class A:\n    size = 1\n\nclass B:\n    pass\n"},
                      {"m.py": "class A:\n    pass\n\nclass B:\n    count = 1\n"})
    assert got == set()


def test_each_file_of_a_commit_keeps_its_own_rename(repo, graph):
    # Two files rename their first constant alike: each pair is made inside its own file.
    got = two_commits(repo, graph, {"a.py": "LIMIT = 3\n", "b.py": "LIMIT = 3\n"},
                      {"a.py": "MAX = 3\n", "b.py": "MAX = 3\n"})
    assert got == {(":variable/a-py-limit", ":variable/a-py-max"), (":variable/b-py-limit", ":variable/b-py-max")}


def test_a_one_line_definition_moved_to_another_file_is_not_a_rename(repo, graph):
    got = two_commits(repo, graph, {"a.py": "LIMIT = 3\n", "b.py": "def f():\n    return 1\n"},
                      {"a.py": "", "b.py": "MAX = 3\n\ndef f():\n    return 1\n"})
    assert got == set()


def test_two_alike_candidates_in_one_file_are_not_guessed(repo, graph):
    # Two functions of one shape renamed in one file: which became which is a guess, so neither is linked.
    body = "(x):\n    y = x + 1\n    return y\n"
    got = two_commits(repo, graph, {"m.py": f"def a{body}\ndef b{body}"},
                      {"m.py": f"def c{body}\ndef d{body}"})
    assert got == set()


def test_a_variable_and_a_field_are_not_each_other(repo, graph):
    got = two_commits(repo, graph, {"m.py": "size = 1\n\nclass A:\n    pass\n"},
                      {"m.py": "class A:\n    size = 1\n"})
    assert got == set()
