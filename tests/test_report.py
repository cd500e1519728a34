"""Aggregation, CSV/JSON writers and run comparison, checked against hand-computed figures.

The sample run (tests/data/report/sample) has six records built by hand from docs/outputs.md:
ok ×3, repaired ×1 (Japanese), failed ×1, invalid_input ×1. Scored examples (ok + repaired):
relevance 0.5, 0.25, 1.0, 0.5; utilization 0.25, 0.25, 0.5, 0.5; completeness 0.5, 1, 0.5, 0.5;
adherence 1, 0, 1, 1; sentences 2, 3, 2, 1 of which 0, 2, 0, 0 unsupported.
"""

from __future__ import annotations

import json
import math
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from ragjudge.errors import InputError, UsageError
from ragjudge.record import Record, SentenceResult, Status, sentence_verdict
from ragjudge.report import (
    compare_runs,
    examples_frame,
    format_comparison,
    load_records,
    sentences_frame,
    summarize,
    write_reports,
)
from ragjudge.stats import bootstrap_ratio
from ragjudge.types import Scores

from .records import judgments_file, write_run

SAMPLE = Path(__file__).parent / "data" / "report" / "sample"


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    target = tmp_path / "run"
    shutil.copytree(SAMPLE, target)
    return target


@pytest.fixture(scope="module")
def records() -> list[Record]:
    return load_records(SAMPLE)


# --- reading -------------------------------------------------------------------------------


def test_load_records_reads_every_line_in_order(records: list[Record]) -> None:
    assert [r.id for r in records] == [
        "ex-ok-1",
        "ex-halluc",
        "ex-repaired-ja",
        "ex-failed",
        "ex-invalid",
        "ex-ok-2",
    ]


def test_truncated_last_line_is_dropped(run_dir: Path) -> None:
    judgments = judgments_file(run_dir)
    text = judgments.read_text(encoding="utf-8")
    last = text.rstrip("\n").rsplit("\n", 1)[1]
    cut = text.rstrip("\n")[: -len(last) // 2]  # half of the last record, no newline
    judgments.write_text(cut, encoding="utf-8")
    assert [r.id for r in load_records(run_dir)][-1] == "ex-invalid"


def test_damaged_middle_line_is_an_error(run_dir: Path) -> None:
    judgments = judgments_file(run_dir)
    lines = judgments.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2][:40]
    judgments.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="record 3"):
        load_records(run_dir)


def test_a_record_that_is_not_a_record_is_an_error_naming_the_field(run_dir: Path) -> None:
    judgments = judgments_file(run_dir)
    lines = judgments.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1].replace('"adherence": 0.0', '"adherence": "no"', 1)
    judgments.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"record 2: .*scores\.adherence: expected a number"):
        load_records(run_dir)


def test_a_newer_format_version_is_refused(run_dir: Path) -> None:
    judgments = judgments_file(run_dir)
    lines = judgments.read_text(encoding="utf-8").splitlines()
    lines[0] = '{"format_version": 99, ' + lines[0][1:]
    judgments.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="format_version 99 is newer"):
        load_records(run_dir)


def test_old_records_are_read_and_written_in_the_current_format(run_dir: Path) -> None:
    # the sample holds version-1 lines (no format_version), as ragjudge wrote before
    first = json.loads(judgments_file(run_dir).read_text(encoding="utf-8").splitlines()[0])
    assert "format_version" not in first
    record = load_records(run_dir)[0]
    assert record.format_version == 2
    again = Record.from_json(record.to_json())
    assert again == record
    assert record.to_json() == {"format_version": 2, **first}


def test_missing_run_folder_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError):
        load_records(tmp_path / "nowhere")
    with pytest.raises(InputError):
        write_reports(tmp_path / "nowhere")
    # a folder without judgments.jsonl
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match=r"no judgments\.jsonl"):
        write_reports(tmp_path / "empty")


# --- summary -------------------------------------------------------------------------------


def test_counts_usage_latency_and_violations(records: list[Record]) -> None:
    summary = summarize(records)
    assert summary["counts"] == {
        "total": 6,
        "ok": 3,
        "repaired": 1,
        "failed": 1,
        "invalid_input": 1,
    }
    assert summary["violations"] == {"invalid_json": 1, "normalized_key": 1, "unknown_key": 1}
    assert summary["usage"] == {
        "input_tokens": 800,
        "output_tokens": 150,
        "estimated": True,
        "cost_usd": None,
    }
    # 8 s in all; the mean is over the five examples the judge saw (not the invalid one)
    assert summary["latency"] == {"total_s": 8.0, "mean_s": 1.6}


