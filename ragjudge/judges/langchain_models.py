"""What ragjudge reads off a LangChain model object for its LLM judges: the judge identity
(from the model's own identifying parameters and class), the answer modes the model offers
(structured output, JSON mode, text), the run configuration that names judge calls in
LangChain tracing, and the conversion of messages.

Nothing here imports LangChain at module level: `ragjudge.judges.llm` builds judges from these
pieces only when an LLM judge is asked for.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ragjudge.limits import status_code
from ragjudge.redact import redact, safe_url
from ragjudge.tokens import context_overflow
from ragjudge.types import KeyedExample, Message

#: how a judge may ask for its answer, strictest first
OUTPUT_MODES = ("json_schema", "json_mode", "text")
#: providers (LangChain's `ls_provider` or `provider:` of a spec) that take OpenAI's JSON mode
JSON_MODE_PROVIDERS = frozenset(
    {"openai", "azure", "azure_openai", "fireworks", "together", "groq", "deepseek", "xai"}
)
#: the run name judge calls carry in LangChain callbacks and tracing (LangSmith, Langfuse, …)
RUN_NAME = "ragjudge-judge"

# parameter names that may hold a credential; never part of an identity
_SECRET = re.compile(r"key|secret|password|passwd|credential|auth|cookie|header|token$", re.I)
_BASE_URL_FIELDS = ("openai_api_base", "base_url", "api_base", "endpoint_url", "anthropic_api_url")


def to_langchain(messages: Sequence[Message]) -> list[Any]:
    """ragjudge messages as LangChain message objects."""
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

    kinds = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
    return [kinds[m.role](content=m.content) for m in messages]


def content_text(content: Any) -> str:
    """The text of a LangChain message's content (a string or a list of content blocks)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            part if isinstance(part, str) else str(part.get("text", ""))
            for part in content
            if isinstance(part, str | dict)
        )
    return str(content)


# --- identity --------------------------------------------------------------------------------


def _json_value(value: Any) -> Any:
    """A JSON-safe copy of a parameter value, or None when it is not plain data."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, list | tuple):
        items = [_json_value(v) for v in value]
        return items if all(i is not None for i in items) else None
    if isinstance(value, Mapping):
        out = {str(k): _json_value(v) for k, v in value.items() if not _SECRET.search(str(k))}
        return {k: v for k, v in out.items() if v is not None}
    return None  # clients, secrets (SecretStr), callables: not what makes a judgment differ


def _call(model: Any, name: str) -> dict[str, Any]:
    try:
        found = getattr(model, name)
        value = found() if callable(found) else found
    except Exception:  # a provider's own accessor failing leaves that part of the identity out
        return {}
    return dict(value) if isinstance(value, Mapping) else {}


def model_base_url(model: Any) -> str | None:
    """The endpoint a LangChain model object talks to, credentials removed."""
    for name in _BASE_URL_FIELDS:
        value = getattr(model, name, None)
        if isinstance(value, str) and value:
            return safe_url(value)
    return None


def model_identity(
    model: Any, *, kind: str, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The judge identity of a LangChain model object: provider and model name from its
    LangSmith parameters (`ls_provider`, `ls_model_name`), and as `params` its class and its own
    identifying parameters (temperature, max_tokens, …), never its credentials."""
    ls = _call(model, "_get_ls_params")
    own = _call(model, "_identifying_params")
    try:
        llm_type = model._llm_type
    except Exception:  # not every object that talks like a model has one
        llm_type = None
    provider = ls.get("ls_provider") or (llm_type if isinstance(llm_type, str) else None)
    name = (
        ls.get("ls_model_name")
        or own.get("model_name")
        or own.get("model")
        or own.get("model_id")
        or getattr(model, "model_name", None)
        or getattr(model, "model", None)
    )
    cls = type(model)
    params: dict[str, Any] = {"class": f"{cls.__module__}.{cls.__qualname__}"}
    for key, value in sorted(own.items()):
        if key in ("model", "model_name", "model_id") or _SECRET.search(key):
            continue
        safe = _json_value(value)
        if safe is not None:
            params[key] = safe
    for key in ("temperature", "max_tokens"):
        value = ls.get(f"ls_{key}")
        if key not in params and isinstance(value, int | float) and not isinstance(value, bool):
            params[key] = value
    url = model_base_url(model)
    if url:
        params["base_url"] = url
    params.update(extra or {})
    return {
        "kind": kind,
        "provider": str(provider) if provider else None,
        "model": str(name) if name else None,
        "params": params,
    }


