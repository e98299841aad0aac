"""Valid ranges of numeric settings, declared once, on the dataclass field that holds the default.

    steps: int = field(default=10_000, metadata=at_least(1))
    val_fraction: float = field(default=0.1, metadata=between(0.0, 1.0, high_open=True))

``check_ranges(config, Schema, "train")`` walks the schema's fields (nested dataclasses included) and raises one
``ConfigError`` line naming the command, the key, the value and the valid range, e.g.
``train: batch_size=-5 is out of range; valid: an integer >= 1``. A value that is not a number where the schema
wants one (``episodes=abc``), not true/false where it wants a switch (``sparse_reward=no``), or not one of a word
setting's choices (``eval_chain=ode``; declared with ``one_of``) gets the same kind of line. Every command checks at start-up, before any work (no hang, no traceback, no run that exits 0 having
written nothing); the dataclass configs of the Python API (``DPPOConfig``, ``DSRLConfig``, ...) call it from
``__post_init__``, so the API and the CLI share one check.
"""

from __future__ import annotations

import dataclasses
import math
import typing
from collections.abc import Mapping
from typing import Any

from robopolicy.errors import ConfigError

RANGE_KEY = "valid_range"
CHOICES_KEY = "choices"


@dataclasses.dataclass(frozen=True)
class Range:
    """``low <= x <= high`` (either end open with ``low_open``/``high_open``; ``None``: unbounded)."""

    low: float | None = None
    high: float | None = None
    low_open: bool = False
    high_open: bool = False

    def contains(self, x: float) -> bool:
        if not math.isfinite(x):
            return False
        if self.low is not None and (x <= self.low if self.low_open else x < self.low):
            return False
        return not (self.high is not None and (x >= self.high if self.high_open else x > self.high))

    def describe(self, integer: bool) -> str:
        what = "an integer" if integer else "a number"
        lo = None if self.low is None else f"{'>' if self.low_open else '>='} {self.low:g}"
        hi = None if self.high is None else f"{'<' if self.high_open else '<='} {self.high:g}"
        if lo and hi:
            return f"{what} in {'(' if self.low_open else '['}{self.low:g}, {self.high:g}{')' if self.high_open else ']'}"
        return f"{what} {lo or hi}" if (lo or hi) else f"a finite {'integer' if integer else 'number'}"


def at_least(low: float) -> dict[str, Range]:
    """Field metadata: ``x >= low``."""
    return {RANGE_KEY: Range(low=low)}


def greater_than(low: float) -> dict[str, Range]:
    """Field metadata: ``x > low``."""
    return {RANGE_KEY: Range(low=low, low_open=True)}


def between(low: float, high: float, low_open: bool = False, high_open: bool = False) -> dict[str, Range]:
    """Field metadata: ``low <= x <= high`` (ends open as asked)."""
    return {RANGE_KEY: Range(low, high, low_open, high_open)}


def one_of(*choices: str) -> dict[str, tuple[str, ...]]:
    """Field metadata: a word setting that is one of ``choices``."""
    return {CHOICES_KEY: tuple(choices)}


def not_a_choice(where: str, key: str, value: Any, choices: tuple[str, ...]) -> str:
    """The one line every value outside a word setting's choices gets."""
    return f"{where}: {key}={value!r} is not a choice; valid: {', '.join(choices)}"


SWITCH = "true or false"  # what a bool setting takes, in words


def not_a_switch(where: str, key: str, shown: str) -> str:
    """The one line every bad switch gets; ``shown`` is the value as the user should read it."""
    return f"{where}: {key}={shown} is not a switch; valid: {SWITCH}"


def _value_kind(annotation: Any) -> type | None:
    """``int`` or ``float`` when the (resolved) annotation is one of them or Optional of one; ``bool`` for ``bool``
    or ``bool | None``; else None."""
    args = typing.get_args(annotation) or (annotation,)
    if set(args) <= {bool, type(None)} and bool in args:
        return bool
    return int if int in args else float if float in args else None


def _nested_schema(annotation: Any) -> type | None:
    """The dataclass of a nested section (``Inner`` or ``Inner | None``), else None."""
    for arg in typing.get_args(annotation) or (annotation,):
        if isinstance(arg, type) and dataclasses.is_dataclass(arg):
            return arg
    return None


def _schema_fields(schema: type) -> Any:
    """``(name, nested schema or None, Range or None, int/float/bool or None, choices or None)`` per field,
    annotations resolved."""
    hints = typing.get_type_hints(schema)
    for f in dataclasses.fields(schema):
        annotation = hints.get(f.name, f.type)
        yield (f.name, _nested_schema(annotation), f.metadata.get(RANGE_KEY), _value_kind(annotation),
               f.metadata.get(CHOICES_KEY))


