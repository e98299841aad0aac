"""configs/train.yaml: typed schema, and bad keys / names / types fail early with the valid choices listed."""

from __future__ import annotations

import pytest

from robopolicy.errors import ConfigError
from robopolicy.train.config import compose_train_config


def test_defaults_follow_diffusion_policy_and_compose_the_policy_group():
    cfg = compose_train_config(["dataset=some.zarr"])
    assert cfg.policy.name == "diffusion_unet"
    assert cfg.lr == pytest.approx(1e-4) and list(cfg.betas) == [0.95, 0.999]
    assert cfg.weight_decay == pytest.approx(1e-6) and cfg.warmup_steps == 500
    assert cfg.ema.enabled is True and cfg.resume is False


def test_unknown_top_level_key_lists_valid_keys():
    with pytest.raises(ConfigError) as e:
        compose_train_config(["dataset=x.zarr", "stpes=10"])
    msg = str(e.value)
    assert "stpes" in msg and "valid keys" in msg and "steps" in msg and "batch_size" in msg


def test_unknown_nested_key_lists_valid_keys_of_its_section():
    with pytest.raises(ConfigError) as e:
        compose_train_config(["dataset=x.zarr", "ema.decayy=0.5"])
    msg = str(e.value)
    assert "ema.decayy" in msg and "decay" in msg and "enabled" in msg


def test_wrong_type_is_refused_at_compose_time():
    with pytest.raises(ConfigError, match="steps"):
        compose_train_config(["dataset=x.zarr", "steps=ten"])


def test_unknown_policy_name_lists_registered_policies():
    with pytest.raises(ConfigError) as e:
        compose_train_config(["dataset=x.zarr", "policy=difusion_unet"])
    msg = str(e.value)
    assert "difusion_unet" in msg
    for name in ("diffusion_unet", "flow_unet", "vla_flow", "vla_diffusion"):
        assert name in msg


def test_dataset_is_required():
    with pytest.raises(ConfigError, match="dataset="):
        compose_train_config([])
