"""Datalog text -> a small AST (SPEC §2, the dialect of seed 001 / minigraf).

The EDN reader does the lexing; this module checks the shape of every section and clause and reports
what is wrong with a stable error code and the position of the offending form. A predicate written
without square brackets (``(contains? ?v "x")``) is an error that says to add them: minigraf silently
returns nothing for it.
"""

from __future__ import annotations

import uuid as _uuid
from dataclasses import dataclass, field
from typing import Any, Union

from lore import edn
from lore.edn import Instant, Keyword, Map, PList, Symbol, Vector
from lore.errors import LoreError

# Predicates and binding functions: names the compiler knows. A list form headed by one of them is a
# predicate written without brackets.
COMPARISONS = ("=", "!=", "<", ">", "<=", ">=")
STRING_PREDICATES = ("contains?", "starts-with?", "ends-with?", "matches?")
TYPE_TESTS = ("string?", "integer?", "float?", "boolean?", "keyword?", "instant?", "number?")
PREDICATES = COMPARISONS + STRING_PREDICATES + TYPE_TESTS
FUNCTIONS = ("+", "-", "*", "/", "str", "lower", "upper")
AGGREGATES = ("count", "count-distinct", "sum", "sum-distinct", "avg", "min", "max")
# Window functions (SPEC §2): aggregates over a window take one variable, rankings none, offsets one
# variable and an optional row offset.
WINDOW_AGGREGATES = ("sum", "count", "min", "max", "avg")
WINDOW_RANKINGS = ("row-number", "rank", "dense-rank")
WINDOW_OFFSETS = ("lag", "lead")
WINDOW_FUNCTIONS = WINDOW_AGGREGATES + WINDOW_RANKINGS + WINDOW_OFFSETS
NUMERIC_TAGS = ("i", "f")
RESERVED = set(PREDICATES) | set(FUNCTIONS) | {"not", "not-join", "or", "or-join", "and"}
SECTIONS = ("find", "where", "with", "in", "as-of", "valid-at", "any-valid-time", "order-by", "limit",
            "max-results", "max-derived-facts")

MAX_CLAUSES = 2000  # a query is text a person or agent wrote; beyond this it is an accident or an attack


def _pos(x: Any) -> Any:
    p = getattr(x, "pos", None)
    return p.to_json() if p is not None else None


def fail(code: str, message: str, form: Any = None, fallback: Any = None) -> LoreError:
    return LoreError(code, message, _pos(form) or _pos(fallback))


# ------------------------------------------------------------------ AST

@dataclass(frozen=True)
class Var:
    name: str  # with the leading '?'
    pos: Any = field(default=None, compare=False, hash=False)


@dataclass(frozen=True)
class Wild:
    pos: Any = field(default=None, compare=False, hash=False)


@dataclass(frozen=True)
class Const:
    value: Any  # an EDN value: str, int, float, bool, Keyword, Instant, UUID
    pos: Any = field(default=None, compare=False, hash=False)


@dataclass(frozen=True)
class Param:
    name: str  # without the '$'
    pos: Any = field(default=None, compare=False, hash=False)


@dataclass(frozen=True)
class Expr:
    """A binding function nested in another's arguments: ``(* ?a 2)`` in ``[(+ (* ?a 2) 1) ?b]``."""

    op: str
    args: tuple[Any, ...]
    pos: Any = field(default=None, compare=False, hash=False)


Term = Union[Var, Wild, Const, Param]

MAX_NESTING = 32  # nested binding functions; deeper is an accident or an attack


def term_vars(t: Any) -> set[str]:
    """The variables of a term, looking inside nested functions."""
    if isinstance(t, Var):
        return {t.name}
    if isinstance(t, Expr):
        out: set[str] = set()
        for a in t.args:
            out |= term_vars(a)
        return out
    return set()


@dataclass
class Pattern:
    e: Term
    a: Term
    v: Term
    pos: Any = None


@dataclass
class Pred:
    op: str
    args: list[Term]
    pos: Any = None


@dataclass
class Fn:
    op: str
    args: list[Term]
    out: Term  # Var or Wild
    pos: Any = None


@dataclass
class RuleCall:
    name: str
    args: list[Term]
    pos: Any = None