def test_metric_means_and_medians_match_hand_computation(records: list[Record]) -> None:
    m = summarize(records)["metrics"]
    expected = {
        "relevance": (0.5625, 0.5, 4),
        "utilization": (0.375, 0.375, 4),
        "completeness": (0.625, 0.5, 4),
        "adherence": (0.75, 1.0, 4),
        "strict_adherence": (0.75, 1.0, 4),
        "supported_ratio": ((1 + 1 / 3 + 1 + 1) / 4, 1.0, 4),
        "support_score": (0.9, 0.9, 1),
        "hallucination_rate": (0.25, 0.0, 4),
        "failed_rate": (1 / 6, 0.0, 6),
    }
    for metric, (mean, median, n) in expected.items():
        assert m[metric]["mean"] == pytest.approx(mean, abs=1e-6), metric
        assert m[metric]["median"] == pytest.approx(median, abs=1e-6), metric
        assert m[metric]["n"] == n, metric
    # 2 unsupported sentences out of 2 + 3 + 2 + 1
    assert m["unsupported_sentence_rate"]["mean"] == pytest.approx(2 / 8)
    assert m["unsupported_sentence_rate"]["n"] == 4


def test_confidence_intervals_contain_the_mean_and_are_deterministic(
    records: list[Record],
) -> None:
    first = summarize(records, seed=7)
    again = summarize(records, seed=7)
    assert first == again
    for metric, block in first["metrics"].items():
        assert block["ci_low"] <= block["mean"] <= block["ci_high"], metric
    # a single value has no spread; relevance 0.25…1.0 over four examples has some
    assert (
        first["metrics"]["support_score"]["ci_low"] == first["metrics"]["support_score"]["ci_high"]
    )
    assert first["metrics"]["relevance"]["ci_low"] < first["metrics"]["relevance"]["ci_high"]


def test_bootstrap_interval_of_a_large_sample_is_tight_around_the_mean() -> None:
    values = np.random.default_rng(1).uniform(0, 1, 4000)
    low, high = bootstrap_ratio(values, np.ones(len(values)), seed=0, name="x", n_boot=400)
    mean = values.mean()
    assert low < mean < high
    # standard error of the mean of U(0, 1) is about 0.2887 / sqrt(4000) = 0.0046
    assert 0.01 < high - low < 0.03
    assert (low, high) == bootstrap_ratio(
        values, np.ones(len(values)), seed=0, name="x", n_boot=400
    )


def test_gold_agreement(records: list[Record]) -> None:
    gold = summarize(records)["gold"]
    # hallucination labels (gold adherence false) of the scored examples: 0, 1, 1, 0;
    # risk (1 − support_score, else 1 − adherence): 0, 1, 0, 0.1 → AUROC (1 + 1 + 0.5 + 0) / 4
    assert gold["adherence"]["n"] == 4
    assert gold["adherence"]["auroc"] == pytest.approx(0.625)
    assert gold["adherence"]["confusion"] == {"tp": 1, "fp": 0, "fn": 1, "tn": 2}
    assert gold["adherence"]["accuracy"] == pytest.approx(0.75)
    assert gold["adherence"]["precision"] == pytest.approx(1.0)
    assert gold["adherence"]["recall"] == pytest.approx(0.5)
    assert gold["adherence"]["f1"] == pytest.approx(2 / 3, abs=1e-6)
    assert gold["relevance_rmse"]["rmse"] == pytest.approx(math.sqrt(0.01 / 2), abs=1e-6)
    assert gold["utilization_rmse"]["rmse"] == pytest.approx(
        math.sqrt((0.05**2 + 0.25**2) / 2), abs=1e-6
    )
    # gold says only c is unsupported; the judge said b and c
    sentences = gold["unsupported_sentences"]
    assert (sentences["tp"], sentences["fp"], sentences["fn"]) == (1, 1, 0)
    assert sentences["precision"] == pytest.approx(0.5)
    assert sentences["recall"] == pytest.approx(1.0)


def test_no_gold_labels_gives_an_empty_gold_block(records: list[Record]) -> None:
    stripped = [replace(r, gold={}) for r in records]
    assert summarize(stripped)["gold"] == {}


