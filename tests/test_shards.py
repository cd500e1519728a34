"""Tests for the result shards of the Ray engine (`ragjudge.cluster.shards`): shard lines,
`ShardWriter`, reading shards and an earlier `judgments.jsonl`, `kept_rows` and `merge`."""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragjudge.cluster.shards import (
    Header,
    ShardWriter,
    Sources,
    header_for,
    id_hash,
    kept_rows,
    latest_entries,
    merge,
    pack_key,
    shard_files,
    shard_line,
)
from ragjudge.dataset import UniqueIds, load_examples
from ragjudge.record import Record, Status
from ragjudge.runfolder import SHARDS, parse_record, record_line
from ragjudge.runner import Totals
from ragjudge.types import Source, Usage

FILE = "data.jsonl"
ORDINALS = {FILE: 0}
STATUSES = ("ok", "repaired", "failed", "invalid_input")


# --- helpers ---------------------------------------------------------------------------------


def make_record(
    example_id: str,
    row: int,
    *,
    file: str = FILE,
    index: int | None = None,
    status: str = "ok",
    metadata: dict[str, Any] | None = None,
    tokens: tuple[int, int] = (0, 0),
    estimated: bool = False,
    note: str = "",
) -> Record:
    """A small record of the kind the pipeline writes."""
    return Record(
        id=example_id,
        index=row - 1 if index is None else index,
        source=Source(file, row),
        status=Status(status),
        error="missing required field 'response'" if status == "invalid_input" else None,
        question=f"Où est la réponse n°{row} ? {note}",
        metadata=dict(metadata or {}),
        usage=Usage(tokens[0], tokens[1], estimated),
    )


def dumps(record: Record) -> str:
    return record_line(record)


def line_for(record: Record, file: int = 0, base_id: str | None = None) -> str:
    """The shard line a worker writes for `record` (its id is the un-renamed id by default)."""
    base = record.id if base_id is None else base_id
    return shard_line(header_for(record, file, base), dumps(record))


def write_shard(out_dir: Path, lines: list[str]) -> Path:
    writer = ShardWriter(out_dir)
    writer.write(lines)
    writer.close()
    return writer.path


