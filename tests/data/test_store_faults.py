"""Faults in the store: overwriting what is not a store, flipped or missing meta chunks, corrupt chunks read by
the sampler. Each test breaks a real store on disk and checks the named error (array, chunk, episodes)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from robopolicy.data import EpisodeStore, StoreError
from robopolicy.data.cli import main as data_main
from robopolicy.data.sampler import WindowSampler
from robopolicy.data.store import STORE_VERSION
from robopolicy.data.validate import validate

from .conftest import build_store, make_episode, tree_bytes

FIXTURES = Path(__file__).parent / "fixtures"
# A store written by robopolicy before meta checksums (format version 1): build_store(path, [4, 6, 5],
# tasks=("open the drawer", "close the drawer")) with the code of that time. Kept as written, never rewritten.
STORE_V1 = FIXTURES / "store_v1"
# In a meta column's chunk (zstd, no checksum in version 1) byte 12 is episode 1's raw success value.
SUCCESS_VALUE_BYTE = 12


def _chunk_file(store_path: Path, array: str, chunk: int = 0) -> Path:
    """The file of chunk ``chunk`` along time: ``<array>/c/<chunk>/0/...`` (one 0 per per-step axis)."""
    folder = store_path.joinpath(*array.split("/"))
    ndim = len(json.loads((folder / "zarr.json").read_text())["shape"])
    return folder.joinpath("c", str(chunk), *["0"] * (ndim - 1))


def _flip_bit(path: Path, offset: int) -> None:
    raw = bytearray(path.read_bytes())
    raw[offset] ^= 0x01
    path.write_bytes(bytes(raw))


@pytest.mark.fault("store")
def test_create_overwrite_refuses_a_folder_that_is_not_a_store(tmp_path):
    """`EpisodeStore.create(path, overwrite=True)` with path a folder of other files: it was deleted; now refused
    (names the folder and what it lacks), the folder untouched."""
    folder = tmp_path / "thesis"
    folder.mkdir()
    (folder / "chapter1.tex").write_text("irreplaceable")
    (folder / "zarr.json").write_text('{"zarr_format": 3, "node_type": "group", "attributes": {}}')
    before = tree_bytes(folder)
    (tmp_path / "notes.txt").write_text("also irreplaceable")
    for target, lacks in ((folder, "format attribute None"), (tmp_path / "notes.txt", "a file")):
        with pytest.raises(StoreError, match=rf"{target.name}: .*not an episode store \(.*{lacks}.*nothing was deleted"):
            EpisodeStore.create(target, {"x": {"shape": [1], "dtype": "float32"}}, fps=10, overwrite=True)
    assert tree_bytes(folder) == before
    assert (tmp_path / "notes.txt").read_text() == "also irreplaceable"


def test_create_overwrite_replaces_an_existing_store(tmp_path):
    path = tmp_path / "s.zarr"
    build_store(path, [4, 5])
    store = EpisodeStore.create(path, {"x": {"shape": [1], "dtype": "float32"}}, fps=10, overwrite=True)
    assert store.num_episodes == 0 and list(EpisodeStore.open(path).features) == ["x"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.zarr"]  # nothing left beside it


@pytest.mark.fault("store")
def test_flipped_bit_in_a_meta_column_is_a_named_error(store, capsys):
    """One bit flipped in `meta/episodes/success`: `data info` silently reported another success rate; now `info`,
    `column` and `data validate` all name the array, chunk 0 and its episodes."""
    path = store.path
    _flip_bit(_chunk_file(path, "meta/episodes/success"), SUCCESS_VALUE_BYTE)
    problems = validate(path)
    assert [(p.array, p.episodes) for p in problems] == [("meta/episodes/success", (0, 1, 2, 3, 4))]
    assert "chunk 0" in problems[0].message and "checksum" in problems[0].message
    with pytest.raises(StoreError) as caught:
        EpisodeStore.open(path).column("success")
    error = caught.value
    assert (error.array, error.chunk, error.episodes) == ("meta/episodes/success", 0, (0, 1, 2, 3, 4))
    assert "robopolicy data validate" in str(error)
    with pytest.raises(StoreError, match=r"meta/episodes/success chunk 0"):
        data_main(["info", str(path)])
    assert data_main(["validate", str(path)]) == 1
    assert "meta/episodes/success" in capsys.readouterr().out


@pytest.mark.fault("store")
def test_missing_commit_point_chunk_is_an_error_not_an_empty_store(store):
    """The chunk file of `meta/episode_ends` deleted: the store opened as "0 episodes" and a writer then cut all
    data away; now opening names the array, chunk and episodes, and nothing on disk changes."""
    path = store.path
    _chunk_file(path, "meta/episode_ends").unlink()
    before = tree_bytes(path)
    for mode in ("r", "a"):
        with pytest.raises(StoreError, match=r"meta/episode_ends chunk 0 .*missing.*episodes 0") as caught:
            EpisodeStore.open(path, mode=mode)
        assert caught.value.episodes == (0, 1, 2, 3, 4)
    assert tree_bytes(path) == before
    with pytest.raises(StoreError, match="meta/episode_ends chunk 0"):  # validate opens the store first
        validate(path)


@pytest.mark.fault("store")
@pytest.mark.parametrize("in_memory", [True, False])
def test_corrupt_chunk_read_by_the_sampler_is_the_validate_error(store, in_memory):
    """A flipped bit in a `data/state` chunk read by a training sampler: a raw zarr / checksum traceback; now the
    sampler raises the error `data validate` reports (array, chunk, episodes)."""
    path = store.path
    _flip_bit(_chunk_file(path, "data/state"), 40)
    [problem] = validate(path)
    reopened = EpisodeStore.open(path)
    with pytest.raises(StoreError) as caught:
        sampler = WindowSampler(reopened, ["state"], obs_horizon=2, pred_horizon=4, exec_horizon=2,
                                in_memory=in_memory)
        sampler.get_batch(np.arange(len(sampler)))
    error = caught.value
    assert (error.array, error.episodes) == (problem.array, problem.episodes) == ("data/state", (0, 1, 2, 3, 4))
    assert f"chunk {error.chunk} " in problem.message
    with pytest.raises(StoreError, match="data/state chunk 0"):
        reopened.episode(3)


@pytest.mark.fault("store")
def test_missing_data_chunk_is_an_error_not_zeros(tmp_path):
    """A data chunk file deleted: readers got zeros (the fill value) for those steps; now the store and `data
    validate` name the missing chunk and its episodes."""
    store = build_store(tmp_path / "s.zarr", [5, 12, 1, 30, 17])
    _chunk_file(store.path, "data/reward").unlink()
    [problem] = validate(store.path)
    assert (problem.array, problem.episodes) == ("data/reward", (0, 1, 2, 3, 4)) and "missing" in problem.message
    with pytest.raises(StoreError, match=r"data/reward chunk 0 .*missing"):
        EpisodeStore.open(store.path).episode(0)


def test_new_stores_checksum_every_array_and_write_every_chunk(tmp_path):
    from robopolicy.data.validate import unchecked_arrays

    store = build_store(tmp_path / "s.zarr", [3, 4])
    store.append_episode({**make_episode(2, 3), "reward": np.zeros(3, np.float32)}, success=None)  # fill values
    assert store.group.attrs["version"] == STORE_VERSION == 2
    assert unchecked_arrays(store) == []
    for name in ("meta/episodes/success", "meta/episodes/policy_index", "meta/episodes/source", "meta/policies"):
        assert name == "meta/policies" or _chunk_file(store.path, name).exists(), name


def test_version_1_store_opens_validates_and_says_meta_is_unchecked(tmp_path, capsys):
    from robopolicy.data.validate import unchecked_arrays

    path = tmp_path / "old.zarr"
    shutil.copytree(STORE_V1, path)
    store = EpisodeStore.open(path)
    assert store.group.attrs["version"] == 1 and store.num_episodes == 3
    assert store.tasks == ["open the drawer", "close the drawer"] and store.column("success").tolist() == [0, 1, 0]
    assert "meta/episodes/success" in unchecked_arrays(store) and "data/cam" not in unchecked_arrays(store)
    assert validate(path) == []
    assert data_main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "ok" in out and "unchecked" in out and "version 1" in out
    writer = EpisodeStore.open(path, mode="a")  # appending keeps the old layout readable
    writer.append_episode(make_episode(3, 7), task="open the drawer", success=True, seed=3)
    assert EpisodeStore.open(path).column("seed").tolist() == [0, 1, 2, 3] and validate(path) == []


@pytest.mark.fault("store")
def test_writer_refuses_to_cut_episodes_behind_a_bad_commit_entry(store):
    """`meta/episode_ends` with a non-increasing entry (episode 3) opened for appending: episodes 3 and 4 were cut
    off the data for good; now the writer refuses (names the entry, points to `data validate`), nothing changes."""
    ends = store.group["meta/episode_ends"]
    ends[3] = ends[2]
    before = tree_bytes(store.path)
    assert EpisodeStore.open(store.path).num_episodes == 3  # a reader sees the valid prefix; validate reports it
    with pytest.raises(StoreError, match=r"meta/episode_ends entry 3 .*data validate"):
        EpisodeStore.open(store.path, mode="a")
    assert tree_bytes(store.path) == before


# ---------------------------------------------------------------------------------------------- two writers
# A writer in its own process: opens the store at argv[1] for appending (or replaces it: argv[4] == "overwrite"),
# says "holding", waits for a line on stdin, then appends one episode per seed in [argv[2], argv[3]) whose data
# is the seed (so a label can be checked against its data) and closes the store.
WRITER = """
import sys
import numpy as np
from robopolicy.data import EpisodeStore
from robopolicy.errors import RobopolicyError
path, first, last, how = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
try:
    if how == "overwrite":
        store = EpisodeStore.create(path, {"x": {"shape": [1], "dtype": "float32"}}, fps=10, overwrite=True)
    else:
        store = EpisodeStore.open(path, mode="a")
