"""Stage 7: the per-example and per-sentence tables (`examples.csv`, `sentences.csv`).

The columns depend on the whole run (every metadata key any record has, the gold labels found,
whether answers carry citations), so `TableColumns` learns them in a first pass over the
records; the rows are then written as the records stream past a second time. `examples_frame`
and `sentences_frame` give the same tables as pandas DataFrames for the Python API.

A cell is written as pandas writes its column: numbers as numbers (a column of whole numbers
with gaps as floats), booleans as True/False, missing values empty. A text cell that a
spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage
return) is written with a leading apostrophe, which spreadsheets show as text; the exact text
stays in `judgments.jsonl` (see SECURITY.md).
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any

from ragjudge.metrics import SCORE_METRICS
from ragjudge.record import Record
from ragjudge.report.summary import GOLD_FIELDS, gold_flag, key_list, number, plain

EXAMPLE_COLUMNS: tuple[str, ...] = (
    "id",
    "status",
    *SCORE_METRICS,
    "n_sentences",
    "n_unsupported",
    "unsupported_keys",
    "n_violations",
    "injection_suspected",
    "error",
)
CITATION_COLUMNS: tuple[str, ...] = (
    "n_citations",
    "n_citations_unresolved",
    "citation_precision",
    "citation_recall",
)
#: a triaged run (`--triage`): which judge made each record, and the screen's probability
TRIAGE_COLUMNS: tuple[str, ...] = ("judged_by", "triage_probability")
SENTENCE_COLUMNS: tuple[str, ...] = (
    "id",
    "key",
    "text",
    "supported",
    "fully_supported",
    "supporting_keys",
    "probability",
    "explanation",
)
#: first characters that make a spreadsheet read a cell as a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(text: str) -> str:
    """`text`, with an apostrophe in front when a spreadsheet would run it as a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


# --- column kinds ------------------------------------------------------------------------------


class _Kind:
    """The types met in one open-ended column (metadata, gold, citations), to write each cell
    the way pandas writes the column it infers."""

    __slots__ = ("bools", "floats", "ints", "missing", "texts")

    def __init__(self) -> None:
        self.missing = self.bools = self.ints = self.floats = self.texts = False

    def see(self, value: Any) -> None:
        if value is None or (isinstance(value, float) and math.isnan(value)):
            self.missing = True
        elif isinstance(value, bool):
            self.bools = True
        elif isinstance(value, int):
            self.ints = True
        elif isinstance(value, float):
            self.floats = True
        else:
            self.texts = True

    @property
    def numeric(self) -> bool:
        """A float column: numbers only, with a gap or a fraction somewhere."""
        numbers = self.ints or self.floats
        return numbers and not (self.bools or self.texts) and (self.floats or self.missing)


class TableColumns:
    """The columns of a run's tables, learnt from its records (first pass)."""

    def __init__(self) -> None:
        self.metadata: dict[str, _Kind] = {}
        self.gold: dict[str, _Kind] = {}
        self.citations: dict[str, _Kind] = {name: _Kind() for name in CITATION_COLUMNS}
        self.cited = False
        self.cited_sources = False
        self.triaged = False
        self._rows = 0

    def see(self, record: Record) -> None:
        # a column a record lacks is a gap in that column, as in a DataFrame
        for key, kind in self.metadata.items():
            if key not in record.metadata:
                kind.missing = True
        for key, value in record.metadata.items():
            column = self.metadata.get(key)
            if column is None:
                column = self.metadata[key] = _Kind()
                column.missing = self._rows > 0
            column.see(plain(value))
        for key in record.gold:
            self.gold.setdefault(key, _Kind())
        if record.citations is not None:
            self.cited = True
        if record.judged_by is not None:
            self.triaged = True
        for name, kind in self.citations.items():
            kind.see(getattr(record.citations, name) if record.citations else None)
        if not self.cited_sources:
            self.cited_sources = any(s.cited_sources is not None for s in record.sentences)
        self._rows += 1

    def see_all(self, records: Iterable[Record]) -> TableColumns:
        for record in records:
            self.see(record)
        return self

    @property
    def gold_keys(self) -> list[str]:
        found = list(self.gold)
        return [k for k in GOLD_FIELDS if k in found] + [k for k in found if k not in GOLD_FIELDS]

    def example_header(self) -> list[str]:
        return [
            *EXAMPLE_COLUMNS,
            *(TRIAGE_COLUMNS if self.triaged else ()),
            *(CITATION_COLUMNS if self.cited else ()),
            *(metadata_column(k) for k in self.metadata),
            *(f"gold_{k}" for k in self.gold_keys),
        ]

    def sentence_header(self) -> list[str]:
        return [*SENTENCE_COLUMNS, *(("cited_sources",) if self.cited_sources else ())]


