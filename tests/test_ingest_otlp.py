"""OTLP spans in: traces made by the real OpenTelemetry SDK with OpenInference (and OTel GenAI)
attributes, encoded by the real OTLP encoder and written one ExportTraceServiceRequest per
line as the collector's file exporter does, are read, judged and scored. Phoenix's span
exports are read too. Skips when the OpenTelemetry test packages are missing; CI has them.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("opentelemetry.sdk", reason="opentelemetry-sdk is not installed")
pytest.importorskip("opentelemetry.exporter.otlp.proto.common")
semconv = pytest.importorskip("openinference.semconv.trace")

import pandas as pd  # noqa: E402
from google.protobuf.json_format import MessageToDict  # noqa: E402
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans  # noqa: E402
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export import (  # noqa: E402
    SimpleSpanProcessor,
    SpanExporter,
    SpanExportResult,
)
from opentelemetry.trace import Status, StatusCode  # noqa: E402

from ragjudge.cli import main  # noqa: E402
from ragjudge.ingest import IngestError, ingest  # noqa: E402

SpanAttributes = semconv.SpanAttributes
DocumentAttributes = semconv.DocumentAttributes
MessageAttributes = semconv.MessageAttributes
CHAIN, RETRIEVER, LLM = "CHAIN", "RETRIEVER", "LLM"
SAMPLE = Path(__file__).resolve().parent.parent / "datasets" / "sample_en.jsonl"
PHOENIX = Path(__file__).parent / "data" / "ingest" / "otlp" / "phoenix_spans.json"


class CollectorFileExporter(SpanExporter):
    """Writes each batch as the collector's file exporter does: one OTLP/JSON
    ExportTraceServiceRequest per line, ids in hex, enums as integers (`hex_ids=False` keeps
    protobuf's own base64 ids, as a plain JSON dump of the message would)."""

    def __init__(self, path: Path, *, hex_ids: bool = True) -> None:
        self.path, self.hex_ids = path, hex_ids

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        request = MessageToDict(encode_spans(spans), use_integers_for_enums=True)
        if self.hex_ids:
            for resource in request["resourceSpans"]:
                for scope in resource["scopeSpans"]:
                    for span in scope["spans"]:
                        for key in ("traceId", "spanId", "parentSpanId"):
                            if key in span:
                                span[key] = base64.b64decode(span[key]).hex()
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(request) + "\n")
        return SpanExportResult.SUCCESS

    def shutdown(self) -> None:
        return None


def rows_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def write_openinference_traces(path: Path, rows: list[dict[str, Any]], hex_ids: bool) -> list[str]:
    """A CHAIN root (input.value / output.value), a RETRIEVER child
    (retrieval.documents.N.document.*) and an LLM child (llm.*_messages) per row."""
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(CollectorFileExporter(path, hex_ids=hex_ids)))
    tracer = provider.get_tracer("rag-app")
    trace_ids = []
    for row in rows:
        with tracer.start_as_current_span("rag") as root:
            root.set_attribute(SpanAttributes.OPENINFERENCE_SPAN_KIND, CHAIN)
            root.set_attribute(SpanAttributes.INPUT_VALUE, row["question"])
            root.set_attribute(SpanAttributes.SESSION_ID, "session-1")
            with tracer.start_as_current_span("retrieve") as ret:
                ret.set_attribute(SpanAttributes.OPENINFERENCE_SPAN_KIND, RETRIEVER)
                ret.set_attribute(SpanAttributes.INPUT_VALUE, row["question"])
                for i, doc in enumerate(row["documents"]):
                    prefix = f"{SpanAttributes.RETRIEVAL_DOCUMENTS}.{i}"
                    ret.set_attribute(f"{prefix}.{DocumentAttributes.DOCUMENT_ID}", f"d{i}")
                    ret.set_attribute(
                        f"{prefix}.{DocumentAttributes.DOCUMENT_CONTENT}", doc["text"]
                    )
                    ret.set_attribute(f"{prefix}.{DocumentAttributes.DOCUMENT_SCORE}", 1.0 - i / 10)
                    ret.set_attribute(
                        f"{prefix}.{DocumentAttributes.DOCUMENT_METADATA}",
                        json.dumps({"title": doc["title"], "url": doc["url"]}),
                    )
            with tracer.start_as_current_span("llm") as llm:
                llm.set_attribute(SpanAttributes.OPENINFERENCE_SPAN_KIND, LLM)
                inp = f"{SpanAttributes.LLM_INPUT_MESSAGES}.0"
                llm.set_attribute(f"{inp}.{MessageAttributes.MESSAGE_ROLE}", "user")
                llm.set_attribute(f"{inp}.{MessageAttributes.MESSAGE_CONTENT}", row["question"])
                out = f"{SpanAttributes.LLM_OUTPUT_MESSAGES}.0"
                llm.set_attribute(f"{out}.{MessageAttributes.MESSAGE_ROLE}", "assistant")
                llm.set_attribute(f"{out}.{MessageAttributes.MESSAGE_CONTENT}", row["response"])
            root.set_attribute(SpanAttributes.OUTPUT_VALUE, row["response"])
            trace_ids.append(format(root.get_span_context().trace_id, "032x"))
    provider.shutdown()
    return trace_ids


