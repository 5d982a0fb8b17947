"""finalize-turn, reading: a learned sentence reader beside the rule reader (extract.py), for the phrasings the rules
do not know (issue 14). Off unless ``LORE_CAPTURE_MODEL=1``: leave-one-set-out cross-validation over sets 1-15
found that it costs more precision than it gains recall (docs/DESIGN-CHOICES.md, "A learned sentence reader").

A multinomial logistic regression over hashed word, bigram and cue features of one sentence (and what the rule
reader's sentence forms say of it) says whether the sentence states a durable fact and of which kind (decision,
preference, constraint, dependency). It is trained by ``bench/capture_learn.py`` on the labelled real text of
tests/memory/data/real (sets 1-20 since round 18) and shipped as ``capture_model.npz`` beside this file (numpy only: no network,
no model call, tens of microseconds a sentence).

Serving (``beside``): after the rule reader, a sentence the rules took nothing from (in the shipped setting: of an
exchange they stored nothing from), not chatter by the rules' own reading, scored at or above the model's threshold,
is stored as a memory of the predicted kind whose description is the sentence; its reason and rejected alternatives
are read by the rule reader's own parts (``_split_why``, a following "because …" sentence, ``_alternatives``). A
missing or malformed model file is logged once and capture falls back to the rules alone.
"""

from __future__ import annotations

import logging
import os
import re
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger("lore")

MODEL_FILE = Path(__file__).resolve().parent / "capture_model.npz"
CLASSES = ("none", "decision", "preference", "constraint", "dependency")
FORMAT = 1
MAX_SENTENCES = 200  # an exchange's first 200 sentences are scored (a pasted log is not 200 decisions)
MAX_SENTENCE_CHARS = 1_000  # a sentence's first 1,000 characters are read
MAX_TOKENS = 120

_TOKEN = re.compile(r"[a-z0-9][a-z0-9'+#_]*(?:[.-][a-z0-9+#_]+)*|[?!:;,()\"`]")
_MODAL = {"must", "should", "shall", "will", "would", "can", "cannot", "can't", "could", "may", "might", "need",
          "needs", "have", "has", "'ll", "won't", "shouldn't", "mustn't"}
_NEG = {"not", "no", "never", "don't", "doesn't", "won't", "can't", "cannot", "isn't", "aren't", "shouldn't",
        "mustn't", "didn't", "nobody", "nothing", "without"}
_WHO = {"we", "i", "we're", "we'll", "we've", "i'm", "i'll", "i've", "let's", "our", "us"}
_DECIDE = re.compile(r"\b(?:decid\w*|decision|chose|chosen|agreed|settled|adopt\w*|switch\w*|migrat\w*|replac\w*|"
                     r"mov(?:e|ed|ing) to|drop\w*|remov\w*|prefer\w*|instead|rather|over|favou?r)\b")
_WHY_CUE = re.compile(r"\b(?:because|since|so that|due to|given that|in order to|as it|as they)\b")
_LIST = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+")


def _h(feature: str, dim: int) -> int:
    return zlib.crc32(feature.encode("utf-8", "replace")) % dim


def _rule_cues(s: str) -> list[str]:
    """What the rule reader's own sentence forms say of the sentence: the kind it reads, chatter, a change named, and
    each signal table's match (negated or not) — as evidence the model weighs, not as a verdict."""
    from lore.memory.extract import SIGNALS, _is_chatter, _kind, changes

    out = ["r:kind=" + str(_kind(s)), "r:chatter=" + str(_is_chatter(s))]
    put, left = changes(s)
    if put:
        out.append("r:put")
    if left:
        out.append("r:left")
    out += ["r:sig=" + kind for kind, rx in SIGNALS if rx.search(s)]
    return out


