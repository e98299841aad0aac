"""Every config with a registered schema composes, and each YAML default equals its dataclass default (a
default that differs between the two would make the CLI and the Python API run different settings); every
policy's and method's composed defaults equal the committed snapshot tests/fixtures/composed_defaults.json, so a
default cannot change without a diff that says so (regenerate: `python -m tests.test_config_schemas --write`)."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import pytest
from omegaconf import OmegaConf

from robopolicy.config import CONFIG_DIR, SCHEMA_MODULES, compose, schema_for

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
def test_a_method_composes_its_dataclass_defaults_and_nothing_else(method):
    """`robopolicy finetune method=X` composes X's CONFIG defaults under finetune.* (what the Python API runs):
    the dataclass is their one home; the fields the command fills itself are not keys (a one-line refusal)."""
    import importlib

    from robopolicy.errors import ConfigError
    from robopolicy.finetune.settings import METHODS

    module = importlib.import_module(METHODS[method])
    values = OmegaConf.to_container(compose("finetune", [f"finetune={method}"]).finetune, resolve=True)
    defaults = module.CONFIG()
    hidden = set(getattr(module, "NOT_FINETUNE_KEYS", ()))
    assert set(values) == {f.name for f in dataclasses.fields(module.CONFIG)} - hidden
    for key, value in values.items():
        default = getattr(defaults, key)
        default = dataclasses.asdict(default) if dataclasses.is_dataclass(default) else default
        default = list(default) if isinstance(default, tuple) else default
        assert value == default, f"finetune={method} {key}={value!r} but {module.CONFIG.__name__}.{key}={default!r}"
    for key in sorted(hidden):
        with pytest.raises(ConfigError, match=rf"finetune\.{key}"):
            compose("finetune", [f"finetune={method}", f"finetune.{key}=1"])


NEW_METHOD = '''"""A method a newcomer wrote: one module with CONFIG and run."""
from dataclasses import dataclass, field

from robopolicy.ranges import at_least, check_ranges


@dataclass
class FooConfig:
    steps: int = field(default=3, metadata=at_least(1))  # updates
    scale: float = 0.5  # how far

    def __post_init__(self):
        check_ranges(self, FooConfig, "foo")


CONFIG = FooConfig


def run(cfg, run_dir, metrics):
    return {"steps": int(cfg.finetune.steps), "scale": float(cfg.finetune.scale), "evaluations": []}
'''


def test_a_new_method_is_one_module_and_one_registry_line(tmp_path, monkeypatch):
    """The newcomer's path of robopolicy/finetune/__init__.py: a module with CONFIG and run plus its line in
    METHODS, and `robopolicy finetune method=foo` composes its defaults, range-checks them and runs it."""
    import json

    from robopolicy.errors import ConfigError
    from robopolicy.finetune import cli, settings

    (tmp_path / "foo_method.py").write_text(NEW_METHOD)
    monkeypatch.syspath_prepend(str(tmp_path))
    from hydra.core.config_store import ConfigStore

    monkeypatch.setitem(settings.METHODS, "foo", "foo_method")
    monkeypatch.setitem(ConfigStore.instance().repo["finetune"], "foo.yaml", None)  # removed again after the test
    settings.register_method("foo", "foo_method")
    assert OmegaConf.to_container(compose("finetune", ["finetune=foo"]).finetune) == {"steps": 3, "scale": 0.5}
    assert cli.main(["method=foo", "finetune.steps=7", f"run_dir={tmp_path / 'run'}", "progress=false"]) == 0
    assert json.loads((tmp_path / "run" / "summary.json").read_text())["steps"] == 7
    with pytest.raises(ConfigError, match="steps"):
        cli.main(["method=foo", "finetune.steps=0", f"run_dir={tmp_path / 'bad'}"])
    with pytest.raises(ConfigError, match="stepz"):
        compose("finetune", ["finetune=foo", "finetune.stepz=2"])


def test_a_section_built_into_its_dataclass_names_an_unknown_key_and_the_valid_ones():
    """``dataclass_from`` (a method's ``finetune.*`` keys, ``reward.*``) errs like ``compose``: the bad key and
    the valid keys, in one ConfigError."""
    from robopolicy.config import dataclass_from
    from robopolicy.errors import ConfigError
    from robopolicy.finetune.rewards import SparseRewardConfig

    with pytest.raises(ConfigError, match=r"unknown config key 'last_kk' for SparseRewardConfig; valid keys: .*last_k"):
        dataclass_from(SparseRewardConfig, {"last_kk": 3})
    assert dataclass_from(SparseRewardConfig, {"last_k": 2}).last_k == 2


@pytest.mark.parametrize("name", ["diffusion_unet", "flow_unet", "mlp_bc", "vla_diffusion", "vla_flow"])
def test_train_composes_the_python_api_policy_defaults_exactly(name):
    """`robopolicy train policy=<name>` gets resolve_policy_config(name, {}) (what `build_policy` gets with nothing
    set), to the last digit: their one home is policy_config.py. While a YAML copy stated them, crop_ratio was
    0.9047619 there and 76 / 84 in Python (a test compared them only approximately)."""
    from robopolicy.policies.policy_config import POLICY_SECTIONS, resolve_policy_config

    assert name in POLICY_SECTIONS
    composed = OmegaConf.to_container(compose("train", [*REQUIRED["train"], f"policy={name}"]).policy, resolve=True)
    assert json.dumps(composed, sort_keys=True) == json.dumps(resolve_policy_config(name, {}), sort_keys=True)
    edited = compose("train", [*REQUIRED["train"], f"policy={name}", "policy.state_encoder.out_dim=32"]).policy
    assert resolve_policy_config(name, edited)["state_encoder"]["out_dim"] == 32


def test_an_unknown_policy_names_the_valid_ones():
    from robopolicy.errors import ConfigError

    with pytest.raises(ConfigError, match="diffusion_unet"):
        compose("train", [*REQUIRED["train"], "policy=difusion_unet"])


# ------------------------------------------------------------------------------------- one home per default
# A command's schema (``SCHEMA_MODULES``) is the one home of its defaults. A runtime view of it is another
# dataclass of the library with at least ``VIEW_MIN_SHARED`` field names of the schema, making up at least half
# of its own fields (``EvalSettings`` of ``EvalConfig``, ``ServerConfig`` of ``ServeConfig``), that is not itself
# a schema or a section of one (``QuickstartEval`` is quickstart's own). A view "restates" a default when it
# writes its own literal for a shared field instead of taking the schema's (``config.schema_field``). Restated
# defaults still pending, per command: these only shrink; eval and serve have 0 (their runtime classes derive
# every default from the schema).
RESTATED_DEFAULTS_PENDING = {"train": 0, "collect": 0, "eval": 0, "merge": 0, "serve": 0, "deploy": 0,
                             "finetune": 0, "quickstart": 0}
# Commands whose YAML still states values (each a copy of a schema default, kept equal by the first test of this
# file); every command's YAML lists only its schema (and train's and finetune's their group's default option). This
# only shrinks. A fine-tuning method has no YAML: its keys are its CONFIG's fields (robopolicy.finetune.settings).
YAML_RESTATES_PENDING: set[str] = set()
VIEW_MIN_SHARED = 3
REPO_ROOT = Path(__file__).resolve().parents[1]
LIBRARY_DIRS = ("robopolicy", "sim", "real")  # pyproject's package-dir: sim/ and real/ are robopolicy.sim/.real


def _literal_default(value: ast.expr | None) -> tuple[bool, object]:
    """(True, the value) when a field's default is written as a literal (``= 2.0``, ``field(default=2.0)``,
    ``field(default_factory=dict)``); (False, None) when it is taken from elsewhere (a name, ``schema_field``)."""
    if value is None:
        return False, None
    if isinstance(value, ast.Call) and getattr(value.func, "id", None) == "field":
        kw = {k.arg: k.value for k in value.keywords}
        if "default" in kw:
            return _literal_default(kw["default"])
        factory = kw.get("default_factory")
        if isinstance(factory, ast.Name) and factory.id in ("dict", "list"):
            return True, {"dict": {}, "list": []}[factory.id]
        return False, None
    try:
        return True, ast.literal_eval(value)
    except ValueError:
        return False, None


def dataclass_defaults(source: str, prefix: str) -> dict[str, dict[str, tuple[bool, object]]]:
    """``{"prefix.Class": {field: (literal?, value)}}`` of every dataclass in ``source``."""
    found = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and any("dataclass" in ast.unparse(d) for d in node.decorator_list):
            found[f"{prefix}.{node.name}"] = {s.target.id: _literal_default(s.value) for s in node.body
                                              if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}
    return found


def library_dataclass_defaults() -> dict[str, dict[str, tuple[bool, object]]]:
    found = {}
    for folder in LIBRARY_DIRS:
        for path in sorted((REPO_ROOT / folder).rglob("*.py")):
            found.update(dataclass_defaults(path.read_text(), ".".join(path.relative_to(REPO_ROOT).with_suffix("").parts)))
    return found


def schema_class_names() -> set[str]:
    """The command schemas and every dataclass nested in them (their sections), by class name."""
    names, todo = set(), [schema_for(name) for name in SCHEMA_MODULES]
    while todo:
        cls = todo.pop()
        names.add(cls.__name__)
        for f in dataclasses.fields(cls):
            default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
            if dataclasses.is_dataclass(default) and type(default).__name__ not in names:
                todo.append(type(default))
    return names


def restated_defaults(classes: dict[str, dict[str, tuple[bool, object]]]) -> dict[str, list[str]]:
    """Per command: ``"Class.field=value (Schema: default)"`` for each of its defaults a runtime view restates."""
    excluded = schema_class_names()
    out = {}
    for command in SCHEMA_MODULES:
        schema = schema_for(command)
        defaults = {}
        for f in dataclasses.fields(schema):
            if f.default_factory is not dataclasses.MISSING:
                defaults[f.name] = f.default_factory()
            elif f.default is not dataclasses.MISSING and f.default != "???":  # a required key has no default
                defaults[f.name] = f.default
        found = []
        for name, fields in classes.items():
            shared = set(fields) & {f.name for f in dataclasses.fields(schema)}
            if name.rsplit(".", 1)[1] in excluded or len(shared) < max(VIEW_MIN_SHARED, len(fields) / 2):
                continue
            found += [f"{name}.{key}={value!r} ({schema.__name__}: {defaults[key]!r})"
                      for key, (literal, value) in fields.items() if literal and key in defaults]
        out[command] = sorted(found)
    return out


def test_no_runtime_class_restates_a_command_default():
    """EvalSettings (vs EvalConfig) and ServerConfig (vs ServeConfig) take their defaults from the schema; the
    other commands' restated defaults are pending and may only shrink."""
    found = restated_defaults(library_dataclass_defaults())
    for command, allowance in RESTATED_DEFAULTS_PENDING.items():
        restated = found[command]
        assert len(restated) <= allowance, (
            f"{command}: {len(restated)} defaults of its schema restated by a runtime class (allowance "
            f"{allowance}): {restated}; take them from the schema with robopolicy.config.schema_field")
        if len(restated) < allowance:
            pytest.fail(f"{command}: only {len(restated)} restated defaults now: lower RESTATED_DEFAULTS_PENDING"
                        f"[{command!r}] to {len(restated)}")