@dataclass
class Not:
    clauses: list[Any]
    join: list[Var] | None = None  # not-join's variables; None for plain not
    pos: Any = None


@dataclass
class Or:
    branches: list[list[Any]]
    join: list[Var] | None = None  # or-join's variables; None for plain or
    pos: Any = None


@dataclass(frozen=True)
class Agg:
    fn: str
    var: Var
    pos: Any = field(default=None, compare=False, hash=False)


@dataclass(frozen=True)
class Window:
    """``(fn [?x [offset]] :over (:partition-by ?p … :order-by ?o [:desc] …))`` in :find."""

    fn: str
    var: Var | None  # None for the ranking functions
    partition: tuple[Var, ...]
    order: tuple[tuple[Var, bool], ...]  # (variable, descending)
    offset: int = 1  # lag/lead: how many rows back or ahead
    text: str = field(default="", compare=False, hash=False)  # the expression as written: the column's name
    pos: Any = field(default=None, compare=False, hash=False)


FindItem = Union[Var, Agg, Window]


def item_name(f: FindItem) -> str:
    """The column name of a :find item: the variable, ``(fn ?x)``, or a window as written."""
    if isinstance(f, Var):
        return f.name
    if isinstance(f, Window):
        return f.text
    return f"({f.fn} {f.var.name})"


@dataclass
class Query:
    find: list[FindItem]
    where: list[Any]
    with_: list[Var] = field(default_factory=list)
    inputs: list[str] = field(default_factory=list)  # parameter names declared by :in
    as_of: Union[int, str, None] = None
    valid_at: Union[str, Instant, None] = None  # ISO text or #inst; None means now
    any_valid_time: bool = False
    order_by: list[tuple[FindItem, bool]] = field(default_factory=list)  # (item, descending)
    limit: int | None = None
    max_results: int | None = None  # at most this many rows; the reply says "truncated" when more existed
    max_derived_facts: int | None = None  # rules may derive at most this many rows (derived-facts-limit)


@dataclass
class Rule:
    name: str
    args: list[Var]
    body: list[Any]
    source: str = ""
    pos: Any = None


# ------------------------------------------------------------------ terms

def term(x: Any, ctx: Any = None) -> Term:
    if isinstance(x, Symbol):
        s = str(x)
        if s == "_":
            return Wild(_pos(x))
        if s.startswith("?"):
            if len(s) < 2:
                raise fail("bad-variable", "a variable needs a name after '?', e.g. ?e", x)
            return Var(s, _pos(x))
        if s.startswith("$"):
            if len(s) < 2:
                raise fail("bad-parameter", "a parameter needs a name after '$', e.g. $name", x)
            return Param(s[1:], _pos(x))
        raise fail("bad-term", f"'{s}' is not a variable (?x), wildcard (_), parameter ($x) or value; "
                   f"quote text as a string", x, ctx)
    if x is None:
        raise fail("bad-term", "nil is not a value in a clause", ctx)
    if isinstance(x, bool) or isinstance(x, (Keyword, str, int, float, Instant, _uuid.UUID)):
        return Const(x, _pos(x) or _pos(ctx))
    raise fail("bad-term", f"{_describe(x)} cannot appear in a clause", x, ctx)


def _describe(x: Any) -> str:
    if isinstance(x, Vector):
        return "a vector"
    if isinstance(x, PList):
        return "a list"
    if isinstance(x, dict):
        return "a map"
    if isinstance(x, (set, frozenset)):
        return "a set"
    return repr(x)


def _var(x: Any, what: str, ctx: Any = None) -> Var:
    t = term(x, ctx) if isinstance(x, Symbol) else None
    if not isinstance(t, Var):
        raise fail("bad-variable", f"{what} must be a variable such as ?x, got {edn_text(x)}", x, ctx)
    return t


def edn_text(x: Any) -> str:
    try:
        return edn.dumps(x)
    except TypeError:
        return repr(x)


# ------------------------------------------------------------------ clauses

class _Budget:
    def __init__(self) -> None:
        self.n = 0

    def tick(self, form: Any) -> None:
        self.n += 1
        if self.n > MAX_CLAUSES:
            raise fail("too-large", f"more than {MAX_CLAUSES} clauses", form)


