"""Every config with a registered schema composes, and each YAML default equals its dataclass default (a
default that differs between the two would make the CLI and the Python API run different settings)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from omegaconf import OmegaConf

from robopolicy.config import SCHEMA_MODULES, compose, schema_for

REQUIRED = {"train": ["dataset=x.zarr"], "collect": [], "eval": [], "merge": [], "serve": [], "deploy": [], "finetune": [], "quickstart": []}


@pytest.mark.parametrize("name", sorted(SCHEMA_MODULES))
def test_yaml_defaults_equal_dataclass_defaults(name):
    schema = schema_for(name)
    cfg = compose(name, REQUIRED[name])
    for f in dataclasses.fields(schema):
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            continue
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
        if dataclasses.is_dataclass(default):
            default = dataclasses.asdict(default)
        if default == "???" or f.name in ("policy", "finetune"):  # group choices, not defaults
            continue
        value = OmegaConf.to_container(cfg, resolve=True)[f.name]
        assert value == default, f"{name}.yaml {f.name}={value!r} but {schema.__name__}.{f.name}={default!r}"


@pytest.mark.parametrize("method", ["dppo", "dsrl", "parl", "vgps"])
def test_method_yaml_defaults_equal_the_method_dataclass(method):
    """configs/finetune/<method>.yaml (what `robopolicy finetune` runs) and the method's dataclass (what the
    Python API runs) hold the same defaults; DPPO's num_envs and critic_warmup_updates once differed."""
    from robopolicy.finetune.cli import METHOD_SCHEMAS

    module, name = METHOD_SCHEMAS[method]
    schema = getattr(__import__(module, fromlist=[name]), name)
    values = OmegaConf.to_container(compose("finetune", [f"finetune={method}"]).finetune, resolve=True)
    defaults = schema()
    for key, value in values.items():
        default = getattr(defaults, key)
        default = dataclasses.asdict(default) if dataclasses.is_dataclass(default) else default
        default = list(default) if isinstance(default, tuple) else default
        assert value == default, f"finetune/{method}.yaml {key}={value!r} but {name}.{key}={default!r}"


def test_a_section_built_into_its_dataclass_names_an_unknown_key_and_the_valid_ones():
    """``dataclass_from`` (a method's ``finetune.*`` keys, ``reward.*``) errs like ``compose``: the bad key and
    the valid keys, in one ConfigError."""
    from robopolicy.config import dataclass_from
    from robopolicy.errors import ConfigError
    from robopolicy.finetune.rewards import SparseRewardConfig

    with pytest.raises(ConfigError, match=r"unknown config key 'last_kk' for SparseRewardConfig; valid keys: .*last_k"):
        dataclass_from(SparseRewardConfig, {"last_kk": 3})
    assert dataclass_from(SparseRewardConfig, {"last_k": 2}).last_k == 2


@pytest.mark.parametrize("path", sorted((Path(__file__).parents[1] / "configs" / "policy").glob("*.yaml")),
                         ids=lambda p: p.stem)
def test_policy_yaml_states_the_same_defaults_as_the_python_api(path):
    """configs/policy/<name>.yaml (what `robopolicy train policy=<name>` gets) and resolve_policy_config(name, {})
    (what `build_policy` gets with nothing set) agree on every key; diffusion_unet's prediction type once did not."""
    from robopolicy.policies.policy_config import resolve_policy_config

    yaml = OmegaConf.to_container(OmegaConf.load(path), resolve=True)
    from_yaml, from_python = resolve_policy_config(yaml["name"], yaml), resolve_policy_config(yaml["name"], {})
    for key, value in from_python.items():
        sections = value.items() if isinstance(value, dict) else [(None, value)]
        for sub, default in sections:
            got = from_yaml[key][sub] if sub is not None else from_yaml[key]
            where = f"{path.name} {key}{'.' + sub if sub else ''}"
            assert got == (pytest.approx(default, rel=1e-6) if isinstance(default, float) else default), (
                f"{where}={got!r} but the Python default is {default!r}")
