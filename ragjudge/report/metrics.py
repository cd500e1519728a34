"""The names of the run metrics, shared by the reports and the gate. Imports nothing, so the
gate and the command line can know the metrics without loading pandas or matplotlib."""

from __future__ import annotations

#: per-example scores copied from `record["scores"]`
SCORE_METRICS: tuple[str, ...] = (
    "relevance",
    "utilization",
    "completeness",
    "adherence",
    "strict_adherence",
    "supported_ratio",
    "support_score",
)
#: every metric of `summary.json`
METRICS: tuple[str, ...] = (
    *SCORE_METRICS,
    "hallucination_rate",
    "unsupported_sentence_rate",
    "failed_rate",
)
#: metrics where a smaller value is better: a regression is a rise
LOWER_IS_BETTER: frozenset[str] = frozenset(
    {"hallucination_rate", "unsupported_sentence_rate", "failed_rate"}
)
