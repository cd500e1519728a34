"""Stage 3: render the judge prompt for a keyed example.

The template (`ragjudge.templates`: a packaged file or a user's own) holds the messages,
rendered with LangChain prompt templates. Completion-only models get the same content in their
chat format (Llama-2 `[INST] <<SYS>>`, ChatML `<|im_start|>`, or plain). An example too long
for the judge's budget is split into document windows here (`plan_windows_for`). Hands on a
`RenderedPrompt` that carries the template's name, version and hash.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from ragjudge.errors import UsageError
from ragjudge.templates import DEFAULT_TEMPLATE, Template, load_template
from ragjudge.tokens import TokenCounter, default_prompt_budget, estimate_tokens
from ragjudge.types import KeyedExample, Message, RenderedPrompt, Sentence

PROMPT_FORMATS = ("chat", "llama2", "chatml", "plain")

_WHITESPACE = re.compile(r"\s+")
_ESTIMATE = TokenCounter()


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


def format_history(item: KeyedExample) -> str:
    """The conversation before the question, turn by turn, each sentence on its own keyed line
    (`h0a. …`), laid out like the documents."""
    blocks = []
    turns = item.example.history
    for index, sentences in enumerate(item.history):
        role = turns[index].role if index < len(turns) else "user"
        lines = [f"Turn {index} ({one_line(role)}):"]
        lines += [f"{s.key}. {one_line(s.text)}" for s in sentences]
        if not sentences:
            lines.append("(nothing was said)")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def render(
    item: KeyedExample,
    *,
    template: str | Template = DEFAULT_TEMPLATE,
    prompt_format: str = "chat",
) -> RenderedPrompt:
    """Render the judge prompt for `item`.

    `template` is a packaged template's name, a template file's path, or a `Template`.
    `prompt_format` is `chat` (messages for a chat model) or, for completion-only models,
    `llama2`, `chatml` or `plain`: then `RenderedPrompt.text` holds the single string.
    The question and every sentence appear unchanged except for whitespace, which is collapsed.
    An example's conversation history is shown only by a template with a `{history}` slot.
    """
    if prompt_format not in PROMPT_FORMATS:
        raise UsageError(
            f"unknown prompt format {prompt_format!r}; use one of {', '.join(PROMPT_FORMATS)}"
        )
    tpl = template if isinstance(template, Template) else load_template(template)
    history = ""
    if item.history and tpl.history_block is not None:
        # str.format reads the block's f-string syntax as LangChain does; data goes in verbatim
        history = tpl.history_block.format(turns=format_history(item))
    chat = _chat_template(tpl.messages)
    values = {
        "documents": format_documents(item),
        "question": one_line(item.example.question) or "(no question given)",
        "response": format_response(item),
        "history": history,
    }
    rendered = chat.format_messages(**{k: v for k, v in values.items() if k in tpl.variables})
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
def _chat_template(messages: tuple[tuple[str, str], ...]) -> Any:
    # parsing the template text is a third of a render: once per template, not per example
    from langchain_core.prompts import ChatPromptTemplate

    return ChatPromptTemplate.from_messages(list(messages))


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


def _prompt_tokens(
    item: KeyedExample,
    template: str | Template,
    prompt_format: str,
    counter: TokenCounter,
    rendered: RenderedPrompt | None = None,
) -> int:
    rendered = rendered or render(item, template=template, prompt_format=prompt_format)
    if rendered.text is not None:
        return counter.text(rendered.text).tokens
    return counter.messages(rendered.messages).tokens


def plan_windows_for(
    item: KeyedExample,
    max_tokens: int,
    *,
    template: str | Template = DEFAULT_TEMPLATE,
    prompt_format: str = "chat",
    counter: TokenCounter | None = None,
    rendered: RenderedPrompt | None = None,
) -> list[KeyedExample]:
    """Split an example whose prompt would exceed `max_tokens` into windows of its documents.

    Each window keeps the question, the conversation history, the whole response and the
    original document sentence keys, and shows as many document sentences, in order, as fit.
    A single sentence larger than the budget gets a window of its own: nothing is ever cut.
    Tokens are counted by `counter` (the judge model's own tokenizer when it has one), else
    estimated. `rendered`, when given, is `item`'s prompt already rendered with the same
    template and format; it is not rendered again. When the example fits, the result is
    `[item]` itself.
    """
    tpl = template if isinstance(template, Template) else load_template(template)
    whole = rendered or render(item, template=tpl, prompt_format=prompt_format)
    # a prompt far inside the budget by the estimate fits whatever the tokenizer: the model's
    # own counter (a remote call for some providers) is kept for prompts near the limit
    if _prompt_tokens(item, tpl, prompt_format, _ESTIMATE, whole) <= max_tokens // 2:
        return [item]
    counter = counter or _ESTIMATE
    if _prompt_tokens(item, tpl, prompt_format, counter, whole) <= max_tokens:
        return [item]
    bare = replace(item, documents=(), document_indexes=())
    available = max(200, max_tokens - _prompt_tokens(bare, tpl, prompt_format, counter))
    windows: list[KeyedExample] = []
    current: dict[int, list[Sentence]] = {}
    used = 0

    def close() -> None:
        nonlocal current, used
        if current:
            order = tuple(sorted(current))
            docs = tuple(tuple(current[i]) for i in order)
            windows.append(replace(item, documents=docs, document_indexes=order))
        current, used = {}, 0

    indexes = item.document_indexes or range(len(item.documents))
    for doc_index, sentences in zip(indexes, item.documents, strict=True):
        for sentence in sentences:
            line = counter.text(f"{sentence.key}. {one_line(sentence.text)}\n").tokens
            header = 0 if doc_index in current else 10
            if current and used + line + header > available:
                close()
                header = 10
            current.setdefault(doc_index, []).append(sentence)
            used += line + header
    close()
    return windows or [item]


__all__ = [
    "DEFAULT_TEMPLATE",
    "PROMPT_FORMATS",
    "Template",
    "default_prompt_budget",
    "estimate_tokens",
    "format_conversation",
    "format_documents",
    "format_history",
    "format_response",
    "load_template",
    "one_line",
    "plan_windows_for",
    "prompt_hash",
    "render",
]
