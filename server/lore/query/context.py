"""The state of one compilation: parameters, aliases, the time filter, constants, rule relations."""

from __future__ import annotations

from typing import Any, Callable

from lore.edn import Instant, Keyword
from lore.errors import LoreError
from lore.query.parser import Const, Param, edn_text
from lore.query.program import Program
from lore.query.recursion import Relation, RuleRelations
from lore.query.values import _ISO, NULL_N, T, err
from lore.store.graph import MAX_TX
from lore.store.values import encode
from lore.timeutil import parse_instant


class Ctx(RuleRelations):
    """State of one compilation: parameters, aliases, rule relations, the time filter."""

    def __init__(self, program: Program, *, as_of: int | None, valid_at: int | None,
                 inputs: dict[str, Any] | None = None, prefix: str = "", provenance: bool = False) -> None:
        self.program = program
        # Rule files' conclusions carry the ids of the facts they were derived from: scans and calls of
        # non-recursive rules add a list column p (recursive relations carry none, see recursion.py).
        self.provenance = provenance
        self.prov_relations: set[str] = set()
        self.as_of = as_of
        self.valid_at = valid_at
        self.inputs = inputs or {}
        self.params: dict[str, Any] = {}
        self.n = 0
        self.prefix = prefix
        self.relations: list[Relation] = []
        self.by_key: dict[Any, str] = {}
        self.building: set[str] = set()
        self.resolver: Callable[[str], str | None] | None = None  # fixpoint bodies: SCC call -> table

    def alias(self, p: str) -> str:
        self.n += 1
        return f"{p}{self.n}"

    def param(self, value: Any) -> str:
        name = f"p{len(self.params)}"
        self.params[name] = value
        return "$" + name

    def time_conds(self, al: str) -> list[str]:
        out = []
        if self.as_of is None:
            out.append(f"{al}.tx_to = {MAX_TX}")
        else:
            out.append(f"{al}.tx_from <= {int(self.as_of)}")
            out.append(f"{al}.tx_to > {int(self.as_of)}")
        if self.valid_at is not None:
            out.append(f"{al}.valid_from <= {int(self.valid_at)}")
            out.append(f"{al}.valid_to > {int(self.valid_at)}")
        return out

    @property
    def needs_fixpoint(self) -> bool:
        return any(r.fix is not None for r in self.relations)

    # -------------------------------------------------------------- constants

    def value_term(self, x: Any, pos: Any) -> T:
        """A constant in a value position or a predicate argument."""
        if isinstance(x, Keyword):
            return T("'k'", self.param(":" + str(x)), kt="k")
        if isinstance(x, Instant):
            val = encode(x)
            return T("'t'", self.param(val.v), self.param(val.vn), kt="t")
        try:
            val = encode(x)
        except LoreError as exc:
            raise err(exc.code, exc.message, exc.position or pos) from None
        vn = self.param(val.vn) if val.vn is not None else NULL_N
        t = T(f"'{val.vt}'", self.param(val.v), vn, kt=val.vt)
        if val.vt == "s" and _ISO.match(val.v):
            try:
                t.inst = self.param(parse_instant(val.v) / 1e6)
            except LoreError:
                pass
        return t

    def constant(self, term: Const | Param) -> Any:
        if isinstance(term, Param):
            if term.name not in self.inputs:
                raise err("unknown-parameter", f"${term.name} is not declared in :in (add :in ${term.name})",
                          term.pos)
            return self.inputs[term.name]
        return term.value

    def entity_const(self, x: Any, pos: Any) -> str:
        import uuid as _uuid

        if isinstance(x, Keyword):
            return self.param(":" + str(x))
        if isinstance(x, _uuid.UUID):
            return self.param(str(x))
        raise err("bad-entity", f"an entity position takes a keyword ident such as :decision/db, got {edn_text(x)}",
                  pos)

    def attr_const(self, x: Any, pos: Any) -> str:
        if isinstance(x, Keyword):
            return self.param(":" + str(x))
        raise err("bad-attribute", f"an attribute position takes a keyword such as :description, got {edn_text(x)}",
                  pos)

    # -------------------------------------------------------------- rules
