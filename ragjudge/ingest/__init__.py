"""Turn the logs of RAG systems into rows ragjudge's loader reads (see docs/ingest.md).

One module per source format, all behind the same small interface (`NAME`, `SUMMARY`,
`parse_files(paths)`); `FORMATS` maps each format name to its module. Traces kept in a store
rather than a file (MLflow) are read by `read_source`, which takes every source; after
judging, `write_back` puts the verdicts next to the traces. Every format yields plain
dict rows — ``{"id", "question", "documents": [{"title", "url", "text", …}], "response",
"format", "source_file", "line", "trace_id", …metadata}`` — or an `IngestError` naming the file,
the line and what was expected there. A trace that ends without a final answer is an error,
never a row with an invented answer.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ragjudge.errors import InputError, UsageError
from ragjudge.ingest import (
    bedrock,
    cited,
    ctrlf,
    langfuse_traces,
    langsmith_runs,
    mlflow_traces,
    otlp,
    ragtruth,
    react,
)
from ragjudge.ingest._common import IngestError
from ragjudge.ingest.writeback import write_back

if TYPE_CHECKING:
    from ragjudge.types import Example, RowError

__all__ = [
    "FORMATS",
    "STORES",
    "TRACE_SOURCES",
    "IngestError",
    "ingest",
    "ingested_examples",
    "read_source",
    "source_label",
    "write_back",
    "write_jsonl",
]

#: format name → module (each has `NAME`, `SUMMARY` and `parse_files(paths)`)
FORMATS: dict[str, ModuleType] = {
    module.NAME: module
    for module in (bedrock, react, cited, ctrlf, ragtruth, otlp, langsmith_runs, langfuse_traces)
}
#: sources read from a store by its address rather than from files
STORES: dict[str, ModuleType] = {mlflow_traces.NAME: mlflow_traces}
#: sources whose rows carry trace ids, so a run over them writes scores.jsonl
TRACE_SOURCES = frozenset(
    {mlflow_traces.NAME, otlp.NAME, langsmith_runs.NAME, langfuse_traces.NAME}
)


def ingest(fmt: str, paths: Sequence[str]) -> Iterator[dict[str, Any] | IngestError]:
    """Rows (dicts) and `IngestError`s of `paths` read as format `fmt`, in file order.

    Raises `UsageError` for an unknown format and `InputError` when a path is not a file;
    both are checked before the first row is read. Problems inside a file are yielded as
    `IngestError`s so one bad trace never hides the good ones.
    """
    module = FORMATS.get(fmt)
    if module is None:
        raise UsageError(
            f"unknown ingest format {fmt!r}; expected one of: "
            f"{', '.join(sorted([*FORMATS, *STORES]))}"
        )
    if not paths:
        raise UsageError(f"ingest {fmt}: no input files given")
    missing = [str(p) for p in paths if not Path(p).is_file()]
    if missing:
        raise InputError(f"ingest {fmt}: not a file: {', '.join(missing)}")
    rows: Iterator[dict[str, Any] | IngestError] = module.parse_files([str(p) for p in paths])
    return rows


def read_source(
    fmt: str, args: Sequence[str], **options: Any
) -> Iterator[dict[str, Any] | IngestError]:
    """Rows and `IngestError`s of any source: files of a format in `FORMATS` (as `ingest`),
    or a store in `STORES` given by its address, ``read_source("mlflow", [TRACKING_URI],
    experiment="rag", filter_string="…")``.

    `options` go to the store's reader (`experiment`, `filter_string`, `max_results` for
    MLflow; None values are ignored); file formats take none. Raises `UsageError` for an
    unknown source, a store given other than one address, or options a format does not take.
    """
    given = {k: v for k, v in options.items() if v is not None}
    if fmt in STORES:
        if len(args) != 1:
            raise UsageError(f"{fmt} reads one tracking URI, got {len(args)} arguments")
        reader: Iterator[dict[str, Any] | IngestError] = STORES[fmt].read_traces(args[0], **given)
        return reader
    if given:
        raise UsageError(
            f"{', '.join('--' + k.split('_')[0] for k in sorted(given))} "
            f"applies to {', '.join(sorted(STORES))}, not to {fmt} files"
        )
    return ingest(fmt, args)


def source_label(fmt: str, args: Sequence[str]) -> str:
    """How a run names what it read: ``FORMAT:FILE,…``, with any password in a store's
    address left out."""
    if fmt in STORES:
        return f"{fmt}:{','.join(mlflow_traces.display_uri(a) for a in args)}"
    return f"{fmt}:{','.join(args)}"


def write_jsonl(
    rows: Iterable[dict[str, Any] | IngestError], out_path: str | Path
) -> tuple[int, list[IngestError]]:
    """Write the dict rows as JSON Lines (UTF-8, ``-`` for standard output); return the number
    of rows written and the errors met, in order."""
    errors: list[IngestError] = []
    n = 0
    out = sys.stdout if str(out_path) == "-" else open(out_path, "w", encoding="utf-8")  # noqa: SIM115
    try:
        for item in rows:
            if isinstance(item, IngestError):
                errors.append(item)
                continue
            out.write(json.dumps(item, ensure_ascii=False) + "\n")
            n += 1
    finally:
        if out is not sys.stdout:
            out.close()
    return n, errors


def ingested_examples(
    fmt: str,
    paths: Sequence[str],
    mapping: Mapping[str, str] | None = None,
    **options: Any,
) -> Iterator[Example | RowError]:
    """The rows of a source read as format `fmt` (log files, or a store's address with its
    `options`; see `read_source`), as the loader's `Example`s (a problem in a file or trace
    becomes a `RowError` naming it): what `ragjudge eval --from FMT` judges. The format and
    the files are checked at once, before any row is read."""
    rows = read_source(fmt, paths, **options)
    return _as_examples(fmt, rows, mapping)


def _as_examples(
    fmt: str, rows: Iterator[dict[str, Any] | IngestError], mapping: Mapping[str, str] | None
) -> Iterator[Example | RowError]:
    from ragjudge.dataset import example_from_dict
    from ragjudge.types import RowError, Source

    for n, row in enumerate(rows, start=1):
        if isinstance(row, IngestError):
            # a problem not tied to a line (a file that cannot be read) sits at row 0
            yield RowError(Source(row.file, row.line or 0), row.message)
        else:
            yield example_from_dict(
                row,
                source=Source(str(row.get("source_file", fmt)), n),
                mapping=mapping,
                index=n - 1,
            )
