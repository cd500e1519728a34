"""Stage 7: turn the records of `judgments.jsonl` into tables and the `summary.json` figures.

Everything here reads the records alone (their format is docs/outputs.md), so every report can
be rebuilt without calling a judge. Confidence intervals are percentile bootstraps over examples
with a fixed seed, so the same records always give the same numbers.
"""

from __future__ import annotations

import json
import math
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ragjudge import __version__
from ragjudge.errors import InputError, UsageError
from ragjudge.report.metrics import SCORE_METRICS
from ragjudge.types import SPECIAL_KEYS

JUDGMENTS_FILE = "judgments.jsonl"
RUN_FILE = "run.json"

STATUSES: tuple[str, ...] = ("ok", "repaired", "failed", "invalid_input")
#: statuses whose records carry a judgment and scores
SCORED_STATUSES: tuple[str, ...] = ("ok", "repaired")
GOLD_FIELDS: tuple[str, ...] = (
    "adherence",
    "relevance",
    "utilization",
    "completeness",
    "unsupported_keys",
)
#: digits kept in summary figures: enough for any report, and it hides float summation noise
DIGITS = 6
MISSING_GROUP = "(missing)"


# --- reading -------------------------------------------------------------------------------


def judgments_path(run_dir: str | Path) -> Path:
    """The `judgments.jsonl` of a run folder (a path to the file itself is accepted too)."""
    path = Path(run_dir)
    if path.is_dir():
        path = path / JUDGMENTS_FILE
    if not path.is_file():
        raise InputError(f"no {JUDGMENTS_FILE} found in {run_dir}")
    return path


def load_records(run_dir: str | Path) -> list[dict[str, Any]]:
    """Read every record of a run's `judgments.jsonl`, in file order.

    A last line that does not parse is taken to be a write cut short by a crash and is dropped;
    a bad line anywhere else means the file is damaged and raises `InputError`.
    """
    path = judgments_path(run_dir)
    lines = [line for line in path.read_bytes().split(b"\n") if line.strip()]
    records: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        try:
            record = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            if number == len(lines):
                break
            raise InputError(f"{path}: record {number} is not valid JSON ({exc})") from exc
        if not isinstance(record, dict):
            raise InputError(f"{path}: record {number} is not a JSON object")
        records.append(record)
    return records


def load_run_info(run_dir: str | Path) -> dict[str, Any]:
    """The optional `run.json` the runner writes next to the judgments (empty when absent)."""
    path = Path(run_dir)
    if not path.is_dir():
        path = path.parent
    path = path / RUN_FILE
    if not path.is_file():
        return {}
    try:
        info = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{path} is not valid JSON ({exc})") from exc
    return info if isinstance(info, dict) else {}


# --- small record helpers ------------------------------------------------------------------


def is_scored(record: Mapping[str, Any]) -> bool:
    """Whether the record counts towards the score metrics (a judged, valid example)."""
    return record.get("status") in SCORED_STATUSES and isinstance(record.get("scores"), Mapping)


def _number(value: Any) -> float:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float) and math.isfinite(value):
        return float(value)
    return math.nan


def _flag(value: Any) -> bool | None:
    """A gold boolean as the data may spell it: a bool, 0/1, or "true"/"false"."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "1", "0"):
        return value.strip().lower() in ("true", "1")
    return None


def _keys(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.split()
    if isinstance(value, Iterable):
        return [str(k) for k in value]
    return []


def _plain(value: Any) -> Any:
    """A metadata value as one table cell: scalars stay, containers become JSON text."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _rounded(value: float | None) -> float | None:
    if value is None or not math.isfinite(value):
        return None
    return round(float(value), DIGITS)


def document_keys(record: Mapping[str, Any]) -> set[str]:
    """Every document sentence key of the record."""
    keys: set[str] = set()
    for doc in record.get("documents") or []:
        for pair in (doc or {}).get("sentences") or []:
            if pair:
                keys.add(str(pair[0]))
    return keys


def sentence_verdict(sentence: Mapping[str, Any], valid_keys: set[str]) -> str:
    """`supported`, `partially` (valid supporting keys but not fully supported) or `unsupported`."""
    has_valid = any(
        str(k) in valid_keys or k in SPECIAL_KEYS for k in sentence.get("supporting_keys") or []
    )
    if sentence.get("supported") or (has_valid and sentence.get("fully_supported")):
        return "supported"
    if has_valid:
        return "partially"
    return "unsupported"


