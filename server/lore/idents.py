"""Idents for code entities, slugged as seed 001 says: lowercase, non-alphanumerics -> '-', runs collapsed.

``src/auth.py`` -> ``:module/src-auth-py``; ``login`` in it -> ``:function/src-auth-py-login``.
"""

from __future__ import annotations

import re
from functools import lru_cache

_NON_ALNUM = re.compile(r"[^a-z0-9]+")

# The namespaces of what ingestion writes (views.sql's ``lore_is_code``): code, not memory.
CODE_PREFIXES = (":module/", ":function/", ":class/", ":variable/", ":field/", ":commit/", ":tag/")
_CODE_BARE = frozenset(p[:-1] for p in CODE_PREFIXES)


def is_code(entity: str) -> bool:
    """``lore_is_code(entity)`` of views.sql: an entity of a namespace ingestion writes."""
    return entity.startswith(CODE_PREFIXES) or entity in _CODE_BARE


# The namespaces of memories (one list; each reader says which part it means).
# Captured: seed 001's four memory types, what finalize-turn writes and recall ranks above code.
CAPTURED_KINDS = ("decision", "preference", "constraint", "dependency")
# Written by hand (transact, the journal), never by capture: read as memories wherever memories are shown.
WRITTEN_KINDS = ("problem", "solution", "lesson", "fact", "note", "convention", "memory")
MEMORY_KINDS = CAPTURED_KINDS + WRITTEN_KINDS
# Memories that are a sentence (their :description is what they say, quoted in labels and messages). A dependency
# is a package or service: labelled by its name, and its edges from many teammates' entries are no disagreement.
STATEMENT_KINDS = tuple(k for k in MEMORY_KINDS if k != "dependency")
# What a statement says once: said again in a turn, the later value supersedes the earlier (finalize-turn).
ONE_VALUED_STATEMENT = (":description", ":rationale")
# Text a statement holds many of by nature (the folders it exempts, its names): two current values from two
# journal entries are no disagreement, as its edges (what it rejects, forbids, supersedes) are none.
MANY_VALUED_TEXT = (":exempts", ":alias")


# :entity-type of each definition kind, and the ident namespace it lives in.
KIND_NS = {"function": "function", "class": "class", "variable": "variable", "field": "field"}


@lru_cache(maxsize=262_144)
def slug(text: str) -> str:
    """Lowercase ASCII slug; never empty (an all-symbol name becomes ``x``)."""
    s = _NON_ALNUM.sub("-", text.lower()).strip("-")
    return s or "x"


def module_ident(path: str) -> str:
    return ":module/" + slug(path)


@lru_cache(maxsize=262_144)
def def_ident(kind: str, module_slug: str, qualified_name: str) -> str:
    """``:function/<module slug>-<qualified name slug>`` (file path + '::' + name, slugged together)."""
    return f":{KIND_NS[kind]}/{module_slug}-{slug(qualified_name)}"


def commit_ident(sha: str) -> str:
    return ":commit/" + sha[:12].lower()


def tag_ident(name: str) -> str:
    return ":tag/" + slug(name)


def external_ident(name: str) -> str:
    return ":module/" + slug(name)


# A Go module path: a host with a dot, then its path (github.com/bytedance/sonic, gopkg.in/yaml.v3).
HOSTED = re.compile(r"^[a-z0-9-]+(?:\.[a-z0-9-]+)+/", re.I)
_MAJOR = re.compile(r"^v\d+$")


def _names_file(file: str) -> dict[str, tuple[str, ...]]:
    import json
    from pathlib import Path

    data = json.loads(Path(__file__).with_name(file).read_text(encoding="utf-8"))
    return {k: tuple(v) for k, v in data["names"].items()}


@lru_cache(maxsize=1)
def python_distributions() -> dict[str, tuple[str, ...]]:
    """Import name (lowercase, may be dotted) -> the distributions that install it under another name
    (``yaml``: ``pyyaml``), from python_names.json beside this module."""
    return _names_file("python_names.json")


@lru_cache(maxsize=1)
def jvm_artifacts() -> dict[str, tuple[str, ...]]:
    """JVM package (lowercase, dotted) -> the artifacts it is published as under a name it does not carry
    (``com.google.common``: ``guava``; ``okhttp3``: ``okhttp``), from jvm_names.json beside this module."""
    return _names_file("jvm_names.json")


def _names_macro(name: str, names: dict[str, tuple[str, ...]], unlisted: str = "[]::VARCHAR[]") -> str:
    def lit(x: str) -> str:
        return "'" + x.replace("'", "''") + "'"
    arms = " ".join(f"WHEN {lit(k)} THEN [{', '.join(lit(slug(d)) for d in v)}]" for k, v in sorted(names.items()))
    return f"CREATE OR REPLACE TEMP MACRO {name}(x) AS (CASE x {arms} ELSE {unlisted} END)"


def python_dists_macro() -> str:
    """The SQL macro ``lore_python_dists(import_name)`` -> the distributions of python_names.json (a list), that
    rules/rejected_dependency.sql reads; made from the packaged file, never from a repository's text."""
    return _names_macro("lore_python_dists", python_distributions())


def jvm_artifacts_macro() -> str:
    """The SQL macro ``lore_jvm_artifacts(package)`` -> the artifacts of jvm_names.json (a list; NULL for a package
    not listed, so that the rule takes the longest listed one), for rules/rejected_dependency.sql; made from the
    packaged file, never from a repository's text."""
    return _names_macro("lore_jvm_artifacts", jvm_artifacts(), unlisted="NULL::VARCHAR[]")


