"""The evidence protocol: where a number may be chosen, and where it may only be reported.

Three disjoint splits, enforced here rather than by discipline (``docs/protocol.md``):

- **development**: every task outside the test split, with the evaluation seeds ``DEVELOPMENT_SEEDS`` (round 2's
  reported seeds, 100,000+) and the base-calibration seeds ``CALIBRATION_SEEDS`` (300,000+). Recipes, defaults,
  budgets and bases are chosen here; any number of runs.
- **tuning**: the seeds a run keeps its checkpoint on (``TUNING_SEEDS``, 200,000+: ``finetune.select_seed``).
- **test**: ``TEST_TASKS`` (Meta-World ML45's five held-out tasks, never used to choose anything here, and one
  robosuite task) with fresh evaluation seeds ``TEST_SEEDS`` (1,000,000+). Only a *frozen* recipe runs there
  (``RecipeLedger``): its record carries the recipe's digest; a changed recipe is a new version, shown beside the
  old one, never a replacement.

Training episodes draw their reset seeds from a stream of their own per training seed (``training_stream``:
seed ``s`` resets its envs with ``TRAINING_STREAMS_START + s * TRAINING_STREAM_LENGTH``, ``+1``, ...), so two
training seeds never share a start state and none reaches an evaluation or tuning seed. Scripted demonstrations
use ``DEMO_SEEDS`` (0+).

Every refusal is one line naming what is wrong and what would be valid.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from robopolicy.errors import ConfigError


class ProtocolError(ConfigError):
    """A run, a record or a recipe that would break the evidence protocol (a choice made on reported seeds)."""


@dataclass(frozen=True)
class SeedRange:
    """The seeds ``start, start + 1, ..., start + count - 1``."""

    start: int
    count: int

    @property
    def stop(self) -> int:
        return self.start + self.count

    def __contains__(self, seed: object) -> bool:
        return isinstance(seed, int) and self.start <= seed < self.stop

    def covers(self, seeds: range | SeedRange) -> bool:
        return seeds.start >= self.start and seeds.stop <= self.stop

    def overlaps(self, other: range | SeedRange) -> bool:
        return self.start < other.stop and other.start < self.stop

    def __str__(self) -> str:
        return f"{self.start}..{self.stop - 1}"


DEMO_SEEDS = SeedRange(0, 100_000)                 # scripted demonstrations and collected rollouts
DEVELOPMENT_SEEDS = SeedRange(100_000, 100_000)    # development evaluation (round 2's reported seeds)
TUNING_SEEDS = SeedRange(200_000, 100_000)         # checkpoint selection inside a run
CALIBRATION_SEEDS = SeedRange(300_000, 100_000)    # measuring (and choosing) bases: development
TEST_SEEDS = SeedRange(1_000_000, 100_000)         # the held-out evaluation: frozen recipes only
TRAINING_STREAMS_START, TRAINING_STREAM_LENGTH, TRAINING_STREAMS = 10_000_000, 1_000_000, 10_000

# Meta-World ML45's held-out test tasks (never trained on by the ML45 generalist, never used to choose a recipe,
# a default or a base here) and a robosuite task that no earlier result used.
TEST_TASKS = ("metaworld/bin-picking-v3", "metaworld/box-close-v3", "metaworld/door-lock-v3",
              "metaworld/door-unlock-v3", "metaworld/hand-insert-v3", "robosuite/Stack")

SPLITS = ("development", "tuning", "test")


def seed_blocks() -> dict[str, SeedRange]:
    """Every named seed block; pairwise disjoint (``check_disjoint``)."""
    return {"demonstration": DEMO_SEEDS, "development": DEVELOPMENT_SEEDS, "tuning": TUNING_SEEDS,
            "calibration": CALIBRATION_SEEDS, "test": TEST_SEEDS,
            "training streams": SeedRange(TRAINING_STREAMS_START, TRAINING_STREAMS * TRAINING_STREAM_LENGTH)}


def check_disjoint(blocks: Mapping[str, range | SeedRange]) -> None:
    """Refuse two named seed ranges that overlap (the choice and the report would share episodes)."""
    items = list(blocks.items())
    for i, (a, ra) in enumerate(items):
        for b, rb in items[i + 1:]:
            if ra.start < rb.stop and rb.start < ra.stop:
                raise ProtocolError(f"seed ranges overlap: {a} {ra.start}..{ra.stop - 1} and {b} "
                                    f"{rb.start}..{rb.stop - 1}; every split needs seeds of its own")


check_disjoint(seed_blocks())


def training_stream(seed: int) -> SeedRange:
    """The reset seeds of training seed ``seed``'s episodes: a block no other training seed, evaluation or tuning
    range shares."""
    if not isinstance(seed, int) or not 0 <= seed < TRAINING_STREAMS:
        raise ProtocolError(f"seed={seed!r} is out of range; valid: an integer in 0..{TRAINING_STREAMS - 1} "
                            "(each training seed has its own stream of env reset seeds)")
    return SeedRange(TRAINING_STREAMS_START + seed * TRAINING_STREAM_LENGTH, TRAINING_STREAM_LENGTH)


def is_test_task(task: str) -> bool:
    """``task`` (``metaworld/door-lock-v3``, ``door-lock-v3``, ``robosuite/Stack``) is in the test split."""
    return task in TEST_TASKS or any(t.split("/", 1)[1] == task for t in TEST_TASKS)


def split_of(seeds: range | SeedRange) -> str:
    """The split an evaluation over ``seeds`` reports on: ``test``, ``tuning`` or ``development`` (the
    development and calibration blocks, and seeds outside every block, count as development)."""
    for name, block in (("test", TEST_SEEDS), ("tuning", TUNING_SEEDS)):
        if block.overlaps(seeds):
            if not block.covers(seeds):
                raise ProtocolError(f"seeds {seeds.start}..{seeds.stop - 1} straddle the {name} seeds {block}: "
                                    f"keep an evaluation inside one split")
            return name
    return "development"


def check_run(task: str, split: str, eval_seeds: range | SeedRange,
              tuning_seeds: range | SeedRange | None = None) -> None:
    """Refuse a run whose task, evaluation seeds or tuning seeds do not belong to ``split``."""
    if split not in ("development", "test"):
        raise ProtocolError(f"split={split!r} is not a split a run reports on; valid: development, test")
    if is_test_task(task) != (split == "test"):
        where = "the test split" if is_test_task(task) else "the development split"
        raise ProtocolError(f"task {task} belongs to {where}, not to split={split}: test tasks are never used to "
                            f"choose anything; test tasks: {', '.join(TEST_TASKS)}")
    block = TEST_SEEDS if split == "test" else DEVELOPMENT_SEEDS
    if split == "test" and not block.covers(eval_seeds):
        raise ProtocolError(f"evaluation seeds {eval_seeds.start}..{eval_seeds.stop - 1} are not test seeds; "
                            f"valid: inside {block}")
    if split == "development" and (TEST_SEEDS.overlaps(eval_seeds) or TUNING_SEEDS.overlaps(eval_seeds)):
        raise ProtocolError(f"evaluation seeds {eval_seeds.start}..{eval_seeds.stop - 1} reach the test or tuning "
                            f"seeds; development evaluations use {DEVELOPMENT_SEEDS}")
    if tuning_seeds is not None:
        if not TUNING_SEEDS.covers(tuning_seeds):
            raise ProtocolError(f"tuning seeds {tuning_seeds.start}..{tuning_seeds.stop - 1} are not inside the "
                                f"tuning split {TUNING_SEEDS}")


# ---------------------------------------------------------------------------------------------------------- recipes
def canonical_json(value: Any) -> str:
    """The JSON a digest is taken of: sorted keys, no whitespace, tuples as lists."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=list)


