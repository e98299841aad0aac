"""Compose Hydra configs from the shipped tree (``robopolicy.configs``) with typed, early errors.

Commands call ``compose("train", overrides)``. Structured schemas (dataclasses registered in Hydra's
ConfigStore by the modules that own them) make a wrong key or a wrong type fail at start-up; the error names
the bad key and lists the valid ones.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from hydra import compose as hydra_compose
from hydra import initialize_config_dir
from hydra.errors import ConfigCompositionException, MissingConfigException, OverrideParseException
from omegaconf import DictConfig, OmegaConf
from omegaconf.errors import OmegaConfBaseException

import robopolicy.configs
from robopolicy.errors import ConfigError
from robopolicy.ranges import check_ranges, describe_valid

CONFIG_DIR = Path(robopolicy.configs.__file__).resolve().parent
# Config name -> the module that registers its typed schema in Hydra's ConfigStore (and lists it in ``SCHEMAS``).
# ``compose`` imports it first, then range-checks the composed config against the schema: one place for every
# command's type and range errors.
SCHEMA_MODULES = {"train": "robopolicy.train.config", "collect": "robopolicy.eval.settings",
                  "eval": "robopolicy.eval.settings", "merge": "robopolicy.finetune.merge_settings",
                  "serve": "robopolicy.serve.settings", "deploy": "robopolicy.real.settings",
                  "finetune": "robopolicy.finetune.settings", "quickstart": "robopolicy.quickstart_settings"}


def schema_for(config_name: str) -> type | None:
    """The dataclass schema of ``configs/<config_name>.yaml`` (registering it in the ConfigStore), or None."""
    module = SCHEMA_MODULES.get(config_name)
    return importlib.import_module(module).SCHEMAS[config_name] if module else None


def compose(config_name: str, overrides: list[str] | None = None) -> DictConfig:
    """Compose ``configs/<config_name>.yaml`` with ``key=value`` overrides; raise ``ConfigError`` on bad input."""
    overrides = list(overrides or [])
    for o in overrides:
        if "=" not in o:
            raise ConfigError(f"expected key=value, got {o!r} (e.g. policy=diffusion_unet train.steps=1000)")
    schema = schema_for(config_name)
    try:
        with initialize_config_dir(config_dir=str(CONFIG_DIR), version_base=None):
            cfg = hydra_compose(config_name=config_name, overrides=overrides)
        if schema is not None:  # ``+key=value`` appends slip past Hydra's struct mode: the schema refuses them
            OmegaConf.merge(OmegaConf.structured(schema), OmegaConf.to_container(cfg))
    except MissingConfigException as e:
        raise ConfigError(_one_line(str(e))) from None
    except OverrideParseException as e:
        raise ConfigError(f"cannot parse the overrides ({_one_line(str(e))}); quote values that hold '=' or "
                          "brackets, e.g. 'train.overrides=[\"lr=3e-4\"]'") from None
    except ConfigCompositionException as e:
        cause = e.__cause__ or e
        raise ConfigError(_explain(str(cause), config_name, overrides)) from None
    except OmegaConfBaseException as e:
        raise ConfigError(_explain(str(e), config_name, overrides)) from None
    if schema is not None:
        check_ranges(cfg, schema, config_name)
    return cfg


def compose_with_policy(config_name: str, argv: list[str], policy_help: str) -> DictConfig:
    """Compose with ``policy=`` taken out first and set as a plain value afterwards.

    ``configs/policy/`` is a config group (training's policy architectures), so Hydra would read ``policy=X``
    as a group choice; commands whose ``policy`` is a checkpoint, a URL or an expert use this instead.
    """
    policy = [a.split("=", 1)[1] for a in argv if a.startswith("policy=")]
    cfg = compose(config_name, [a for a in argv if not a.startswith("policy=")])
    if not policy:
        raise ConfigError(f"give policy=<...>: {policy_help}")
    OmegaConf.update(cfg, "policy", policy[-1])
    return cfg


def _one_line(message: str) -> str:
    message = message.split("Config search path")[0]  # Hydra's search-path dump says nothing to a user
    return re.sub(r"\s*\n\s*", " ", message.strip())


def _explain(message: str, config_name: str, overrides: list[str]) -> str:
    """Turn Hydra's 'Key x is not in struct' into a message that lists the valid keys at that level, and
    OmegaConf's "Value 'abc' ... could not be converted to Integer" into the one-line range error."""
    m = re.search(r"Value '(.*)' of type '\w+' could not be converted to (\w+)\s+full_key: (\S+)", message)
    if m:
        value, kind, key = m.groups()
        wanted = {"Integer": "an integer", "Float": "a number", "Boolean": "true or false"}.get(kind, kind.lower())
        valid = describe_valid(schema_for(config_name), key) or wanted
        return f"{config_name}: {key}={value!r} is not {wanted}; valid: {valid}"
    m = (re.search(r"Key '[^']+' not in '\w+'\s+full_key: (\S+)", message)  # a typed schema's unknown key
         or re.search(r"Key '([^']+)' is not in struct", message) or re.search(r"Could not override '([^']+)'", message))
    if m:
        bad = m.group(1)
        full_key = next((o.split("=", 1)[0].lstrip("+~") for o in overrides
                         if o.split("=", 1)[0].lstrip("+~").endswith(bad)), bad)
        parent = full_key.rsplit(".", 1)[0] if "." in full_key else ""
        try:
            with initialize_config_dir(config_dir=str(CONFIG_DIR), version_base=None):
                kept = [o for o in overrides if o.split("=", 1)[0].lstrip("+~") != full_key
                        and not o.split("=", 1)[0].lstrip("+~").startswith(full_key + ".")]
                base = hydra_compose(config_name=config_name, overrides=kept)
            node = OmegaConf.select(base, parent) if parent else base
            valid = ", ".join(sorted(node.keys())) if isinstance(node, DictConfig) else "(not a mapping)"
        except Exception:  # the listing is a courtesy; the error itself must still come out
            valid = "(could not list)"
        where = f" under '{parent}'" if parent else ""
        return f"unknown config key '{full_key}' in {config_name}.yaml; valid keys{where}: {valid}"
    return _one_line(message)


def to_yaml(cfg: DictConfig) -> str:
    return OmegaConf.to_yaml(cfg, resolve=True)
