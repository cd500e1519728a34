"""The judge registry: every judge ragjudge can build, found through package entry points.

A package offers a judge by naming a `JudgeFactory` under the entry-point group
`ragjudge.judges` in its metadata; ragjudge registers its own judges there too:

    [project.entry-points."ragjudge.judges"]
    offline = "ragjudge.judges.builtin:offline"
    example-overlap = "ragjudge_example_overlap:make_judge"

`--judge NAME:ARG` then reaches the factory named NAME, with ARG. A spec `provider:model`
whose provider is no registered name goes to the LLM judge (`llm`), so every LangChain
provider works without being listed. Factories are imported only when their judge is built.
"""

from __future__ import annotations

import difflib
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from ragjudge.errors import JudgeError, UsageError
from ragjudge.judges.base import JudgeFactory

GROUP = "ragjudge.judges"
DEFAULT = "offline"
#: the factory of any LangChain chat model, for `provider:model`
LLM = "llm"


@cache
def registered() -> dict[str, EntryPoint]:
    """Every registered judge by name (a name registered twice keeps its first entry)."""
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, point)
    return found


def available() -> list[str]:
    """The names `--judge` accepts (besides `provider:model`)."""
    return sorted(registered())


def _load(name: str, point: EntryPoint) -> JudgeFactory:
    try:
        factory: JudgeFactory = point.load()
    except Exception as exc:  # a plugin's import error is its own; say whose
        where = point.dist.name if point.dist is not None else point.value
        raise JudgeError(f"the judge {name!r} ({where}) cannot be loaded: {exc}") from exc
    return factory


def find_factory(spec: str | None, *, completions: bool = False) -> tuple[JudgeFactory, str | None]:
    """The factory a judge spec names and the argument it is given.

    Raises `UsageError` for a name nothing registered (with the close ones), and `JudgeError`
    when ragjudge's own judges are not registered (an install without its metadata).
    """
    judges = registered()
    if LLM not in judges:
        raise JudgeError(
            f"no judges are registered under the entry-point group {GROUP!r}: ragjudge's "
            "package metadata is missing or stale; reinstall it (pip install -e . in a checkout)"
        )
    text = (spec or DEFAULT).strip()
    if completions:
        # a completion-only model is named by its bare model name
        return _load(LLM, judges[LLM]), text
    name, sep, arg = text.partition(":")
    if name in judges:
        return _load(name, judges[name]), (arg.strip() or None) if sep else None
    if sep:
        return _load(LLM, judges[LLM]), text
    names = [n for n in available() if n != LLM]
    close = difflib.get_close_matches(name, names, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise UsageError(
        f"unknown judge {text!r}{hint}: use {', '.join(repr(n) for n in names)} or "
        "'provider:model' (for example 'openai:gpt-4o-mini')"
    )


__all__ = ["DEFAULT", "GROUP", "LLM", "available", "find_factory", "registered"]