def conjunction(forms: list[Any], budget: "_Budget") -> list[Any]:
    """Clauses of a conjunction; an (and …) outside an or is spliced into it."""
    out: list[Any] = []
    for f in forms:
        c = clause(f, budget)
        out.extend(c.clauses if isinstance(c, _And) else [c])
    return out


def clause(x: Any, budget: _Budget) -> Any:
    budget.tick(x)
    if isinstance(x, Vector):
        if x and isinstance(x[0], PList):
            return _bracketed(x)
        if len(x) != 3:
            raise fail("bad-pattern",
                       f"a data pattern has three terms [entity attribute value], got {len(x)}: {edn_text(x)}", x)
        return Pattern(term(x[0], x), term(x[1], x), term(x[2], x), _pos(x))
    if isinstance(x, PList):
        if not x or not isinstance(x[0], Symbol):
            raise fail("bad-clause", f"a list clause starts with not, or, a rule name…, got {edn_text(x)}", x)
        head = str(x[0])
        if head in PREDICATES or head in FUNCTIONS:
            raise fail("predicate-needs-brackets",
                       f"the predicate ({head} …) must be written in square brackets: [{edn_text(x)}]", x)
        if head == "not":
            if len(x) < 2:
                raise fail("bad-clause", "(not …) needs at least one clause", x)
            return Not(conjunction(x[1:], budget), None, _pos(x))
        if head == "not-join":
            if len(x) < 3 or not isinstance(x[1], Vector):
                raise fail("bad-clause", "(not-join [?v …] clause …) needs a vector of variables and clauses", x)
            vs = [_var(v, "a not-join variable", x) for v in x[1]]
            return Not(conjunction(x[2:], budget), vs, _pos(x))
        if head in ("or", "or-join"):
            join = None
            rest = x[1:]
            if head == "or-join":
                if len(x) < 3 or not isinstance(x[1], Vector):
                    raise fail("bad-clause", "(or-join [?v …] clause …) needs a vector of variables and clauses", x)
                join = [_var(v, "an or-join variable", x) for v in x[1]]
                rest = x[2:]
            if not rest:
                raise fail("bad-clause", f"({head} …) needs at least one clause", x)
            branches = []
            for b in rest:
                c = clause(b, budget)
                branches.append(c.clauses if isinstance(c, _And) else [c])
            return Or(branches, join, _pos(x))
        if head == "and":
            if len(x) < 2:
                raise fail("bad-clause", "(and …) needs at least one clause", x)
            return _And(conjunction(x[1:], budget))
        if head.startswith(("?", "$")) or head == "_":
            raise fail("bad-clause", f"a rule call starts with the rule's name, not {head}", x)
        return RuleCall(head, [term(a, x) for a in x[1:]], _pos(x))
    raise fail("bad-clause", f"a clause is a pattern [e a v], a predicate [(pred …)], or a list (not …), "
               f"got {edn_text(x)}", x)


@dataclass
class _And:
    clauses: list[Any]


def _bracketed(x: Vector) -> Any:
    call = x[0]
    if not call or not isinstance(call[0], Symbol):
        raise fail("bad-clause", f"a predicate starts with its name, e.g. [(< ?x 10)], got {edn_text(x)}", x)
    op = str(call[0])
    args = [_arg(a, call, 0) for a in call[1:]]
    if len(x) == 1:
        if op in FUNCTIONS:
            raise fail("bad-clause", f"the function {op} needs a variable to bind: [({op} …) ?out]", x)
        if op not in PREDICATES:
            raise fail("unknown-predicate", f"unknown predicate {op}; known: {', '.join(PREDICATES)}", call)
        _arity(op, args, call)
        return Pred(op, args, _pos(x))
    if len(x) == 2:
        if op not in FUNCTIONS:
            if op in PREDICATES:
                raise fail("bad-clause", f"{op} is a predicate and binds nothing: write [({op} …)]", x)
            raise fail("unknown-function", f"unknown function {op}; known: {', '.join(FUNCTIONS)}", call)
        out = term(x[1], x)
        if not isinstance(out, (Var, Wild)):
            raise fail("bad-clause", f"a function binds a variable: [({op} …) ?out], got {edn_text(x[1])}", x)
        _arity(op, args, call)
        return Fn(op, args, out, _pos(x))
    raise fail("bad-clause", f"a bracketed function call is [(f …)] or [(f …) ?out], got {edn_text(x)}", x)


