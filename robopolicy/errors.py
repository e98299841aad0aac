"""Errors whose message is meant for the user: the CLI prints them as one line (no traceback unless --debug)."""


class RobopolicyError(Exception):
    """Base of every error that names a bad input and what would be valid instead."""


class ConfigError(RobopolicyError, ValueError):
    """A config key, group choice or value is invalid."""


class TrainingDivergedError(RobopolicyError):
    """A loss (or gradient) became NaN or inf during training or fine-tuning; nothing after the last good
    checkpoint was saved. One class for the trainer and every fine-tuner."""


class WriterLockedError(RobopolicyError):
    """Another process is writing the same episode store or run directory (it holds the writer lock,
    ``robopolicy.locks``); the message names its pid, host and command."""


class OutputNotWritableError(RobopolicyError):
    """A command's output path cannot be written (read-only folder, a file in the way, no space); refused before
    any work, or, when the disk fails mid-write, after removing what was half-written. Names the path and the OS
    error."""
