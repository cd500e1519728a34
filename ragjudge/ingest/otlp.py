"""Ingest format `otlp`: OpenTelemetry spans with OpenInference or OTel GenAI attributes.

Files read (JSON Lines, one JSON document, or a JSON list):

- OTLP/JSON as the OpenTelemetry Collector's file exporter writes it: one
  ``ExportTraceServiceRequest`` (``{"resourceSpans": [{"scopeSpans": [{"spans": [...]}]}]}``)
  per line, ids in hex (base64 ids, as a plain protobuf JSON dump writes them, are accepted).
- Phoenix span exports: the span objects of Phoenix's REST API and client
  (``{"context": {"trace_id", "span_id"}, "span_kind", "parent_id", "attributes", …}``, one
  per line, a list, or a ``{"data": [...]}`` response), and the spans dataframe saved as JSON
  records or Parquet (``context.span_id``, ``attributes.input.value``, …).

Attributes understood: OpenInference (``openinference.span.kind``, ``input.value``,
``output.value``, ``retrieval.documents.N.document.content`` / ``.id`` / ``.score`` /
``.metadata``, ``llm.input_messages…`` / ``llm.output_messages.N.message.content``), the OTel
GenAI conventions (``gen_ai.operation.name`` — ``chat``, ``text_completion``,
``generate_content``, ``retrieval``, … —, ``gen_ai.input.messages``, ``gen_ai.output.messages``,
``gen_ai.retrieval.query.text``, ``gen_ai.retrieval.documents``, and the older indexed
``gen_ai.prompt.N.content`` / ``gen_ai.completion.N.content``), and MLflow's own span
attributes when MLflow exports OTLP (``mlflow.spanType``, ``mlflow.spanInputs``,
``mlflow.spanOutputs``). Spans are grouped by trace id across the whole file; each trace gives
rows as `ragjudge.ingest._spans.trace_rows` says.
"""

from __future__ import annotations

import base64
import binascii
import importlib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from ragjudge.ingest._common import IngestError, read_json_records
from ragjudge.ingest._spans import (
    AGENT,
    CHAIN,
    LLM,
    RETRIEVER,
    TOOL,
    Span,
    as_document,
    decode,
    trace_rows,
    traces_in_files,
)

NAME = "otlp"
SUMMARY = "OpenTelemetry spans (OTLP/JSON file exporter, Phoenix exports): OpenInference, GenAI"

#: ``gen_ai.operation.name`` → span kind
_GENAI_KINDS = {
    "chat": LLM,
    "text_completion": LLM,
    "generate_content": LLM,
    "retrieval": RETRIEVER,
    "execute_tool": TOOL,
    "invoke_agent": AGENT,
    "create_agent": AGENT,
    "invoke_workflow": CHAIN,
    "embeddings": "EMBEDDING",
}
#: MLflow span types that are model calls
_MLFLOW_LLM = {"LLM", "CHAT_MODEL"}


# --- attribute values ----------------------------------------------------------------------


def _any_value(value: Any) -> Any:
    """A Python value from an OTLP ``AnyValue`` (camelCase or snake_case field names)."""
    if not isinstance(value, Mapping):
        return value
    for key in ("stringValue", "string_value"):
        if key in value:
            return value[key]
    for key in ("boolValue", "bool_value", "doubleValue", "double_value"):
        if key in value:
            return value[key]
    for key in ("intValue", "int_value"):
        if key in value:
            try:
                return int(value[key])  # 64-bit integers travel as strings in OTLP/JSON
            except (TypeError, ValueError):
                return value[key]
    for key in ("arrayValue", "array_value"):
        if key in value:
            return [_any_value(v) for v in (value[key] or {}).get("values") or []]
    for key in ("kvlistValue", "kvlist_value"):
        if key in value:
            return _key_values((value[key] or {}).get("values") or [])
    for key in ("bytesValue", "bytes_value"):
        if key in value:
            return value[key]
    return None


