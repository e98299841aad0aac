"""Numeric settings are range-checked once, at start-up, by the schema that holds their default
(``robopolicy.ranges``): a typo is one line naming the command, the key, the value and the valid range."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from robopolicy.cli import main as cli_main
from robopolicy.errors import ConfigError
from robopolicy.ranges import at_least, between, check_ranges, greater_than

# (command argv, what the error must name); each once hung, traced back or exited 0 having written nothing.
BAD_VALUES = [
    (["train", "dataset=x.zarr", "batch_size=-5"], "train: batch_size=-5 is out of range; valid: an integer >= 1"),
    (["train", "dataset=x.zarr", "batch_size=0"], "train: batch_size=0 is out of range; valid: an integer >= 1"),
    (["train", "dataset=x.zarr", "log_every=0"], "train: log_every=0 is out of range; valid: an integer >= 1"),
    (["train", "dataset=x.zarr", "steps=-1"], "train: steps=-1 is out of range; valid: an integer >= 1"),
    (["train", "dataset=x.zarr", "ema.decay=abc"], "train: ema.decay='abc' is not a number; valid: a number in [0, 1]"),
    (["collect", "out=x.zarr", "episodes=abc"], "collect: episodes='abc' is not an integer; valid: an integer >= 1"),
    (["collect", "out=x.zarr", "episodes=0"], "collect: episodes=0 is out of range; valid: an integer >= 1"),
    (["eval", "policy=p", "env=metaworld/reach-v3", "envs_per_worker=0"],
     "eval: envs_per_worker=0 is out of range; valid: an integer >= 1"),
    (["finetune", "method=dppo", "policy=p", "env=metaworld/reach-v3", "finetune.num_envs=0"],
     "dppo: num_envs=0 is out of range; valid: an integer >= 1"),
    (["finetune", "method=dsrl", "policy=p", "env=metaworld/reach-v3", "finetune.batch_size=-1"],
     "dsrl: batch_size=-1 is out of range; valid: an integer >= 1"),
    (["deploy", "robot=metaworld_reach", "policy=expert:metaworld/reach-v3", "daemon.rate_hz=-5"],
     "deploy: daemon.rate_hz=-5.0 is out of range; valid: a number > 0"),
    (["finetune", "method=dsrl", "policy=p", "env=metaworld/reach-v3", "eval.episodes=0"],
     "finetune: eval.episodes=0 is out of range; valid: an integer >= 1"),
    (["serve", "policy=expert:metaworld/reach-v3", "max_batch=0"],
     "serve: max_batch=0 is out of range; valid: an integer >= 1"),
    (["merge", "base=a", "finetuned=b", "out=c", "alpha_by_module.vision=2"],
     "merge: alpha_by_module.vision=2.0 is out of range; valid: a number in [0, 1]"),
    # a switch given anything but true/false: "no" was truthy, so sparse_reward=no kept the sparse reward on
    (["finetune", "method=dppo", "policy=p", "env=metaworld/reach-v3", "finetune.sparse_reward=no"],
     "dppo: sparse_reward='no' is not a switch; valid: true or false"),
    (["finetune", "method=dppo", "policy=p", "env=metaworld/reach-v3", "finetune.normalize_advantages=1"],
     "dppo: normalize_advantages=1 is not a switch; valid: true or false"),
    (["train", "dataset=x.zarr", "ema.enabled=maybe"], "train: ema.enabled='maybe' is not a switch; valid: true or false"),
    # a number: OmegaConf itself turned it into a switch (ema.enabled=5 was on, =0 off)
    (["train", "dataset=x.zarr", "ema.enabled=5"], "train: ema.enabled=5 is not a switch; valid: true or false"),
    (["train", "dataset=x.zarr", "ema.enabled=0"], "train: ema.enabled=0 is not a switch; valid: true or false"),
    # a word setting outside its choices: refused at start-up, before the policy loads (it was refused only after)
    (["finetune", "method=dppo", "policy=p", "env=metaworld/reach-v3", "finetune.eval_chain=ode"],
     "dppo: eval_chain='ode' is not a choice; valid: deterministic, training, select"),
    (["finetune", "method=dsrl", "policy=p", "env=metaworld/reach-v3", "finetune.variant=td3"],
     "dsrl: variant='td3' is not a choice; valid: sac, na"),
    (["finetune", "method=parl", "policy=p", "env=metaworld/reach-v3", "finetune.objective=dpo"],
     "parl: objective='dpo' is not a choice; valid: distill, preference"),
    # a choice that needs another setting (it was refused only after the policy loaded)
    (["finetune", "method=dppo", "policy=p", "env=metaworld/reach-v3", "finetune.eval_chain=select",
      "finetune.select_every=0"],
     "dppo: eval_chain='select' chooses the chain on the tuning seeds, and select_every=0 turns selection off"),
]


@pytest.mark.fault("config")
@pytest.mark.parametrize("argv, message", BAD_VALUES, ids=[" ".join(a[:1] + a[-1:]) for a, _ in BAD_VALUES])
def test_out_of_range_setting_is_one_line_naming_key_value_and_range(argv, message, tmp_path, monkeypatch, capsys):
    """A negative, zero or non-numeric `batch_size`, `steps`, `log_every`, `episodes`, ... on the command line:
    exit 1 at start-up with one line naming the command, key, value and valid range; nothing is written."""
    monkeypatch.chdir(tmp_path)
    assert cli_main(argv) == 1
    captured = capsys.readouterr()
    err = " ".join((captured.out + captured.err).split())
    assert message in err and "Traceback" not in err
    assert not any(tmp_path.iterdir()), "a refused command wrote files"


@dataclass
class Inner:
    rate: float = field(default=0.5, metadata=between(0.0, 1.0, high_open=True))


@dataclass
class Outer:
    count: int = field(default=1, metadata=at_least(1))
    maybe: Inner | None = None
    limit: int | None = field(default=None, metadata=at_least(1))
    scale: float = field(default=1.0, metadata=greater_than(0.0))
    inner: Inner = field(default_factory=Inner)


def test_ranges_check_bounds_exactly_none_and_nested_fields():
    check_ranges(Outer(), Outer, "x")  # defaults are valid; None skips an optional field
    check_ranges({"count": 1, "limit": 1, "scale": 1e-9, "inner": {"rate": 0.0}}, Outer, "x")
    for bad, where in [({"count": 0}, "count=0"), ({"limit": 0}, "limit=0"), ({"scale": 0.0}, "scale=0.0"),
                       ({"scale": float("nan")}, "scale=nan"), ({"inner": {"rate": 1.0}}, "inner.rate=1.0"),
                       ({"maybe": {"rate": -0.5}}, "maybe.rate=-0.5"),
                       ({"count": 1.5}, "count=1.5 is not an integer"), ({"count": "two"}, "count='two' is not")]:
        with pytest.raises(ConfigError, match=r"^x: " + where.replace(".", r"\.").replace("(", r"\(")):
            check_ranges(bad, Outer, "x")


def test_every_registered_schema_default_is_in_its_own_range():
    from robopolicy.config import SCHEMA_MODULES, schema_for
    from robopolicy.finetune.dppo import DPPOConfig
    from robopolicy.finetune.dsrl import DSRLConfig
    from robopolicy.finetune.parl import PARLConfig

    for name in SCHEMA_MODULES:
        schema = schema_for(name)
        defaults = {f: getattr(schema, f, None) for f in schema.__dataclass_fields__}
        check_ranges({k: v for k, v in defaults.items() if isinstance(v, (int, float))}, schema, name)
    for cls in (DPPOConfig, DSRLConfig, PARLConfig):
        cls()  # __post_init__ range-checks
