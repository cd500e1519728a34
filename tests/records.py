"""Shared helpers for records and run folders: build a `Record` the way the pipeline would, write
run folders of them, and read a run folder back, all through `ragjudge.record` and
`ragjudge.runfolder` (the tests never spell out the file format themselves)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ragjudge.record import JudgeInfo, Record, RecordDocument, SentenceResult, Status
from ragjudge.runfolder import RecordWriter, RunFolder
from ragjudge.types import Scores, Source, Usage, Violation

#: one response sentence: (key, text, supported, supporting keys)
SentenceSpec = tuple[str, str, bool, Sequence[str]]

DOCUMENTS = (
    RecordDocument(
        title="Agent manual",
        url="https://example.org/agent",
        sentences=(("0a", "The agent listens on port 8080."), ("0b", "It restarts nightly.")),
    ),
)
JUDGE = JudgeInfo(kind="offline", provider="ragjudge", model="test-judge", params={})
_REASONS = {
    Status.FAILED: "the judge's answer is not a valid judgment",
    Status.INVALID_INPUT: "missing required field 'documents'",
}


def make_record(
    id: str,
    *,
    status: str | Status = Status.OK,
    index: int = 0,
    sentences: Sequence[SentenceSpec] | None = None,
    adherent: bool | None = None,
    relevance: float = 0.5,
    utilization: float = 0.5,
    completeness: float = 1.0,
    support_score: float | None = None,
    metadata: dict[str, Any] | None = None,
    gold: dict[str, Any] | None = None,
    documents: Sequence[RecordDocument] = DOCUMENTS,
    error: str | None = None,
    question: str = "Which port does the agent use?",
    violations: Sequence[Violation] = (),
    usage: Usage | None = None,
    **fields: Any,
) -> Record:
    """A record as the pipeline writes one. `sentences` default to one supported sentence;
    the scores follow from them (`adherent` overrides the verdict). A `failed` or
    `invalid_input` record has no judgment, scores or sentences."""
    status = Status(status)
    if sentences is None:
        sentences = [("a", "The agent listens on port 8080.", True, ["0a"])]
    if not status.scored:
        return Record(
            id=id,
            index=index,
            source=Source("data.jsonl", index + 1),
            status=status,
            error=error or _REASONS[status],
            question=question if status is Status.FAILED else None,
            documents=tuple(documents) if status is Status.FAILED else (),
            response_sentences=tuple((k, t) for k, t, _, _ in sentences)
            if status is Status.FAILED
            else (),
            metadata=dict(metadata or {}),
            gold=dict(gold or {}),
            judge=JUDGE,
            violations=tuple(violations),
            usage=usage or Usage(),
            **fields,
        )
    results = tuple(
        SentenceResult(
            key=key,
            text=text,
            supported=supported,
            fully_supported=supported,
            supporting_keys=tuple(keys),
            explanation="",
        )
        for key, text, supported, keys in sentences
    )
    unsupported = tuple(s.key for s in results if not s.supported)
    n = len(results)
    adherence = (not unsupported) if adherent is None else adherent
    scores = Scores(
        relevance=relevance,
        utilization=utilization,
        completeness=completeness,
        adherence=1.0 if adherence else 0.0,
        strict_adherence=0.0 if unsupported else 1.0,
        supported_ratio=(n - len(unsupported)) / n if n else 0.0,
        n_sentences=n,
        n_unsupported=len(unsupported),
        unsupported_keys=unsupported,
        support_score=support_score,
    )
    return Record(
        id=id,
        index=index,
        source=Source("data.jsonl", index + 1),
        status=status,
        error=error,
        question=question,
        documents=tuple(documents),
        response_sentences=tuple((s.key, s.text) for s in results),
        metadata=dict(metadata or {}),
        gold=dict(gold or {}),
        judge=JUDGE,
        violations=tuple(violations),
        scores=scores,
        sentences=results,
        usage=usage or Usage(),
        **fields,
    )


def write_run(
    folder: Path, records: Iterable[Record], *, run_info: dict[str, Any] | None = None
) -> Path:
    """A run folder holding `records` (and `run_info` as run.json); returns the folder."""
    run = RunFolder(folder)
    run.path.mkdir(parents=True, exist_ok=True)
    with RecordWriter(run.judgments) as out:
        for record in records:
            out.write(record)
    if run_info is not None:
        run.write_run_info(run_info)
    return run.path


def read_records(folder: Path) -> list[Record]:
    """Every record of a run folder."""
    return RunFolder(folder).read_records()


def read_lines(folder: Path) -> list[dict[str, Any]]:
    """The JSON object of every line of a run folder's judgments file, as written (for tests
    of the file format itself)."""
    path = RunFolder(folder).judgments
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def judgments_file(folder: Path) -> Path:
    """The path of a run folder's judgments file (for tests that damage it on purpose)."""
    return RunFolder(folder).judgments


__all__ = [
    "DOCUMENTS",
    "JUDGE",
    "judgments_file",
    "make_record",
    "read_lines",
    "read_records",
    "write_run",
]
