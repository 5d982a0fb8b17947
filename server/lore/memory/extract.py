"""finalize-turn, reading: which sentences of a finished exchange are durable facts (zero network).

The seed's signal table decides what is kept: decisions ("we'll use X", "going with Y", "we decided"),
preferences ("I prefer", "always/never use"), constraints ("must", "can't use", "prioritize X over Y"),
dependencies ("X depends on / calls / requires Y") and architecture ("X is responsible for …"). Each
kept sentence becomes an entity with :description and :entity-type; the why ("because …", "since …",
"— …", or a following "That's because …" sentence) becomes :rationale, and rejected alternatives
("over X", "instead of X", "rather than X", "X was too …", "switching from X") become :rejects edges
(a constraint's "can't use X" becomes :forbids). Entities resolve against existing idents and :alias
values, so a second mention reuses the first entity; idents are canonical lowercase-hyphen.

Transient chatter is skipped: questions, greetings and acknowledgements, requests to do something now,
hypotheticals ("maybe", "what if"), and statements scoped to now ("for now", "temporarily").

Only the user's turns are read when the delta has speaker labels (the agent's turns restate or ask);
a delta without labels is read whole. Another strategy (an LLM, or the connected agent) can be plugged
in with ``register_strategy``; LORE_EXTRACTION_STRATEGY picks one (default ``heuristic``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from lore.memory.tokens import STOPWORDS

MAX_DESCRIPTION = 500

_SPEAKER = re.compile(r"(?:^|(?<=\s))(User|Human|Me|Agent|Assistant|AI|Claude|Bot)\s*:", re.I)
_USER = {"user", "human", "me"}

_I = r"(?:i|we)"
SIGNALS: list[tuple[str, re.Pattern[str]]] = [
    ("decision", re.compile(
        r"\b(?:we(?:'ll| will| are going to|'re going to)? (?:use|go with|adopt|switch to|move to|migrate to|"
        r"standardi[sz]e on|keep)|(?:we're|we are|i'm) (?:going with|switching to|moving to|migrating to|"
        r"using|standardi[sz]ing on)|going with|go with|(?:we|i) (?:have |'ve )?decided|decided (?:to|on)|"
        r"(?:the )?decision (?:is|was)|let's (?:use|go with|switch to|adopt|keep|move to|standardi[sz]e on)|"
        r"(?:we|i) (?:chose|picked|settled on|opted for|selected)|(?:we've|we have) (?:chosen|picked|settled on)|"
        r"switching (?:from \S+(?: \S+)? )?to|we're replacing|replace[sd]? \S+(?: \S+)? with|the plan is to|"
        r"(?:we|team|everyone) (?:all )?agreed (?:on|to)|(?:runs|run|is built|are built) (?:on|with) \S+ now|"
        r"(?:frontend|backend|service|app|api|stack|cli|server|client)s? (?:uses|is written in|runs on))\b", re.I)),
    ("preference", re.compile(
        rf"\b(?:{_I} (?:really |strongly |much |would |'d )?(?:prefer|like|love|hate|dislike|rather)|"
        rf"{_I} (?:don't|do not) (?:like|want)|{_I}'d rather|"
        r"(?:please )?(?:always|never) (?:use|write|put|add|run|mock|commit|call|name|prefix|return|log|raise|"
        r"keep|make|pin|squash|rebase|format|wrap|store|hard-?code|import|leave|push)|"
        r"(?:prefer|preferably) \w+|no (?:more )?\w+ (?:in|for) (?:tests|production|prod|the codebase)|"
        r"(?:my|our|the team's) (?:preference|style|convention) is|stick (?:to|with)|avoid (?:using )?\w+|"
        r"let's not|^use \S+ (?:for|in|everywhere|when)|"
        r"\w+s should (?:be|have|use|not|never|always))\b",
        re.I)),
    ("constraint", re.compile(
        r"\b(?:must(?:n't| not| never| always)?|can't use|cannot use|can not use|can't depend|cannot depend|"
        r"(?:has|have) to|needs? to (?:support|run|stay|be|work|handle|remain)|is required|are required|"
        r"requirement is|(?:is|are) not allowed|not allowed to|is forbidden|are forbidden|forbidden|"
        r"no more than|at most|at least|never exceed|may not|shall|prioriti[sz]e \w+(?: \w+)? over|"
        r"(?:is|are) limited to|only (?:run|runs|works|support|supports) on|mandatory|compliance requires|"
        r"(?:latency|budget|limit|quota|sla|timeout) (?:is|of|must|under|below)|"
        r"(?:every|all|each) [\w\s-]{1,30}? needs? (?:a|an|to)|is the (?:minimum|maximum)|minimum (?:version|runtime)|"
        r"maximum of)\b", re.I)),
    ("dependency", re.compile(
        r"\b(?:depends on|depend on|relies on|rely on|calls into|calls|talks to|is built on(?: top of)?|"
        r"requires|imports|reads from|writes to|sits behind|publishes to|consumes from|is backed by|"
        r"backed by|sends \w+ to|pulls \w+ from|wraps)\b", re.I)),
    ("architecture", re.compile(
        r"\b(?:is responsible for|are responsible for|handles|owns|consists of|is composed of|"
        r"is the source of truth|lives in|is split into|data flows|is the entry point|"
        r"is the (?:only|single) (?:writer|reader|owner))\b", re.I)),
]

_QUESTION_START = re.compile(
    r"^(?:what|why|how|when|where|who|which|can|could|would|should|do|does|did|is|are|will|shall|have|has)\b",
    re.I)
_CHATTER = re.compile(
    r"^(?:hi|hello|hey|thanks|thank you|thx|ok(?:ay)?|sure|great|cool|nice|perfect|awesome|got it|sounds good|"
    r"lgtm|yes|yep|no|nope|done|good|alright|right|understood|noted|stored)\b[\s!.,]*", re.I)
_TRANSIENT = re.compile(
    r"\b(?:for now|right now|temporarily|temporary|just this once|for this (?:test|run|session|branch|pr)|"
    r"today|tonight|at the moment|this time|for the moment|currently debugging|in this session|quick hack|"
    r"for the demo|until (?:tomorrow|friday|monday|later)|take a break|lunch|coffee|brb|back in \d+|heading out|"
    r"signing off|call it a day|that's the bug|the bug is|is the bug|is failing|keeps failing|still failing|"
    r"crash(?:es|ed)?)\b", re.I)
_HYPOTHETICAL = re.compile(
    r"\b(?:maybe|might|perhaps|what if|not sure|wonder(?:ing)?|considering|thinking about|could we|"
    r"should we|we could|possibly|in theory|if we|unless|(?:it|that|this|there) must (?:be|have))\b", re.I)
_REQUEST = re.compile(
    r"^(?:please |pls |now )?(?:can you|could you|would you|run|fix|show|open|look|check|try|print|add|"
    r"rename|refactor|delete|remove|update|write|generate|explain|tell|let me|give me|make|help|find|"
    r"debug|test|commit|push|revert|undo|lint)\b", re.I)

_WHY = re.compile(r"\s*(?:,\s*)?\b(because|since|so that|due to|given that|as it|as they|in order to|"
                  r"for the sake of)\b", re.I)
_WHY_SENTENCE = re.compile(r"^(?:(?:that's|that is|this is|it's) because|because|the reason (?:is|was)|"
                           r"reason:|why\?|rationale:|since)\b\s*", re.I)
_DASH_WHY = re.compile(r"\s+(?:—|–|--| - )\s+")

_NP = r"([A-Za-z0-9][\w.+#/-]*(?:\s+(?!(?:for|because|since|as|to|and|but|in|on|with|over|instead|" \
      r"rather|than|so|which|that|the|a|an|is|was|it|we)\b)[A-Za-z0-9][\w.+#/-]*){0,2})"
_REJECT_PATTERNS = [
    re.compile(r"\b(?:over|instead of|rather than|in place of|not)\s+(?:the\s+|a\s+|an\s+|using\s+)?" + _NP, re.I),
    re.compile(r"\b(?:rejected|ruled out|dropped|dropping|ditched|ditching|abandoned|moving away from|"
               r"switching (?:away )?from|migrating (?:away )?from|replacing)\s+(?:the\s+)?" + _NP, re.I),
]
# Inside a "because …" clause only the unmistakable forms count ("over" there is usually not a choice).
_REJECT_IN_WHY = re.compile(r"\b(?:instead of|rather than|in place of)\s+(?:the\s+|a\s+|an\s+|using\s+)?" + _NP,
                            re.I)
_TOO = re.compile(r"\b" + _NP + r"\s+(?:was|is|were|are|felt|seemed)\s+(?:way\s+|far\s+|much\s+)?too\b", re.I)
_FORBID = re.compile(r"\b(?:can't|cannot|can not|must not|mustn't|may not|never)\s+(?:use|depend on|import|"
                     r"call|ship)\s+(?:the\s+)?" + _NP, re.I)
_OBJECT = re.compile(
    r"\b(?:use|using|go with|going with|adopt|switch(?:ing)? to|move to|moving to|migrate to|migrating to|"
    r"standardi[sz]e on|chose|choose|picked|pick|settled on|opted for|selected|decided on|keep|replace \S+ with|"
    r"replacing \S+ with)\s+(?:the\s+|a\s+|an\s+)?" + _NP, re.I)
_DEP = re.compile(
    r"^(?:the\s+|our\s+)?(.{2,60}?)\s+(depends on|depend on|relies on|rely on|calls into|calls|talks to|"
    r"is built on(?: top of)?|requires|imports|reads from|writes to|sits behind|publishes to|consumes from|"
    r"is backed by|backed by|wraps)\s+(?:the\s+|our\s+|a\s+|an\s+)?(.{2,60}?)(?:\s+(?:for|to|because|since|"
    r"via|when|so|and)\b.*)?[.!;]*$", re.I)
_SUBJECT = re.compile(r"^(?:the\s+|our\s+)?(.{2,60}?)\s+(?:is responsible for|are responsible for|handles|owns|"
                      r"consists of|is composed of|is the|lives in|is split into)\b", re.I)

REL_ATTR = {"calls": ":calls", "calls into": ":calls", "talks to": ":calls", "sends": ":calls",
            "publishes to": ":calls"}


@dataclass
class Extracted:
    kind: str
    subject: str
    description: str
    rationale: str | None = None
    rejects: list[str] = field(default_factory=list)
    forbids: list[str] = field(default_factory=list)
    relation: tuple[str, str] | None = None  # (attribute, object phrase) for dependencies
    alias: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "subject": self.subject, "description": self.description}
        if self.rationale:
            out["rationale"] = self.rationale
        if self.rejects:
            out["rejects"] = list(self.rejects)
        if self.forbids:
            out["forbids"] = list(self.forbids)
        if self.relation:
            out["relation"] = list(self.relation)
        return out


Strategy = Callable[[str], list[Extracted]]
STRATEGIES: dict[str, Strategy] = {}


def register_strategy(name: str, fn: Strategy) -> None:
    """Plug in another extraction strategy (an LLM, the connected agent); it returns Extracted items."""
    STRATEGIES[name] = fn


# ------------------------------------------------------------------ reading the exchange


def user_text(delta: str) -> list[str]:
    """The user's turns (all text when the delta has no speaker labels)."""
    marks = list(_SPEAKER.finditer(delta))
    if not marks:
        return [delta]
    out = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(delta)
        if m.group(1).lower() in _USER:
            out.append(delta[m.end():end])
    return out


def sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z\"'(`])|\n+|(?<=[.!?])$", text)
    return [p.strip() for p in parts if p and p.strip()]


def _clean(phrase: str) -> str:
    phrase = phrase.strip().strip("`'\".,;:!?()[]")
    words = phrase.split()
    while words and words[-1].lower() in STOPWORDS:
        words.pop()
    while words and words[0].lower() in STOPWORDS:
        words.pop(0)
    return " ".join(words)


def _is_chatter(s: str) -> bool:
    body = _CHATTER.sub("", s).strip()
    if not body or len(body) < 8:
        return True
    if re.match(r"^(?:i|we) (?:really )?(?:love|like|enjoy) (?:how|that|it|this|the way)\b", body, re.I):
        return True  # praise, not a preference
    if s.rstrip().endswith("?"):
        return True
    if _QUESTION_START.match(body) and not re.match(r"^(?:we|i)\b", body, re.I):
        return True
    if _TRANSIENT.search(s) or _HYPOTHETICAL.search(s):
        return True
    if _REQUEST.match(body) and not re.search(r"\b(?:always|never|from now on|going forward)\b", body, re.I):
        return True
    return False


def _kind(s: str) -> str | None:
    for kind, rx in SIGNALS:
        if rx.search(s):
            return kind
    if re.match(r"^(?:from now on|going forward|in future|in the future)\b", s, re.I):
        return "preference"  # a standing instruction with no stronger signal
    return None


