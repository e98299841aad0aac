"""Compose Hydra configs from the shipped tree (``robopolicy.configs``) with typed, early errors.

Commands call ``compose("train", overrides)``. Structured schemas (dataclasses registered in Hydra's
ConfigStore by the modules that own them) make a wrong key or a wrong type fail at start-up; the error names
the bad key and lists the valid ones.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import shlex
from pathlib import Path
from typing import Any

from hydra import compose as hydra_compose
from hydra import initialize_config_dir
from hydra.errors import ConfigCompositionException, MissingConfigException, OverrideParseException
from omegaconf import DictConfig, OmegaConf
from omegaconf.errors import OmegaConfBaseException

import robopolicy.configs
from robopolicy.errors import ConfigError
from robopolicy.ranges import SWITCH, check_ranges, check_work_limits, describe_valid, not_a_switch

CONFIG_DIR = Path(robopolicy.configs.__file__).resolve().parent
# Config name -> the module that registers its typed schema in Hydra's ConfigStore (and lists it in ``SCHEMAS``).
# ``compose`` imports it first, then range-checks the composed config against the schema: one place for every
# command's type and range errors.
SCHEMA_MODULES = {"train": "robopolicy.train.config", "collect": "robopolicy.eval.settings",
                  "eval": "robopolicy.eval.settings", "merge": "robopolicy.finetune.merge_settings",
                  "serve": "robopolicy.serve.settings", "deploy": "robopolicy.real.settings",
                  "finetune": "robopolicy.finetune.settings", "quickstart": "robopolicy.quickstart_settings"}


# Command-line names that are not config keys, per command: ``policy`` is a config group (training's heads, registered
# by robopolicy.train.config), so Hydra would read ``policy=X`` as a group choice; in the commands whose ``policy`` is a checkpoint (a
# URL, an expert) ``compose`` takes it out before Hydra runs and sets it afterwards under the key the command's
# config stores it as. ``env=`` is stored as ``env_id`` (keeping the tree free to grow an ``env`` group). This is
# the one place such names are handled.
COMMAND_KEY_NAMES: dict[str, dict[str, str]] = {
    "eval": {"policy": "checkpoint", "env": "env_id"},
    "finetune": {"policy": "checkpoint", "env": "env_id"},
    "serve": {"policy": "policy"},
    "deploy": {"policy": "policy"},
}


def schema_for(config_name: str) -> type | None:
    """The dataclass schema of ``configs/<config_name>.yaml`` (registering it in the ConfigStore), or None."""
    module = SCHEMA_MODULES.get(config_name)
    return importlib.import_module(module).SCHEMAS[config_name] if module else None


def with_env_list(cfg: DictConfig) -> DictConfig:
    """``env=[a,b]`` arrives as the text ``"[a,b]"`` (``compose`` keeps ``env=`` as given; the schemas type it as
    one id): ``cfg`` with ``env_id`` the list of ids, a task set for the commands that run one (``eval``,
    ``finetune``; one id in brackets: that id); other values unchanged."""
    value = cfg.get("env_id")
    if not (isinstance(value, str) and value.startswith("[") and value.endswith("]")):
        return cfg
    ids = [v.strip().strip("'\"") for v in value[1:-1].split(",") if v.strip()]
    plain = OmegaConf.to_container(cfg)
    plain["env_id"] = ids[0] if len(ids) == 1 else ids
    out = OmegaConf.create(plain)   # untyped: the schema's env_id holds one id, not a list
    OmegaConf.set_struct(out, True)
    return out


def compose(config_name: str, overrides: list[str] | None = None) -> DictConfig:
    """Compose ``configs/<config_name>.yaml`` with ``key=value`` overrides; raise ``ConfigError`` on bad input."""
    overrides, plain = _take_command_keys(config_name, list(overrides or []))
    for o in overrides:
        if "=" not in o:
            raise ConfigError(f"expected key=value, got {o!r} (e.g. policy=diffusion_unet train.steps=1000)")
    schema = schema_for(config_name)
    _refuse_unreadable(config_name, overrides)
    _refuse_non_switches(schema, config_name, overrides)
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
    for key, value in plain.items():
        OmegaConf.update(cfg, key, value)
    _refuse_unresolvable(cfg, config_name)  # before any command reads a value (a traceback there, mid-work)
    if schema is not None:
        check_ranges(cfg, schema, config_name)
        check_work_limits(cfg, schema, config_name)  # before any work: a huge count would grow memory first
    return cfg


def require_policy(cfg: DictConfig, policy_help: str) -> DictConfig:
    """``cfg`` if it has a ``policy``; else a one-line error saying what ``policy=`` takes (serve, deploy)."""
    if cfg.get("policy") in (None, ""):
        raise ConfigError(f"give policy=<...>: {policy_help}")
    return cfg


def command_key_names(config_name: str) -> dict[str, str]:
    """The names a command accepts on its command line for keys its config stores under another name."""
    return COMMAND_KEY_NAMES.get(config_name, {})


def _take_command_keys(config_name: str, overrides: list[str]) -> tuple[list[str], dict[str, str]]:
    """Split ``policy=``/``env=`` (per ``COMMAND_KEY_NAMES``) from the overrides Hydra composes."""
    names = command_key_names(config_name)
    kept, plain = [], {}
    for override in overrides:
        key, _, value = override.partition("=")
        if key in names:
            plain[names[key]] = value
        else:
            kept.append(override)
    return kept, plain


def dataclass_from(cls: type, values: dict[str, Any], **extra: Any) -> Any:
    """``cls(**values, **extra)`` for a composed section (a method's ``finetune.*`` keys, ``reward.*``), with the
    same errors as ``compose``: an unknown key names the valid ones; ranges are checked by ``cls`` itself."""
    valid = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(values) - valid)
    if unknown:
        raise ConfigError(f"unknown config key{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} for "
                          f"{cls.__name__}; valid keys: {', '.join(sorted(valid - set(extra)))}")
    return cls(**values, **extra)


def schema_field(schema: type, name: str) -> Any:
    """A dataclass field whose default is ``schema``'s default for ``name``: a runtime settings class (``EvalSettings``,
    ``ServerConfig``) takes its defaults from the command's schema, their one home, instead of restating them."""
    f = schema.__dataclass_fields__[name]
    if f.default_factory is not dataclasses.MISSING:
        return dataclasses.field(default_factory=f.default_factory)
    return dataclasses.field(default=f.default)


