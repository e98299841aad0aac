"""robomimic HDF5 import, on a small file written with h5py in robomimic's exact layout."""

from __future__ import annotations

import json

import h5py
import numpy as np
import pytest

from robopolicy.data.formats.robomimic import SIDECAR_NAME, RobomimicFormatError, import_robomimic

LENGTHS = {"demo_0": 7, "demo_1": 5, "demo_2": 9, "demo_10": 4}  # demo_10 sorts after demo_2 numerically
ENV_ARGS = {"env_name": "Lift", "type": 1, "env_kwargs": {"control_freq": 20, "robots": ["Panda"]}}


@pytest.fixture
def robomimic_file(tmp_path):
    rng = np.random.default_rng(0)
    path = tmp_path / "low_dim_image.hdf5"
    arrays = {}
    with h5py.File(path, "w") as f:
        data = f.create_group("data")
        data.attrs["env_args"] = json.dumps(ENV_ARGS)
        data.attrs["total"] = sum(LENGTHS.values())
        for name, n in LENGTHS.items():
            demo = data.create_group(name)
            demo.attrs["num_samples"] = n
            a = {"robot0_eef_pos": rng.standard_normal((n, 3)), "robot0_eef_quat": rng.standard_normal((n, 4)),
                 "robot0_gripper_qpos": rng.standard_normal((n, 2)), "object": rng.standard_normal((n, 10)),
                 "agentview_image": rng.integers(0, 256, (n, 12, 12, 3), dtype=np.uint8),
                 "actions": rng.uniform(-1, 1, (n, 7)), "rewards": (np.arange(n) == n - 1).astype(np.float64),
                 "dones": (np.arange(n) == n - 1).astype(np.int64), "states": rng.standard_normal((n, 32))}
            for key in ("robot0_eef_pos", "robot0_eef_quat", "robot0_gripper_qpos", "object", "agentview_image"):
                demo.create_dataset(f"obs/{key}", data=a[key])
                demo.create_dataset(f"next_obs/{key}", data=a[key])
            for key in ("actions", "rewards", "dones", "states"):
                demo.create_dataset(key, data=a[key])
            arrays[name] = a
        f.create_dataset("mask/train", data=np.array([b"demo_0", b"demo_2", b"demo_10"]))
        f.create_dataset("mask/valid", data=np.array([b"demo_1"]))
    return path, arrays


def test_robomimic_import_concatenates_state_and_keeps_values(robomimic_file, tmp_path):
    path, arrays = robomimic_file
    keys = ["robot0_eef_pos", "robot0_eef_quat", "robot0_gripper_qpos"]
    store = import_robomimic(path, tmp_path / "lift.zarr", state_keys=keys, task="lift the cube", progress=False)
    order = ["demo_0", "demo_1", "demo_2", "demo_10"]
    assert store.episode_lengths.tolist() == [LENGTHS[n] for n in order]
    assert store.fps == 20 and store.robot == "Panda"
    assert store.features["state"].shape == (9,) and store.features["agentview_image"].kind == "image"
    for i, name in enumerate(order):
        ep, a = store.episode(i), arrays[name]
        assert np.array_equal(ep["state"], np.concatenate([a[k] for k in keys], axis=1))
        assert np.array_equal(ep["action"], a["actions"])
        assert np.array_equal(ep["agentview_image"], a["agentview_image"])
        assert np.array_equal(ep["sim_state"], a["states"])
        assert ep["done"].tolist() == a["dones"].astype(bool).tolist() and ep["reward"][-1] == 1.0
        assert store.episode_meta(i)["task"] == "lift the cube"
    sidecar = json.loads((tmp_path / "lift.zarr" / SIDECAR_NAME).read_text())
    assert sidecar["env_args"] == ENV_ARGS and sidecar["state_keys"] == keys
    assert sidecar["splits"] == {"train": [0, 2, 3], "valid": [1]}


def test_robomimic_default_state_is_all_low_dim_keys_sorted(robomimic_file, tmp_path):
    path, arrays = robomimic_file
    store = import_robomimic(path, tmp_path / "all.zarr", progress=False)
    keys = sorted(["robot0_eef_pos", "robot0_eef_quat", "robot0_gripper_qpos", "object"])
    assert np.array_equal(store.episode(0)["state"], np.concatenate([arrays["demo_0"][k] for k in keys], axis=1))


def test_robomimic_filter_key_imports_one_split(robomimic_file, tmp_path):
    path, _ = robomimic_file
    store = import_robomimic(path, tmp_path / "valid.zarr", filter_key="valid", progress=False)
    assert store.episode_lengths.tolist() == [LENGTHS["demo_1"]]
    with pytest.raises(RobomimicFormatError, match="mask/test.*train, valid"):
        import_robomimic(path, tmp_path / "test.zarr", filter_key="test", progress=False)
    assert not (tmp_path / "test.zarr").exists()


def test_robomimic_bad_inputs_name_the_problem(robomimic_file, tmp_path):
    path, _ = robomimic_file
    with pytest.raises(RobomimicFormatError, match="nope.*valid: object"):
        import_robomimic(path, tmp_path / "a.zarr", state_keys=["nope"], progress=False)
    with h5py.File(path, "a") as f:
        del f["data/demo_2/actions"]
        f["data/demo_2/actions"] = np.zeros((3, 7))
    with pytest.raises(RobomimicFormatError, match="demo_2.*mismatched lengths"):
        import_robomimic(path, tmp_path / "b.zarr", progress=False)
    assert not (tmp_path / "b.zarr").exists()


@pytest.mark.fault("store")
def test_a_demo_named_by_the_filter_mask_but_missing_from_the_file_is_refused(robomimic_file, tmp_path):
    """robomimic `convert filter_key=train` where `mask/train` names a demo that `data/` lacks (a truncated file or
    a stale mask): the demo was silently dropped and the split imported short; now refused in one line naming the
    file, the mask, the first missing demo and the ways out; nothing at the destination. A split whose demos are all
    present still imports."""
    path, _ = robomimic_file
    with h5py.File(path, "a") as f:
        del f["data/demo_2"]
    with pytest.raises(RobomimicFormatError, match=r"mask/train names 1 demo\(s\) that data/ lacks, the first "
                                                   r"'demo_2' \(3 named, 3 demos in data/\)"):
        import_robomimic(path, tmp_path / "train.zarr", filter_key="train", progress=False)
    assert not (tmp_path / "train.zarr").exists() and list(tmp_path.glob(".train.zarr*")) == []
    assert import_robomimic(path, tmp_path / "valid.zarr", filter_key="valid", progress=False).num_episodes == 1


def test_image_observations_become_image_features_never_part_of_the_state(robomimic_file, tmp_path):
    """uint8 ``(L, H, W, 3)`` camera observations keep their key as image features; the state is only the low-dim
    keys, and naming an image key in ``state_keys`` is refused (it is not low-dim)."""
    path, arrays = robomimic_file
    store = import_robomimic(path, tmp_path / "img.zarr", progress=False)
    image = store.features["agentview_image"]
    assert (image.kind, image.shape, image.dtype) == ("image", (12, 12, 3), np.dtype("uint8"))
    assert store.features["state"].shape == (3 + 4 + 2 + 10,)
    assert np.array_equal(store.episode(0)["agentview_image"], arrays["demo_0"]["agentview_image"])
    with pytest.raises(RobomimicFormatError, match=r"state_keys \['agentview_image'\] are not low-dim"):
        import_robomimic(path, tmp_path / "bad.zarr", state_keys=["object", "agentview_image"], progress=False)
