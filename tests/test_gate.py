"""Tests of the CI quality gate: thresholds, baselines, groups, config files, exit codes and the
JUnit / Markdown outputs, on run folders of hand-built records and summaries."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest

from ragjudge import cli
from ragjudge.api import gate
from ragjudge.config import find_config, load_config
from ragjudge.errors import UsageError
from ragjudge.gate import METRICS, Threshold, parse_thresholds, run_gate
from ragjudge.gate_report import format_markdown, format_table, write_junit
from ragjudge.record import Record

from .records import make_record
from .records import write_run as write_records


def main(argv: Sequence[str]) -> int:
    """`ragjudge gate …`, the exit code."""
    return cli.main(["gate", *argv])


def metric(mean: float, low: float | None = None, high: float | None = None, n: int = 10) -> dict:
    return {
        "mean": mean,
        "median": mean,
        "ci_low": mean if low is None else low,
        "ci_high": mean if high is None else high,
        "n": n,
    }


def example(
    id: str,
    adherent: bool,
    *,
    model: str = "a",
    support_score: float | None = None,
    status: str = "ok",
    sentences: list[tuple[str, str, bool, list[str]]] | None = None,
) -> Record:
    """A judged example of two sentences: both supported when adherent, else b not."""
    sentences = sentences or [
        ("a", "The agent uses port 8080.", True, ["0a"]),
        ("b", "It restarts nightly.", adherent, ["0b"] if adherent else []),
    ]
    ratio = sum(s[2] for s in sentences) / len(sentences)
    return make_record(
        id,
        status=status,
        sentences=sentences,
        relevance=0.5,
        utilization=0.4,
        completeness=0.8,
        support_score=ratio if support_score is None else support_score,
        metadata={"model": model},
        error="reply was not JSON" if status == "failed" else None,
    )


def write_run(
    folder: Path,
    metrics: dict[str, dict],
    records: list[Record] | None = None,
    *,
    groups: dict[str, list] | None = None,
) -> Path:
    """A run folder with this `summary.json` (whole-run figures and stored groups) and these
    records (what groups and failing examples are computed from)."""
    folder.mkdir(parents=True, exist_ok=True)
    summary: dict[str, Any] = {"run": {"judge": "offline"}, "counts": {}, "metrics": metrics}
    if groups is not None:
        summary["groups"] = groups
    (folder / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    if records is not None:
        write_records(folder, records)
    return folder


@pytest.fixture
def run_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # a neutral working directory, so no config file of the repository is picked up
    monkeypatch.chdir(tmp_path)
    records = [example(f"ex{i}", True) for i in range(8)]
    records += [
        example("bad-mild", False, support_score=0.4),
        example(
            "bad-worst",
            False,
            support_score=0.1,
            sentences=[
                ("a", "Port 9090 is used.", True, ["0a"]),
                ("b", "The default port is 8080.", False, []),
            ],
        ),
        example("broken", False, status="failed"),
    ]
    return write_run(
        tmp_path / "run",
        {
            "adherence": metric(0.8, 0.55, 0.95, n=10),
            "completeness": metric(0.8),
            "hallucination_rate": metric(0.2, 0.05, 0.45, n=10),
            "failed_rate": metric(1 / 11, n=11),
        },
        records,
    )


# --- thresholds --------------------------------------------------------------------------


def test_parse_thresholds_reads_plain_joined_and_group_specs() -> None:
    parsed = parse_thresholds(
        ["adherence=0.9", "completeness=0.6, relevance=.5", "adherence[model=gpt-4o]=0.95"], "min"
    )
    assert parsed == [
        Threshold("adherence", "min", 0.9),
        Threshold("completeness", "min", 0.6),
        Threshold("relevance", "min", 0.5),
        Threshold("adherence", "min", 0.95, group="model=gpt-4o"),
    ]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("adherance=0.9", "did you mean adherence"),
        ("accuracy=0.9", "unknown metric 'accuracy'"),
        ("adherence", "expected METRIC=NUMBER"),
        ("adherence=high", "is not a number"),
        ("adherence=1.5", "between 0 and 1"),
        ("adherence=nan", "between 0 and 1"),
    ],
)
def test_parse_thresholds_rejects_bad_specs(spec: str, expected: str) -> None:
    with pytest.raises(UsageError, match=expected):
        parse_thresholds([spec], "min")


# --- absolute thresholds and exit codes --------------------------------------------------


def test_min_and_max_thresholds_pass_and_fail(run_dir: Path) -> None:
    result = run_gate(
        run_dir,
        parse_thresholds(["adherence=0.8", "completeness=0.9"], "min")
        + parse_thresholds(["hallucination_rate=0.1"], "max"),
    )
    outcome = {check.metric: check.passed for check in result.checks}
    # 0.8 >= 0.8 passes exactly at the limit; the other two miss it
    assert outcome == {"adherence": True, "completeness": False, "hallucination_rate": False}
    assert not result.passed
    completeness = next(c for c in result.checks if c.metric == "completeness")
    assert completeness.value == 0.8 and completeness.message == "0.800 is below the min 0.9"


def test_metric_without_value_fails_its_check(run_dir: Path) -> None:
    result = run_gate(run_dir, parse_thresholds(["support_score=0.1"], "min"))
    assert [(c.passed, c.message) for c in result.checks] == [(False, "no value in the run")]


def test_exit_codes(run_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(run_dir), "--min", "adherence=0.7", "--max", "failed_rate=0.1"]) == 0
    assert "ragjudge gate passed (2 checks)" in capsys.readouterr().out

    assert main([str(run_dir), "--min", "adherence=0.9"]) == 1
    out = capsys.readouterr().out
    assert "FAILED (1 of 1 check failed)" in out and "bad-worst" in out

    assert main([str(tmp_path / "missing"), "--min", "adherence=0.9"]) == 2
    assert "does not exist" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main([str(tmp_path / "empty"), "--min", "adherence=0.9"]) == 2
    assert "has no summary.json" in capsys.readouterr().err
    assert main([str(run_dir), "--min", "groundedness=0.9"]) == 2
    assert main([str(run_dir), "--max", "failed_rate=two"]) == 2
    assert main([str(run_dir)]) == 2
    assert "nothing to check" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exited:
        main([str(run_dir), "--no-such-flag"])
    assert exited.value.code == 2


def test_the_command_exits_with_the_gate_code(run_dir: Path) -> None:
    import subprocess
    import sys

    # `python -m ragjudge` (and the `ragjudge` script) end through `cli.entry`
    for threshold, code in (("0.7", 0), ("0.9", 1)):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "ragjudge",
                "gate",
                str(run_dir),
                "--min",
                f"adherence={threshold}",
            ],
            capture_output=True,
            text=True,
        )
        assert done.returncode == code, done.stderr
    assert "FAILED (1 of 1 check failed)" in done.stdout


def test_table_lists_checks_and_worst_examples_in_order(run_dir: Path) -> None:
    result = run_gate(run_dir, parse_thresholds(["adherence=0.9"], "min"))
    # the failed example is reported in JUnit, but the worst list holds judged examples only
    assert [e.id for e in result.worst_examples] == ["bad-worst", "bad-mild"]
    assert [e.id for e in result.failing_examples] == ["bad-mild", "bad-worst", "broken"]
    assert result.worst_examples[0].unsupported_sentences == (("b", "The default port is 8080."),)
    table = format_table(result)
    header, row = table.splitlines()[2:4]
    assert header.split() == ["metric", "group", "value", "95%", "CI", "n", "threshold", "result"]
    assert row.split() == [
        "adherence", "all", "0.800", "[0.550,", "0.950]", "10", ">=", "0.9", "FAIL"
    ]  # fmt: skip
    assert "b: 'The default port is 8080.'" in table
    assert table.index("bad-worst") < table.index("bad-mild")


# --- baseline regressions ----------------------------------------------------------------


def test_drop_within_the_ci_passes_by_default_and_fails_when_strict(
    run_dir: Path, tmp_path: Path
) -> None:
    baseline = write_run(tmp_path / "base", {"adherence": metric(0.9, 0.8, 0.97)})
    drop = parse_thresholds(["adherence=0.02"], "max_drop")
    # drop 0.10 > 0.02, but the run's CI [0.55, 0.95] reaches 0.88: not significant
    lenient = run_gate(run_dir, drop, baseline_dir=baseline)
    assert lenient.passed
    assert "not significant" in lenient.checks[0].message
    assert lenient.checks[0].baseline == 0.9

    strict = run_gate(run_dir, drop, baseline_dir=baseline, strict=True)
    assert not strict.passed
    assert strict.checks[0].message.startswith("worse by 0.100 than the baseline 0.900")


def test_drop_with_the_whole_ci_below_the_limit_fails(tmp_path: Path) -> None:
    run = write_run(tmp_path / "run", {"adherence": metric(0.8, 0.75, 0.85)})
    # limit 0.9 - 0.02 = 0.88 lies above the CI's optimistic end 0.85
    baseline = write_run(tmp_path / "base", {"adherence": metric(0.9, 0.86, 0.94)})
    result = run_gate(run, parse_thresholds(["adherence=0.02"], "max_drop"), baseline_dir=baseline)
    assert not result.passed
    assert "the whole CI [0.750, 0.850] lies below 0.880" in result.checks[0].message
    # the same CI with a generous allowance: 0.9 - 0.1 = 0.8, and the drop 0.1 is not > 0.1
    generous = run_gate(run, parse_thresholds(["adherence=0.1"], "max_drop"), baseline_dir=baseline)
    assert generous.passed


def test_rates_regress_upwards(tmp_path: Path) -> None:
    base = write_run(tmp_path / "base", {"hallucination_rate": metric(0.1, 0.05, 0.15)})
    worse = write_run(tmp_path / "worse", {"hallucination_rate": metric(0.3, 0.2, 0.4)})
    better = write_run(tmp_path / "better", {"hallucination_rate": metric(0.02, 0.0, 0.05)})
    drop = parse_thresholds(["hallucination_rate=0.05"], "max_drop")
    failed = run_gate(worse, drop, baseline_dir=base)
    assert not failed.passed
    assert "lies above 0.150" in failed.checks[0].message
    improved = run_gate(better, drop, baseline_dir=base, strict=True)
    assert improved.passed
    assert improved.checks[0].message.startswith("better by 0.080")


def test_max_drop_needs_a_baseline(run_dir: Path) -> None:
    with pytest.raises(UsageError, match="baseline"):
        run_gate(run_dir, parse_thresholds(["adherence=0.02"], "max_drop"))
    assert main([str(run_dir), "--max-drop", "adherence=0.02"]) == 2


# --- groups ------------------------------------------------------------------------------


def grouped_rows() -> list[Record]:
    rows = [example(f"a{i}", True, model="a") for i in range(6)]
    rows += [example(f"b{i}", i < 2, model="b") for i in range(6)]
    return rows


def test_group_metrics_are_computed_from_the_records(tmp_path: Path) -> None:
    run = write_run(tmp_path / "run", {"adherence": metric(8 / 12)}, grouped_rows())
    result = run_gate(run, parse_thresholds(["adherence=0.6"], "min"), group_by=["model"])
    checks = {check.group: check for check in result.checks}
    assert set(checks) == {None, "model=a", "model=b"}
    assert checks["model=a"].passed and checks["model=a"].value == 1.0
    assert checks["model=a"].ci == (1.0, 1.0)
    b = checks["model=b"]
    assert not b.passed and b.value == pytest.approx(1 / 3) and b.n == 6
    assert b.ci is not None and b.ci[0] <= 1 / 3 <= b.ci[1] and b.ci[0] < b.ci[1]


def test_group_rates_follow_the_output_definitions(tmp_path: Path) -> None:
    rows = [*grouped_rows(), example("b-failed", False, model="b", status="failed")]
    run = write_run(tmp_path / "run", {}, rows)
    thresholds = parse_thresholds(
        ["unsupported_sentence_rate=0.3", "hallucination_rate=0.5", "failed_rate=0.1"], "max"
    )
    result = run_gate(run, thresholds, group_by=["model"])
    values = {(c.metric, c.group): c.value for c in result.checks if c.group == "model=b"}
    # model b: 4 of 6 judged examples unsupported, 1 of 2 sentences each → 4 of 12 sentences
    assert values[("hallucination_rate", "model=b")] == pytest.approx(4 / 6)
    assert values[("unsupported_sentence_rate", "model=b")] == pytest.approx(4 / 12)
    assert values[("failed_rate", "model=b")] == pytest.approx(1 / 7)


def test_groups_stored_in_the_summary_are_used_and_group_thresholds_apply(tmp_path: Path) -> None:
    groups = {
        "split": [
            {"value": "dev", "counts": {}, "metrics": {"adherence": metric(0.95)}},
            {"value": "test", "counts": {}, "metrics": {"adherence": metric(0.7)}},
        ]
    }
    run = write_run(tmp_path / "run", {"adherence": metric(0.8)}, groups=groups)
    one_group = parse_thresholds(["adherence[split=test]=0.75"], "min")
    result = run_gate(run, one_group)
    assert [(c.group, c.value, c.passed) for c in result.checks] == [("split=test", 0.7, False)]
    unknown = run_gate(run, parse_thresholds(["adherence[split=prod]=0.5"], "min"))
    assert unknown.checks[0].message == "group not found in the run"


def test_blank_group_values_form_the_missing_group_listed_last(tmp_path: Path) -> None:
    rows = [example("x", True, model=""), *grouped_rows()]
    run = write_run(tmp_path / "run", {"adherence": metric(0.7)}, rows)
    result = run_gate(run, parse_thresholds(["adherence=0.5"], "min"), group_by=["model"])
    assert [(c.group, c.n) for c in result.checks] == [
        (None, 10), ("model=a", 6), ("model=b", 6), ("model=(missing)", 1)
    ]  # fmt: skip


def test_unknown_group_column_is_a_usage_error(run_dir: Path) -> None:
    with pytest.raises(UsageError, match="no such column"):
        run_gate(run_dir, parse_thresholds(["adherence=0.5"], "min"), group_by=["dataset"])


def test_group_drops_are_compared_against_the_baseline_groups(tmp_path: Path) -> None:
    base_rows = [example(f"a{i}", True, model="a") for i in range(6)]
    base_rows += [example(f"b{i}", True, model="b") for i in range(6)]
    base = write_run(tmp_path / "base", {"adherence": metric(1.0)}, base_rows)
    run = write_run(tmp_path / "run", {"adherence": metric(8 / 12)}, grouped_rows())
    result = run_gate(
        run,
        parse_thresholds(["adherence=0.05"], "max_drop"),
        baseline_dir=base,
        group_by=["model"],
    )
    assert {c.group: c.passed for c in result.checks} == {
        None: False,  # no CI in this summary: the point estimates decide
        "model=a": True,
        "model=b": False,  # 2 of 6: the bootstrap CI stays below 0.95
    }


# --- outputs -----------------------------------------------------------------------------


def test_junit_xml_parses_with_one_testcase_per_check_and_failing_example(
    run_dir: Path, tmp_path: Path
) -> None:
    result = run_gate(
        run_dir,
        parse_thresholds(["adherence=0.9", "completeness=0.5"], "min")
        + parse_thresholds(["failed_rate=0.2"], "max"),
    )
    path = write_junit(result, tmp_path / "out" / "junit.xml", include_examples=True)
    root = ET.parse(path).getroot()
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures")) == ("6", "4")
    gate, examples = root.findall("testsuite")
    cases = gate.findall("testcase")
    assert [c.get("name") for c in cases] == [
        "min adherence", "min completeness", "max failed_rate"
    ]  # fmt: skip
    assert [c.find("failure") is not None for c in cases] == [True, False, False]
    assert (gate.get("tests"), gate.get("failures")) == ("3", "1")
    assert cases[0].find("failure").get("message") == "0.800 is below the min 0.9"
    failing = {c.get("name"): c.find("failure") for c in examples.findall("testcase")}
    assert set(failing) == {"bad-mild", "bad-worst", "broken"}
    assert failing["broken"].get("type") == "failed"
    assert "reply was not JSON" in failing["broken"].get("message")
    assert "The default port is 8080." not in failing["bad-mild"].get("message")


def test_junit_without_examples_has_only_checks(run_dir: Path, tmp_path: Path) -> None:
    result = run_gate(run_dir, parse_thresholds(["adherence=0.5"], "min"))
    root = ET.parse(write_junit(result, tmp_path / "junit.xml")).getroot()
    assert len(root.findall("testsuite")) == 1
    assert (root.get("tests"), root.get("failures")) == ("1", "0")


def test_command_writes_markdown_and_junit(run_dir: Path, tmp_path: Path) -> None:
    junit = tmp_path / "reports" / "junit.xml"
    code = main([str(run_dir), "--min", "adherence=0.9", "--junit", str(junit), "--junit-examples"])
    assert code == 1
    markdown = (run_dir / "gate.md").read_text(encoding="utf-8")
    assert markdown.startswith("### ❌ ragjudge gate FAILED")
    assert "| adherence | all | 0.800 | [0.550, 0.950] | 10 | >= 0.9 | ❌ **fail** |" in markdown
    assert "`b` The default port is 8080." in markdown
    names = [case.get("name") for case in ET.parse(junit).getroot().iter("testcase")]
    assert names == ["min adherence", "bad-mild", "bad-worst", "broken"]


def test_gate_options_join_an_eval_style_command(run_dir: Path, tmp_path: Path) -> None:
    # `ragjudge eval … --gate`: the host parser keeps its own --group-by for the report
    parser = argparse.ArgumentParser(prog="ragjudge eval")
    parser.add_argument("data")
    parser.add_argument("--out")
    parser.add_argument("--group-by", help="report slices")
    cli.add_gate_arguments(parser, include_run_dir=False)
    argv = ["data.jsonl", "--out", str(run_dir), "--group-by", "dataset", "--gate"]
    args = parser.parse_args([*argv, "--min", "adherence=0.7", "--gate-group-by", "model"])
    assert args.gate and args.group_by == "dataset" and args.gate_group_by == ["model"]
    assert gate(args.out, min=args.min, group_by=args.gate_group_by).passed
    assert "| adherence | model=a | 0.800 |" in (run_dir / "gate.md").read_text()


def test_markdown_escapes_pipes(tmp_path: Path) -> None:
    run = write_run(tmp_path / "run", {}, [example("x|y", False)])
    result = run_gate(run, parse_thresholds(["adherence=0.5"], "min"))
    assert "| `x\\|y` |" in format_markdown(result)


def test_the_gate_reads_the_records_not_the_csv_files(tmp_path: Path) -> None:
    run = write_run(tmp_path / "run", {"adherence": metric(8 / 12)}, grouped_rows())
    # a CSV that disagrees with the records changes nothing: the gate never reads it
    (run / "examples.csv").write_text("id,status,adherence,model\nb0,ok,0,a\n", encoding="utf-8")
    result = run_gate(run, parse_thresholds(["adherence=0.6"], "min"), group_by=["model"])
    values = {check.group: (check.value, check.n) for check in result.checks}
    assert values["model=b"] == (pytest.approx(1 / 3), 6)
    assert [e.id for e in result.failing_examples] == ["b2", "b3", "b4", "b5"]


def test_junit_xml_drops_characters_xml_cannot_carry(tmp_path: Path) -> None:
    run = write_run(
        tmp_path / "run",
        {"adherence": metric(0.5)},
        [example("id\x0bx", False), example("ok\x1fay\x00", True)],
    )
    result = run_gate(run, parse_thresholds(["adherence=0.9"], "min"))
    assert [e.id for e in result.failing_examples] == ["id\x0bx"]
    path = write_junit(result, tmp_path / "junit.xml", include_examples=True)
    names = [case.get("name") for case in ET.parse(path).getroot().iter("testcase")]
    assert names == ["min adherence", "idx"]


# --- config files ------------------------------------------------------------------------


def test_config_file_is_found_walking_up_and_flags_override_it(
    run_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "ragjudge.toml").write_text(
        "[gate]\nmin = {adherence = 0.9, completeness = 0.5}\nmax = {failed_rate = 0.2}\n",
        encoding="utf-8",
    )
    nested = tmp_path / "deep" / "er"
    nested.mkdir(parents=True)
    assert find_config(nested) == tmp_path / "ragjudge.toml"
    monkeypatch.chdir(nested)
    assert main([str(run_dir)]) == 1  # adherence 0.8 < 0.9 from the file
    assert main([str(run_dir), "--min", "adherence=0.75"]) == 0  # the flag replaces 0.9 only
    assert main([str(run_dir), "--min", "adherence=0.75", "--max", "failed_rate=0.05"]) == 1
    assert main([str(run_dir), "--no-config", "--min", "completeness=0.5"]) == 0


def test_pyproject_table_supplies_baseline_strict_and_groups(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.ragjudge.gate]\nmax_drop = {adherence = 0.02}\n'
        'baseline = "runs/main"\nstrict = true\ngroup_by = "model"\n',
        encoding="utf-8",
    )
    write_run(project / "runs" / "main", {"adherence": metric(0.9, 0.8, 1.0)}, grouped_rows())
    run = write_run(project / "runs" / "pr", {"adherence": metric(0.85, 0.7, 0.95)}, grouped_rows())
    config = load_config(project / "runs")
    assert config["gate"]["baseline"] == str(project / "runs" / "main")
    assert config["gate"]["group_by"] == ["model"]
    monkeypatch.chdir(project / "runs")
    assert main([str(run)]) == 1  # strict from the file: 0.05 > 0.02
    assert main([str(run), "--no-strict"]) == 0  # the CI [0.7, 0.95] reaches 0.88


def test_config_errors_are_usage_errors(tmp_path: Path) -> None:
    (tmp_path / "ragjudge.toml").write_text("[gate]\nminimum = {adherence = 0.9}\n")
    with pytest.raises(UsageError, match=r"unknown key gate\.minimum"):
        load_config(tmp_path)
    (tmp_path / "ragjudge.toml").write_text("[gate]\nmin = {adherence = 'high'}\n")
    run = write_run(tmp_path / "run", {"adherence": metric(0.9)})
    assert main([str(run), "--config", str(tmp_path / "ragjudge.toml")]) == 2
    (tmp_path / "ragjudge.toml").write_text("[gate\n")
    with pytest.raises(UsageError, match="not valid TOML"):
        load_config(tmp_path)


def test_every_metric_name_is_accepted() -> None:
    assert [t.metric for t in parse_thresholds([f"{m}=0.5" for m in METRICS], "max")] == list(
        METRICS
    )


# --- run folders written by ragjudge.report ----------------------------------------------


def judged_record(index: int, model: str, adherent: bool, status: str = "ok") -> Record:
    return make_record(
        f"{model}-{index}",
        index=index,
        status=status,
        sentences=[
            ("a", "The agent uses port 8080.", True, ["0a"]),
            ("b", "It restarts nightly.", adherent, ["0b"] if adherent else []),
        ],
        completeness=1.0 if adherent else 0.5,
        metadata={"model": model},
        error=None if status == "ok" else "reply was not JSON",
    )


def report_run(folder: Path, group_by: str = "") -> Path:
    from ragjudge.report import write_reports

    records = [judged_record(i, "small", i % 3 != 0) for i in range(9)]
    records += [judged_record(i, "large", True) for i in range(6)]
    records.append(judged_record(9, "small", False, status="failed"))
    write_records(folder, records)
    write_reports(folder, group_by=group_by)
    return folder


def test_groups_computed_here_match_the_report_module(tmp_path: Path) -> None:
    plain = report_run(tmp_path / "plain")
    grouped = report_run(tmp_path / "grouped", group_by="model")
    assert "model" not in json.loads((plain / "summary.json").read_text())["groups"]
    names = [m for m in METRICS if m != "support_score"]
    thresholds = parse_thresholds([f"{m}=0" for m in names], "min")
    computed = run_gate(plain, thresholds, group_by=["model"])
    stored = run_gate(grouped, thresholds, group_by=["model"])
    # every metric once for the whole run and once per model
    assert len(computed.checks) == len(stored.checks) == len(names) * 3
    for mine, theirs in zip(computed.checks, stored.checks, strict=True):
        assert (mine.metric, mine.group, mine.n) == (theirs.metric, theirs.group, theirs.n)
        assert mine.value == pytest.approx(theirs.value, abs=1e-6)
        assert mine.ci == pytest.approx(theirs.ci, abs=1e-6)
    small = {c.metric: c.value for c in computed.checks if c.group == "model=small"}
    assert small["adherence"] == pytest.approx(6 / 9)
    assert small["failed_rate"] == pytest.approx(1 / 10)


def test_gate_reads_a_report_written_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = report_run(tmp_path / "run")
    monkeypatch.chdir(tmp_path)
    assert main([str(run), "--min", "adherence=0.75", "--max", "failed_rate=0.1"]) == 0
    assert main([str(run), "--min", "adherence=0.9", "--junit", "j.xml", "--junit-examples"]) == 1
    failing = [c.get("name") for c in ET.parse("j.xml").getroot().iter("testcase")][1:]
    assert failing == ["small-0", "small-3", "small-6", "small-9"]
    assert "| `small-0` | 0.500 | — | `b` It restarts nightly. |" in (run / "gate.md").read_text()
