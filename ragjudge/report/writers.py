"""Stage 7: write a run folder's reports (CSV, JSON, HTML) from its `judgments.jsonl` alone.

Two passes over the records: the first gathers the summary's figures, the tables' columns
and the examples the page shows; the second writes `examples.csv` and `sentences.csv` row by
row and renders the chosen examples. A small run's records (`judgments.jsonl` up to
`HOLD_BYTES`) are read once and held for the second pass, where reading them again would be
half the reports' time; a larger run's are streamed twice, so memory holds running sums,
compact per-example numbers and the bounded set of detailed examples, never the records.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ragjudge.errors import InputError
from ragjudge.metrics import SEED
from ragjudge.record import Record
from ragjudge.report import DEFAULT_EXAMPLES
from ragjudge.report.html import ExampleCards, write_page
from ragjudge.report.summary import SummaryBuilder, normalize_group_by
from ragjudge.report.tables import ExamplesWriter, SentencesWriter, TableColumns, write_groups
from ragjudge.report.views import ExampleSelection
from ragjudge.runfolder import (
    EXAMPLES_CSV,
    GROUPS_CSV,
    REPORT_HTML,
    SENTENCES_CSV,
    SUMMARY,
    RunFolder,
)

#: the largest `judgments.jsonl` whose records are held between the two passes (about
#: 4,000 records of RAGBench-sized examples, some 75 MB of objects)
HOLD_BYTES = 32 * 2**20


def write_reports(
    run_dir: str | Path,
    *,
    group_by: str | Sequence[str] = (),
    report_examples: int = DEFAULT_EXAMPLES,
    seed: int = SEED,
) -> dict[str, Any]:
    """(Re)build examples.csv, sentences.csv, summary.json, groups.csv and report.html.

    Reads only `judgments.jsonl` (and `run.json` when present), never calls a judge, and gives
    byte-identical files for the same input and `seed`. `groups.csv` is written only when
    `group_by` names columns. `report_examples` bounds the examples `report.html` shows in
    detail (every example stays in the CSV files). Returns the summary dict.
    """
    folder = RunFolder(run_dir)
    if not folder.path.is_dir():
        raise InputError(f"run folder not found: {run_dir}")
    columns = normalize_group_by(group_by)

    facts = SummaryBuilder(columns)
    tables = TableColumns()
    selection = ExampleSelection(report_examples, seed)
    small = folder.has_judgments() and folder.judgments.stat().st_size <= HOLD_BYTES
    held: list[Record] | None = [] if small else None
    for position, record in enumerate(folder.records()):
        facts.add(record)
        tables.see(record)
        selection.see(position, record)
        if held is not None:
            held.append(record)
    summary = facts.summary(folder.read_run_info(), seed=seed)

    cards = ExampleCards(selection.chosen())
    try:
        with folder.open_text(EXAMPLES_CSV) as examples, folder.open_text(SENTENCES_CSV) as sent:
            example_rows = ExamplesWriter(examples, tables)
            sentence_rows = SentencesWriter(sent, tables)
            for position, record in enumerate(held if held is not None else folder.records()):
                example_rows.write(record)
                sentence_rows.write(record)
                cards.see(position, record)
        folder.write_text(
            SUMMARY,
            json.dumps(summary, ensure_ascii=False, indent=2, allow_nan=False, default=str) + "\n",
        )
        if columns:
            with folder.open_text(GROUPS_CSV) as handle:
                write_groups(handle, summary)
        with folder.open_text(REPORT_HTML) as handle:
            write_page(handle, summary, facts, cards)
    finally:
        cards.close()
    return summary


__all__ = ["write_reports"]
