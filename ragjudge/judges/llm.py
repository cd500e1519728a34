"""LLM judges through LangChain: any chat model `init_chat_model` can build (`provider:model`),
any OpenAI-compatible server (`base_url`), completion-only models on the completions endpoint
with a chat layout (`llama2`, `chatml`, `plain`), and LangChain model objects handed over as
they are (`judge=ChatOpenAI(...)`, `judge=OpenAI(...)`; `judge_from_model`).

LangChain is imported only when an LLM judge is built, so the offline judge and `--help` stay
fast. Temperature is 0 for judges built from a spec; structured output is asked for where the
model's LangChain profile says it has it, else JSON mode where the provider has it, and the raw
reply text is always returned, never only a parsed object: ragjudge's parser and repair loop
read every answer, whichever mode gave it (`Reply.mode`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ragjudge.errors import JudgeError, UsageError
from ragjudge.judges.langchain_models import (
    answer_modes,
    content_text,
    mode_refused,
    model_identity,
    run_config,
    structured_schema,
    to_langchain,
)
from ragjudge.prompt import format_conversation
from ragjudge.redact import redact, register_secret, safe_url
from ragjudge.tokens import Count, TokenCounter, estimate_tokens, profile_window, table_window
from ragjudge.types import KeyedExample, Message, Reply, Usage

#: provider → the package that provides its LangChain integration
PROVIDER_PACKAGES = {
    "openai": "langchain-openai",
    "azure_openai": "langchain-openai",
    "anthropic": "langchain-anthropic",
    "bedrock": "langchain-aws",
    "bedrock_converse": "langchain-aws",
    "google_genai": "langchain-google-genai",
    "google_vertexai": "langchain-google-vertexai",
    "ollama": "langchain-ollama",
    "mistralai": "langchain-mistralai",
    "groq": "langchain-groq",
    "fireworks": "langchain-fireworks",
    "together": "langchain-together",
    "huggingface": "langchain-huggingface",
    "cohere": "langchain-cohere",
    "deepseek": "langchain-deepseek",
    "xai": "langchain-xai",
}


class ChatJudge:
    """A LangChain chat model as a judge.

    `modes` are the answer modes to try in order (see `answer_modes`); when the server refuses
    one (a local server without structured output, say), the judge moves on to the next for
    this call and every later one.
    """

    kind = "llm"
    uses_prompt = True
    prompt_format = "chat"

    def __init__(
        self, model: Any, identity: Mapping[str, Any], modes: Sequence[str] = ("text",)
    ) -> None:
        self.model = model
        self._identity = dict(identity)
        self._modes = list(modes) or ["text"]
        self._runnables: dict[str, Any] = {}
        self.token_counter = TokenCounter(model)

    def identity(self) -> Mapping[str, Any]:
        return self._identity

    @property
    def modes(self) -> tuple[str, ...]:
        """The answer modes still to try, the one in use first."""
        return tuple(self._modes)

    def context_window(self) -> int | None:
        """The model's context window: its LangChain profile's, else the table's, else None."""
        return profile_window(self.model) or table_window(self._identity.get("model"))

    def count_tokens(self, messages: Sequence[Message]) -> Count:
        """Prompt tokens of `messages` by the model's own counter, or estimated."""
        return self.token_counter.messages(messages)

    def _runnable(self, mode: str) -> Any:
        runnable = self._runnables.get(mode)
        if runnable is None:
            if mode == "json_schema":
                runnable = model_step(
                    self.model.with_structured_output(
                        structured_schema(), method="json_schema", include_raw=True
                    )
                )
            elif mode == "json_mode":
                runnable = self.model.bind(response_format={"type": "json_object"})
            else:
                runnable = self.model
            self._runnables[mode] = runnable
        return runnable

    def _give_up(self, mode: str) -> bool:
        # several calls may learn at once that a mode is refused: drop it once
        if len(self._modes) > 1 and self._modes[0] == mode:
            self._modes.pop(0)
        return len(self._modes) > 0 and self._modes[0] != mode

    async def ask(self, item: KeyedExample, messages: Sequence[Message]) -> Reply:
        config = run_config(item, self._identity)
        while True:
            mode = self._modes[0]
            try:
                runnable = self._runnable(mode)
                start = time.perf_counter()
                answer = await runnable.ainvoke(to_langchain(messages), config=config)
            except Exception as exc:
                if mode_refused(exc, mode) and self._give_up(mode):
                    continue
                raise
            latency = time.perf_counter() - start
            message = answer.get("raw") if isinstance(answer, dict) else answer
            text = content_text(getattr(message, "content", ""))
            meta = getattr(message, "usage_metadata", None) or {}
            if meta.get("input_tokens") is not None:
                usage = Usage(int(meta.get("input_tokens", 0)), int(meta.get("output_tokens", 0)))
            else:
                prompt = self.token_counter.messages(messages)
                usage = Usage(prompt.tokens, estimate_tokens(text), estimated=True)
            return Reply(text=text, usage=usage, latency_s=latency, mode=mode)