def metadata_column(key: str) -> str:
    """A metadata key's column: it may not shadow a fixed column or a gold column."""
    if key in EXAMPLE_COLUMNS or key in TRIAGE_COLUMNS or key.startswith("gold_"):
        return f"meta_{key}"
    return key


# --- rows ------------------------------------------------------------------------------------


def example_values(record: Record, columns: TableColumns) -> list[Any]:
    """The row of `examples.csv` for a record, as typed values (NaN / None for gaps)."""
    scores = record.scores if record.scored or record.scores is not None else None
    row: list[Any] = [record.id, record.status.value]
    row += [number(getattr(scores, m)) if scores else math.nan for m in SCORE_METRICS]
    row += [
        scores.n_sentences if scores else None,
        scores.n_unsupported if scores else None,
        " ".join(scores.unsupported_keys) if scores else None,
        len(record.violations),
        record.injection_suspected,
        record.error,
    ]
    if columns.triaged:
        probability = record.triage_probability
        row += [record.judged_by, probability if probability is not None else math.nan]
    if columns.cited:
        figures = record.citations
        row += [getattr(figures, name) if figures else None for name in CITATION_COLUMNS]
    row += [plain(record.metadata.get(key)) for key in columns.metadata]
    for key in columns.gold_keys:
        value = record.gold.get(key)
        if key == "unsupported_keys":
            value = " ".join(key_list(value)) if value is not None else None
        elif key == "adherence":
            value = gold_flag(value)
        elif key in ("relevance", "utilization", "completeness"):
            value = number(value) if value is not None else math.nan
            value = math.nan if isinstance(value, float) and math.isnan(value) else value
        else:
            value = plain(value)
        row.append(value)
    return row


def sentence_values(record: Record, columns: TableColumns) -> Iterator[list[Any]]:
    """The rows of `sentences.csv` for a record, as typed values."""
    for sentence in record.sentences:
        row: list[Any] = [
            record.id,
            sentence.key,
            sentence.text,
            sentence.supported,
            sentence.fully_supported,
            " ".join(sentence.supporting_keys),
            number(sentence.probability),
            sentence.explanation,
        ]
        if columns.cited_sources:
            sources = sentence.cited_sources
            row.append(" ".join(str(x) for x in sources) if sources is not None else None)
        yield row


# --- writing -----------------------------------------------------------------------------------


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return "" if math.isnan(value) else repr(value)
    if isinstance(value, str):
        return safe_cell(value)
    return str(value)