def features(sentence: str, position: int, count: int, dim: int, rules: bool = True) -> dict[int, float]:
    """The sentence's hashed features (index -> value, L2-normalised): words, bigrams, its first two words, and cues
    (a modal, a negation, "we"/"I", a change verb, a reason word, a question mark, past tense, where it stands), and
    with ``rules`` what the rule reader's sentence forms say of it."""
    s = sentence[:MAX_SENTENCE_CHARS]
    low = s.lower()
    toks = [t.rstrip(".") for t in _TOKEN.findall(low)][:MAX_TOKENS]
    feats: list[str] = []
    feats += ["w:" + t for t in toks]
    feats += ["b:" + a + " " + b for a, b in zip(toks, toks[1:])]
    words = [t for t in toks if t[0].isalnum()]
    if words:
        feats.append("f:" + words[0])
        if len(words) > 1:
            feats.append("f2:" + words[0] + " " + words[1])
    cues = {
        "q": s.rstrip().endswith("?"), "excl": "!" in s, "modal": any(t in _MODAL for t in words),
        "neg": any(t in _NEG or t.endswith("n't") for t in words), "who": any(t in _WHO for t in words),
        "you": "you" in words, "decide": bool(_DECIDE.search(low)), "why": bool(_WHY_CUE.search(low)),
        "past": sum(t.endswith("ed") and len(t) > 4 for t in words) > 0, "first": position == 0,
        "last": position == count - 1, "only": count == 1, "list": bool(_LIST.match(s)),
        "code": bool(re.search(r"`|\b[a-z]+[A-Z]\w*|\w\.\w+\(|[a-z]+/[a-z]+", s)),
        "caps": bool(re.search(r"(?<!^)\b[A-Z][a-z]+[A-Z]?\w*", s)), "num": bool(re.search(r"\d", s)),
        "url": "http" in low or "#" in low, "colon": ":" in s,
    }
    feats += ["c:" + k for k, v in cues.items() if v]
    n = len(words)
    feats.append("len:" + ("1" if n <= 3 else "2" if n <= 7 else "3" if n <= 15 else "4" if n <= 30 else "5"))
    feats.append("bias")
    if rules:
        feats += _rule_cues(s)
    out: dict[int, float] = {}
    for f in feats:
        j = _h(f, dim)
        out[j] = out.get(j, 0.0) + 1.0
    norm = float(np.sqrt(sum(v * v for v in out.values()))) or 1.0
    return {j: v / norm for j, v in out.items()}


@dataclass
class SentenceModel:
    weights: np.ndarray  # (dim, classes)
    bias: np.ndarray  # (classes,)
    threshold: float  # the least probability of "a fact" (1 - p(none)) that adds a memory
    max_added: int  # at most this many memories an exchange from the model
    mode: str  # "untaken": sentences the rules took nothing from; "empty": only exchanges the rules found nothing in
    rules: bool = True  # the features include the rule reader's cues
    veto: float = 0.0  # a rule reader's memory whose sentence the model scores below this is dropped (0: none)
    skip_chatter: bool = True  # a sentence the rule reader reads as chatter, a hedge or a request adds nothing

    @property
    def dim(self) -> int:
        return int(self.weights.shape[0])

    def probabilities(self, sents: list[str]) -> np.ndarray:
        """(sentences, classes) probabilities."""
        out = np.zeros((len(sents), len(CLASSES)), dtype=np.float64)
        for i, s in enumerate(sents):
            f = features(s, i, len(sents), self.dim, self.rules)
            idx = np.fromiter(f.keys(), dtype=np.int64, count=len(f))
            val = np.fromiter(f.values(), dtype=np.float64, count=len(f))
            out[i] = val @ self.weights[idx].astype(np.float64) + self.bias
        out -= out.max(axis=1, keepdims=True)
        np.exp(out, out=out)
        out /= out.sum(axis=1, keepdims=True)
        return out

    def save(self, path: Path) -> None:
        # np.savez writes no time stamp of its own into the zip, but zipfile does: a fixed one keeps the bytes the same.
        import io

        arrays = {"format": np.array([FORMAT], dtype=np.int32), "weights": self.weights.astype(np.float16),
                  "bias": self.bias.astype(np.float32), "threshold": np.array([self.threshold], dtype=np.float32),
                  "max_added": np.array([self.max_added], dtype=np.int32),
                  "mode": np.array([self.mode.encode()], dtype="S16"),
                  "rules": np.array([int(self.rules)], dtype=np.int32),
                  "veto": np.array([self.veto], dtype=np.float32),
                  "skip_chatter": np.array([int(self.skip_chatter)], dtype=np.int32)}
        with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
            for name, arr in arrays.items():
                buf = io.BytesIO()
                np.lib.format.write_array(buf, np.ascontiguousarray(arr), allow_pickle=False)
                info = zipfile.ZipInfo(name + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, buf.getvalue())


