"""Unchanged files resolved again in one run (a call or import target went away, or a name became
unambiguous) reuse the text facts and the callee -> callers index kept for their text; a run per commit
computes every file from what the graph holds. Both give the same facts."""

from __future__ import annotations

from lore.timeutil import FOREVER

from .conftest import rows_of_one_run_and_per_commit

CALLER = ("from lib import helper, other\nfrom lib2 import helper as h2\n\n"
          "def use{n}():\n    return helper() + other()\n\n"
          "def more{n}():\n    x = shared()\n    return h2(x) + helper()\n\n"
          "class K{n}:\n    def m(self):\n        return other() + shared()\n")


def test_files_resolved_again_in_one_run_equal_a_run_per_commit(repo, tmp_path):
    lib_all = "def helper():\n    return 1\n\ndef other():\n    return 2\n\ndef shared():\n    return 3\n"
    lib_no_helper = "def other():\n    return 2\n\ndef shared():\n    return 3\n"
    lib_no_other = "def helper():\n    return 1\n\ndef shared():\n    return 3\n"
    steps: list[dict[str, str | None]] = [
        {"lib.py": lib_all, "lib2.py": "def helper():\n    return 9\n\ndef shared():\n    return 4\n",
         **{f"c{n}.py": CALLER.format(n=n) for n in range(4)}},
        {"lib.py": lib_no_helper},  # c*.py unchanged: their calls to helper close
        {"lib.py": lib_all},  # and open again
        {"lib.py": lib_no_other},  # the same unchanged callers resolved again (the index is reused)
        {"lib2.py": "def helper():\n    return 9\n"},  # shared() was ambiguous for nobody: lib's now alone
        {"lib.py": lib_no_helper, "c1.py": CALLER.format(n=1) + "\ndef extra():\n    return use1()\n"},
        {"lib2.py": None},  # an import target gone: edges close in unchanged files
        {"lib.py": None, "lib2.py": "def helper():\n    return 8\n\ndef other():\n    return 7\n"},
        {"lib.py": lib_all},
        {"c2.py": None, "c3.py": CALLER.format(n=3).replace("other()", "helper()")},
        {"lib.py": lib_no_other},
    ]
    one, each = rows_of_one_run_and_per_commit(repo, tmp_path, steps)
    calls = [r for r in one if r[1] == ":calls"]
    # Edges that closed while their file stayed unchanged, and edges open now.
    assert any(r[5] != FOREVER and r[0].startswith(":function/c0-py") for r in calls)
    assert any(r[5] == FOREVER for r in calls)
    assert each == one
