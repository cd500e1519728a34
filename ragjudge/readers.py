"""Stage 1: read the rows of a data file (JSONL, JSON, CSV, Parquet, gzip, stdin) or a DataFrame.

Each reader streams `RowItem`s — (row number, row or None, problem or None, raw text) — so a
JSONL, CSV or Parquet file of any length is read in constant memory and a row that does not
parse becomes a problem of that row, not of the file. Only a file that cannot be read at all
raises `InputError`. `ragjudge.rows` turns the rows into examples.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import os
import sys
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from ragjudge.errors import InputError
from ragjudge.values import RAW_CHARS, type_name

_WRAPPER_KEYS = ("data", "rows", "examples")
_PARQUET_BATCH_ROWS = 256
_DATAFRAME_CHUNK_ROWS = 1000

_KINDS = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "json",
    ".csv": "csv",
    ".parquet": "parquet",
    ".pq": "parquet",
}


# --- row readers ---------------------------------------------------------------------------
# Each reader yields (row number, row or None, error message or None, raw text or None).

RowItem = tuple[int, Any, str | None, str | None]


def _file_kind(path: Path) -> tuple[str, bool]:
    suffixes = [s.lower() for s in path.suffixes]
    compressed = bool(suffixes) and suffixes[-1] == ".gz"
    if compressed:
        suffixes = suffixes[:-1]
    kind = _KINDS.get(suffixes[-1]) if suffixes else None
    if kind is None or (compressed and kind == "parquet"):
        raise InputError(
            f"{path}: unknown file type {''.join(path.suffixes) or '(no extension)'!r}; "
            "expected .jsonl, .ndjson, .json, .csv or .parquet (text formats may end in .gz)"
        )
    return kind, compressed


def _open_binary(path: Path, compressed: bool) -> IO[bytes]:
    if compressed:
        # a GzipFile reads bytes like any binary file; typeshed does not call it an IO[bytes]
        handle: IO[bytes] = gzip.open(path, "rb")  # type: ignore[assignment]  # noqa: SIM115
        return handle
    return open(path, "rb")


def _read_failure(name: str, exc: BaseException, where: str = "") -> InputError:
    if isinstance(exc, UnicodeDecodeError):
        return InputError(f"{name}: not UTF-8 text{where}")
    return InputError(f"{name}: cannot be read{where}: {exc}")


_READ_ERRORS = (OSError, EOFError, zlib.error, UnicodeDecodeError)


def _jsonl_rows(lines: Iterable[str | bytes], name: str) -> Iterator[RowItem]:
    number = 0
    try:
        for number, line in enumerate(lines, 1):
            try:
                text = line.decode("utf-8") if isinstance(line, bytes) else line
            except UnicodeDecodeError:
                raise InputError(f"{name}: not UTF-8 text (line {number})") from None
            if number == 1:
                text = text.lstrip("\ufeff")
            if not text.strip():
                continue  # blank lines separate nothing and are not rows
            try:
                row = json.loads(text)
            except ValueError as exc:
                message = f"invalid JSON: {getattr(exc, 'msg', exc)}"
                if isinstance(exc, json.JSONDecodeError):
                    message += f" (column {exc.colno})"
                yield number, None, message, text.rstrip("\r\n")
                continue
            yield number, row, None, text.rstrip("\r\n")
    except _READ_ERRORS as exc:
        raise _read_failure(name, exc, f" (line {number + 1})") from None


def _jsonl_file_rows(path: Path, name: str, compressed: bool) -> Iterator[RowItem]:
    with _open_binary(path, compressed) as handle:
        yield from _jsonl_rows(handle, name)


def _read_all(handle: io.BufferedIOBase | Any, name: str) -> bytes:
    try:
        with handle:
            return bytes(handle.read())
    except _READ_ERRORS as exc:
        raise _read_failure(name, exc) from None


def stdin_rows() -> Iterator[RowItem]:
    stream = sys.stdin
    # the byte stream avoids depending on the locale's text encoding
    yield from _jsonl_rows(getattr(stream, "buffer", stream), "<stdin>")


def _json_file_rows(path: Path, name: str, compressed: bool) -> Iterator[RowItem]:
    return _json_bytes_rows(_read_all(_open_binary(path, compressed), name), name)


def _json_bytes_rows(content: bytes, name: str) -> Iterator[RowItem]:
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _read_failure(name, exc) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{name}: not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    if isinstance(data, dict):
        lists = [data[k] for k in _WRAPPER_KEYS if isinstance(data.get(k), list)]
        if not lists:
            raise InputError(
                f"{name}: expected a JSON list of rows, or an object with a "
                "'data', 'rows' or 'examples' list"
            )
        data = lists[0]
    if not isinstance(data, list):
        raise InputError(f"{name}: expected a JSON list of rows, got {type_name(data)}")
    return ((i, row, None, None) for i, row in enumerate(data, 1))


def _csv_rows(path: Path, name: str, compressed: bool) -> Iterator[RowItem]:
    return _csv_stream_rows(_open_binary(path, compressed), name)


def _csv_stream_rows(binary: IO[bytes], name: str) -> Iterator[RowItem]:
    line = 1
    try:
        with io.TextIOWrapper(binary, encoding="utf-8-sig", newline="") as handle:
            reader = csv.reader(handle)
            header = next(reader, None)
            if header is None:
                return
            header = [h.strip() for h in header]
            duplicated = sorted({h for h in header if header.count(h) > 1})
            if duplicated:
                raise InputError(f"{name}: column {duplicated[0]!r} appears twice in the header")
            previous = reader.line_num
            for record in reader:
                line, previous = previous + 1, reader.line_num
                if not any(cell.strip() for cell in record):
                    continue
                raw = ",".join(record)[:RAW_CHARS]
                if len(record) != len(header):
                    message = f"row has {len(record)} fields but the header has {len(header)}"
                    yield line, None, message, raw
                    continue
                yield line, dict(zip(header, record, strict=True)), None, raw
    except csv.Error as exc:
        raise InputError(f"{name}: not readable as CSV (line {line}): {exc}") from None
    except _READ_ERRORS as exc:
        raise _read_failure(name, exc, f" (near line {line})") from None


def _parquet_file(path: Path | Any, name: str) -> Any:
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return pq.ParquetFile(path)
    except (pa.ArrowException, OSError) as exc:
        raise InputError(f"{name}: not a readable Parquet file: {exc}") from None


def _parquet_rows(parquet: Any, name: str) -> Iterator[RowItem]:
    import pyarrow as pa

    number = 0
    try:
        for batch in parquet.iter_batches(batch_size=_PARQUET_BATCH_ROWS):
            for row in batch.to_pylist():
                number += 1
                yield number, row, None, None
    except (pa.ArrowException, OSError) as exc:
        raise InputError(f"{name}: cannot read Parquet data (row {number + 1}): {exc}") from None
    finally:
        parquet.close()


def dataframe_rows(frame: Any) -> Iterator[RowItem]:
    for start in range(0, len(frame), _DATAFRAME_CHUNK_ROWS):
        chunk = frame.iloc[start : start + _DATAFRAME_CHUNK_ROWS]
        for offset, row in enumerate(chunk.to_dict("records")):
            yield start + offset + 1, row, None, None


def path_rows(path: str | os.PathLike[str]) -> tuple[str, Iterator[RowItem]]:
    if isinstance(path, str) and path == "-":
        return "<stdin>", stdin_rows()
    name = os.fspath(path)
    file = Path(path)
    if not file.exists():
        raise InputError(f"{name}: no such file")
    if file.is_dir():
        raise InputError(f"{name}: is a directory, not a data file")
    kind, compressed = _file_kind(file)
    if kind == "jsonl":
        return name, _jsonl_file_rows(file, name, compressed)
    if kind == "json":
        return name, _json_file_rows(file, name, compressed)
    if kind == "csv":
        return name, _csv_rows(file, name, compressed)
    return name, _parquet_rows(_parquet_file(file, name), name)


def file_kind(path: str) -> str:
    """The format of a data file by its name: `jsonl`, `json`, `csv` or `parquet` (a `.gz`
    suffix is allowed on the text formats). Raises `InputError` for any other name."""
    return _file_kind(Path(path))[0]


def stream_rows(stream: Any, kind: str, name: str) -> Iterator[RowItem]:
    """Rows of an open, already decompressed binary stream of the given `kind`, read exactly
    as `iter_examples` reads a file: ``(row number, row or None, problem or None, raw text)``.
    Parquet needs a random-access file. Used by engines that open files themselves."""
    if kind == "jsonl":
        yield from _jsonl_rows(io.BufferedReader(stream), name)
    elif kind == "json":
        yield from _json_bytes_rows(_read_all(stream, name), name)
    elif kind == "csv":
        yield from _csv_stream_rows(io.BufferedReader(stream), name)
    else:
        yield from _parquet_rows(_parquet_file(stream, name), name)


__all__ = ["RowItem", "dataframe_rows", "file_kind", "path_rows", "stream_rows"]