RESERVED = "[]{}(),='\"#$\\"  # characters Hydra's key=value grammar gives a meaning to in an unquoted value


def quoted_override(key: str, value: str) -> str:
    """``key='value'`` as typed in a shell: the inner quotes reach Hydra (the value is then one string whatever it
    holds), the outer ones keep the shell from removing them. A ``${`` is escaped (``\\${``): inside quotes it would
    still start an interpolation."""
    value = value.replace("${", "\\${")
    inner = f"{key}='{value}'" if "'" not in value else f'{key}="{value}"'
    if not any(c in inner for c in '"$`\\!'):
        return f'"{inner}"'
    return shlex.quote(inner)


def _refuse_unreadable(config_name: str, overrides: list[str]) -> None:
    """An override whose value holds characters Hydra's grammar reserves (a path ``out=demos[1].zarr``, ``a,b``,
    a quote): one line naming the argument and the characters, and how to quote it (Hydra's own message names
    neither the argument nor the way out, and suggests ``--multirun`` for a comma)."""
    from hydra.core.override_parser.overrides_parser import OverridesParser

    parser = OverridesParser.create()
    for override in overrides:
        key, _, value = override.partition("=")
        try:
            sweep = parser.parse_overrides([override])[0].is_sweep_override()
        except OverrideParseException:
            sweep = False
        else:
            if not sweep:
                continue
        special = [f"`{c}`" for c in dict.fromkeys(value) if c in RESERVED]
        holds = f"holds {' '.join(special)}, which" if special else "is something"
        as_list = f"; for a list write {key}=[{value}]" if sweep else ""
        raise ConfigError(f"{config_name}: cannot read {override!r}: its value {holds} the key=value syntax reserves"
                          f"{as_list}; for a path or a word, quote the value: {quoted_override(key.lstrip('+~'), value)} "
                          "(the outer quotes are for the shell, the inner ones for robopolicy)")


