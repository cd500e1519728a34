"""After judging: put each traced example's verdict back next to its trace.

`score_records(records)` turns the run's records (as in `judgments.jsonl`) into one score line
per judged trace (or per answering span); `write_back(target, records, run_dir)` writes them
to ``scores.jsonl`` in the run folder, ready for LangSmith's, Langfuse's or Phoenix's
score-upload APIs (docs/ingest.md shows how), and with ``target="mlflow"`` also logs them on
each trace as MLflow feedback, replacing what an earlier run of ragjudge logged there.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ragjudge.errors import UsageError
from ragjudge.record import Record
from ragjudge.runfolder import SCORES

#: the per-example figures written back, in this order
SCORE_FIELDS = ("adherence", "supported_ratio", "relevance", "utilization", "completeness")
#: every name is logged as ``ragjudge/<field>``
PREFIX = "ragjudge/"
SOURCE_ID = "ragjudge"
TARGETS = ("scores", "mlflow")
_JUDGED = ("ok", "repaired")


def rationale(record: Record) -> str:
    """The unsupported sentences of a judged record, one per line, as a reviewer reads them."""
    sentences = record.sentences
    bad = [s for s in sentences if not s.supported]
    if not sentences:
        return "No response sentences were judged."
    if not bad:
        return f"All {len(sentences)} sentences are supported by the retrieved documents."
    lines = [f"{len(bad)} of {len(sentences)} sentences are not supported:"]
    for s in bad:
        text = " ".join(s.text.split())
        why = " ".join((s.explanation or "").split())
        lines.append(f"- {text}" + (f" ({why})" if why else ""))
    return "\n".join(lines)


def score_records(records: Iterable[Record]) -> list[dict[str, Any]]:
    """One score line per record that carries a trace id (records of other sources are
    skipped): ``trace_id``, ``span_id``, ``turn``, ``id``, ``status``, the five figures
    (`adherence` a boolean, the others numbers; null when the example was not judged),
    ``unsupported`` (the sentences), ``rationale`` and ``error``."""
    out: list[dict[str, Any]] = []
    for record in records:
        meta = record.metadata
        trace_id = meta.get("trace_id")
        if not trace_id:
            continue
        judged = record.scored and record.scores is not None
        line: dict[str, Any] = {
            "trace_id": str(trace_id),
            "span_id": meta.get("span_id"),
            "turn": meta.get("turn"),
            "id": record.id,
            "status": str(record.status),
        }
        for name in SCORE_FIELDS:
            value = getattr(record.scores, name) if judged else None
            # adherence is a verdict: true when every sentence is supported
            line[name] = bool(value) if name == "adherence" and value is not None else value
        line["unsupported"] = [s.text for s in record.sentences if not s.supported]
        line["rationale"] = rationale(record) if judged else None
        line["error"] = None if judged else record.error
        out.append(line)
    return out


def write_scores(lines: Iterable[Mapping[str, Any]], run_dir: str | Path) -> Path:
    """Write score lines to ``<run_dir>/scores.jsonl`` (replacing an earlier file)."""
    path = Path(run_dir) / SCORES
    with path.open("w", encoding="utf-8") as f:
        for line in lines:
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
    return path


def log_to_mlflow(lines: Iterable[Mapping[str, Any]], tracking_uri: str) -> int:
    """Log each score line on its MLflow trace as feedback named ``ragjudge/<field>`` (source
    type CODE, source id ``ragjudge``; a turn of a multi-turn trace is logged on its span).
    Feedback an earlier ragjudge run logged under the same names is deleted first, so a rerun
    replaces it. An example that could not be judged gets ``ragjudge/adherence`` with the
    error instead of a value. Returns the number of examples written."""
    from ragjudge.ingest.mlflow_traces import INSTALL_HINT

    try:
        import mlflow
        from mlflow.entities import AssessmentError, AssessmentSource
    except ImportError as exc:
        raise UsageError(INSTALL_HINT) from exc

    names = {PREFIX + n for n in SCORE_FIELDS}
    source = AssessmentSource(source_type="CODE", source_id=SOURCE_ID)
    previous = mlflow.get_tracking_uri()
    mlflow.set_tracking_uri(tracking_uri)
    written = 0
    try:
        for line in lines:
            trace_id = str(line["trace_id"])
            span_id = line.get("span_id") if line.get("turn") else None
            trace = mlflow.get_trace(trace_id)
            if trace is None:
                continue
            for old in trace.info.assessments or []:
                old_source = getattr(old.source, "source_id", None)
                if old.name in names and old_source == SOURCE_ID and old.span_id == span_id:
                    mlflow.delete_assessment(trace_id=trace_id, assessment_id=old.assessment_id)
            if line.get("status") not in _JUDGED:
                mlflow.log_feedback(
                    trace_id=trace_id,
                    name=PREFIX + "adherence",
                    source=source,
                    span_id=span_id,
                    error=AssessmentError(
                        error_code=f"RAGJUDGE_{str(line.get('status')).upper()}",
                        error_message=str(line.get("error") or "not judged"),
                    ),
                )
                written += 1
                continue
            for name in SCORE_FIELDS:
                value = line.get(name)
                if value is None:
                    continue
                mlflow.log_feedback(
                    trace_id=trace_id,
                    name=PREFIX + name,
                    value=bool(value) if name == "adherence" else float(value),
                    rationale=line.get("rationale"),
                    source=source,
                    span_id=span_id,
                )
            written += 1
    finally:
        mlflow.set_tracking_uri(previous)
    return written


def write_back(
    target: str,
    records: Iterable[Record],
    run_dir: str | Path,
    *,
    tracking_uri: str | None = None,
) -> dict[str, Any]:
    """Write the verdicts of a finished run back: always ``scores.jsonl`` in `run_dir`;
    with ``target="mlflow"`` also MLflow feedback on each trace in `tracking_uri`.

    Returns ``{"scores_file", "n_scores", "n_logged"}``. Raises `UsageError` for an unknown
    target, or ``"mlflow"`` without a tracking URI.
    """
    if target not in TARGETS:
        raise UsageError(f"unknown write-back target {target!r}: expected one of {TARGETS}")
    lines = score_records(records)
    path = write_scores(lines, run_dir)
    logged = 0
    if target == "mlflow":
        if not tracking_uri:
            raise UsageError("--log-to mlflow needs the traces' tracking URI (--from mlflow URI)")
        logged = log_to_mlflow(lines, tracking_uri)
    return {"scores_file": str(path), "n_scores": len(lines), "n_logged": logged}
