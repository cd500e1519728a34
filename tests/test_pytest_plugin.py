"""Tests of the pytest integration: the plugin's option, fixtures and dataset marker (run in
inner pytest sessions with pytester) and the `ragjudge.testing` helpers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ragjudge.errors import InputError
from ragjudge.record import Record, RecordDocument
from ragjudge.testing import assert_grounded, dataset_params, grounding_problem

from .records import SentenceSpec, make_record

pytest_plugins = ["pytester"]

DOCS = [
    "The agent listens on port 9090. Change the port in agent.conf.",
    "After editing agent.conf, restart the agent.",
]
ROWS = [
    {"id": "good", "question": "Which port?", "documents": DOCS, "response": "The agent uses port 9090."},  # noqa: E501
    {"id": "no-response", "question": "Which port?", "documents": DOCS},
    {"id": "also-good", "question": "What next?", "documents": DOCS, "response": "Restart the agent after editing agent.conf."},  # noqa: E501
]  # fmt: skip


@pytest.fixture(autouse=True)
def inner_session_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAGJUDGE_JUDGE", raising=False)
    # inner sessions load only our plugin (see `run`); the other installed plugins take about
    # a second to start each time
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    """An inner pytest session with our plugin loaded by name
    (`test_entry_point_loads_the_plugin` covers loading it through the entry point)."""
    return pytester.runpytest("-p", "ragjudge.pytest_plugin", *args)


def write_dataset(folder: Path, rows: list[dict[str, Any]]) -> Path:
    path = folder / "data" / "rows.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


# --- the plugin, in inner pytest sessions ------------------------------------------------


def test_entry_point_loads_the_plugin(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a plain session: the marker is there only if the pytest11 entry point loaded the plugin
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    markers = pytester.runpytest("--markers").stdout.str()
    assert "@pytest.mark.ragjudge_dataset(path)" in markers
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    assert "--ragjudge-judge=SPEC" in run(pytester, "--help").stdout.str()


def test_judge_fixture_defaults_to_offline_then_env_then_option(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyfile(
        """
        import os

        def test_judge(ragjudge_judge):
            assert ragjudge_judge == os.environ["EXPECTED_JUDGE"]
        """
    )
    monkeypatch.setenv("EXPECTED_JUDGE", "offline")
    run(pytester).assert_outcomes(passed=1)
    monkeypatch.setenv("RAGJUDGE_JUDGE", "recorded")
    monkeypatch.setenv("EXPECTED_JUDGE", "recorded")
    run(pytester).assert_outcomes(passed=1)
    monkeypatch.setenv("EXPECTED_JUDGE", "openai:gpt-4o-mini")
    run(pytester, "--ragjudge-judge", "openai:gpt-4o-mini").assert_outcomes(passed=1)
    # the check itself can fail: a wrong expectation is reported
    monkeypatch.setenv("EXPECTED_JUDGE", "offline")
    run(pytester).assert_outcomes(failed=1)


def test_dataset_marker_runs_one_test_per_row(pytester: pytest.Pytester) -> None:
    write_dataset(pytester.path, ROWS)
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.ragjudge_dataset("data/rows.jsonl")
        def test_row(ragjudge_example):
            assert ragjudge_example.response.startswith(("The agent", "Restart"))
            assert len(ragjudge_example.documents) == 2
        """
    )
    result = run(pytester, "-v")
    # the unreadable row is an erroring test of its own, named by its row number
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(
        [
            "*test_row?good? PASSED*",
            "*test_row?also-good? PASSED*",
            "*test_row?row-2? ERROR*",
            "*rows.jsonl row 2: missing required field 'response'*",
        ]
    )


def test_dataset_marker_with_assert_grounded(pytester: pytest.Pytester) -> None:
    write_dataset(pytester.path, [ROWS[0], {**ROWS[2], "response": "The agent uses port 8080."}])
    pytester.makepyfile(
        """
        import pytest
        from ragjudge.testing import assert_grounded

        @pytest.mark.ragjudge_dataset("data/rows.jsonl")
        def test_grounded(ragjudge_example, ragjudge_judge):
            assert_grounded(
                ragjudge_example.question,
                ragjudge_example.documents,
                ragjudge_example.response,
                judge=ragjudge_judge,
            )
        """
    )
    result = run(pytester)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*AssertionError: answer not grounded: supported_ratio 0.00 < required 1.00*",
            "*a: 'The agent uses port 8080.' — closest evidence 0a: "
            "'The agent listens on port 9090.'*",
        ]
    )


def test_dataset_marker_problems_are_reported(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_missing="""
        import pytest

        @pytest.mark.ragjudge_dataset("nowhere.jsonl")
        def test_row(ragjudge_example):
            pass
        """,
        test_unmarked="""
        def test_row(ragjudge_example):
            pass
        """,
    )
    result = run(pytester, "--continue-on-collection-errors")
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines(
        [
            "*dataset file not found*nowhere.jsonl*",
            "*the ragjudge_example fixture needs @pytest.mark.ragjudge_dataset*",
        ]
    )


