"""``robopolicy convert``: LeRobot v3 datasets and robomimic HDF5 files to and from episode stores.

    robopolicy convert from=lerobot src=<lerobot dir> dst=<store.zarr> [overwrite=true]
    robopolicy convert to=lerobot src=<store.zarr> dst=<lerobot dir> [codec=libx264] [crf=18] [overwrite=true]
    robopolicy convert from=robomimic src=<file.hdf5> dst=<store.zarr> [state_keys=a,b,c] [filter_key=train]
                       [fps=20] [task="lift the cube"] [overwrite=true]
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from robopolicy.errors import ConfigError

USAGE = __doc__.split("\n\n", 1)[1]
COMMON_KEYS = ("src", "dst", "overwrite")
KEYS_BY_DIRECTION: dict[tuple[str, str], tuple[str, ...]] = {
    ("from", "lerobot"): COMMON_KEYS,
    ("to", "lerobot"): (*COMMON_KEYS, "codec", "crf", "pix_fmt"),
    ("from", "robomimic"): (*COMMON_KEYS, "state_keys", "filter_key", "fps", "task"),
}
TRUE_WORDS, FALSE_WORDS = ("true", "1", "yes"), ("false", "0", "no")


def parse_args(argv: list[str]) -> tuple[str, str, dict[str, str]]:
    """``key=value`` words -> (direction "from"|"to", format, other options); unknown keys are refused."""
    options: dict[str, str] = {}
    for word in argv:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise ConfigError(f"convert takes key=value arguments, got {word!r}\n{USAGE}")
        if key in options:
            raise ConfigError(f"convert: {key!r} given twice")
        options[key] = value
    directions = [d for d in ("from", "to") if d in options]
    if len(directions) != 1:
        raise ConfigError(f"convert needs exactly one of from=<format> or to=<format>\n{USAGE}")
    direction = directions[0]
    fmt = options.pop(direction)
    if (direction, fmt) not in KEYS_BY_DIRECTION:
        valid = ", ".join(f"{d}={f}" for d, f in KEYS_BY_DIRECTION)
        raise ConfigError(f"convert: {direction}={fmt!r} is not supported; valid: {valid}")
    allowed = KEYS_BY_DIRECTION[(direction, fmt)]
    unknown = [k for k in options if k not in allowed]
    if unknown:
        raise ConfigError(f"convert {direction}={fmt}: unknown keys {unknown}; valid keys: {', '.join(allowed)}")
    for required in ("src", "dst"):
        if not options.get(required):
            raise ConfigError(f"convert {direction}={fmt}: {required}=<path> is required")
    return direction, fmt, options


def _bool(options: dict[str, str], key: str) -> bool:
    value = options.get(key, "false").lower()
    if value not in TRUE_WORDS + FALSE_WORDS:
        raise ConfigError(f"{key}={value!r}: expected one of {', '.join(TRUE_WORDS + FALSE_WORDS)}")
    return value in TRUE_WORDS


def _number(options: dict[str, str], key: str, kind: type) -> Any:
    if key not in options:
        return None
    try:
        return kind(options[key])
    except ValueError:
        raise ConfigError(f"{key}={options[key]!r}: expected a {kind.__name__}") from None


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    direction, fmt, options = parse_args(argv)
    overwrite = _bool(options, "overwrite")
    from robopolicy.atomic import disk_errors_as, require_writable

    what = f"convert {direction}={fmt}: dst={options['dst']}"
    require_writable(Path(options["dst"]), f"convert {direction}={fmt}: dst=")  # before anything is read
    unchanged = "dst= is unchanged" if Path(options["dst"]).exists() else "nothing is left at dst="
    # every converter writes beside dst= and renames once complete: a disk that fails mid-way is one line, the
    # staged output already removed
    with disk_errors_as(what, f"the partial output was removed and {unchanged}: free space, then run it again"):
        return _convert(direction, fmt, options, overwrite)


def _convert(direction: str, fmt: str, options: dict[str, str], overwrite: bool) -> int:
    started = time.perf_counter()
    if (direction, fmt) == ("from", "lerobot"):
        from robopolicy.data.formats.lerobot import import_lerobot

        store = import_lerobot(options["src"], options["dst"], overwrite=overwrite)
        _print_store_summary(store, time.perf_counter() - started, options["src"])
    elif (direction, fmt) == ("from", "robomimic"):
        from robopolicy.data.formats.robomimic import import_robomimic

        state_keys = [k for k in options["state_keys"].split(",") if k] if "state_keys" in options else None
        store = import_robomimic(options["src"], options["dst"], state_keys=state_keys,
                                 filter_key=options.get("filter_key"), fps=_number(options, "fps", float),
                                 task=options.get("task"), overwrite=overwrite)
        _print_store_summary(store, time.perf_counter() - started, options["src"])
    else:
        from robopolicy.data.formats.lerobot_export import export_lerobot
        from robopolicy.data.formats.video import DEFAULT_CODEC, DEFAULT_CRF, DEFAULT_PIX_FMT
        from robopolicy.data.store import EpisodeStore

        store = EpisodeStore.open(options["src"])
        crf = _number(options, "crf", int)
        dst = export_lerobot(store, options["dst"], overwrite=overwrite, codec=options.get("codec", DEFAULT_CODEC),
                             crf=DEFAULT_CRF if crf is None else crf, pix_fmt=options.get("pix_fmt", DEFAULT_PIX_FMT))
        elapsed = time.perf_counter() - started
        Console().print(f"wrote LeRobot v3.0 dataset {dst}: {store.num_episodes} episodes, {store.num_steps} frames "
                        f"in {elapsed:.1f} s ({store.num_steps / max(elapsed, 1e-9):.0f} frames/s)")
    return 0


def _print_store_summary(store: Any, elapsed: float, src: str) -> None:
    table = Table(title=f"{Path(src).name} -> {store.path}", show_header=True)
    table.add_column("feature")
    table.add_column("shape")
    table.add_column("dtype")
    table.add_column("kind")
    for key, f in store.features.items():
        table.add_row(key, str(f.shape), f.dtype, f.kind)
    console = Console()
    console.print(table)
    console.print(f"{store.num_episodes} episodes, {store.num_steps} frames, fps {store.fps:g}, robot "
                  f"{store.robot or '-'}, {len(store.tasks)} tasks; {elapsed:.1f} s "
                  f"({store.num_steps / max(elapsed, 1e-9):.0f} frames/s)")