def _arg(a: Any, call: Any, depth: int) -> Any:
    """An argument of a predicate or function: a term, or a nested binding function ``(op …)``."""
    if isinstance(a, PList) and a and isinstance(a[0], Symbol):
        op = str(a[0])
        if op in FUNCTIONS:
            if depth >= MAX_NESTING:
                raise fail("too-deep", f"binding functions nest at most {MAX_NESTING} deep", a)
            args = [_arg(x, a, depth + 1) for x in a[1:]]
            _arity(op, args, a)
            return Expr(op, tuple(args), _pos(a))
        if op in PREDICATES:
            raise fail("bad-clause", f"the predicate {op} gives no value to pass on; only binding functions "
                       f"({', '.join(FUNCTIONS)}) nest", a, call)
        raise fail("unknown-function", f"unknown function {op}; known: {', '.join(FUNCTIONS)}", a, call)
    return term(a, call)


def _arity(op: str, args: list[Term], form: Any) -> None:
    if op in COMPARISONS or op in STRING_PREDICATES:
        ok = len(args) == 2
        want = "two arguments"
    elif op in TYPE_TESTS or op in ("lower", "upper"):
        ok = len(args) == 1
        want = "one argument"
    elif op == "-":
        ok = len(args) >= 1
        want = "at least one argument"
    elif op in ("+", "*", "/"):
        ok = len(args) >= 2
        want = "at least two arguments"
    else:  # str
        ok = len(args) >= 1
        want = "at least one argument"
    if not ok:
        raise fail("bad-arity", f"{op} takes {want}, got {len(args)}", form)
    for a in args:
        if isinstance(a, Wild):
            raise fail("bad-clause", f"_ cannot be an argument of {op}", form)


# ------------------------------------------------------------------ queries