class ModelError(Exception):
    pass


def read(path: Path) -> SentenceModel:
    """The model in ``path``; ModelError saying what is wrong when it is missing or malformed."""
    try:
        with np.load(path, allow_pickle=False) as z:
            fmt = int(z["format"][0])
            if fmt != FORMAT:
                raise ModelError(f"{path}: format {fmt}, this Lore reads format {FORMAT}")
            weights = z["weights"].astype(np.float32)
            bias = z["bias"].astype(np.float64)
            threshold = float(z["threshold"][0])
            max_added = int(z["max_added"][0])
            mode = bytes(z["mode"][0]).decode()
            rules = bool(int(z["rules"][0]))
            veto = float(z["veto"][0])
            skip_chatter = bool(int(z["skip_chatter"][0]))
    except ModelError:
        raise
    except (OSError, KeyError, ValueError, IndexError, EOFError, TypeError, AttributeError, zipfile.BadZipFile) as exc:
        # what a missing, truncated or crafted file raises inside numpy's reader (UnicodeDecodeError is a ValueError)
        raise ModelError(f"{path}: {type(exc).__name__}: {exc}") from None
    if weights.ndim != 2 or weights.shape[1] != len(CLASSES) or weights.shape[0] < 16 or bias.shape != (len(CLASSES),) \
            or not np.isfinite(weights).all() or not np.isfinite(bias).all() or not 0.0 < threshold <= 1.0 \
            or mode not in ("untaken", "empty") or not 0 <= max_added <= 100 or not 0.0 <= veto < 1.0:
        raise ModelError(f"{path}: the arrays do not have the shape of a capture model")
    return SentenceModel(weights, bias, threshold, max_added, mode, rules, veto, skip_chatter)


_UNSET: Any = object()
_model: Any = _UNSET  # SentenceModel, None (off or unusable), or unset (not read yet)
_error: str | None = None


def use(model: SentenceModel | None) -> None:
    """Serve this model (None: the rules alone); bench/capture_learn.py's cross-validation scores each fold's."""
    global _model, _error
    _model, _error = model, None


def reset() -> None:
    """Read the shipped model again on next use (tests)."""
    global _model, _error
    _model, _error = _UNSET, None


def current() -> SentenceModel | None:
    """The model capture serves: the shipped file, read once, when ``LORE_CAPTURE_MODEL=1``; None when switched off
    (the default) or unusable (the rules alone)."""
    global _model, _error
    if _model is _UNSET:
        if os.environ.get("LORE_CAPTURE_MODEL", "0") != "1":
            _model = None
        else:
            try:
                _model = read(MODEL_FILE)
            except ModelError as exc:
                _model, _error = None, str(exc)
                log.warning("capture: the learned sentence reader is unavailable, the rules read alone (%s)", exc)
    return _model


def status() -> str:
    m = current()
    if m is not None:
        return f"learned sentence reader on (threshold {m.threshold:.2f}, {m.mode})"
    return f"learned sentence reader off: {_error}" if _error else "learned sentence reader off"


# ------------------------------------------------------------------ serving beside the rules


