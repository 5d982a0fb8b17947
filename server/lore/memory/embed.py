"""Semantic matching with a static embedding model that ships inside a pip wheel (no download, CPU, offline).

The model is WordLlama's ``l2_supercat_256`` (MIT): a 32,000 x 256 token-embedding table in the
``wordllama`` wheel (``wordllama/weights/l2_supercat_256.safetensors``) with its tokenizer beside it
(``wordllama/tokenizers/l2_supercat_tokenizer_config.json``). A text's vector is the mean of its tokens'
embeddings (what WordLlama's ``embed`` computes), L2-normalised. We read the two files ourselves with
``tokenizers`` and ``safetensors`` instead of calling ``WordLlama.load()``: that looks for its tokenizer
in ``tokenizer/`` while the wheel ships ``tokenizers/``, and then tries to download it. Nothing here
touches the network.

When the wheel (or numpy, tokenizers, safetensors) is missing or unreadable, ``available()`` is False,
``status()`` says why, and recall is lexical (BM25) only.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import threading
from pathlib import Path
from typing import Any

log = logging.getLogger("lore")

MODEL = "wordllama l2_supercat_256"
DIM = 256
MAX_TOKENS = 512  # a memory's first 512 tokens say what it is about

_lock = threading.Lock()
_model: Any = None  # (tokenizer, embedding matrix) once loaded
_error: str | None = None


def _files() -> tuple[Path, Path]:
    spec = importlib.util.find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("the wordllama package is not installed")
    base = Path(list(spec.submodule_search_locations)[0])
    return (base / "tokenizers" / "l2_supercat_tokenizer_config.json",
            base / "weights" / "l2_supercat_256.safetensors")


def _load() -> Any:
    global _model, _error
    if _model is not None or _error is not None:
        return _model
    with _lock:
        if _model is not None or _error is not None:
            return _model
        if os.environ.get("LORE_SEMANTIC", "1").strip().lower() in ("0", "false", "no", "off"):
            _error = "switched off (LORE_SEMANTIC=0)"
            return None
        try:
            import numpy as np
            from safetensors.numpy import load_file
            from tokenizers import Tokenizer

            tok_path, weights_path = _files()
            tok = Tokenizer.from_file(str(tok_path))
            tok.no_padding()
            tok.no_truncation()
            weights = load_file(str(weights_path))
            matrix = next(iter(weights.values())).astype(np.float32)
            if matrix.ndim != 2 or matrix.shape[1] != DIM:
                raise ValueError(f"unexpected embedding shape {matrix.shape}")
            _model = (tok, matrix)
        except Exception as exc:  # noqa: BLE001 - any failure means lexical recall only, said in status
            _error = f"{type(exc).__name__}: {exc}"
            log.info("semantic recall unavailable: %s", _error)
        return _model


def available() -> bool:
    return _load() is not None


def status() -> dict[str, Any]:
    if _load() is not None:
        return {"available": True, "model": MODEL, "dimensions": DIM}
    return {"available": False, "model": MODEL, "reason": _error, "recall": "lexical (BM25) only"}


def embed(texts: list[str]) -> Any:
    """Unit vectors (numpy float32, one row per text); a text without tokens gets a zero row."""
    import numpy as np

    model = _load()
    if model is None:
        raise RuntimeError("semantic recall unavailable: " + str(_error))
    tok, matrix = model
    out = np.zeros((len(texts), DIM), dtype=np.float32)
    encs = tok.encode_batch([t[:20_000] for t in texts], add_special_tokens=False)
    for i, enc in enumerate(encs):
        ids = [j for j in enc.ids[:MAX_TOKENS] if 0 <= j < matrix.shape[0]]
        if ids:
            v = matrix[ids].mean(axis=0)
            n = float(np.linalg.norm(v))
            if n > 0:
                out[i] = v / n
    return out
