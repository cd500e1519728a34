"""Stage 7: aggregate judged runs and write their reports (CSV, summary.json, report.html).

Everything is built from a run folder's `judgments.jsonl` alone, so `ragjudge report` can
rebuild the reports and `ragjudge compare` can set two runs side by side without a judge call.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

# imported on first use: the writers load matplotlib, which takes seconds
_EXPORTS = {
    "examples_frame": "ragjudge.report.aggregate",
    "load_records": "ragjudge.report.aggregate",
    "sentences_frame": "ragjudge.report.aggregate",
    "summarize": "ragjudge.report.aggregate",
    "compare_runs": "ragjudge.report.compare",
    "format_comparison": "ragjudge.report.compare",
    "write_reports": "ragjudge.report.writers",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ragjudge.report' has no attribute {name!r}")
    return getattr(import_module(module), name)