def parse_query(text: str) -> Query:
    form = edn.read(text)
    if isinstance(form, Map):
        form = _map_query(form)
    if not isinstance(form, Vector) or not form or form[0] != Keyword("find"):
        raise fail("bad-query", "a query is a vector starting with :find, e.g. [:find ?e :where [?e :name _]]",
                   form)
    sections: dict[str, list[Any]] = {}
    section_pos: dict[str, Any] = {}
    cur: str | None = None
    for x in form:
        if isinstance(x, Keyword) and "/" not in str(x) and (str(x) in SECTIONS or cur is None
                                                                or not _is_value_section(cur)):
            name = str(x)
            if name not in SECTIONS:
                raise fail("unknown-section", f"unknown query section :{name}; sections: "
                           + " ".join(":" + s for s in SECTIONS), x)
            if name in sections:
                raise fail("duplicate-section", f"the section :{name} appears twice", x)
            sections[name] = []
            section_pos[name] = x
            cur = name
        else:
            assert cur is not None  # the form starts with :find (checked above)
            sections[cur].append(x)
    budget = _Budget()
    q = Query(find=[], where=[])
    if not sections.get("find"):
        raise fail("bad-query", ":find needs at least one variable or aggregate", section_pos["find"])
    for f in sections["find"]:
        q.find.append(_find_item(f, section_pos["find"], text))
    if "where" not in sections or not sections["where"]:
        raise fail("bad-query", "a query needs a :where section with at least one clause", form)
    q.where = conjunction(sections["where"], budget)
    for v in sections.get("with", []):
        q.with_.append(_var(v, "a :with entry", section_pos["with"]))
    for v in sections.get("in", []):
        if isinstance(v, Symbol) and str(v) == "$":
            continue  # the database source of Datomic: there is one graph
        t = term(v, section_pos["in"]) if isinstance(v, Symbol) and str(v).startswith("$") else None
        if not isinstance(t, Param):
            raise fail("bad-input", f":in takes parameters such as $name, got {edn_text(v)}", v, section_pos["in"])
        if t.name in q.inputs:
            raise fail("bad-input", f"the parameter ${t.name} is declared twice", v)
        q.inputs.append(t.name)
    if "as-of" in sections:
        vals = sections["as-of"]
        if len(vals) != 1 or isinstance(vals[0], bool) or not isinstance(vals[0], (int, str)) \
                or isinstance(vals[0], (Keyword, Symbol)):
            raise fail("bad-as-of", ':as-of takes a transaction number or an ISO instant string', section_pos["as-of"])
        if isinstance(vals[0], int) and vals[0] < 0:
            raise fail("bad-as-of", ":as-of takes a non-negative transaction number", section_pos["as-of"])
        q.as_of = vals[0]
    if "valid-at" in sections:
        vals = sections["valid-at"]
        if len(vals) != 1:
            raise fail("bad-valid-at", ':valid-at takes one instant, e.g. :valid-at "2024-01-01"', section_pos["valid-at"])
        v = vals[0]
        if isinstance(v, Instant):
            q.valid_at = v
        elif isinstance(v, str) and not isinstance(v, (Keyword, Symbol)):
            q.valid_at = v
        else:
            raise fail("bad-valid-at", ':valid-at takes an ISO instant string', section_pos["valid-at"])
    if "any-valid-time" in sections:
        if sections["any-valid-time"]:
            raise fail("bad-query", ":any-valid-time takes no value", section_pos["any-valid-time"])
        if "valid-at" in sections:
            raise fail("bad-query", ":valid-at and :any-valid-time cannot be used together",
                       section_pos["any-valid-time"])
        q.any_valid_time = True
    if "order-by" in sections:
        items = sections["order-by"]
        if len(items) == 1 and isinstance(items[0], Vector):
            items = list(items[0])
        if not items:
            raise fail("bad-order-by", ":order-by needs a variable", section_pos["order-by"])
        for x in items:
            if isinstance(x, Keyword) and str(x) in ("asc", "desc"):
                if not q.order_by:
                    raise fail("bad-order-by", f":{x} must follow a variable", x)
                q.order_by[-1] = (q.order_by[-1][0], str(x) == "desc")
                continue
            q.order_by.append((_find_item(x, section_pos["order-by"], text), False))
    if "limit" in sections:
        vals = sections["limit"]
        if len(vals) != 1 or isinstance(vals[0], bool) or not isinstance(vals[0], int) or vals[0] < 0:
            raise fail("bad-limit", ":limit takes one non-negative integer", section_pos["limit"])
        q.limit = vals[0]
    for name in ("max-results", "max-derived-facts"):
        if name in sections:
            vals = sections[name]
            if len(vals) != 1 or isinstance(vals[0], bool) or not isinstance(vals[0], int) or vals[0] < 0:
                raise fail("bad-" + name, f":{name} takes one non-negative integer", section_pos[name])
            setattr(q, name.replace("-", "_"), vals[0])
    windows = [f for f in q.find if isinstance(f, Window)]
    aggs = [f for f in q.find if isinstance(f, Agg)]
    if windows and aggs:
        raise LoreError("window-and-aggregate",
                        f"a :find cannot mix a window function ({windows[0].text}) with an aggregate "
                        f"({item_name(aggs[0])}): the aggregate collapses the rows the window runs over", aggs[0].pos)
    return q


def _is_value_section(name: str) -> bool:
    # inside these sections a bare keyword is a value (:order-by [?v :desc]) rather than a new section
    return name == "order-by"


def _find_item(x: Any, ctx: Any, text: str = "") -> FindItem:
    if isinstance(x, PList):
        if any(isinstance(a, Keyword) and str(a) == "over" for a in x):
            return _window(x, text)
        fn = str(x[0]) if x and isinstance(x[0], Symbol) else ""
        if fn in WINDOW_FUNCTIONS and fn not in AGGREGATES:
            raise fail("bad-window-function", f"{fn} is a window function: ({fn} {'?x ' if fn not in WINDOW_RANKINGS else ''}"
                       f":over (:order-by ?o))", x)
        if len(x) != 2 or not isinstance(x[0], Symbol):
            raise fail("bad-aggregate", f"an aggregate is (fn ?var), e.g. (count ?e); got {edn_text(x)}", x)
        if fn not in AGGREGATES:
            if fn in WINDOW_FUNCTIONS:
                raise fail("bad-window-function", f"{fn} is a window function: ({fn} {'?x ' if fn not in WINDOW_RANKINGS else ''}"
                           f":over (:order-by ?o))", x)
            raise fail("unknown-aggregate", f"unknown aggregate {fn}; known: {', '.join(AGGREGATES)}", x)
        return Agg(fn, _var(x[1], f"the argument of {fn}", x), _pos(x))
    if isinstance(x, Symbol) and str(x) in WINDOW_RANKINGS:
        raise fail("bad-window-function", f"{x} is a window function and needs parentheses: ({x} :over (:order-by ?o))", x, ctx)
    return _var(x, "a :find entry", ctx)


