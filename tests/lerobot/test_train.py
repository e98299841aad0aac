"""``lerobot-train --policy.type=robopolicy``: a robopolicy head trained by LeRobot 0.6.1's own training loop on a
LeRobot dataset (the committed tiny v3 fixture, local: nothing from the Hub), its output a robopolicy checkpoint
that ``robopolicy.load_policy`` loads and LeRobot loads back (``--policy.path``) acting as robopolicy does."""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import pytest
import torch

from tests.lerobot.conftest import lerobot_train, require_lerobot

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "lerobot_v3_tiny"  # 3 episodes, 60 frames, 6-d state, a 32x32 video camera
REPO_ID = "robopolicy/lerobot_v3_tiny"
STEPS = 4
# a small flow_unet (To=2, Tp=8, Ta=4; ~0.27M parameters); avg pooling: a 32x32 camera is too small for keypoints
HEAD_CONFIG = {"pred_horizon": 8, "exec_horizon": 4, "unet": {"down_dims": [16, 32], "step_embed_dim": 16},
               "image_encoder": {"width": 8, "pool": "avg", "out_dim": 16},
               "state_encoder": {"hidden_dims": [32], "out_dim": 16}}


@pytest.fixture(scope="module")
def dataset_root(tmp_path_factory):
    require_lerobot()
    root = tmp_path_factory.mktemp("train") / "lerobot_v3_tiny"
    shutil.copytree(FIXTURE, root)  # LeRobot may write caches next to a dataset: never into the repository
    return root


@pytest.fixture(scope="module")
def trained(dataset_root):
    """``lerobot-train`` for STEPS steps of a fresh flow_unet: ``(output dir, its log)``."""
    out = dataset_root.parent / "out"
    log = lerobot_train(dataset_root, REPO_ID, "flow_unet", HEAD_CONFIG, out, steps=STEPS)
    return out, log


def test_lerobot_train_trains_a_fresh_head_and_saves_a_robopolicy_checkpoint(trained, dataset_root):
    from robopolicy.policies.flow import FlowPolicy
    from robopolicy.policies.loading import load_policy

    out, log = trained
    losses = [float(x) for x in re.findall(r"step:\d+ .*?loss:(\S+)", log)]
    assert len(losses) == STEPS and all(math.isfinite(x) for x in losses), log[-2000:]

    saved = out / "checkpoints" / "last" / "pretrained_model"
    policy = load_policy(saved)  # a robopolicy checkpoint: hash, shapes, finiteness and normalizer checked
    assert isinstance(policy, FlowPolicy)
    assert json.loads((saved / "meta.json").read_text())["step"] == STEPS
    spec = policy.spec
    assert {k: (f.kind, f.shape) for k, f in spec.obs_features.items()} == \
        {"state": ("state", (6,)), "front": ("image", (32, 32, 3))}
    assert (spec.action_dim, spec.obs_horizon, spec.pred_horizon, spec.exec_horizon, spec.control_rate) == \
        (4, 2, 8, 4, 10.0)
    assert policy.policy_config["unet"]["down_dims"] == [16, 32]
    # the normalizer was fitted from the dataset's statistics: its action limits map to -1 and 1
    stats = json.loads((dataset_root / "meta" / "stats.json").read_text())["action"]
    limits = torch.tensor([stats["min"], stats["max"]], dtype=torch.float32)
    assert torch.allclose(policy.normalizer.normalize("action", limits), torch.tensor([[-1.0], [1.0]]).expand(2, 4))
    config = json.loads((saved / "config.json").read_text())  # LeRobot's: the directory itself is the checkpoint
    assert config["type"] == "robopolicy" and config["checkpoint"] is None and config["head"] == "flow_unet"


