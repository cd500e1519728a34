"""Shared reading of traced RAG runs: the span tree every trace source (MLflow, OTLP /
OpenInference, LangSmith, Langfuse) is turned into, and the one rule that makes rows of it.

A source module builds `Span`s — kind, decoded inputs and outputs, retrieved documents — and
hands each trace's spans to `trace_rows`, which returns the rows (one per trace, or one per
answering span when the trace holds several turns) and the `IngestError`s that name the trace.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ragjudge.ingest._common import IngestError, document, row

#: span kinds as OpenInference names them; every source maps its own onto these
RETRIEVER, LLM, CHAIN, AGENT, TOOL = "RETRIEVER", "LLM", "CHAIN", "AGENT", "TOOL"
_LLM_KINDS = frozenset({LLM, "CHAT_MODEL", "CHAT", "GENERATION"})

#: keys a question hides under in a span's inputs, in the order they are tried
_QUESTION_KEYS = (
    "question",
    "query",
    "user_input",
    "input",
    "prompt",
    "q",
    "user_query",
    "user_question",
    "text",
    "message",
    "content",
    "messages",
    "inputs",
    "request",
)
#: keys an answer hides under in a span's outputs, in the order they are tried
_ANSWER_KEYS = (
    "answer",
    "output",
    "response",
    "result",
    "final_answer",
    "output_text",
    "generated_text",
    "completion",
    "text",
    "content",
    "message",
    "messages",
    "choices",
    "generations",
    "outputs",
)
_DOC_TEXT_KEYS = ("page_content", "content", "text", "chunk", "document")
_DOC_TITLE_KEYS = ("title", "name", "file_name", "filename", "source", "doc_uri", "url", "uri")
_DOC_URL_KEYS = ("doc_uri", "url", "uri", "source", "link", "file_path", "path")
_USER_ROLES = frozenset({"user", "human"})
_ASSISTANT_ROLES = frozenset({"assistant", "ai", "model", "bot"})


@dataclass
class Span:
    """One span (MLflow span, OTel span, LangSmith run, Langfuse observation), decoded."""

    trace_id: str
    span_id: str
    parent_id: str | None
    name: str
    kind: str
    inputs: Any = None
    outputs: Any = None
    #: documents the span retrieved, when the source records them apart from its outputs
    documents: list[dict[str, Any]] | None = None
    #: start time (any comparable value); spans are ordered by it, then by position
    start: Any = None
    error: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


# --- decoding values ---------------------------------------------------------------------


def decode(value: Any) -> Any:
    """A value with JSON text decoded (span attributes often carry JSON as a string)."""
    if isinstance(value, str):
        stripped = value.strip()
        if stripped[:1] in ("{", "[") and stripped[-1:] in ("}", "]"):
            try:
                return json.loads(stripped)
            except ValueError:
                return value
    return value


def _content_text(content: Any) -> str | None:
    """Text of a message's content: a string, or a list of parts (``{"type": "text", …}``)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = [t for t in (_part_text(p) for p in content) if t]
        return "\n".join(texts) if texts else None
    if isinstance(content, Mapping):
        return _part_text(content)
    return None


def _part_text(part: Any) -> str | None:
    if isinstance(part, str):
        return part
    if not isinstance(part, Mapping):
        return None
    kind = str(part.get("type", "text"))
    if kind not in ("text", "output_text", "input_text"):
        return None
    for key in ("text", "content"):
        if isinstance(part.get(key), str):
            return str(part[key])
    return None


def _message(value: Any) -> tuple[str | None, str | None] | None:
    """(role, text) of a chat message in any common spelling, or None when it is not one."""
    if not isinstance(value, Mapping):
        return None
    if value.get("lc") == 1 and isinstance(value.get("kwargs"), Mapping):
        # a LangChain message serialised by its own dumpd(): the class name says the role
        ids = value.get("id") or []
        cls = str(ids[-1]) if isinstance(ids, list) and ids else ""
        role = {"AIMessage": "assistant", "HumanMessage": "user"}.get(cls.split("Chunk")[0])
        return role, _content_text(value["kwargs"].get("content"))
    role = value.get("role", value.get("type"))
    if "parts" in value and role is not None:  # OTel GenAI messages
        return str(role), _content_text(value["parts"])
    if "content" in value and (role is not None or len(value) <= 3):
        return (None if role is None else str(role)), _content_text(value["content"])
    return None