except RobopolicyError as e:
    print(f"refused: {e}", flush=True)
    sys.exit(3)
print("holding", flush=True)
sys.stdin.readline()
for seed in range(first, last):
    store.append_episode({"x": np.full((3 + seed % 4, 1), seed, np.float32)}, seed=seed)
store.close()
print("done", flush=True)
"""


def _writer(tmp_path: Path, store: Path, first: int, last: int, how: str = "append"):
    import subprocess
    import sys

    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    return subprocess.Popen([sys.executable, str(script), str(store), str(first), str(last), how],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _seeded_store(path: Path, seeds: range) -> None:
    with EpisodeStore.create(path, {"x": {"shape": [1], "dtype": "float32"}}, fps=10) as store:
        for seed in seeds:
            store.append_episode({"x": np.full((3 + seed % 4, 1), seed, np.float32)}, seed=seed)


def _labels_match_data(path: Path) -> bool:
    store = EpisodeStore.open(path)
    return all(np.all(store.episode(i)["x"] == store.episode_meta(i)["seed"]) for i in range(store.num_episodes))


@pytest.mark.fault("store")
def test_a_second_writer_is_refused_naming_the_first_and_no_episode_is_lost(tmp_path):
    """Two processes append to one store at once (two `collect` runs), and a third replaces it (`collect
    overwrite=true`): all exited 0, episodes went missing and some carried another episode's seed label; now the
    first writer holds `writer.lock`, the others are refused in one line naming its pid and command, a reader
    still reads, and the store ends with every episode of the first writer, each label matching its data."""
    from robopolicy.data.store import StoreLockedError
    from robopolicy.locks import LOCK_FILE

    path = tmp_path / "demos.zarr"
    _seeded_store(path, range(3))
    first = _writer(tmp_path, path, 10, 20)
    try:
        assert first.stdout.readline().strip() == "holding"
        for how, seeds in (("append", (20, 30)), ("overwrite", (0, 0))):
            second = _writer(tmp_path, path, *seeds, how)
            out, _ = second.communicate(timeout=60)
            assert second.returncode == 3 and out.count("\n") == 1, out
            assert f"another writer holds it (pid {first.pid} on " in out and "running `writer.py " in out
        with pytest.raises(StoreLockedError, match=rf"demos.zarr: another writer holds it \(pid {first.pid} "):
            EpisodeStore.open(path, mode="a")
        assert EpisodeStore.open(path).num_episodes == 3  # readers take no lock
        out, _ = first.communicate("go\n", timeout=60)
        assert first.returncode == 0 and out.strip() == "done"
    finally:
        first.kill()
    store = EpisodeStore.open(path)
    assert store.column("seed").tolist() == [0, 1, 2, *range(10, 20)]
    assert _labels_match_data(path) and validate(path) == []
    assert not (path / LOCK_FILE).exists()  # released when the writer closed the store


@pytest.mark.fault("store")
def test_a_killed_writers_stale_lock_is_taken_over_with_a_warning(tmp_path, caplog):
    """A writer SIGKILLed while it holds a store: its `writer.lock` stays behind naming its pid; the next writer is
    not refused by it (the operating system dropped the lock with the process): it takes it over and logs a warning
    naming the dead pid."""
    import signal

    from robopolicy.locks import LOCK_FILE, read_owner

    path = tmp_path / "demos.zarr"
    _seeded_store(path, range(2))
    writer = _writer(tmp_path, path, 5, 6)
    assert writer.stdout.readline().strip() == "holding"
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=30)
    assert read_owner(path / LOCK_FILE).pid == writer.pid
    with caplog.at_level("WARNING", logger="robopolicy.locks"):
        store = EpisodeStore.open(path, mode="a")
    assert f"took over a stale lock left by pid {writer.pid} " in caplog.text and "that process is gone" in caplog.text
    assert read_owner(path / LOCK_FILE).pid == os.getpid()
    store.append_episode({"x": np.full((3, 1), 7, np.float32)}, seed=7)
    store.close()
    assert not (path / LOCK_FILE).exists() and EpisodeStore.open(path).column("seed").tolist() == [0, 1, 7]


@pytest.mark.fault("store")
def test_validate_names_episodes_whose_seed_label_disagrees_with_their_start(tmp_path, capsys):
    """A store where an episode carries another episode's seed label (what two writers at once left): `data
    validate` said the store was fine; now it names the episodes whose first state differs from another episode's
    with the same task and seed (a seeded reset starts the same way). Deployment episodes, not seeded resets, and
    lone labels (nothing to compare with) are not flagged."""
    from robopolicy.data.validate import first_broken_episode

    def start(seed: int) -> np.ndarray:  # a seeded reset: the start state is a function of the seed
        return np.random.default_rng(seed).uniform(-1, 1, size=(1, 3)).astype(np.float32)

    def episode(seed: int, length: int = 4) -> dict:
        steps = np.concatenate([start(seed), np.zeros((length - 1, 3), np.float32)])
        return {"state": steps, "action": np.zeros((length, 2), np.float32)}

    path = tmp_path / "demos.zarr"
    with EpisodeStore.create(path, {"state": {"shape": [3], "dtype": "float32", "kind": "state"},
                                    "action": {"shape": [2], "dtype": "float32", "kind": "action"}}, fps=10) as store:
        for data_seed, label, source in [(3, 3, "demo"), (4, 4, "demo"), (3, 3, "demo"), (9, 4, "demo"),
                                         (5, 5, "deployment"), (6, 5, "deployment"), (7, 8, "demo")]:
            store.append_episode(episode(data_seed), task="reach", seed=label, source=source)
    problems = validate(path)
    assert [(p.array, p.episodes) for p in problems] == [("meta/episodes/seed", (3,))]
    assert "seed label 4 (task 'reach') is also episode 1's" in problems[0].message
    assert first_broken_episode(problems) is problems[0]
    assert data_main(["validate", str(path)]) == 1
    assert "meta/episodes/seed" in capsys.readouterr().out


@pytest.mark.fault("store")
def test_data_copy_into_an_unwritable_destination_is_refused_before_any_episode(tmp_path, capsys):
    """`robopolicy data copy SRC DST` with DST under a path that cannot be written (here a file where a folder
    should be): a raw OS traceback from zarr; now exit 1 with one line naming DST and the reason, before any episode
    is read, the source untouched and nothing written."""
    from robopolicy.cli import main as cli_main

    src = tmp_path / "src.zarr"
    build_store(src, [5, 6])
    (tmp_path / "notes.txt").write_text("not a folder")
    dst = tmp_path / "notes.txt" / "copy.zarr"
    before = sorted(tmp_path.rglob("*")), tree_bytes(src)
    assert cli_main(["data", "copy", str(src), str(dst)]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert f"data copy: DST {dst}: {tmp_path / 'notes.txt'} is a file, not a folder" in err
    assert (sorted(tmp_path.rglob("*")), tree_bytes(src)) == before
