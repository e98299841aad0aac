"""Dataset recipes: how each built-in dataset is made, one YAML file each (``datasets/recipes/<name>.yaml``).

A recipe names the env, the source (``expert`` or a checkpoint), the number of episodes, the action noise, the
first seed, the step limit and the cameras: everything ``robopolicy collect`` needs, so "the data this number was
trained on" is one file anyone can re-collect::

    robopolicy collect recipe=reach_noisy20                      # -> datasets/reach_noisy20/metaworld_reach-v3.zarr
    robopolicy collect recipe=expert50_noise0.1 env=metaworld/push-v3      # a key given on the command line wins

Installed as ``robopolicy.datasets``; stores made from recipes go under ``datasets/<recipe>/`` in the working
directory (gitignored). ``load_recipe`` also takes a path to a recipe file of your own. The store records the
recipe (its name and content) in its metadata.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from robopolicy.errors import ConfigError
from robopolicy.ranges import at_least, check_ranges

RECIPES_DIR = Path(__file__).resolve().parent / "recipes"
STORE_ROOT = Path("datasets")


@dataclass
class DatasetRecipe:
    """One dataset: the ``robopolicy collect`` settings that make it (see ``configs/collect.yaml``)."""

    name: str
    description: str = ""
    env: str = "metaworld/reach-v3"
    source: str = "expert"
    episodes: int = field(default=50, metadata=at_least(1))
    action_noise: float = field(default=0.0, metadata=at_least(0.0))
    seed: int = field(default=0, metadata=at_least(0))
    max_steps: int | None = field(default=None, metadata=at_least(1))
    cameras: list[str] = field(default_factory=list)
    image_size: int = field(default=84, metadata=at_least(8))
    state: bool = True
    proprio: bool = False
    stop_on_success: bool = True
    steps_after_success: int = field(default=0, metadata=at_least(0))

    def __post_init__(self) -> None:
        check_ranges(self, DatasetRecipe, f"recipe {self.name!r}")

    def collect_settings(self) -> dict[str, Any]:
        """The ``robopolicy collect`` keys this recipe sets (``proprio`` only when on: the recipes written before it
        keep their digests)."""
        return {k: v for k, v in dataclasses.asdict(self).items()
                if k not in ("name", "description") and not (k == "proprio" and not v)}

    def store_path(self, env: str | None = None) -> Path:
        """Where ``robopolicy collect recipe=<name>`` writes by default: ``datasets/<name>/<env>.zarr``."""
        return STORE_ROOT / self.name / f"{(env or self.env).replace('/', '_')}.zarr"


def recipe_names() -> list[str]:
    return sorted(p.stem for p in RECIPES_DIR.glob("*.yaml"))


def load_recipe(name_or_path: str | Path) -> DatasetRecipe:
    """A shipped recipe by name, or a recipe file by path; one-line error naming the shipped ones otherwise."""
    path = Path(name_or_path)
    if path.suffix not in (".yaml", ".yml"):
        path = RECIPES_DIR / f"{name_or_path}.yaml"
    if not path.is_file():
        raise ConfigError(f"unknown dataset recipe {str(name_or_path)!r}; shipped: {', '.join(recipe_names())} "
                          "(or give the path of a recipe .yaml)")
    data = yaml.safe_load(path.read_text()) or {}
    valid = {f.name for f in dataclasses.fields(DatasetRecipe)}
    unknown = sorted(set(data) - valid)
    if unknown:
        raise ConfigError(f"recipe {str(path)!r} has unknown keys {unknown}; valid: {', '.join(sorted(valid))}")
    return DatasetRecipe(**{"name": path.stem, **data})