def model_step(chain: Any) -> Any:
    """The model step of a `with_structured_output(..., include_raw=True)` chain.

    LangChain builds that chain as `RunnableParallel(raw=<the model bound to the schema>) |
    <parser with a fallback>`. The judge reads only the raw message (its own parser, schema
    and rules check the answer), so it calls the bound model alone: the same request, without
    a second parse of every answer and the chain's per-step bookkeeping, which cost more CPU
    than the HTTP call itself. A chain of any other shape is used whole.
    """
    steps = getattr(getattr(chain, "first", None), "steps__", None)
    if isinstance(steps, Mapping) and list(steps) == ["raw"]:
        return steps["raw"]
    return chain


class CompletionJudge:
    """A completion-only model (LangChain `BaseLLM`, e.g. an OpenAI-compatible completions
    endpoint) with a chat layout."""

    kind = "completions"
    uses_prompt = True

    def __init__(self, llm: Any, identity: Mapping[str, Any], prompt_format: str) -> None:
        self.model = llm
        self._identity = dict(identity)
        self.prompt_format = prompt_format
        self.token_counter = TokenCounter(llm)

    def identity(self) -> Mapping[str, Any]:
        return self._identity

    def context_window(self) -> int | None:
        return profile_window(self.model) or table_window(self._identity.get("model"))

    def count_tokens(self, messages: Sequence[Message]) -> Count:
        return self.token_counter.text(format_conversation(messages, self.prompt_format))

    async def ask(self, item: KeyedExample, messages: Sequence[Message]) -> Reply:
        prompt = format_conversation(messages, self.prompt_format)
        config = run_config(item, self._identity)
        start = time.perf_counter()
        result = await self.model.agenerate(
            [prompt], tags=config["tags"], metadata=config["metadata"], run_name=config["run_name"]
        )
        latency = time.perf_counter() - start
        text = result.generations[0][0].text
        token_usage = (result.llm_output or {}).get("token_usage") or {}
        if token_usage.get("prompt_tokens") is not None:
            usage = Usage(
                int(token_usage.get("prompt_tokens", 0)),
                int(token_usage.get("completion_tokens", 0)),
            )
        else:
            usage = Usage(
                self.token_counter.text(prompt).tokens, estimate_tokens(text), estimated=True
            )
        return Reply(text=text, usage=usage, latency_s=latency, mode="text")


def is_langchain_model(value: Any) -> bool:
    """Whether `value` is a LangChain chat model or LLM object (without importing LangChain
    when no LangChain object can exist yet)."""
    import sys

    if "langchain_core" not in sys.modules:
        return False
    from langchain_core.language_models import BaseChatModel, BaseLLM

    return isinstance(value, BaseChatModel | BaseLLM)


def judge_from_model(
    model: Any, *, prompt_format: str | None = None, output_mode: str = "auto"
) -> ChatJudge | CompletionJudge:
    """A judge around a LangChain model object, as RAGAS (`llm=`) and DeepEval (`model=`)
    users pass one: a `BaseChatModel` (`ChatOpenAI(...)`, `ChatAnthropic(...)`, …) or a
    `BaseLLM` (completion-only), laid out with `prompt_format` (`chatml` unless given).

    The model is used as configured (its temperature, timeout and client retries are its
    own); ragjudge adds its cache, rate limits, timeout and retries around each call. The
    judge's identity, which keys the cache and goes into every record, is the model's class
    and its own identifying parameters, never its credentials.
    """
    from langchain_core.language_models import BaseChatModel, BaseLLM

    if isinstance(model, BaseChatModel):
        if prompt_format not in (None, "chat"):
            raise UsageError("prompt_format applies to completion-only models (BaseLLM)")
        identity = model_identity(model, kind="llm")
        modes = answer_modes(model, identity["provider"], output_mode)
        identity["params"]["output_mode"] = output_mode
        return ChatJudge(model, identity, modes)
    if isinstance(model, BaseLLM):
        layout = prompt_format or "chatml"
        if layout == "chat":
            raise UsageError("a completion-only model needs a prompt_format: llama2, chatml, plain")
        identity = model_identity(model, kind="completions", extra={"prompt_format": layout})
        return CompletionJudge(model, identity, layout)
    raise UsageError(
        f"judge must be a name, a Judge or a LangChain model, not {type(model).__name__}"
    )


