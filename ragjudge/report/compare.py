"""Stage 7: set two runs side by side: per-metric differences and the examples whose verdict moved.

Examples are paired by id; the confidence interval of each difference is a paired bootstrap
over the examples both runs share, with a fixed seed. The metrics are those of
`ragjudge.metrics`, computed from each record exactly as the summaries compute them. Each run
is read as a stream, keeping a few numbers per example.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ragjudge.metrics import METRICS, N_BOOT, SEED
from ragjudge.report.summary import SummaryBuilder
from ragjudge.runfolder import RunFolder
from ragjudge.stats import paired_difference

#: verdict changes listed in the text form; the dict keeps them all
LISTED_CHANGES = 50


@dataclass(frozen=True)
class _Example:
    """What a comparison needs of one record."""

    verdict: str
    status: str
    question: str | None
    parts: tuple[tuple[float, float] | None, ...]  # per metric, as `Metric.of` gives it


def _read(run: str | Path) -> tuple[dict[str, _Example], SummaryBuilder, dict[str, Any]]:
    folder = RunFolder(run)
    facts = SummaryBuilder()
    examples: dict[str, _Example] = {}
    for record in folder.records():
        facts.add(record)
        # a repeated id keeps its first record, the one a reader meets first in the file
        if record.id not in examples:
            examples[record.id] = _Example(
                record.verdict,
                record.status.value,
                record.question,
                tuple(metric.of(record) for metric in METRICS),
            )
    return examples, facts, folder.read_run_info()


def _usable(part: tuple[float, float] | None) -> bool:
    return part is not None and all(math.isfinite(v) for v in part) and bool(part[1])


def compare_runs(
    run_a: str | Path, run_b: str | Path, *, seed: int = SEED, n_boot: int = N_BOOT
) -> dict[str, Any]:
    """Compare run B against run A (differences are B − A).

    Returns `a`/`b` (folder, run block, counts), `n_common`, `only_a`, `only_b`, `metrics`
    (per metric: mean over the paired examples in each run, `diff`, `ci_low`, `ci_high`, `n`
    pairs) and `verdict_changes` (every shared example whose adherence verdict differs,
    `none` standing for no verdict, e.g. a failed judgment).
    """
    ids_a, facts_a, info_a = _read(run_a)
    ids_b, facts_b, info_b = _read(run_b)
    common = [i for i in ids_a if i in ids_b]
    result: dict[str, Any] = {
        "a": {"path": str(run_a), "run": facts_a.run_block(info_a), "counts": facts_a.counts()},
        "b": {"path": str(run_b), "run": facts_b.run_block(info_b), "counts": facts_b.counts()},
        "n_common": len(common),
        "only_a": sum(1 for i in ids_a if i not in ids_b),
        "only_b": sum(1 for i in ids_b if i not in ids_a),
        "metrics": {},
    }
    for m, metric in enumerate(METRICS):
        usable = [
            (x, y)
            for x, y in ((ids_a[i].parts[m], ids_b[i].parts[m]) for i in common)
            if x is not None and y is not None and _usable(x) and _usable(y)
        ]
        a, a_den, b, b_den = (
            np.array([pair[side][part] for pair in usable], dtype=float)
            for side in (0, 1)
            for part in (0, 1)
        )
        result["metrics"][metric.name] = paired_difference(
            a, a_den, b, b_den, seed=seed, name=metric.name, n_boot=n_boot
        )
    changes = []
    for i in common:
        before, after = ids_a[i], ids_b[i]
        if before.verdict != after.verdict:
            changes.append(
                {
                    "id": i,
                    "a": before.verdict,
                    "b": after.verdict,
                    "status_a": before.status,
                    "status_b": after.status,
                    "question": before.question,
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
    order = [m.name for m in METRICS if m.name in comparison["metrics"]]
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


__all__ = ["compare_runs", "format_comparison"]