@dataclass(frozen=True)
class Recipe:
    """A named, versioned run recipe: ``settings`` is everything that shapes the run (the resolved config, less
    paths and seeds). Its ``digest`` changes with any setting, including a changed default."""

    name: str
    version: int
    settings: Mapping[str, Any]

    @property
    def digest(self) -> str:
        return hashlib.sha256(canonical_json(dict(self.settings)).encode()).hexdigest()[:16]

    @property
    def label(self) -> str:
        return f"{self.name} v{self.version}"


# Settings added after recipes were frozen, at the value that leaves a run as it was before they existed: left out
# of a recipe's settings, so a frozen recipe stays itself until someone switches the feature on (then its digest
# changes and it is a new version). Training: ``lora`` does nothing unless ``adapter`` is ``lora``. Fine-tuning:
# ``overlap`` (DPPO's rollout worker) gives the same numbers either way, but only ``false`` is what was frozen.
TRAIN_FEATURES_OFF: dict[str, Any] = {"adapter": "full", "dataset_weights": None, "paraphrase_instructions": False}
FINETUNE_FEATURES_OFF: dict[str, Any] = {"overlap": False, "condition_on_task": False}


def without_features_off(settings: Mapping[str, Any], off: Mapping[str, Any] = TRAIN_FEATURES_OFF) -> dict[str, Any]:
    """``settings`` less the later features that are off (``off``; ``lora`` when no adapter uses it)."""
    out = {k: v for k, v in settings.items() if not (k in off and v == off[k])}
    if "lora" in out and settings.get("adapter", "full") != "lora":
        out.pop("lora")
    return out


