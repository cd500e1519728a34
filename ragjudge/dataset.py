"""Stage 1: read rows from files, stdin, DataFrames or dicts and turn each into an `Example`.

Every row becomes either an `Example` or a `RowError` saying what is wrong with it, in input
order; a bad row never stops the batch. Only a file that cannot be read at all raises
`InputError`. Files are streamed (JSONL line by line, CSV record by record, Parquet batch by
batch), so memory stays flat however long the input is. Hands on `Example` / `RowError`.

    readers.py   files and DataFrames → raw rows (`RowItem`)
    rows.py      one raw row → `Example` or `RowError` (`example_from_dict`, `parse_mapping`)
    dataset.py   the stream: rows in input order, repeated ids renamed (`iter_examples`)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from ragjudge.errors import UsageError
from ragjudge.readers import RowItem, dataframe_rows, file_kind, path_rows, stream_rows
from ragjudge.rows import (
    LABEL_FIELDS,
    MAPPABLE_FIELDS,
    checked_mapping,
    example_from_dict,
    parse_mapping,
)
from ragjudge.types import Example, RowError, Source
from ragjudge.values import RAW_CHARS


def convert_row(
    item: RowItem, name: str, mapping: Mapping[str, str] | None, index: int
) -> Example | RowError:
    """One row from `stream_rows` as an `Example` or a `RowError` (ids are not yet made
    unique: that needs every earlier row, see `UniqueIds`)."""
    number, row, problem, raw = item
    source = Source(name, number)
    if problem is not None:
        return RowError(source=source, message=problem, raw=(raw or "")[:RAW_CHARS])
    result = example_from_dict(row, source=source, mapping=mapping, index=index)
    if isinstance(result, RowError) and raw is not None:
        result = replace(result, raw=raw[:RAW_CHARS])
    return result


# --- assembling the stream -------------------------------------------------------------------


def _examples(
    items: Iterator[RowItem], name: str, mapping: Mapping[str, str]
) -> Iterator[Example | RowError]:
    for index, item in enumerate(items):
        yield convert_row(item, name, mapping, index)


class UniqueIds:
    """Renames a repeated example id to `id#2`, `id#3`, … in input order; fed every example
    id of a dataset in order, it gives each the id the loader gives it."""

    def __init__(self) -> None:
        self._seen: set[str] = set()
        self._next_suffix: dict[str, int] = {}

    def __call__(self, example_id: str) -> str:
        if example_id in self._seen:
            n = self._next_suffix.get(example_id, 2)
            while f"{example_id}#{n}" in self._seen:
                n += 1
            self._next_suffix[example_id] = n + 1
            renamed = f"{example_id}#{n}"
        else:
            renamed = example_id
        self._seen.add(renamed)
        return renamed


def _unique_ids(items: Iterator[Example | RowError]) -> Iterator[Example | RowError]:
    """Keep every row, renaming a repeated id to `id#2`, `id#3`, … (noted as `duplicate_of`)."""
    unique = UniqueIds()
    for item in items:
        if isinstance(item, Example):
            renamed = unique(item.id)
            if renamed != item.id:
                metadata = {**item.metadata, "duplicate_of": item.id}
                item = replace(item, id=renamed, metadata=metadata)
        yield item


def iter_examples(
    path: str | os.PathLike[str], *, mapping: Mapping[str, str] | None = None
) -> Iterator[Example | RowError]:
    """Stream the rows of a file as `Example` or `RowError`, in input order.

    The format follows the extension: `.jsonl` / `.ndjson` (one JSON object per line; blank
    lines are skipped), `.json` (a list of objects, or an object holding it under `data`,
    `rows` or `examples`), `.csv` (header row; `documents` is a JSON-encoded list or one
    plain-text document) and `.parquet`. Text formats may be gzip-compressed (`.jsonl.gz`).
    `"-"` reads JSONL from stdin. Rows are never accumulated: a JSONL, CSV or Parquet file
    of any length is read in constant memory (the `.json` format is parsed whole).

    Raises `InputError`, naming the file, when it is missing, of an unknown type, not UTF-8,
    not JSON (`.json`) or not Parquet; `UsageError` for a malformed `mapping`. Missing files
    and unknown types are reported when this is called, decoding problems while iterating.
    """
    checked = checked_mapping(mapping)
    name, rows = path_rows(path)
    return _unique_ids(_examples(rows, name, checked))


def _is_dataframe(value: Any) -> bool:
    pandas = sys.modules.get("pandas")
    return pandas is not None and isinstance(value, pandas.DataFrame)


def load_examples(
    source: str | os.PathLike[str] | Any,
    *,
    mapping: Mapping[str, str] | None = None,
) -> tuple[list[Example], list[RowError]]:
    """Load every row of `source` and return ``(examples, row_errors)``, each in input order.

    `source` is a file path or `"-"` (see `iter_examples`), a pandas DataFrame (one row per
    example, missing values as NaN/None) or an iterable of dicts.
    """
    checked = checked_mapping(mapping)
    if isinstance(source, str | os.PathLike):
        stream = iter_examples(source, mapping=checked)
    elif _is_dataframe(source):
        stream = _unique_ids(_examples(dataframe_rows(source), "<dataframe>", checked))
    elif isinstance(source, Mapping | bytes) or not isinstance(source, Iterable):
        raise UsageError(
            "load_examples() takes a file path, '-', a pandas DataFrame or an iterable of "
            f"dicts, not {type(source).__name__}"
        )
    else:
        rows = ((n, row, None, None) for n, row in enumerate(source, 1))
        stream = _unique_ids(_examples(rows, "<rows>", checked))
    examples: list[Example] = []
    errors: list[RowError] = []
    for item in stream:
        if isinstance(item, Example):
            examples.append(item)
        else:
            errors.append(item)
    return examples, errors


__all__ = [
    "LABEL_FIELDS",
    "MAPPABLE_FIELDS",
    "RowItem",
    "UniqueIds",
    "convert_row",
    "example_from_dict",
    "file_kind",
    "iter_examples",
    "load_examples",
    "parse_mapping",
    "stream_rows",
]