def turn_sentences(delta: str) -> list[list[str]]:
    """The user's turns split into sentences by the rule reader's own splitter (training and serving agree)."""
    from lore.memory.extract import sentences, user_text

    return [sentences(t) for t in user_text(delta)]


def _taken(sentence: str, items: list[Any]) -> bool:
    """The rule reader took something from this sentence: half its content words are in an item's description or
    reason."""
    from lore.memory.extract import _content_words

    words = _content_words(sentence)
    if not words:
        return True
    for it in items:
        got = _content_words(it.description + " " + (it.rationale or ""))
        if len(words & got) * 2 >= len(words):
            return True
    return False


_CLEAN = re.compile(r"\s+")


def _description(sentence: str) -> str:
    from lore.memory.extract import _HEADING, _LIST_ITEM, _MD, MAX_DESCRIPTION

    s = _MD.sub("", _LIST_ITEM.sub("", sentence))
    s = _HEADING.sub("", s)
    s = "".join(ch if ch.isprintable() else " " for ch in s)
    return _CLEAN.sub(" ", s).strip().rstrip(".!;:,")[:MAX_DESCRIPTION]


def beside(delta: str, items: list[Any], model: SentenceModel | None = None) -> list[Any]:
    """The rule reader's memories (``items``), less those the model vetoes, and the model's additions."""
    from lore.memory.extract import _content_words

    model = model if model is not None else current()
    if model is None:
        return items
    if model.veto > 0.0 and items:
        sents = [s for turn in turn_sentences(delta) for s in turn[:MAX_SENTENCES]]
        if sents:
            p_fact = 1.0 - model.probabilities(sents)[:, 0]
            words = [_content_words(s) for s in sents]
            kept = []
            for it in items:
                own = _content_words(it.description)
                at = max(range(len(sents)), key=lambda i: len(own & words[i]))
                if not own & words[at] or p_fact[at] >= model.veto:
                    kept.append(it)
            items = kept
    return items + additions(delta, items, model)


def additions(delta: str, items: list[Any], model: SentenceModel | None = None) -> list[Any]:
    """Memories the model reads in sentences the rule reader took nothing from (``items``: what it extracted)."""
    from lore.memory.extract import _WHY_SENTENCE, Extracted, _alternatives, _is_chatter, _slug, _split_why, _subject

    model = model if model is not None else current()
    if model is None or model.max_added == 0 or (model.mode == "empty" and items):
        return []
    subjects = {_slug(it.subject) for it in items}
    found: list[tuple[float, int, Any]] = []
    at = 0
    for sents in turn_sentences(delta):
        sents = sents[:MAX_SENTENCES]
        if not sents:
            continue
        probs = model.probabilities(sents)
        for i, s in enumerate(sents):
            p_fact = 1.0 - float(probs[i, 0])
            if p_fact < model.threshold or s.rstrip().endswith("?") or _taken(s, items) or \
                    (model.skip_chatter and _is_chatter(s)):
                continue
            kind = CLASSES[1 + int(np.argmax(probs[i, 1:]))]
            text = _description(s)
            if len(text) < 8:
                continue
            clause, why = _split_why(text)
            if why is None and i + 1 < len(sents) and _WHY_SENTENCE.match(sents[i + 1]):
                why = _description(sents[i + 1])
            subject = _subject(text, kind, clause)[0] if kind != "dependency" else ""
            if not _slug(subject) or subject.startswith("\x00"):
                subject = " ".join(clause.split()[:8])
            if not _slug(subject) or _slug(subject) in subjects:
                continue
            subjects.add(_slug(subject))
            rejects, forbids = _alternatives(clause, kind)
            found.append((p_fact, at + i, Extracted(kind, subject, text, why, rejects, forbids, None)))
        at += len(sents)
    found.sort(key=lambda x: (-x[0], x[1]))
    return [x[2] for x in sorted(found[:model.max_added], key=lambda x: x[1])]
