"""Where a memory holds, and what is no dependency (user trial 16, BurntSushi/ripgrep).

- A rejection said of one crate holds there only: "Don't add serde-json to the printer crate's default features" is
  about crates/printer/Cargo.toml (the crate's manifest declares its features), "We are dropping memmap2 from
  grep-searcher" about crates/searcher. A memory that rejects or forbids something and names a package of the
  repository (a folder holding a manifest, named by its folder or by its package's name ending in it:
  grep-searcher is crates/searcher) gets ``:scope "<path>"``; rejected_dependency warns only in modules at or under
  one of a memory's scopes (docs/DESIGN-CHOICES.md, "Where a memory holds").
- A language feature is no dependency: "No unsafe outside the ffi module" is a constraint (``:constraint/no-unsafe``,
  what was said, and the tracked path it allows the feature in as ``:exempts``), never a ``:dependency/unsafe``
  that no import can meet. Nothing warns of such a constraint yet; it is recalled and shown with the code it
  names."""

from __future__ import annotations

import re
from typing import Any, Callable

MAX_SCOPES = 5  # per memory
MANIFESTS = ("Cargo.toml", "package.json", "pyproject.toml", "setup.py", "go.mod", "pom.xml", "build.gradle",
             "build.gradle.kts", "composer.json", "Gemfile")
# Features of a language, said as what a rule forbids ("no unsafe", "never use eval"): not packages.
LANGUAGE_FEATURES = frozenset({
    "unsafe", "unsafe code", "unsafe blocks", "unsafe block", "eval", "exec", "goto", "monkey patching",
    "monkey-patching", "monkeypatching", "static mut", "transmute", "raw pointers", "inline assembly", "setjmp",
    "longjmp",
})
_ARTICLE = re.compile(r"^(?:the|a|an|any|all|our)\s+", re.I)


def is_language_feature(name: str) -> bool:
    """``unsafe``, ``unsafe code``, ``eval()``: a feature of the language, not something one depends on."""
    key = _ARTICLE.sub("", re.sub(r"\(\)$", "", name.strip().strip("`'\"").lower())).strip()
    return key in LANGUAGE_FEATURES


# "in the printer crate", "to grep-searcher's manifest", "from grep-searcher" (after a drop), "inside crates/pcre2"
_PART = r"(?:default[\s-]+features|features|(?:dev-|build-)?dependencies|manifest|cargo\.toml|package\.json)"
_WHERE = re.compile(
    r"(?<![\w-])(?:(?P<verb>(?:add(?:s|ed|ing)?|put(?:s|ting)?|pull(?:s|ed|ing)?\s+in|bring(?:s|ing)?\s+in)\s+\S+(?:\s+\S+)?\s+"
    r"(?:to|into)|(?:drop(?:s|ped|ping)?|remov(?:e|es|ed|ing)|delet(?:e|es|ed|ing))\s+\S+(?:\s+\S+)?\s+from)|"
    r"(?<!fine )(?<!ok )(?<!okay )(?<!allowed )(?<!except )(?:in|inside|within))\s+(?:the\s+)?"
    r"(?P<name>[A-Za-z0-9][\w.-]{0,60}(?:/[\w.-]{1,60}){0,6})"
    r"(?:\s+(?P<kind>crate|package|library|lib|module)(?![\w-]))?"
    r"(?:(?:['\u2019]s|\s+crate['\u2019]s)?\s+(?P<part>" + _PART + r"))?", re.I)

_ALLOWED_BEFORE = re.compile(r"\b(?:fine|ok|okay|allowed|permitted|acceptable|tolerated|except|outside)(?:\s+\w+)?\s*$",
                             re.I)


def scoped_paths(text: str, package: Callable[[str], tuple[str, str] | None]) -> list[str]:
    """The repository paths ``text`` confines its memory to, in order: for each package it names where the thing
    is added, dropped or kept out ("to the printer crate's default features"), ``package(name)`` gives the
    (folder, manifest) of the one package so named, or None; the manifest is the scope when a part of it is said."""
    out: list[str] = []
    text = text[:4000]
    for m in _WHERE.finditer(text):
        if _ALLOWED_BEFORE.search(text[max(0, m.start() - 30):m.start()]):
            continue  # "fine only in crates/core": where it is allowed (lore.memory.exemptions), not where it holds
        found = package(m.group("name").rstrip("."))
        if found is None:
            continue
        path = found[1] if m.group("part") else found[0]
        if path not in out:
            out.append(path)
        if len(out) >= MAX_SCOPES:
            break
    return out


# "No unsafe outside the ffi module", "Unsafe is not allowed outside crates/pcre2", "Keep unsafe code confined to the
# ffi module", "The only place we allow unsafe is the pcre2 bindings": a language feature kept to one place.
_CONFINED = re.compile(
    r"^(?:no\s+(?P<a>[\w -]{2,30}?)\s+(?:outside|beyond|except\s+in)\b|"
    r"(?:please\s+)?(?:keep|confine)\s+(?P<b>[\w -]{2,30}?)\s+(?:confined\s+|restricted\s+|limited\s+)?to\b|"
    r"(?:never|don't|do\s+not)\s+(?:use|write|add)\s+(?P<c>[\w -]{2,30}?)\s+(?:outside|beyond|except\s+in)\b|"
    r"(?P<d>[\w -]{2,30}?)\s+(?:is|are)\s+(?:not\s+allowed|forbidden|banned|prohibited)\s+(?:outside|except\s+in)\b|"
    r"the\s+only\s+place\s+(?:we|you|i)\s+(?:allow|permit|use|accept)\s+(?P<e>[\w -]{2,30}?)\s+is\b)", re.I)


def confined_feature(sentence: str) -> str | None:
    """The language feature a sentence keeps to one place ("No unsafe outside the ffi module": unsafe), else None."""
    m = _CONFINED.match(sentence.strip())
    if not m:
        return None
    said = _ARTICLE.sub("", next(g for g in m.groups() if g).strip().lower())
    if not is_language_feature(said):
        return None
    return re.sub(r"\s+(?:code|blocks?)$", "", said)  # "unsafe code", "unsafe blocks": unsafe


def with_confined(delta: str, items: list[Any]) -> list[Any]:
    """The memories read, plus a constraint for each language feature the person's sentences keep to one place
    that no memory read speaks of: ``no unsafe``, described by every sentence that says so."""
    from lore.memory.extract import Extracted, _slug
    from lore.memory.learned import turn_sentences

    out = list(items)
    made: dict[str, Any] = {}
    for sentence in (s for turn in turn_sentences(delta) for s in turn[:200]):
        feature = confined_feature(sentence)
        if feature is None:
            continue
        subject = f"no {feature}"
        text = sentence.strip().rstrip(".!")
        own: Any = next((it for it in out if _slug(it.subject) == _slug(subject) or text in it.description), None)
        if own is None:
            made[subject] = Extracted("constraint", subject, text, forbids=[feature])
            out.append(made[subject])
        elif subject in made and own is made[subject] and text not in own.description and len(own.description) < 1000:
            own.description = f"{own.description}; {text}"
    return out