def _key_values(items: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items or []:
        if isinstance(item, Mapping) and isinstance(item.get("key"), str):
            out[item["key"]] = _any_value(item.get("value"))
    return out


def _hex_id(value: Any, size: int) -> str | None:
    """A trace (16 bytes) or span (8 bytes) id as lowercase hex, from hex or base64 text."""
    if not isinstance(value, str) or not value:
        return None
    text = value.strip().lower().removeprefix("0x")
    if len(text) == 2 * size and all(c in "0123456789abcdef" for c in text):
        return text
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return value  # not an id we can normalise: keep it as written
    return raw.hex() if len(raw) == size else value


def _flatten(value: Any, prefix: str, out: dict[str, Any]) -> None:
    """Nested attributes (Phoenix) as the flat dotted keys OTel uses; GenAI values stay whole
    because the conventions record them as one structured value."""
    if prefix.startswith("gen_ai.") and prefix.count(".") >= 2:
        out[prefix] = value
    elif isinstance(value, Mapping) and value:
        for key, inner in value.items():
            _flatten(inner, f"{prefix}.{key}" if prefix else str(key), out)
    elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        for i, inner in enumerate(value):
            _flatten(inner, f"{prefix}.{i}", out)
    else:
        out[prefix] = value


def _indexed(attrs: Mapping[str, Any], prefix: str) -> list[dict[str, Any]]:
    """``prefix.0.x``, ``prefix.1.x`` … as a list of ``{x: value}`` dicts, in index order."""
    groups: dict[int, dict[str, Any]] = {}
    head = prefix + "."
    for key, value in attrs.items():
        if key.startswith(head):
            index, _, rest = key[len(head) :].partition(".")
            if index.isdigit():
                groups.setdefault(int(index), {})[rest] = value
    return [groups[i] for i in sorted(groups)]


# --- OpenInference / GenAI semantics --------------------------------------------------------


def _kind(attrs: Mapping[str, Any]) -> str:
    kind = attrs.get("openinference.span.kind")
    if isinstance(kind, str) and kind:
        return kind.upper()
    op = attrs.get("gen_ai.operation.name")
    if isinstance(op, str) and op in _GENAI_KINDS:
        return _GENAI_KINDS[op]
    mlflow_type = decode(attrs.get("mlflow.spanType"))
    if isinstance(mlflow_type, str) and mlflow_type:
        return LLM if mlflow_type.upper() in _MLFLOW_LLM else mlflow_type.upper()
    return ""


def _indexed_messages(attrs: Mapping[str, Any], prefix: str) -> list[dict[str, Any]]:
    messages = []
    for m in _indexed(attrs, prefix):
        content = m.get("message.content")
        if content is None:
            parts = [
                str(p["message_content.text"])
                for p in _indexed(m, "message.contents")
                if isinstance(p.get("message_content.text"), str)
            ]
            content = "\n".join(parts) if parts else None
        messages.append({"role": m.get("message.role"), "content": content})
    return messages


def _legacy_genai(attrs: Mapping[str, Any], prefix: str) -> list[dict[str, Any]]:
    return [
        {"role": m.get("role"), "content": m.get("content")}
        for m in _indexed(attrs, prefix)
        if m.get("content") is not None
    ]


def _inputs(attrs: Mapping[str, Any]) -> Any:
    for key in ("input.value", "gen_ai.input.messages", "mlflow.spanInputs"):
        if attrs.get(key) not in (None, ""):
            return decode(attrs[key])
    messages = _indexed_messages(attrs, "llm.input_messages") or _legacy_genai(
        attrs, "gen_ai.prompt"
    )
    if messages:
        return messages
    query = attrs.get("gen_ai.retrieval.query.text")
    return query if isinstance(query, str) else None


def _outputs(attrs: Mapping[str, Any]) -> Any:
    for key in ("output.value", "gen_ai.output.messages", "mlflow.spanOutputs"):
        if attrs.get(key) not in (None, ""):
            return decode(attrs[key])
    messages = _indexed_messages(attrs, "llm.output_messages") or _legacy_genai(
        attrs, "gen_ai.completion"
    )
    return messages or None


def _documents(attrs: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    found = _indexed(attrs, "retrieval.documents")
    if found:
        docs = [
            as_document(
                {
                    "page_content": d.get("document.content"),
                    "id": d.get("document.id"),
                    "score": d.get("document.score"),
                    "metadata": d.get("document.metadata"),
                }
            )
            for d in found
        ]
        return [d for d in docs if d is not None]
    genai = decode(attrs.get("gen_ai.retrieval.documents"))
    if isinstance(genai, list):
        docs = [as_document(d) for d in genai]
        return [d for d in docs if d is not None]
    return None


def span_from_attributes(
    *,
    trace_id: str,
    span_id: str,
    parent_id: str | None,
    name: str,
    attrs: dict[str, Any],
    events: Sequence[tuple[str, Mapping[str, Any]]] = (),
    start: Any = None,
    error: str | None = None,
    kind: str = "",
) -> Span:
    """A `Span` read through the OpenInference / GenAI / MLflow attribute conventions."""
    for event_name, event_attrs in events:
        # GenAI content recorded on span events instead of attributes
        if event_name.startswith("gen_ai."):
            for key in ("gen_ai.input.messages", "gen_ai.output.messages"):
                if key in event_attrs and key not in attrs:
                    attrs[key] = event_attrs[key]
    meta: dict[str, Any] = {}
    for key, out in (("session.id", "session_id"), ("user.id", "user_id")):
        if attrs.get(key) not in (None, ""):
            meta[out] = attrs[key]
    return Span(
        trace_id=trace_id,
        span_id=span_id,
        parent_id=parent_id,
        name=name,
        kind=(kind or _kind(attrs)).upper(),
        inputs=_inputs(attrs),
        outputs=_outputs(attrs),
        documents=_documents(attrs),
        start=start,
        error=error,
        metadata=meta,
    )


# --- OTLP/JSON -------------------------------------------------------------------------------


def _otlp_spans(path: str, line: int, request: Mapping[str, Any]) -> Iterator[Span | IngestError]:
    resource_spans = request.get("resourceSpans", request.get("resource_spans"))
    if not isinstance(resource_spans, list):
        yield IngestError(path, line, "expected 'resourceSpans' (an ExportTraceServiceRequest)")
        return
    for r, resource in enumerate(resource_spans):
        if not isinstance(resource, Mapping):
            continue
        scopes = resource.get(
            "scopeSpans",
            resource.get("scope_spans", resource.get("instrumentationLibrarySpans", [])),
        )
        for s, scope in enumerate(scopes or []):
            if not isinstance(scope, Mapping):
                continue
            for n, raw in enumerate(scope.get("spans") or []):
                where = f"resourceSpans[{r}].scopeSpans[{s}].spans[{n}]"
                yield _otlp_span(path, line, where, raw)


def _otlp_span(path: str, line: int, where: str, raw: Any) -> Span | IngestError:
    if not isinstance(raw, Mapping):
        return IngestError(path, line, f"{where} must be an object")
    trace_id = _hex_id(raw.get("traceId", raw.get("trace_id")), 16)
    span_id = _hex_id(raw.get("spanId", raw.get("span_id")), 8)
    if trace_id is None or span_id is None:
        return IngestError(path, line, f"{where} has no traceId or spanId")
    parent = _hex_id(raw.get("parentSpanId", raw.get("parent_span_id")), 8)
    status: Mapping[str, Any] = raw["status"] if isinstance(raw.get("status"), Mapping) else {}
    code = status.get("code")
    error = None
    if code in (2, "STATUS_CODE_ERROR", "ERROR"):
        error = str(status.get("message") or "error")
    events = [
        (str(e.get("name", "")), _key_values(e.get("attributes")))
        for e in raw.get("events") or []
        if isinstance(e, Mapping)
    ]
    start = raw.get("startTimeUnixNano", raw.get("start_time_unix_nano"))
    try:
        start = int(start) if start is not None else None
    except (TypeError, ValueError):
        start = None
    return span_from_attributes(
        trace_id=trace_id,
        span_id=span_id,
        parent_id=parent,
        name=str(raw.get("name", "")),
        attrs=_key_values(raw.get("attributes")),
        events=events,
        start=start,
        error=error,
    )


# --- Phoenix ---------------------------------------------------------------------------------


def _phoenix_span(path: str, line: int, raw: Mapping[str, Any]) -> Span | IngestError:
    """A span of Phoenix's REST API / client, or one record of its spans dataframe."""
    context: Mapping[str, Any] = raw["context"] if isinstance(raw.get("context"), Mapping) else {}
    trace_id = context.get("trace_id", raw.get("context.trace_id"))
    span_id = context.get("span_id", raw.get("context.span_id"))
    if not isinstance(trace_id, str) or not isinstance(span_id, str):
        return IngestError(path, line, "a Phoenix span needs context.trace_id and context.span_id")
    attrs: dict[str, Any] = {}
    nested = raw.get("attributes")
    if isinstance(nested, Mapping):
        _flatten(nested, "", attrs)
    for key, value in raw.items():
        if key.startswith("attributes.") and value is not None and value == value:  # not NaN
            _flatten(value, key.removeprefix("attributes."), attrs)
    events = [
        (str(e.get("name", "")), e.get("attributes") or {})
        for e in raw.get("events") or []
        if isinstance(e, Mapping)
    ]
    error = None
    if str(raw.get("status_code", "")).upper() == "ERROR":
        error = str(raw.get("status_message") or "error")
    parent = raw.get("parent_id")
    return span_from_attributes(
        trace_id=trace_id,
        span_id=span_id,
        parent_id=parent if isinstance(parent, str) and parent else None,
        name=str(raw.get("name", "")),
        attrs=attrs,
        events=events,
        start=raw.get("start_time"),
        error=error,
        kind=str(raw.get("span_kind") or ""),
    )


def _is_phoenix(record: Mapping[str, Any]) -> bool:
    return (
        "span_kind" in record
        or "context.span_id" in record
        or (isinstance(record.get("context"), Mapping) and "span_id" in record["context"])
    )


# --- files -----------------------------------------------------------------------------------


def _records(path: str) -> Iterator[tuple[int, Any] | IngestError]:
    if Path(path).suffix.lower() == ".parquet":
        pd = importlib.import_module("pandas")  # imported here: only Parquet input needs it
        try:
            frame = pd.read_parquet(path)
        except (OSError, ValueError) as exc:
            yield IngestError(path, None, f"cannot read the Parquet file: {exc}")
            return
        for n, record in enumerate(frame.to_dict(orient="records"), 1):
            yield n, {str(k): _plain(v) for k, v in record.items()}
        return
    yield from read_json_records(path)


def _plain(value: Any) -> Any:
    # Parquet gives numpy arrays for lists and Timestamps for times
    if hasattr(value, "tolist"):
        return _plain(value.tolist())
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def _spans(path: str) -> Iterator[tuple[int | None, Span] | IngestError]:
    for item in _records(path):
        if isinstance(item, IngestError):
            yield item
            continue
        line, record = item
        items = record.get("data") if isinstance(record, Mapping) else None
        batch = items if isinstance(items, list) else record
        for one in batch if isinstance(batch, list) else [batch]:
            if not isinstance(one, Mapping):
                yield IngestError(path, line, f"expected a JSON object, got {type(one).__name__}")
            elif "resourceSpans" in one or "resource_spans" in one:
                for got in _otlp_spans(path, line, one):
                    yield got if isinstance(got, IngestError) else (line, got)
            elif _is_phoenix(one):
                got = _phoenix_span(path, line, one)
                yield got if isinstance(got, IngestError) else (line, got)
            else:
                yield IngestError(
                    path,
                    line,
                    "neither an OTLP ExportTraceServiceRequest ('resourceSpans') nor a Phoenix "
                    "span ('context', 'span_kind')",
                )


def parse_files(paths: Sequence[str]) -> Iterator[dict[str, Any] | IngestError]:
    """Rows of the traces in `paths`; a trace's spans may be spread over several lines and
    files (the collector writes a batch per line and rotates files)."""
    for item in traces_in_files(paths, _spans):
        if isinstance(item, IngestError):
            yield item
            continue
        _, line, trace, file = item
        yield from trace_rows(trace, fmt=NAME, source_file=file, line=line)
