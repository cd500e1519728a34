"""A judge from another installed package comes in through the same door as the built-ins:
examples/plugin-judge, installed (CI installs it), registers `example-overlap` under the
entry-point group `ragjudge.judges`."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

import pytest

from ragjudge.cli import main
from ragjudge.judges import make_judge
from ragjudge.judges.registry import GROUP, available

from .records import read_records

pytest.importorskip(
    "ragjudge_example_overlap",
    reason="the example plugin is not installed: pip install examples/plugin-judge",
)

SAMPLE = Path(__file__).resolve().parent.parent / "datasets" / "sample_en.jsonl"


def test_the_plugin_and_the_built_ins_share_one_registry() -> None:
    points = {p.name: p for p in entry_points(group=GROUP)}
    assert points["example-overlap"].dist is not None
    assert points["example-overlap"].dist.name == "ragjudge-example-overlap"
    assert points["offline"].dist is not None and points["offline"].dist.name == "ragjudge"
    assert {"offline", "recorded", "example-overlap"} <= set(available())


def test_eval_with_the_plugin_judges_every_row_and_records_it(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert (
        main(["eval", str(SAMPLE), "--judge", "example-overlap", "--out", str(out), "--quiet"]) == 0
    )
    records = read_records(out)
    assert len(records) == 24
    assert {r.status for r in records} == {"ok"}
    assert {r.judge.kind if r.judge else None for r in records} == {"example-overlap"}
    assert {r.judge.provider if r.judge else None for r in records} == {"ragjudge-example-overlap"}
    # the plugin's own verdicts, through the pipeline's rules and scores
    judged = {s.supported for r in records for s in r.sentences}
    assert judged == {True, False}
    for record in records:
        for sentence in record.sentences:
            assert sentence.supported == bool(sentence.supporting_keys)
            assert set(sentence.supporting_keys) <= record.document_keys


def test_name_colon_arg_reaches_the_plugin_factory(tmp_path: Path) -> None:
    strict = make_judge("example-overlap:0.9")
    assert strict.identity()["params"] == {"threshold": 0.9}
    assert make_judge("example-overlap").identity()["params"] == {"threshold": 0.5}
    out = tmp_path / "refused"
    assert main(["eval", str(SAMPLE), "--judge", "example-overlap:7", "--out", str(out)]) == 2
    assert not out.exists()
