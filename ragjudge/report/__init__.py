"""Stage 7: aggregate judged runs and write their reports (CSV, summary.json, report.html).

Everything is built from a run folder's `judgments.jsonl` alone, so `ragjudge report` can
rebuild the reports and `ragjudge compare` can set two runs side by side without a judge call.
"""

from ragjudge.report.aggregate import (
    examples_frame,
    load_records,
    sentences_frame,
    summarize,
)
from ragjudge.report.compare import compare_runs, format_comparison
from ragjudge.report.writers import write_reports

__all__ = [
    "compare_runs",
    "examples_frame",
    "format_comparison",
    "load_records",
    "sentences_frame",
    "summarize",
    "write_reports",
]
