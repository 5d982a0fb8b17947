"""Transaction data: EDN text -> a list of operations.

Accepted forms, mixed freely in one vector and applied in order:
``[:e :a v]`` (assert, or retract under ``lore retract``), ``[:db/add :e :a v]``, ``[:db/retract :e :a v]``,
each optionally followed by a window map ``{:valid-from T :valid-to T}``. A single operation may be
given without the outer vector.
"""

from __future__ import annotations

from typing import Any

from lore import edn
from lore.edn import Keyword, Vector
from lore.errors import LoreError
from lore.store.graph import Op
from lore.store.values import attribute_text, describe, encode, entity_text
from lore.timeutil import parse_instant

MAX_OPS = 1_000_000
_OPS = {"db/add": "add", "db/retract": "retract"}


def parse_tx(text: str, default_kind: str = "add") -> list[Op]:
    form = edn.read(text)
    return ops_from_form(form, default_kind)


def ops_from_form(form: Any, default_kind: str = "add") -> list[Op]:
    if not isinstance(form, Vector):
        raise LoreError("bad-tx", f"a transaction is a vector of facts like [[:e :a \"v\"]], got {describe(form)}",
                        _pos(form))
    items = [form] if form and isinstance(form[0], Keyword) else list(form)
    if not items:
        raise LoreError("bad-tx", "the transaction has no facts", _pos(form))
    if len(items) > MAX_OPS:
        raise LoreError("too-large", f"a transaction may hold at most {MAX_OPS} operations")
    return [_op(item, default_kind, n) for n, item in enumerate(items)]


def _op(item: Any, default_kind: str, n: int) -> Op:
    where = f"fact {n + 1}"
    if not isinstance(item, Vector):
        raise LoreError("bad-tx", f"{where}: each fact is a vector [:entity :attribute value], got {describe(item)}",
                        _pos(item))
    parts = list(item)
    kind = default_kind
    if parts and isinstance(parts[0], Keyword) and str(parts[0]) in _OPS and len(parts) >= 4:
        kind = _OPS[str(parts[0])]
        parts = parts[1:]
    elif parts and isinstance(parts[0], Keyword) and str(parts[0]).startswith("db/") and str(parts[0]) not in _OPS \
            and len(parts) >= 4:
        raise LoreError("unknown-operation",
                        f"{where}: unknown operation :{parts[0]} (use :db/add or :db/retract)", _pos(item))
    window: dict[Any, Any] | None = None
    if len(parts) == 4 and isinstance(parts[3], dict):
        window = parts[3]
        parts = parts[:3]
    if len(parts) != 3:
        raise LoreError("bad-tx", f"{where}: a fact has three parts [:entity :attribute value], got {len(parts)}",
                        _pos(item))
    try:
        e = entity_text(parts[0])
        a = attribute_text(parts[1])
        value = encode(parts[2])
    except LoreError as exc:
        raise LoreError(exc.code, f"{where}: {exc.message}", exc.position or _pos(item)) from None
    vf = vt = None
    if window is not None:
        for k, v in window.items():
            name = str(k) if isinstance(k, Keyword) else None
            if name not in ("valid-from", "valid-to"):
                raise LoreError("bad-tx", f"{where}: a fact's window map takes :valid-from and :valid-to, "
                                f"not {edn.dumps(k)}", _pos(item))
            us = v.micros if isinstance(v, edn.Instant) else parse_instant(v, what=f":{name}")
            if name == "valid-from":
                vf = us
            else:
                vt = us
    return Op(kind, e, a, value, vf, vt)


def _pos(x: Any) -> Any:
    p = getattr(x, "pos", None)
    return p.to_json() if p is not None else None