@pytest.fixture(scope="module")
def sample() -> list[dict[str, Any]]:
    return rows_of(SAMPLE)


def split(items: Any) -> tuple[list[dict[str, Any]], list[IngestError]]:
    rows: list[dict[str, Any]] = []
    errors: list[IngestError] = []
    for item in items:
        (errors if isinstance(item, IngestError) else rows).append(item)
    return rows, errors


def test_openinference_traces_from_the_sdk_become_examples(
    tmp_path: Path, sample: list[dict[str, Any]]
) -> None:
    path = tmp_path / "traces.jsonl"
    ids = write_openinference_traces(path, sample[:5], hex_ids=True)
    # the exporter wrote one request per finished span: a trace spans several lines
    assert len(path.read_text().splitlines()) == 15
    rows, errors = split(ingest("otlp", [str(path)]))
    assert errors == []
    assert [r["trace_id"] for r in rows] == ids
    for got, original in zip(rows, sample[:5], strict=True):
        assert got["question"] == original["question"]
        assert got["response"] == original["response"]
        assert [d["text"] for d in got["documents"]] == [d["text"] for d in original["documents"]]
        assert [(d["title"], d["url"]) for d in got["documents"]] == [
            (d["title"], d["url"]) for d in original["documents"]
        ]
        assert [d["doc_id"] for d in got["documents"]] == [
            f"d{i}" for i in range(len(original["documents"]))
        ]
        assert got["span_name"] == "rag" and len(got["span_id"]) == 16
        assert got["session_id"] == "session-1"
        assert got["line"] >= 1


def test_base64_ids_of_a_plain_protobuf_dump_read_the_same(
    tmp_path: Path, sample: list[dict[str, Any]]
) -> None:
    path = tmp_path / "b64.jsonl"
    ids = write_openinference_traces(path, sample[:2], hex_ids=False)
    assert "==" in path.read_text()  # the file really holds base64 ids
    rows, errors = split(ingest("otlp", [str(path)]))
    assert errors == []
    assert [r["trace_id"] for r in rows] == ids


