"""``robopolicy convert`` through the real console entry point."""

from __future__ import annotations

import pytest

from robopolicy.cli import main as robopolicy_main
from robopolicy.data.formats.cli import parse_args
from robopolicy.data.store import EpisodeStore
from robopolicy.errors import ConfigError
from tests.data.formats.conftest import LEROBOT_TINY


def test_convert_from_and_back_to_lerobot(tmp_path):
    store_path, out = tmp_path / "tiny.zarr", tmp_path / "exported"
    assert robopolicy_main(["convert", "from=lerobot", f"src={LEROBOT_TINY}", f"dst={store_path}"]) == 0
    assert EpisodeStore.open(store_path).num_episodes == 3
    assert robopolicy_main(["convert", "to=lerobot", f"src={store_path}", f"dst={out}", "crf=20"]) == 0
    assert (out / "meta/info.json").is_file()
    # a second run refuses to overwrite (exit 1 with a one-line error), overwrite=true replaces
    assert robopolicy_main(["convert", "from=lerobot", f"src={LEROBOT_TINY}", f"dst={store_path}"]) == 1
    assert robopolicy_main(["convert", "from=lerobot", f"src={LEROBOT_TINY}", f"dst={store_path}",
                            "overwrite=true"]) == 0


@pytest.mark.parametrize("argv, message", [
    (["from=lerobt", "src=a", "dst=b"], "valid: from=lerobot, to=lerobot, from=robomimic"),
    (["from=lerobot", "src=a"], "dst=<path> is required"),
    (["from=lerobot", "to=lerobot", "src=a", "dst=b"], "exactly one of"),
    (["to=lerobot", "src=a", "dst=b", "state_keys=x"], "unknown keys ['state_keys']"),
    (["from=robomimic", "src", "dst=b"], "key=value"),
])
def test_convert_arguments_are_checked(argv, message):
    with pytest.raises(ConfigError) as err:
        parse_args(argv)
    assert message in str(err.value)
