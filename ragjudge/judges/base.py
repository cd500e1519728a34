"""The one small protocol every judge implements, and the one door judges come in by.

A judge receives a keyed example and the conversation so far (the rendered prompt's messages,
plus any repair turns) and returns a `Reply` whose `text` is the raw answer. Judges that do not
read prompts (offline, recorded) answer with the judgment as JSON text, so every judge's answer
goes through the same validation, rules and scores.

Judges are built by name through `ragjudge.judges.registry`: the built-in judges and those of
any installed package register under the entry-point group `ragjudge.judges`, each as a
`JudgeFactory`. `make_judge("NAME:ARG")` finds the factory named NAME and calls it with ARG;
a `provider:model` spec whose provider is no registered name goes to the LLM judge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ragjudge.types import KeyedExample, Message, Reply


@runtime_checkable
class Judge(Protocol):
    """Everything the pipeline reads of a judge."""

    #: short kind name: "offline", "recorded", "llm", "completions", or a plugin's own
    kind: str
    #: whether the judge reads the rendered prompt (LLM judges) or the keyed example only
    uses_prompt: bool
    #: the layout the prompt is rendered in for this judge: "chat" (messages), or the text
    #: layouts of completion-only models ("llama2", "chatml", "plain")
    prompt_format: str

    def identity(self) -> Mapping[str, Any]:
        """What makes two judgments comparable: `kind`, `provider`, `model`, `params`.
        Used in every record and as part of the cache key. Never contains secrets."""
        ...

    async def ask(self, item: KeyedExample, messages: Sequence[Message]) -> Reply:
        """Answer with a judgment for `item`; `messages` is the conversation so far."""
        ...


@dataclass(frozen=True)
class JudgeOptions:
    """What the command line and `evaluate()` know about a judge beyond its name. LLM judges
    use these; a judge that needs none of them ignores them.

    `base_url` an OpenAI-compatible server; `api_key` its key (None: the provider's own
    variable); `temperature`, `max_tokens` and `json_mode` for the model; `output_mode` how
    the answer is asked for (`auto`, `json_schema`, `json_mode`, `text`); `timeout` seconds
    per call and `max_retries` in the provider's client (ragjudge retries itself: 0);
    `completions` drives a completion-only model laid out with `prompt_format`; `extra` goes
    to the model's constructor as is.
    """

    base_url: str | None = None
    api_key: str | None = None
    temperature: float = 0.0
    timeout: float = 120.0
    max_retries: int = 0
    max_tokens: int | None = None
    json_mode: bool = True
    output_mode: str = "auto"
    completions: bool = False
    prompt_format: str = "chatml"
    extra: Mapping[str, Any] = field(default_factory=dict)


class JudgeFactory(Protocol):
    """What a package registers under the entry-point group `ragjudge.judges`: called with
    the part of the spec after `NAME:` (None when there is none) and the options."""

    def __call__(self, arg: str | None, options: JudgeOptions) -> Judge: ...


_OPTION_NAMES = frozenset(JudgeOptions.__dataclass_fields__) - {"extra"}


def judge_options(**options: Any) -> JudgeOptions:
    """`JudgeOptions` from keyword arguments; unknown names go to `extra`."""
    known = {k: v for k, v in options.items() if k in _OPTION_NAMES and v is not None}
    extra = {k: v for k, v in options.items() if k not in _OPTION_NAMES}
    return JudgeOptions(**known, extra=extra)


def make_judge(spec: str | None = None, **options: Any) -> Judge:
    """Build a judge from a spec: `offline` (default), `recorded`, `provider:model` (an LLM
    through LangChain), or `NAME[:ARG]` for any judge registered under `ragjudge.judges`.

    Options (see `JudgeOptions`): `base_url`, `api_key`, `temperature`, `timeout`,
    `max_retries`, `max_tokens`, `json_mode`, `completions` (use the completions endpoint
    with a `prompt_format`).
    """
    from ragjudge.judges.registry import find_factory

    the_options = judge_options(**options)
    factory, arg = find_factory(spec, completions=the_options.completions)
    return factory(arg, the_options)


__all__ = ["Judge", "JudgeFactory", "JudgeOptions", "judge_options", "make_judge"]
