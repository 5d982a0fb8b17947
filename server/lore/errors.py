"""One error type for every entry point: the CLI, the language server and the library.

An error is data: a stable ``code``, a message for people, and where known the ``position``
(character offset, line and column in the text that was parsed) so the reply can point at it.
"""

from __future__ import annotations

from typing import Any


class LoreError(Exception):
    """A user-facing error with a stable code. Nothing was written when one is raised."""

    def __init__(self, code: str, message: str, position: Any = None, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.position = position
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.position is not None:
            out["position"] = self.position
        out.update(self.extra)
        return out

    def __str__(self) -> str:  # pragma: no cover - convenience for logs
        where = f" at {self.position}" if self.position is not None else ""
        return f"{self.code}: {self.message}{where}"


def error_reply(err: LoreError) -> dict[str, Any]:
    return {"ok": False, "error": err.to_json()}
