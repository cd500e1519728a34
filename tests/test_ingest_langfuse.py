"""Langfuse trace exports in: traces with their observations (as the trace API returns them),
observations on their own joined to their trace, and a trace that holds two turns."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ragjudge.cli import main
from ragjudge.ingest import IngestError, ingest

DATA = Path(__file__).parent / "data" / "ingest" / "langfuse"


def split(items: Any) -> tuple[list[dict[str, Any]], list[IngestError]]:
    rows: list[dict[str, Any]] = []
    errors: list[IngestError] = []
    for item in items:
        (errors if isinstance(item, IngestError) else rows).append(item)
    return rows, errors


def test_traces_with_retriever_and_generation_observations() -> None:
    rows, errors = split(ingest("langfuse", [str(DATA / "traces.jsonl")]))
    first = rows[0]
    assert (first["id"], first["trace_id"]) == ("lf-trace-0001", "lf-trace-0001")
    assert first["span_id"] is None  # scored on the trace itself
    assert first["question"] == "Can I pause my subscription?"
    assert first["response"].startswith("Yes. You can pause a subscription")
    assert [d["title"] for d in first["documents"]] == ["billing/pause.md", "billing/faq.md"]
    assert (first["session_id"], first["user_id"], first["tags"]) == ("sess-42", "user-7", ["beta"])
    assert first["line"] == 1
    [err] = errors
    assert err.message.startswith("trace lf-trace-0002: no retriever span")
    assert err.line == 2


def test_a_trace_with_two_turns_gives_one_example_per_turn() -> None:
    rows, _ = split(ingest("langfuse", [str(DATA / "traces.jsonl")]))
    turns = [r for r in rows if r["trace_id"] == "lf-trace-0003"]
    assert [(t["turn"], t["span_id"]) for t in turns] == [(1, "obs-0003-t1"), (2, "obs-0003-t2")]
    assert [t["question"] for t in turns] == [
        "What is the refund window?",
        "And for annual plans?",
    ]
    # the second turn's search was logged as a plain SPAN: its document-shaped output counts
    assert [d["text"] for d in turns[1]["documents"]] == [
        "Annual plans are refunded pro rata if cancelled within 60 days."
    ]
    assert [d["text"] for d in turns[0]["documents"]] == [
        "You can ask for a refund within 30 days of purchase."
    ]


def test_observations_exported_on_their_own_are_joined_to_their_trace() -> None:
    rows, errors = split(ingest("langfuse", [str(DATA / "observations.json")]))
    assert errors == []
    [got] = rows
    assert got["trace_id"] == "lf-trace-0004"
    # no trace record: the question and answer come from the generation
    assert got["question"] == "How long are logs kept?"
    assert got["response"] == "Logs are kept for 90 days."
    assert [d["text"] for d in got["documents"]] == ["Logs are kept for 90 days, then deleted."]


def test_eval_from_langfuse_writes_one_score_line_per_example(tmp_path: Path) -> None:
    out = tmp_path / "run"
    src = str(DATA / "traces.jsonl")
    assert main(["eval", "--from", "langfuse", src, "--out", str(out), "--quiet"]) == 0
    scores = [json.loads(x) for x in (out / "scores.jsonl").read_text().splitlines()]
    assert [(s["trace_id"], s["span_id"]) for s in scores] == [
        ("lf-trace-0001", None),
        ("lf-trace-0003", "obs-0003-t1"),
        ("lf-trace-0003", "obs-0003-t2"),
    ]
    for s in scores:
        assert s["status"] in ("ok", "repaired")
        assert set(s) >= {"adherence", "supported_ratio", "relevance", "utilization"}
        assert s["rationale"]
