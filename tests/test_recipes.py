"""Dataset recipes (datasets/recipes/*.yaml): each shipped one loads, `robopolicy collect recipe=` uses it with the
command line winning, the store records which recipe made it, and bad recipes fail in one line."""

from __future__ import annotations

import pytest

from robopolicy.data.store import EpisodeStore
from robopolicy.datasets import load_recipe, recipe_names
from robopolicy.errors import ConfigError
from robopolicy.eval.collect import main as collect_main
from robopolicy.eval.collect import with_recipe


@pytest.mark.parametrize("name", recipe_names())
def test_every_shipped_recipe_loads_and_names_a_registered_env(name):
    from robopolicy.sim import TASK_SETS, registered_envs

    recipe = load_recipe(name)
    assert recipe.name == name and recipe.description and recipe.env in [*registered_envs(), *TASK_SETS]


def test_command_line_keys_win_over_the_recipe():
    argv, recipe = with_recipe(["recipe=reach_noisy20", "episodes=3", "env=metaworld/push-v3"])
    assert recipe.name == "reach_noisy20"
    assert "episodes=3" in argv and "episodes=20" not in argv and "action_noise=0.3" in argv
    assert "env=metaworld/push-v3" in argv and "env=metaworld/reach-v3" not in argv


def test_collect_with_a_recipe_writes_under_datasets_and_records_the_recipe(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert collect_main(["recipe=reach_noisy20", "episodes=2", "progress=false"]) == 0
    store = EpisodeStore.open(tmp_path / "datasets" / "reach_noisy20" / "metaworld_reach-v3.zarr")
    assert store.num_episodes == 2 and "recipe=reach_noisy20 (sha256:" in store.created_by


@pytest.mark.fault("collect")
def test_unknown_recipe_or_key_fails_in_one_line(tmp_path):
    """`collect recipe=nope`, or a recipe file with a misspelt key: one line naming the shipped recipes or the valid
    keys."""
    with pytest.raises(ConfigError, match="unknown dataset recipe 'nope'; shipped: .*reach_noisy20"):
        load_recipe("nope")
    bad = tmp_path / "mine.yaml"
    bad.write_text("env: metaworld/reach-v3\nepisode: 5\n")
    with pytest.raises(ConfigError, match=r"unknown keys \['episode'\]; valid: .*episodes"):
        load_recipe(bad)


@pytest.mark.fault("collect")
@pytest.mark.parametrize("content, pattern", [
    ("env: metaworld/nope-v3\n", r"recipe 'mine', env= set in the recipe file: unknown env id 'metaworld/nope-v3'; "
                                 r"registered ids: .*metaworld/reach-v3"),
    ("source: wizard\n", r"recipe 'mine', source= set in the recipe file: source='wizard' is neither 'expert' nor"),
])
def test_a_recipe_naming_an_unknown_env_or_source_names_the_recipe_and_the_key(tmp_path, content, pattern):
    """A recipe whose env or source does not exist: one line naming the recipe, the key and the valid choices,
    before any env is built or any store written."""
    recipe = tmp_path / "mine.yaml"
    recipe.write_text("episodes: 2\n" + content)
    with pytest.raises(ConfigError, match=pattern):
        collect_main([f"recipe={recipe}", f"out={tmp_path / 'x.zarr'}"])
    assert not (tmp_path / "x.zarr").exists()
