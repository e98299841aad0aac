"""``RobopolicyConfig``: the LeRobot config of policy type ``robopolicy``, naming a robopolicy checkpoint.

Its features come from the checkpoint's spec (``policy.json``), mapped to LeRobot keys the way robopolicy's
LeRobot dataset export maps them (``robopolicy.data.formats.lerobot_export.lerobot_key_for``): ``state`` ->
``observation.state`` (STATE), a camera ``<cam>`` (H, W, 3) uint8 -> ``observation.images.<cam>`` (VISUAL,
(3, H, W)), another state key ``<k>`` -> ``observation.<k>`` (ENV for ``environment_state``, STATE otherwise),
and the action -> ``action`` (ACTION, (Da,)). So LeRobot's feature checks (``make_policy``'s camera check, the
env's action feature) see what the policy reads and writes, and the policy refuses an env that gives other shapes.

``n_obs_steps`` = the policy's To, ``horizon`` = Tp, ``n_action_steps`` = Ta (its exec horizon) unless set lower.
Normalization happens inside the robopolicy policy (its normalizer is part of the checkpoint), so every
``normalization_mapping`` entry is IDENTITY and the pre/post processors only rename, batch and move devices.

For ``lerobot-train`` the config names either a checkpoint to fine-tune (``checkpoint``) or a robopolicy policy to
build fresh (``head``, e.g. ``diffusion_unet`` / ``flow_unet``, with ``head_config``: the policy config, as in
``robopolicy train policy=<head>``'s ``policy.*`` keys, horizons included); the features then come from the dataset (``make_policy``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lerobot.configs.policies import PreTrainedConfig
from lerobot.configs.types import FeatureType, NormalizationMode, PolicyFeature
from lerobot.optim import AdamWConfig

POLICY_TYPE = "robopolicy"
ACTION_KEY = "action"
IMAGE_PREFIX = "observation.images."


class RobopolicyPluginError(ValueError):
    """A robopolicy checkpoint cannot be used as configured (one line: what, and what would work)."""


def checkpoint_spec(checkpoint: str | Path) -> Any:
    """The ``PolicySpec`` of a robopolicy checkpoint or run directory (its latest checkpoint).

    Read from ``policy.json`` when it holds the spec (kind ``policy``: no weights are loaded); other kinds
    (steered, DPPO, linked LeRobot directories) are loaded to ask them."""
    from robopolicy.checkpoint import read_policy_info, resolve_checkpoint
    from robopolicy.policies.protocol import PolicySpec

    resolved = resolve_checkpoint(checkpoint)
    info = read_policy_info(resolved)
    if isinstance(info.get("spec"), dict):
        return PolicySpec.from_dict(info["spec"])
    from robopolicy.policies.loading import load_policy

    return load_policy(resolved).spec


def lerobot_features(spec: Any) -> tuple[dict[str, PolicyFeature], dict[str, PolicyFeature], dict[str, str]]:
    """``(input_features, output_features, {LeRobot key: robopolicy key})`` for a ``PolicySpec``."""
    from robopolicy.data.formats.lerobot_export import lerobot_key_for

    inputs: dict[str, PolicyFeature] = {}
    keys: dict[str, str] = {}
    for key, feature in spec.obs_features.items():
        lerobot_key = lerobot_key_for(key, feature)
        if feature.kind == "image":
            height, width, channels = feature.shape
            inputs[lerobot_key] = PolicyFeature(FeatureType.VISUAL, (channels, height, width))
        else:
            kind = FeatureType.ENV if key == "environment_state" else FeatureType.STATE
            inputs[lerobot_key] = PolicyFeature(kind, tuple(feature.shape))
        keys[lerobot_key] = key
    outputs = {ACTION_KEY: PolicyFeature(FeatureType.ACTION, (int(spec.action_dim),))}
    return inputs, outputs, keys


def _identity_normalization() -> dict[str, NormalizationMode]:
    return {kind.value: NormalizationMode.IDENTITY for kind in (FeatureType.STATE, FeatureType.VISUAL,
                                                                FeatureType.ENV, FeatureType.ACTION)}


@PreTrainedConfig.register_subclass(POLICY_TYPE)
@dataclass
class RobopolicyConfig(PreTrainedConfig):
    """A robopolicy checkpoint as a LeRobot policy.

    ``checkpoint``: a robopolicy checkpoint directory, or a run directory (its ``latest.json`` checkpoint, read
    when the policy is built). Left empty in a ``config.json`` written by ``python -m lerobot_policy_robopolicy``
    into the checkpoint or run directory itself: then it is the directory LeRobot loads the config from
    (``--policy.path``).
    """

    checkpoint: str | None = None
    # lerobot-train without a checkpoint: the robopolicy policy to build (robopolicy.policies.registry.POLICIES) and
    # its policy config (JSON on the command line: --policy.head_config='{"unet": {"down_dims": [32, 64]}}'); its
    # horizons (obs_horizon/pred_horizon/exec_horizon, robopolicy's defaults 2/16/8) set n_obs_steps/horizon.
    head: str | None = None
    head_config: dict[str, Any] = field(default_factory=dict)
    # executed actions per chunk; None: the checkpoint's exec horizon (Ta). At most Tp - To + 1.
    n_action_steps: int | None = None
    horizon: int | None = None  # Tp, from the checkpoint (informational; used by action_delta_indices)
    normalization_mapping: dict[str, NormalizationMode] = field(default_factory=_identity_normalization)
    push_to_hub: bool = False  # robopolicy checkpoints live on disk (LeRobot's default True needs a repo_id)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.checkpoint:
            self.apply_spec(checkpoint_spec(self.checkpoint))
        elif self.head:
            self.apply_horizons(self.head_policy_config())

    def head_policy_config(self) -> dict[str, Any]:
        """``head``'s resolved robopolicy policy config (defaults filled; unknown keys refused)."""
        from robopolicy.policies.policy_config import resolve_policy_config

        return resolve_policy_config(self.head, self.head_config)

    def apply_horizons(self, cfg: dict[str, Any]) -> None:
        """To/Tp/Ta from a resolved policy config (what the dataset's delta indices are built from)."""
        self.n_obs_steps, self.horizon = int(cfg["obs_horizon"]), int(cfg["pred_horizon"])
        if self.n_action_steps is None:
            self.n_action_steps = int(cfg["exec_horizon"])

    def checkpoint_path(self) -> Path:
        """Where the robopolicy checkpoint is: ``checkpoint``, else the directory the config was loaded from."""
        if self.checkpoint:
            return Path(self.checkpoint)
        if self.pretrained_path:
            return Path(self.pretrained_path)
        raise RobopolicyPluginError("policy type 'robopolicy' needs a robopolicy checkpoint: pass "
                                    "--policy.checkpoint=<checkpoint or run dir> (with --policy.type=robopolicy), or "
                                    "--policy.path=<dir> after `python -m lerobot_policy_robopolicy <dir>`; or, to "
                                    "train a fresh one with lerobot-train, --policy.head=<diffusion_unet, flow_unet, "
                                    "...>")

    def apply_spec(self, spec: Any) -> None:
        """Set the features and horizons from the checkpoint's spec; refuse a stale or impossible setting."""
        inputs, outputs, _ = lerobot_features(spec)
        if self.input_features and dict(self.input_features) != inputs:
            stale = sorted(set(self.input_features) ^ set(inputs)) or \
                [k for k in inputs if self.input_features[k] != inputs[k]]
            raise RobopolicyPluginError(
                f"config input_features disagree with the robopolicy checkpoint {self.checkpoint_path()} on "
                f"{stale[0]!r} (config: {self.input_features.get(stale[0])}, checkpoint: {inputs.get(stale[0])}); "
                f"write the config again: python -m lerobot_policy_robopolicy {self.checkpoint_path()}")
        self.input_features = inputs
        if not self.output_features:
            self.output_features = outputs
        self.n_obs_steps = int(spec.obs_horizon)
        self.horizon = int(spec.pred_horizon)
        most = spec.pred_horizon - spec.obs_horizon + 1
        if self.n_action_steps is None:
            self.n_action_steps = int(spec.exec_horizon)
        elif not 1 <= int(self.n_action_steps) <= most:
            raise RobopolicyPluginError(f"n_action_steps={self.n_action_steps} is outside [1, Tp - To + 1] = "
                                        f"[1, {most}] for this checkpoint (its exec horizon is {spec.exec_horizon})")

    def validate_features(self) -> None:
        if not self.input_features:
            raise RobopolicyPluginError("policy type 'robopolicy' has no input features: its checkpoint was not "
                                        "read (set --policy.checkpoint) and no dataset gave them (--policy.head)")

    @property
    def observation_delta_indices(self) -> list[int]:
        return list(range(1 - self.n_obs_steps, 1))

    @property
    def action_delta_indices(self) -> list[int] | None:
        if self.horizon is None:
            return None
        return list(range(1 - self.n_obs_steps, 1 - self.n_obs_steps + self.horizon))

    @property
    def reward_delta_indices(self) -> None:
        return None

    def get_optimizer_preset(self) -> AdamWConfig:
        return AdamWConfig(lr=1e-4, weight_decay=1e-6)

    def get_scheduler_preset(self) -> None:
        return None