class RecipeLedger:
    """The frozen recipes (``{name: {version: digest}}`` in a JSON file kept in git). A recipe runs on the test
    split only when its version is frozen with the same digest; a frozen version never changes."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.entries: dict[str, dict[str, str]] = (json.loads(self.path.read_text()) if self.path.exists() else {})

    def frozen(self, name: str) -> dict[int, str]:
        return {int(v): d for v, d in self.entries.get(name, {}).items()}

    def freeze(self, recipe: Recipe) -> None:
        """Record ``recipe``'s digest under its version; refuse a version already frozen with another digest."""
        known = self.frozen(recipe.name)
        if recipe.version in known and known[recipe.version] != recipe.digest:
            raise ProtocolError(f"{recipe.label} is frozen with digest {known[recipe.version]}, not "
                                f"{recipe.digest}: a changed recipe is a new version; freeze it as "
                                f"v{max(known) + 1}")
        self.entries.setdefault(recipe.name, {})[str(recipe.version)] = recipe.digest
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.entries, indent=1, sort_keys=True) + "\n")

    def require_frozen(self, recipe: Recipe) -> None:
        """Refuse to run ``recipe`` on the test split unless this version is frozen with this digest."""
        known = self.frozen(recipe.name)
        if recipe.version not in known:
            raise ProtocolError(f"{recipe.label} is not frozen (frozen versions: "
                                f"{', '.join(f'v{v}' for v in sorted(known)) or 'none'}): choose it on the "
                                "development split, freeze it, then run it on the test split once")
        if known[recipe.version] != recipe.digest:
            raise ProtocolError(f"{recipe.label} has changed since it was frozen (digest {recipe.digest}, frozen "
                                f"{known[recipe.version]}): run it on the test split as a new version, "
                                f"v{max(known) + 1}, shown beside v{recipe.version}")


# ---------------------------------------------------------------------------------------------------------- records
def check_records(records: Iterable[Mapping[str, Any]], ledger: RecipeLedger | None = None) -> list[str]:
    """Every way ``records`` (result JSONs with ``task``, optional ``split``, ``recipe``, ``eval_seeds`` as
    ``[first, last]``) break the
    protocol, one line each: a test task outside the test split, a test record without a frozen recipe, test
    seeds outside the test block (a ``kind: retention`` record instead: a test cell measured on non-test tasks, on
    development seeds only), two test records of one (recipe, version, task, seed, and for a recipe with several
    cells per task, such as adaptation's, its ``demos`` and ``arm``)."""
    problems, seen = [], set()
    for r in records:
        where = r.get("path", r.get("name", "?"))
        task, split = r.get("task"), r.get("split", "development")
        seeds = r.get("eval_seeds")
        seeds = range(int(seeds[0]), int(seeds[-1]) + 1) if seeds else None   # [first, last], as records keep them
        if task and is_test_task(task) and split != "test":
            problems.append(f"{where}: test task {task} used on the {split} split")
        if seeds is not None and split != "test" and TEST_SEEDS.overlaps(seeds):
            problems.append(f"{where}: test seeds {seeds.start}..{seeds.stop - 1} used on the {split} split")
        if split != "test":
            continue
        recipe = r.get("recipe") or {}
        if not {"name", "version", "digest"} <= set(recipe):
            problems.append(f"{where}: a test record without its recipe's name, version and digest")
            continue
        if ledger is not None and ledger.frozen(recipe["name"]).get(int(recipe["version"])) != recipe["digest"]:
            problems.append(f"{where}: {recipe['name']} v{recipe['version']} digest {recipe['digest']} is not the "
                            "frozen one")
        calibration = r.get("calibration_seeds")
        if r.get("kind") == "retention":
            # a test cell's checkpoint measured on the tasks it was NOT adapted to (the generalist's training tasks),
            # paired with the generalist on the development seeds of its own evaluation: no held-out task, no test seed
            held_out = [t for t in r.get("per_task", {}) if is_test_task(t)]
            if held_out:
                problems.append(f"{where}: a retention record evaluated on the test task(s) {', '.join(held_out)}")
            if seeds is None or TEST_SEEDS.overlaps(seeds):
                problems.append(f"{where}: a retention record must pair on development seeds (outside {TEST_SEEDS})")
        elif seeds is None and calibration and CALIBRATION_SEEDS.covers(range(calibration[0], calibration[-1] + 1)):
            pass  # a base measured on calibration seeds only (its test-seed evaluation is in each run's record)
        elif seeds is None or not TEST_SEEDS.covers(seeds):
            problems.append(f"{where}: a test record whose evaluation seeds are not inside {TEST_SEEDS}")
        parts = {k: r.get(k) for k in ("demos", "arm", "kind") if isinstance(r.get(k), (int, str))}
        key = (recipe["name"], int(recipe["version"]), task, r.get("seed"), parts.get("demos"), parts.get("arm"),
               parts.get("kind"))
        if key in seen:
            cell = "".join(f", {k} {v}" for k, v in parts.items())
            problems.append(f"{where}: a second test run of {recipe['name']} v{recipe['version']} on {task} seed "
                            f"{r.get('seed')}{cell}: a test run happens once")
        seen.add(key)
    return problems
