"""MLflow traces in, MLflow feedback out: traces logged with MLflow's own tracing API into a
SQLite tracking store are read back, judged, and carry ragjudge's verdicts afterwards.

One store serves the whole module (creating it runs MLflow's migrations, several seconds).
Skips when the `mlflow` extra is not installed; CI installs it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# traces must be written before they are searched: no background export
os.environ["MLFLOW_ENABLE_ASYNC_TRACE_LOGGING"] = "false"
mlflow = pytest.importorskip("mlflow", reason="the mlflow extra is not installed")

import pandas as pd  # noqa: E402
from mlflow.entities import Document, SpanType  # noqa: E402

from ragjudge.cli import main  # noqa: E402
from ragjudge.ingest import IngestError, read_source, source_label  # noqa: E402
from ragjudge.ingest.mlflow_traces import display_uri  # noqa: E402

SAMPLE = Path(__file__).resolve().parent.parent / "datasets" / "sample_en.jsonl"
N_PLAIN = 6


def _log_rag_trace(row: dict[str, Any], split: str) -> str:
    """One RAG call as a CHAIN root with a RETRIEVER and a CHAT_MODEL child."""
    with mlflow.start_span(name="rag", span_type=SpanType.CHAIN) as root:
        root.set_inputs({"question": row["question"]})
        with mlflow.start_span(name="retrieve", span_type=SpanType.RETRIEVER) as ret:
            ret.set_inputs({"query": row["question"]})
            ret.set_outputs(
                [
                    Document(page_content=d["text"], metadata={"doc_uri": d["url"]}, id=str(i))
                    for i, d in enumerate(row["documents"])
                ]
            )
        with mlflow.start_span(name="chat", span_type=SpanType.CHAT_MODEL) as chat:
            chat.set_inputs({"messages": [{"role": "user", "content": row["question"]}]})
            chat.set_outputs(
                {"choices": [{"message": {"role": "assistant", "content": row["response"]}}]}
            )
        root.set_outputs(row["response"])
        mlflow.update_current_trace(tags={"split": split})
        return str(root.trace_id)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    folder = tmp_path_factory.mktemp("mlflow")
    uri = f"sqlite:///{folder / 'runs.db'}"
    previous = mlflow.get_tracking_uri()
    mlflow.set_tracking_uri(uri)
    mlflow.set_experiment("rag")
    rows = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    plain = {_log_rag_trace(r, "a" if i % 2 == 0 else "b"): r for i, r in enumerate(rows[:N_PLAIN])}

    # the answer only in the chat model's output: the root returned nothing
    with mlflow.start_span(name="rag", span_type=SpanType.CHAIN) as root:
        root.set_inputs({"question": rows[6]["question"]})
        with mlflow.start_span(name="retrieve", span_type=SpanType.RETRIEVER) as ret:
            ret.set_outputs([Document(page_content=rows[6]["documents"][0]["text"])])
        with mlflow.start_span(name="llm", span_type=SpanType.LLM) as llm:
            llm.set_outputs({"choices": [{"message": {"content": rows[6]["response"]}}]})
        silent_root = str(root.trace_id)

    # no retriever: nothing to judge against
    with mlflow.start_span(name="chitchat", span_type=SpanType.CHAIN) as root:
        root.set_inputs({"question": "hello?"})
        root.set_outputs("Hi there!")
        no_retriever = str(root.trace_id)

    # a conversation: two turns under one AGENT root, each with its own retrieval
    with mlflow.start_span(name="session", span_type=SpanType.AGENT) as root:
        root.set_inputs({"messages": [{"role": "user", "content": rows[7]["question"]}]})
        for turn in rows[7:9]:
            with mlflow.start_span(name="turn", span_type=SpanType.CHAIN) as t:
                t.set_inputs({"question": turn["question"]})
                with mlflow.start_span(name="search", span_type=SpanType.RETRIEVER) as ret:
                    ret.set_outputs([Document(page_content=d["text"]) for d in turn["documents"]])
                with mlflow.start_span(name="chat", span_type=SpanType.CHAT_MODEL) as chat:
                    chat.set_outputs(turn["response"])
                t.set_outputs({"answer": turn["response"]})
        root.set_outputs(rows[8]["response"])
        conversation = str(root.trace_id)

    mlflow.set_experiment("other")
    with mlflow.start_span(name="rag", span_type=SpanType.CHAIN) as root:
        root.set_inputs("elsewhere?")
        root.set_outputs("elsewhere.")
        other = str(root.trace_id)
    mlflow.set_tracking_uri(previous)
    yield {
        "uri": uri,
        "plain": plain,
        "silent_root": silent_root,
        "no_retriever": no_retriever,
        "conversation": conversation,
        "other": other,
        "rows": rows,
    }


def split(items: Any) -> tuple[list[dict[str, Any]], list[IngestError]]:
    rows: list[dict[str, Any]] = []
    errors: list[IngestError] = []
    for item in items:
        (errors if isinstance(item, IngestError) else rows).append(item)
    return rows, errors


def feedback(uri: str, trace_id: str) -> list[Any]:
    previous = mlflow.get_tracking_uri()
    mlflow.set_tracking_uri(uri)
    try:
        trace = mlflow.get_trace(trace_id)
        return [a for a in trace.info.assessments if a.name.startswith("ragjudge/")]
    finally:
        mlflow.set_tracking_uri(previous)


def test_each_trace_becomes_an_example_with_its_documents(store: dict[str, Any]) -> None:
    rows, errors = split(read_source("mlflow", [store["uri"]], experiment="rag"))
    by_trace = {r["trace_id"]: r for r in rows if "turn" not in r}
    for trace_id, original in store["plain"].items():
        got = by_trace[trace_id]
        assert got["id"] == trace_id
        assert got["question"] == original["question"]
        assert got["response"] == original["response"]
        assert [d["text"] for d in got["documents"]] == [d["text"] for d in original["documents"]]
        assert [d["url"] for d in got["documents"]] == [d["url"] for d in original["documents"]]
        assert got["span_name"] == "rag" and got["span_id"]
        assert got["format"] == "mlflow"
        assert got["source_file"] == store["uri"] and got["line"] is None  # no file lines
    # the root said nothing: the chat model's answer is the response
    silent = by_trace[store["silent_root"]]
    assert silent["response"] == store["rows"][6]["response"]
    # the other experiment is not read
    assert store["other"] not in {r["trace_id"] for r in rows}
    [err] = errors
    assert err.message.startswith(f"trace {store['no_retriever']}: no retriever span")
    assert err.file == store["uri"] and err.line is None


def test_a_conversation_gives_one_example_per_turn(store: dict[str, Any]) -> None:
    rows, _ = split(read_source("mlflow", [store["uri"]], experiment="rag"))
    turns = [r for r in rows if r["trace_id"] == store["conversation"]]
    assert [t["turn"] for t in turns] == [1, 2]
    assert [t["question"] for t in turns] == [r["question"] for r in store["rows"][7:9]]
    assert [t["response"] for t in turns] == [r["response"] for r in store["rows"][7:9]]
    assert turns[0]["span_id"] != turns[1]["span_id"]
    assert [t["id"] for t in turns] == [f"{store['conversation']}/{t['span_id']}" for t in turns]
    # each turn is judged against its own retrieval only
    assert [d["text"] for d in turns[0]["documents"]] == [
        d["text"] for d in store["rows"][7]["documents"]
    ]


def test_filter_and_experiment_narrow_the_search(store: dict[str, Any]) -> None:
    rows, errors = split(
        read_source("mlflow", [store["uri"]], experiment="rag", filter_string="tags.split = 'b'")
    )
    assert errors == []
    expected = [t for i, t in enumerate(store["plain"]) if i % 2 == 1]
    assert sorted(r["trace_id"] for r in rows) == sorted(expected)
    # without --experiment every experiment is read: the other one's trace is met too
    # (it has no retriever, so it is met as an error)
    _, every = split(read_source("mlflow", [store["uri"]]))
    assert any(e.message.startswith(f"trace {store['other']}:") for e in every)


def test_eval_logs_feedback_on_every_trace_and_a_rerun_replaces_it(
    store: dict[str, Any], tmp_path: Path
) -> None:
    uri = store["uri"]
    args = ["eval", "--from", "mlflow", uri, "--experiment", "rag", "--log-to", "mlflow"]
    assert main([*args, "--out", str(tmp_path / "one"), "--quiet"]) == 0
    records = [
        json.loads(line) for line in (tmp_path / "one" / "judgments.jsonl").read_text().splitlines()
    ]
    judged = [r for r in records if r["status"] in ("ok", "repaired")]
    assert len(judged) == N_PLAIN + 1 + 2
    for record in judged:
        trace_id = record["metadata"]["trace_id"]
        got = {a.name: a for a in feedback(uri, trace_id)}
        if "turn" in record["metadata"]:
            got = {
                a.name: a
                for a in feedback(uri, trace_id)
                if a.span_id == record["metadata"]["span_id"]
            }
        assert got["ragjudge/adherence"].value is (record["scores"]["adherence"] == 1.0)
        for name in ("supported_ratio", "relevance", "utilization"):
            assert got[f"ragjudge/{name}"].value == pytest.approx(record["scores"][name])
        assert got["ragjudge/adherence"].source.source_type == "CODE"
        assert got["ragjudge/adherence"].source.source_id == "ragjudge"
        unsupported = [s["text"] for s in record["sentences"] if not s["supported"]]
        for text in unsupported:
            assert " ".join(text.split()) in got["ragjudge/adherence"].rationale
    # examples.csv keeps the ids that point back to the traces
    examples = pd.read_csv(tmp_path / "one" / "examples.csv")
    assert {"trace_id", "span_id"} <= set(examples.columns)
    assert set(store["plain"]) <= set(examples["trace_id"])
    scores = [json.loads(x) for x in (tmp_path / "one" / "scores.jsonl").read_text().splitlines()]
    assert {s["trace_id"] for s in scores} == {r["metadata"]["trace_id"] for r in judged}

    first = store["conversation"]
    before = sorted(a.assessment_id for a in feedback(uri, first))
    assert main([*args, "--out", str(tmp_path / "two"), "--quiet"]) == 0
    after = feedback(uri, first)
    # same names, once each per span: replaced, not duplicated
    assert sorted(a.assessment_id for a in after) != before
    names = [(a.name, a.span_id) for a in after]
    assert len(names) == len(set(names)) == len(before)
    for trace_id in store["plain"]:
        assert [a.name for a in feedback(uri, trace_id)].count("ragjudge/adherence") == 1


def test_the_run_names_the_store_without_its_password() -> None:
    uri = "postgresql://reader:s3cret@db.internal:5432/mlflow"
    assert display_uri(uri) == "postgresql://reader@db.internal:5432/mlflow"
    assert "s3cret" not in source_label("mlflow", [uri])
    assert display_uri("sqlite:///runs.db") == "sqlite:///runs.db"


def test_unknown_experiment_and_misplaced_options_are_one_line_errors(
    store: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "x")
    assert (
        main(["eval", "--from", "mlflow", store["uri"], "--experiment", "nope", "--out", out]) == 2
    )
    assert "no MLflow experiment named 'nope'" in capsys.readouterr().err
    sample = str(SAMPLE)
    assert main(["eval", sample, "--log-to", "mlflow", "--out", out]) == 2
    assert "use it with --from mlflow" in capsys.readouterr().err
    assert main(["ingest", "react", sample, "--experiment", "rag", "-o", out]) == 2
    assert "--experiment applies to mlflow" in capsys.readouterr().err


def test_ingest_command_writes_rows_from_the_store(
    store: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rows.jsonl"
    code = main(["ingest", "mlflow", store["uri"], "--experiment", "rag", "-o", str(out)])
    assert code == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == N_PLAIN + 1 + 2
    err = capsys.readouterr().err
    assert f"trace {store['no_retriever']}: no retriever span" in err
    assert ":None:" not in err
