"""Errors whose message is meant for the user: the CLI prints them as one line (no traceback unless --debug)."""


class RobopolicyError(Exception):
    """Base of every error that names a bad input and what would be valid instead."""


class ConfigError(RobopolicyError, ValueError):
    """A config key, group choice or value is invalid."""
