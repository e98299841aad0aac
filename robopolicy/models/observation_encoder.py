"""Observation encoder: per-key encoders over the To-step history -> one conditioning vector per sample.

Input is a *prepared* observation (states already normalized by the policy's normalizer, images raw uint8):
``{state_key: (B, To, Ds) float, image_key: (B, To, H, W, C) uint8}`` plus ``"task": list[str]`` (length B)
when the spec is language-conditioned. Each state key gets a ``StateEncoder``, each image key its own
``ResNetImageEncoder``; per-step features are concatenated over keys and flattened over the history, and the
(frozen, cached) instruction embedding is projected and appended: ``cond`` is ``(B, cond_dim)`` with
``cond_dim = To * sum(per-key dims) + language_dim``. This is Diffusion Policy's global conditioning.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import nn

from robopolicy.data.features import Feature
from robopolicy.models.image_encoder import ResNetImageEncoder
from robopolicy.models.language import get_sentence_encoder
from robopolicy.models.state_encoder import StateEncoder


def split_obs_keys(obs_features: dict[str, Feature]) -> tuple[list[str], list[str]]:
    """(state keys, image keys) in spec order; other kinds are refused by the policy builder."""
    states = [k for k, f in obs_features.items() if f.kind == "state"]
    images = [k for k, f in obs_features.items() if f.kind == "image"]
    return states, images


class LanguageConditioning(nn.Module):
    """Instructions -> frozen cached sentence embeddings ``(B, D_lang)`` -> trainable projection ``(B, out_dim)``."""

    def __init__(self, encoder_name: str, out_dim: int) -> None:
        super().__init__()
        self.sentence_encoder = get_sentence_encoder(encoder_name)  # frozen, not a submodule: not in state_dict
        self.encoder_name = encoder_name
        self.proj = nn.Linear(self.sentence_encoder.dim, out_dim)
        self.out_dim = out_dim

    def forward(self, tasks: list[str]) -> torch.Tensor:
        emb = self.sentence_encoder.encode(list(tasks)).to(self.proj.weight.device)
        return self.proj(emb)


class ObservationEncoder(nn.Module):
    """Prepared observation with history -> ``(B, cond_dim)`` conditioning vector."""

    def __init__(self, obs_features: dict[str, Feature], obs_horizon: int, language: bool,
                 state_cfg: dict[str, Any], image_cfg: dict[str, Any], language_cfg: dict[str, Any]) -> None:
        super().__init__()
        self.state_keys, self.image_keys = split_obs_keys(obs_features)
        self.obs_horizon = obs_horizon
        self.state_encoders = nn.ModuleDict({k: StateEncoder(obs_features[k].shape[-1], **state_cfg)
                                             for k in self.state_keys})
        self.image_encoders = nn.ModuleDict({k: ResNetImageEncoder(obs_features[k].shape, **image_cfg)
                                             for k in self.image_keys})
        self.language = LanguageConditioning(language_cfg["name"], language_cfg["out_dim"]) if language else None
        per_step = sum(e.out_dim for e in self.state_encoders.values()) + sum(e.out_dim for e in self.image_encoders.values())
        self.cond_dim = obs_horizon * per_step + (self.language.out_dim if self.language is not None else 0)

    def forward(self, obs: dict[str, Any]) -> torch.Tensor:
        feats = [self.state_encoders[k](obs[k]) for k in self.state_keys]               # (B, To, d_k)
        for k in self.image_keys:
            images = obs[k]                                                             # (B, To, H, W, C)
            b, t = images.shape[:2]
            feats.append(self.image_encoders[k](images.flatten(0, 1)).reshape(b, t, -1))
        cond = torch.cat(feats, dim=-1).flatten(1)                                      # (B, To * sum d_k)
        if self.language is not None:
            cond = torch.cat([cond, self.language(obs["task"])], dim=-1)
        return cond
