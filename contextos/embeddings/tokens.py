"""Offline token counting with tiktoken's cl100k_base.

tiktoken normally downloads its BPE file; llama-index-core ships that file in
``llama_index/core/_static/tiktoken_cache``, so we point ``TIKTOKEN_CACHE_DIR`` there (unless the
user set it) right before the encoding is first loaded. Nothing is downloaded.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["count_tokens", "encoding", "truncate_to_tokens"]


def _static_cache_dir() -> str:
    import llama_index.core

    return str(Path(llama_index.core.__file__).parent / "_static" / "tiktoken_cache")


@lru_cache(maxsize=1)
def encoding() -> Any:
    os.environ.setdefault("TIKTOKEN_CACHE_DIR", _static_cache_dir())
    import tiktoken

    return tiktoken.get_encoding("cl100k_base")


def count_tokens(text: str) -> int:
    return len(encoding().encode(text, disallowed_special=()))


def truncate_to_tokens(text: str, max_tokens: int) -> str:
    toks = encoding().encode(text, disallowed_special=())
    if len(toks) <= max_tokens:
        return text
    return str(encoding().decode(toks[:max_tokens]))
