"""Definition renames: an AST-shape matcher that tolerates renamed locals links old and new entities."""

from __future__ import annotations

from lore.ingest.api import ingest

from .conftest import valid_at

BEFORE = '''def compute_total(items, tax):
    subtotal = 0
    for item in items:
        subtotal += item.price * item.qty
    return subtotal * (1 + tax)

def unrelated():
    return 42
'''

AFTER = '''def order_total(items, rate):
    acc = 0
    for it in items:
        acc += it.price * it.qty
    return acc * (1 + rate)

def unrelated():
    return 42
'''


def test_function_rename_with_renamed_locals(repo, graph):
    repo.write("shop.py", BEFORE)
    repo.commit("v1", "2024-01-01T00:00:00Z")
    repo.write("shop.py", AFTER)
    repo.commit("rename", "2024-02-01T00:00:00Z")
    ingest(graph, str(repo.path))
    old, new = ":function/shop-py-compute-total", ":function/shop-py-order-total"
    assert (old, new) in valid_at(graph, ":renamed-to")
    assert (new, old) in valid_at(graph, ":renamed-from")
    assert old not in {e for e, _ in valid_at(graph, ":entity-type")}
    assert (old, ":type/function") in valid_at(graph, ":entity-type", "2024-01-15")


def test_changed_body_is_not_a_rename(repo, graph):
    repo.write("shop.py", BEFORE)
    repo.commit("v1", "2024-01-01T00:00:00Z")
    repo.write("shop.py", AFTER.replace("return acc * (1 + rate)", "if rate:\n        acc = acc * rate\n    return acc"))
    repo.commit("rewrite", "2024-02-01T00:00:00Z")
    ingest(graph, str(repo.path))
    assert not valid_at(graph, ":renamed-to")


def test_moved_class_across_files(repo, graph):
    body = "class Store:\n    def get(self, key):\n        value = self.data[key]\n        return value\n"
    repo.write("a.py", body + "\nX = 1\n")
    repo.write("b.py", "Y = 2\n")
    repo.commit("v1", "2024-01-01T00:00:00Z")
    repo.write("a.py", "X = 1\n")
    repo.write("b.py", "Y = 2\n\n" + body.replace("Store", "Repository"))
    repo.commit("move", "2024-02-01T00:00:00Z")
    ingest(graph, str(repo.path))
    links = valid_at(graph, ":renamed-to")
    assert (":function/a-py-store-get", ":function/b-py-repository-get") in links
    assert (":class/a-py-store", ":class/b-py-repository") in links


def test_modified_in_tracks_body_changes_only(repo, graph):
    repo.write("m.py", "def a():\n    return 1\n\ndef b():\n    return 2\n")
    repo.commit("v1", "2024-01-01T00:00:00Z")
    repo.write("m.py", "def a():\n    return 10\n\ndef b():\n    return 2\n")
    c2 = repo.commit("v2", "2024-02-01T00:00:00Z")
    ingest(graph, str(repo.path))
    mods = valid_at(graph, ":modified-in")
    assert (":function/m-py-a", ":commit/" + c2[:12]) in mods
    assert not any(e == ":function/m-py-b" for e, _ in mods)
    assert (":module/m-py", ":commit/" + c2[:12]) in mods
