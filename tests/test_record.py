"""The record (`ragjudge.record`) and its JSON (`ragjudge.codec`): round trips, the fields left
out while empty, migration of version-1 lines, refusal of lines it cannot read, and the run
folder reading records as a stream (`ragjudge.runfolder`)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from ragjudge.codec import CodecError
from ragjudge.errors import InputError, JudgeError
from ragjudge.record import (
    FORMAT_VERSION,
    CitationFigures,
    JudgeInfo,
    Record,
    Status,
    WindowInfo,
)
from ragjudge.runfolder import RunFolder, record_line

from .records import make_record, write_run


def test_a_record_round_trips_through_its_line() -> None:
    record = make_record("ex-1", gold={"adherence": True}, metadata={"model": "a", "n": [1, 2]})
    line = record_line(record)
    assert json.loads(line)["format_version"] == FORMAT_VERSION
    assert list(json.loads(line))[:5] == ["format_version", "id", "index", "source", "status"]
    assert Record.from_json(json.loads(line)) == record


def test_fields_only_some_records_have_are_left_out_while_empty() -> None:
    plain = make_record("ex-1").to_json()
    assert "windows" not in plain and "citations" not in plain
    sentence = plain["sentences"][0]
    assert "cited_sources" not in sentence and "citation_supported" not in sentence
    # a judgment without probabilities or support score leaves them out too
    assert plain["worker"] is None  # a field every record has is written as null

    cited = make_record("ex-2")
    cited = replace(
        cited,
        sentences=tuple(replace(s, cited_sources=(0,)) for s in cited.sentences),
        citations=CitationFigures(1, 0, 0, 1, 1.0, None),
        windows=(WindowInfo(("0a", "0b"), 2, "p1"),),
    )
    line = cited.to_json()
    assert line["sentences"][0]["cited_sources"] == [0]
    assert line["sentences"][0]["citation_supported"] is None  # present with its sources
    assert line["windows"] == [
        {"document_keys": ["0a", "0b"], "n_document_sentences": 2, "prompt_hash": "p1"}
    ]
    assert Record.from_json(line) == cited


def test_a_version_1_line_is_migrated() -> None:
    old = {
        "id": 7,  # written as a number by hand
        "index": None,
        "status": "ok",
        "scores": {
            "relevance": 1,
            "utilization": 0.5,
            "completeness": 1,
            "adherence": True,
            "strict_adherence": 1,
            "supported_ratio": 1,
            "n_sentences": 1,
            "n_unsupported": 0,
            "unsupported_keys": [],
        },
        "sentences": None,
        "usage": None,
    }
    record = Record.from_json(old)
    assert record.format_version == FORMAT_VERSION
    assert (record.id, record.index, record.sentences) == ("7", 0, ())
    assert record.scores is not None and record.scores.adherence == 1.0
    assert record.usage.input_tokens == 0
    assert record.verdict == "adherent" and record.support == 1.0


def test_lines_that_are_not_records_are_refused_with_the_field_named() -> None:
    with pytest.raises(CodecError, match="newer than this ragjudge reads"):
        Record.from_json({"format_version": FORMAT_VERSION + 1, "id": "x", "status": "ok"})
    with pytest.raises(CodecError, match=r"\.status: 'fine' is not one of ok, repaired"):
        Record.from_json({"id": "x", "status": "fine"})
    with pytest.raises(CodecError, match="the field 'status' is missing"):
        Record.from_json({"id": "x"})
    bad = make_record("x").to_json()
    bad["sentences"][0]["supporting_keys"] = ["0a", 3.5j]  # not JSON at all
    with pytest.raises(CodecError, match=r"\.sentences\[0\]\.supporting_keys\[1\]"):
        Record.from_json(bad)
    with pytest.raises(CodecError, match="must be a JSON object"):
        Record.from_json(["x"])


def test_statuses() -> None:
    assert [s.value for s in Status] == ["ok", "repaired", "failed", "invalid_input"]
    assert [s.scored for s in Status] == [True, True, False, False]
    assert [s.kept_on_resume for s in Status] == [True, True, False, True]
    assert make_record("x", status="failed").verdict == "none"
    assert make_record("x", adherent=False).verdict == "hallucination"


def test_a_judge_identity_without_a_kind_is_a_judge_error() -> None:
    assert JudgeInfo.of({"kind": "k", "model": "m"}) == JudgeInfo("k", None, "m", {})
    with pytest.raises(JudgeError, match="identity needs a 'kind'"):
        JudgeInfo.of({"model": "m"})


def test_the_run_folder_streams_records_and_names_a_damaged_one(tmp_path: Path) -> None:
    records = [make_record(f"ex-{n}", index=n) for n in range(3)]
    run = RunFolder(write_run(tmp_path / "run", records))
    stream = run.records()
    assert next(stream) == records[0]  # read one at a time
    assert list(stream) == records[1:]
    assert RunFolder(run.judgments).path == run.path  # the file itself names its folder
    lines = run.judgments.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1].replace('"status": "ok"', '"status": 3')
    run.judgments.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"record 2: record 'ex-1'\.status"):
        run.read_records()