def _window(x: PList, text: str) -> Window:
    """``(fn args… :over (spec…))``: check the function, its arguments and the window spec."""
    if not x or not isinstance(x[0], Symbol):
        raise fail("bad-window-function", f"a window function starts with its name, e.g. (rank :over (:order-by ?o)); "
                   f"got {edn_text(x)}", x)
    fn = str(x[0])
    if fn not in WINDOW_FUNCTIONS:
        raise fail("unknown-window-function",
                   f"unknown window function {fn}; known: {', '.join(WINDOW_FUNCTIONS)}", x)
    over = [i for i, a in enumerate(x) if isinstance(a, Keyword) and str(a) == "over"]
    if len(over) != 1 or over[0] != len(x) - 2 or not isinstance(x[-1], PList):
        raise fail("bad-window-function", f"a window ends with :over and one list, e.g. ({fn} … :over (:order-by ?o)); "
                   f"got {edn_text(x)}", x)
    args = list(x[1:over[0]])
    var: Var | None = None
    offset = 1
    if fn in WINDOW_RANKINGS:
        if args:
            raise fail("bad-window-function", f"{fn} takes no argument: ({fn} :over (:order-by ?o))", x)
    else:
        if not args:
            raise fail("bad-window-function", f"{fn} needs a variable: ({fn} ?x :over (:order-by ?o))", x)
        var = _var(args[0], f"the argument of {fn}", x)
        rest = args[1:]
        if fn in WINDOW_OFFSETS and len(rest) == 1:
            n = rest[0]
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise fail("bad-window-function", f"the offset of {fn} is a non-negative integer, got {edn_text(n)}", x)
            offset = n
        elif rest:
            more = "a variable and an optional row offset" if fn in WINDOW_OFFSETS else "one variable"
            raise fail("bad-window-function", f"{fn} takes {more} before :over, got {edn_text(x)}", x)
    spec = x[-1]
    partition: list[Var] = []
    order: list[tuple[Var, bool]] = []
    cur: str | None = None
    seen: set[str] = set()
    for item in spec:
        if isinstance(item, Keyword) and str(item) in ("partition-by", "order-by"):
            if str(item) in seen:
                raise fail("bad-window-function", f":{item} appears twice in :over", item, spec)
            seen.add(str(item))
            cur = str(item)
            continue
        if isinstance(item, Keyword) and str(item) in ("asc", "desc") and cur == "order-by" and order:
            order[-1] = (order[-1][0], str(item) == "desc")
            continue
        items = list(item) if isinstance(item, Vector) else [item]
        if cur is None:
            raise fail("bad-window-function", f":over takes :partition-by and :order-by, got {edn_text(item)}", item, spec)
        for it in items:
            if isinstance(it, Keyword) and str(it) in ("asc", "desc") and cur == "order-by" and order:
                order[-1] = (order[-1][0], str(it) == "desc")
                continue
            v = _var(it, f"a :{cur} entry", spec)
            (partition.append(v) if cur == "partition-by" else order.append((v, False)))
    if not order:
        raise fail("bad-window-function", f"a window needs :order-by: ({fn} … :over (:order-by ?o))", spec, x)
    if "partition-by" in seen and not partition:
        raise fail("bad-window-function", ":partition-by needs at least one variable", spec, x)
    return Window(fn, var, tuple(partition), tuple(order), offset, _written(x, text), _pos(x))


def _written(x: PList, text: str) -> str:
    """The source text of a list form (whitespace runs as one space), else its EDN printing."""
    pos = getattr(x, "pos", None)
    if pos is None or not text or pos.offset >= len(text) or text[pos.offset] != "(":
        return edn_text(x)
    depth, i, n = 0, pos.offset, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif ch == ";":
            while i < n and text[i] != "\n":
                i += 1
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return " ".join(text[pos.offset:i + 1].replace(",", " ").split()).replace("( ", "(").replace(" )", ")")
        i += 1
    return edn_text(x)


