"""Stage 1 on a Ray cluster: a Ray Data datasource that reads data files into examples, and
the rows of logs read on the driver (`--from FORMAT`).

Ray Data's file datasource lists the input (a file, a folder, or any URI pyarrow reaches, such
as `s3://bucket/prefix/`), opens and decompresses each file on a cluster node, and streams
the blocks on; rows never pass through the driver. Each file is parsed with the same readers
as the local engine (`dataset.stream_rows` and `dataset.convert_row`), so a row becomes the
same `Example` or `RowError` on either engine, with the same row numbers and messages; Ray
Data's own JSON and CSV readers infer column types (`"007"` would become `7`) and stop at the
first malformed line, which the local loader reports as one bad row and goes on.

A block row is one input row: its place (`file` ordinal, `row` number, `index` in its file),
its id before repeated ids are renamed (`base_id`), and the example itself, pickled (`item`).
A row that an earlier run of the folder already judged travels with an empty `item`: it is not
judged again, but the merge learns that it is still part of the input.

Block size: Ray Data gathers what a read task yields into blocks of up to
`DataContext.target_max_block_size` bytes (128 MiB), so a whole file of judge rows would be one
block, one task, one actor. `num_blocks` tells the engine how many blocks to ask for
(`override_num_blocks`) so that each holds about `block_rows` rows; Ray Data then cuts each
read task's output into that many pieces.

Logs (`--from FORMAT`) are read by the ingest formats on the driver, as the local engine reads
them, and handed to Ray Data as blocks of the same rows (`DriverRows`): a log's rows are
shaped by its whole trace, which one reader has to follow from start to end.
"""

from __future__ import annotations

import math
import os
import pickle
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np
import pyarrow as pa
import ray
from ray.data.datasource import FileBasedDatasource

from ragjudge.cluster.shards import id_hash, pack_key
from ragjudge.dataset import convert_row, file_kind, stream_rows
from ragjudge.types import Example, RowError

#: the names a folder's files may have to be read as data (others are ignored)
DATA_EXTENSIONS = [
    "jsonl",
    "ndjson",
    "json",
    "csv",
    "parquet",
    "pq",
    "jsonl.gz",
    "ndjson.gz",
    "json.gz",
    "csv.gz",
]
_PARQUET = (".parquet", ".pq")
#: rows per table handed to Ray Data while reading (it joins them into blocks anyway)
_CHUNK_ROWS = 256
#: bytes read from the start of a text file to estimate its row count
_SAMPLE_BYTES = 1 << 20
#: a guess for gzip-compressed text, whose uncompressed size is unknown before reading it
_GZIP_RATIO = 4


def _display_names(user_path: str, resolved: list[str]) -> dict[str, str]:
    """The file names records show: what the user typed for a single file, the folder they
    typed joined with the file's place in it otherwise, or the URI for remote folders."""
    if len(resolved) == 1 and not os.path.isdir(user_path):
        return {resolved[0]: user_path}
    if os.path.isdir(user_path):
        root = os.path.abspath(user_path)
        return {p: os.path.join(user_path, os.path.relpath(p, root)) for p in resolved}
    scheme = user_path.split("://", 1)[0] + "://" if "://" in user_path else ""
    return {p: p if "://" in p else scheme + p for p in resolved}