def test_groups_by_metadata_column(records: list[Record]) -> None:
    groups = summarize(records, group_by=["model"])["groups"]["model"]
    assert [g["value"] for g in groups] == ["alpha", "beta", "(missing)"]
    alpha, beta, missing = groups
    assert alpha["counts"]["total"] == 3
    assert alpha["metrics"]["relevance"]["mean"] == pytest.approx(0.75)
    assert alpha["metrics"]["hallucination_rate"]["mean"] == 0.0
    assert beta["metrics"]["hallucination_rate"]["mean"] == 1.0
    assert beta["metrics"]["failed_rate"]["mean"] == 0.5
    assert missing["counts"]["total"] == 1


def test_group_by_accepts_a_comma_list_and_rejects_unknown_columns(records: list[Record]) -> None:
    groups = summarize(records, group_by="model, split")["groups"]
    assert list(groups) == ["model", "split"]
    # ex-invalid has no split
    assert [g["value"] for g in groups["split"]] == ["dev", "test", "(missing)"]
    with pytest.raises(UsageError, match="no_such_column"):
        summarize(records, group_by=["no_such_column"])


def test_run_block_merges_run_json(run_dir: Path) -> None:
    summary = write_reports(run_dir)
    run = summary["run"]
    assert run["judge"] == "llm"
    assert run["model"] == "judge-model-1"
    assert run["prompt"]["name"] == "ragbench-annotator"
    assert run["prompt"]["version"] == "1"
    assert run["dataset"] == "tests/data/sample.jsonl"
    assert run["created"] == "2025-01-02T03:04:05Z"
    assert run["options"] == {"concurrency": 2, "seed": 0}
    assert summary["usage"]["cost_usd"] is None  # run.json has no priced usage


def test_cost_comes_from_run_json(run_dir: Path) -> None:
    info = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
    info["usage"] = {"input_tokens": 800, "output_tokens": 150, "cost_usd": 0.0123}
    (run_dir / "run.json").write_text(json.dumps(info), encoding="utf-8")
    summary = write_reports(run_dir)
    assert summary["usage"]["cost_usd"] == 0.0123
    assert "usage" not in summary["run"]


# --- tables --------------------------------------------------------------------------------


def test_examples_frame_columns_and_values(records: list[Record]) -> None:
    frame = examples_frame(records)
    assert list(frame.columns) == [
        "id",
        "status",
        "relevance",
        "utilization",
        "completeness",
        "adherence",
        "strict_adherence",
        "supported_ratio",
        "support_score",
        "n_sentences",
        "n_unsupported",
        "unsupported_keys",
        "n_violations",
        "injection_suspected",
        "error",
        "model",
        "split",
        "gold_adherence",
        "gold_relevance",
        "gold_utilization",
        "gold_completeness",
        "gold_unsupported_keys",
    ]
    row = frame.set_index("id").loc["ex-halluc"]
    assert row["unsupported_keys"] == "b c"
    assert row["n_unsupported"] == 2
    assert bool(row["injection_suspected"]) is True
    assert frame["relevance"].mean() == pytest.approx(0.5625)
    failed = frame.set_index("id").loc["ex-failed"]
    assert math.isnan(failed["relevance"])
    assert "not valid JSON" in failed["error"]


def test_sentences_frame_has_one_row_per_judged_sentence(records: list[Record]) -> None:
    frame = sentences_frame(records)
    assert list(frame.columns) == [
        "id",
        "key",
        "text",
        "supported",
        "fully_supported",
        "supporting_keys",
        "probability",
        "explanation",
        "cited_sources",  # the fixture has a cited answer
    ]
    cited = frame["cited_sources"].dropna()
    assert len(cited) == sum(s.cited_sources is not None for r in records for s in r.sentences)
    assert len(cited) == 1
    assert len(frame) == 8
    assert frame["supported"].sum() == 6
    assert "東京タワーの高さは333メートルです。" in set(frame["text"])
    assert frame.loc[frame["id"] == "ex-ok-2", "probability"].item() == pytest.approx(0.93)


def test_sentence_verdicts() -> None:
    keys = frozenset({"0a", "1a"})

    def judged(supported: bool, fully: bool, evidence: str) -> SentenceResult:
        return SentenceResult("a", "A sentence.", supported, fully, (evidence,))

    assert sentence_verdict(judged(True, True, "0a"), keys) == "supported"
    assert sentence_verdict(judged(False, False, "1a"), keys) == "partially"
    assert sentence_verdict(judged(False, False, "9z"), keys) == "unsupported"
    assert sentence_verdict(judged(True, True, "general"), keys) == "supported"


# --- writers -------------------------------------------------------------------------------