def test_genai_conventions_and_traces_without_retrieval(
    tmp_path: Path, sample: list[dict[str, Any]]
) -> None:
    path = tmp_path / "genai.jsonl"
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(CollectorFileExporter(path)))
    tracer = provider.get_tracer("genai-app")
    row = sample[0]
    with tracer.start_as_current_span("invoke_agent support") as root:
        root.set_attribute("gen_ai.operation.name", "invoke_agent")
        with tracer.start_as_current_span("retrieval kb") as ret:
            ret.set_attribute("gen_ai.operation.name", "retrieval")
            ret.set_attribute("gen_ai.retrieval.query.text", row["question"])
            ret.set_attribute(
                "gen_ai.retrieval.documents",
                json.dumps(
                    [
                        {"id": f"kb-{i}", "score": 0.9, "content": d["text"]}
                        for i, d in enumerate(row["documents"])
                    ]
                ),
            )
        with tracer.start_as_current_span("chat gpt-4o") as chat:
            chat.set_attribute("gen_ai.operation.name", "chat")
            messages = [{"role": "user", "parts": [{"type": "text", "content": row["question"]}]}]
            chat.set_attribute("gen_ai.input.messages", json.dumps(messages))
            answer = [
                {"role": "assistant", "parts": [{"type": "text", "content": row["response"]}]}
            ]
            chat.set_attribute("gen_ai.output.messages", json.dumps(answer))
        genai_trace = format(root.get_span_context().trace_id, "032x")
    with tracer.start_as_current_span("chat only") as lone:
        lone.set_attribute(SpanAttributes.OPENINFERENCE_SPAN_KIND, LLM)
        lone.set_attribute(SpanAttributes.INPUT_VALUE, "hi")
        lone.set_attribute(SpanAttributes.OUTPUT_VALUE, "hello")
        lone_trace = format(lone.get_span_context().trace_id, "032x")
    with tracer.start_as_current_span("rag") as failed:
        failed.set_attribute(SpanAttributes.OPENINFERENCE_SPAN_KIND, CHAIN)
        failed.set_attribute(SpanAttributes.INPUT_VALUE, row["question"])
        with tracer.start_as_current_span("retrieve") as ret:
            ret.set_attribute(SpanAttributes.OPENINFERENCE_SPAN_KIND, RETRIEVER)
            key = f"{SpanAttributes.RETRIEVAL_DOCUMENTS}.0.{DocumentAttributes.DOCUMENT_CONTENT}"
            ret.set_attribute(key, row["documents"][0]["text"])
        failed.set_status(Status(StatusCode.ERROR, "model timed out"))
        failed_trace = format(failed.get_span_context().trace_id, "032x")
    provider.shutdown()

    rows, errors = split(ingest("otlp", [str(path)]))
    [got] = rows
    assert got["trace_id"] == genai_trace
    # the agent span carries no text: question and answer come from the chat call
    assert got["question"] == row["question"]
    assert got["response"] == row["response"]
    assert [d["doc_id"] for d in got["documents"]] == [
        f"kb-{i}" for i in range(len(row["documents"]))
    ]
    lone_error, failed_error = errors
    assert lone_error.message.startswith(f"trace {lone_trace}: no retriever span")
    assert failed_error.message.startswith(f"trace {failed_trace}: no answer")
    assert "model timed out" in failed_error.message


def test_eval_from_otlp_judges_every_trace_and_writes_scores(
    tmp_path: Path, sample: list[dict[str, Any]]
) -> None:
    path = tmp_path / "traces.jsonl"
    ids = write_openinference_traces(path, sample[:8], hex_ids=True)
    out = tmp_path / "run"
    assert main(["eval", "--from", "otlp", str(path), "--out", str(out), "--quiet"]) == 0
    records = rows_of(out / "judgments.jsonl")
    assert [r["metadata"]["trace_id"] for r in records] == ids
    assert all(r["status"] in ("ok", "repaired") for r in records)
    for record, original in zip(records, sample[:8], strict=True):
        assert len(record["documents"]) == len(original["documents"])
    scores = rows_of(out / "scores.jsonl")
    assert [s["trace_id"] for s in scores] == ids
    for line, record in zip(scores, records, strict=True):
        assert line["adherence"] is (record["scores"]["adherence"] == 1.0)
        assert line["supported_ratio"] == record["scores"]["supported_ratio"]
        assert line["span_id"] == record["metadata"]["span_id"]
        unsupported = [s["text"] for s in record["sentences"] if not s["supported"]]
        assert line["unsupported"] == unsupported
    examples = pd.read_csv(out / "examples.csv")
    assert list(examples["trace_id"]) == ids
    assert examples["span_id"].notna().all()