def _refuse_unresolvable(cfg: DictConfig, config_name: str) -> None:
    """A value holding an interpolation that cannot be resolved (``name='${x}'``, ``run_dir=${oops}``: ``${...}``
    refers to another config key): one line naming the key and how to pass a literal ``$`` (OmegaConf's
    ``InterpolationKeyError`` came out as a traceback wherever a command first read the value)."""
    try:
        OmegaConf.to_container(cfg, resolve=True)
    except OmegaConfBaseException as e:
        key = str(getattr(e, "full_key", "") or "")
        try:
            raw = OmegaConf.to_container(cfg, resolve=False)
            for part in re.findall(r"[^.\[\]]+", key):
                raw = raw[int(part)] if isinstance(raw, list) else raw[part]
        except Exception:  # the value is a courtesy; the key and the way out are the message
            raw = None
        typed = {v: k for k, v in command_key_names(config_name).items()}.get(key, key)
        reason = _one_line(str(e).split("full_key:")[0])
        value = f"={raw!r}" if isinstance(raw, str) else ""
        example = (f": {shlex.quote(f'{typed}=' + raw.replace('${', chr(92) + '${'))}"
                   if isinstance(raw, str) and "[" not in typed else "")
        literal = f"; for a literal `$`, escape it with a backslash and quote the argument for the shell{example}"
        raise ConfigError(f"{config_name}: cannot resolve {typed}{value}: `${{...}}` refers to another config key "
                          f"and {reason[0].lower() + reason[1:] if reason else 'it cannot be resolved'}{literal}"
                          ) from None


def _refuse_non_switches(schema: type | None, config_name: str, overrides: list[str]) -> None:
    """A typed schema's switch given a number (``ema.enabled=5``): OmegaConf would make it true; refuse it with the
    line every other bad switch gets (words are refused by OmegaConf itself, explained by ``_explain``)."""
    for override in overrides:
        key, _, value = override.partition("=")
        key, value = key.lstrip("+~"), value.strip()
        if describe_valid(schema, key) == SWITCH and re.fullmatch(r"[-+]?[\d.]+([eE][-+]?\d+)?", value):
            raise ConfigError(not_a_switch(config_name, key, value))


def _one_line(message: str) -> str:
    message = message.split("Config search path")[0]  # Hydra's search-path dump says nothing to a user
    return re.sub(r"\s*\n\s*", " ", message.strip())


def _explain(message: str, config_name: str, overrides: list[str]) -> str:
    """Turn Hydra's 'Key x is not in struct' into a message that lists the valid keys at that level, and
    OmegaConf's "Value 'abc' ... could not be converted to Integer" (or "... is not a valid bool") into the one-line
    range error."""
    m = re.search(r"Value '(.*)' of type '\w+' could not be converted to (\w+)\s+full_key: (\S+)", message)
    if m:
        value, kind, key = m.groups()
        wanted = {"Integer": "an integer", "Float": "a number", "Boolean": "a switch"}.get(kind, kind.lower())
        valid = describe_valid(schema_for(config_name), key) or wanted
        return f"{config_name}: {key}={value!r} is not {wanted}; valid: {valid}"
    m = re.search(r"Value '(.*)' is not a valid bool \(type \w+\)\s+full_key: (\S+)", message)
    if m:  # OmegaConf's wording for a bool field given a word other than true/false (ranges.check_ranges' line)
        value, key = m.groups()
        return not_a_switch(config_name, key, repr(value))
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
