"""Checkpoints: a directory of safetensors + JSON, written atomically; no pickle anywhere.

::

    <run_dir>/checkpoints/step_000100/
        model.safetensors    the published policy's state_dict (EMA weights when EMA is on), normalizer included
        policy.json          {"kind": "policy", "name", "config", "spec": PolicySpec.to_dict()}
        meta.json            {"format", "version", "code_version", "step", "sha256" (of model.safetensors), ...}
        trainer.safetensors  (resumable only) optimizer tensors, training weights, RNG state tensors
        trainer.json         (resumable only) everything else: step, scheduler, data order, RNG structure
    <run_dir>/latest.json    {"path": "checkpoints/step_000100", "step": 100}
    <run_dir>/best.json      the same, for the lowest validation loss (+ "val_loss")

A checkpoint is first written to ``<dir>.tmp-<pid>`` and renamed into place once every file is on disk, so a
crash mid-save leaves the previous checkpoint untouched and only a ``.tmp-`` directory that nothing reads. A save
that fails with an OS error (disk full, read-only folder) removes its ``.tmp-`` directory and raises a one-line
``CheckpointError`` naming the path and the error.
Pointers are replaced with ``os.replace`` after the directory they point to exists.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import torch
from safetensors import SafetensorError
from safetensors.torch import load as load_safetensors_bytes
from safetensors.torch import save as save_safetensors_bytes

from robopolicy.atomic import describe_os_error, replace_directory
from robopolicy.errors import RobopolicyError
from robopolicy.version import code_version

CHECKPOINT_FORMAT = "robopolicy.checkpoint"
CHECKPOINT_VERSION = 1
MODEL_FILE = "model.safetensors"
POLICY_FILE = "policy.json"
META_FILE = "meta.json"
TRAINER_TENSORS_FILE = "trainer.safetensors"
TRAINER_STATE_FILE = "trainer.json"
CHECKPOINTS_SUBDIR = "checkpoints"
POINTER_NAMES = ("latest", "best")
TEMP_MARKER = ".tmp-"
HASH_PREFIX = "sha256:"


class CheckpointError(RobopolicyError):
    """A checkpoint cannot be written or read; the message names the path and the reason."""


# ---------------------------------------------------------------------------------------------- writing
def checkpoint_name(step: int) -> str:
    return f"step_{step:06d}"


def _write_file(path: Path, data: bytes) -> None:
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _tensor_bytes(tensors: Mapping[str, torch.Tensor]) -> bytes:
    # clone: safetensors refuses tensors that share storage (tied weights, views)
    return save_safetensors_bytes({k: v.detach().to("cpu").contiguous().clone() for k, v in tensors.items()})


def first_non_finite(tensors: Mapping[str, torch.Tensor]) -> tuple[str, int] | None:
    """(name, count of NaN/inf values) of the first floating tensor that is not all finite, in ``tensors``' order;
    None when every one is."""
    for name, value in tensors.items():
        if torch.is_tensor(value) and torch.is_floating_point(value):
            bad = int((~torch.isfinite(value.detach())).sum())
            if bad:
                return name, bad
    return None


def refuse_non_finite(state_dict: Mapping[str, torch.Tensor], path: Path) -> None:
    _refuse_first_non_finite(state_dict, lambda name, bad: (
        f"{path}: refusing to save weights that are not finite: {name!r} holds {bad} NaN or inf value(s); nothing "
        "was written. The run diverged or an input checkpoint was already broken: lower the learning rate or resume "
        "from the last good checkpoint"))


def refuse_non_finite_weights(state_dict: Mapping[str, torch.Tensor], checkpoint: Path) -> None:
    """At load: weights holding NaN or inf are refused (``CheckpointError`` naming the first such tensor); a policy
    acting with them sends NaN actions to a simulator, a server client or a robot."""
    _refuse_first_non_finite(state_dict, lambda name, bad: (
        f"{checkpoint}: the weights are not finite: {name!r} holds {bad} NaN or inf value(s), so every action of this "
        "policy would be NaN; refusing to load it. Use a checkpoint saved before the run diverged (another step_* "
        "under checkpoints/, or best.json)"))


def _refuse_first_non_finite(state_dict: Mapping[str, torch.Tensor], message: Any) -> None:
    """One ``CheckpointError`` line, ``message(name, count)``, for the first tensor holding NaN or inf."""
    found = first_non_finite(state_dict)
    if found is not None:
        raise CheckpointError(message(*found))


def _shape(value: Any) -> tuple[int, ...] | None:
    return tuple(value.shape) if hasattr(value, "shape") else None


def first_weight_mismatch(expected: Mapping[str, Any], stored: Mapping[str, Any],
                          weights_file: str = MODEL_FILE, prefix: str = "") -> str | None:
    """How the weights ``stored`` in a checkpoint fail to fit the ``expected`` state_dict of the policy its
    ``policy.json`` builds: the first tensor (in the policy's order) that is missing or of another shape, else the
    first extra tensor, with the count of the others; None when every name and shape agree. ``weights_file`` is
    the file the weights came from, ``prefix`` the one their names carry there (a DPPO checkpoint's
    ``finetuned.``), both only for the message."""
    problems = []
    for name, value in expected.items():
        if name not in stored:
            problems.append(f"{prefix + name!r} {_shape(value)} is missing from {weights_file}")
        elif _shape(stored[name]) != _shape(value):
            problems.append(f"{prefix + name!r} is {_shape(stored[name])} in {weights_file} but {_shape(value)} in "
                            f"the policy built from {POLICY_FILE}")
    problems += [f"{prefix + name!r} {_shape(stored[name])} in {weights_file} is not a tensor of the policy built "
                 f"from {POLICY_FILE}" for name in stored if name not in expected]
    if not problems:
        return None
    more = f" (and {len(problems) - 1} other mismatching tensor(s))" if len(problems) > 1 else ""
    return problems[0] + more


def refuse_weight_mismatch(expected: Mapping[str, Any], stored: Mapping[str, Any], checkpoint: Path, policy: str,
                           weights_file: str = MODEL_FILE, prefix: str = "") -> None:
    """At load, before ``load_state_dict``: weights that do not fit the module ``policy.json`` builds are refused in
    one line (``CheckpointError``: the first mismatching tensor, both shapes, what to restore) instead of torch's
    multi-line "Error(s) in loading state_dict". The one message of every loader (plain, DPPO, steered)."""
    mismatch = first_weight_mismatch(expected, stored, weights_file, prefix)
    if mismatch is not None:
        raise CheckpointError(f"{checkpoint}: the weights do not fit the {policy} {POLICY_FILE} describes: {mismatch}. "
                              f"{POLICY_FILE} was edited or belongs to another checkpoint: restore the {POLICY_FILE} "
                              "saved with these weights")


def save_checkpoint(path: str | os.PathLike, state_dict: Mapping[str, torch.Tensor], policy_info: dict[str, Any],
                    step: int, trainer_tensors: Mapping[str, torch.Tensor] | None = None,
                    trainer_state: dict[str, Any] | None = None) -> Path:
    """Write a checkpoint directory atomically; returns its final path.

    ``policy_info`` is written as ``policy.json`` ({"kind", "name", "config", "spec"}); ``trainer_*`` make it
    resumable. Weights holding NaN or inf are refused (``CheckpointError`` naming the first such tensor) before
    anything is written: a policy that would act with them is never saved.
    """
    final = Path(path)
    refuse_non_finite(state_dict, final)  # before anything is written
    tmp = final.with_name(f"{final.name}{TEMP_MARKER}{os.getpid()}")
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
        if tmp.exists():
            shutil.rmtree(tmp)
        tmp.mkdir()
        model_bytes = _tensor_bytes(state_dict)
        meta = {"format": CHECKPOINT_FORMAT, "version": CHECKPOINT_VERSION, "code_version": code_version(),
                "step": int(step), "sha256": hashlib.sha256(model_bytes).hexdigest(),
                "created": time.strftime("%Y-%m-%dT%H:%M:%S"), "resumable": trainer_state is not None}
        _write_file(tmp / MODEL_FILE, model_bytes)
        if trainer_state is not None:
            trainer_bytes = _tensor_bytes(trainer_tensors or {})
            meta["trainer_sha256"] = hashlib.sha256(trainer_bytes).hexdigest()
            _write_file(tmp / TRAINER_TENSORS_FILE, trainer_bytes)
            _write_file(tmp / TRAINER_STATE_FILE, json.dumps(trainer_state, indent=1).encode())
        _write_file(tmp / POLICY_FILE, json.dumps(policy_info, indent=2).encode())
        _write_file(tmp / META_FILE, json.dumps(meta, indent=2).encode())  # last: its presence marks completeness
        replace_directory(tmp, final)  # re-saving the same step (e.g. after a resume): swapped in, old one dropped
    except OSError as e:  # disk full, read-only folder, quota: nothing half-written may stay (it fills the disk)
        shutil.rmtree(tmp, ignore_errors=True)
        raise CheckpointError(f"{final}: the checkpoint could not be saved ({describe_os_error(e)}); its temporary "
                              "folder was removed and the previous checkpoints are untouched: free space or give a "
                              "writable run_dir=, then resume=true") from None
    return final


def publish_checkpoint(src: str | os.PathLike, dst: str | os.PathLike, spec_extra: Mapping[str, Any] | None = None,
                       **provenance: Any) -> Path:
    """Copy a checkpoint's policy (``model.safetensors`` + ``policy.json``) to ``dst`` without its trainer state:
    what a user starts from, a quarter of a resumable checkpoint's size (no optimizer moments). ``meta.json`` keeps
    the weights' sha256 (checked on every load) and the source's step and code version, plus ``provenance``
    (``published_from``, a run's record...); ``spec_extra`` adds keys to the spec's ``extra`` (e.g. the training
    instructions of a run begun before they were recorded). ``dst`` is written atomically and must not exist."""
    src, dst = resolve_checkpoint(src), Path(dst)
    if dst.exists():
        raise CheckpointError(f"{dst}: already exists; publishing never overwrites a published policy")
    _, meta = load_model_state(src)   # the content hash is checked here (the weights are copied as bytes)
    info = _read_json(src / POLICY_FILE, "the policy's name, config and spec")
    if spec_extra:
        info = {**info, "spec": {**info["spec"], "extra": {**info["spec"].get("extra", {}), **spec_extra}}}
    tmp = dst.with_name(f"{dst.name}{TEMP_MARKER}{os.getpid()}")
    try:
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        shutil.copyfile(src / MODEL_FILE, tmp / MODEL_FILE)
        _write_file(tmp / POLICY_FILE, json.dumps(info, indent=2).encode())
        out = {k: v for k, v in meta.items() if k not in ("resumable", "trainer_sha256")}
        out.update(resumable=False, **provenance)
        _write_file(tmp / META_FILE, json.dumps(out, indent=2).encode())
        os.replace(tmp, dst)
    except OSError as e:
        shutil.rmtree(tmp, ignore_errors=True)
        raise CheckpointError(f"{dst}: could not publish {src} ({describe_os_error(e)})") from None
    return dst


def write_pointer(run_dir: str | os.PathLike, name: str, checkpoint: Path, **extra: Any) -> None:
    """Point ``<run_dir>/<name>.json`` at a checkpoint directory (path stored relative to the run dir)."""
    if name not in POINTER_NAMES:
        raise ValueError(f"pointer name must be one of {POINTER_NAMES}, got {name!r}")
    run_dir = Path(run_dir)
    rel = os.path.relpath(Path(checkpoint).resolve(), run_dir.resolve())
    meta = read_meta(checkpoint)
    body = json.dumps({"path": rel, "step": meta["step"], **extra}, indent=2)
    tmp = run_dir / f".{name}.json{TEMP_MARKER}{os.getpid()}"
    try:
        _write_file(tmp, body.encode())
        os.replace(tmp, run_dir / f"{name}.json")
    except OSError as e:  # the old pointer stays, pointing at a complete checkpoint
        tmp.unlink(missing_ok=True)
        raise CheckpointError(f"{run_dir / f'{name}.json'}: could not point it at {checkpoint} "
                              f"({describe_os_error(e)}); it still points at the previous checkpoint") from None


# ---------------------------------------------------------------------------------------------- reading
def _read_json(path: Path, what: str) -> dict[str, Any]:
    if not path.is_file():
        raise CheckpointError(f"{path.parent}: not a complete checkpoint: {path.name} is missing ({what})")
    try:
        return json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise CheckpointError(f"{path}: corrupt JSON ({e})") from None


def read_pointer(run_dir: str | os.PathLike, name: str = "latest") -> Path:
    """The checkpoint directory ``<run_dir>/<name>.json`` points at."""
    run_dir = Path(run_dir)
    pointer = _read_json(run_dir / f"{name}.json", f"the run's {name} checkpoint pointer")
    return (run_dir / pointer["path"]).resolve()


LEROBOT_LAST_CHECKPOINT = Path("checkpoints") / "last" / "pretrained_model"


def resolve_checkpoint(path: str | os.PathLike) -> Path:
    """A checkpoint dir as given, a run dir's ``latest`` checkpoint, or a ``lerobot-train`` output's last one
    (``checkpoints/last/pretrained_model``); refuses anything else with the reason."""
    path = Path(path)
    if not path.exists():
        raise CheckpointError(f"{path}: no such checkpoint or run directory")
    if not path.is_dir():
        raise CheckpointError(f"{path}: a checkpoint is a directory (with {MODEL_FILE}, {POLICY_FILE}, {META_FILE})")
    if TEMP_MARKER in path.name:
        raise CheckpointError(f"{path}: an unfinished checkpoint (a save was interrupted); use the run's latest.json")
    if (path / POLICY_FILE).exists() or (path / META_FILE).exists():
        return path
    if (path / "latest.json").exists():
        return read_pointer(path, "latest")
    lerobot_last = path / LEROBOT_LAST_CHECKPOINT   # a lerobot-train output directory (our plugin saves there)
    if (lerobot_last / POLICY_FILE).exists() or (lerobot_last / META_FILE).exists():
        return lerobot_last
    raise CheckpointError(f"{path}: neither a checkpoint ({POLICY_FILE}, {META_FILE}) nor a run directory "
                          f"(latest.json); contents: {', '.join(sorted(p.name for p in path.iterdir())) or 'empty'}")


def read_meta(path: str | os.PathLike) -> dict[str, Any]:
    """``meta.json`` of a checkpoint, with the format and version checked."""
    path = Path(path)
    meta = _read_json(path / META_FILE, "format, version and content hash")
    if meta.get("format") != CHECKPOINT_FORMAT:
        raise CheckpointError(f"{path}: not a robopolicy checkpoint (format {meta.get('format')!r}, "
                              f"expected {CHECKPOINT_FORMAT!r})")
    if meta.get("version") != CHECKPOINT_VERSION:
        raise CheckpointError(f"{path}: checkpoint format version {meta.get('version')!r} is incompatible "
                              f"(this robopolicy reads version {CHECKPOINT_VERSION}; written by "
                              f"{meta.get('code_version', 'unknown')})")
    return meta


def read_policy_info(path: str | os.PathLike) -> dict[str, Any]:
    return _read_json(Path(path) / POLICY_FILE, "policy name, config and spec")


def _load_tensor_file(path: Path, expected_sha256: str | None) -> dict[str, torch.Tensor]:
    if not path.is_file():
        raise CheckpointError(f"{path.parent}: not a complete checkpoint: {path.name} is missing")
    data = path.read_bytes()
    if expected_sha256 is not None:
        actual = hashlib.sha256(data).hexdigest()
        if actual != expected_sha256:
            raise CheckpointError(f"{path}: content hash mismatch (file is truncated or corrupt: "
                                  f"{len(data)} bytes, sha256 {actual[:12]}…, meta.json says {expected_sha256[:12]}…)")
    try:
        return load_safetensors_bytes(data)
    except (SafetensorError, ValueError, OSError) as e:
        raise CheckpointError(f"{path}: not a readable safetensors file ({e})") from None


def load_model_state(path: str | os.PathLike) -> tuple[dict[str, torch.Tensor], dict[str, Any]]:
    """(state_dict, meta) of a checkpoint, after checking format, version and the weights' content hash."""
    path = Path(path)
    meta = read_meta(path)
    return _load_tensor_file(path / MODEL_FILE, meta.get("sha256")), meta


def load_trainer_state(path: str | os.PathLike) -> tuple[dict[str, torch.Tensor], dict[str, Any]]:
    path = Path(path)
    return _trainer_files(path, read_meta(path))


def _trainer_files(path: Path, meta: dict[str, Any]) -> tuple[dict[str, torch.Tensor], dict[str, Any]]:
    if not meta.get("resumable"):
        raise CheckpointError(f"{path}: not resumable (saved without {TRAINER_TENSORS_FILE} / {TRAINER_STATE_FILE})")
    tensors = _load_tensor_file(path / TRAINER_TENSORS_FILE, meta.get("trainer_sha256"))
    return tensors, _read_json(path / TRAINER_STATE_FILE, "optimizer, scheduler, RNG and data-order state")


def load_resumable(path: str | os.PathLike
                   ) -> tuple[dict[str, torch.Tensor], dict[str, torch.Tensor], dict[str, Any]]:
    """(weights, trainer tensors, trainer state) of a resumable checkpoint, each file read once: what
    ``load_model_state`` and ``load_trainer_state`` return, with the same checks, in one pass."""
    path = Path(path)
    meta = read_meta(path)
    weights = _load_tensor_file(path / MODEL_FILE, meta.get("sha256"))
    return (weights, *_trainer_files(path, meta))


def checkpoint_hash(path: str | os.PathLike, length: int = 16) -> str:
    """Short content hash of a checkpoint's weights (``sha256:<hex>``), for reports and episode provenance.

    Works for every checkpoint kind (trained, DSRL-steered, DPPO, merged): each writes ``meta.json`` with the
    sha256 of its weights; only plain trained checkpoints have their format and version checked here.
    """
    checkpoint = resolve_checkpoint(path)
    meta = _read_json(checkpoint / META_FILE, "format, version and content hash")
    if meta.get("format") == CHECKPOINT_FORMAT:
        meta = read_meta(checkpoint)
    if "sha256" not in meta:
        raise CheckpointError(f"{checkpoint}: {META_FILE} has no sha256 content hash")
    return f"{HASH_PREFIX}{meta['sha256'][:length]}"


# ---------------------------------------------------------------- nested state <-> (tensors, JSON structure)
def flatten_state(obj: Any, prefix: str, tensors: dict[str, torch.Tensor]) -> Any:
    """Move every tensor / numpy array of a nested state into ``tensors`` and return a JSON-able skeleton.

    Tuples and dicts with non-string keys (optimizer state is keyed by int) are tagged so that
    ``unflatten_state`` rebuilds them exactly (Python's and NumPy's RNG setters need real tuples).
    """
    if isinstance(obj, torch.Tensor):
        tensors[prefix] = obj
        return {"__tensor__": prefix}
    if isinstance(obj, np.ndarray):
        tensors[prefix] = torch.from_numpy(np.ascontiguousarray(obj))
        return {"__ndarray__": prefix}
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, Mapping):
        if all(isinstance(k, str) for k in obj):
            return {"__dict__": {k: flatten_state(v, f"{prefix}.{k}", tensors) for k, v in obj.items()}}
        return {"__items__": [[k, flatten_state(v, f"{prefix}.{k}", tensors)] for k, v in obj.items()]}
    if isinstance(obj, tuple):
        return {"__tuple__": [flatten_state(v, f"{prefix}.{i}", tensors) for i, v in enumerate(obj)]}
    if isinstance(obj, list):
        return [flatten_state(v, f"{prefix}.{i}", tensors) for i, v in enumerate(obj)]
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    raise CheckpointError(f"cannot store {type(obj).__name__} at {prefix!r} in a checkpoint (no pickle)")


def unflatten_state(skeleton: Any, tensors: Mapping[str, torch.Tensor]) -> Any:
    if isinstance(skeleton, list):
        return [unflatten_state(v, tensors) for v in skeleton]
    if not isinstance(skeleton, dict):
        return skeleton
    if "__tensor__" in skeleton:
        return tensors[skeleton["__tensor__"]]
    if "__ndarray__" in skeleton:
        return tensors[skeleton["__ndarray__"]].numpy()
    if "__tuple__" in skeleton:
        return tuple(unflatten_state(v, tensors) for v in skeleton["__tuple__"])
    if "__items__" in skeleton:
        return {k: unflatten_state(v, tensors) for k, v in skeleton["__items__"]}
    return {k: unflatten_state(v, tensors) for k, v in skeleton["__dict__"].items()}