OLD_RUNTIME_CLASSES = """
@dataclass
class EvalSettings:
    episodes: int = 50
    seed: int = 0
    workers: int = schema_field(EvalConfig, "workers")
    env_kwargs: dict[str, Any] = field(default_factory=dict)
    execution: ExecutionSettings | None = None
    latency: Any = 0

@dataclass
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 8765
    max_batch: int = 8
    batch_window_s: float = 0.002
    limits: ProtocolLimits = DEFAULT_LIMITS
    transport_max_bytes: int = 2 * DEFAULT_LIMITS.max_message_bytes
"""


def test_the_finder_sees_the_runtime_classes_as_they_were():
    """Before they took their defaults from the schema, EvalSettings and ServerConfig restated them (eval's
    latency and execution differed); the finder reports each literal, not a default taken from the schema."""
    found = restated_defaults(dataclass_defaults(OLD_RUNTIME_CLASSES, "old"))
    assert found["eval"] == ["old.EvalSettings.env_kwargs={} (EvalConfig: {})",
                             "old.EvalSettings.episodes=50 (EvalConfig: 50)",
                             "old.EvalSettings.execution=None (EvalConfig: ExecutionSettings(strategy='sync', "
                             "blend='linear', blend_exp_rate=3.0, ensemble_decay=0.01, rtc_max_guidance=5.0, "
                             "rtc_schedule='exp', rtc_jacobian='identity'))",
                             "old.EvalSettings.latency=0 (EvalConfig: '0')",
                             "old.EvalSettings.seed=0 (EvalConfig: 0)"]
    assert found["serve"] == ["old.ServerConfig.host='127.0.0.1' (ServeConfig: '127.0.0.1')",
                              "old.ServerConfig.max_batch=8 (ServeConfig: 8)",
                              "old.ServerConfig.port=8765 (ServeConfig: 8765)"]


