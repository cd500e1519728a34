"""Shared helpers of the ingest formats: the error type, file reading with line numbers, JSON
records that remember where they start, and the row shape every format hands on."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class IngestError:
    """A log (or part of one) that could not become a row: which file, which 1-based line
    (None when it concerns the whole file) and what was expected there."""

    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.message}"


#: Row fields every format fills; extra fields of a source record never overwrite them.
RESERVED = frozenset(
    {
        "id",
        "question",
        "documents",
        "response",
        "source_file",
        "trace_id",
        "line",
        "step",
        "format",
        "citations",
        "documents_sentences",
        "response_sentences",
    }
)


def read_text(path: str) -> str | IngestError:
    """The file's text (UTF-8, a BOM is dropped, newlines normalised to ``\\n``)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        return IngestError(path, None, f"cannot read the file: {exc.strerror or exc}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return IngestError(path, line, f"not UTF-8 text (byte {exc.start}): {exc.reason}")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def line_of(text: str, offset: int) -> int:
    """1-based line number of a character offset."""
    return text.count("\n", 0, offset) + 1


class LineCounter:
    """Line numbers of increasing offsets in one text, counted once (a long file stays linear)."""

    def __init__(self, text: str) -> None:
        self.text, self.pos, self.line = text, 0, 1

    def at(self, offset: int) -> int:
        if offset < self.pos:
            return line_of(self.text, offset)
        self.line += self.text.count("\n", self.pos, offset)
        self.pos = offset
        return self.line


_WS = re.compile(r"\s*")
_NEXT_RECORD = re.compile(r"^[\[{]", re.MULTILINE)


def iter_json_records(path: str, text: str) -> Iterator[tuple[int, Any] | IngestError]:
    """Every top-level JSON value of `text` with the line it starts on.

    Accepts JSON Lines, several (pretty-printed) objects one after another, a single object,
    or one JSON list (whose elements are yielded one by one). After a syntax error the reader
    resumes at the next line that starts with ``{`` or ``[``, so one broken line of a JSON
    Lines file costs one error, not the rest of the file.
    """
    decoder = json.JSONDecoder()
    lines = LineCounter(text)
    idx = _WS.match(text, 0).end()  # type: ignore[union-attr]
    if text.startswith("[", idx):
        yield from _iter_list(path, text, idx, decoder, lines)
        return
    while idx < len(text):
        try:
            value, end = decoder.raw_decode(text, idx)
        except json.JSONDecodeError as exc:
            start = lines.at(idx)
            where = "" if exc.lineno == start else f" (line {exc.lineno})"
            yield IngestError(path, start, f"invalid JSON: {exc.msg}{where}, column {exc.colno}")
            # resume at the next line that opens a record: one bad JSON line costs one error
            nxt = _NEXT_RECORD.search(text, text.find("\n", idx) + 1 or len(text))
            if nxt is None:
                return
            idx = nxt.start()
            continue
        yield lines.at(idx), value
        idx = _WS.match(text, end).end()  # type: ignore[union-attr]


def read_json_records(path: str) -> Iterator[tuple[int, Any] | IngestError]:
    """`iter_json_records` of the file at `path`; an unreadable file is one `IngestError`."""
    text = read_text(path)
    if isinstance(text, IngestError):
        yield text
        return
    yield from iter_json_records(path, text)


def iter_json_objects(path: str, text: str) -> Iterator[tuple[int, dict[str, Any]] | IngestError]:
    """Like `iter_json_records`, for formats whose every record is a JSON object: any other
    value becomes an `IngestError` naming its line."""
    for item in iter_json_records(path, text):
        if isinstance(item, IngestError) or isinstance(item[1], dict):
            yield item
        else:
            line, record = item
            yield IngestError(path, line, f"expected a JSON object, got {type(record).__name__}")


