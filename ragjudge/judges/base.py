"""The one small protocol every judge implements, and the factory that builds a judge by name.

A judge receives a keyed example and the conversation so far (the rendered prompt's messages,
plus any repair turns) and returns a `Reply` whose `text` is the raw answer. Judges that do not
read prompts (offline, recorded) answer with the judgment as JSON text, so every judge's answer
goes through the same validation, rules and scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from ragjudge.errors import UsageError
from ragjudge.types import KeyedExample, Message, Reply


@runtime_checkable
class Judge(Protocol):
    #: short kind name: "offline", "recorded", "llm", "completions"
    kind: str
    #: whether the judge reads the rendered prompt (LLM judges) or the keyed example only
    uses_prompt: bool

    def identity(self) -> Mapping[str, Any]:
        """What makes two judgments comparable: kind, provider, model, parameters.
        Used in every record and as part of the cache key. Never contains secrets."""
        ...

    async def ask(self, item: KeyedExample, messages: Sequence[Message]) -> Reply:
        """Answer with a judgment for `item`; `messages` is the conversation so far."""
        ...


def make_judge(spec: str | None = None, **options: Any) -> Judge:
    """Build a judge from a spec: `offline` (default), `recorded`, or `provider:model`.

    Options for LLM judges: `base_url`, `api_key`, `temperature`, `timeout`, `max_retries`,
    `max_tokens`, `completions` (use the completions endpoint with a `prompt_format`).
    """
    spec = (spec or "offline").strip()
    if spec == "offline":
        from ragjudge.judges.offline import OfflineJudge

        return OfflineJudge()
    if spec == "recorded":
        from ragjudge.judges.recorded import RecordedJudge

        return RecordedJudge()
    if ":" not in spec and not options.get("completions"):
        raise UsageError(
            f"unknown judge {spec!r}: use 'offline', 'recorded' or 'provider:model' "
            "(for example 'openai:gpt-4o-mini')"
        )
    from ragjudge.judges.llm import build_llm_judge

    return build_llm_judge(spec, **options)
