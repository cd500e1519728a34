"""Result shards of a Ray run, and their merge into `judgments.jsonl`.

The driver appends every batch of records that comes back from the cluster to a shard file
in the run folder's `shards/` as soon as it arrives, in whatever order the cluster finishes
them. A shard line is a small JSON header, a tab, then the record exactly as the local engine
writes it. The header says where the row sits in the input and what the merge and a resume
need to know, so neither has to parse the (large) record.

At the end, `merge` writes `judgments.jsonl` in input order from the shards and from the
records of an earlier run in the folder: one line per input row (a row met twice keeps its
latest record), indexes numbered across files when the input had several, and repeated ids
renamed `id#2`, `id#3`, … exactly as the loader renames them. Lines cut short by a killed
driver are ignored, so their rows are judged again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, BinaryIO

from ragjudge.dataset import UniqueIds
from ragjudge.record import FORMAT_VERSION, Record, Status
from ragjudge.runfolder import RunFolder, kept_on_resume, parse_record, record_line
from ragjudge.runner import Totals

_ROW_BITS = 40


@dataclass(frozen=True, slots=True)
class Header:
    """What the merge needs to know of one record without reading it."""

    file: int  # ordinal of the input file (0 for a single file)
    row: int  # the row's number in that file (`source.row`)
    index: int  # the `index` written in the record
    base_id: str  # the example's id before repeated ids were renamed
    record_id: str  # the `id` written in the record
    example: bool  # an example (False: an `invalid_input` row, whose id is never renamed)
    status: str
    input_tokens: int = 0
    output_tokens: int = 0
    estimated: bool = False

    def dumps(self) -> str:
        return json.dumps(
            [
                self.file,
                self.row,
                self.index,
                self.base_id,
                self.record_id,
                self.example,
                self.status,
                self.input_tokens,
                self.output_tokens,
                self.estimated,
            ],
            ensure_ascii=False,
        )

    @classmethod
    def loads(cls, text: str) -> Header:
        return cls(*json.loads(text))


def header_for(record: Record, file: int, base_id: str, row: int | None = None) -> Header:
    """The header of a record judged now; `row` is the row's key in the input (its source
    row unless given)."""
    if row is None:
        row = record.source.row if record.source is not None else 0
    return Header(
        file=file,
        row=row,
        index=record.index,
        base_id=base_id,
        record_id=record.id,
        example=record.status is not Status.INVALID_INPUT,
        status=record.status.value,
        input_tokens=record.usage.input_tokens,
        output_tokens=record.usage.output_tokens,
        estimated=record.usage.estimated,
    )


def _header_of_line(record: Mapping[str, Any], file: int, base_id: str) -> Header:
    """The header of an earlier run's record, read from its JSON object without building it."""
    usage = record.get("usage") or {}
    status = str(record.get("status"))
    return Header(
        file=file,
        row=int((record.get("source") or {}).get("row") or 0),
        index=int(record.get("index") or 0),
        base_id=base_id,
        record_id=str(record.get("id")),
        example=status != Status.INVALID_INPUT.value,
        status=status,
        input_tokens=int(usage.get("input_tokens") or 0),
        output_tokens=int(usage.get("output_tokens") or 0),
        estimated=bool(usage.get("estimated")),
    )


def shard_line(header: Header, record_json: str) -> str:
    return f"{header.dumps()}\t{record_json}\n"


def pack_key(file: int, row: int) -> int:
    """One integer for a row's place in the input, ordered like (file, row)."""
    return (file << _ROW_BITS) | row


