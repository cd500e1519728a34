"""Stage 7: the figures of `summary.json`, gathered in one pass over a run's records.

`SummaryBuilder` is fed records one at a time and keeps only running counts and the compact
per-example numbers the medians, bootstrap intervals and AUROC need, so a summary of any batch
size is built without holding its records. The metrics themselves are declared in
`ragjudge.metrics`; gold agreement, usage, latency and groups are defined here.
"""

from __future__ import annotations

import json
import math
from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ragjudge import __version__
from ragjudge.errors import UsageError
from ragjudge.metrics import N_BOOT, SEED, MetricValues
from ragjudge.pricing import cost_usd
from ragjudge.record import BUDGET_SPENT, SCREEN, Record, Status
from ragjudge.stats import auroc, rounded

STATUSES: tuple[str, ...] = tuple(s.value for s in Status)
GOLD_FIELDS: tuple[str, ...] = (
    "adherence",
    "relevance",
    "utilization",
    "completeness",
    "unsupported_keys",
)
MISSING_GROUP = "(missing)"


def plain(value: Any) -> Any:
    """A metadata value as one table cell or label: scalars stay, containers become JSON."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def group_label(record: Record, column: str) -> str:
    """The group a record falls in for a metadata column: its value as text, or `(missing)`
    when the record has none (no value, null, or blank)."""
    value = record.metadata.get(column)
    if value is None or value == "":
        return MISSING_GROUP
    return str(plain(value))


def gold_flag(value: Any) -> bool | None:
    """A gold boolean as data may spell it: a bool, 0/1, or "true"/"false"."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "1", "0"):
        return value.strip().lower() in ("true", "1")
    return None


def number(value: Any) -> float:
    """A finite number (booleans as 0/1), else NaN."""
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float) and math.isfinite(value):
        return float(value)
    return math.nan


