"""Ingest format `langfuse`: Langfuse trace exports.

A file holds traces as Langfuse's API returns them (``GET /api/public/traces/{id}``: the
trace with its `observations`), one per line, as a JSON list, or as a ``{"data": [...]}``
page; observations may also come on their own (``GET /api/public/observations``: records
with `traceId` and `type`), joined to their trace by id. A trace has `id`, `name`, `input`,
`output`, `sessionId`, `userId`, `tags`; an observation `id`, `traceId`, `type`
(``SPAN``, ``GENERATION``, ``RETRIEVER``, ``TOOL``, ``AGENT``, ``CHAIN``, ``EVENT``, …),
`name`, `input`, `output`, `parentObservationId`, `startTime`, `level`, `statusMessage`.

The trace is the root: its input gives the question, its output the response (else the last
``GENERATION``'s output); ``RETRIEVER`` observations — or any span whose output is a list of
documents — give the documents. Rows follow `ragjudge.ingest._spans.trace_rows`; `span_id`
is set only for a turn of a multi-turn trace (the observation to attach a score to).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ragjudge.ingest._common import IngestError, read_json_records
from ragjudge.ingest._spans import CHAIN, LLM, Span, trace_rows

NAME = "langfuse"
SUMMARY = "Langfuse trace exports (traces with retriever / generation observations)"

_KINDS = {"GENERATION": LLM, "SPAN": "", "EVENT": "EVENT"}


def _observation(trace_id: str, raw: Mapping[str, Any]) -> Span:
    kind = str(raw.get("type") or "").upper()
    error = None
    if str(raw.get("level") or "").upper() == "ERROR":
        error = str(raw.get("statusMessage") or "error")
    parent = raw.get("parentObservationId")
    return Span(
        trace_id=trace_id,
        span_id=str(raw.get("id", "")),
        # observations without a parent hang under the trace itself
        parent_id=str(parent) if parent else trace_id,
        name=str(raw.get("name") or ""),
        kind=_KINDS.get(kind, kind),
        inputs=raw.get("input"),
        outputs=raw.get("output"),
        start=raw.get("startTime"),
        error=error,
    )


class _Trace:
    def __init__(self, trace_id: str, path: str, line: int) -> None:
        self.id, self.path, self.line = trace_id, path, line
        self.record: Mapping[str, Any] | None = None
        self.observations: dict[str, Mapping[str, Any]] = {}


def _collect(path: str, traces: dict[str, _Trace]) -> Iterator[IngestError]:
    for item in read_json_records(path):
        if isinstance(item, IngestError):
            yield item
            continue
        line, record = item
        page = record.get("data") if isinstance(record, Mapping) else None
        for one in (
            page if isinstance(page, list) else (record if isinstance(record, list) else [record])
        ):
            if not isinstance(one, Mapping) or not one.get("id"):
                yield IngestError(path, line, "expected a Langfuse trace or observation object")
                continue
            if "traceId" in one and "type" in one:  # an observation on its own
                trace_id = str(one["traceId"])
                entry = traces.setdefault(trace_id, _Trace(trace_id, path, line))
                entry.observations.setdefault(str(one["id"]), one)
                continue
            trace_id = str(one["id"])
            entry = traces.setdefault(trace_id, _Trace(trace_id, path, line))
            entry.record = one
            for obs in one.get("observations") or []:
                if isinstance(obs, Mapping) and obs.get("id"):
                    entry.observations.setdefault(str(obs["id"]), obs)


def _rows(entry: _Trace) -> list[dict[str, Any] | IngestError]:
    record = entry.record or {}
    root = Span(
        trace_id=entry.id,
        span_id=entry.id,
        parent_id=None,
        name=str(record.get("name") or "trace"),
        kind=CHAIN,
        inputs=record.get("input"),
        outputs=record.get("output"),
        start=record.get("timestamp"),
    )
    spans = [root, *(_observation(entry.id, o) for o in entry.observations.values())]
    meta = {
        "trace_name": record.get("name"),
        "session_id": record.get("sessionId"),
        "user_id": record.get("userId"),
        "tags": record.get("tags") or None,
    }
    rows = trace_rows(spans, fmt=NAME, source_file=entry.path, line=entry.line, trace_metadata=meta)
    for row in rows:
        # the trace itself is no observation: a score on it needs only the trace id
        if isinstance(row, dict) and row.get("span_id") == entry.id:
            row["span_id"] = None
    return rows


def parse_files(paths: Sequence[str]) -> Iterator[dict[str, Any] | IngestError]:
    traces: dict[str, _Trace] = {}
    for path in paths:
        yield from _collect(path, traces)
    for entry in traces.values():
        yield from _rows(entry)
