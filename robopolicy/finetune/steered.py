"""The steered policy DSRL produces: a noise policy in front of a frozen base ``Sampler``. Itself a ``Sampler``.

``sample(obs, n, noise)``: the noise policy maps the state to a Gaussian over the base policy's initial noise,
``w = m * tanh(mean + std * eps)`` (``eps`` is this sampler's own ``noise``, ``(B, n, *noise_shape)``: the base's
``(Tp, Da)``, or a flow VLA's padded ``(chunk_size, max_action_dim)``; so the steered policy is deterministic given
its noise, like its base); then ``base.sample(obs, n, noise=w)``. Modes:
``stochastic`` (as above), ``mean`` (``w = m * tanh(mean)``, the evaluation default) and ``standard_normal``
(``w = eps``: no steering at all -- the sanity check that reproduces the base policy exactly).

Saved as a directory: ``policy.json`` (kind ``"dsrl"``, the base checkpoint's path and content hash, the
noise-policy config, the spec), ``noise_policy.safetensors``, ``meta.json``. ``load_policy`` loads it through
the ``"dsrl"`` kind registered here; a base checkpoint whose hash changed is refused.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from safetensors.torch import load_file, save_file
from torch import nn

from robopolicy.atomic import replace_directory
from robopolicy.errors import RobopolicyError
from robopolicy.finetune.critics import FiLMMLP, LimitsScaler, flatten_observation, instruction_embeddings
from robopolicy.policies.loading import register_loader
from robopolicy.policies.protocol import PolicySpec, Sampler, tiers_of
from robopolicy.version import code_version

STEERED_KIND = "dsrl"
NOISE_POLICY_FILE = "noise_policy.safetensors"
POLICY_FILE = "policy.json"
META_FILE = "meta.json"
STEERING_MODES = ("stochastic", "mean", "standard_normal")
LOG_STD_MIN, LOG_STD_MAX = -5.0, 2.0  # keeps the Gaussian's std in [e^-5, e^2] (SAC convention)
TANH_EPS = 1e-6                       # keeps log(1 - tanh^2) finite at saturation


class MissingNoiseShapeError(RobopolicyError):
    """The policy is not deterministic given its noise, which noise-space steering requires."""


def require_noise_shape(policy: Any) -> tuple[int, int]:
    """``policy.noise_shape`` or an error naming the missing Sampler capability and the tiers it has."""
    shape = getattr(policy, "noise_shape", None)
    if shape is None:
        raise MissingNoiseShapeError(
            f"{type(policy).__name__} has no noise_shape: noise-space steering (DSRL) needs a Sampler that is "
            f"deterministic given its initial noise (Sampler.noise_shape, e.g. (Tp, Da), or a flow VLA's padded "
            f"(chunk_size, max_action_dim); sample(obs, noise=w); DDIM eta=0 or a flow ODE). It implements: "
            f"{', '.join(tiers_of(policy)) or 'no protocol tier'}. "
            f"Use V-GPS (method=vgps), which needs only sample()")
    return int(shape[0]), int(shape[1])


def state_dict_sha256(module: Any) -> str:
    """sha256 over every tensor of ``module.state_dict()`` (names and bytes, sorted by name)."""
    h = hashlib.sha256()
    for name, tensor in sorted(module.state_dict().items()):
        h.update(name.encode())
        h.update(tensor.detach().cpu().contiguous().numpy().tobytes())
    return h.hexdigest()


def state_keys(spec: PolicySpec) -> dict[str, int]:
    """The spec's state (non-image) observation keys and their flattened sizes: what the noise policy reads."""
    dims = {k: int(np.prod(f.shape)) for k, f in spec.obs_features.items() if f.kind == "state"}
    if not dims:
        raise RobopolicyError(f"noise policies and critics read state observations; the policy reads only "
                              f"{ {k: f.kind for k, f in spec.obs_features.items()} }")
    return dims


@dataclass
class NoisePolicyConfig:
    obs_dims: dict[str, int]
    noise_shape: list[int]
    action_magnitude: float = 1.5
    hidden_dims: list[int] = field(default_factory=lambda: [256, 256])
    # None: the full (Tp, Da) noise (the default; repeating rows breaks some policies). R (dividing Tp): the
    # policy picks R rows of Da numbers, each repeated Tp/R times: an R*Da-dim latent action, easier to learn.
    noise_rows: int | None = None
    # True: the output layer starts at zero, so the untrained policy is w = m*tanh(0 + 1*eps) (stochastic; close
    # to the base's N(0, I)) and w = 0 in mean mode. False: PyTorch's default init (an arbitrary start).
    zero_init: bool = False
    init_std: float = 1.0  # zero_init: the starting std of the pre-tanh Gaussian (its log-std bias)
    # None: the state only. A sentence encoder's name (``robopolicy.models.language``): the instruction too, by
    # FiLM on its embedding (``embedding_dim``), so one noise policy steers every task of a set
    language_encoder: str | None = None
    embedding_dim: int = 384

    def __post_init__(self) -> None:
        tp = int(self.noise_shape[0])
        if self.noise_rows is not None and (self.noise_rows < 1 or tp % self.noise_rows):
            raise RobopolicyError(f"noise_rows must divide the noise horizon Tp={tp} (or be null), "
                                  f"got {self.noise_rows}")

    @property
    def rows(self) -> int:
        return int(self.noise_shape[0]) if self.noise_rows is None else int(self.noise_rows)


