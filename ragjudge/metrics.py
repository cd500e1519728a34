"""The run metrics, each declared once: its name, whether higher is better, and what one record
contributes to it. `summary.json` (ragjudge.report), `ragjudge compare` and the gate all compute
their figures from these declarations.

A metric is a ratio of sums over examples: each record gives a (numerator, denominator) pair,
or nothing when it does not count (an example without a judgment counts in `failed_rate`
only). A mean is the ratio with denominators of one. `MetricValues` keeps those pairs compactly
(two floats per example and metric) while records stream past, and turns them into the mean,
median, 95 % bootstrap interval and n of each metric.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ragjudge.record import Record, Status
from ragjudge.stats import bootstrap_ratio, rounded

#: bootstrap draws and seed of every interval ragjudge reports
N_BOOT = 1000
SEED = 0

Contribution = tuple[float, float] | None


@dataclass(frozen=True)
class Metric:
    """One metric of a run. `of(record)` is the record's (numerator, denominator), or None when
    the record does not count; the metric is sum(numerators) / sum(denominators)."""

    name: str
    description: str
    higher_is_better: bool
    of: Callable[[Record], Contribution]
    #: a mean of per-example values (False: a ratio of sums, such as sentences over sentences)
    per_example: bool = True


def _score(name: str) -> Callable[[Record], Contribution]:
    def of(record: Record) -> Contribution:
        if not record.scored or record.scores is None:
            return None
        value = getattr(record.scores, name)
        if value is None or not math.isfinite(value):
            return None
        return float(value), 1.0

    return of


def _hallucination(record: Record) -> Contribution:
    if not record.scored or record.scores is None or not math.isfinite(record.scores.adherence):
        return None
    return 1.0 - record.scores.adherence, 1.0


def _estimated_hallucination(record: Record) -> Contribution:
    support = _score("support_score")(record)
    if support is not None:
        return 1.0 - support[0], 1.0
    # a triaged run: an escalated row counts with the LLM judge's verdict
    if record.triage_probability is not None:
        return _hallucination(record)
    return None


def _unsupported_sentences(record: Record) -> Contribution:
    if not record.scored or record.scores is None:
        return None
    sentences, unsupported = record.scores.n_sentences, record.scores.n_unsupported
    if not sentences or sentences <= 0:
        return None
    return float(unsupported), float(sentences)


def _failed(record: Record) -> Contribution:
    return (1.0 if record.status is Status.FAILED else 0.0), 1.0


#: every metric of `summary.json`, in its order
METRICS: tuple[Metric, ...] = (
    Metric("relevance", "relevant document sentences / document sentences", True,
           _score("relevance")),
    Metric("utilization", "utilized document sentences / document sentences", True,
           _score("utilization")),
    Metric("completeness", "relevant sentences that were utilized / relevant sentences", True,
           _score("completeness")),
    Metric("adherence", "the judge's overall verdict: 1 when the answer is supported", True,
           _score("adherence")),
    Metric("strict_adherence", "1 when every response sentence is supported", True,
           _score("strict_adherence")),
    Metric("supported_ratio", "supported response sentences / response sentences", True,
           _score("supported_ratio")),
    Metric("support_score", "the judge's continuous support, for judges that give one", True,
           _score("support_score")),
    Metric("hallucination_rate", "1 − adherence: the share of answers the judge flagged", False,
           _hallucination),
    Metric("estimated_hallucination_rate",
           "mean of 1 − support_score: the share of hallucinated answers a calibrated judge "
           "(offline) expects; in a triaged run escalated rows count with the LLM's verdict",
           False, _estimated_hallucination),
    Metric("unsupported_sentence_rate", "unsupported sentences / all sentences", False,
           _unsupported_sentences, per_example=False),
    Metric("failed_rate", "failed examples / all examples", False, _failed),
)  # fmt: skip

BY_NAME: dict[str, Metric] = {metric.name: metric for metric in METRICS}
NAMES: tuple[str, ...] = tuple(BY_NAME)
#: metrics where a smaller value is better: a regression is a rise
LOWER_IS_BETTER: frozenset[str] = frozenset(m.name for m in METRICS if not m.higher_is_better)
#: the per-example scores a record carries (`Scores`), which are metrics as they stand
SCORE_METRICS: tuple[str, ...] = (
    "relevance",
    "utilization",
    "completeness",
    "adherence",
    "strict_adherence",
    "supported_ratio",
    "support_score",
)


def metric_block(
    mean: float | None,
    median: float | None,
    ci: tuple[float | None, float | None],
    n: int,
) -> dict[str, Any]:
    """A metric's figures as `summary.json` writes them."""
    return {
        "mean": rounded(mean),
        "median": rounded(median),
        "ci_low": rounded(ci[0]),
        "ci_high": rounded(ci[1]),
        "n": int(n),
    }


class MetricValues:
    """What each record contributes to each metric, gathered as records stream past."""

    def __init__(self, metrics: Iterable[Metric] = METRICS) -> None:
        self.metrics = tuple(metrics)
        self._num = {m.name: array("d") for m in self.metrics}
        self._den = {m.name: array("d") for m in self.metrics if not m.per_example}

    def add(self, record: Record) -> None:
        for metric in self.metrics:
            part = metric.of(record)
            if part is None:
                continue
            numerator, denominator = part
            if not (math.isfinite(numerator) and math.isfinite(denominator)):
                continue
            self._num[metric.name].append(numerator)
            if not metric.per_example:
                self._den[metric.name].append(denominator)

    def n(self, name: str) -> int:
        return len(self._num[name])

    def arrays(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        numerators = np.frombuffer(self._num[name], dtype=float) if self._num[name] else np.empty(0)
        den = self._den.get(name)
        if den is None:
            return numerators, np.ones(len(numerators))
        return numerators, np.frombuffer(den, dtype=float) if den else np.empty(0)

    def block(self, name: str, *, seed: int = SEED, n_boot: int = N_BOOT) -> dict[str, Any]:
        """Mean, median (of the per-example ratios), 95 % CI and n of one metric."""
        numerators, denominators = self.arrays(name)
        n = len(numerators)
        if n == 0 or not denominators.sum():
            return metric_block(None, None, (None, None), n)
        ci = bootstrap_ratio(numerators, denominators, seed=seed, name=name, n_boot=n_boot)
        if BY_NAME[name].per_example:
            mean = float(numerators.mean())
            median = float(np.median(numerators))
        else:
            mean = float(numerators.sum() / denominators.sum())
            median = float(np.median(numerators / denominators))
        return metric_block(mean, median, ci, n)

    def blocks(self, *, seed: int = SEED, n_boot: int = N_BOOT) -> dict[str, dict[str, Any]]:
        return {m.name: self.block(m.name, seed=seed, n_boot=n_boot) for m in self.metrics}


__all__ = [
    "BY_NAME",
    "LOWER_IS_BETTER",
    "METRICS",
    "NAMES",
    "SCORE_METRICS",
    "Metric",
    "MetricValues",
    "metric_block",
]
