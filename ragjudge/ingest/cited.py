"""Ingest format `cited-answer`: answers whose sentences carry citation markers, with their sources.

Input: JSON Lines, a JSON list or consecutive JSON objects, one answer per record.

- question: `question` (or `query`, `input`, `user_input`); answer: `answer` (or `response`,
  `output`); id: `id` (or `qid`, `question_id`), else ``<file name>#L<line>``.
- sources, either a list under `sources` / `documents` / `contexts` / `retrieved_contexts` /
  `citations` (objects with a name — `name`, `title`, `sourcepage`, `filepath` or `source` —,
  a `url` / `document_url` / `uri`, and `text` / `content` / `chunk`; or strings), or one
  `context` string (or list of strings) of ``NAME: text`` chunks, the layout of the results
  files of Azure's ai-rag-chat-evaluator (`question`, `answer`, `context`, `truth` and the
  `gpt_*` ratings). A chunk starts at a line that begins with a file-like name
  (``Benefit_Options.pdf#page=3: …``); a string source without such a name is untitled.
- markers: ``[sourcepage: NAME][document_url: URL]`` (JP1; either half alone also counts),
  ``[file.pdf#page=N]`` / ``[file.pdf]`` (Azure chat-with-your-data; a known document extension
  or a ``#page=`` fragment is required so ordinary bracketed words stay text), ``[doc1]`` and
  ``[1]`` / ``[1, 2]`` (1-based positions in the source list, or a source whose `id` matches).
  File references grouped in one bracket, ``[a.pdf#page=38, a.pdf#page=37]`` (as Azure-style
  answers write them), are one citation each.

The markers are removed from `response` (a space left before punctuation goes with them), and
the row gets `citations`: one entry per cited reference, ``{"start", "end", "marker",
"sources", "resolved"}``. `start`/`end` are offsets into the cleaned response of the text the
marker is attached to: from the end of the previous sentence (or the previous marker in the same
sentence) up to the marker, surrounding whitespace trimmed. Markers written back to back share
one span. `sources` are 0-based indexes into `documents`; a reference to no listed source is
unresolved (``"resolved": false, "sources": []``). The original answer is kept as
`raw_response`; unused record fields (`truth`, ratings, latency, …) are kept as metadata.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from ragjudge.ingest._common import (
    IngestError,
    default_id,
    document,
    extras,
    iter_json_objects,
    read_text,
    row,
)

NAME = "cited-answer"
SUMMARY = "answers with [doc1] / [1] / [file.pdf#page=N] / JP1 [sourcepage: …] citations"

_QUESTION_KEYS = ("question", "query", "input", "user_input")
_ANSWER_KEYS = ("answer", "response", "output")
_ID_KEYS = ("id", "qid", "question_id")
_SOURCE_LIST_KEYS = ("sources", "documents", "contexts", "retrieved_contexts", "citations")
_NAME_KEYS = ("name", "title", "sourcepage", "filepath", "source")
_URL_KEYS = ("url", "document_url", "uri", "link")
_TEXT_KEYS = ("text", "content", "chunk", "page_content")

_DOC_EXTENSIONS = (
    "pdf|docx?|txt|md|html?|pptx?|xlsx?|csv|json|jsonl|rtf|odt|xml|yaml|yml|rst|png|jpe?g"
)
_FILE_REF = rf"[^\[\]\n]*?\.(?:{_DOC_EXTENSIONS})(?:#[^\[\]\s]*)?|[^\[\]\n]*?#page=\d+"
_MARKER = re.compile(
    r"\[\s*sourcepage\s*[:：]\s*(?P<page>[^\]\n]*?)\s*\]"
    r"(?:[ \t]*\[\s*document_url\s*[:：]\s*(?P<page_url>[^\]\n]*?)\s*\])?"
    r"|\[\s*document_url\s*[:：]\s*(?P<url>[^\]\n]*?)\s*\]"
    r"|\[(?P<doc>doc\d+)\]"
    r"|\[(?P<nums>\d+(?:\s*,\s*\d+)*)\]"
    rf"|\[(?P<file>{_FILE_REF})\]",
    re.IGNORECASE,
)
#: one file reference inside a grouped bracket (no separator inside it)
_ONE_FILE_REF = re.compile(
    rf"[^\[\]\n,;]*?\.(?:{_DOC_EXTENSIONS})(?:#[^\[\]\s,;]*)?|[^\[\]\n,;]*?#page=\d+",
    re.IGNORECASE,
)
_GROUP_SEPARATOR = re.compile(r"\s*[,;]\s*")
_CHUNK_HEAD = re.compile(
    rf"^(?P<name>[^\s:\[\]][^\s\[\]]*?\.(?:{_DOC_EXTENSIONS})(?:#[^\s:]*)?|[^\s:\[\]]+#page=\d+)"
    r"[:：][ \t]*",
    re.IGNORECASE | re.MULTILINE,
)
_TERMINATORS = ".!?。！？"
_LEADING_JUNK = " \t\n,;、，；:："


# --- markers -------------------------------------------------------------------------------


def _matches(docs: Sequence[dict[str, Any]], pred: Any) -> list[int]:
    return [i for i, d in enumerate(docs) if pred(d)]


def _names(doc: dict[str, Any]) -> set[str]:
    return {str(doc[k]) for k in ("title", "source_id") if doc.get(k) is not None}


def _by_position(ref: str, docs: Sequence[dict[str, Any]]) -> list[int]:
    by_id = _matches(docs, lambda d: str(d.get("source_id", "")) == ref)
    if by_id:
        return by_id
    n = int(re.sub(r"\D", "", ref))
    return [n - 1] if 1 <= n <= len(docs) else []


def _resolve(m: re.Match[str], docs: Sequence[dict[str, Any]]) -> list[list[int]]:
    """The source indexes of each reference a marker holds (one list per reference)."""
    if m.group("page") is not None:
        page, url = m.group("page"), m.group("page_url")
        by_name = _matches(docs, lambda d: page in _names(d))
        if url:
            both = [i for i in by_name if docs[i].get("url") == url]
            if both:
                return [both]
            if not by_name:
                return [_matches(docs, lambda d: d.get("url") == url)]
        return [by_name]
    if m.group("url") is not None:
        url = m.group("url")
        return [_matches(docs, lambda d: d.get("url") == url)]
    if m.group("doc") is not None:
        return [_by_position(m.group("doc"), docs)]
    if m.group("nums") is not None:
        return [_by_position(n.strip(), docs) for n in m.group("nums").split(",")]
    return [_by_file_name(name, docs) for name in _file_group(m.group("file").strip(), docs)]


def _file_group(name: str, docs: Sequence[dict[str, Any]]) -> list[str]:
    """The references of one bracket: ``[a.pdf#page=38, a.pdf#page=37]`` holds two.

    A bracket whose whole text names a source stays one reference (a file name may contain a
    comma); otherwise it is split at commas and semicolons when every part is a file reference.
    """
    if _matches(docs, lambda d: name in _names(d)):
        return [name]
    parts = [p.strip() for p in _GROUP_SEPARATOR.split(name)]
    if len(parts) > 1 and all(_ONE_FILE_REF.fullmatch(p) for p in parts):
        return parts
    return [name]


def _by_file_name(name: str, docs: Sequence[dict[str, Any]]) -> list[int]:
    exact = _matches(docs, lambda d: name in _names(d))
    if exact:
        return exact
    # "[guide.pdf]" may cite "guide.pdf#page=3" and the reverse, but "#page=60" never "#page=21"
    base = name.split("#", 1)[0]
    return _matches(
        docs,
        lambda d: any(
            n.split("#", 1)[0] == base and ("#" not in n or "#" not in name) for n in _names(d)
        ),
    )


def _span_start(text: str, end: int, previous_marker: int | None) -> int:
    """Start of the text a marker ending at `end` is attached to (see module docstring)."""
    j = end
    while j > 0 and text[j - 1] in _TERMINATORS:
        j -= 1
    start = 0
    for k in range(j - 1, -1, -1):
        ch = text[k]
        if ch == "\n" or (ch in _TERMINATORS and (ch != "." or text[k + 1].isspace())):
            start = k + 1
            break
    if previous_marker is not None and start < previous_marker < end:
        start = previous_marker
    while start < end and text[start] in _LEADING_JUNK:
        start += 1
    return start


def extract_citations(
    answer: str, docs: Sequence[dict[str, Any]]
) -> tuple[str, list[dict[str, Any]]]:
    """The answer without its citation markers, and one citation entry per cited reference.

    `docs` are document dicts (``title``, ``url`` and optionally ``source_id``) that markers
    are resolved against; see the module docstring for the marker forms and the span rule.
    """
    clean = ""
    pos = 0
    citations: list[dict[str, Any]] = []
    previous: int | None = None
    span = (0, 0)
    for m in _MARKER.finditer(answer):
        clean = _join(clean, answer[pos : m.start()])
        pos = m.end()
        end = len(clean.rstrip())
        if previous is None or previous < end:
            span = (_span_start(clean, end, previous), end)
        previous = end
        for sources in _resolve(m, docs):
            citations.append(
                {
                    "start": span[0],
                    "end": span[1],
                    "marker": m.group(0),
                    "sources": sources,
                    "resolved": bool(sources),
                }
            )
    clean = _join(clean, answer[pos:])
    return clean, citations


def _join(clean: str, segment: str) -> str:
    # A marker written as "fact [1]." leaves "fact ." behind: drop the space it stood after.
    if clean.endswith((" ", "\t")) and (not segment or segment[0].isspace() or _is_punct(segment)):
        clean = clean.rstrip(" \t")
    return clean + segment


def _is_punct(segment: str) -> bool:
    return segment[0] in _TERMINATORS + ",;:、，；：)）」』"


def has_markers(text: str) -> bool:
    return _MARKER.search(text) is not None


# --- sources -------------------------------------------------------------------------------


def _first(record: dict[str, Any], keys: Sequence[str]) -> tuple[str | None, Any]:
    for key in keys:
        if record.get(key) is not None:
            return key, record[key]
    return None, None


def split_context(context: str) -> list[dict[str, Any]]:
    """Documents from one ``NAME: text`` context string (untitled when no name starts it)."""
    heads = list(_CHUNK_HEAD.finditer(context))
    docs = []
    if not heads or context[: heads[0].start()].strip():
        lead = context[: heads[0].start()] if heads else context
        if lead.strip():
            docs.append(document(None, lead.strip()))
    for h, nxt in zip(heads, [*heads[1:], None], strict=False):
        body = context[h.end() : nxt.start() if nxt else len(context)].strip()
        docs.append(document(h.group("name"), body))
    return docs


def _source(item: Any, where: str) -> list[dict[str, Any]] | str:
    if isinstance(item, str):
        return split_context(item) if item.strip() else []
    if not isinstance(item, dict):
        return f"{where} must be an object or a string, got {type(item).__name__}"
    _, text = _first(item, _TEXT_KEYS)
    if not isinstance(text, str):
        return f"{where} has no text: expected a 'text', 'content' or 'chunk' string field"
    name_key, name = _first(item, _NAME_KEYS)
    url_key, url = _first(item, _URL_KEYS)
    text_key, _ = _first(item, _TEXT_KEYS)
    used = {name_key, url_key, text_key, "id", "title", "url", "text"}
    extra = {k: v for k, v in item.items() if k not in used}
    source_id = item.get("id")
    return [
        document(
            None if name is None else str(name),
            text,
            None if url is None else str(url),
            source_id=None if source_id is None else str(source_id),
            **extra,
        )
    ]


def sources_of(record: dict[str, Any]) -> tuple[list[dict[str, Any]], str | None, str | None]:
    """(documents, the field they came from, error message or None)."""
    key, value = _first(record, _SOURCE_LIST_KEYS)
    if key is None:
        key, value = _first(record, ("context",))
    if key is None:
        return (
            [],
            None,
            (
                "no sources: expected a 'sources' list (or 'documents', 'contexts') or a 'context' "
                "string of 'NAME: text' chunks"
            ),
        )
    items = value if isinstance(value, list) else [value]
    docs: list[dict[str, Any]] = []
    for i, item in enumerate(items):
        got = _source(item, f"{key}[{i}]")
        if isinstance(got, str):
            return [], key, got
        docs.extend(got)
    if not docs:
        return [], key, f"'{key}' holds no source text"
    return docs, key, None


# --- records -------------------------------------------------------------------------------


def record_to_row(
    record: dict[str, Any], path: str, line: int, fmt: str = NAME
) -> dict[str, Any] | IngestError:
    """One cited-answer record as a row, or the reason it cannot be one."""
    q_key, question = _first(record, _QUESTION_KEYS)
    if not isinstance(question, str):
        return IngestError(path, line, "no question: expected a 'question' (or 'query') string")
    a_key, answer = _first(record, _ANSWER_KEYS)
    if not isinstance(answer, str) or not answer.strip():
        return IngestError(
            path, line, "no answer: expected a non-empty 'answer' (or 'response') string"
        )
    docs, s_key, problem = sources_of(record)
    if problem:
        return IngestError(path, line, problem)
    clean, citations = extract_citations(answer, docs)
    id_key, rid = _first(record, _ID_KEYS)
    consumed = {q_key, a_key, s_key, id_key}
    return row(
        id=str(rid) if rid is not None else default_id(path, line),
        question=question,
        documents=docs,
        response=clean,
        source_file=path,
        line=line,
        fmt=fmt,
        trace_id=None if rid is None else str(rid),
        citations=citations,
        raw_response=answer,
        **extras(record, {k for k in consumed if k is not None}),
    )


def parse_file(path: str) -> Iterator[dict[str, Any] | IngestError]:
    text = read_text(path)
    if isinstance(text, IngestError):
        yield text
        return
    for item in iter_json_objects(path, text):
        if isinstance(item, IngestError):
            yield item
            continue
        line, record = item
        yield record_to_row(record, path, line)


def parse_files(paths: Sequence[str]) -> Iterator[dict[str, Any] | IngestError]:
    for path in paths:
        yield from parse_file(path)