def test_the_trained_output_loads_as_lerobot_loads_policy_path(trained, dataset_root):
    """LeRobot's ``--policy.path`` loading of the saved directory (config.json + processors) acts exactly as
    ``load_policy`` of the same directory: the same chunk for the same observation and noise."""
    from lerobot.configs.policies import PreTrainedConfig
    from lerobot.datasets.lerobot_dataset import LeRobotDatasetMetadata
    from lerobot.policies.factory import make_policy, make_pre_post_processors
    from lerobot.utils.import_utils import register_third_party_plugins

    from robopolicy.policies.loading import load_policy

    register_third_party_plugins()
    saved = trained[0] / "checkpoints" / "last" / "pretrained_model"
    config = PreTrainedConfig.from_pretrained(saved)
    config.pretrained_path, config.device = saved, "cpu"
    policy = make_policy(config, ds_meta=LeRobotDatasetMetadata(REPO_ID, root=dataset_root))
    pre, post = make_pre_post_processors(policy_cfg=config, pretrained_path=str(saved),
                                         preprocessor_overrides={"device_processor": {"device": "cpu"}})
    generator = torch.Generator().manual_seed(0)
    obs = {"observation.state": torch.randn(2, 6, generator=generator),
           "observation.images.front": torch.randint(0, 256, (2, 3, 32, 32), generator=generator) / 255.0}
    noise = torch.randn(2, 8, 4, generator=generator)
    policy.reset()
    chunk = post(policy.predict_action_chunk(pre(obs), noise=noise))
    ours = load_policy(saved)
    history = {"state": obs["observation.state"][:, None].repeat(1, 2, 1),
               "front": (obs["observation.images.front"] * 255).round().to(torch.uint8).permute(0, 2, 3, 1)[:, None]
               .repeat(1, 2, 1, 1, 1)}
    assert torch.equal(chunk, ours.sample(history, noise=noise[:, None])[:, 0, ours.spec.executed])


def test_fine_tuning_a_checkpoint_in_lerobots_update_step_lowers_the_loss_on_a_fixed_batch(trained, dataset_root,
                                                                                            tmp_path):
    """``--policy.checkpoint=<robopolicy checkpoint>`` under lerobot-train's ``update_policy``: a LeRobot training
    batch (delta-indexed histories and chunks, through the plugin's preprocessor) gives a finite loss that falls
    over a few steps on that batch; ``save_pretrained`` writes a checkpoint robopolicy loads with these weights."""
    from accelerate import Accelerator
    from lerobot.datasets.factory import resolve_delta_timestamps
    from lerobot.datasets.lerobot_dataset import LeRobotDataset, LeRobotDatasetMetadata
    from lerobot.policies.factory import make_policy, make_policy_config, make_pre_post_processors
    from lerobot.scripts.lerobot_train import update_policy
    from lerobot.utils.import_utils import register_third_party_plugins
    from lerobot.utils.logging_utils import AverageMeter, MetricsTracker

    from robopolicy.policies.loading import load_policy

    register_third_party_plugins()
    torch.set_num_threads(1)
    meta = LeRobotDatasetMetadata(REPO_ID, root=dataset_root)
    config = make_policy_config("robopolicy", checkpoint=str(trained[0] / "checkpoints" / "last" / "pretrained_model"),
                                device="cpu")
    assert (config.observation_delta_indices, config.action_delta_indices) == ([-1, 0], list(range(-1, 7)))
    policy = make_policy(config, ds_meta=meta)
    pre, _ = make_pre_post_processors(policy_cfg=config, dataset_stats=meta.stats)
    dataset = LeRobotDataset(REPO_ID, root=dataset_root, delta_timestamps=resolve_delta_timestamps(config, meta))
    batch = pre(next(iter(torch.utils.data.DataLoader(dataset, batch_size=8, shuffle=False))))
    assert batch["observation.images.front"].shape == (8, 2, 3, 32, 32) and batch["action"].shape == (8, 8, 4)

    def fixed_loss() -> float:  # the same noise, flow times and crops every time
        policy.train()
        torch.manual_seed(0)
        with torch.no_grad():
            return float(policy.forward(batch)[0])

    before = fixed_loss()
    optimizer = config.get_optimizer_preset().build(policy.get_optim_params())
    optimizer.param_groups[0]["lr"] = 3e-3
    tracker = MetricsTracker(8, meta.total_frames, meta.total_episodes, {"loss": AverageMeter("loss"),
                             "grad_norm": AverageMeter("grdn"), "lr": AverageMeter("lr"),
                             "update_s": AverageMeter("updt_s")})
    accelerator = Accelerator(cpu=True)
    for _ in range(20):
        torch.manual_seed(0)  # a fixed batch: the same noise and times each step
        tracker, _ = update_policy(tracker, policy, batch, optimizer, 10.0, accelerator=accelerator)
        assert math.isfinite(tracker.loss.val)
    after = fixed_loss()
    assert math.isfinite(before) and after < 0.7 * before, (before, after)

    policy.save_pretrained(tmp_path / "tuned")
    reloaded = load_policy(tmp_path / "tuned")
    assert json.loads((tmp_path / "tuned" / "meta.json").read_text())["step"] == 20
    tuned = policy.sampler.state_dict()
    assert all(torch.equal(v, tuned[k]) for k, v in reloaded.state_dict().items())
