"""The statistics behind every figure with an interval: seeded percentile bootstraps over
examples (one ratio, or the difference of two paired ratios) and AUROC by ranks.

Each metric draws its resamples from a generator seeded with the run's seed and the metric's
name, so adding or removing a metric never moves another metric's interval, and the same
records always give the same numbers.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
#: digits kept in reported figures: enough for any report, and it hides float summation noise
DIGITS = 6


def rounded(value: float | None) -> float | None:
    """`value` rounded to `DIGITS`, or None when missing or not finite."""
    if value is None or not math.isfinite(value):
        return None
    return round(float(value), DIGITS)


def resample_indexes(
    n: int, n_boot: int, *, seed: int, name: str
) -> Iterator[tuple[int, npt.NDArray[np.int64]]]:
    """Bootstrap resamples of `n` items as (first resample number, index matrix) chunks.

    Chunks keep 10k examples x 1000 draws from needing an 80 MB matrix at once.
    """
    rng = np.random.default_rng([seed, zlib.crc32(name.encode("utf-8"))])
    chunk = max(1, 2_000_000 // n)
    for start in range(0, n_boot, chunk):
        yield start, rng.integers(0, n, size=(min(chunk, n_boot - start), n))


def bootstrap_ratio(
    numerators: FloatArray,
    denominators: FloatArray,
    *,
    seed: int,
    name: str,
    n_boot: int = 1000,
) -> tuple[float | None, float | None]:
    """95 % percentile bootstrap interval of sum(numerators) / sum(denominators), resampling
    items (examples). A mean is the ratio with denominators of one."""
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


def paired_difference(
    a: FloatArray,
    a_den: FloatArray,
    b: FloatArray,
    b_den: FloatArray,
    *,
    seed: int,
    name: str,
    n_boot: int = 1000,
) -> dict[str, float | int | None]:
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
        "a": rounded(mean_a),
        "b": rounded(mean_b),
        "diff": rounded(mean_b - mean_a),
        "ci_low": rounded(low),
        "ci_high": rounded(high),
        "n": n,
    }


def average_ranks(values: FloatArray) -> FloatArray:
    """1-based ranks of `values`, ties given the mean of the ranks they span."""
    order = np.argsort(values, kind="mergesort")
    ordered = values[order]
    # the start of each run of equal values, and each value's run
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    ends = np.r_[starts[1:], len(values)]
    run_rank = (starts + ends + 1) / 2.0
    ranks = np.empty(len(values))
    ranks[order] = np.repeat(run_rank, ends - starts)
    return ranks


def auroc(labels: FloatArray, scores: FloatArray) -> float | None:
    """Area under the ROC curve via the rank-sum statistic (ties count one half)."""
    positives = int(labels.sum())
    negatives = len(labels) - positives
    if positives == 0 or negatives == 0:
        return None
    rank_sum = average_ranks(scores)[labels.astype(bool)].sum()
    return float((rank_sum - positives * (positives + 1) / 2) / (positives * negatives))


__all__ = [
    "DIGITS",
    "auroc",
    "average_ranks",
    "bootstrap_ratio",
    "paired_difference",
    "resample_indexes",
    "rounded",
]