def _split_why(s: str) -> tuple[str, str | None]:
    m = _WHY.search(s)
    if m and m.start() > 8:
        return s[:m.start()].rstrip(" ,;—–-"), s[m.start():].strip(" ,;").rstrip(".!")
    d = _DASH_WHY.search(s)
    if d and d.start() > 8:
        return s[:d.start()].rstrip(), s[d.end():].strip().rstrip(".!")
    return s, None


def _alternatives(s: str, kind: str) -> tuple[list[str], list[str]]:
    rejects: list[str] = []
    forbids: list[str] = []
    if kind in ("decision", "preference", "constraint"):
        for rx in _REJECT_PATTERNS:
            for m in rx.finditer(s):
                x = _clean(m.group(1))
                if x and x.lower() not in STOPWORDS and len(x) > 1 and not re.match(r"^(?:only|just|yet|really|"
                                                                                     r"necessarily|sure)\b", x, re.I):
                    rejects.append(x)
        for m in _TOO.finditer(s):
            x = _clean(m.group(1))
            if x and x.lower() not in ("it", "that", "this", "they", "which"):
                rejects.append(x)
    if kind == "constraint":
        for m in _FORBID.finditer(s):
            x = _clean(m.group(1))
            if x:
                forbids.append(x)
        rejects = [r for r in rejects if r not in forbids]
    return list(dict.fromkeys(rejects)), list(dict.fromkeys(forbids))


