"""A LeRobot pretrained policy directory as a robopolicy ``Sampler`` (optional extra ``robopolicy[lerobot]``).

    sampler = LeRobotSampler("outputs/train/diffusion_pusht/checkpoints/last/pretrained_model")
    chunks = sampler.sample({"state": (B, To, Ds), "<cam>": (B, To, H, W, 3) uint8, ["task": [str] * B]}, n=4)
    chunks.shape == (B, 4, Tp, Da)          # raw action units (LeRobot's postprocessor un-normalizes)
    chunks = sampler.sample(obs, n=4, noise=torch.randn(B, 4, *sampler.noise_shape))   # steerable types: below

Observation keys follow the store mapping of ``robopolicy.data.formats.lerobot``: ``observation.state`` ->
``state``, ``observation.images.<cam>`` -> ``<cam>``, ``observation.environment_state`` -> ``environment_state``.
LeRobot's own preprocessor pipeline (``policy_preprocessor.json``: normalization, tokenization) and
postprocessor (un-normalization) run inside ``sample``, so callers pass raw observations as for any Sampler.

Two paths, chosen by the policy type:
- ``diffusion`` (Diffusion Policy, ``n_obs_steps`` = To >= 1): the full ``horizon`` = Tp chunk is sampled from the
  conditional U-Net (LeRobot's ``predict_action_chunk`` returns only the executed slice), so the robopolicy
  convention holds: the first executed action is index ``To - 1``. With ``noise_scheduler_type == "DDIM"`` the
  sample is deterministic given the initial noise: ``noise_shape`` is ``(Tp, Da)`` and DSRL can steer it.
- single-observation chunking policies (``act``, ``pi0``, ``pi05``, ``smolvla``, ...): ``predict_action_chunk`` on
  the last observation (after ``policy.reset()``, so no observation or action queue carries over between calls);
  To = 1, Tp = the chunk size.
- of those, the flow-matching policies (``smolvla``; ``pi0`` and ``pi05`` too, by the same rule, but untested: their
  tokenizer and weights come from the Hub): a config with ``chunk_size``, ``max_action_dim`` and a number of Euler
  steps (``num_steps`` / ``num_inference_steps``), and a ``predict_action_chunk`` that takes ``noise=`` (its own
  parameter, or passed on to ``model.sample_actions(..., noise=)``). The flow ODE is deterministic given its initial
  noise, so ``noise_shape`` is ``(chunk_size, max_action_dim)``: the noise is padded to the VLA's ``max_action_dim``
  and every column steers the chunk (the action expert mixes them), not only the first ``Da``; it is in
  normalized action space, float32. ``act`` (no noise) and the others have ``noise_shape`` None.

``robopolicy eval`` (and every command that takes ``policy=``) reads robopolicy checkpoints: ``link_checkpoint``
writes the two small files that make a LeRobot directory one (``policy.json`` of kind ``"lerobot"`` and
``meta.json`` with the weights' sha256), by default into the LeRobot directory itself::

    link_checkpoint("outputs/.../pretrained_model")      # then: robopolicy eval policy=outputs/.../pretrained_model

The loader of kind ``"lerobot"`` is registered when this module is imported.

LeRobot pins an older torch than robopolicy, so it is an optional extra imported only when a wrapper is built;
the LeRobot lane (``make test-lerobot``, its own venv with LeRobot 0.6.1: docs/howto/lerobot.md) tests it.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import sys
from pathlib import Path
from typing import Any

import numpy as np
import torch

from robopolicy.checkpoint import HASH_PREFIX, META_FILE, MODEL_FILE, POLICY_FILE, CheckpointError
from robopolicy.data.features import Feature
from robopolicy.errors import RobopolicyError
from robopolicy.policies.loading import register_loader
from robopolicy.policies.protocol import PolicySpec

INSTALL_HINT = "pip install 'robopolicy[lerobot]'"
# The LeRobot versions this wrapper (and the lerobot_policy_robopolicy plugin) supports: the lane's pin
# (constraints-lerobot.txt: 0.6.1) up to the next minor release, whose API may change (0.4 -> 0.6 changed how
# predict_action_chunk reads the observation queues). pyproject.toml's `lerobot` extra declares the same range
# (tests/lerobot/test_version.py checks both).
SUPPORTED_LEROBOT = ">=0.6.1,<0.7"
LEROBOT_KIND = "lerobot"  # policy.json "kind" of a linked LeRobot directory
LINK_FORMAT = "robopolicy.lerobot-link"
NOISE_CONDITIONED_TYPES = ("diffusion",)
DETERMINISTIC_SCHEDULER = "DDIM"  # DDPM adds fresh noise at every step, so its output is not a function of x_K
FLOW_STEPS_FIELDS = ("num_steps", "num_inference_steps")  # smolvla; pi0, pi05: the Euler steps of the flow ODE
STEERABLE = (f"diffusion with noise_scheduler_type={DETERMINISTIC_SCHEDULER}, and flow-matching policies (smolvla, "
             f"pi0, pi05: chunk_size, max_action_dim and a number of flow steps in the config, "
             f"predict_action_chunk(batch, noise=))")
IMAGE_PREFIX, OBS_PREFIX, STATE_KEY = "observation.images.", "observation.", "observation.state"
PIXEL_SCALE = 255.0  # LeRobot policies take float images in [0, 1], (C, H, W)


class LeRobotUnavailableError(RobopolicyError, ImportError):
    """The optional ``lerobot`` package is not installed."""


class LeRobotVersionError(LeRobotUnavailableError):
    """The installed ``lerobot`` is outside ``SUPPORTED_LEROBOT``."""


class LeRobotPolicyError(RobopolicyError):
    """A LeRobot policy directory cannot be wrapped, or inputs do not match its spec."""


def import_lerobot() -> Any:
    """The ``lerobot`` package, or an error saying how to install it (or that its version is unsupported)."""
    lerobot = import_lerobot_module()
    check_lerobot_version(getattr(lerobot, "__version__", "unknown"))
    return lerobot


def check_lerobot_version(version: str | None = None) -> str:
    """``version`` (default: the installed ``lerobot.__version__``) if it is in ``SUPPORTED_LEROBOT``, else a
    one-line ``LeRobotVersionError`` naming it and the supported range."""
    if version is None:
        version = getattr(import_lerobot_module(), "__version__", "unknown")
    from packaging.specifiers import SpecifierSet  # a dependency of lerobot
    from packaging.version import InvalidVersion, Version

    try:
        supported = SpecifierSet(SUPPORTED_LEROBOT).contains(Version(str(version)), prereleases=True)
    except InvalidVersion:
        supported = False
    if not supported:
        raise LeRobotVersionError(f"LeRobot {version} is installed; robopolicy supports lerobot{SUPPORTED_LEROBOT} "
                                  f"(install it with: pip install 'lerobot{SUPPORTED_LEROBOT}', or use the LeRobot "
                                  f"lane: make setup-lerobot)")
    return str(version)


def import_hugging_face_datasets() -> None:
    """Import Hugging Face's ``datasets`` (LeRobot's policies import ``lerobot.datasets``, which needs it) from
    site-packages before anything asks for it. Run from a robopolicy checkout (``python -m ...``, pytest), the
    checkout's root is on ``sys.path`` and its top-level ``datasets/`` folder (robopolicy's recipes, installed as
    ``robopolicy.datasets``) would be found instead, breaking ``import lerobot.policies``."""
    if "datasets" in sys.modules:
        return

    def checkout(entry: str) -> bool:
        root = Path(entry or ".")
        return (root / "datasets" / "__init__.py").is_file() and (root / "robopolicy" / "__init__.py").is_file()

    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if not checkout(p)]
    try:
        import datasets  # noqa: F401
    except ImportError:  # not installed (the main venv): nothing to shadow
        pass
    finally:
        sys.path[:] = saved


def import_lerobot_module() -> Any:
    """``lerobot`` without the version check (``import_lerobot`` checks it)."""
    import_hugging_face_datasets()
    try:
        import lerobot
    except ImportError as e:
        raise LeRobotUnavailableError(f"LeRobot policies need the optional 'lerobot' package, which is not installed "
                                      f"({e}); install it with: {INSTALL_HINT}") from e
    return lerobot


def flow_noise_shape(policy: Any, config: Any) -> tuple[int, int] | None:
    """``(chunk_size, max_action_dim)`` for a LeRobot flow-matching policy whose ``predict_action_chunk`` reaches the
    flow's initial noise (deterministic Euler steps from it), else None.

    The config must have ``chunk_size``, ``max_action_dim`` and one of ``FLOW_STEPS_FIELDS``; the noise reaches the
    flow through ``predict_action_chunk``'s own ``noise`` parameter (smolvla) or its ``**kwargs``, passed on to
    ``model.sample_actions(..., noise=)`` (pi0, pi05). A policy whose ``predict_action_chunk`` drops it is not
    steerable: its chunk would not be a function of the noise given."""
    fields = (getattr(config, "chunk_size", None), getattr(config, "max_action_dim", None),
              next((getattr(config, f) for f in FLOW_STEPS_FIELDS if getattr(config, f, None) is not None), None))
    if not all(isinstance(v, int) and v > 0 for v in fields):
        return None
    params = inspect.signature(policy.predict_action_chunk).parameters
    if "noise" not in params:
        forwards = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
        sample_actions = getattr(getattr(policy, "model", None), "sample_actions", None)
        if not (forwards and callable(sample_actions) and "noise" in inspect.signature(sample_actions).parameters):
            return None
    return int(config.chunk_size), int(config.max_action_dim)


def _store_key(lerobot_key: str) -> str:
    if lerobot_key == STATE_KEY:
        return "state"
    if lerobot_key.startswith(IMAGE_PREFIX):
        return lerobot_key[len(IMAGE_PREFIX):].replace(".", "_")
    return lerobot_key[len(OBS_PREFIX):].replace(".", "_") if lerobot_key.startswith(OBS_PREFIX) else lerobot_key


class LeRobotSampler:
    """Tier-1 ``Sampler`` over a LeRobot ``pretrained_model`` directory (``config.json`` + weights + processors)."""

    def __init__(self, path: str | os.PathLike, device: str = "cpu", control_rate: float = 10.0):
        import_lerobot()
        from lerobot.configs.policies import PreTrainedConfig
        from lerobot.policies.factory import get_policy_class, make_pre_post_processors

        self.path = Path(path)
        if not (self.path / "config.json").is_file():
            raise LeRobotPolicyError(f"{self.path}: not a LeRobot pretrained policy directory (no config.json)")
        self.config = PreTrainedConfig.from_pretrained(str(self.path))
        self.config.device = device
        self.policy_type = self.config.type
        self.policy = get_policy_class(self.policy_type).from_pretrained(str(self.path), config=self.config)
        self.policy.to(device).eval()
        self.preprocessor, self.postprocessor = make_pre_post_processors(
            self.config, pretrained_path=str(self.path),
            preprocessor_overrides={"device_processor": {"device": device}})
        self.device = torch.device(device)
        self._input_keys = {_store_key(k): k for k in self.config.input_features}
        self.spec = self._make_spec(control_rate)
        self.noise_scale = 1.0
        self._flow_noise_shape = None if self.policy_type == "diffusion" else flow_noise_shape(self.policy,
                                                                                                self.config)

    def _make_spec(self, control_rate: float) -> PolicySpec:
        obs_features: dict[str, Feature] = {}
        for store_key, lerobot_key in self._input_keys.items():
            feature = self.config.input_features[lerobot_key]
            shape = tuple(feature.shape)
            if lerobot_key.startswith(IMAGE_PREFIX):  # LeRobot declares (C, H, W); observations arrive HWC uint8
                obs_features[store_key] = Feature((shape[1], shape[2], shape[0]), "uint8", "image")
            else:
                obs_features[store_key] = Feature(shape, "float32", "state")
        action_dim = int(self.config.output_features["action"].shape[0])
        if self.policy_type == "diffusion":
            obs_horizon, pred_horizon = int(self.config.n_obs_steps), int(self.config.horizon)
        elif int(getattr(self.config, "n_obs_steps", 1)) == 1 and hasattr(self.config, "chunk_size"):
            obs_horizon, pred_horizon = 1, int(self.config.chunk_size)
        else:
            raise LeRobotPolicyError(f"{self.path}: LeRobot policy type {self.policy_type!r} is not supported by "
                                     f"LeRobotSampler; supported: diffusion, and single-observation chunking "
                                     f"policies with a chunk_size (act, pi0, pi05, smolvla; steerable by their "
                                     f"noise: {STEERABLE})")
        exec_horizon = min(int(self.config.n_action_steps), pred_horizon - obs_horizon + 1)
        language = self.policy_type not in ("diffusion", "act")
        return PolicySpec(obs_features=obs_features, action_dim=action_dim, obs_horizon=obs_horizon,
                          pred_horizon=pred_horizon, exec_horizon=exec_horizon, control_rate=control_rate,
                          language=language, extra={"lerobot_type": self.policy_type, "lerobot_path": str(self.path)})

    @property
    def noise_shape(self) -> tuple[int, int] | None:
        """``(Tp, Da)`` for DDIM diffusion, ``(chunk_size, max_action_dim)`` for a flow-matching policy (module
        doc), None where the chunk is not a function of a noise tensor the wrapper can pass."""
        if self.policy_type in NOISE_CONDITIONED_TYPES and \
                getattr(self.config, "noise_scheduler_type", None) == DETERMINISTIC_SCHEDULER:
            return (self.spec.pred_horizon, self.spec.action_dim)
        return self._flow_noise_shape

    def state_dict(self) -> dict[str, torch.Tensor]:
        """The LeRobot policy's tensors, read-only: DSRL hashes them (``steered.state_dict_sha256``) to record the
        frozen base in the steered policy and to check that training left it unchanged."""
        return self.policy.state_dict()

    def _frames(self, obs: dict[str, Any], t: int, repeat: int) -> dict[str, Any]:
        """Observation step ``t`` as a LeRobot batch (B * repeat rows), before its preprocessor."""
        batch: dict[str, Any] = {}
        for store_key, lerobot_key in self._input_keys.items():
            if store_key not in obs:
                raise LeRobotPolicyError(f"observation {store_key!r} (LeRobot {lerobot_key!r}) is missing; "
                                         f"the policy reads: {', '.join(self._input_keys)}")
            x = torch.as_tensor(np.asarray(obs[store_key]))[:, t]
            if self.spec.obs_features[store_key].kind == "image":
                x = x.permute(0, 3, 1, 2).float() / PIXEL_SCALE
            batch[lerobot_key] = x.float().repeat_interleave(repeat, dim=0)
        if self.spec.language:
            if "task" not in obs:
                raise LeRobotPolicyError(f"{self.policy_type} policies take a language instruction: pass obs['task']")
            batch["task"] = [task for task in obs["task"] for _ in range(repeat)]
        return batch

    def set_noise_scale(self, scale: float) -> LeRobotSampler:
        """Draw ``sample``'s initial noise from N(0, scale^2 I) (``noise_shape``) instead of letting LeRobot draw
        it; ``0``: every chunk from zero noise, the zero-noise control of ``robopolicy finetune`` and ``robopolicy
        eval noise_scale=0``. Only for policies with a ``noise_shape``; explicit ``noise`` is used as given."""
        from robopolicy.policies.chunk_policy import check_noise_scale

        if self.noise_shape is None:
            raise LeRobotPolicyError(f"LeRobot {self.policy_type!r} policies with this config take no noise tensor "
                                     f"(noise_shape is None), so noise_scale cannot apply; steerable: {STEERABLE}")
        self.noise_scale = check_noise_scale(scale)
        return self

    def sample(self, obs: dict[str, Any], n: int = 1, noise: torch.Tensor | None = None) -> torch.Tensor:
        """Raw-unit action chunks ``(B, n, Tp, Da)``; ``noise`` ``(B, n, *noise_shape)`` is the diffusion prior x_K
        or the flow's initial noise (normalized action space). LeRobot's sampling runs under
        ``torch.inference_mode``, as its own rollout runs it (``no_grad`` cost a small policy ~15% more per call:
        benchmarks/lerobot_bridge.py); the chunk returned is an ordinary tensor (the fine-tuners take gradients
        through what they compute from it)."""
        with torch.inference_mode():
            chunks = self._sample(obs, n, noise)
        return chunks.clone()

    def _sample(self, obs: dict[str, Any], n: int, noise: torch.Tensor | None) -> torch.Tensor:
        first = next(iter(self._input_keys))
        batch_size, history = np.shape(obs[first])[:2]
        if noise is None and self.noise_scale != 1.0:   # set_noise_scale; 1: LeRobot draws its own noise
            noise = self.noise_scale * torch.randn(batch_size, n, *self.noise_shape)
        if history < self.spec.obs_horizon:
            raise LeRobotPolicyError(f"observations carry {history} steps of history, the policy needs "
                                     f"obs_horizon={self.spec.obs_horizon}")
        if noise is not None:
            if self.noise_shape is None:
                raise LeRobotPolicyError(f"LeRobot {self.policy_type!r} policies with this config are not "
                                         f"deterministic given noise (noise_shape is None); noise-conditioned: "
                                         f"{STEERABLE}")
            noise = torch.as_tensor(noise, dtype=torch.float32)
            if noise.numel() != batch_size * n * int(np.prod(self.noise_shape)):
                raise LeRobotPolicyError(f"noise has shape {tuple(noise.shape)}; expected (B, n, *noise_shape) = "
                                         f"{(batch_size, n, *self.noise_shape)}")
            noise = noise.to(self.device).reshape(batch_size * n, *self.noise_shape)
        steps = range(history - self.spec.obs_horizon, history)
        frames = [self.preprocessor(self._frames(obs, t, n)) for t in steps]
        if self.policy_type == "diffusion":
            chunks = self._sample_diffusion(frames, batch_size * n, noise)
        else:
            self.policy.reset()  # nothing queued from an earlier call (observations, actions) reaches this one
            chunks = self.policy.predict_action_chunk(frames[-1], **({} if noise is None else {"noise": noise}))
        actions = self.postprocessor(chunks)
        return actions.to(torch.float32).cpu().reshape(batch_size, n, *actions.shape[1:])

    def _sample_diffusion(self, frames: list[dict[str, Any]], rows: int,
                          noise: torch.Tensor | None) -> torch.Tensor:
        """Normalized ``(rows, Tp, Da)`` from LeRobot's DiffusionModel, history stacked as it does in training."""
        model = self.policy.diffusion
        batch = {key: torch.stack([f[key] for f in frames], dim=1) for key in frames[0]
                 if key in self.config.input_features}
        if self.config.image_features:
            batch["observation.images"] = torch.stack([batch[k] for k in self.config.image_features], dim=-4)
        global_cond = model._prepare_global_conditioning(batch)  # (rows, cond_dim)
        return model.conditional_sample(rows, global_cond=global_cond, noise=noise)  # noise: (rows, Tp, Da) or None