def python_said_names(name: str) -> frozenset[str]:
    """The slugs of what people call a Python import by the distribution that installs it: PyYAML for ``yaml``,
    Pillow for ``PIL``, scikit-learn for ``sklearn.linear_model`` (python_names.json: every listed import name that
    starts the import), and the forms any distribution may take: python-dateutil for ``dateutil``, kafka-python
    for ``kafka``, dnspython for ``dns``. Not ``py`` + the name: pyarrow is no name of ``arrow``."""
    low = name.strip().lower()
    if not low or "/" in low or len(low) > 200:
        return frozenset()
    segs = low.split(".")
    out = {slug(d) for k in (".".join(segs[:i]) for i in range(1, len(segs) + 1))
           for d in python_distributions().get(k, ())}
    top = slug(segs[0])
    if top:
        out |= {"python-" + top, top + "-python", top.replace("-", "") + "python"}
    return frozenset(out)


# A name said of a package is a run of at most SAID_RUN of its segments, starting in its first SAID_STARTS
# (rules/rejected_dependency.sql bounds its runs alike): every run of an import of 150 segments (300 characters,
# ingestion's limit) was 4,656 names, 600 KB, each kept in the cache below and computed for every external.
SAID_RUN = 4
SAID_STARTS = 16


@lru_cache(maxsize=65_536)
def said_names(path: str, jvm: bool = False, python: bool = False) -> frozenset[str]:
    """The slugs of what people call a hosted Go package (``github.com/sirupsen/logrus``: ``logrus``,
    ``sirupsen-logrus``, ``sirupsen``): each run of its path's segments after the host, a major version
    (``v2``, ``yaml.v3``) aside. With ``jvm`` (a package a Java, Kotlin or Scala module imports), each run of
    its dotted package's segments after the first, the top-level domain (``com.fasterxml.jackson.databind``:
    ``jackson``, ``jackson-databind`` — the Maven artifact —, ``fasterxml``, ``databind``; ``com.google.gson``:
    ``gson``); a name the package starts with (``junit`` of ``junit.framework``) covers it as its parent does; and
    the artifacts jvm_names.json lists for the longest package that starts it (``guava`` of
    ``com.google.common.collect``; ``truth``, not ``guava``, of ``com.google.common.truth``).
    With ``python`` (a package a Python module imports), the distributions that install it (python_said_names).
    A PHP namespace (``Laminas\\Diactoros``, ``GuzzleHttp\\Psr7``: a name with a backslash) is said by each run
    of its segments that starts at its first or second, lowercased whole and split at its capitals (``fastroute``, ``fast-route`` of ``FastRoute``),
    and by its Composer package, ``vendor/package``, where the vendor is its first segment (``guzzlehttp/psr7``,
    ``laminas/laminas-diactoros``, ``psr/http-message``; slugged, the ``/`` as ``-``).
    Empty for any other import. rules/rejected_dependency.sql covers an import by the same names."""
    if "\\" in path:
        return php_said(path)
    if python and "/" not in path:
        return python_said_names(path)
    listed: set[str] = set()
    if jvm and "/" not in path:
        segs = [s for s in path.split(".")[1:] if s]
        low = path.lower().split(".")
        key = next((k for k in (".".join(low[:i]) for i in range(len(low), 0, -1)) if k in jvm_artifacts()), "")
        listed = {slug(a) for a in jvm_artifacts().get(key, ())}
    elif HOSTED.match(path):
        segs = [re.sub(r"\.v\d+$", "", s) for s in path.split("/")[1:]]
        segs = [s for s in segs if s and not _MAJOR.match(s)]
    else:
        return frozenset()
    return frozenset(slug("-".join(segs[i:j])) for i in range(min(len(segs), SAID_STARTS))
                     for j in range(i + 1, min(len(segs), i + SAID_RUN) + 1)) | listed


_CAPS_RUN = re.compile(r"([A-Z]+)([A-Z][a-z])")
_CAPS_START = re.compile(r"([a-z0-9])([A-Z])")
PHP_SAID_SEGMENTS = 4  # a namespace's first segments are its package's (vendor, product); deeper ones are its own


def camel_words(segment: str) -> str:
    """``FastRoute`` -> ``Fast-Route``, ``PHPUnit`` -> ``PHP-Unit``: a segment's words (rejected_dependency.sql
    splits them with the same two patterns)."""
    return _CAPS_START.sub(r"\1-\2", _CAPS_RUN.sub(r"\1-\2", segment))


def php_said(path: str) -> frozenset[str]:
    """What people call a PHP namespace (``said_names``); also of a namespace of one segment (``GuzzleHttp``)."""
    names: set[str] = set()
    segs = [s for s in path.split("\\") if s][:PHP_SAID_SEGMENTS]
    for words in ([s.lower() for s in segs], [camel_words(s).lower() for s in segs]):
        for i in range(len(words)):
            for j in range(i + 1, len(words) + 1) if i < 2 else ():  # a deeper run is a sub-namespace's name
                names.add(slug("-".join(words[i:j])))
            names.add(slug(words[0] + "-" + "-".join(words[:i + 1])))  # vendor/vendor-product
    return frozenset(names)
