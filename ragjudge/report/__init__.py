"""Stage 7: aggregate judged runs and write their reports (CSV, summary.json, report.html).

Everything is built from a run folder's `judgments.jsonl` alone, so `ragjudge report` can
rebuild the reports and `ragjudge compare` can set two runs side by side without a judge call.

    summary.py   the figures of summary.json, gathered in one streaming pass
    tables.py    examples.csv and sentences.csv, row by row (and their DataFrames)
    views.py     which examples the page shows in detail, and what it shows of each
    html.py      report.html from the templates in templates/
    charts.py    the page's charts (matplotlib, inline SVG)
    compare.py   two runs side by side
    writers.py   all of the above for one run folder
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any

from ragjudge.record import Record
from ragjudge.runfolder import RunFolder

#: examples report.html shows in detail unless told otherwise (`--report-examples`)
DEFAULT_EXAMPLES = 1000

# imported on first use: the writers load matplotlib, which takes seconds
_EXPORTS = {
    "examples_frame": "ragjudge.report.tables",
    "sentences_frame": "ragjudge.report.tables",
    "summarize": "ragjudge.report.summary",
    "compare_runs": "ragjudge.report.compare",
    "format_comparison": "ragjudge.report.compare",
    "write_reports": "ragjudge.report.writers",
}


def load_records(run_dir: str | Path) -> list[Record]:
    """Every record of a run folder's `judgments.jsonl` (or of that file), in file order."""
    return RunFolder(run_dir).read_records()


__all__ = sorted([*_EXPORTS, "DEFAULT_EXAMPLES", "load_records"])


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ragjudge.report' has no attribute {name!r}")
    return getattr(import_module(module), name)