def _messages_text(messages: Any, roles: frozenset[str]) -> str | None:
    """Text of the last message of `roles` in a list of messages."""
    if not isinstance(messages, list):
        return None
    for item in reversed(messages):
        # LangChain batches chat inputs as [[message, …]]
        if isinstance(item, list):
            found = _messages_text(item, roles)
            if found:
                return found
            continue
        msg = _message(item)
        if msg and msg[0] is not None and msg[0].lower() in roles and msg[1]:
            return msg[1]
    return None


def question_text(value: Any, depth: int = 0) -> str | None:
    """The user's question in a span's inputs (a string, a dict of arguments, chat messages)."""
    value = decode(value)
    if depth > 4 or value is None:
        return None
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, list):
        found = _messages_text(value, _USER_ROLES)
        if found:
            return found
        strings = [v for v in value if isinstance(v, str) and v.strip()]
        return strings[-1] if len(strings) == 1 else None
    if not isinstance(value, Mapping):
        return None
    msg = _message(value)
    if msg and msg[1] and (msg[0] is None or msg[0].lower() in _USER_ROLES):
        return msg[1]
    for key in _QUESTION_KEYS:
        if key in value:
            found = question_text(value[key], depth + 1)
            if found:
                return found
    strings = [v for v in value.values() if isinstance(v, str) and v.strip()]
    return strings[0] if len(strings) == 1 else None


def answer_text(value: Any, depth: int = 0) -> str | None:
    """The answer in a span's outputs (a string, a dict, a chat completion, messages)."""
    value = decode(value)
    if depth > 5 or value is None:
        return None
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, list):
        found = _messages_text(value, _ASSISTANT_ROLES)
        if found:
            return found
        for item in value:  # completions' choices, generations, Responses API output items
            found = answer_text(item, depth + 1)
            if found:
                return found
        return None
    if not isinstance(value, Mapping):
        return None
    msg = _message(value)
    if msg and msg[1] and (msg[0] is None or msg[0].lower() not in _USER_ROLES):
        return msg[1]
    for key in _ANSWER_KEYS:
        if key in value:
            found = answer_text(value[key], depth + 1)
            if found:
                return found
    strings = [v for v in value.values() if isinstance(v, str) and v.strip()]
    return strings[0] if len(strings) == 1 else None


# --- documents ---------------------------------------------------------------------------


def as_document(item: Any) -> dict[str, Any] | None:
    """A retrieved document (LangChain / MLflow ``Document``, OpenInference or GenAI document
    object, or plain text) as the loader's document dict; None when `item` is none of them."""
    item = decode(item)
    if isinstance(item, str):
        return document(None, item) if item.strip() else None
    if not isinstance(item, Mapping):
        return None
    if isinstance(item.get("document"), Mapping):  # OpenInference nests it one level down
        item = item["document"]
    text = next((item[k] for k in _DOC_TEXT_KEYS if isinstance(item.get(k), str)), None)
    if text is None:
        return None
    meta = decode(item.get("metadata"))
    meta = dict(meta) if isinstance(meta, Mapping) else {}
    title = next((str(meta[k]) for k in _DOC_TITLE_KEYS if meta.get(k) not in (None, "")), None)
    url = next((str(meta[k]) for k in _DOC_URL_KEYS if meta.get(k) not in (None, "")), None)
    doc_id = item.get("id", meta.get("id", meta.get("doc_id")))
    return document(
        title if title is not None else (None if doc_id is None else str(doc_id)),
        text,
        url,
        doc_id=None if doc_id is None else str(doc_id),
        score=item.get("score", meta.get("score")),
    )


