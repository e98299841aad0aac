"""A tiny SmolVLA (LeRobot's flow-matching VLA) written as a ``pretrained_model`` directory, fully offline.

SmolVLA reads its VLM's config, tokenizer and processor with ``from_pretrained(config.vlm_model_name)`` even when
it does not load the VLM's weights (``load_vlm_weights=False``). ``write_tiny_vlm`` writes such a directory here,
built locally: a SmolVLM config (a 2-layer Llama text model, a 1-layer SigLIP-like vision tower on 32x32 images),
a byte-level BPE tokenizer trained on a few sentences (with SmolVLM's special tokens) and a SmolVLM processor; no
weights, nothing from the Hugging Face Hub. LeRobot stores that directory's path, absolute, in the policy's
``config.json`` (``vlm_model_name``) and ``policy_preprocessor.json`` (``tokenizer_name``), so it must stay where it
was written: ``write_tiny_smolvla`` puts it beside the policy directory.

Weights are random (a fixed seed); statistics are made up. What is tested is the bridge, not the policy.
"""

from __future__ import annotations

from pathlib import Path

import torch

from tests.lerobot.tiny import _input_features, _save, _stats

VLM_IMAGE_SIZE, VLM_PATCH, VLM_SCALE = 32, 8, 2
CHUNK_SIZE, N_ACTION_STEPS, FLOW_STEPS = 8, 4, 3
SPECIAL_TOKENS = {  # what SmolVLM's processor and LeRobot's SmolVLA read from the tokenizer
    "fake_image_token": "<fake_token_around_image>",
    "image_token": "<image>",
    "global_image_token": "<global-img>",
    "end_of_utterance_token": "<end_of_utterance>",
    "video_token": "<video>",
}
CORPUS = ["reach the goal", "reach", "push the puck to the goal", "pick up the block and place it",
          "open the drawer", "close the door", "press the button"]


def write_tiny_vlm(out: Path, image_size: int = VLM_IMAGE_SIZE) -> Path:
    """A local ``vlm_model_name`` directory: SmolVLM ``config.json``, tokenizer and processor; no weights."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast, SmolVLMConfig, SmolVLMProcessor
    from transformers.models.smolvlm.image_processing_smolvlm import SmolVLMImageProcessor
    from transformers.models.smolvlm.video_processing_smolvlm import SmolVLMVideoProcessor

    out.mkdir(parents=True, exist_ok=True)
    tokenizer = Tokenizer(models.BPE(unk_token=None))      # byte-level: any instruction encodes
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=400, special_tokens=["<|pad|>", "<|endoftext|>", *SPECIAL_TOKENS.values()],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tokenizer.train_from_iterator(CORPUS * 4, trainer=trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tokenizer, pad_token="<|pad|>", eos_token="<|endoftext|>",
                                   bos_token="<|endoftext|>", unk_token="<|endoftext|>",
                                   extra_special_tokens=dict(SPECIAL_TOKENS), model_max_length=512)
    size = {"longest_edge": image_size}
    processor = SmolVLMProcessor(
        image_processor=SmolVLMImageProcessor(do_resize=True, size=size, do_image_splitting=False,
                                              max_image_size=size),
        tokenizer=fast, video_processor=SmolVLMVideoProcessor(size=size, max_image_size=size),
        image_seq_len=(image_size // VLM_PATCH) ** 2 // VLM_SCALE ** 2)
    processor.save_pretrained(out)
    SmolVLMConfig(
        text_config=dict(model_type="llama", vocab_size=len(fast), hidden_size=64, intermediate_size=128,
                         num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=16,
                         max_position_embeddings=256, rms_norm_eps=1e-5, rope_theta=10000.0,
                         pad_token_id=fast.pad_token_id, tie_word_embeddings=False),
        vision_config=dict(hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=2,
                           image_size=image_size, patch_size=VLM_PATCH),
        scale_factor=VLM_SCALE, image_token_id=fast.convert_tokens_to_ids(SPECIAL_TOKENS["image_token"]),
        pad_token_id=fast.pad_token_id, tie_word_embeddings=False).save_pretrained(out)
    return out


def write_tiny_smolvla(out: Path, *, state_dim: int, action_dim: int, cameras: dict[str, int],
                       max_action_dim: int | None = None, seed: int = 0) -> Path:
    """A ~0.2M-parameter SmolVLA (chunk 8, 4 executed, 3 Euler steps, action padded to ``max_action_dim``, default
    ``action_dim + 2``) saved to ``out``, its tiny VLM directory beside it (``<out>_vlm``). Camera images must be
    ``VLM_IMAGE_SIZE`` square."""
    from lerobot.configs.types import FeatureType, PolicyFeature
    from lerobot.policies.smolvla.configuration_smolvla import SmolVLAConfig
    from lerobot.policies.smolvla.modeling_smolvla import SmolVLAPolicy

    assert all(size == VLM_IMAGE_SIZE for size in cameras.values()), cameras
    vlm = write_tiny_vlm(out.with_name(out.name + "_vlm"))
    torch.manual_seed(seed)
    config = SmolVLAConfig(
        vlm_model_name=str(vlm.resolve()), load_vlm_weights=False, device="cpu",
        input_features=_input_features(state_dim, cameras),
        output_features={"action": PolicyFeature(FeatureType.ACTION, (action_dim,))},
        chunk_size=CHUNK_SIZE, n_action_steps=N_ACTION_STEPS, num_steps=FLOW_STEPS,
        max_state_dim=state_dim, max_action_dim=action_dim + 2 if max_action_dim is None else max_action_dim,
        resize_imgs_with_padding=(VLM_IMAGE_SIZE, VLM_IMAGE_SIZE), tokenizer_max_length=16,
        num_vlm_layers=2, num_expert_layers=-1, self_attn_every_n_layers=2, expert_width_multiplier=0.5,
        train_expert_only=False, freeze_vision_encoder=False)
    stats = _stats({k: tuple(f.shape) for k, f in config.input_features.items()},
                   torch.full((action_dim,), -1.0), torch.full((action_dim,), 1.0))
    return _save(SmolVLAPolicy(config), config, stats, out)