def key_list(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.split()
    if isinstance(value, Iterable):
        return [str(k) for k in value]
    return []


class GroupStats:
    """Counts and metric values of one group (or of the whole run)."""

    def __init__(self) -> None:
        self.statuses: Counter[str] = Counter()
        self.values = MetricValues()

    def add(self, record: Record) -> None:
        self.statuses[record.status.value] += 1
        self.values.add(record)

    def counts(self) -> dict[str, int]:
        total = sum(self.statuses.values())
        return {"total": total} | {s: self.statuses.get(s, 0) for s in STATUSES}


class _Gold:
    """Agreement with gold labels: the compact numbers behind `gold_agreement`."""

    def __init__(self) -> None:
        self.any = False
        self.truth = array("d")  # 1 = hallucination (gold adherence false)
        self.risk = array("d")
        self.predicted = array("b")
        self.errors: dict[str, array[float]] = {
            m: array("d") for m in ("relevance", "utilization", "completeness")
        }
        self.keyed_examples = 0
        self.tp = self.fp = self.fn = 0

    def add(self, record: Record) -> None:
        gold = record.gold
        if gold:
            self.any = True
        scores = record.scores
        if not record.scored or scores is None:
            return
        flag = gold_flag(gold.get("adherence"))
        if flag is not None and math.isfinite(scores.adherence):
            support = number(scores.support_score)
            if not math.isfinite(support):
                support = scores.adherence
            self.truth.append(0.0 if flag else 1.0)
            self.risk.append(1.0 - support)
            self.predicted.append(scores.adherence < 0.5)
        for metric, errors in self.errors.items():
            judged, expected = number(getattr(scores, metric)), number(gold.get(metric))
            if math.isfinite(judged) and math.isfinite(expected):
                errors.append(judged - expected)
        if gold.get("unsupported_keys") is not None:
            self.keyed_examples += 1
            expected_keys = set(key_list(gold["unsupported_keys"]))
            found = set(scores.unsupported_keys)
            self.tp += len(expected_keys & found)
            self.fp += len(found - expected_keys)
            self.fn += len(expected_keys - found)

    def result(self) -> dict[str, Any]:
        """Hallucination is the positive class: label = gold adherence false; AUROC scores each
        example with 1 − support_score when the judge gave one, else 1 − adherence. Accuracy,
        precision, recall and F1 use the judge's own decision (adherence below one half).
        Sentence precision and recall compare gold `unsupported_keys` with the sentences the
        judge found unsupported."""
        if not self.any:
            return {}
        result: dict[str, Any] = {}
        if self.truth:
            truth = np.frombuffer(self.truth, dtype=float)
            actual = truth.astype(bool)
            predicted = np.frombuffer(self.predicted, dtype=np.int8).astype(bool)
            tp = int((predicted & actual).sum())
            fp = int((predicted & ~actual).sum())
            fn = int((~predicted & actual).sum())
            tn = int((~predicted & ~actual).sum())
            result["adherence"] = {
                "n": len(truth),
                "gold_hallucination_rate": rounded(float(truth.mean())),
                "auroc": rounded(auroc(truth, np.frombuffer(self.risk, dtype=float))),
                "accuracy": rounded((tp + tn) / len(truth)),
                "precision": rounded(_ratio(tp, tp + fp)),
                "recall": rounded(_ratio(tp, tp + fn)),
                "f1": rounded(_ratio(2 * tp, 2 * tp + fp + fn)),
                "confusion": {"tp": tp, "fp": fp, "fn": fn, "tn": tn},
            }
        for metric, values in self.errors.items():
            if values:
                errors = np.frombuffer(values, dtype=float)
                result[f"{metric}_rmse"] = {
                    "n": len(errors),
                    "rmse": rounded(float(np.sqrt(np.mean(errors**2)))),
                    "mean_error": rounded(float(errors.mean())),
                }
        if self.keyed_examples:
            tp, fp, fn = self.tp, self.fp, self.fn
            result["unsupported_sentences"] = {
                "n_examples": self.keyed_examples,
                "precision": rounded(_ratio(tp, tp + fp)),
                "recall": rounded(_ratio(tp, tp + fn)),
                "f1": rounded(_ratio(2 * tp, 2 * tp + fp + fn)),
                "tp": tp,
                "fp": fp,
                "fn": fn,
            }
        return result


class _Triage:
    """What a triaged run did: rows kept by the offline screen, rows escalated to the LLM
    judge (and what their calls cost), rows the budget kept back, and how the escalated
    rows' verdicts compare with the screen's."""

    def __init__(self) -> None:
        self.screened = self.escalated = self.budget_spent = 0
        self.input_tokens = self.output_tokens = 0
        self.changes: Counter[str] = Counter()

    def add(self, record: Record) -> None:
        if record.judged_by is None:
            return
        self.screened += 1
        if record.judged_by == SCREEN:
            self.budget_spent += record.triage_note == BUDGET_SPENT
            return
        self.escalated += 1
        if not record.cached:
            self.input_tokens += record.usage.input_tokens
            self.output_tokens += record.usage.output_tokens
        final = record.verdict if record.scored else "failed"
        self.changes[f"{record.triage_verdict} -> {final}"] += 1

    def result(self, run_info: Mapping[str, Any] | None) -> dict[str, Any] | None:
        if not self.screened:
            return None
        pricing = (run_info or {}).get("pricing")
        cost = cost_usd(self.input_tokens, self.output_tokens, pricing) if pricing else None
        return {
            "rows": self.screened,
            "escalated": self.escalated,
            "escalated_share": rounded(self.escalated / self.screened),
            "kept_offline": self.screened - self.escalated,
            "not_escalated_budget_spent": self.budget_spent,
            "escalated_input_tokens": self.input_tokens,
            "escalated_output_tokens": self.output_tokens,
            "escalated_cost_usd": cost,
            "verdict_changes": dict(sorted(self.changes.items())),
        }


def _ratio(num: float, den: float) -> float | None:
    return num / den if den else None


class _Distinct:
    """The distinct non-empty values met, in order (a run normally has one judge)."""

    def __init__(self) -> None:
        self.values: dict[Any, None] = {}

    def add(self, value: Any) -> None:
        if value not in (None, "") and len(self.values) < 100:
            self.values.setdefault(value, None)

    def value(self) -> Any:
        found = list(self.values)
        if not found:
            return None
        return found[0] if len(found) == 1 else ", ".join(str(v) for v in found)


def normalize_group_by(group_by: str | Sequence[str] | None) -> tuple[str, ...]:
    """Accept `("model", "split")`, `"model,split"` or None."""
    if group_by is None:
        return ()
    if isinstance(group_by, str):
        group_by = group_by.split(",")
    return tuple(dict.fromkeys(c.strip() for c in group_by if c and c.strip()))


def unknown_group_column(column: str, known: Iterable[str]) -> UsageError:
    available = ", ".join(sorted(known)) or "none"
    return UsageError(
        f"cannot group by {column!r}: the run has no such column (metadata columns: {available})"
    )


class SummaryBuilder:
    """Gathers everything `summary.json` says about a run, one record at a time."""

    def __init__(self, group_by: Sequence[str] = ()) -> None:
        self.group_by = normalize_group_by(group_by)
        self.run = GroupStats()
        self.violations: Counter[str] = Counter()
        self.input_tokens = self.output_tokens = 0
        self.estimated = False
        self.latency_total = 0.0
        self.latency_judged = 0.0
        self.n_judged = 0
        self.gold = _Gold()
        self.judges = {key: _Distinct() for key in ("kind", "provider", "model")}
        self.prompts = {key: _Distinct() for key in ("name", "version", "template_hash", "format")}
        self.metadata_keys: dict[str, None] = {}
        self.groups: dict[str, dict[str, GroupStats]] = {c: {} for c in self.group_by}
        self.injection_suspected = 0
        self.cached = 0
        self.triage = _Triage()

    def add(self, record: Record) -> None:
        self.run.add(record)
        self.triage.add(record)
        for violation in record.violations:
            self.violations[violation.code] += 1
        self.input_tokens += record.usage.input_tokens
        self.output_tokens += record.usage.output_tokens
        self.estimated = self.estimated or record.usage.estimated
        if math.isfinite(record.latency_s):
            self.latency_total += record.latency_s
            if record.status is not Status.INVALID_INPUT:
                self.latency_judged += record.latency_s
                self.n_judged += 1
        self.gold.add(record)
        if record.judge is not None:
            self.judges["kind"].add(record.judge.kind)
            self.judges["provider"].add(record.judge.provider)
            self.judges["model"].add(record.judge.model)
        if record.prompt is not None:
            for key, distinct in self.prompts.items():
                distinct.add(getattr(record.prompt, key))
        for key in record.metadata:
            self.metadata_keys.setdefault(key, None)
        for column, groups in self.groups.items():
            label = group_label(record, column)
            stats = groups.get(label)
            if stats is None:
                stats = groups[label] = GroupStats()
            stats.add(record)
        self.injection_suspected += record.injection_suspected
        self.cached += record.cached

    def add_all(self, records: Iterable[Record]) -> SummaryBuilder:
        for record in records:
            self.add(record)
        return self

    # --- the summary ---------------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        return self.run.counts()

    def violation_counts(self) -> dict[str, int]:
        """How often each violation code occurs, most frequent first."""
        return dict(sorted(self.violations.items(), key=lambda item: (-item[1], item[0])))

    def usage(self, run_info: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Token totals of the records; the cost comes from `run.json` (the runner prices the
        run, the records carry no prices), and stays None when unknown."""
        run_usage = (run_info or {}).get("usage")
        cost = run_usage.get("cost_usd") if isinstance(run_usage, Mapping) else None
        return {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "estimated": self.estimated,
            "cost_usd": cost
            if isinstance(cost, int | float) and not isinstance(cost, bool)
            else None,
        }

    def latency(self) -> dict[str, Any]:
        """Judge time: the total, and the mean over examples the judge was asked about."""
        return {
            "total_s": rounded(self.latency_total),
            "mean_s": rounded(self.latency_judged / self.n_judged) if self.n_judged else None,
        }

    def run_block(self, run_info: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Who judged what: from the records' judge and prompt, merged with `run.json`, which
        adds what only the runner knows (dataset, creation time, options)."""
        run: dict[str, Any] = {
            "judge": self.judges["kind"].value(),
            "provider": self.judges["provider"].value(),
            "model": self.judges["model"].value(),
            "prompt": {key: distinct.value() for key, distinct in self.prompts.items()},
            "dataset": None,
            "created": None,
            "ragjudge_version": __version__,
        }
        for key, value in (run_info or {}).items():
            if key in ("usage", "format_version"):  # shown elsewhere, or not about the run
                continue
            if key in ("judge", "provider", "model") and run.get(key) is not None:
                continue
            if key == "prompt" and any(run["prompt"].values()):
                continue
            run[key] = value
        return run

    def group_blocks(
        self, *, seed: int = SEED, n_boot: int = N_BOOT
    ) -> dict[str, list[dict[str, Any]]]:
        result: dict[str, list[dict[str, Any]]] = {}
        for column, groups in self.groups.items():
            if column not in self.metadata_keys:
                raise unknown_group_column(column, self.metadata_keys)
            ordered = sorted(groups, key=lambda v: (v == MISSING_GROUP, v))
            result[column] = [
                {
                    "value": label,
                    "counts": groups[label].counts(),
                    "metrics": groups[label].values.blocks(seed=seed, n_boot=n_boot),
                }
                for label in ordered
            ]
        return result

    def summary(
        self,
        run_info: Mapping[str, Any] | None = None,
        *,
        seed: int = SEED,
        n_boot: int = N_BOOT,
    ) -> dict[str, Any]:
        """The `summary.json` dict of docs/outputs.md. Raises `UsageError` for a group-by
        column no record has."""
        groups = self.group_blocks(seed=seed, n_boot=n_boot)
        summary = {
            "run": self.run_block(run_info),
            "counts": self.counts(),
            "metrics": self.run.values.blocks(seed=seed, n_boot=n_boot),
            "violations": self.violation_counts(),
            "usage": self.usage(run_info),
            "latency": self.latency(),
            "gold": self.gold.result(),
            "groups": groups,
        }
        triage = self.triage.result(run_info)
        if triage is not None:
            summary["triage"] = triage
        return summary


def summarize(
    records: Iterable[Record],
    *,
    group_by: str | Sequence[str] = (),
    seed: int = SEED,
    n_boot: int = N_BOOT,
    run_info: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The `summary.json` dict of docs/outputs.md for these records (see `SummaryBuilder`).
    `group_by` names metadata columns; each gets its own list of groups."""
    builder = SummaryBuilder(normalize_group_by(group_by)).add_all(records)
    return builder.summary(run_info, seed=seed, n_boot=n_boot)


__all__ = [
    "GOLD_FIELDS",
    "MISSING_GROUP",
    "STATUSES",
    "GroupStats",
    "SummaryBuilder",
    "group_label",
    "normalize_group_by",
    "summarize",
]
