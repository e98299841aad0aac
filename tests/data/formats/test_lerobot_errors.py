"""Bad LeRobot inputs: an error naming the file and the problem, and nothing at the destination."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from robopolicy.data.formats.lerobot import LeRobotFormatError, import_lerobot
from robopolicy.data.formats.staging import DestinationExistsError
from robopolicy.data.formats.video import VideoWriter, decode_all
from robopolicy.data.store import EpisodeStore

VIDEO = "videos/observation.images.front/chunk-000/file-000.mp4"
DATA = "data/chunk-000/file-000.parquet"


def _set_info(root, **changes):
    path = root / "meta/info.json"
    info = json.loads(path.read_text())
    info.update(changes)
    path.write_text(json.dumps(info))


def _refused(src, dst, *fragments):
    with pytest.raises(LeRobotFormatError) as err:
        import_lerobot(src, dst, progress=False)
    for fragment in fragments:
        assert fragment in str(err.value), str(err.value)
    assert not dst.exists()
    assert not any(p.name.startswith(f".{dst.name}.tmp") for p in dst.parent.iterdir())
    return str(err.value)


def test_v2_dataset_is_refused_with_the_reason(lerobot_copy, tmp_path):
    _set_info(lerobot_copy, codebase_version="v2.1")
    message = _refused(lerobot_copy, tmp_path / "out.zarr", str(lerobot_copy / "meta/info.json"), "'v2.1'", "v3.0")
    assert "convert_dataset_v21_to_v30" in message


def test_unknown_version_is_refused(lerobot_copy, tmp_path):
    _set_info(lerobot_copy, codebase_version="v9.9")
    _refused(lerobot_copy, tmp_path / "out.zarr", "meta/info.json", "'v9.9'")


def test_missing_video_names_the_file(lerobot_copy, tmp_path):
    (lerobot_copy / VIDEO).unlink()
    _refused(lerobot_copy, tmp_path / "out.zarr", str(lerobot_copy / VIDEO), "missing")


def test_video_with_too_few_frames_is_a_frame_count_mismatch(lerobot_copy, tmp_path):
    frames = decode_all(lerobot_copy / VIDEO)
    writer = VideoWriter(lerobot_copy / VIDEO, fps=10, height=frames.shape[1], width=frames.shape[2])
    writer.write(frames[:-5])  # the last episode loses 5 frames
    writer.close()
    _refused(lerobot_copy, tmp_path / "out.zarr", str(lerobot_copy / VIDEO), "mismatched frame count", "18")


def test_data_rows_missing_is_a_frame_count_mismatch(lerobot_copy, tmp_path):
    table = pq.read_table(lerobot_copy / DATA)
    keep = np.ones(table.num_rows, bool)
    keep[25] = False  # a row of episode 1
    pq.write_table(table.filter(pa.array(keep)), lerobot_copy / DATA)
    _refused(lerobot_copy, tmp_path / "out.zarr", str(lerobot_copy / DATA), "mismatched frame counts",
             "episode 1")


def test_total_frames_disagreeing_with_episodes_names_info_json(lerobot_copy, tmp_path):
    _set_info(lerobot_copy, total_frames=61)
    _refused(lerobot_copy, tmp_path / "out.zarr", "meta/info.json", "total_frames is 61")


def test_existing_destination_is_kept_when_a_replacing_import_fails(lerobot_copy, tmp_path):
    dst = tmp_path / "out.zarr"
    import_lerobot(lerobot_copy, dst, progress=False)
    with pytest.raises(DestinationExistsError):
        import_lerobot(lerobot_copy, dst, progress=False)
    (lerobot_copy / VIDEO).unlink()
    with pytest.raises(LeRobotFormatError):
        import_lerobot(lerobot_copy, dst, overwrite=True, progress=False)
    assert EpisodeStore.open(dst).num_episodes == 3  # the old store is untouched


@pytest.mark.fault("store")
@pytest.mark.parametrize("key, template", [
    ("data_path", "../outside/chunk-{chunk_index:03d}/file-{file_index:03d}.parquet"),
    ("data_path", "data/../../outside/chunk-{chunk_index:03d}/file-{file_index:03d}.parquet"),
    ("data_path", "ABSOLUTE/outside/chunk-{chunk_index:03d}/file-{file_index:03d}.parquet"),
    ("video_path", "../outside/{video_key}/chunk-{chunk_index:03d}/file-{file_index:03d}.mp4"),
], ids=["dotdot", "dotdot-inside-first", "absolute", "video"])
def test_a_path_in_info_json_that_leads_outside_the_dataset_is_refused(key, template, lerobot_copy, tmp_path):
    """A LeRobot dataset whose `meta/info.json` `data_path` (or `video_path`, any `*_path`) climbs out with `../` or
    is absolute: `convert from=lerobot` read and imported the files it pointed at, outside the dataset; now refused
    before any file is read, naming info.json, the key and the path, with the form LeRobot writes; nothing at the
    destination."""
    outside = tmp_path / "outside"  # what the template points at exists: the old importer read it
    shutil.copytree(lerobot_copy / "data", outside)
    shutil.copytree(lerobot_copy / "videos" / "observation.images.front", outside / "observation.images.front")
    template = template.replace("ABSOLUTE", str(tmp_path))
    _set_info(lerobot_copy, **{key: template})
    _refused(lerobot_copy, tmp_path / "out.zarr", str(lerobot_copy / "meta/info.json"),
             f"{key} {template!r} leads outside the dataset {lerobot_copy}; refusing to read it")

