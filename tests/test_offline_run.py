"""The offline judge through `ragjudge eval`: the estimated hallucination rate in the summary,
the report and the gate, and `--offline-threshold`."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from ragjudge.cli import main

SAMPLE = Path(__file__).resolve().parents[1] / "datasets" / "sample_en.jsonl"


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("offline") / "run"
    assert main(["eval", str(SAMPLE), "--out", str(out), "--quiet"]) == 0
    return out


def test_summary_estimates_the_rate_from_support_scores(run: Path) -> None:
    summary = json.loads((run / "summary.json").read_text())
    block = summary["metrics"]["estimated_hallucination_rate"]
    examples = pd.read_csv(run / "examples.csv")
    assert block["n"] == len(examples) == 24
    assert block["mean"] == pytest.approx(float((1 - examples["support_score"]).mean()), abs=1e-5)
    assert block["ci_low"] <= block["mean"] <= block["ci_high"]
    # the flagged share is its own figure, from the verdicts
    flagged = summary["metrics"]["hallucination_rate"]["mean"]
    assert flagged == pytest.approx(float((1 - examples["adherence"]).mean()), abs=1e-5)
    html = (run / "report.html").read_text(encoding="utf-8")
    assert "Estimated hallucination rate" in html
    assert "Hallucination rate (flagged)" in html


def test_gate_checks_the_estimated_rate(run: Path) -> None:
    estimated = json.loads((run / "summary.json").read_text())["metrics"][
        "estimated_hallucination_rate"
    ]["mean"]
    assert 0 < estimated < 1
    below, above = round(estimated - 0.05, 2), round(estimated + 0.05, 2)
    assert main(["gate", str(run), "--max", f"estimated_hallucination_rate={above}"]) == 0
    assert main(["gate", str(run), "--max", f"estimated_hallucination_rate={below}"]) == 1


def test_a_judge_without_support_scores_has_no_estimate(tmp_path: Path) -> None:
    data = tmp_path / "rows.jsonl"
    row = {
        "question": "Which port?",
        "documents": ["The agent listens on port 8080."],
        "response": "It uses port 8080.",
        "judgment": {
            "relevance_explanation": "",
            "all_relevant_sentence_keys": ["0a"],
            "overall_supported_explanation": "",
            "overall_supported": True,
            "sentence_support_information": [
                {
                    "response_sentence_key": "a",
                    "explanation": "",
                    "supporting_sentence_keys": ["0a"],
                    "fully_supported": True,
                }
            ],
            "all_utilized_sentence_keys": ["0a"],
        },
    }
    data.write_text(json.dumps(row) + "\n")
    out = tmp_path / "run"
    assert main(["eval", str(data), "--judge", "recorded", "--out", str(out), "--quiet"]) == 0
    block = json.loads((out / "summary.json").read_text())["metrics"][
        "estimated_hallucination_rate"
    ]
    assert block["n"] == 0 and block["mean"] is None
    assert "Estimated hallucination rate" not in (out / "report.html").read_text()


def test_offline_threshold_moves_verdicts_not_scores(run: Path, tmp_path: Path) -> None:
    default = pd.read_csv(run / "examples.csv")
    # just above the weakest answer the default threshold passes
    raised_to = round(
        float(default.loc[default["adherence"] == 1, "support_score"].min()) + 0.001, 4
    )
    strict = tmp_path / "strict"
    code = main(
        [
            "eval",
            str(SAMPLE),
            "--out",
            str(strict),
            "--quiet",
            "--offline-threshold",
            str(raised_to),
        ]
    )
    assert code == 0
    raised = pd.read_csv(strict / "examples.csv")
    assert list(default["support_score"]) == list(raised["support_score"])
    assert (raised["adherence"] == (raised["support_score"] >= raised_to)).all()
    assert raised["adherence"].sum() < default["adherence"].sum()
    judge = json.loads((strict / "run.json").read_text())["judge"]
    assert judge["params"]["threshold"] == raised_to


def test_offline_threshold_is_refused_for_other_judges(tmp_path: Path) -> None:
    out = tmp_path / "x"
    args = ["eval", str(SAMPLE), "--out", str(out), "--judge", "recorded"]
    assert main([*args, "--offline-threshold", "0.5"]) == 2
    assert main(["eval", str(SAMPLE), "--out", str(out), "--judge", "offline:2"]) == 2