def _split_spec(spec: str) -> tuple[str, str]:
    provider, _, model = spec.partition(":")
    provider, model = provider.strip(), model.strip()
    if not provider or not model:
        raise UsageError(f"judge {spec!r} must look like provider:model, e.g. openai:gpt-4o-mini")
    return provider, model


def build_llm_judge(
    spec: str,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    temperature: float = 0.0,
    timeout: float = 120.0,
    max_retries: int = 0,
    max_tokens: int | None = None,
    json_mode: bool = True,
    output_mode: str = "auto",
    completions: bool = False,
    prompt_format: str = "chatml",
    **extra: Any,
) -> ChatJudge | CompletionJudge:
    """Build an LLM judge.

    `spec` is `provider:model` (e.g. `openai:gpt-4o-mini`, `anthropic:claude-…`,
    `ollama:llama3.1`), or with `completions=True` a bare model name served on the completions
    endpoint of `base_url`. `base_url` defaults to `$OPENAI_BASE_URL` for OpenAI-compatible
    providers; a local server needs no real key, so a placeholder is used when none is set.
    `output_mode` is `auto` (structured output where the model's profile has it, else JSON
    mode where the provider has it, else text), `json_schema`, `json_mode` or `text`;
    `json_mode=False` means `text`. Retries are left to ragjudge's runner (`max_retries=0`
    here) so that backoff and `Retry-After` are handled in one place.
    """
    if completions:
        provider, model = (
            ("openai", spec.partition(":")[2] or spec) if ":" in spec else ("openai", spec)
        )
    else:
        provider, model = _split_spec(spec)
    openai_like = provider in ("openai", "azure_openai") or completions
    if openai_like:
        base_url = base_url or os.environ.get("OPENAI_BASE_URL") or None
    api_key = api_key or (os.environ.get("OPENAI_API_KEY") if openai_like else None)
    if openai_like and not api_key and base_url:
        api_key = "not-needed"  # local OpenAI-compatible servers ignore the key
    register_secret(api_key)
    if not json_mode:
        output_mode = "text"

    params: dict[str, Any] = {"temperature": temperature}
    if max_tokens:
        params["max_tokens"] = max_tokens
    if base_url:
        params["base_url"] = safe_url(base_url)
    if completions:
        params["prompt_format"] = prompt_format

    kwargs: dict[str, Any] = {
        "temperature": temperature,
        "timeout": timeout,
        "max_retries": max_retries,
        **extra,
    }
    if max_tokens:
        kwargs["max_tokens"] = max_tokens
        if base_url:
            # local servers (llama.cpp) ignore max_completion_tokens; send both names
            kwargs["extra_body"] = {"max_tokens": max_tokens}
    if base_url:
        kwargs["base_url"] = base_url
    if api_key:
        kwargs["api_key"] = api_key

    try:
        if completions:
            from langchain_openai import OpenAI

            kwargs.pop("extra_body", None)
            llm = OpenAI(model=model, **kwargs)
            identity = {"kind": "completions", "provider": provider, "model": model}
            return CompletionJudge(llm, {**identity, "params": params}, prompt_format)
        from langchain.chat_models import init_chat_model

        chat = init_chat_model(model, model_provider=provider, **kwargs)
    except ImportError as exc:
        package = PROVIDER_PACKAGES.get(provider, f"langchain-{provider.replace('_', '-')}")
        raise JudgeError(
            f"the {provider!r} judge needs the package {package}: pip install {package}"
        ) from exc
    except Exception as exc:  # provider clients raise their own types for bad configuration
        raise JudgeError(f"cannot build judge {spec!r}: {redact(str(exc))}") from exc
    modes = answer_modes(chat, provider, output_mode)
    # the identity names the mode asked for first, as judges built before structured output
    # named JSON mode: their cached replies stay valid
    if modes[0] == "json_mode":
        params["json_mode"] = True
    elif modes[0] == "json_schema":
        params["output_mode"] = "json_schema"
    named: dict[str, Any] = {"kind": "llm", "provider": provider, "model": model}
    return ChatJudge(chat, {**named, "params": params}, modes)


__all__ = [
    "PROVIDER_PACKAGES",
    "ChatJudge",
    "CompletionJudge",
    "build_llm_judge",
    "is_langchain_model",
    "judge_from_model",
    "to_langchain",
]