def id_hash(example_id: str) -> int:
    """A 63-bit digest of an id: enough to tell whether a kept record belongs to the row."""
    digest = hashlib.blake2b(example_id.encode("utf-8", "replace"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class ShardWriter:
    """Appends record lines to a new shard file of `<out>/shards/`; each `write` call ends
    with a flush, so a killed driver leaves every finished batch on disk."""

    def __init__(self, out_dir: Path) -> None:
        folder = RunFolder(out_dir).shards
        folder.mkdir(parents=True, exist_ok=True)
        n = len(list(folder.glob("part-*.jsonl")))
        while (folder / f"part-{n:05d}.jsonl").exists():
            n += 1
        self.path = folder / f"part-{n:05d}.jsonl"
        self._fh = open(self.path, "w", encoding="utf-8")  # noqa: SIM115 (closed by close())

    def write(self, lines: Sequence[str]) -> None:
        self._fh.write("".join(lines))
        self._fh.flush()

    def close(self) -> None:
        self._fh.close()


def shard_files(out_dir: Path) -> list[Path]:
    return sorted(RunFolder(out_dir).shards.glob("part-*.jsonl"))


# --- reading shards and old records --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    header: Header
    source: int  # position of the file in the list of sources
    offset: int  # byte offset of the record JSON
    length: int  # its length in bytes
    #: the line has an older format version: it is rewritten in the current one
    migrate: bool = False


def _complete_lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """(offset, line without its newline) for each complete line of the file."""
    offset = 0
    with open(path, "rb") as fh:
        for raw in fh:
            if raw.endswith(b"\n"):
                yield offset, raw[:-1].rstrip(b"\r")
            offset += len(raw)


def _shard_entries(path: Path, source: int) -> Iterator[Entry]:
    for offset, line in _complete_lines(path):
        head, tab, record = line.partition(b"\t")
        if not tab:
            continue
        try:
            header = Header.loads(head.decode("utf-8"))
        except (ValueError, TypeError):
            continue
        start = offset + len(head) + 1
        yield Entry(header, source, start, len(record))


def _base_id(record: Mapping[str, Any]) -> str:
    """The id a record's example had before a repeated id was renamed."""
    record_id = str(record.get("id"))
    original = (record.get("metadata") or {}).get("duplicate_of")
    if isinstance(original, str) and record_id.startswith(original + "#"):
        return original
    return record_id


def _record_entries(path: Path, source: int, ordinals: Mapping[str, int]) -> Iterator[Entry]:
    """Entries of an earlier run's `judgments.jsonl`; records whose input file is not part of
    this run are skipped (their rows are judged again)."""
    for offset, line in _complete_lines(path):
        try:
            record = json.loads(line)
        except (ValueError, UnicodeDecodeError):
            continue
        if not isinstance(record, dict) or not isinstance(record.get("index"), int):
            continue
        source_info = record.get("source") or {}
        file = ordinals.get(str(source_info.get("file")))
        if file is None or not isinstance(source_info.get("row"), int):
            continue
        version = record.get("format_version", 1)
        header = _header_of_line(record, file, _base_id(record))
        yield Entry(header, source, offset, len(line), version != FORMAT_VERSION)


@dataclass(frozen=True)
class Sources:
    """The files a merge reads, oldest first: later records of a row replace earlier ones."""

    records: Path | None  # an earlier run's judgments.jsonl, if any
    shards: tuple[Path, ...]

    def paths(self) -> list[Path]:
        return ([self.records] if self.records else []) + list(self.shards)

    def entries(self, ordinals: Mapping[str, int]) -> Iterator[Entry]:
        n = 0
        if self.records is not None:
            yield from _record_entries(self.records, n, ordinals)
            n += 1
        for shard in self.shards:
            yield from _shard_entries(shard, n)
            n += 1


def latest_entries(entries: Iterator[Entry]) -> dict[int, Entry]:
    """The latest entry of each row, by packed key."""
    latest: dict[int, Entry] = {}
    for entry in entries:
        latest[pack_key(entry.header.file, entry.header.row)] = entry
    return latest


def kept_rows(latest: Mapping[int, Entry]) -> dict[int, int]:
    """Rows a resume need not judge again: packed key → hash of the row's id."""
    return {
        key: id_hash(entry.header.base_id)
        for key, entry in latest.items()
        if kept_on_resume(entry.header.status)
    }


# --- the merge -------------------------------------------------------------------------------


def _patched(record_json: bytes, index: int, final_id: str, base_id: str) -> str:
    record = parse_record(record_json, "a kept record")
    metadata = dict(record.metadata)
    if final_id != base_id:
        metadata["duplicate_of"] = base_id
    elif metadata.get("duplicate_of") == base_id:
        del metadata["duplicate_of"]  # the row's id is no longer a repeat (an edited input)
    return record_line(replace(record, index=index, id=final_id, metadata=metadata))


def merge(
    sources: Sources,
    target: Path,
    latest: Mapping[int, Entry],
    renumber: bool,
    totals: Totals,
    *,
    rename_ids: bool = True,
) -> int:
    """Write one record per row of `latest`, in input order, to `target` (atomically), and
    add their token usage to `totals`; returns the number of records written.

    With `renumber`, `index` counts rows across every input file; otherwise each record keeps
    the position it was judged at (a single input file). Repeated ids are renamed in order
    (with `rename_ids`: the loader renames them, the ingest formats do not).
    """
    paths = sources.paths()
    unique = UniqueIds()
    examples = 0
    tmp = target.with_name(target.name + ".merge")
    try:
        with contextlib.ExitStack() as files, open(tmp, "w", encoding="utf-8") as out:
            handles: dict[int, BinaryIO] = {}
            for rank, key in enumerate(sorted(latest)):
                entry = latest[key]
                head = entry.header
                fh = handles.get(entry.source)
                if fh is None:
                    fh = handles[entry.source] = files.enter_context(
                        open(paths[entry.source], "rb")
                    )
                fh.seek(entry.offset)
                raw = fh.read(entry.length)
                index = rank if renumber else head.index
                final_id = unique(head.base_id) if head.example and rename_ids else head.record_id
                if index != head.index or final_id != head.record_id or entry.migrate:
                    out.write(_patched(raw, index, final_id, head.base_id) + "\n")
                else:
                    out.write(raw.decode("utf-8") + "\n")
                examples += 1
                totals.add_usage(head.input_tokens, head.output_tokens, head.estimated)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return examples


__all__ = [
    "Entry",
    "Header",
    "ShardWriter",
    "Sources",
    "header_for",
    "id_hash",
    "kept_rows",
    "latest_entries",
    "merge",
    "pack_key",
    "shard_files",
    "shard_line",
]