# ------------------------------------------------------------------ LeRobot directories as robopolicy checkpoints
def _weights_sha256(lerobot_dir: Path) -> str:
    weights = lerobot_dir / MODEL_FILE
    if not weights.is_file():
        raise LeRobotPolicyError(f"{lerobot_dir}: not a LeRobot pretrained policy directory (no {MODEL_FILE})")
    digest = hashlib.sha256()
    with weights.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_text(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    tmp.write_text(text)
    os.replace(tmp, path)


def link_checkpoint(lerobot_dir: str | os.PathLike, out: str | os.PathLike | None = None,
                    control_rate: float = 10.0) -> Path:
    """Make ``out`` (default: ``lerobot_dir`` itself) a robopolicy checkpoint that loads ``lerobot_dir``.

    Writes ``policy.json`` (kind ``"lerobot"``, the LeRobot directory, relative when ``out`` is inside it, and the
    control rate) and ``meta.json`` (the sha256 of LeRobot's ``model.safetensors``, which the loader checks and
    evaluation reports as the policy hash). LeRobot's own loaders ignore both files. Returns ``out``.
    """
    lerobot_dir = Path(lerobot_dir).resolve()
    if not (lerobot_dir / "config.json").is_file():
        raise LeRobotPolicyError(f"{lerobot_dir}: not a LeRobot pretrained policy directory (no config.json)")
    out = lerobot_dir if out is None else Path(out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    lerobot_type = json.loads((lerobot_dir / "config.json").read_text()).get("type")
    info = {"kind": LEROBOT_KIND, "lerobot_path": os.path.relpath(lerobot_dir, out),
            "lerobot_type": lerobot_type, "control_rate": float(control_rate)}
    _write_text(out / POLICY_FILE, json.dumps(info, indent=2))
    _write_text(out / META_FILE, json.dumps({"format": LINK_FORMAT, "sha256": _weights_sha256(lerobot_dir)},
                                                  indent=2))
    return out


def load_linked_checkpoint(checkpoint: Path, info: dict[str, Any], device: str = "cpu") -> LeRobotSampler:
    """Loader of kind ``"lerobot"``: the ``LeRobotSampler`` of the linked directory, its weights' hash checked."""
    if "lerobot_path" not in info:
        raise CheckpointError(f"{checkpoint}/{POLICY_FILE} lacks 'lerobot_path' (has: {', '.join(sorted(info))})")
    lerobot_dir = (Path(checkpoint) / info["lerobot_path"]).resolve()
    meta = json.loads((Path(checkpoint) / META_FILE).read_text()) if (Path(checkpoint) / META_FILE).is_file() else {}
    actual = _weights_sha256(lerobot_dir)
    if meta.get("sha256") != actual:
        raise CheckpointError(f"{lerobot_dir}/{MODEL_FILE} changed since it was linked (sha256 "
                              f"{HASH_PREFIX}{actual[:12]}…, {META_FILE} says {str(meta.get('sha256'))[:12]}…); "
                              f"link it again: robopolicy.policies.lerobot.link_checkpoint({str(lerobot_dir)!r})")
    return LeRobotSampler(lerobot_dir, device=device, control_rate=float(info.get("control_rate", 10.0)))


register_loader(LEROBOT_KIND, load_linked_checkpoint)