def example_verdict(record: Mapping[str, Any]) -> str:
    """`adherent`, `hallucination` or `none` (no judgment to tell)."""
    if not is_scored(record):
        return "none"
    adherence = _number(record["scores"].get("adherence"))
    if math.isnan(adherence):
        return "none"
    return "adherent" if adherence >= 0.5 else "hallucination"


# --- tables --------------------------------------------------------------------------------


def _ordered_union(mappings: Iterable[Any]) -> list[str]:
    seen: dict[str, None] = {}
    for mapping in mappings:
        if isinstance(mapping, Mapping):
            for key in mapping:
                seen.setdefault(str(key), None)
    return list(seen)


EXAMPLE_COLUMNS: tuple[str, ...] = (
    "id",
    "status",
    *SCORE_METRICS,
    "n_sentences",
    "n_unsupported",
    "unsupported_keys",
    "n_violations",
    "injection_suspected",
    "error",
)
CITATION_COLUMNS: tuple[str, ...] = (
    "n_citations",
    "n_citations_unresolved",
    "citation_precision",
    "citation_recall",
)
SENTENCE_COLUMNS: tuple[str, ...] = (
    "id",
    "key",
    "text",
    "supported",
    "fully_supported",
    "supporting_keys",
    "probability",
    "explanation",
)


def _metadata_column(key: str) -> str:
    # a metadata key may not shadow a fixed column or a gold column
    if key in EXAMPLE_COLUMNS or key.startswith("gold_"):
        return f"meta_{key}"
    return key