def test_eval_and_serve_runtime_defaults_are_the_schema_defaults():
    """What the Python API runs with by default is what the CLI runs with by default."""
    from robopolicy.eval.cli import settings_from_config
    from robopolicy.eval.evaluate import EvalSettings
    from robopolicy.serve.server import ServerConfig

    cli = settings_from_config(compose("eval", ["policy=ckpt", "env=metaworld/push-v3"]))
    assert dataclasses.replace(cli, checkpoint=None) == EvalSettings()
    assert EvalSettings().execution is None and EvalSettings().latency == "0"
    serve = compose("serve", [])
    server = ServerConfig()
    assert (server.host, server.port, server.max_batch, server.batch_window_ms, server.transport_max_bytes) == (
        serve.host, serve.port, serve.max_batch, serve.batch_window_ms, serve.transport_max_bytes)
    assert server.batch_window_s == serve.batch_window_ms / 1e3
    assert (server.limits.max_message_bytes, server.limits.max_array_elements) == (
        serve.max_message_bytes, serve.max_array_elements)


@pytest.mark.parametrize("name", sorted(SCHEMA_MODULES))
def test_yaml_states_no_schema_default_unless_pending(name):
    """A command's YAML keeps only what Hydra needs (its defaults list); the values live in the schema."""
    data = OmegaConf.to_container(OmegaConf.load(Path(CONFIG_DIR) / f"{name}.yaml"))
    stated = sorted(set(data) - {"defaults"})
    if name in YAML_RESTATES_PENDING:
        assert stated, f"configs/{name}.yaml states no value now: take {name!r} out of YAML_RESTATES_PENDING"
    else:
        assert not stated, f"configs/{name}.yaml restates {stated}: their home is {schema_for(name).__name__}"