# --- answer modes ------------------------------------------------------------------------------


def profile_of(model: Any) -> Mapping[str, Any]:
    try:
        profile = getattr(model, "profile", None)
    except Exception:  # as in tokens.profile_window: no profile known
        return {}
    return profile if isinstance(profile, Mapping) else {}


def answer_modes(model: Any, provider: str | None, requested: str) -> list[str]:
    """The modes to try, in order, for `requested` (`auto` or one of `OUTPUT_MODES`).

    `auto`: structured output (`json_schema`) when the model's LangChain profile says it has
    it, then JSON mode for providers that take OpenAI's `response_format`, then plain text;
    ragjudge's parser and repair loop read every mode's raw reply, so a mode refused by the
    server only moves the judge to the next one. A mode asked for by name is used alone.
    """
    if requested != "auto":
        if requested not in OUTPUT_MODES:
            from ragjudge.errors import UsageError

            raise UsageError(
                f"unknown output mode {requested!r}; use auto, {', '.join(OUTPUT_MODES)}"
            )
        return [requested]
    modes = []
    if profile_of(model).get("structured_output") is True:
        modes.append("json_schema")
    if (provider or "") in JSON_MODE_PROVIDERS:
        modes.append("json_mode")
    modes.append("text")
    return modes


_REFUSAL = re.compile(r"response_format|json_schema|json_object|structured output|schema", re.I)


def mode_refused(exc: BaseException, mode: str) -> bool:
    """Whether an error says the server does not take `mode` (rather than failing the call):
    a 4xx or 5xx whose message is about the response format, or the client refusing to build
    it. A prompt that is too long is never a refusal of the mode."""
    if mode == "text" or context_overflow(exc) is not None:
        return False
    if isinstance(exc, NotImplementedError):
        return True
    code = status_code(exc)
    return (
        code is not None
        and code in (400, 404, 415, 422, 500, 501)
        and bool(_REFUSAL.search(str(exc)))
    )


_UNSUPPORTED = frozenset({"minLength", "$id", "$schema"})


@cache
def structured_schema() -> dict[str, Any]:
    """The judgment schema as OpenAI's strict structured output takes it: every property
    required, no others allowed, no keywords it does not support. The fields only some judges
    give (`probability`, `support_score`) are left out; the full schema still validates the
    answer."""
    from ragjudge.validate import judgment_schema

    def strict(node: Any) -> Any:
        if isinstance(node, dict):
            node = {
                k: strict(v) for k, v in node.items() if k not in ("minLength", "$id", "$schema")
            }
            if node.get("type") == "object" and "properties" in node:
                required = node.get("required", [])
                node["properties"] = {k: v for k, v in node["properties"].items() if k in required}
                node["required"] = list(node["properties"])
                node["additionalProperties"] = False
            return node
        if isinstance(node, list):
            return [strict(v) for v in node]
        return node

    schema = strict(copy.deepcopy(judgment_schema()))
    schema.pop("title", None)
    description = schema.pop("description", "")
    return {"name": "judgment", "description": description, "schema": schema, "strict": True}


# --- tracing ---------------------------------------------------------------------------------


def run_config(item: KeyedExample, identity: Mapping[str, Any]) -> dict[str, Any]:
    """The LangChain run configuration of one judge call: a run name, tags and the example's
    id, so judge calls are easy to find among traced runs (LangSmith, Langfuse, …)."""
    metadata: dict[str, Any] = {"ragjudge_example_id": item.id}
    source = item.example.source
    if source is not None:
        metadata["ragjudge_source"] = f"{source.file}:{source.row}"
    if item.document_indexes is not None:
        keys = item.document_keys
        metadata["ragjudge_window"] = f"{keys[0]}-{keys[-1]}" if keys else ""
    tags = ["ragjudge", f"ragjudge:{identity.get('kind', 'llm')}"]
    return {"run_name": RUN_NAME, "tags": tags, "metadata": metadata}


__all__ = [
    "JSON_MODE_PROVIDERS",
    "OUTPUT_MODES",
    "RUN_NAME",
    "answer_modes",
    "content_text",
    "mode_refused",
    "model_base_url",
    "model_identity",
    "profile_of",
    "run_config",
    "structured_schema",
    "to_langchain",
]