def _as_float(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return repr(float(value))


class _Formats:
    """How each open-ended column of a table is written."""

    def __init__(self, columns: TableColumns) -> None:
        kinds: list[_Kind | None] = [None] * len(EXAMPLE_COLUMNS)
        if columns.cited:
            kinds += [columns.citations[name] for name in CITATION_COLUMNS]
        kinds += list(columns.metadata.values())
        kinds += [None] * len(columns.gold_keys)
        self.float_columns = {i for i, kind in enumerate(kinds) if kind and kind.numeric}

    def row(self, values: Sequence[Any]) -> list[str]:
        return [_as_float(v) if i in self.float_columns else _text(v) for i, v in enumerate(values)]


class ExamplesWriter:
    """Writes `examples.csv` one record at a time."""

    def __init__(self, handle: IO[str], columns: TableColumns) -> None:
        self.columns = columns
        self.formats = _Formats(columns)
        self.writer = csv.writer(handle, lineterminator="\n")
        self.writer.writerow([safe_cell(c) for c in columns.example_header()])

    def write(self, record: Record) -> None:
        self.writer.writerow(self.formats.row(example_values(record, self.columns)))


class SentencesWriter:
    """Writes `sentences.csv` one record at a time."""

    def __init__(self, handle: IO[str], columns: TableColumns) -> None:
        self.columns = columns
        self.writer = csv.writer(handle, lineterminator="\n")
        self.writer.writerow(columns.sentence_header())

    def write(self, record: Record) -> None:
        for row in sentence_values(record, self.columns):
            self.writer.writerow([_text(v) for v in row])


def write_groups(handle: IO[str], summary: dict[str, Any]) -> None:
    """`groups.csv`: one row per (column, value) with counts and each metric's mean and CI."""
    rows: list[dict[str, Any]] = []
    for column, entries in (summary.get("groups") or {}).items():
        for entry in entries:
            row: dict[str, Any] = {"group_by": column, "value": entry["value"]}
            row |= {f"n_{k}" if k == "total" else k: v for k, v in entry["counts"].items()}
            for metric, block in entry["metrics"].items():
                for name in ("mean", "ci_low", "ci_high", "n"):
                    row[f"{metric}_{name}"] = block[name]
            rows.append(row)
    header: dict[str, None] = {}
    for row in rows:
        header.update(dict.fromkeys(row))
    floats = {
        name
        for name in header
        if any(isinstance(r.get(name), float) for r in rows)
        or (
            any(r.get(name) is None for r in rows)
            and any(
                isinstance(r.get(name), int) and not isinstance(r.get(name), bool) for r in rows
            )
        )
    }
    writer = csv.writer(handle, lineterminator="\n")
    if not rows:
        handle.write("\n")
        return
    writer.writerow(list(header))
    for row in rows:
        writer.writerow(
            [
                _as_float(row.get(name)) if name in floats else _text(row.get(name))
                for name in header
            ]
        )


# --- DataFrames ---------------------------------------------------------------------------------


def examples_frame(records: Sequence[Record]) -> Any:
    """One row per example: the columns of `examples.csv` (docs/outputs.md), exact values."""
    import pandas as pd

    columns = TableColumns().see_all(records)
    rows = [example_values(record, columns) for record in records]
    frame = pd.DataFrame(rows, columns=columns.example_header())
    frame = frame.astype(
        {m: "float64" for m in SCORE_METRICS}
        | {"n_sentences": "Int64", "n_unsupported": "Int64", "n_violations": "int64"}
        | {"injection_suspected": "bool"}
    )
    if "gold_adherence" in frame:
        frame["gold_adherence"] = frame["gold_adherence"].astype("boolean")
    for key in ("relevance", "utilization", "completeness"):
        if f"gold_{key}" in frame:
            frame[f"gold_{key}"] = pd.to_numeric(frame[f"gold_{key}"], errors="coerce")
    return frame


def sentences_frame(records: Sequence[Record]) -> Any:
    """One row per judged response sentence: the columns of `sentences.csv`, exact values."""
    import pandas as pd

    columns = TableColumns().see_all(records)
    rows = [row for record in records for row in sentence_values(record, columns)]
    frame = pd.DataFrame(rows, columns=columns.sentence_header())
    return frame.astype({"supported": "bool", "fully_supported": "bool", "probability": "float64"})


__all__ = [
    "CITATION_COLUMNS",
    "EXAMPLE_COLUMNS",
    "FORMULA_STARTS",
    "SENTENCE_COLUMNS",
    "ExamplesWriter",
    "SentencesWriter",
    "TableColumns",
    "examples_frame",
    "metadata_column",
    "safe_cell",
    "sentences_frame",
    "write_groups",
]
