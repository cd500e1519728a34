"""Ingest format `ragtruth`: RAGTruth rows with their hallucination span labels as gold.

Input: RAGTruth's ``response.jsonl`` together with ``source_info.jsonl`` (given in any order;
responses are joined to sources on `source_id`), or pre-joined JSON Lines whose records carry
`source_info` (or `reference`) next to `response` and `labels`.

Task types (`task_type`, inferred from the shape of `source_info` when absent):

- QA: `source_info` is ``{"question", "passages"}``; the question is the row's question and
  each ``passage N:`` of `passages` becomes one document titled ``passage N``.
- Summary: `source_info` is the text to summarise; one document.
- Data2txt: `source_info` is a JSON object (or a string holding one), rendered as readable
  ``key: value`` lines, nested objects indented, lists as ``- item`` lines; one document.

For Summary and Data2txt the question is the first line of the task's `prompt` (the
instruction), or a short default instruction when the prompt is absent.

The response text is kept verbatim so the label offsets stay valid. `labels` become
``label_unsupported_spans``: ``[{start, end, label_type, text}]`` (a span whose offsets do not
match its text is moved to where the text occurs, and counted in ``label_spans_relocated``);
``label_adherence`` is true when there is no labelled span. `model`, `temperature`, `split`,
`quality`, `task_type` and the source dataset (`ragtruth_source`) are metadata.
`unsupported_sentence_keys` turns the spans into gold unsupported sentence keys after splitting.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from ragjudge.ingest._common import (
    IngestError,
    document,
    iter_json_objects,
    read_text,
    row,
)
from ragjudge.types import Sentence

NAME = "ragtruth"
SUMMARY = "RAGTruth response.jsonl + source_info.jsonl (QA, Summary, Data2txt) with span labels"

_PASSAGE = re.compile(r"^\s*passage\s*(\d+)\s*:\s*", re.I | re.M)
_DEFAULT_QUESTION = {
    "Summary": "Summarize the following text.",
    "Data2txt": "Write an objective overview of the following structured data.",
}


def unsupported_sentence_keys(
    spans: Sequence[dict[str, Any]], sentences: Sequence[Sentence]
) -> list[str]:
    """Keys of the sentences that overlap a labelled span, in sentence order.

    A sentence ``[start, end)`` overlaps a span ``[start, end)`` when they share at least one
    character. Sentences without offsets (pre-split) cannot be placed and are never returned.
    """
    keys = []
    for s in sentences:
        if s.start is None or s.end is None:
            continue
        if any(int(sp["start"]) < s.end and s.start < int(sp["end"]) for sp in spans):
            keys.append(s.key)
    return keys


def render_data(value: Any, indent: int = 0) -> str:
    """Structured data as readable lines: ``key: value``, nested values indented."""
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, dict | list) and item:
                lines.append(f"{pad}{key}:")
                lines.append(render_data(item, indent + 1))
            else:
                lines.append(f"{pad}{key}: {_scalar(item)}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict | list) and item:
                body = render_data(item, indent + 1).lstrip()
                lines.append(f"{pad}- {body}")
            else:
                lines.append(f"{pad}- {_scalar(item)}")
    else:
        lines.append(f"{pad}{_scalar(value)}")
    return "\n".join(lines)


def _scalar(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict | list):
        return "none"
    return str(value)


def _task_type(record: dict[str, Any], info: Any) -> str:
    declared = record.get("task_type")
    if isinstance(declared, str) and declared:
        return declared
    if isinstance(info, dict):
        return "QA" if "passages" in info else "Data2txt"
    return "Summary"


def _documents(task: str, info: Any) -> tuple[str | None, list[dict[str, Any]]] | str:
    """(question from the source, documents) or an error message."""
    if task == "QA":
        if not isinstance(info, dict) or not isinstance(info.get("passages"), str):
            return "QA source_info must be an object with 'question' and 'passages' strings"
        passages = info["passages"]
        heads = list(_PASSAGE.finditer(passages))
        docs = []
        if not heads:
            docs = [document(None, passages.strip())]
        for h, nxt in zip(heads, [*heads[1:], None], strict=False):
            body = passages[h.end() : nxt.start() if nxt else len(passages)].strip()
            if body:
                docs.append(document(f"passage {h.group(1)}", body))
        return str(info.get("question") or ""), docs
    if task == "Data2txt":
        data = info
        if isinstance(info, str):
            try:
                data = json.loads(info)
            except ValueError:
                data = info
        return None, [document(None, render_data(data) if not isinstance(data, str) else data)]
    if not isinstance(info, str):
        return f"{task} source_info must be a string, got {type(info).__name__}"
    return None, [document(None, info.strip())]


def _instruction(prompt: Any, task: str) -> str:
    if isinstance(prompt, str):
        lines = [ln.strip() for ln in prompt.strip().split("\n") if ln.strip()]
        if lines and lines[0].rstrip(":").lower() == "instruction" and len(lines) > 1:
            return lines[1].rstrip(":：")
        if lines:
            return lines[0].rstrip(":：")
    return _DEFAULT_QUESTION.get(task, "")


def _spans(labels: Any, response: str) -> tuple[list[dict[str, Any]], int] | str:
    if labels is None:
        return [], 0
    if not isinstance(labels, list):
        return f"'labels' must be a list of spans, got {type(labels).__name__}"
    spans, moved = [], 0
    for i, lab in enumerate(labels):
        if not isinstance(lab, dict) or "start" not in lab or "end" not in lab:
            return f"labels[{i}] must be an object with 'start' and 'end'"
        start, end = int(lab["start"]), int(lab["end"])
        text = lab.get("text")
        if isinstance(text, str) and text and response[start:end] != text:
            found = response.find(text)
            if found >= 0:
                start, end, moved = found, found + len(text), moved + 1
        if not 0 <= start <= end <= len(response):
            return f"labels[{i}] span [{start}, {end}) lies outside the response"
        spans.append(
            {
                "start": start,
                "end": end,
                "label_type": lab.get("label_type"),
                "text": response[start:end],
            }
        )
    return spans, moved


def _to_row(
    path: str, line: int, record: dict[str, Any], source: dict[str, Any]
) -> dict[str, Any] | IngestError:
    response = record.get("response")
    if not isinstance(response, str) or not response.strip():
        return IngestError(path, line, "expected a non-empty 'response' string")
    info = source.get("source_info", source.get("reference"))
    if info is None:
        return IngestError(path, line, "no 'source_info' (or 'reference') for this response")
    task = _task_type(source, info)
    got = _documents(task, info)
    if isinstance(got, str):
        return IngestError(path, line, got)
    question, docs = got
    if not docs or not any(d["text"].strip() for d in docs):
        return IngestError(path, line, "source_info holds no text")
    spans = _spans(record.get("labels"), response)
    if isinstance(spans, str):
        return IngestError(path, line, spans)
    labelled, moved = spans
    rid = record.get("id")
    return row(
        id=str(rid) if rid is not None else f"{source.get('source_id')}#L{line}",
        question=question if question is not None else _instruction(source.get("prompt"), task),
        documents=docs,
        response=response,
        source_file=path,
        line=line,
        fmt=NAME,
        trace_id=None if rid is None else str(rid),
        source_id=None if source.get("source_id") is None else str(source["source_id"]),
        task_type=task,
        ragtruth_source=source.get("source"),
        model=record.get("model"),
        temperature=record.get("temperature"),
        split=record.get("split"),
        quality=record.get("quality"),
        label_unsupported_spans=labelled,
        label_adherence=not labelled,
        label_spans_relocated=moved,
    )


def parse_files(paths: Sequence[str]) -> Iterator[dict[str, Any] | IngestError]:
    """Rows of all `paths`: source files are read first, so the order of paths is free."""
    sources: dict[str, dict[str, Any]] = {}
    responses: list[tuple[str, int, dict[str, Any]]] = []
    for path in paths:
        text = read_text(path)
        if isinstance(text, IngestError):
            yield text
            continue
        for item in iter_json_objects(path, text):
            if isinstance(item, IngestError):
                yield item
                continue
            line, record = item
            has_info = "source_info" in record or "reference" in record
            if "response" in record:
                responses.append((path, line, record))
            elif has_info and record.get("source_id") is not None:
                sources[str(record["source_id"])] = record
            else:
                yield IngestError(
                    path,
                    line,
                    "neither a response row ('response', 'source_id', 'labels') nor a source "
                    "row ('source_id', 'task_type', 'source_info')",
                )
    for path, line, record in responses:
        if "source_info" in record or "reference" in record:
            yield _to_row(path, line, record, record)
            continue
        sid = record.get("source_id")
        source = sources.get(str(sid)) if sid is not None else None
        if source is None:
            yield IngestError(
                path,
                line,
                f"source_id {sid!r} not found: give the source_info.jsonl file too "
                "(or rows with a 'source_info' field)",
            )
            continue
        yield _to_row(path, line, record, source)


def parse_file(path: str) -> Iterator[dict[str, Any] | IngestError]:
    yield from parse_files([path])