def test_write_reports_writes_every_file_and_is_deterministic(run_dir: Path) -> None:
    names = ["examples.csv", "sentences.csv", "summary.json", "groups.csv", "report.html"]
    summary = write_reports(run_dir, group_by=["model"])
    first = {name: (run_dir / name).read_bytes() for name in names}
    write_reports(run_dir, group_by=["model"])
    assert {name: (run_dir / name).read_bytes() for name in names} == first
    assert json.loads(first["summary.json"]) == summary
    groups = (run_dir / "groups.csv").read_text(encoding="utf-8").splitlines()
    assert groups[0].startswith("group_by,value,n_total,ok,repaired,failed,invalid_input,")
    assert [line.split(",")[1] for line in groups[1:]] == ["alpha", "beta", "(missing)"]
    sentences = (run_dir / "sentences.csv").read_text(encoding="utf-8")
    assert "港区にあります。" in sentences


def test_a_large_run_streamed_twice_gives_the_same_reports_as_a_small_one_held(
    run_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run up to `HOLD_BYTES` is read once and held for the second pass; a larger one is
    read twice from the file. The reports are the same bytes either way."""
    from ragjudge.report import writers

    names = ["examples.csv", "sentences.csv", "summary.json", "groups.csv", "report.html"]
    assert (run_dir / "judgments.jsonl").stat().st_size <= writers.HOLD_BYTES
    reads = []
    real = writers.RunFolder.records

    def counted(folder: writers.RunFolder) -> Iterator[Record]:
        reads.append(folder.path)
        return real(folder)

    monkeypatch.setattr(writers.RunFolder, "records", counted)
    write_reports(run_dir, group_by=["model"])
    held = {name: (run_dir / name).read_bytes() for name in names}
    assert len(reads) == 1
    monkeypatch.setattr(writers, "HOLD_BYTES", 0)
    write_reports(run_dir, group_by=["model"])
    assert len(reads) == 3
    assert {name: (run_dir / name).read_bytes() for name in names} == held


def test_groups_csv_only_with_group_by(run_dir: Path) -> None:
    write_reports(run_dir)
    assert not (run_dir / "groups.csv").exists()
    assert (run_dir / "report.html").exists()


# --- compare -------------------------------------------------------------------------------


def test_compare_runs_pairs_examples_and_lists_verdict_changes(tmp_path: Path) -> None:
    records = load_records(SAMPLE)
    changed = list(records)
    # in run B the hallucinated example becomes adherent with better relevance,
    # and the failed example is judged (a hallucination)
    old = changed[1].scores
    assert old is not None
    changed[1] = replace(
        changed[1], scores=replace(old, adherence=1.0, relevance=0.75, n_unsupported=0)
    )
    changed[3] = replace(
        changed[3],
        status=Status.OK,
        scores=Scores(
            relevance=1.0,
            utilization=1.0,
            completeness=1.0,
            adherence=0.0,
            strict_adherence=0.0,
            supported_ratio=0.0,
            n_sentences=1,
            n_unsupported=1,
            unsupported_keys=("a",),
            support_score=None,
        ),
    )
    changed.append(replace(records[0], id="only-in-b"))
    write_run(tmp_path / "a", records)
    write_run(tmp_path / "b", changed)
    result = compare_runs(tmp_path / "a", tmp_path / "b", seed=3)
    assert (result["n_common"], result["only_a"], result["only_b"]) == (6, 0, 1)
    relevance = result["metrics"]["relevance"]
    # paired on the four examples scored in both runs: 0.5, 0.25 → 0.75, 1.0, 0.5
    assert relevance["n"] == 4
    assert relevance["diff"] == pytest.approx(0.5 / 4)
    assert relevance["ci_low"] <= relevance["diff"] <= relevance["ci_high"]
    assert result["metrics"]["hallucination_rate"]["diff"] == pytest.approx(-0.25)
    assert result["metrics"]["failed_rate"]["diff"] == pytest.approx(-1 / 6, abs=1e-6)
    changes = {c["id"]: (c["a"], c["b"]) for c in result["verdict_changes"]}
    assert changes == {
        "ex-halluc": ("hallucination", "adherent"),
        "ex-failed": ("none", "hallucination"),
    }
    assert compare_runs(tmp_path / "a", tmp_path / "b", seed=3) == result
    text = format_comparison(result)
    assert "verdict changed for 2 example(s)" in text
    assert "ex-halluc: hallucination → adherent" in text
    assert "relevance" in text and "+0.125" in text
