"""LLM judges through LangChain: any chat model `init_chat_model` can build (`provider:model`),
any OpenAI-compatible server (`base_url`), and completion-only models on the completions
endpoint with a chat layout (`llama2`, `chatml`, `plain`).

LangChain is imported only when an LLM judge is built, so the offline judge and `--help` stay
fast. Temperature is 0 by default; JSON mode is asked for where the provider has it; the raw
reply text is always returned, never only a parsed object.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ragjudge.errors import JudgeError, UsageError
from ragjudge.prompt import format_conversation
from ragjudge.redact import redact, register_secret, safe_url
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
_JSON_MODE_PROVIDERS = {"openai", "azure_openai", "fireworks", "together", "groq", "deepseek"}


def _estimate_tokens(text: str) -> int:
    # no offline tokenizer is available for every model; 4 characters per token, labelled estimate
    return max(1, len(text) // 4)


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            part if isinstance(part, str) else str(part.get("text", ""))
            for part in content
            if isinstance(part, str | dict)
        )
    return str(content)


def _to_langchain(messages: Sequence[Message]) -> list[Any]:
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

    kinds = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
    return [kinds[m.role](content=m.content) for m in messages]


class ChatJudge:
    """A LangChain chat model as a judge."""

    kind = "llm"
    uses_prompt = True
    prompt_format = "chat"

    def __init__(self, runnable: Any, identity: Mapping[str, Any]) -> None:
        self._runnable = runnable
        self._identity = dict(identity)

    def identity(self) -> Mapping[str, Any]:
        return self._identity

    async def ask(self, item: KeyedExample, messages: Sequence[Message]) -> Reply:
        start = time.perf_counter()
        message = await self._runnable.ainvoke(_to_langchain(messages))
        latency = time.perf_counter() - start
        text = _content_text(message.content)
        meta = getattr(message, "usage_metadata", None) or {}
        if meta.get("input_tokens") is not None:
            usage = Usage(int(meta.get("input_tokens", 0)), int(meta.get("output_tokens", 0)))
        else:
            prompt_chars = "".join(m.content for m in messages)
            usage = Usage(_estimate_tokens(prompt_chars), _estimate_tokens(text), estimated=True)
        return Reply(text=text, usage=usage, latency_s=latency)


class CompletionJudge:
    """A completion-only model (OpenAI-compatible completions endpoint) with a chat layout."""

    kind = "completions"
    uses_prompt = True

    def __init__(self, llm: Any, identity: Mapping[str, Any], prompt_format: str) -> None:
        self._llm = llm
        self._identity = dict(identity)
        self.prompt_format = prompt_format

    def identity(self) -> Mapping[str, Any]:
        return self._identity

    async def ask(self, item: KeyedExample, messages: Sequence[Message]) -> Reply:
        prompt = format_conversation(messages, self.prompt_format)
        start = time.perf_counter()
        result = await self._llm.agenerate([prompt])
        latency = time.perf_counter() - start
        text = result.generations[0][0].text
        token_usage = (result.llm_output or {}).get("token_usage") or {}
        if token_usage.get("prompt_tokens") is not None:
            usage = Usage(
                int(token_usage.get("prompt_tokens", 0)),
                int(token_usage.get("completion_tokens", 0)),
            )
        else:
            usage = Usage(_estimate_tokens(prompt), _estimate_tokens(text), estimated=True)
        return Reply(text=text, usage=usage, latency_s=latency)


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
    completions: bool = False,
    prompt_format: str = "chatml",
    **extra: Any,
) -> ChatJudge | CompletionJudge:
    """Build an LLM judge.

    `spec` is `provider:model` (e.g. `openai:gpt-4o-mini`, `anthropic:claude-…`,
    `ollama:llama3.1`), or with `completions=True` a bare model name served on the completions
    endpoint of `base_url`. `base_url` defaults to `$OPENAI_BASE_URL` for OpenAI-compatible
    providers; a local server needs no real key, so a placeholder is used when none is set.
    Retries are left to ragjudge's runner (`max_retries=0` here) so that backoff and
    `Retry-After` are handled in one place.
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
    shown_url = safe_url(base_url)

    params: dict[str, Any] = {"temperature": temperature}
    if max_tokens:
        params["max_tokens"] = max_tokens
    if base_url:
        params["base_url"] = shown_url
    if completions:
        params["prompt_format"] = prompt_format
    elif json_mode and provider in _JSON_MODE_PROVIDERS:
        params["json_mode"] = True
    identity = {
        "kind": "completions" if completions else "llm",
        "provider": provider,
        "model": model,
        "params": params,
    }

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
            return CompletionJudge(llm, identity, prompt_format)
        from langchain.chat_models import init_chat_model

        chat = init_chat_model(model, model_provider=provider, **kwargs)
    except ImportError as exc:
        package = PROVIDER_PACKAGES.get(provider, f"langchain-{provider.replace('_', '-')}")
        raise JudgeError(
            f"the {provider!r} judge needs the package {package}: pip install {package}"
        ) from exc
    except ValueError as exc:
        raise JudgeError(f"cannot build judge {spec!r}: {redact(str(exc))}") from exc
    except Exception as exc:  # provider clients raise their own types for bad configuration
        raise JudgeError(f"cannot build judge {spec!r}: {redact(str(exc))}") from exc
    runnable = chat
    if params.get("json_mode"):
        runnable = chat.bind(response_format={"type": "json_object"})
    return ChatJudge(runnable, identity)
