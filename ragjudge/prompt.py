"""Stage 3: render the judge prompt for a keyed example.

The template is a package data file (`ragjudge/prompts/<name>-v<version>.json`) holding a system
and a human message, rendered with LangChain prompt templates. Completion-only models get the
same content in their chat format (Llama-2 `[INST] <<SYS>>`, ChatML `<|im_start|>`, or plain).
Hands on a `RenderedPrompt` that carries the template's name, version and hash.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ragjudge.errors import UsageError
from ragjudge.types import KeyedExample, Message, RenderedPrompt, Sentence

DEFAULT_TEMPLATE = "groundedness-v1"
PROMPT_FORMATS = ("chat", "llama2", "chatml", "plain")

_WHITESPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Template:
    name: str
    version: str
    system: str
    human: str
    hash: str


@cache
def load_template(name: str = DEFAULT_TEMPLATE) -> Template:
    """Load a prompt template shipped in `ragjudge/prompts/` by file stem, e.g.
    `groundedness-v1`."""
    files = resources.files("ragjudge") / "prompts"
    path = files / f"{name}.json"
    if not path.is_file():
        known = sorted(
            p.name.removesuffix(".json") for p in files.iterdir() if p.name.endswith(".json")
        )
        raise UsageError(f"unknown prompt template {name!r}; known: {', '.join(known)}")
    raw = path.read_bytes()
    data = json.loads(raw)
    return Template(
        name=data["name"],
        version=str(data["version"]),
        system=data["system"],
        human=data["human"],
        hash=hashlib.sha256(raw).hexdigest()[:16],
    )


def one_line(text: str) -> str:
    """Collapse all whitespace runs to one space, so data can never start a new prompt line
    (and so never forge a key or a closing delimiter)."""
    return _WHITESPACE.sub(" ", text).strip()


def format_documents(item: KeyedExample) -> str:
    blocks = []
    indexes = item.document_indexes or range(len(item.documents))
    for index, sentences in zip(indexes, item.documents, strict=True):
        docs = item.example.documents
        doc = docs[index] if index < len(docs) else None
        header = f"Document {index}"
        if doc is not None and doc.title:
            header += f" (title: {one_line(doc.title)})"
        lines = [header + ":"] + [f"{s.key}. {one_line(s.text)}" for s in sentences]
        if not sentences:
            lines.append("(this document has no text)")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def format_response(item: KeyedExample) -> str:
    return "\n".join(f"{s.key}. {one_line(s.text)}" for s in item.response)


def render(
    item: KeyedExample,
    *,
    template: str | Template = DEFAULT_TEMPLATE,
    prompt_format: str = "chat",
) -> RenderedPrompt:
    """Render the judge prompt for `item`.

    `prompt_format` is `chat` (messages for a chat model) or, for completion-only models,
    `llama2`, `chatml` or `plain`: then `RenderedPrompt.text` holds the single string.
    The question and every sentence appear unchanged except for whitespace, which is collapsed.
    """
    if prompt_format not in PROMPT_FORMATS:
        raise UsageError(
            f"unknown prompt format {prompt_format!r}; use one of {', '.join(PROMPT_FORMATS)}"
        )
    tpl = template if isinstance(template, Template) else load_template(template)
    rendered = _chat_template(tpl.system, tpl.human).format_messages(
        documents=format_documents(item),
        question=one_line(item.example.question) or "(no question given)",
        response=format_response(item),
    )
    roles = {"system": "system", "human": "user", "ai": "assistant"}
    messages = tuple(Message(roles[m.type], str(m.content)) for m in rendered)  # type: ignore[arg-type]
    text = None if prompt_format == "chat" else format_conversation(messages, prompt_format)
    return RenderedPrompt(
        messages=messages,
        template_name=tpl.name,
        template_version=tpl.version,
        template_hash=tpl.hash,
        prompt_hash=prompt_hash(messages, prompt_format),
        prompt_format=prompt_format,
        text=text,
    )


@cache
def _chat_template(system: str, human: str) -> Any:
    # parsing the template text is a third of a render: once per template, not per example
    from langchain_core.prompts import ChatPromptTemplate

    return ChatPromptTemplate.from_messages([("system", system), ("human", human)])


def prompt_hash(messages: Sequence[Message], prompt_format: str = "chat") -> str:
    payload = json.dumps(
        [prompt_format, [[m.role, m.content] for m in messages]], ensure_ascii=False
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def format_conversation(messages: Sequence[Message], prompt_format: str) -> str:
    """Lay out a conversation for a completion-only model, ending where the model must answer.

    - `llama2`: `<s>[INST] <<SYS>>\\n{system}\\n<</SYS>>\\n\\n{user} [/INST]`, earlier
      assistant turns closed with ` </s>` and each later user turn opened with `<s>[INST] `.
    - `chatml`: `<|im_start|>{role}\\n{content}<|im_end|>` per message, newline-separated,
      ending with an open `<|im_start|>assistant\\n`.
    - `plain`: the system text, then each turn under a `User:` / `Assistant:` heading.
    """
    if prompt_format == "chatml":
        parts = [f"<|im_start|>{m.role}\n{m.content}<|im_end|>" for m in messages]
        return "\n".join([*parts, "<|im_start|>assistant\n"])
    if prompt_format == "llama2":
        system = "\n".join(m.content for m in messages if m.role == "system")
        turns = [m for m in messages if m.role != "system"]
        out = []
        first = True
        for m in turns:
            if m.role == "user":
                content = m.content.strip()
                if first and system:
                    content = f"<<SYS>>\n{system}\n<</SYS>>\n\n{content}"
                out.append(f"<s>[INST] {content} [/INST]")
                first = False
            else:
                out.append(f" {m.content.strip()} </s>")
        return "".join(out)
    if prompt_format == "plain":
        out = []
        for m in messages:
            if m.role == "system":
                out.append(m.content)
            else:
                out.append(f"{'User' if m.role == 'user' else 'Assistant'}:\n{m.content}")
        return "\n\n".join([*out, "Assistant:\n"])
    raise UsageError(f"prompt format {prompt_format!r} has no single-string layout")


#: context windows of well-known model families, in tokens (prefix match on the model name)
_CONTEXT_TOKENS = {
    "gpt-4.1": 1_000_000,
    "gpt-4o": 128_000,
    "gpt-4-turbo": 128_000,
    "gpt-4": 8_192,
    "gpt-3.5-turbo": 16_385,
    "gpt-5": 272_000,
    "o1": 200_000,
    "o3": 200_000,
    "o4": 200_000,
    "claude": 200_000,
    "gemini": 1_000_000,
    "llama-2": 4_096,
    "llama2": 4_096,
    "llama-3": 8_192,
    "llama3": 8_192,
    "mistral": 32_000,
    "qwen": 32_000,
}
DEFAULT_CONTEXT_TOKENS = 32_000
_REPLY_RESERVE = 4_096


def default_prompt_budget(model: str | None) -> int:
    """Tokens a prompt may use for `model`: its known context window less room for the reply."""
    name = (model or "").lower().rsplit("/", 1)[-1]
    context = next(
        (tokens for prefix, tokens in _CONTEXT_TOKENS.items() if name.startswith(prefix)),
        DEFAULT_CONTEXT_TOKENS,
    )
    return max(1_000, context - _REPLY_RESERVE)


def estimate_tokens(text: str) -> int:
    # no offline tokenizer covers every model; four characters a token, on the safe side
    return len(text) // 4 + 1


def _prompt_tokens(item: KeyedExample, template: str | Template, prompt_format: str) -> int:
    rendered = render(item, template=template, prompt_format=prompt_format)
    return sum(estimate_tokens(m.content) for m in rendered.messages)


def plan_windows_for(
    item: KeyedExample,
    max_tokens: int,
    *,
    template: str | Template = DEFAULT_TEMPLATE,
    prompt_format: str = "chat",
) -> list[KeyedExample]:
    """Split an example whose prompt would exceed `max_tokens` into windows of its documents.

    Each window keeps the question, the whole response and the original document sentence
    keys, and shows as many document sentences, in order, as fit. A single sentence larger
    than the budget gets a window of its own: nothing is ever cut.
    """
    if _prompt_tokens(item, template, prompt_format) <= max_tokens:
        return [item]
    bare = KeyedExample(item.example, (), item.response, ())
    available = max(200, max_tokens - _prompt_tokens(bare, template, prompt_format))
    windows: list[KeyedExample] = []
    current: dict[int, list[Sentence]] = {}
    used = 0

    def close() -> None:
        nonlocal current, used
        if current:
            order = tuple(sorted(current))
            docs = tuple(tuple(current[i]) for i in order)
            windows.append(KeyedExample(item.example, docs, item.response, order))
        current, used = {}, 0

    indexes = item.document_indexes or range(len(item.documents))
    for doc_index, sentences in zip(indexes, item.documents, strict=True):
        for sentence in sentences:
            line = estimate_tokens(f"{sentence.key}. {one_line(sentence.text)}\n")
            header = 0 if doc_index in current else 10
            if current and used + line + header > available:
                close()
                header = 10
            current.setdefault(doc_index, []).append(sentence)
            used += line + header
    close()
    return windows or [item]