def examples_frame(records: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """One row per example: the columns of `examples.csv` (docs/outputs.md)."""
    meta_keys = _ordered_union(r.get("metadata") for r in records)
    found_gold = _ordered_union(r.get("gold") for r in records)
    gold_keys = [k for k in GOLD_FIELDS if k in found_gold]
    gold_keys += [k for k in found_gold if k not in GOLD_FIELDS]
    rows: list[dict[str, Any]] = []
    for record in records:
        scores = record.get("scores") if isinstance(record.get("scores"), Mapping) else None
        row: dict[str, Any] = {"id": str(record.get("id")), "status": record.get("status")}
        for metric in SCORE_METRICS:
            row[metric] = _number((scores or {}).get(metric))
        row["n_sentences"] = (scores or {}).get("n_sentences")
        row["n_unsupported"] = (scores or {}).get("n_unsupported")
        row["unsupported_keys"] = (
            " ".join(_keys(scores.get("unsupported_keys"))) if scores is not None else None
        )
        row["n_violations"] = len(record.get("violations") or [])
        row["injection_suspected"] = bool(record.get("injection_suspected"))
        row["error"] = record.get("error")
        metadata = record.get("metadata") or {}
        for key in meta_keys:
            row[_metadata_column(key)] = _plain(metadata.get(key))
        gold = record.get("gold") or {}
        for key in gold_keys:
            value = gold.get(key)
            if key == "unsupported_keys":
                value = " ".join(_keys(value)) if value is not None else None
            elif key == "adherence":
                value = _flag(value)
            else:
                value = _plain(value)
            row[f"gold_{key}"] = value
        rows.append(row)
    cited = any(isinstance(r.get("citations"), Mapping) for r in records)
    if cited:
        for record, row in zip(records, rows, strict=True):
            figures = record.get("citations") or {}
            for name in CITATION_COLUMNS:
                row[name] = _plain(figures.get(name))
    columns = [
        *EXAMPLE_COLUMNS,
        *(CITATION_COLUMNS if cited else ()),
        *(_metadata_column(k) for k in meta_keys),
        *(f"gold_{k}" for k in gold_keys),
    ]
    frame = pd.DataFrame(rows, columns=columns)
    frame = frame.astype(
        {m: "float64" for m in SCORE_METRICS}
        | {"n_sentences": "Int64", "n_unsupported": "Int64", "n_violations": "int64"}
        | {"injection_suspected": "bool"}
    )
    if "gold_adherence" in frame:
        frame["gold_adherence"] = frame["gold_adherence"].astype("boolean")
    for key in ("relevance", "utilization", "completeness"):
        if f"gold_{key}" in frame:
            frame[f"gold_{key}"] = pd.to_numeric(frame[f"gold_{key}"], errors="coerce")
    return frame


def sentences_frame(records: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """One row per judged response sentence: the columns of `sentences.csv`."""
    rows: list[dict[str, Any]] = []
    for record in records:
        for sentence in record.get("sentences") or []:
            rows.append(
                {
                    "id": str(record.get("id")),
                    "key": str(sentence.get("key")),
                    "text": sentence.get("text"),
                    "supported": bool(sentence.get("supported")),
                    "fully_supported": bool(sentence.get("fully_supported")),
                    "supporting_keys": " ".join(_keys(sentence.get("supporting_keys"))),
                    "probability": _number(sentence.get("probability")),
                    "explanation": sentence.get("explanation"),
                }
            )
    columns = list(SENTENCE_COLUMNS)
    if any("cited_sources" in s for r in records for s in r.get("sentences") or []):
        columns.append("cited_sources")
        index = 0
        for record in records:
            for sentence in record.get("sentences") or []:
                sources = sentence.get("cited_sources")
                rows[index]["cited_sources"] = (
                    " ".join(str(x) for x in sources) if sources is not None else None
                )
                index += 1
    frame = pd.DataFrame(rows, columns=columns)
    return frame.astype({"supported": "bool", "fully_supported": "bool", "probability": "float64"})


# --- bootstrap -----------------------------------------------------------------------------


def resample_indexes(
    n: int, n_boot: int, *, seed: int, name: str
) -> Iterator[tuple[int, np.ndarray]]:
    """Bootstrap resamples of `n` examples as (first resample number, index matrix) chunks.

    Each metric draws from its own generator, seeded by `seed` and the metric's name, so adding
    or removing a metric never moves another's interval; chunks keep 10k examples x 1000
    draws from needing an 80 MB matrix at once.
    """
    rng = np.random.default_rng([seed, zlib.crc32(name.encode("utf-8"))])
    chunk = max(1, 2_000_000 // n)
    for start in range(0, n_boot, chunk):
        yield start, rng.integers(0, n, size=(min(chunk, n_boot - start), n))


def bootstrap_ratio(
    numerators: np.ndarray,
    denominators: np.ndarray,
    *,
    seed: int,
    name: str,
    n_boot: int = 1000,
) -> tuple[float | None, float | None]:
    """95 % percentile bootstrap interval of sum(numerators) / sum(denominators).

    Resampling is over items (examples). Each `name` draws from its own generator seeded with
    `seed`, so one metric's interval does not change when another metric is added or removed.
    A mean is the ratio with denominators of one.
    """
    n = len(numerators)
    if n == 0:
        return None, None
    estimate = float(numerators.sum() / denominators.sum()) if denominators.sum() else math.nan
    if n == 1 or n_boot <= 0:
        return estimate, estimate
    stats = np.empty(n_boot)
    for start, idx in resample_indexes(n, n_boot, seed=seed, name=name):
        with np.errstate(invalid="ignore", divide="ignore"):
            stats[start : start + len(idx)] = numerators[idx].sum(axis=1) / denominators[idx].sum(
                axis=1
            )
    stats = stats[np.isfinite(stats)]
    if not len(stats):
        return None, None
    low, high = np.quantile(stats, [0.025, 0.975])
    return float(low), float(high)


def _block(
    mean: float | None,
    median: float | None,
    ci: tuple[float | None, float | None],
    n: int,
) -> dict[str, Any]:
    return {
        "mean": _rounded(mean),
        "median": _rounded(median),
        "ci_low": _rounded(ci[0]),
        "ci_high": _rounded(ci[1]),
        "n": int(n),
    }


def _mean_block(values: np.ndarray, *, seed: int, name: str, n_boot: int) -> dict[str, Any]:
    values = values[np.isfinite(values)]
    if not len(values):
        return _block(None, None, (None, None), 0)
    ones = np.ones(len(values))
    ci = bootstrap_ratio(values, ones, seed=seed, name=name, n_boot=n_boot)
    return _block(float(values.mean()), float(np.median(values)), ci, len(values))


def metrics(
    records: Sequence[Mapping[str, Any]], *, seed: int = 0, n_boot: int = 1000
) -> dict[str, dict[str, Any]]:
    """Every metric of docs/outputs.md with mean, median, 95 % CI and n.

    Score metrics are over `ok` and `repaired` examples. `unsupported_sentence_rate` is all
    unsupported sentences over all sentences (its median is the median of per-example rates and
    its n counts examples); `failed_rate` is over every example.
    """
    scored = [r for r in records if is_scored(r)]
    result: dict[str, dict[str, Any]] = {}
    for metric in SCORE_METRICS:
        values = np.array([_number(r["scores"].get(metric)) for r in scored], dtype=float)
        result[metric] = _mean_block(values, seed=seed, name=metric, n_boot=n_boot)
    adherence = np.array([_number(r["scores"].get("adherence")) for r in scored], dtype=float)
    result["hallucination_rate"] = _mean_block(
        1.0 - adherence, seed=seed, name="hallucination_rate", n_boot=n_boot
    )
    pairs = [
        (_number(r["scores"].get("n_unsupported")), _number(r["scores"].get("n_sentences")))
        for r in scored
    ]
    pairs = [(u, s) for u, s in pairs if math.isfinite(u) and math.isfinite(s) and s > 0]
    if pairs:
        unsupported = np.array([u for u, _ in pairs])
        sentences = np.array([s for _, s in pairs])
        ci = bootstrap_ratio(
            unsupported, sentences, seed=seed, name="unsupported_sentence_rate", n_boot=n_boot
        )
        result["unsupported_sentence_rate"] = _block(
            float(unsupported.sum() / sentences.sum()),
            float(np.median(unsupported / sentences)),
            ci,
            len(pairs),
        )
    else:
        result["unsupported_sentence_rate"] = _block(None, None, (None, None), 0)
    failed = np.array([r.get("status") == "failed" for r in records], dtype=float)
    result["failed_rate"] = _mean_block(failed, seed=seed, name="failed_rate", n_boot=n_boot)
    return result


# --- summary parts -------------------------------------------------------------------------


def counts(records: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Examples by status, plus `total` (an unknown status is counted under its own name)."""
    by_status = Counter(str(r.get("status")) for r in records)
    result = {"total": len(records)} | {s: by_status.pop(s, 0) for s in STATUSES}
    return result | dict(sorted(by_status.items()))


def violation_counts(records: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """How often each violation code occurs, most frequent first."""
    codes = Counter(str(v.get("code")) for r in records for v in r.get("violations") or [] if v)
    return dict(sorted(codes.items(), key=lambda item: (-item[1], item[0])))


def usage(
    records: Sequence[Mapping[str, Any]], run_info: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Token totals of the records; the cost comes from `run.json` (the runner prices the run,
    the records carry no prices), and stays None when unknown."""
    totals = [r.get("usage") or {} for r in records]
    run_usage = (run_info or {}).get("usage")
    cost = run_usage.get("cost_usd") if isinstance(run_usage, Mapping) else None
    return {
        "input_tokens": int(sum(u.get("input_tokens") or 0 for u in totals)),
        "output_tokens": int(sum(u.get("output_tokens") or 0 for u in totals)),
        "estimated": any(bool(u.get("estimated")) for u in totals),
        "cost_usd": cost if isinstance(cost, int | float) and not isinstance(cost, bool) else None,
    }


def latency(records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Judge time: the total, and the mean over examples the judge was asked about."""
    judged = [r for r in records if r.get("status") != "invalid_input"]
    times = [_number(r.get("latency_s")) for r in judged]
    times = [t for t in times if math.isfinite(t)]
    total = sum(
        _number(r.get("latency_s")) for r in records if math.isfinite(_number(r.get("latency_s")))
    )
    return {
        "total_s": _rounded(total),
        "mean_s": _rounded(sum(times) / len(times)) if times else None,
    }


def _auroc(labels: np.ndarray, scores: np.ndarray) -> float | None:
    """Area under the ROC curve via the rank-sum statistic (ties count one half)."""
    positives = int(labels.sum())
    negatives = len(labels) - positives
    if positives == 0 or negatives == 0:
        return None
    ranks = pd.Series(scores).rank(method="average").to_numpy()
    rank_sum = ranks[labels.astype(bool)].sum()
    return float((rank_sum - positives * (positives + 1) / 2) / (positives * negatives))


def _ratio(num: float, den: float) -> float | None:
    return num / den if den else None


def gold_agreement(records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Agreement of the judge with gold labels found in the data (empty when there are none).

    Hallucination is the positive class: label = gold adherence false; AUROC scores each example
    with 1 − support_score when the judge gave one, else 1 − adherence. Accuracy, precision,
    recall and F1 use the judge's own decision (adherence below one half). Sentence precision and
    recall compare gold `unsupported_keys` with the sentences the judge found unsupported.
    """
    scored = [r for r in records if is_scored(r) and isinstance(r.get("gold"), Mapping)]
    if not any(r.get("gold") for r in records):
        return {}
    result: dict[str, Any] = {}
    labelled = [(r, _flag(r["gold"].get("adherence"))) for r in scored]
    labelled = [(r, g) for r, g in labelled if g is not None]
    labelled = [(r, g) for r, g in labelled if math.isfinite(_number(r["scores"].get("adherence")))]
    if labelled:
        truth = np.array([not g for _, g in labelled], dtype=float)
        risk = []
        for r, _ in labelled:
            support = _number(r["scores"].get("support_score"))
            if not math.isfinite(support):
                support = _number(r["scores"].get("adherence"))
            risk.append(1.0 - support)
        predicted = np.array(
            [_number(r["scores"].get("adherence")) < 0.5 for r, _ in labelled], dtype=bool
        )
        actual = truth.astype(bool)
        tp = int((predicted & actual).sum())
        fp = int((predicted & ~actual).sum())
        fn = int((~predicted & actual).sum())
        tn = int((~predicted & ~actual).sum())
        precision = _ratio(tp, tp + fp)
        recall = _ratio(tp, tp + fn)
        f1 = _ratio(2 * tp, 2 * tp + fp + fn)
        result["adherence"] = {
            "n": len(labelled),
            "gold_hallucination_rate": _rounded(float(truth.mean())),
            "auroc": _rounded(_auroc(truth, np.array(risk))),
            "accuracy": _rounded((tp + tn) / len(labelled)),
            "precision": _rounded(precision),
            "recall": _rounded(recall),
            "f1": _rounded(f1),
            "confusion": {"tp": tp, "fp": fp, "fn": fn, "tn": tn},
        }
    for metric in ("relevance", "utilization", "completeness"):
        pairs = [(_number(r["scores"].get(metric)), _number(r["gold"].get(metric))) for r in scored]
        pairs = [(j, g) for j, g in pairs if math.isfinite(j) and math.isfinite(g)]
        if pairs:
            errors = np.array([j - g for j, g in pairs])
            result[f"{metric}_rmse"] = {
                "n": len(pairs),
                "rmse": _rounded(float(np.sqrt(np.mean(errors**2)))),
                "mean_error": _rounded(float(errors.mean())),
            }
    with_keys = [r for r in scored if r["gold"].get("unsupported_keys") is not None]
    if with_keys:
        tp = fp = fn = 0
        for r in with_keys:
            gold = set(_keys(r["gold"]["unsupported_keys"]))
            judged = set(_keys(r["scores"].get("unsupported_keys")))
            tp += len(gold & judged)
            fp += len(judged - gold)
            fn += len(gold - judged)
        precision = _ratio(tp, tp + fp)
        recall = _ratio(tp, tp + fn)
        result["unsupported_sentences"] = {
            "n_examples": len(with_keys),
            "precision": _rounded(precision),
            "recall": _rounded(recall),
            "f1": _rounded(_ratio(2 * tp, 2 * tp + fp + fn)),
            "tp": tp,
            "fp": fp,
            "fn": fn,
        }
    return result


def _distinct(values: Iterable[Any]) -> Any:
    found = list(dict.fromkeys(v for v in values if v not in (None, "")))
    if not found:
        return None
    return found[0] if len(found) == 1 else ", ".join(str(v) for v in found)


def run_block(
    records: Sequence[Mapping[str, Any]], run_info: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Who judged what: from the records' `judge`/`prompt`, merged with `run.json`.

    The records are the source of truth for the judge and the prompt; `run.json` adds what only
    the runner knows (dataset, creation time, options) and fills anything the records lack.
    """
    judges = [r.get("judge") or {} for r in records]
    prompts = [r.get("prompt") or {} for r in records]
    run: dict[str, Any] = {
        "judge": _distinct(j.get("kind") for j in judges),
        "provider": _distinct(j.get("provider") for j in judges),
        "model": _distinct(j.get("model") for j in judges),
        "prompt": {
            key: _distinct(p.get(key) for p in prompts)
            for key in ("name", "version", "template_hash", "format")
        },
        "dataset": None,
        "created": None,
        "ragjudge_version": __version__,
    }
    for key, value in (run_info or {}).items():
        if key == "usage":  # shown in the summary's own usage block
            continue
        if key in ("judge", "provider", "model") and run.get(key) is not None:
            continue
        if key == "prompt" and any(run["prompt"].values()):
            continue
        run[key] = value
    return run


def group_values(records: Sequence[Mapping[str, Any]], column: str) -> list[str]:
    """Each record's value of a metadata column, as a label (`(missing)` when absent)."""
    labels = []
    for record in records:
        value = (record.get("metadata") or {}).get(column)
        labels.append(MISSING_GROUP if value is None else str(_plain(value)))
    return labels


def groups(
    records: Sequence[Mapping[str, Any]],
    group_by: Sequence[str],
    *,
    seed: int = 0,
    n_boot: int = 1000,
) -> dict[str, list[dict[str, Any]]]:
    """The counts and metrics per value of each `group_by` metadata column (each on its own)."""
    known = set(_ordered_union(r.get("metadata") for r in records))
    result: dict[str, list[dict[str, Any]]] = {}
    for column in group_by:
        if column not in known:
            available = ", ".join(sorted(known)) or "none"
            raise UsageError(
                f"cannot group by {column!r}: no record has that metadata column "
                f"(metadata columns: {available})"
            )
        labels = group_values(records, column)
        members: dict[str, list[Mapping[str, Any]]] = {}
        for label, record in zip(labels, records, strict=True):
            members.setdefault(label, []).append(record)
        ordered = sorted(members, key=lambda v: (v == MISSING_GROUP, v))
        result[column] = [
            {
                "value": label,
                "counts": counts(members[label]),
                "metrics": metrics(members[label], seed=seed, n_boot=n_boot),
            }
            for label in ordered
        ]
    return result


def normalize_group_by(group_by: str | Sequence[str] | None) -> tuple[str, ...]:
    """Accept `("model", "split")`, `"model,split"` or None."""
    if group_by is None:
        return ()
    if isinstance(group_by, str):
        group_by = group_by.split(",")
    return tuple(dict.fromkeys(c.strip() for c in group_by if c and c.strip()))


def summarize(
    records: Sequence[Mapping[str, Any]],
    *,
    group_by: str | Sequence[str] = (),
    seed: int = 0,
    n_boot: int = 1000,
    run_info: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The `summary.json` dict of docs/outputs.md for these records.

    `run_info` is the content of the run's `run.json` (`write_reports` reads it for you).
    `group_by` names metadata columns; each gets its own list of groups. Raises `UsageError`
    for a column no record has.
    """
    columns = normalize_group_by(group_by)
    return {
        "run": run_block(records, run_info),
        "counts": counts(records),
        "metrics": metrics(records, seed=seed, n_boot=n_boot),
        "violations": violation_counts(records),
        "usage": usage(records, run_info),
        "latency": latency(records),
        "gold": gold_agreement(records),
        "groups": groups(records, columns, seed=seed, n_boot=n_boot),
    }


def groups_frame(summary: Mapping[str, Any]) -> pd.DataFrame:
    """`groups.csv`: one row per (column, value) with counts and each metric's mean and CI."""
    rows: list[dict[str, Any]] = []
    for column, entries in (summary.get("groups") or {}).items():
        for entry in entries:
            row: dict[str, Any] = {"group_by": column, "value": entry["value"]}
            row |= {f"n_{k}" if k == "total" else k: v for k, v in entry["counts"].items()}
            for metric, block in entry["metrics"].items():
                for field in ("mean", "ci_low", "ci_high", "n"):
                    row[f"{metric}_{field}"] = block[field]
            rows.append(row)
    return pd.DataFrame(rows)