def _iter_list(
    path: str, text: str, idx: int, decoder: json.JSONDecoder, lines: LineCounter
) -> Iterator[tuple[int, Any] | IngestError]:
    idx = _WS.match(text, idx + 1).end()  # type: ignore[union-attr]
    if text.startswith("]", idx):
        return
    while True:
        try:
            value, end = decoder.raw_decode(text, idx)
        except json.JSONDecodeError as exc:
            yield IngestError(path, exc.lineno, f"invalid JSON: {exc.msg} (column {exc.colno})")
            return
        yield lines.at(idx), value
        idx = _WS.match(text, end).end()  # type: ignore[union-attr]
        if text.startswith(",", idx):
            idx = _WS.match(text, idx + 1).end()  # type: ignore[union-attr]
            continue
        if text.startswith("]", idx):
            return
        yield IngestError(
            path, lines.at(idx), "invalid JSON: expected ',' or ']' between list elements"
        )
        return


def document(title: str | None, text: str, url: str | None = None, **extra: Any) -> dict[str, Any]:
    """A document dict as the loader reads it; `extra` keys become document metadata."""
    doc: dict[str, Any] = {"title": title, "url": url, "text": text}
    doc.update({k: v for k, v in extra.items() if v is not None})
    return doc


def row(
    *,
    id: str,
    question: str,
    documents: list[dict[str, Any]],
    response: str,
    source_file: str,
    line: int | None,
    fmt: str,
    trace_id: str | None = None,
    **metadata: Any,
) -> dict[str, Any]:
    """A row in the fixed field order every format uses; `metadata` follows the fixed fields."""
    out: dict[str, Any] = {
        "id": id,
        "question": question,
        "documents": documents,
        "response": response,
        "format": fmt,
        "source_file": source_file,
        "line": line,
        "trace_id": trace_id,
    }
    out.update(metadata)
    return out


def default_id(path: str, line: int) -> str:
    """Id of a row whose log carries none: file name and starting line."""
    return f"{Path(path).name}#L{line}"


def extras(record: dict[str, Any], consumed: set[str]) -> dict[str, Any]:
    """Fields of a source record no format field used, kept as metadata; a name that clashes
    with a fixed row field is prefixed with ``orig_`` instead of overwriting it."""
    out: dict[str, Any] = {}
    for key, value in record.items():
        if key in consumed:
            continue
        out[f"orig_{key}" if key in RESERVED else key] = value
    return out


def split_transcripts(text: str) -> list[tuple[int, str]]:
    """Cut a text file at lines that are exactly ``---`` (three hyphens, nothing else).

    Returns (1-based first line, chunk) pairs; blank chunks are dropped. Longer dash lines
    (JP1's source blocks, conversation-history rules) are content, never separators.
    """
    chunks: list[tuple[int, str]] = []
    start = 1
    current: list[str] = []
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip() == "---":
            if any(s.strip() for s in current):
                chunks.append((start, "\n".join(current)))
            current, start = [], number + 1
            continue
        current.append(line)
    if any(s.strip() for s in current):
        chunks.append((start, "\n".join(current)))
    # report the line of the first non-blank line of each chunk
    out = []
    for first, chunk in chunks:
        lines = chunk.split("\n")
        skip = next(i for i, s in enumerate(lines) if s.strip())
        out.append((first + skip, "\n".join(lines[skip:])))
    return out


ParseFn = Callable[[str, str], Iterator[Any]]


def parse_json_or_text(path: str, parse_json: ParseFn, parse_text: ParseFn) -> Iterator[Any]:
    """Read `path` and hand its text to `parse_json` when it holds JSON records (by extension,
    or because it starts with `{` or `[`), else to `parse_text`; an unreadable file is an
    `IngestError`."""
    text = read_text(path)
    if isinstance(text, IngestError):
        yield text
        return
    if Path(path).suffix.lower() in {".json", ".jsonl", ".ndjson"} or text.lstrip()[:1] in "{[":
        yield from parse_json(path, text)
    else:
        yield from parse_text(path, text)
