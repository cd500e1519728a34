"""Stage 3–4: how many tokens a prompt takes, and how many a judge model can read.

The one token estimator of the package lives here (`estimate_tokens`): prompt budgets, document
windows, rate limits and the usage of replies that report none all use it. A judge that can
count with its model's own tokenizer (LangChain's `get_num_tokens_from_messages`; tiktoken for
OpenAI models) does so through a `TokenCounter`, which tries that counter once and falls back to
the estimate, labelled as one, when it fails (tiktoken downloads its files on first use and
fails without network).

Context windows come from the model's LangChain profile (`max_input_tokens`) where it has one,
from a table of well-known model families otherwise; an unknown model has none. Its prompt is
then sent whole, and split into document windows only after the server answers that the
context is too long (`context_overflow` reads that answer).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ragjudge.limits import status_code
from ragjudge.types import Message

# Kana, CJK ideographs, Hangul and full-width forms: about one token per character in the
# tokenizers of current models, where Latin text takes about four characters per token.
_DENSE = re.compile(
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]"
)
#: tokens a chat format spends on each message besides its content (role, separators)
_PER_MESSAGE = 4


def estimate_tokens(text: str) -> int:
    """Tokens of `text` estimated without a tokenizer: four characters of Latin text per token,
    one per CJK character (characters / 4 alone undercounts Japanese three- to fourfold).
    Never less than 1, so every line of a prompt costs something."""
    dense = len(_DENSE.findall(text))
    return max(1, (len(text) - dense + 3) // 4 + dense)


def estimate_messages(messages: Sequence[Any]) -> int:
    """Estimated prompt tokens of a conversation (`Message`s or anything with `content`)."""
    return sum(
        estimate_tokens(str(getattr(m, "content", "") or "")) + _PER_MESSAGE for m in messages
    )


@dataclass(frozen=True)
class Count:
    """A token count, and whether it is an estimate rather than the model's own count."""

    tokens: int
    estimated: bool


def _own_method(model: Any, name: str) -> bool:
    if model is None:
        return False
    # langchain-core's default counters load a GPT-2 tokenizer from a model hub: only a
    # provider's own implementation counts as the model's counter
    for klass in type(model).__mro__:
        if name in klass.__dict__:
            return not klass.__module__.startswith("langchain_core")
    return False


class TokenCounter:
    """Counts with a LangChain model's own tokenizer, or estimates when it has none that works.

    The model's counter is tried once; the first failure (no tokenizer for the model, tiktoken
    unable to download its files, …) switches this counter to estimates for good, so a batch
    pays for the failure once.
    """

    def __init__(self, model: Any = None) -> None:
        self._model = model
        own_ids = model is not None and _own_method(model, "get_token_ids")
        self._messages_ok = own_ids or _own_method(model, "get_num_tokens_from_messages")
        self._text_ok = own_ids or _own_method(model, "get_num_tokens")

    @property
    def exact(self) -> bool:
        """Whether counts may still come from the model's own tokenizer."""
        return self._messages_ok or self._text_ok

    def messages(self, messages: Sequence[Message]) -> Count:
        """Prompt tokens of a conversation."""
        if self._messages_ok:
            from ragjudge.judges.langchain_models import to_langchain

            try:
                n = self._model.get_num_tokens_from_messages(to_langchain(messages))
                return Count(int(n), False)
            except Exception:  # any failure of a provider's tokenizer means: estimate
                self._messages_ok = self._text_ok = False
        return Count(estimate_messages(messages), True)

    def text(self, text: str) -> Count:
        """Tokens of one text (a prompt line, a completion prompt, a reply)."""
        if self._text_ok:
            try:
                return Count(int(self._model.get_num_tokens(text)), False)
            except Exception:  # as above: the estimate from now on
                self._messages_ok = self._text_ok = False
        return Count(estimate_tokens(text), True)


# --- context windows -------------------------------------------------------------------------

#: context windows of well-known model families in tokens, by prefix of the model name (the
#: longest matching prefix wins); used only when the model's LangChain profile has none
CONTEXT_TOKENS: Mapping[str, int] = {
    "gpt-5": 272_000,
    "gpt-4.1": 1_000_000,
    "gpt-4o": 128_000,
    "gpt-4-turbo": 128_000,
    "gpt-4": 8_192,
    "gpt-3.5-turbo": 16_385,
    "o1": 200_000,
    "o3": 200_000,
    "o4": 200_000,
    "claude": 200_000,
    "gemini": 1_000_000,
    "llama-2": 4_096,
    "llama2": 4_096,
    "llama-3.1": 128_000,
    "llama3.1": 128_000,
    "llama-3.2": 128_000,
    "llama3.2": 128_000,
    "llama-3.3": 128_000,
    "llama3.3": 128_000,
    "llama-3-": 8_192,
    "llama3-": 8_192,
    "llama-4": 1_000_000,
    "mistral-large": 128_000,
    "mistral-small": 32_000,
    "qwen2.5": 32_768,
    "qwen3": 32_768,
}
#: tokens kept free for the reply in a budget (at most a quarter of the window)
REPLY_RESERVE = 4_096