class ExampleSource(FileBasedDatasource):
    """The rows of `path` (a data file, a folder of them, or a URI), read on the cluster.

    Files are taken in name order; `files` maps each to its ordinal and displayed name.
    `limit` stops after that many rows (single-file inputs only). Blocks hold about
    `block_rows` rows when read with `num_blocks()` blocks. Call `skip_rows` before reading to
    leave out rows judged by an earlier run.
    """

    def __init__(
        self,
        path: str,
        *,
        mapping: Mapping[str, str] | None = None,
        limit: int | None = None,
        block_rows: int = 32,
        filesystem: Any = None,
    ) -> None:
        super().__init__(path, filesystem=filesystem, file_extensions=DATA_EXTENSIONS)
        resolved = sorted(self._paths())
        names = _display_names(path, resolved)
        self.files: dict[str, tuple[int, str]] = {p: (n, names[p]) for n, p in enumerate(resolved)}
        if limit is not None and len(resolved) > 1:
            raise ValueError("a row limit needs a single input file")
        self._mapping = dict(mapping or {})
        self._limit = limit
        self._block_rows = block_rows
        self._skip: Any = None

    def num_blocks(self, at_least: int = 1) -> int:
        """The block count to read with so that no block holds much more than `block_rows`
        rows, and a small input still makes `at_least` blocks (one for each place in the
        pool). Ray Data gives every file its own read task and cuts each task's output into
        the same number of pieces, so the largest file sets that number (smaller files give
        smaller blocks, never empty ones). Its rows are counted from Parquet metadata or
        estimated from the first MiB of a text file; an estimate only shapes the blocks."""
        paths = sorted(self.files)
        sizes = dict(zip(self._paths(), self._file_sizes(), strict=True))
        largest = max(paths, key=lambda p: sizes.get(p) or 0)
        rows = self._estimated_rows(largest, sizes.get(largest))
        if self._limit is not None:
            rows = min(rows, self._limit)
        pieces = max(math.ceil(rows / max(1, self._block_rows)), math.ceil(at_least / len(paths)))
        return max(1, min(pieces, rows)) * len(paths)

    def dataset(self, at_least: int = 1) -> Any:
        """The rows as a Ray Data dataset, read on the cluster (see `num_blocks`)."""
        blocks = self.num_blocks(at_least)
        return ray.data.read_datasource(self, num_cpus=0, override_num_blocks=blocks)

    def _estimated_rows(self, path: str, size: float | None) -> int:
        fs = self._filesystem
        if path.lower().endswith(_PARQUET):
            import pyarrow.parquet as pq

            try:
                with fs.open_input_file(path) as f:
                    return int(pq.ParquetFile(f).metadata.num_rows)
            except (OSError, pa.ArrowException):
                return 1  # unreadable: the read reports it, with the file's name
        try:
            with self._open_input_source(fs, path) as f:
                sample = bytes(f.read(_SAMPLE_BYTES))
        except (OSError, pa.ArrowException):
            return 1
        lines = sample.count(b"\n") + (1 if sample and not sample.endswith(b"\n") else 0)
        if len(sample) < _SAMPLE_BYTES or not size:
            return max(1, lines)
        total = size * (_GZIP_RATIO if path.lower().endswith(".gz") else 1)
        # a JSON array on one line has no newlines to count: a row per KiB then
        per_row = len(sample) / lines if lines > 1 else 1024.0
        return max(1, int(total / per_row))

    @property
    def ordinals(self) -> dict[str, int]:
        """Displayed file name → ordinal (how earlier records name their file)."""
        return {name: n for n, name in self.files.values()}

    def skip_rows(self, kept: Mapping[int, int]) -> None:
        """Leave out rows whose packed key is in `kept` with the same id hash."""
        if not kept:
            self._skip = None
            return
        keys = np.fromiter(sorted(kept), dtype=np.int64, count=len(kept))
        hashes = np.fromiter((kept[int(k)] for k in keys), dtype=np.int64, count=len(kept))
        self._skip = ray.put((keys, hashes))

    def _open_input_source(self, filesystem: Any, path: str, **open_args: Any) -> Any:
        if path.lower().endswith(_PARQUET):
            return filesystem.open_input_file(path)  # Parquet needs random access
        return super()._open_input_source(filesystem, path, **open_args)

    def _read_stream(self, f: Any, path: str) -> Iterator[pa.Table]:
        ordinal, name = self.files[path]
        skip: Any = ray.get(self._skip) if self._skip is not None else None
        rows: list[dict[str, Any]] = []
        for index, item in enumerate(stream_rows(f, file_kind(path), name)):
            if self._limit is not None and index >= self._limit:
                break
            example = convert_row(item, name, self._mapping, index)
            row = example.source.row if example.source is not None else index + 1
            # an unreadable row without an id is named by its place, as the local engine names it
            base_id = example.id or f"row-{row}"
            payload = pickle.dumps(example, protocol=pickle.HIGHEST_PROTOCOL)
            if skip is not None and len(skip[0]):
                keys, hashes = skip
                key = pack_key(ordinal, row)
                at = int(np.searchsorted(keys, key))
                if at < len(keys) and keys[at] == key and hashes[at] == id_hash(base_id):
                    payload = b""  # judged before: only its place travels on
            rows.append(_block_row(ordinal, row, index, base_id, payload))
            if len(rows) >= _CHUNK_ROWS:
                yield pa.Table.from_pylist(rows, schema=_SCHEMA)
                rows = []
        if rows:
            yield pa.Table.from_pylist(rows, schema=_SCHEMA)


def _block_row(file: int, row: int, index: int, base_id: str, payload: bytes) -> dict[str, Any]:
    return {"file": file, "row": row, "index": index, "base_id": base_id, "item": payload}


class DriverRows:
    """Examples made on the driver (the rows of logs read by an ingest format), handed to Ray
    Data in blocks of about `block_rows` rows.

    A row is keyed by its place in the stream (file 0, row = position from 1): the rows of
    logs carry the line a problem was found on, which need not be unique. Records of an
    earlier run in the folder are not matched to rows (`ordinals` is empty): such a rerun
    judges every row again, from the cache; the shards of an interrupted run are kept.
    """

    def __init__(
        self, items: Iterable[Example | RowError], *, limit: int | None, block_rows: int
    ) -> None:
        self.ordinals: dict[str, int] = {}
        self._items: list[Example | RowError] = []
        for item in items:
            if limit is not None and len(self._items) >= limit:
                break
            self._items.append(item)
        self._block_rows = block_rows
        self._skip: Mapping[int, int] = {}

    def __len__(self) -> int:
        return len(self._items)

    def skip_rows(self, kept: Mapping[int, int]) -> None:
        self._skip = kept

    def dataset(self, at_least: int = 1) -> Any:
        """The rows as a Ray Data dataset of blocks (put in the object store by the driver)."""
        size = max(1, min(self._block_rows, math.ceil(len(self._items) / max(1, at_least))))
        tables = []
        for start in range(0, len(self._items), size):
            rows = []
            for index in range(start, min(start + size, len(self._items))):
                item = self._items[index]
                row = index + 1
                base_id = item.id or f"row-{item.source.row if item.source else row}"
                payload = pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)
                if self._skip.get(pack_key(0, row)) == id_hash(base_id):
                    payload = b""
                rows.append(_block_row(0, row, index, base_id, payload))
            tables.append(pa.Table.from_pylist(rows, schema=_SCHEMA))
        if not tables:
            tables.append(_SCHEMA.empty_table())
        return ray.data.from_arrow(tables)


_SCHEMA = pa.schema(
    [
        ("file", pa.int64()),
        ("row", pa.int64()),
        ("index", pa.int64()),
        ("base_id", pa.string()),
        ("item", pa.binary()),
    ]
)

__all__ = ["DATA_EXTENSIONS", "DriverRows", "ExampleSource"]