def documents_in(value: Any) -> list[dict[str, Any]] | None:
    """Documents when `value` is a list of them (or ``{"documents": [...]}``), else None."""
    value = decode(value)
    if isinstance(value, Mapping):
        for key in ("documents", "docs", "results", "output", "context", "contexts"):
            if isinstance(value.get(key), list):
                return documents_in(value[key])
        return None
    if not isinstance(value, list) or not value:
        return None
    docs = [as_document(v) for v in value if not isinstance(v, str)]
    if not docs or any(d is None for d in docs):
        return None  # a list of strings or of other objects is not a retrieval result
    return [d for d in docs if d is not None]


# --- traces to rows ----------------------------------------------------------------------


def is_retriever(span: Span) -> bool:
    """A span that retrieved documents: of kind RETRIEVER, or any non-LLM span whose output is
    a list of documents (a search tool, a retriever logged as a plain span)."""
    if span.kind == RETRIEVER:
        return True
    if span.kind in _LLM_KINDS:
        return False
    return bool(span.documents) or documents_in(span.outputs) is not None


def is_llm(span: Span) -> bool:
    return span.kind in _LLM_KINDS


def _span_documents(span: Span) -> list[dict[str, Any]]:
    if span.documents is not None:
        return span.documents
    return documents_in(span.outputs) or []


@dataclass
class _Tree:
    spans: list[Span]
    children: dict[str | None, list[Span]]

    def subtree(self, top: Span) -> Iterator[Span]:
        stack = [top]
        while stack:
            span = stack.pop()
            yield span
            stack.extend(reversed(self.children.get(span.span_id, [])))


def _tree(spans: Sequence[Span]) -> _Tree:
    ids = {s.span_id for s in spans}
    ordered = sorted(
        enumerate(spans), key=lambda p: (p[1].start is None, _sort_key(p[1].start), p[0])
    )
    children: dict[str | None, list[Span]] = {}
    for _, s in ordered:
        parent = s.parent_id if s.parent_id in ids and s.parent_id != s.span_id else None
        children.setdefault(parent, []).append(s)
    return _Tree([s for _, s in ordered], children)


def _sort_key(value: Any) -> str:
    # start times come as ints (ns), ISO strings or datetimes; one spelling orders them all
    if isinstance(value, int | float):
        return f"{value:030.6f}"
    return str(value)


def trace_rows(
    spans: Sequence[Span],
    *,
    fmt: str,
    source_file: str,
    line: int | None,
    trace_metadata: Mapping[str, Any] | None = None,
) -> list[dict[str, Any] | IngestError]:
    """The rows of one trace (see docs/ingest.md, "Traces"): one per trace, or one per
    answering span when two or more top-level spans each hold a retriever and a model call.

    The question comes from the answering span's inputs (else the first model call's last
    user message, else the first retriever's query); the response from its outputs (else the
    last model call's output); the documents from
    every retriever span under it, in order (a text an earlier retriever span returned is
    not repeated). A trace without a retriever, a
    question, an answer or documents is one `IngestError` naming the trace.
    """
    if not spans:
        return []
    trace_id = spans[0].trace_id
    tree = _tree(spans)
    roots = tree.children.get(None, [])
    if not any(is_retriever(s) for s in tree.spans):
        return [
            IngestError(
                source_file,
                line,
                f"trace {trace_id}: no retriever span (a RETRIEVER span, retrieval.documents, "
                "or a span whose output is a list of documents): nothing to judge the answer "
                "against",
            )
        ]
    root = roots[0] if len(roots) == 1 else None
    candidates = tree.children.get(root.span_id, []) if root is not None else roots
    turns = [c for c in candidates if _answers(c, tree)]
    meta = dict(trace_metadata or {})
    if len(turns) >= 2:
        out: list[dict[str, Any] | IngestError] = []
        for number, turn in enumerate(turns, 1):
            out.append(
                _unit_row(
                    turn,
                    list(tree.subtree(turn)),
                    fmt=fmt,
                    source_file=source_file,
                    line=line,
                    meta={**meta, "turn": number, "n_turns": len(turns)},
                    row_id=f"{trace_id}/{turn.span_id}",
                )
            )
        return out
    unit = root if root is not None else roots[0]
    return [
        _unit_row(
            unit,
            tree.spans,
            fmt=fmt,
            source_file=source_file,
            line=line,
            meta=meta,
            row_id=trace_id,
        )
    ]