def _get(config: Any, name: str) -> Any:
    return config.get(name) if isinstance(config, Mapping) else getattr(config, name, None)


def check_ranges(config: Any, schema: type, where: str, prefix: str = "") -> None:
    """Raise ``ConfigError`` for the first field of ``config`` (a dataclass instance or a mapping such as a
    DictConfig) that is not a number where ``schema`` declares one, lies outside its declared range, or is not one
    of its declared choices."""
    for name, nested, valid, kind, choices in _schema_fields(schema):
        value = _get(config, name)
        key = f"{prefix}{name}"
        if nested is not None:
            if value is not None:
                check_ranges(value, nested, where, prefix=f"{key}.")
            continue
        if choices is not None:
            if value is not None and value not in choices:
                raise ConfigError(not_a_choice(where, key, value, choices))
            continue
        if kind is bool:         # a switch: "maybe" or 1 would be truthy, and "no" would switch it on
            if value is not None and not isinstance(value, bool):
                raise ConfigError(not_a_switch(where, key, repr(value)))
            continue
        if valid is None or kind is None or value is None:
            continue
        integer = kind is int
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            try:
                number = int(value) if integer else float(value)
            except (TypeError, ValueError):
                raise ConfigError(f"{where}: {key}={value!r} is not a number; valid: {valid.describe(integer)}") from None
            value = number
        if integer and isinstance(value, float) and not value.is_integer():
            raise ConfigError(f"{where}: {key}={value!r} is not an integer; valid: {valid.describe(integer)}")
        if not valid.contains(float(value)):
            raise ConfigError(f"{where}: {key}={value!r} is out of range; valid: {valid.describe(integer)}")


def describe_valid(schema: type | None, key: str) -> str | None:
    """The valid range of dotted ``key`` in ``schema`` in words (``an integer >= 1``), or None if undeclared."""
    if schema is None:
        return None
    head, _, rest = key.partition(".")
    for name, nested, valid, kind, choices in _schema_fields(schema):
        if name != head:
            continue
        if rest:
            return describe_valid(nested, rest)
        if choices is not None:
            return ", ".join(choices)
        if kind is bool:
            return SWITCH
        return valid.describe(kind is int) if valid is not None and kind is not None else None
    return None


# ---------------------------------------------------------------------------------------------- bounded work
LIMIT_KEY = "work_limit"
MAX_EPISODES = 1_000_000  # per command run: its seeds, outcomes and per-episode records are held in memory


@dataclasses.dataclass(frozen=True)
class WorkLimit:
    """The most work one run of a command may be asked for (``most`` ``unit``), why, and what to do instead."""

    most: int
    unit: str
    why: str
    instead: str


def at_most_work(most: int, unit: str, why: str, instead: str) -> dict[str, WorkLimit]:
    """Field metadata: refuse values above ``most`` at start-up (``check_work_limits``); combine with a range,
    ``{**at_least(1), **at_most_work(...)}``."""
    return {LIMIT_KEY: WorkLimit(most, unit, why, instead)}


def episodes_limit(instead: str) -> dict[str, WorkLimit]:
    """Field metadata of an episode count: at most ``MAX_EPISODES``."""
    return at_most_work(MAX_EPISODES, "episodes", "their seeds, outcomes and records are held in memory", instead)


def check_work_limits(config: Any, schema: type, where: str, prefix: str = "") -> None:
    """Raise ``ConfigError`` for the first field of ``config`` above its declared ``WorkLimit``, naming the key, the
    value, the limit and what to do instead: before any work, so a huge count cannot grow memory for minutes."""
    for f in dataclasses.fields(schema):
        value = _get(config, f.name)
        key = f"{prefix}{f.name}"
        nested = _nested_schema(typing.get_type_hints(schema).get(f.name, f.type))
        if nested is not None:
            if value is not None:
                check_work_limits(value, nested, where, prefix=f"{key}.")
            continue
        limit = f.metadata.get(LIMIT_KEY)
        if limit is None or value is None or isinstance(value, bool):
            continue
        try:
            number = float(value)
        except (TypeError, ValueError):
            continue  # not a number: check_ranges names it
        if number > limit.most:
            raise ConfigError(f"{where}: {key}={value} is above the limit of {limit.most:,} {limit.unit} per run "
                              f"({limit.why}); {limit.instead}")
