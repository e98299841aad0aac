"""Language encoders: the bundled MiniLM sentence encoder (384-d, offline), caching, the registry."""

from __future__ import annotations

import pytest
import torch

from robopolicy.errors import ConfigError
from robopolicy.models.language import (
    SENTENCE_ENCODERS,
    CachedSentenceEncoder,
    HashingSentenceEncoder,
    SentenceEncoder,
    get_sentence_encoder,
    register_sentence_encoder,
)


@pytest.fixture(scope="module")
def minilm():
    return get_sentence_encoder("minilm")


def test_minilm_gives_384_unit_vectors_offline(minilm):
    emb = minilm.encode(["push the red block to the goal", "open the top drawer"])
    assert emb.shape == (2, 384) and emb.dtype == torch.float32
    torch.testing.assert_close(emb.norm(dim=-1), torch.ones(2), rtol=1e-4, atol=1e-4)


def test_minilm_embeddings_carry_meaning(minilm):
    a, b, c = minilm.encode(["push the red block", "push the red cube", "open the drawer"])
    assert torch.dot(a, b) > torch.dot(a, c) + 0.2


def test_each_instruction_is_embedded_once(minilm):
    calls = minilm.calls
    first = minilm.encode(["stack the green cup", "stack the green cup", "close the window"])
    assert minilm.calls == calls + 1
    again = minilm.encode(["close the window", "stack the green cup"])
    assert minilm.calls == calls + 1  # both cached: the model was not called
    assert torch.equal(again[0], first[2]) and torch.equal(first[0], first[1])
    assert get_sentence_encoder("minilm") is minilm  # one loaded model per process


def test_minilm_is_frozen(minilm):
    assert not any(p.requires_grad for p in minilm.encoder.model.parameters())


def test_hashing_encoder_is_deterministic_and_word_based():
    enc = HashingSentenceEncoder(dim=64)
    a, b, c = enc.encode(["Push the block", "push  the block!", "open drawer"])
    assert torch.equal(a, b) and not torch.equal(a, c)
    assert float(a.norm()) == pytest.approx(1.0)


def test_registry_rejects_unknown_names_and_accepts_new_encoders():
    with pytest.raises(ConfigError, match="unknown language encoder 'bert'.*hashing.*minilm"):
        get_sentence_encoder("bert")
    register_sentence_encoder("hashing16", lambda: HashingSentenceEncoder(dim=16))
    try:
        enc = get_sentence_encoder("hashing16")
        assert isinstance(enc, CachedSentenceEncoder) and isinstance(enc.encoder, SentenceEncoder)
        assert enc.encode(["a b"]).shape == (1, 16)
    finally:
        SENTENCE_ENCODERS.pop("hashing16")