def table_window(model: str | None) -> int | None:
    """The context window the table gives for a model name (provider prefixes such as
    `meta-llama/` are ignored), or None when no family matches."""
    name = (model or "").lower().rsplit("/", 1)[-1]
    matches = [prefix for prefix in CONTEXT_TOKENS if name.startswith(prefix)]
    return CONTEXT_TOKENS[max(matches, key=len)] if matches else None


def profile_window(model: Any) -> int | None:
    """`max_input_tokens` of a LangChain model's profile, when it has one."""
    try:
        profile = getattr(model, "profile", None)
    except Exception:  # a provider computing its profile lazily may fail: no window known
        return None
    value = profile.get("max_input_tokens") if isinstance(profile, Mapping) else None
    return value if isinstance(value, int) and value > 0 else None


def budget_for(window: int | None) -> int | None:
    """Prompt tokens allowed in a context window of `window` tokens: the window less room for
    the reply. None (no limit known) stays None."""
    if window is None:
        return None
    return max(256, window - min(REPLY_RESERVE, window // 4))


def default_prompt_budget(model: str | None) -> int | None:
    """The prompt budget the table gives for a model name; None for an unknown model."""
    return budget_for(table_window(model))


# --- the server says the prompt is too long ----------------------------------------------------

_TOO_LONG = re.compile(
    r"context[_ ]length|context window|maximum context|context size|exceeds? the available"
    r"|too many tokens|prompt is too long|input is too long|reduce the length"
    r"|maximum (?:input|prompt) length|too long for the model",
    re.I,
)
_LIMIT = (
    re.compile(r"maximum context length is (\d[\d,]*)", re.I),
    re.compile(r"context (?:length|window|size)(?: of| is)?:? (\d[\d,]*)", re.I),
    re.compile(r"n_ctx\W+(\d+)", re.I),
    re.compile(r"> ?(\d[\d,]*) (?:tokens? )?maximum", re.I),
    re.compile(r"limit (?:is|of) (\d[\d,]*) tokens", re.I),
)
_SENT = (
    re.compile(r"resulted in (\d[\d,]*) tokens", re.I),
    re.compile(r"you requested (\d[\d,]*) tokens", re.I),
    re.compile(r"n_prompt_tokens\W+(\d+)", re.I),
    re.compile(r"prompt is too long: (\d[\d,]*) tokens", re.I),
    re.compile(r"(\d[\d,]*) (?:input )?tokens (?:exceeds?|is more than|>)", re.I),
)


@dataclass(frozen=True)
class ContextOverflow:
    """A server's answer that the prompt does not fit: the window it named and the prompt
    tokens it counted, when its message says."""

    limit: int | None
    prompt_tokens: int | None
    message: str


def _number(patterns: tuple[re.Pattern[str], ...], text: str) -> int | None:
    for pattern in patterns:
        found = pattern.search(text)
        if found:
            return int(found.group(1).replace(",", ""))
    return None


def context_overflow(exc: BaseException) -> ContextOverflow | None:
    """The overflow an exception (or any exception it was raised from) reports, or None.

    Read from the error the provider client raised: LangChain's `ContextOverflowError`, or an
    HTTP 400/413/422 (or no status) whose code is `context_length_exceeded` or whose message
    says the context is too long, as OpenAI, vLLM, llama.cpp, Anthropic and others word it.
    """
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        code = status_code(current)
        if code is None or code in (400, 413, 422):
            text = str(current)
            body = getattr(current, "body", None)
            if isinstance(body, Mapping):
                text += " " + str(body)
            names = {cls.__name__ for cls in type(current).__mro__}
            flagged = getattr(current, "code", None) == "context_length_exceeded" or bool(
                names & {"ContextOverflowError", "ContextWindowExceededError"}
            )
            if flagged or _TOO_LONG.search(text):
                return ContextOverflow(_number(_LIMIT, text), _number(_SENT, text), text[:300])
        current = current.__cause__ or current.__context__
    return None


__all__ = [
    "CONTEXT_TOKENS",
    "REPLY_RESERVE",
    "ContextOverflow",
    "Count",
    "TokenCounter",
    "budget_for",
    "context_overflow",
    "default_prompt_budget",
    "estimate_messages",
    "estimate_tokens",
    "profile_window",
    "table_window",
]
