"""Instruction paraphrases: the training-time augmentation of a language-conditioned policy's task strings."""

from __future__ import annotations

# Templates a language-conditioned policy's instructions are rephrased with in training (``robopolicy train
# paraphrase_instructions=true``), so that it keys on the task, not on one exact wording. The first is the
# instruction itself; evaluation always uses the env's own instruction.
PARAPHRASE_TEMPLATES = ("{}", "please {}", "{}, please", "can you {}?", "robot, {}", "now {}", "your task: {}",
                        "I want you to {}")


def paraphrases(instruction: str) -> list[str]:
    """The instruction and its rephrasings (``PARAPHRASE_TEMPLATES``), in a fixed order."""
    return [t.format(instruction) for t in PARAPHRASE_TEMPLATES]