def _map_query(m: Map) -> Vector:
    out = Vector()
    out.pos = m.pos
    for k, v in m.items():
        if not isinstance(k, Keyword):
            raise fail("bad-query", "a map query has keyword keys such as :find and :where", m)
        out.append(k)
        if isinstance(v, Vector) and str(k) in ("find", "where", "with", "in", "order-by"):
            out.extend(v)
        elif str(k) == "any-valid-time":
            if v is not True:
                raise fail("bad-query", ":any-valid-time takes true in a map query", m)
        else:
            out.append(v)
    return out


# ------------------------------------------------------------------ rules

def parse_rules(text: str) -> list[Rule]:
    """One or more rules: ``[(name ?a ?b) clause …]``."""
    forms = edn.read_all(text)
    if not forms:
        raise LoreError("bad-rule", "no rule given; a rule looks like [(name ?a ?b) [?a :edge ?b]]")
    if len(forms) == 1 and isinstance(forms[0], Vector) and forms[0] and isinstance(forms[0][0], Vector):
        forms = list(forms[0])  # a vector of rules, Datomic's %-style
    return [parse_rule(f, text) for f in forms]


def parse_rule(form: Any, text: str = "") -> Rule:
    if not isinstance(form, Vector) or not form or not isinstance(form[0], PList):
        raise fail("bad-rule", "a rule is a vector [(name ?a …) clause …], e.g. [(linked ?a ?b) [?a :calls ?b]]",
                   form)
    head = form[0]
    if not head or not isinstance(head[0], Symbol):
        raise fail("bad-rule", "a rule head is (name ?a …)", head)
    name = str(head[0])
    if name in RESERVED or name.startswith(("?", "$", ":")) or name == "_":
        raise fail("bad-rule-name", f"'{name}' cannot name a rule (it is a variable or a built-in form)", head)
    args = [_var(a, "a rule head argument", head) for a in head[1:]]
    if not args:
        raise fail("bad-rule", f"the rule {name} needs at least one argument", head)
    if len({a.name for a in args}) != len(args):
        raise fail("bad-rule", f"the rule head ({name} …) repeats a variable", head)
    if len(form) < 2:
        raise fail("bad-rule", f"the rule {name} needs at least one body clause", form)
    budget = _Budget()
    body = conjunction(form[1:], budget)
    source = edn_text(form)
    return Rule(name, args, body, source, _pos(form))


def walk_clauses(clauses: list[Any]):
    """Every clause, depth first, with whether it sits under a negation."""
    stack = [(c, False) for c in reversed(clauses)]
    while stack:
        c, neg = stack.pop()
        yield c, neg
        if isinstance(c, Not):
            stack.extend((x, True) for x in reversed(c.clauses))
        elif isinstance(c, Or):
            for b in reversed(c.branches):
                stack.extend((x, neg) for x in reversed(b))


def clause_vars(c: Any) -> set[str]:
    """The variables a clause mentions (for or/not checks)."""
    out: set[str] = set()
    if isinstance(c, Pattern):
        ts = [c.e, c.a, c.v]
    elif isinstance(c, Pred):
        ts = [v for a in c.args for v in ([a] if not isinstance(a, Expr) else [Var(n) for n in term_vars(a)])]
    elif isinstance(c, Fn):
        ts = [v for a in c.args for v in ([a] if not isinstance(a, Expr) else [Var(n) for n in term_vars(a)])]
        ts.append(c.out)
    elif isinstance(c, RuleCall):
        ts = c.args
    elif isinstance(c, Not):
        if c.join is not None:
            return {v.name for v in c.join}
        ts = []
        for x in c.clauses:
            out |= clause_vars(x)
    elif isinstance(c, Or):
        if c.join is not None:
            return {v.name for v in c.join}
        ts = []
        for b in c.branches:
            for x in b:
                out |= clause_vars(x)
    else:
        ts = []
    out |= {t.name for t in ts if isinstance(t, Var)}
    return out