class NoisePolicy(nn.Module):
    """Tanh-squashed Gaussian over the flattened latent noise ``(B, R*Da)`` in ``[-m, m]``, m = action_magnitude,
    expanded to the base's ``(B, Tp, Da)`` by repeating each of the R rows Tp/R times (R = Tp by default).

    It reads the state keys (no images); with ``language_encoder`` also the instruction (``obs["task"]``), by FiLM
    on its frozen sentence embedding: without it a noise policy steers one task (or every task of a set alike).
    """

    def __init__(self, cfg: NoisePolicyConfig):
        super().__init__()
        self.cfg = cfg
        self.noise_dim = cfg.rows * int(cfg.noise_shape[1])
        obs_dim = sum(cfg.obs_dims.values())
        self.obs_scaler = LimitsScaler(obs_dim)
        film = int(cfg.embedding_dim) if cfg.language_encoder else 0
        self.net = FiLMMLP(obs_dim, cfg.hidden_dims, 2 * self.noise_dim, film)
        if cfg.zero_init:
            nn.init.zeros_(self.net.head.weight)
            nn.init.zeros_(self.net.head.bias)
            with torch.no_grad():
                self.net.head.bias[self.noise_dim:] = float(np.log(cfg.init_std))

    def gaussian(self, obs: dict[str, Any]) -> tuple[torch.Tensor, torch.Tensor]:
        """``(mean, std)`` of the pre-tanh Gaussian, each ``(B, R*Da)``."""
        x = self.obs_scaler.normalize(flatten_observation(obs, list(self.cfg.obs_dims)).to(self.obs_scaler.low.device))
        mean, log_std = self.net(x, self.embed(obs.get("task"))).chunk(2, dim=-1)
        return mean, log_std.clamp(LOG_STD_MIN, LOG_STD_MAX).exp()

    def embed(self, tasks: Any) -> torch.Tensor | None:
        """The instructions' sentence embeddings ``(B, embedding_dim)``; None without ``language_encoder``."""
        if not self.cfg.language_encoder:
            return None
        return instruction_embeddings(self.cfg.language_encoder, tasks, self.obs_scaler.low.device, "noise policy")

    def squash(self, u: torch.Tensor) -> torch.Tensor:
        """Latent ``(..., R*Da)`` -> the base's noise ``(..., Tp, Da)`` in ``[-m, m]``."""
        tp, da = (int(d) for d in self.cfg.noise_shape)
        w = (self.cfg.action_magnitude * torch.tanh(u)).reshape(*u.shape[:-1], self.cfg.rows, da)
        return w.repeat_interleave(tp // self.cfg.rows, dim=-2)

    def expand(self, latent: torch.Tensor) -> torch.Tensor:
        """Latent noise ``(B, R, Da)`` -> ``(B, Tp, Da)`` (each row repeated Tp/R times)."""
        return latent.repeat_interleave(int(self.cfg.noise_shape[0]) // self.cfg.rows, dim=-2)

    def rsample(self, obs: dict[str, Any], eps: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
        """Reparameterized ``w (B, Tp, Da)`` and its log-density ``(B,)`` (tanh and scale corrected)."""
        mean, std = self.gaussian(obs)
        eps = torch.randn_like(mean) if eps is None else eps.reshape(mean.shape)
        u = mean + std * eps
        log_prob = (-0.5 * eps.pow(2) - std.log() - 0.5 * math.log(2 * math.pi)).sum(-1)
        log_prob = log_prob - (math.log(self.cfg.action_magnitude) + torch.log(1 - torch.tanh(u).pow(2) + TANH_EPS)).sum(-1)
        return self.squash(u), log_prob


class SteeredPolicy(nn.Module):
    """A ``Sampler``: noise policy -> frozen base sampler. See the module doc for the modes."""

    def __init__(self, base: Sampler, noise_policy: NoisePolicy, mode: str = "mean",
                 base_reference: dict[str, Any] | None = None):
        super().__init__()
        if mode not in STEERING_MODES:
            raise RobopolicyError(f"unknown steering mode {mode!r}; valid: {', '.join(STEERING_MODES)}")
        require_noise_shape(base)
        self.base = base
        self.noise_policy = noise_policy
        self.mode = mode
        self.base_reference = dict(base_reference or {})
        self.spec = base.spec

    @property
    def noise_shape(self) -> tuple[int, int]:
        return require_noise_shape(self.base)

    def state_dict(self, *args: Any, **kwargs: Any) -> dict[str, Any]:  # the base is saved by reference
        return self.noise_policy.state_dict(*args, **kwargs)

    @torch.no_grad()
    def steering_noise(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        """The base policy's initial noise ``w`` ``(B, n, Tp, Da)`` chosen for ``obs``."""
        tp, da = self.noise_shape
        b = len(next(v for k, v in obs.items() if k != "task"))
        eps = torch.randn(b, n, tp, da) if noise is None else torch.as_tensor(noise, dtype=torch.float32).cpu()
        if tuple(eps.shape) != (b, n, tp, da):
            raise RobopolicyError(f"noise has shape {tuple(eps.shape)}; expected (B, n, *noise_shape) = {(b, n, tp, da)}")
        if self.mode == "standard_normal":
            return eps
        mean, std = self.noise_policy.gaussian(obs)                        # (B, R*Da)
        latent = eps[:, :, :: tp // self.noise_policy.cfg.rows].reshape(b, n, -1)  # (B, n, R*Da)
        u = mean[:, None] if self.mode == "mean" else mean[:, None] + std[:, None] * latent
        return self.noise_policy.squash(u.expand(b, n, -1))

    @torch.no_grad()
    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        """Raw-unit chunks ``(B, n, Tp, Da)``: ``base.sample(obs, n, noise=w)``."""
        return self.base.sample(obs, n=n, noise=self.steering_noise(obs, n, noise))

    # ------------------------------------------------------------------ saving
    def save(self, path: str | Path) -> Path:
        """Write the steered-policy directory (temp name, then rename)."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.mkdir(parents=True, exist_ok=True)
        weights = {k: v.detach().cpu().contiguous() for k, v in self.noise_policy.state_dict().items()}
        save_file(weights, str(tmp / NOISE_POLICY_FILE))
        digest = hashlib.sha256((tmp / NOISE_POLICY_FILE).read_bytes()).hexdigest()
        info = {"kind": STEERED_KIND, "base": self.base_reference, "mode": self.mode,
                "noise_policy": asdict(self.noise_policy.cfg), "spec": self.spec.to_dict()}
        (tmp / POLICY_FILE).write_text(json.dumps(info, indent=2))
        (tmp / META_FILE).write_text(json.dumps({"format": "robopolicy.steered", "code_version": code_version(),
                                                 "sha256": digest}, indent=2))
        return replace_directory(tmp, path)


def base_reference(checkpoint: str | Path | None, base: Any) -> dict[str, Any]:
    """What a steered policy records about its base: checkpoint path, content hash, weights sha256."""
    ref: dict[str, Any] = {"weights_sha256": state_dict_sha256(base) if hasattr(base, "state_dict") else None}
    if checkpoint is not None:
        from robopolicy.checkpoint import checkpoint_hash, resolve_checkpoint

        resolved = resolve_checkpoint(checkpoint)
        ref.update(path=str(Path(resolved).resolve()), checkpoint_hash=checkpoint_hash(resolved))
    return ref


def load_steered_policy(checkpoint: Path, info: dict[str, Any], device: str = "cpu") -> SteeredPolicy:
    """Loader of kind ``"dsrl"``: load the referenced base, check its hash, attach the noise policy."""
    from robopolicy.checkpoint import checkpoint_hash, refuse_weight_mismatch
    from robopolicy.policies.loading import load_policy

    ref = info.get("base") or {}
    if "path" not in ref:
        raise RobopolicyError(f"{checkpoint}/{POLICY_FILE}: the steered policy does not record its base checkpoint")
    base_path = Path(ref["path"])
    if not base_path.exists():
        raise RobopolicyError(f"{checkpoint}: base checkpoint {base_path} is missing; the steered policy needs it")
    if checkpoint_hash(base_path) != ref["checkpoint_hash"]:
        raise RobopolicyError(f"{checkpoint}: base checkpoint {base_path} changed (hash {checkpoint_hash(base_path)}, "
                              f"steered policy was trained on {ref['checkpoint_hash']}); refusing to steer another policy")
    base = load_policy(base_path, device=device)
    noise_policy = NoisePolicy(NoisePolicyConfig(**info["noise_policy"]))
    weights = load_file(str(Path(checkpoint) / NOISE_POLICY_FILE))
    refuse_weight_mismatch(noise_policy.state_dict(), weights, checkpoint, "steering noise policy",
                           weights_file=NOISE_POLICY_FILE)  # the plain loader's one line, not torch's traceback
    noise_policy.load_state_dict(weights)
    return SteeredPolicy(base, noise_policy.to(device).eval(), info.get("mode", "mean"), ref)


register_loader(STEERED_KIND, load_steered_policy)
