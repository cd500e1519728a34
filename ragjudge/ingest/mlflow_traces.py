"""Ingest source `mlflow`: traces in an MLflow tracking store, read with MLflow's own client.

`read_traces(tracking_uri, experiment=…, filter_string=…)` pages through
`MlflowClient.search_traces` and turns each trace into rows through
`ragjudge.ingest._spans.trace_rows`: the question from the root span's inputs, the documents
from the `RETRIEVER` spans' outputs (MLflow `Document`s: `page_content`, `metadata.doc_uri`),
the response from the root span's outputs or, failing that, the last `CHAT_MODEL` / `LLM`
span's. MLflow is an optional extra: ``pip install 'ragjudge[mlflow]'``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ragjudge.errors import InputError, UsageError
from ragjudge.ingest._common import IngestError
from ragjudge.ingest._spans import Span, trace_rows

NAME = "mlflow"
SUMMARY = "MLflow traces, read from a tracking store (pip install 'ragjudge[mlflow]')"
INSTALL_HINT = "reading MLflow traces needs MLflow: pip install 'ragjudge[mlflow]'"
_PAGE = 100


def display_uri(tracking_uri: str) -> str:
    """The tracking URI without a password, for reports and messages."""
    parts = urlsplit(tracking_uri)
    if parts.password is None:
        return tracking_uri
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))


def client(tracking_uri: str) -> Any:
    """An `MlflowClient` for `tracking_uri`; `UsageError` naming the extra when MLflow is
    not installed."""
    try:
        from mlflow import MlflowClient
    except ImportError as exc:
        raise UsageError(INSTALL_HINT) from exc
    return MlflowClient(tracking_uri=tracking_uri)


def _experiment_ids(mlflow_client: Any, tracking_uri: str, experiment: str | None) -> list[str]:
    if experiment is None:
        return [e.experiment_id for e in mlflow_client.search_experiments()]
    found = mlflow_client.get_experiment_by_name(experiment)
    if found is None and experiment.isdigit():
        try:
            found = mlflow_client.get_experiment(experiment)
        except Exception:  # MLflow raises its own exception type for an unknown id
            found = None
    if found is None:
        raise InputError(
            f"no MLflow experiment named {experiment!r} at {display_uri(tracking_uri)}"
        )
    return [found.experiment_id]


def _span(trace_id: str, span: Any) -> Span:
    status = getattr(span, "status", None)
    code = str(getattr(status, "status_code", "") or "")
    error = None
    if code.endswith("ERROR"):
        error = str(getattr(status, "description", "") or "error")
    return Span(
        trace_id=trace_id,
        span_id=str(span.span_id),
        parent_id=None if span.parent_id is None else str(span.parent_id),
        name=str(span.name or ""),
        kind=str(span.span_type or "").upper(),
        inputs=span.inputs,
        outputs=span.outputs,
        start=span.start_time_ns,
        error=error,
    )


def trace_to_rows(trace: Any, source: str) -> list[dict[str, Any] | IngestError]:
    """The rows (or errors) of one `mlflow.entities.Trace`."""
    info = trace.info
    trace_id = str(info.trace_id)
    state = str(getattr(info, "state", "") or "")
    if state.endswith("IN_PROGRESS"):
        return [
            IngestError(
                source,
                None,
                f"trace {trace_id}: still in progress; partial traces are not ingested",
            )
        ]
    spans = [_span(trace_id, s) for s in trace.data.spans]
    if not spans:
        return [IngestError(source, None, f"trace {trace_id}: the trace holds no spans")]
    tags = dict(getattr(info, "tags", None) or {})
    meta: dict[str, Any] = {
        "experiment_id": getattr(info, "experiment_id", None),
        "trace_name": tags.get("mlflow.traceName"),
        "trace_state": state.rsplit(".", 1)[-1] or None,
        "client_request_id": getattr(info, "client_request_id", None),
    }
    return trace_rows(spans, fmt=NAME, source_file=source, line=None, trace_metadata=meta)


def read_traces(
    tracking_uri: str,
    *,
    experiment: str | None = None,
    filter_string: str | None = None,
    max_results: int | None = None,
) -> Iterator[dict[str, Any] | IngestError]:
    """Rows and `IngestError`s of the traces in `tracking_uri`, newest first as MLflow
    returns them.

    `experiment` is a name (or id); None searches every active experiment. `filter_string`
    is MLflow's trace filter (``"tags.env = 'prod'"``, ``"trace.status = 'OK'"``, …).
    `max_results` stops after that many traces. Raises `UsageError` when MLflow is not
    installed and `InputError` for an unknown experiment; every problem of a trace is an
    `IngestError` naming it.
    """
    mlflow_client = client(tracking_uri)
    source = display_uri(tracking_uri)
    ids = _experiment_ids(mlflow_client, tracking_uri, experiment)
    if not ids:
        return
    token: str | None = None
    seen = 0
    while True:
        page_size = _PAGE if max_results is None else min(_PAGE, max_results - seen)
        page = mlflow_client.search_traces(
            locations=ids,
            filter_string=filter_string,
            max_results=page_size,
            page_token=token,
        )
        for trace in page:
            yield from trace_to_rows(trace, source)
            seen += 1
        token = getattr(page, "token", None)
        if not token or (max_results is not None and seen >= max_results):
            return