def write_records(path: Path, records: list[Record]) -> Path:
    path.write_text("".join(dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def run_merge(
    sources: Sources,
    target: Path,
    *,
    ordinals: dict[str, int] | None = None,
    renumber: bool = False,
) -> tuple[int, int, int, bool]:
    """Merge; returns (records written, input tokens, output tokens, estimated)."""
    latest = latest_entries(sources.entries(ORDINALS if ordinals is None else ordinals))
    return _merged(sources, target, latest, renumber)


def _merged(
    sources: Sources, target: Path, latest: Any, renumber: bool
) -> tuple[int, int, int, bool]:
    totals = Totals()
    n = merge(sources, target, latest, renumber, totals)
    return n, totals.input_tokens, totals.output_tokens, totals.estimated


def read_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def read_records(path: Path) -> list[Record]:
    return [parse_record(line) for line in read_lines(path)]


def renamed_like_loader(records: list[Record]) -> list[Record]:
    """The records in input order with the ids `UniqueIds` gives (invalid rows untouched)."""
    unique = UniqueIds()
    out = []
    for record in records:
        if record.status != "invalid_input":
            final = unique(record.id)
            if final != record.id:
                metadata = {**record.metadata, "duplicate_of": record.id}
                record = replace(record, id=final, metadata=metadata)
        out.append(record)
    return out


# --- headers, keys and the writer ------------------------------------------------------------


def test_header_for_reads_the_record_and_round_trips() -> None:
    record = make_record("q-7", 7, index=6, status="repaired", tokens=(120, 30), estimated=True)
    header = header_for(record, 2, "q")
    assert header == Header(
        file=2,
        row=7,
        index=6,
        base_id="q",
        record_id="q-7",
        example=True,
        status="repaired",
        input_tokens=120,
        output_tokens=30,
        estimated=True,
    )
    assert Header.loads(header.dumps()) == header
    assert "\t" not in header.dumps() and "\n" not in header.dumps()

    invalid = make_record("row-3", 3, status="invalid_input")
    head = header_for(invalid, 0, "row-3")
    assert head.example is False
    assert (head.input_tokens, head.output_tokens, head.estimated) == (0, 0, False)


def test_shard_line_is_header_tab_record_newline() -> None:
    record = make_record("é\tid", 1)  # a tab inside the record is escaped by json.dumps
    line = shard_line(header_for(record, 0, "é\tid"), dumps(record))
    assert line.endswith("\n") and line.count("\n") == 1
    head, tab, rest = line.partition("\t")
    assert tab == "\t"
    assert Header.loads(head).record_id == "é\tid"
    assert rest == dumps(record) + "\n"


def test_pack_key_orders_like_file_then_row() -> None:
    places = [(1, 1), (0, 10**9), (0, 2), (2, 0), (0, 1), (1, 3)]
    by_key = sorted(places, key=lambda p: pack_key(*p))
    assert by_key == sorted(places)
    assert len({pack_key(*p) for p in places}) == len(places)


def test_id_hash_is_stable_63_bits_and_tells_ids_apart() -> None:
    assert id_hash("x") == id_hash("x")
    assert id_hash("x") != id_hash("x#2")
    assert all(0 <= id_hash(s) < 2**63 for s in ("", "x", "é", "\ud800"))


def test_shard_writer_makes_a_new_part_each_time_and_flushes(tmp_path: Path) -> None:
    first = ShardWriter(tmp_path)
    assert first.path == tmp_path / SHARDS / "part-00000.jsonl"
    first.write(["a\n", "b\n"])
    # flushed at once: a killed driver leaves every finished batch on disk
    assert first.path.read_text(encoding="utf-8") == "a\nb\n"
    first.write(["c\n"])
    first.close()
    second = ShardWriter(tmp_path)
    second.close()
    assert second.path.name == "part-00001.jsonl"
    assert first.path.read_text(encoding="utf-8") == "a\nb\nc\n"

    first.path.unlink()  # one part left, named 00001: the next must not overwrite it
    third = ShardWriter(tmp_path)
    third.close()
    assert third.path.name == "part-00002.jsonl"
    assert shard_files(tmp_path) == [second.path, third.path]


# --- merging shards --------------------------------------------------------------------------


def test_out_of_order_rows_in_two_shards_merge_byte_identical(tmp_path: Path) -> None:
    records = [make_record(f"id-{n}", n, note="—ü") for n in range(1, 8)]
    by_row = {r.index + 1: r for r in records}
    a = write_shard(tmp_path, [line_for(by_row[n]) for n in (6, 2, 7)])
    b = write_shard(tmp_path, [line_for(by_row[n]) for n in (4, 1, 5, 3)])
    target = tmp_path / "judgments.jsonl"

    totals = run_merge(Sources(None, (a, b)), target)

    expected = "".join(dumps(r) + "\n" for r in records)
    assert target.read_bytes() == expected.encode("utf-8")
    assert totals[0] == 7


def test_records_needing_no_patch_are_copied_not_reserialised(tmp_path: Path) -> None:
    records = [make_record(f"id-{n}", n) for n in range(1, 4)]
    records[1] = replace(records[1], index=9)  # renumbering must patch this one only
    compact = [json.dumps(r.to_json(), ensure_ascii=False, separators=(",", ":")) for r in records]
    pairs = zip(records, compact, strict=True)
    lines = [shard_line(header_for(r, 0, r.id), text) for r, text in pairs]
    shard = write_shard(tmp_path, lines[::-1])
    target = tmp_path / "judgments.jsonl"

    run_merge(Sources(None, (shard,)), target, renumber=True)

    out = read_lines(target)
    assert out[0] == compact[0]
    assert out[2] == compact[2]
    assert out[1] == dumps(replace(records[1], index=1))


def test_row_in_two_shards_appears_once_and_the_later_shard_wins(tmp_path: Path) -> None:
    old = make_record("b", 2, status="failed", tokens=(5, 0))
    new = make_record("b", 2, status="ok", tokens=(50, 7), note="again")
    first = write_shard(tmp_path, [line_for(make_record("a", 1)), line_for(old)])
    second = write_shard(tmp_path, [line_for(new), line_for(make_record("c", 3))])
    target = tmp_path / "judgments.jsonl"

    totals = run_merge(Sources(None, (first, second)), target)
    assert read_lines(target) == [
        dumps(make_record("a", 1)),
        dumps(new),
        dumps(make_record("c", 3)),
    ]
    assert totals[:3] == (3, 50, 7)

    # "later" is the order of the sources, not the names of the files
    run_merge(Sources(None, (second, first)), target)
    assert read_records(target)[1] == old


def test_later_line_of_the_same_shard_wins(tmp_path: Path) -> None:
    stale = make_record("a", 1, status="failed")
    fresh = make_record("a", 1, status="ok")
    shard = write_shard(tmp_path, [line_for(stale), line_for(fresh)])
    latest = latest_entries(Sources(None, (shard,)).entries(ORDINALS))
    assert list(latest) == [pack_key(0, 1)]
    assert latest[pack_key(0, 1)].header.status == "ok"


def test_truncated_last_line_is_ignored(tmp_path: Path) -> None:
    records = [make_record(f"id-{n}", n) for n in range(1, 5)]
    cut = line_for(records[3]).rstrip("\n")
    shard = write_shard(tmp_path, [line_for(r) for r in records[:3]] + [cut[: len(cut) - 10]])
    sources = Sources(None, (shard,))
    latest = latest_entries(sources.entries(ORDINALS))

    assert pack_key(0, 4) not in latest
    assert sorted(latest) == [pack_key(0, n) for n in (1, 2, 3)]
    assert pack_key(0, 4) not in kept_rows(latest)
    target = tmp_path / "judgments.jsonl"
    totals = _merged(sources, target, latest, False)
    assert read_lines(target) == [dumps(r) for r in records[:3]]
    assert totals[0] == 3


def test_whole_last_line_without_newline_is_ignored_too(tmp_path: Path) -> None:
    # even a complete record is dropped without its newline: it may have been cut anywhere
    earlier = make_record("a", 1, status="failed")
    later = make_record("a", 1, status="ok")
    first = write_shard(tmp_path, [line_for(earlier)])
    second = write_shard(tmp_path, [line_for(later).rstrip("\n")])
    target = tmp_path / "judgments.jsonl"
    run_merge(Sources(None, (first, second)), target)
    assert read_records(target) == [earlier]


def test_lines_without_a_valid_header_are_skipped(tmp_path: Path) -> None:
    good = make_record("a", 1)
    shard = tmp_path / "part.jsonl"
    shard.write_text(
        "no tab on this line\n" + "{not json}\t{}\n" + '["too", "short"]\t{}\n' + line_for(good),
        encoding="utf-8",
    )
    latest = latest_entries(Sources(None, (shard,)).entries(ORDINALS))
    assert list(latest) == [pack_key(0, 1)]
    target = tmp_path / "judgments.jsonl"
    _merged(Sources(None, (shard,)), target, latest, False)
    assert read_lines(target) == [dumps(good)]


def test_repeated_ids_are_renamed_like_the_loader(tmp_path: Path) -> None:
    rows: list[dict[str, Any]] = [
        {"id": "x", "question": "q1", "documents": ["d"], "response": "r"},
        {"id": "y", "question": "q2", "documents": ["d"], "response": "r"},
        {"id": "x", "question": "q3", "documents": ["d"], "response": "r"},
        {"id": "x", "question": "q4"},  # invalid: no documents, no response
        {"id": "x", "question": "q5", "documents": ["d"], "response": "r"},
        {"id": "y", "question": "q6", "documents": ["d"], "response": "r"},
        {"id": "x#2", "question": "q7", "documents": ["d"], "response": "r"},
    ]
    data = tmp_path / "data.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    examples, errors = load_examples(data)
    assert [e.id for e in examples] == ["x", "y", "x#2", "x#3", "y#2", "x#2#2"]
    assert [e.source.row for e in errors] == [4]

    statuses = ["ok", "failed", "repaired", "invalid_input", "ok", "ok", "failed"]
    records = [
        make_record(r["id"], n, file=str(data), status=s)
        for n, (r, s) in enumerate(zip(rows, statuses, strict=True), 1)
    ]
    lines = [line_for(r) for r in records]
    a = write_shard(tmp_path, [lines[n] for n in (6, 2, 4)])
    b = write_shard(tmp_path, [lines[n] for n in (0, 5, 3, 1)])
    target = tmp_path / "judgments.jsonl"
    run_merge(Sources(None, (a, b)), target, ordinals={str(data): 0})

    merged = read_records(target)
    judged = [r for r in merged if r.status != "invalid_input"]
    assert [r.id for r in judged] == [e.id for e in examples]
    assert [r.metadata for r in judged] == [e.metadata for e in examples]
    assert [r.source.row for r in judged if r.source] == [e.source.row for e in examples]
    invalid = merged[3]
    assert invalid.status == "invalid_input"
    assert invalid.id == "x" and "duplicate_of" not in invalid.metadata
    assert merged == renamed_like_loader(records)


def test_renumber_counts_rows_across_files(tmp_path: Path) -> None:
    first = [make_record(f"a{n}", n, file="one.jsonl") for n in (1, 2, 3)]
    second = [make_record(f"b{n}", n, file="two.csv") for n in (1, 2)]
    lines = [line_for(r, 0) for r in first] + [line_for(r, 1) for r in second]
    s1 = write_shard(tmp_path, [lines[n] for n in (4, 1, 3)])
    s2 = write_shard(tmp_path, [lines[n] for n in (2, 0)])
    sources = Sources(None, (s1, s2))
    ordinals = {"one.jsonl": 0, "two.csv": 1}
    target = tmp_path / "judgments.jsonl"

    run_merge(sources, target, ordinals=ordinals, renumber=True)
    merged = read_records(target)
    assert [(r.source.file, r.source.row) for r in merged if r.source] == [
        ("one.jsonl", 1),
        ("one.jsonl", 2),
        ("one.jsonl", 3),
        ("two.csv", 1),
        ("two.csv", 2),
    ]
    assert [r.index for r in merged] == [0, 1, 2, 3, 4]
    assert merged == [replace(r, index=i) for i, r in enumerate(first + second)]

    run_merge(sources, target, ordinals=ordinals, renumber=False)
    assert [r.index for r in read_records(target)] == [0, 1, 2, 0, 1]
    assert read_lines(target) == [dumps(r) for r in first + second]


def test_repeated_ids_are_renamed_across_files(tmp_path: Path) -> None:
    lines = [
        line_for(make_record("a", 1, file="one.jsonl"), 0),
        line_for(make_record("a", 1, file="two.jsonl"), 1),
    ]
    shard = write_shard(tmp_path, lines[::-1])
    target = tmp_path / "judgments.jsonl"
    run_merge(
        Sources(None, (shard,)), target, ordinals={"one.jsonl": 0, "two.jsonl": 1}, renumber=True
    )
    merged = read_records(target)
    assert [r.id for r in merged] == ["a", "a#2"]
    assert merged[1].metadata == {"duplicate_of": "a"}


# --- an earlier run's judgments.jsonl --------------------------------------------------------


def old_run() -> list[Record]:
    """The records a finished run wrote for ids x, x, y, z (invalid), x."""
    return [
        make_record("x", 1, status="ok", tokens=(10, 1)),
        make_record("x#2", 2, status="ok", metadata={"duplicate_of": "x"}, tokens=(20, 2)),
        make_record("y", 3, status="failed", tokens=(30, 0)),
        make_record("z", 4, status="invalid_input"),
        make_record("x#3", 5, status="repaired", metadata={"duplicate_of": "x"}, tokens=(40, 4)),
    ]


def test_kept_rows_of_an_old_run_use_the_original_ids(tmp_path: Path) -> None:
    old = write_records(tmp_path / "judgments.jsonl", old_run())
    latest = latest_entries(Sources(old, ()).entries(ORDINALS))
    assert latest[pack_key(0, 2)].header.base_id == "x"
    assert latest[pack_key(0, 5)].header.base_id == "x"
    assert latest[pack_key(0, 4)].header.example is False

    assert kept_rows(latest) == {
        pack_key(0, 1): id_hash("x"),
        pack_key(0, 2): id_hash("x"),
        pack_key(0, 4): id_hash("z"),
        pack_key(0, 5): id_hash("x"),
    }
    assert {"ok", "repaired", "invalid_input"} == {s for s in Status if s.kept_on_resume}


def test_kept_rows_keeps_ok_repaired_and_invalid_shard_rows(tmp_path: Path) -> None:
    lines = [line_for(make_record(f"r{n}", n, status=s)) for n, s in enumerate(STATUSES, 1)]
    shard = write_shard(tmp_path, lines)
    kept = kept_rows(latest_entries(Sources(None, (shard,)).entries(ORDINALS)))
    assert kept == {pack_key(0, n): id_hash(f"r{n}") for n in (1, 2, 4)}


def test_old_run_plus_new_shard_keeps_renames_stable(tmp_path: Path) -> None:
    records = old_run()
    target = write_records(tmp_path / "judgments.jsonl", records)
    before = read_lines(target)
    # a resume judges the failed row 3 again; the worker writes its un-renamed id
    again = make_record("y", 3, status="ok", tokens=(33, 3), note="judged again")
    shard = write_shard(tmp_path, [line_for(again)])

    totals = run_merge(Sources(target, (shard,)), target)

    after = read_lines(target)
    assert after == [*before[:2], dumps(again), *before[3:]]
    assert [json.loads(line)["id"] for line in after] == ["x", "x#2", "y", "z", "x#3"]
    assert not any("#2#" in line for line in after)
    assert totals == (5, 103, 10, False)

    # merging the result again changes nothing
    run_merge(Sources(target, ()), target)
    assert read_lines(target) == after


def test_old_run_row_judged_again_in_a_shard_is_renamed(tmp_path: Path) -> None:
    target = write_records(tmp_path / "judgments.jsonl", old_run())
    # row 5 judged again: the worker's record carries the original id "x"
    again = make_record("x", 5, status="ok", note="again")
    shard = write_shard(tmp_path, [line_for(again)])
    run_merge(Sources(target, (shard,)), target)
    last = read_records(target)[4]
    assert last.id == "x#3"
    assert last.metadata == {"duplicate_of": "x"}
    assert last.question is not None and last.question.endswith("again")


def test_record_that_loses_its_rename_drops_duplicate_of(tmp_path: Path) -> None:
    # the input is edited between runs: row 1 was "x" and is now "z", row 2 is still "x"
    data = tmp_path / "data.jsonl"
    rows = [{"id": i, "question": "q", "documents": ["d"], "response": "r"} for i in ("z", "x")]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    examples, _ = load_examples(data)
    assert [(e.id, e.metadata) for e in examples] == [("z", {}), ("x", {})]

    ordinals = {str(data): 0}
    old = write_records(
        tmp_path / "judgments.jsonl",
        [
            make_record("x", 1, file=str(data)),
            make_record("x#2", 2, file=str(data), metadata={"duplicate_of": "x"}),
        ],
    )
    # a resume keeps row 2 (same original id) and judges row 1 again
    kept = kept_rows(latest_entries(Sources(old, ()).entries(ordinals)))
    assert kept[pack_key(0, 2)] == id_hash(examples[1].id)
    assert kept[pack_key(0, 1)] != id_hash(examples[0].id)
    shard = write_shard(tmp_path, [line_for(make_record("z", 1, file=str(data)))])

    run_merge(Sources(old, (shard,)), old, ordinals=ordinals)

    merged = read_records(old)
    assert [r.id for r in merged] == ["z", "x"]
    assert [r.metadata for r in merged] == [e.metadata for e in examples]


def test_old_records_of_other_files_or_unreadable_are_skipped(tmp_path: Path) -> None:
    keep = make_record("a", 1).to_json()
    other = make_record("b", 2, file="gone.jsonl").to_json()
    no_row = make_record("c", 3).to_json()
    no_row["source"]["row"] = None
    no_index = make_record("d", 4).to_json()
    no_index["index"] = "4"
    old = tmp_path / "judgments.jsonl"
    old.write_text(
        "".join(json.dumps(r) + "\n" for r in (keep, other, no_row, no_index))
        + "not json\n"
        + "[1, 2]\n"
        + dumps(make_record("e", 5)),  # cut short: no newline
        encoding="utf-8",
    )
    latest = latest_entries(Sources(old, ()).entries(ORDINALS))
    assert list(latest) == [pack_key(0, 1)]


def test_shards_override_old_records(tmp_path: Path) -> None:
    old = write_records(tmp_path / "judgments.jsonl", [make_record("a", 1, status="failed")])
    fresh = make_record("a", 1, status="ok")
    shard = write_shard(tmp_path, [line_for(fresh)])
    latest = latest_entries(Sources(old, (shard,)).entries(ORDINALS))
    assert latest[pack_key(0, 1)].source == 1  # the shard, after the old records
    assert kept_rows(latest) == {pack_key(0, 1): id_hash("a")}


# --- writing the target ----------------------------------------------------------------------


def test_merge_replaces_the_target_and_sums_the_headers(tmp_path: Path) -> None:
    target = tmp_path / "judgments.jsonl"
    target.write_text("from an earlier run\n", encoding="utf-8")
    records = [
        make_record("a", 1, tokens=(100, 10)),
        make_record("b", 2, tokens=(200, 20), estimated=True),
        make_record("c", 3, status="invalid_input"),
    ]
    stale = make_record("a", 1, status="failed", tokens=(999, 999))
    first = write_shard(tmp_path, [line_for(stale), line_for(records[2])])
    second = write_shard(tmp_path, [line_for(records[1]), line_for(records[0])])

    totals = run_merge(Sources(None, (first, second)), target)

    assert totals == (3, 300, 30, True)
    assert read_lines(target) == [dumps(r) for r in records]
    assert not target.with_name("judgments.jsonl.merge").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["judgments.jsonl", SHARDS]


def test_merge_without_estimates_reports_none(tmp_path: Path) -> None:
    shard = write_shard(tmp_path, [line_for(make_record("a", 1, tokens=(1, 2)))])
    totals = run_merge(Sources(None, (shard,)), tmp_path / "out.jsonl")
    assert totals == (1, 1, 2, False)


def test_merge_of_nothing_writes_an_empty_file(tmp_path: Path) -> None:
    target = tmp_path / "judgments.jsonl"
    target.write_text("old\n", encoding="utf-8")
    totals = _merged(Sources(None, ()), target, {}, False)
    assert target.read_text(encoding="utf-8") == ""
    assert totals == (0, 0, 0, False)


def test_failed_merge_leaves_the_target_and_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "judgments.jsonl"
    target.write_text("previous\n", encoding="utf-8")
    shard = write_shard(tmp_path, [line_for(make_record("a", 1))])
    sources = Sources(None, (shard,))
    latest = latest_entries(sources.entries(ORDINALS))
    shard.unlink()
    with pytest.raises(FileNotFoundError):
        _merged(sources, target, latest, False)
    assert target.read_text(encoding="utf-8") == "previous\n"
    assert not target.with_name("judgments.jsonl.merge").exists()


# --- property: any order, any split, the same merge ------------------------------------------

IDS = st.sampled_from(["a", "b", "a#2", "é"])
ROWS = st.lists(st.tuples(IDS, st.sampled_from(STATUSES), st.integers(0, 50)), max_size=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=ROWS, data=st.data())
def test_merge_is_input_order_with_loader_ids(
    rows: list[tuple[str, str, int]], data: st.DataObject
) -> None:
    renumber = data.draw(st.booleans(), label="renumber")
    own_index = data.draw(
        st.lists(st.integers(0, 99), min_size=len(rows), max_size=len(rows)), label="index"
    )
    records = [
        make_record(
            example_id,
            n,
            status=status,
            index=own_index[n - 1] if renumber else n - 1,
            tokens=(tokens, n),
            estimated=tokens % 7 == 0,
        )
        for n, (example_id, status, tokens) in enumerate(rows, 1)
    ]
    order = data.draw(st.permutations(range(len(records))), label="order")
    n_shards = data.draw(st.integers(1, 3), label="shards")
    where = data.draw(
        st.lists(st.integers(0, n_shards - 1), min_size=len(order), max_size=len(order)),
        label="where",
    )
    stale = (
        data.draw(st.lists(st.integers(0, len(records) - 1), max_size=4), label="stale")
        if records
        else []
    )
    cut = data.draw(st.booleans(), label="cut")

    per_shard: list[list[str]] = [[] for _ in range(n_shards)]
    for n in stale:  # earlier versions of some rows, met first
        old = make_record("stale", n + 1, status="failed", tokens=(10**6, 10**6))
        per_shard[0].append(line_for(old))
    for n, shard in zip(order, where, strict=True):
        per_shard[shard].append(line_for(records[n]))
    if cut:  # a later version of row 1 cut short by a killed driver
        per_shard[-1].append(line_for(make_record("cut", 1, tokens=(10**6, 0)))[:-1])

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        paths = tuple(write_shard(out, lines) for lines in per_shard)
        target = out / "judgments.jsonl"
        totals = run_merge(Sources(None, paths), target, renumber=renumber)
        text = target.read_text(encoding="utf-8")
        assert not target.with_name("judgments.jsonl.merge").exists()

    expected = [
        replace(record, index=n) if renumber else record
        for n, record in enumerate(renamed_like_loader(records))
    ]
    assert text == "".join(dumps(r) + "\n" for r in expected)
    assert totals == (
        len(records),
        sum(r[2] for r in rows),
        sum(range(1, len(rows) + 1)),
        any(r[2] % 7 == 0 for r in rows),
    )