def _answers(span: Span, tree: _Tree) -> bool:
    """A span that is one turn: it holds a retriever and a model call, and is neither."""
    if is_retriever(span) or is_llm(span):
        return False
    below = list(tree.subtree(span))
    return any(is_retriever(s) for s in below) and any(is_llm(s) for s in below)


def _unit_row(
    unit: Span,
    spans: list[Span],
    *,
    fmt: str,
    source_file: str,
    line: int | None,
    meta: dict[str, Any],
    row_id: str,
) -> dict[str, Any] | IngestError:
    trace_id = unit.trace_id
    where = line
    retrievers = [s for s in spans if is_retriever(s)]
    llms = [s for s in spans if is_llm(s)]
    question = question_text(unit.inputs)
    if question is None:
        question = next((q for q in (question_text(s.inputs) for s in llms) if q), None)
    if question is None:
        question = next((q for q in (question_text(s.inputs) for s in retrievers) if q), None)
    if question is None:
        return IngestError(
            source_file,
            where,
            f"trace {trace_id}: no question: span {unit.name!r} ({unit.span_id}) has no input "
            "text, and no model call or retriever span has one either",
        )
    response = answer_text(unit.outputs)
    if response is None:
        response = next((a for a in (answer_text(s.outputs) for s in reversed(llms)) if a), None)
    if response is None:
        reason = f" (the span failed: {unit.error})" if unit.error else ""
        return IngestError(
            source_file,
            where,
            f"trace {trace_id}: no answer: span {unit.name!r} ({unit.span_id}) has no output "
            f"text and no model call under it answered{reason}; partial traces are not ingested",
        )
    docs: list[dict[str, Any]] = []
    earlier: set[str] = set()
    for span in retrievers:
        mine = [d for d in _span_documents(span) if d["text"].strip()]
        # a text another retriever span already returned adds nothing (a chain that wraps
        # its retriever repeats its documents); one span's own repeats are what it returned
        docs.extend({**d, "span_id": span.span_id} for d in mine if d["text"] not in earlier)
        earlier.update(d["text"] for d in mine)
    if not docs:
        return IngestError(
            source_file,
            where,
            f"trace {trace_id}: the retriever span(s) "
            f"{', '.join(repr(s.name) for s in retrievers)} returned no documents",
        )
    span_meta: dict[str, Any] = {}
    for span in spans:  # session / user ids sit on whichever span set them
        for key, value in span.metadata.items():
            span_meta.setdefault(key, value)
    meta = {**span_meta, **meta}
    return row(
        id=row_id,
        question=question,
        documents=docs,
        response=response,
        source_file=source_file,
        line=line,
        fmt=fmt,
        trace_id=trace_id,
        span_id=unit.span_id,
        span_name=unit.name,
        retriever_span_ids=[s.span_id for s in retrievers],
        **{k: v for k, v in meta.items() if v is not None},
    )


#: one trace read from files: its id, the line of its first span, its spans, the file that held
#: its first span
FileTrace = tuple[str, int | None, list[Span], str]


def traces_in_files(
    paths: Sequence[str], spans_of: Callable[[str], Iterable[tuple[int | None, Span] | IngestError]]
) -> Iterator[FileTrace | IngestError]:
    """Every span `spans_of` reads from `paths`, grouped by trace (a trace's spans may be spread
    over several lines and files): the errors as they come, then each trace."""
    spans: list[tuple[int | None, Span]] = []
    files: dict[str, str] = {}
    for path in paths:
        for item in spans_of(path):
            if isinstance(item, IngestError):
                yield item
            else:
                spans.append(item)
                files.setdefault(item[1].trace_id, path)
    for trace_id, (line, trace) in group_by_trace(spans).items():
        yield trace_id, line, trace, files[trace_id]


def group_by_trace(
    spans: Iterable[tuple[int | None, Span]],
) -> dict[str, tuple[int | None, list[Span]]]:
    """Spans grouped by trace id with the line of each trace's first span; traces keep the
    order in which they first appear."""
    traces: dict[str, tuple[int | None, list[Span]]] = {}
    for line, span in spans:
        traces.setdefault(span.trace_id, (line, []))[1].append(span)
    return traces
