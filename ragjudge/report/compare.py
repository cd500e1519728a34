"""Stage 7: set two runs side by side: per-metric differences and the examples whose verdict moved.

Examples are paired by id; the confidence interval of each difference is a paired bootstrap
over the examples both runs share, with a fixed seed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ragjudge.report.aggregate import (
    DIGITS,
    counts,
    example_verdict,
    is_scored,
    load_records,
    load_run_info,
    resample_indexes,
    run_block,
)
from ragjudge.report.metrics import METRICS

#: verdict changes listed in the text form; the dict keeps them all
LISTED_CHANGES = 50


def _value(record: Mapping[str, Any], metric: str) -> tuple[float, float]:
    """(numerator, denominator) of one example's contribution to a metric; NaN when absent."""
    if metric == "failed_rate":
        return float(record.get("status") == "failed"), 1.0
    if not is_scored(record):
        return math.nan, math.nan
    scores = record["scores"]

    def number(key: str) -> float:
        value = scores.get(key)
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return float(value) if ok and math.isfinite(value) else math.nan

    if metric == "hallucination_rate":
        return 1.0 - number("adherence"), 1.0
    if metric == "unsupported_sentence_rate":
        sentences = number("n_sentences")
        if not sentences:
            return math.nan, math.nan
        return number("n_unsupported"), sentences
    return number(metric), 1.0


def _rounded(value: float | None) -> float | None:
    return None if value is None or not math.isfinite(value) else round(value, DIGITS)


def paired_difference(
    a: np.ndarray,
    a_den: np.ndarray,
    b: np.ndarray,
    b_den: np.ndarray,
    *,
    seed: int,
    name: str,
    n_boot: int = 1000,
) -> dict[str, Any]:
    """Difference B − A of two ratios of sums over paired items, with a 95 % bootstrap CI."""
    n = len(a)
    if n == 0:
        return {"a": None, "b": None, "diff": None, "ci_low": None, "ci_high": None, "n": 0}
    mean_a = float(a.sum() / a_den.sum())
    mean_b = float(b.sum() / b_den.sum())
    low = high = mean_b - mean_a
    if n > 1 and n_boot > 0:
        stats = np.empty(n_boot)
        for start, idx in resample_indexes(n, n_boot, seed=seed, name=name):
            with np.errstate(invalid="ignore", divide="ignore"):
                stats[start : start + len(idx)] = b[idx].sum(1) / b_den[idx].sum(1) - a[idx].sum(
                    1
                ) / a_den[idx].sum(1)
        stats = stats[np.isfinite(stats)]
        if len(stats):
            low, high = (float(q) for q in np.quantile(stats, [0.025, 0.975]))
    return {
        "a": _rounded(mean_a),
        "b": _rounded(mean_b),
        "diff": _rounded(mean_b - mean_a),
        "ci_low": _rounded(low),
        "ci_high": _rounded(high),
        "n": n,
    }


def _by_id(records: Sequence[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    found: dict[str, Mapping[str, Any]] = {}
    for record in records:
        # a repeated id keeps its first record, the one a reader meets first in the file
        found.setdefault(str(record.get("id")), record)
    return found


def compare_runs(
    run_a: str | Path, run_b: str | Path, *, seed: int = 0, n_boot: int = 1000
) -> dict[str, Any]:
    """Compare run B against run A (differences are B − A).

    Returns `a`/`b` (folder, run block, counts), `n_common`, `only_a`, `only_b`, `metrics`
    (per metric: mean over the paired examples in each run, `diff`, `ci_low`, `ci_high`, `n`
    pairs) and `verdict_changes` (every shared example whose adherence verdict differs,
    `none` standing for no verdict, e.g. a failed judgment).
    """
    records_a, records_b = load_records(run_a), load_records(run_b)
    ids_a, ids_b = _by_id(records_a), _by_id(records_b)
    common = [i for i in ids_a if i in ids_b]
    result: dict[str, Any] = {
        "a": {
            "path": str(run_a),
            "run": run_block(records_a, load_run_info(run_a)),
            "counts": counts(records_a),
        },
        "b": {
            "path": str(run_b),
            "run": run_block(records_b, load_run_info(run_b)),
            "counts": counts(records_b),
        },
        "n_common": len(common),
        "only_a": sum(1 for i in ids_a if i not in ids_b),
        "only_b": sum(1 for i in ids_b if i not in ids_a),
        "metrics": {},
    }
    for metric in METRICS:
        pairs = [(_value(ids_a[i], metric), _value(ids_b[i], metric)) for i in common]
        pairs = [
            (x, y) for x, y in pairs if all(math.isfinite(v) for v in (*x, *y)) and x[1] and y[1]
        ]
        arrays = [np.array([p[side][part] for p in pairs]) for side in (0, 1) for part in (0, 1)]
        result["metrics"][metric] = paired_difference(
            *arrays, seed=seed, name=metric, n_boot=n_boot
        )
    changes = []
    for i in common:
        before, after = example_verdict(ids_a[i]), example_verdict(ids_b[i])
        if before != after:
            changes.append(
                {
                    "id": i,
                    "a": before,
                    "b": after,
                    "status_a": ids_a[i].get("status"),
                    "status_b": ids_b[i].get("status"),
                    "question": ids_a[i].get("question"),
                }
            )
    result["verdict_changes"] = changes
    return result


def _fmt(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value:+.3f}" if signed else f"{value:.3f}"


def _describe(side: Mapping[str, Any]) -> str:
    run = side.get("run") or {}
    who = " ".join(str(p) for p in (run.get("judge"), run.get("model")) if p)
    return f"{side.get('path')}" + (f" ({who})" if who else "")


def format_comparison(comparison: Mapping[str, Any]) -> str:
    """The comparison as plain text for a terminal."""
    lines = [
        f"A: {_describe(comparison['a'])}",
        f"B: {_describe(comparison['b'])}",
        f"examples in both runs: {comparison['n_common']} "
        f"(only in A: {comparison['only_a']}, only in B: {comparison['only_b']})",
        "",
        f"{'metric':<27}{'A':>9}{'B':>9}{'B − A':>9}   {'95% CI of B − A':<19}{'n':>6}",
    ]
    order = [m for m in METRICS if m in comparison["metrics"]]
    for metric in order:
        m = comparison["metrics"][metric]
        ci = f"[{_fmt(m['ci_low'], True)}, {_fmt(m['ci_high'], True)}]"
        marker = ""
        if m["ci_low"] is not None and (m["ci_low"] > 0 or m["ci_high"] < 0):
            marker = " *"
        lines.append(
            f"{metric:<27}{_fmt(m['a']):>9}{_fmt(m['b']):>9}{_fmt(m['diff'], True):>9}   "
            f"{ci:<19}{m['n']:>6}{marker}"
        )
    lines.append("(* the interval excludes zero)")
    changes = comparison.get("verdict_changes") or []
    lines.append("")
    lines.append(f"verdict changed for {len(changes)} example(s)")
    for change in changes[:LISTED_CHANGES]:
        question = str(change.get("question") or "").replace("\n", " ")
        if len(question) > 60:
            question = question[:59] + "…"
        lines.append(f"  {change['id']}: {change['a']} → {change['b']}  {question}")
    if len(changes) > LISTED_CHANGES:
        lines.append(f"  … and {len(changes) - LISTED_CHANGES} more")
    return "\n".join(lines)


__all__ = ["compare_runs", "format_comparison", "paired_difference"]
