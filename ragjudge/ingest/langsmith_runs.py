"""Ingest format `langsmith`: LangSmith run exports.

A file holds runs as LangSmith's API returns them (`Client.list_runs`, ``POST /runs/query``,
a run read with its `child_runs`): JSON Lines, a JSON list, or ``{"runs": [...]}``. Each run
has `id`, `trace_id`, `parent_run_id`, `run_type` (``chain``, ``retriever``, ``llm``,
``tool``, …), `name`, `inputs`, `outputs`, `error`, `start_time`, `dotted_order`; nested
`child_runs` are read too. A trace's root run gives the question (its inputs) and the
response (its outputs, else the last ``llm`` run's generations); the ``retriever`` runs'
outputs (``{"documents": [{"page_content", "metadata"}]}``) are the documents. Rows follow
`ragjudge.ingest._spans.trace_rows`; `span_id` is the answering run's id, the run to attach
feedback to.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ragjudge.ingest._common import IngestError, read_json_records
from ragjudge.ingest._spans import LLM, Span, trace_rows, traces_in_files

NAME = "langsmith"
SUMMARY = "LangSmith run exports (JSON/JSONL of runs: a chain run with retriever child runs)"


def _kind(run_type: Any) -> str:
    kind = str(run_type or "").upper()
    return LLM if kind in ("LLM", "CHAT_MODEL") else kind


def _runs(record: Any) -> list[Any]:
    if isinstance(record, Mapping) and isinstance(record.get("runs"), list):
        return list(record["runs"])
    return record if isinstance(record, list) else [record]


def _flatten(run: Mapping[str, Any], parent: str | None, trace: str | None) -> Iterator[Any]:
    """The run and its nested `child_runs`, each knowing its parent and trace."""
    run_id = str(run.get("id", ""))
    trace_id = run.get("trace_id") or trace or (run_id if parent is None else None)
    yield {**run, "parent_run_id": run.get("parent_run_id") or parent, "trace_id": trace_id}
    for child in run.get("child_runs") or []:
        if isinstance(child, Mapping):
            yield from _flatten(child, run_id, trace_id)


def _span(path: str, line: int, run: Any) -> Span | IngestError:
    if not isinstance(run, Mapping):
        return IngestError(path, line, f"expected a run object, got {type(run).__name__}")
    if not run.get("id") or not run.get("run_type"):
        return IngestError(path, line, "a LangSmith run needs 'id' and 'run_type'")
    run_id = str(run["id"])
    parent = run.get("parent_run_id")
    trace_id = run.get("trace_id") or (run_id if not parent else None)
    if trace_id is None:
        return IngestError(
            path, line, f"run {run_id} has a parent but no 'trace_id': cannot place it"
        )
    meta: dict[str, Any] = {}
    if run.get("session_id"):
        meta["project_id"] = str(run["session_id"])
    if run.get("reference_example_id"):
        meta["reference_example_id"] = str(run["reference_example_id"])
    error = run.get("error")
    return Span(
        trace_id=str(trace_id),
        span_id=run_id,
        parent_id=None if not parent else str(parent),
        name=str(run.get("name") or ""),
        kind=_kind(run.get("run_type")),
        inputs=run.get("inputs"),
        outputs=run.get("outputs"),
        start=run.get("dotted_order") or run.get("start_time"),
        error=None if error in (None, "") else str(error),
        metadata=meta,
    )


def _spans(path: str) -> Iterator[tuple[int | None, Span] | IngestError]:
    for item in read_json_records(path):
        if isinstance(item, IngestError):
            yield item
            continue
        line, record = item
        for run in _runs(record):
            runs = _flatten(run, None, None) if isinstance(run, Mapping) else [run]
            for one in runs:
                got = _span(path, line, one)
                yield got if isinstance(got, IngestError) else (line, got)


def parse_files(paths: Sequence[str]) -> Iterator[dict[str, Any] | IngestError]:
    for item in traces_in_files(paths, _spans):
        if isinstance(item, IngestError):
            yield item
            continue
        _, line, runs, file = item
        unique = list({s.span_id: s for s in runs}.values())  # a run listed twice counts once
        yield from trace_rows(unique, fmt=NAME, source_file=file, line=line)