def test_phoenix_span_export_is_read(tmp_path: Path) -> None:
    rows, errors = split(ingest("otlp", [str(PHOENIX)]))
    assert errors == []
    [got] = rows
    assert got["trace_id"] == "6d3b1f0a9c2e4b7d8e1f2a3b4c5d6e7f"
    assert got["span_id"] == "1a2b3c4d5e6f7a8b"
    assert got["question"] == "How long is the warranty on the X200 drill?"
    assert got["response"] == "The X200 drill has a two-year warranty."
    assert [d["title"] for d in got["documents"]] == ["warranty.md", "x200-specs.md"]

    # the same spans as Phoenix's spans dataframe, saved to Parquet
    spans = json.loads(PHOENIX.read_text(encoding="utf-8"))["data"]
    frame = pd.DataFrame(
        [
            {
                "context.trace_id": s["context"]["trace_id"],
                "context.span_id": s["context"]["span_id"],
                "parent_id": s["parent_id"],
                "name": s["name"],
                "span_kind": s["span_kind"],
                "start_time": s["start_time"],
                "status_code": s["status_code"],
                **{f"attributes.{k}": v for k, v in _nested_documents(s["attributes"]).items()},
            }
            for s in spans
        ]
    )
    parquet = tmp_path / "spans.parquet"
    frame.to_parquet(parquet)
    from_frame, errors = split(ingest("otlp", [str(parquet)]))
    assert errors == []
    assert [(r["question"], r["response"], len(r["documents"])) for r in from_frame] == [
        (got["question"], got["response"], 2)
    ]


def _nested_documents(attributes: dict[str, Any]) -> dict[str, Any]:
    """Phoenix's dataframe holds retrieval.documents as one list of document objects."""
    out: dict[str, Any] = {}
    docs: dict[int, dict[str, Any]] = {}
    for key, value in attributes.items():
        if key.startswith("retrieval.documents."):
            index, _, rest = key.removeprefix("retrieval.documents.").partition(".")
            docs.setdefault(int(index), {})[rest] = value
        else:
            out[key] = value
    if docs:
        out["retrieval.documents"] = [docs[i] for i in sorted(docs)]
    return out


def test_a_span_without_ids_is_an_error_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"resourceSpans": [{"scopeSpans": [{"spans": [{"name": "x"}]}]}]}\n'
        '{"hello": 1}\n'
        "not json\n",
        encoding="utf-8",
    )
    _, errors = split(ingest("otlp", [str(path)]))
    assert [(e.line, e.message.split(":")[0]) for e in errors] == [
        (1, "resourceSpans[0].scopeSpans[0].spans[0] has no traceId or spanId"),
        (
            2,
            "neither an OTLP ExportTraceServiceRequest ('resourceSpans') nor a Phoenix span "
            "('context', 'span_kind')",
        ),
        (3, "invalid JSON"),
    ]


def test_a_retrievers_own_repeats_stay_and_a_second_retriever_adds_only_new_texts(
    tmp_path: Path,
) -> None:
    path = tmp_path / "two_retrievers.jsonl"
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(CollectorFileExporter(path)))
    tracer = provider.get_tracer("rag-app")
    key = f"{SpanAttributes.RETRIEVAL_DOCUMENTS}.{{}}.{DocumentAttributes.DOCUMENT_CONTENT}"
    with tracer.start_as_current_span("rag") as root:
        root.set_attribute(SpanAttributes.OPENINFERENCE_SPAN_KIND, CHAIN)
        root.set_attribute(SpanAttributes.INPUT_VALUE, "Where is the office?")
        for name, texts in (("dense", ["A", "A", "B"]), ("keyword", ["B", "C"])):
            with tracer.start_as_current_span(name) as ret:
                ret.set_attribute(SpanAttributes.OPENINFERENCE_SPAN_KIND, RETRIEVER)
                for i, text in enumerate(texts):
                    ret.set_attribute(key.format(i), f"Office fact {text}.")
        root.set_attribute(SpanAttributes.OUTPUT_VALUE, "In Lyon.")
    provider.shutdown()
    [got] = list(ingest("otlp", [str(path)]))
    assert isinstance(got, dict)
    assert [d["text"] for d in got["documents"]] == [
        "Office fact A.",
        "Office fact A.",
        "Office fact B.",
        "Office fact C.",
    ]
    assert len(got["retriever_span_ids"]) == 2
    assert got["documents"][3]["span_id"] == got["retriever_span_ids"][1]
