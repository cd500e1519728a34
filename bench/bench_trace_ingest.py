"""Judge RAGBench rows where they are recorded: log N rows as MLflow traces (CHAIN root,
RETRIEVER, CHAT_MODEL) in a SQLite store and N other rows as OTLP/JSON written the collector's
way by the OpenTelemetry SDK with OpenInference attributes, then run `ragjudge eval --from
mlflow --log-to mlflow` and `ragjudge eval --from otlp`, and print what came through.

    python bench/bench_trace_ingest.py [--n 40] [--data ../shared/data]

Needs the mlflow and otel extras and the RAGBench rows in ../shared/data.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ["MLFLOW_ENABLE_ASYNC_TRACE_LOGGING"] = "false"


def ragbench_rows(data: Path, n: int, offset: int) -> list[dict[str, Any]]:
    import pandas as pd

    files = sorted(data.glob("ragbench-validation/*/*.parquet"))
    per_file = max(1, (2 * n) // len(files) + 1)
    rows: list[dict[str, Any]] = []
    for f in files:
        frame = pd.read_parquet(f, columns=["id", "question", "documents", "response"])
        for rec in frame.iloc[offset * per_file : (offset + 1) * per_file].to_dict("records"):
            rows.append({**rec, "documents": [str(d) for d in rec["documents"]]})
    return rows[:n]


def log_mlflow(uri: str, rows: list[dict[str, Any]]) -> list[str]:
    import mlflow
    from mlflow.entities import Document, SpanType

    mlflow.set_tracking_uri(uri)
    mlflow.set_experiment("ragbench")
    ids = []
    for row in rows:
        with mlflow.start_span(name="rag", span_type=SpanType.CHAIN) as root:
            root.set_inputs({"question": row["question"]})
            with mlflow.start_span(name="retrieve", span_type=SpanType.RETRIEVER) as ret:
                ret.set_inputs({"query": row["question"]})
                ret.set_outputs(
                    [
                        Document(page_content=d, metadata={"doc_uri": f"{row['id']}/{i}"})
                        for i, d in enumerate(row["documents"])
                    ]
                )
            with mlflow.start_span(name="chat", span_type=SpanType.CHAT_MODEL) as chat:
                chat.set_inputs({"messages": [{"role": "user", "content": row["question"]}]})
                chat.set_outputs(
                    {"choices": [{"message": {"role": "assistant", "content": row["response"]}}]}
                )
            root.set_outputs(row["response"])
            ids.append(str(root.trace_id))
    return ids


def write_otlp(path: Path, rows: list[dict[str, Any]]) -> None:
    from google.protobuf.json_format import MessageToDict
    from openinference.semconv.trace import DocumentAttributes, SpanAttributes
    from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
    from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
    from opentelemetry.sdk.trace.export import (
        SimpleSpanProcessor,
        SpanExporter,
        SpanExportResult,
    )

    class CollectorFile(SpanExporter):
        def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
            request = MessageToDict(encode_spans(spans), use_integers_for_enums=True)
            for resource in request["resourceSpans"]:
                for scope in resource["scopeSpans"]:
                    for span in scope["spans"]:
                        for key in ("traceId", "spanId", "parentSpanId"):
                            if key in span:
                                span[key] = base64.b64decode(span[key]).hex()
            with path.open("a", encoding="utf-8") as f:
                f.write(json.dumps(request) + "\n")
            return SpanExportResult.SUCCESS

    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(CollectorFile()))
    tracer = provider.get_tracer("ragbench")
    kind = SpanAttributes.OPENINFERENCE_SPAN_KIND
    for row in rows:
        with tracer.start_as_current_span("rag") as root:
            root.set_attribute(kind, "CHAIN")
            root.set_attribute(SpanAttributes.INPUT_VALUE, row["question"])
            with tracer.start_as_current_span("retrieve") as ret:
                ret.set_attribute(kind, "RETRIEVER")
                for i, doc in enumerate(row["documents"]):
                    key = f"{SpanAttributes.RETRIEVAL_DOCUMENTS}.{i}."
                    ret.set_attribute(key + DocumentAttributes.DOCUMENT_CONTENT, doc)
            with tracer.start_as_current_span("llm") as llm:
                llm.set_attribute(kind, "LLM")
                llm.set_attribute(SpanAttributes.OUTPUT_VALUE, row["response"])
            root.set_attribute(SpanAttributes.OUTPUT_VALUE, row["response"])
    provider.shutdown()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=40)
    parser.add_argument("--data", default=str(Path(__file__).resolve().parents[2] / "shared/data"))
    args = parser.parse_args(argv)
    from ragjudge.cli import main as ragjudge

    data = Path(args.data)
    work = Path(tempfile.mkdtemp(prefix="bench-traces-"))
    mlflow_rows, otlp_rows = ragbench_rows(data, args.n, 0), ragbench_rows(data, args.n, 1)

    t0 = time.perf_counter()
    uri = f"sqlite:///{work / 'mlruns.db'}"
    ids = log_mlflow(uri, mlflow_rows)
    t1 = time.perf_counter()
    source = ["--from", "mlflow", uri, "--experiment", "ragbench", "--log-to", "mlflow"]
    code = ragjudge(["eval", *source, "--out", str(work / "mlflow-run"), "--quiet"])
    t2 = time.perf_counter()
    records = [json.loads(x) for x in (work / "mlflow-run/judgments.jsonl").open()]
    import mlflow

    mlflow.set_tracking_uri(uri)
    carrying = sum(
        any(a.name == "ragjudge/adherence" for a in mlflow.get_trace(t).info.assessments)
        for t in ids
    )
    judged = sum(r["status"] in ("ok", "repaired") for r in records)
    print(f"mlflow: {len(ids)} traces logged in {t1 - t0:.1f}s; eval exit {code} in {t2 - t1:.1f}s")
    print(
        f"  examples {len(records)}, judged {judged}, with documents "
        f"{sum(bool(r['documents']) for r in records)}; traces carrying ragjudge/adherence "
        f"{carrying}/{len(ids)}"
    )

    path = work / "traces.jsonl"
    t3 = time.perf_counter()
    write_otlp(path, otlp_rows)
    t4 = time.perf_counter()
    code = ragjudge(
        ["eval", "--from", "otlp", str(path), "--out", str(work / "otlp-run"), "--quiet"]
    )
    t5 = time.perf_counter()
    records = [json.loads(x) for x in (work / "otlp-run/judgments.jsonl").open()]
    judged = sum(r["status"] in ("ok", "repaired") for r in records)
    docs_ok = sum(
        len(r["documents"]) == len(o["documents"]) for r, o in zip(records, otlp_rows, strict=False)
    )
    print(
        f"otlp: {len(otlp_rows)} traces written ({len(path.read_text().splitlines())} lines) in "
        f"{t4 - t3:.1f}s; eval exit {code} in {t5 - t4:.1f}s"
    )
    print(f"  examples {len(records)}, judged {judged}, all documents kept {docs_ok}")
    print(f"work folder: {work}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