def test_plugin_module_imports_nothing_from_ragjudge(pytester: pytest.Pytester) -> None:
    # pytest loads the plugin in every project with ragjudge installed; it must stay light
    pytester.makepyfile(
        """
        import json, subprocess, sys

        def test_import():
            code = (
                "import json, sys; before = set(sys.modules); import ragjudge.pytest_plugin; "
                "print(json.dumps(sorted(set(sys.modules) - before)))"
            )
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
            loaded = json.loads(out.stdout)
            ours = [m for m in loaded if m.split(".")[0] == "ragjudge"]
            assert ours == ["ragjudge", "ragjudge.pytest_plugin"], out.stderr
            packages = {m.split(".")[0] for m in loaded}
            assert "_pytest" in packages or "pytest" in packages  # what it does import
            for heavy in ("pandas", "numpy", "langchain", "langchain_core", "matplotlib"):
                assert heavy not in packages
        """
    )
    run(pytester).assert_outcomes(passed=1)


# --- ragjudge.testing --------------------------------------------------------------------


RUN_DOCUMENTS = (
    RecordDocument(sentences=(("0a", DOCS[0].split(". ")[0] + "."),)),
    RecordDocument(sentences=(("1a", DOCS[1]),)),
)


def record(sentences: list[SentenceSpec], **fields: Any) -> Record:
    """A judged record as `ragjudge.api.check` returns one."""
    fields.setdefault("documents", RUN_DOCUMENTS)
    return make_record("ex", sentences=sentences, **fields)


def sentence(key: str, text: str, supported: bool, keys: list[str] | None = None) -> SentenceSpec:
    return (key, text, supported, keys or [])


def test_grounding_problem_lists_unsupported_sentences_with_evidence() -> None:
    judged = record(
        [
            sentence("a", "Restart the agent after editing agent.conf.", True, ["1a"]),
            sentence("b", "The default port is 8080.", False),
            sentence("c", "Edit agent.conf to move the agent.", False, ["1a"]),
            sentence("d", "Backups run nightly.", False),
        ]
    )
    message = grounding_problem(judged)
    assert message is not None
    assert message.splitlines() == [
        "answer not grounded: supported_ratio 0.25 < required 1.00 (3 of 4 sentences unsupported)",
        "  b: 'The default port is 8080.' — closest evidence 0a: 'The agent listens on port 9090.'",
        "  c: 'Edit agent.conf to move the agent.' — cited evidence 1a: "
        "'After editing agent.conf, restart the agent.'",
        "  d: 'Backups run nightly.' — no related sentence in the documents",
    ]
    assert grounding_problem(judged, min_supported_ratio=0.25) is None
    assert grounding_problem(judged, min_supported_ratio=0.3) is not None


def test_grounding_problem_fails_an_unjudged_answer() -> None:
    failed = record([sentence("a", "x", True)], status="failed", error="reply was not JSON")
    assert grounding_problem(failed, min_supported_ratio=0.0) == (
        "the answer could not be judged (status failed): reply was not JSON"
    )


def test_grounding_problem_finds_japanese_evidence_by_character_pairs() -> None:
    judged = record(
        [sentence("a", "設定を変えたら再起動してください。", False)],
        documents=[
            RecordDocument(
                sentences=(
                    ("0a", "ログは毎日削除されます。"),
                    ("0b", "設定を変更したら再起動します。"),
                )
            )
        ],
    )
    assert "closest evidence 0b" in (grounding_problem(judged) or "")


def test_assert_grounded_judges_with_the_offline_judge() -> None:
    judged = assert_grounded("Which port?", DOCS, "The agent uses port 9090.")
    assert judged.status == "ok"
    assert [s.supported for s in judged.sentences] == [True]
    with pytest.raises(AssertionError, match=r"a: 'The agent uses port 8080\.' — closest"):
        assert_grounded("Which port?", DOCS, "The agent uses port 8080.")
    # a lower bar lets a partly supported answer through
    assert_grounded("Which port?", DOCS, "The agent uses port 8080.", min_supported_ratio=0.0)


def test_dataset_params_gives_one_param_per_row(tmp_path: Path) -> None:
    path = write_dataset(tmp_path, ROWS)
    with pytest.raises(InputError, match="1 unreadable rows: row 2: missing required field"):
        dataset_params(path)
    params = dataset_params(path, skip_errors=True)
    assert [p.id for p in params] == ["good", "also-good", "row-2"]
    assert [p.values[0].id for p in params[:2]] == ["good", "also-good"]
    assert [m.name for m in params[2].marks] == ["skip"]
