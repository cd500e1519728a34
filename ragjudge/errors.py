"""The exceptions ragjudge raises; the CLI turns each into one line and an exit code.

    RagjudgeError            base class; its message is shown to the user as is
    ├── InputError           a file or argument cannot be used at all (exit code 2)
    │   └── UsageError       a malformed option, unknown metric or missing run folder (exit 2)
    ├── JudgeError           a judge could not be built or called (missing package, bad model name)
    └── ValidationFailure    a judge reply could not be turned into a valid judgment

A problem with one row of a dataset is not an exception: it becomes a `RowError`
(see `ragjudge.types`) that travels with the batch and is reported.
"""

from __future__ import annotations


class RagjudgeError(Exception):
    """Base class: the message is written for the person running ragjudge."""

    exit_code = 2


class InputError(RagjudgeError):
    """A dataset, run folder or option cannot be used at all."""


class UsageError(InputError):
    """The command line or configuration is malformed."""


class JudgeError(RagjudgeError):
    """A judge cannot be built or reached (for example, a provider package is missing)."""


class ValidationFailure(RagjudgeError):
    """A judge reply is not a valid judgment, even after the allowed repairs."""

    def __init__(self, message: str, errors: list[str] | None = None) -> None:
        super().__init__(message)
        self.errors = list(errors or [])
