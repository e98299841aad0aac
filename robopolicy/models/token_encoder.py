"""Token observation encoder for the VLA: image tokens + instruction embedding + proprio state -> transformer.

Tokens, all ``d_model`` wide:
- each image key, each history step: the ResNet's ``P = h*w`` feature-map tokens (``pool="tokens"``), projected,
  plus a learned position embedding per (key, patch) and a learned embedding per history step;
- each state key, each history step: one token from a ``StateEncoder``, projected, plus key and step embeddings;
- the instruction: one token, the frozen cached sentence embedding projected (when the spec has language);
- ``R`` learned readout tokens.
``TokenTransformer`` runs over all of them; the readout tokens' outputs, flattened, are the conditioning
vector ``(B, R * d_model)`` for the action head (U-Net denoiser), so the trunk runs once per chunk.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import nn

from robopolicy.data.features import Feature
from robopolicy.errors import ConfigError
from robopolicy.models.image_encoder import ResNetImageEncoder
from robopolicy.models.observation_encoder import LanguageConditioning, split_obs_keys
from robopolicy.models.state_encoder import StateEncoder
from robopolicy.models.transformer import TokenTransformer

TOKEN_POOL = "tokens"
EMBED_INIT_STD = 0.02  # the usual transformer init scale for learned embeddings


def _embedding(*shape: int) -> nn.Parameter:
    return nn.Parameter(torch.randn(*shape) * EMBED_INIT_STD)


class ObservationTokenEncoder(nn.Module):
    """Prepared observation with history -> ``(B, num_readout * d_model)`` conditioning vector."""

    def __init__(self, obs_features: dict[str, Feature], obs_horizon: int, language: bool,
                 state_cfg: dict[str, Any], image_cfg: dict[str, Any], language_cfg: dict[str, Any],
                 trunk_cfg: dict[str, Any], num_readout_tokens: int) -> None:
        super().__init__()
        d = trunk_cfg["d_model"]
        self.state_keys, self.image_keys = split_obs_keys(obs_features)
        if self.image_keys and image_cfg["pool"] != TOKEN_POOL:
            raise ConfigError(f"the VLA reads image tokens: set image_encoder.pool={TOKEN_POOL} "
                              f"(got {image_cfg['pool']!r})")
        self.image_encoders = nn.ModuleDict({k: ResNetImageEncoder(obs_features[k].shape, **image_cfg)
                                             for k in self.image_keys})
        self.image_proj = nn.ModuleDict({k: nn.Linear(e.out_dim, d) for k, e in self.image_encoders.items()})
        self.image_pos = nn.ParameterDict({k: _embedding(e.num_tokens(), d) for k, e in self.image_encoders.items()})
        self.state_encoders = nn.ModuleDict({k: StateEncoder(obs_features[k].shape[-1], **state_cfg)
                                             for k in self.state_keys})
        self.state_proj = nn.ModuleDict({k: nn.Linear(e.out_dim, d) for k, e in self.state_encoders.items()})
        self.state_type = nn.ParameterDict({k: _embedding(d) for k in self.state_keys})
        self.step_embed = _embedding(obs_horizon, d)
        self.language = LanguageConditioning(language_cfg["name"], language_cfg["out_dim"]) if language else None
        self.language_proj = nn.Linear(language_cfg["out_dim"], d) if language else None
        self.readout = _embedding(num_readout_tokens, d)
        self.trunk = TokenTransformer(**trunk_cfg)
        self.cond_dim = num_readout_tokens * d

    def tokens(self, obs: dict[str, Any]) -> torch.Tensor:
        """``(B, N_obs + R, d_model)`` input tokens (before the transformer)."""
        parts = []
        for k in self.image_keys:
            images = obs[k]                                                          # (B, To, H, W, C)
            b, t = images.shape[:2]
            tok = self.image_proj[k](self.image_encoders[k](images.flatten(0, 1)))   # (B*To, P, d)
            tok = tok.reshape(b, t, tok.shape[1], -1) + self.image_pos[k] + self.step_embed[:t, None, :]
            parts.append(tok.flatten(1, 2))                                          # (B, To*P, d)
        for k in self.state_keys:
            state = obs[k]                                                           # (B, To, Ds)
            tok = self.state_proj[k](self.state_encoders[k](state))                  # (B, To, d)
            parts.append(tok + self.state_type[k] + self.step_embed[: state.shape[1]])
        batch = parts[0].shape[0] if parts else len(obs["task"])
        if self.language is not None:
            parts.append(self.language_proj(self.language(obs["task"]))[:, None, :])  # (B, 1, d)
        parts.append(self.readout.expand(batch, -1, -1))                             # (B, R, d)
        return torch.cat(parts, dim=1)

    def forward(self, obs: dict[str, Any]) -> torch.Tensor:
        out = self.trunk(self.tokens(obs))
        r = self.readout.shape[0]
        return out[:, -r:].flatten(1)