GOLDEN = Path(__file__).resolve().parent / "fixtures" / "composed_defaults.json"
POLICIES = ("diffusion_unet", "flow_unet", "mlp_bc", "vla_diffusion", "vla_flow")


def composed_defaults() -> dict:
    """What `robopolicy train policy=<name>` and `robopolicy finetune method=<m>` compose with nothing else set."""
    from robopolicy.finetune.settings import METHODS

    out = {"policy": {}, "finetune": {}}
    for name in POLICIES:
        out["policy"][name] = OmegaConf.to_container(
            compose("train", [*REQUIRED["train"], f"policy={name}"]).policy, resolve=True)
    for method in sorted(METHODS):
        out["finetune"][method] = OmegaConf.to_container(compose("finetune", [f"finetune={method}"]).finetune, resolve=True)
    return out


def test_every_default_equals_the_committed_snapshot():
    """The one home of each default is Python; this pins its value: changing a default is a deliberate edit of the
    snapshot in the same commit (the frozen recipes' digests pin only the settings a recipe names)."""
    golden = json.loads(GOLDEN.read_text())
    now = json.loads(json.dumps(composed_defaults()))
    for group in ("policy", "finetune"):
        assert sorted(now[group]) == sorted(golden[group]), f"{group}: registered {sorted(now[group])}"
        for name, values in golden[group].items():
            changed = {k: (v, now[group][name].get(k, "<gone>")) for k, v in values.items() if now[group][name].get(k, "<gone>") != v}
            added = sorted(set(now[group][name]) - set(values))
            assert not changed and not added, (
                f"{group}={name}: defaults changed {changed} (snapshot -> now), new keys {added}; if on purpose, "
                "regenerate tests/fixtures/composed_defaults.json with `python -m tests.test_config_schemas --write`")


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--write"]:
        GOLDEN.write_text(json.dumps(composed_defaults(), indent=1, sort_keys=True) + "\n")
        print(f"wrote {GOLDEN}")