def _subject(s: str, kind: str, clause: str) -> tuple[str, tuple[str, str] | None]:
    if kind == "decision":
        m = _OBJECT.search(clause)
        if m:
            return _clean(m.group(1)), None
    if kind == "dependency":
        m = _DEP.match(clause.strip())
        if m:
            verb = m.group(2).lower()
            attr = REL_ATTR.get(verb, ":depends-on")
            return _clean(m.group(1)), (attr, _clean(m.group(3)))
    if kind == "architecture":
        m = _SUBJECT.match(clause.strip())
        if m:
            return _clean(m.group(1)), None
    # Otherwise the clause's content words name it.
    words = [w.rstrip(".") for w in re.findall(r"[A-Za-z0-9][\w.+#'’-]*", clause)]
    # A negation up front ("never log …", "we can't use X") names the memory "no-…", as in :preference/no-db-mocks.
    negated = kind in ("preference", "constraint") and bool(_NEGATION.match(clause.strip()))
    words = [w for w in words if w and w.lower() not in STOPWORDS and w.lower() not in _FILLER
             and w.lower() not in _VERBS]
    return ("no " if negated else "") + " ".join(words[:5]), None


_NEGATION = re.compile(r"^(?:\w+\s+){0,2}?(?:never|don't|do not|can't|cannot|can not|must not|mustn't|avoid|no|"
                       r"not)\b", re.I)
_VERBS = {"log", "write", "put", "add", "run", "mock", "commit", "call", "name", "return", "raise", "store",
          "import", "leave", "push", "ship", "depend"}


_FILLER = {"always", "never", "use", "using", "prefer", "like", "must", "should", "please", "want", "don't",
           "need", "needs", "really", "strongly", "rather", "i'd", "we'd", "hate", "love", "dislike", "let's",
           "going", "decided", "decide", "go", "make", "sure", "keep", "has", "have", "can't", "cannot",
           "mustn't", "required", "only", "avoid", "stick", "instead"}


def heuristic(delta: str) -> list[Extracted]:
    out: list[Extracted] = []
    for turn in user_text(delta):
        prev: Extracted | None = None
        for s in sentences(turn):
            why = _WHY_SENTENCE.match(s)
            if why and prev is not None:
                prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                continue
            if _is_chatter(s):
                prev = None
                continue
            kind = _kind(s)
            if kind is None:
                # "X was too slow" after a decision names a rejected alternative of that decision.
                if prev is not None and _TOO.search(s):
                    rej, _ = _alternatives(s, "decision")
                    prev.rejects.extend(r for r in rej if r not in prev.rejects)
                    if not prev.rationale:
                        prev.rationale = s.rstrip(".!")
                prev = None if prev is None else prev
                continue
            clause, rationale = _split_why(s)
            subject, relation = _subject(s, kind, clause)
            if not subject or not _slug(subject):
                continue
            rejects, forbids = _alternatives(clause, kind)
            if rationale and kind in ("decision", "preference"):
                rejects += [x for x in (_clean(m.group(1)) for m in _REJECT_IN_WHY.finditer(rationale))
                            if x and x.lower() not in STOPWORDS and x not in rejects]
            rejects = [r for r in rejects if _slug(r) != _slug(subject)]
            item = Extracted(kind, subject, s.rstrip()[:MAX_DESCRIPTION].rstrip(".!"), rationale, rejects, forbids,
                             relation)
            if kind == "decision":
                item.alias = subject
            out.append(item)
            prev = item
    return out


STRATEGIES["heuristic"] = heuristic


def _slug(text: str, max_len: int = 60) -> str:
    s = re.sub(r"-+", "-", re.sub(r"[^a-z0-9]+", "-", text.lower())).strip("-")
    if len(s) > max_len:
        s = s[:max_len].rsplit("-", 1)[0] or s[:max_len]
    return s
