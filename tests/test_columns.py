"""Column detection: files in RAGAS's, DeepEval's and the common column names are judged with no
`--map`; which column wins when several fit; a batch with no usable row exits 2 with one line
that names the columns found and the `--map` that fixes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ragjudge.api import evaluate
from ragjudge.cli import main
from ragjudge.dataset import example_from_dict, load_examples
from ragjudge.errors import InputError
from ragjudge.types import Example, RowError, Source

from .records import read_lines

DOC = "The agent listens on port 8080. Change the port in agent.conf."
QUESTION = "Which port does the agent use?"
ANSWER = "The agent uses port 8080."


def write_rows(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def ok(row: dict[str, Any]) -> Example:
    item = example_from_dict(row, source=Source("t", 1))
    assert isinstance(item, Example), item
    return item


@pytest.mark.parametrize(
    ("row", "extra"),
    [
        # RAGAS (SingleTurnSample): user_input, retrieved_contexts, response, reference
        (
            {"user_input": QUESTION, "retrieved_contexts": [DOC], "response": ANSWER,
             "reference": "Port 8080."},
            {"reference": "Port 8080."},
        ),
        # DeepEval (LLMTestCase): input, actual_output, retrieval_context; `context` is its
        # gold context and `expected_output` its gold answer: both stay metadata
        (
            {"input": QUESTION, "actual_output": ANSWER, "retrieval_context": [DOC],
             "context": ["Port 8080 is the default."], "expected_output": "8080"},
            {"context": ["Port 8080 is the default."], "expected_output": "8080"},
        ),
        # the common names (RAGAS before 0.2, most notebooks)
        ({"question": QUESTION, "contexts": [DOC], "answer": ANSWER}, {}),
    ],
)  # fmt: skip
def test_known_column_names_need_no_mapping(row: dict[str, Any], extra: dict[str, Any]) -> None:
    example = ok(row)
    assert example.question == QUESTION and example.response == ANSWER
    assert [d.text for d in example.documents] == [DOC]
    assert dict(example.metadata) == extra


def test_which_column_wins_when_several_fit() -> None:
    example = ok(
        {
            "question": QUESTION,
            "user_input": "a RAGAS question",
            "documents": [DOC],
            "contexts": ["another context"],
            "response": ANSWER,
            "answer": "an older answer",
        }
    )
    # ragjudge's own names first; the others are kept as metadata
    assert (example.question, example.response) == (QUESTION, ANSWER)
    assert [d.text for d in example.documents] == [DOC]
    assert example.metadata == {
        "user_input": "a RAGAS question",
        "contexts": ["another context"],
        "answer": "an older answer",
    }
    ragas_over_deepeval = ok(
        {"user_input": "ragas", "input": "deepeval", "retrieved_contexts": [DOC],
         "retrieval_context": ["deepeval doc"], "response": "r", "actual_output": "d"}
    )  # fmt: skip
    assert ragas_over_deepeval.question == "ragas" and ragas_over_deepeval.response == "r"
    assert [d.text for d in ragas_over_deepeval.documents] == [DOC]


def test_a_mapping_overrides_detection() -> None:
    row = {"user_input": "detected", "my_q": "mapped", "contexts": [DOC], "answer": ANSWER}
    example = example_from_dict(row, source=None, mapping={"question": "my_q"})
    assert isinstance(example, Example) and example.question == "mapped"
    assert example.metadata == {"user_input": "detected"}
    missing = example_from_dict({"contexts": [DOC], "answer": ANSWER}, source=None)
    assert isinstance(missing, RowError)
    assert missing.message == (
        "missing required field 'question' (no column question, user_input, input or query)"
    )


def test_a_ragas_file_is_judged_through_the_cli_without_map(tmp_path: Path) -> None:
    rows = [
        {"user_input": QUESTION, "retrieved_contexts": [DOC], "response": ANSWER},
        {"user_input": "Where is the port set?", "retrieved_contexts": [DOC],
         "response": "In agent.conf."},
    ]  # fmt: skip
    data = write_rows(tmp_path / "ragas.jsonl", rows)
    assert main(["eval", str(data), "--out", str(tmp_path / "out"), "--quiet"]) == 0
    records = read_lines(tmp_path / "out")
    assert [r["status"] for r in records] == ["ok", "ok"]
    assert records[0]["question"] == QUESTION


def test_no_usable_row_exits_2_with_the_map_that_fixes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [{"q": QUESTION, "passages": [DOC], "generation": ANSWER}] * 3
    data = write_rows(tmp_path / "mine.jsonl", rows)
    code = main(["eval", str(data), "--out", str(tmp_path / "out"), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1  # one line
    assert "columns are q, passages, generation" in err
    assert "--map question=q,documents=passages,response=generation" in err
    # the suggested mapping does fix it
    fixed = main(
        ["eval", str(data), "--out", str(tmp_path / "fixed"), "--quiet",
         "--map", "question=q,documents=passages,response=generation"]
    )  # fmt: skip
    assert fixed == 0
    assert {r["status"] for r in read_lines(tmp_path / "fixed")} == {"ok"}


def test_no_usable_row_from_python_names_the_problem(tmp_path: Path) -> None:
    import pandas as pd

    frame = pd.DataFrame({"query_text": [QUESTION], "ctx": [[DOC]], "output": [ANSWER]})
    with pytest.raises(InputError, match=r"--map question=query_text,documents=ctx,response=out"):
        evaluate(frame, out=tmp_path / "out", quiet=True)
    # a batch whose columns are right but whose rows are all empty says the row's problem
    empty = [{"question": QUESTION, "documents": [DOC], "response": "  "}]
    with pytest.raises(InputError, match=r"no row of <rows> could be used; the first: 'response'"):
        evaluate(empty, out=tmp_path / "empty", quiet=True)
    # one usable row is enough: the others are reported as invalid_input, as before
    mixed = [*empty, {"question": QUESTION, "documents": [DOC], "response": ANSWER}]
    assert evaluate(mixed, out=tmp_path / "mixed", quiet=True).summary["counts"]["ok"] == 1


def test_history_columns_in_every_shape() -> None:
    from langchain_core.messages import AIMessage, HumanMessage

    shapes: list[Any] = [
        [{"role": "user", "content": "I use Linux."}, {"role": "assistant", "content": "Noted."}],
        [["human", "I use Linux."], ["ai", "Noted."]],
        [HumanMessage("I use Linux."), AIMessage("Noted.")],
        ["I use Linux.", "Noted."],
        json.dumps([{"role": "user", "content": "I use Linux."}, {"role": "ai", "text": "Noted."}]),
    ]
    for shape in shapes:
        example = ok({"question": QUESTION, "documents": [DOC], "response": ANSWER,
                      "chat_history": shape})  # fmt: skip
        assert [(t.role, t.text) for t in example.history] == [
            ("user", "I use Linux."),
            ("assistant", "Noted."),
        ]
    bad = example_from_dict(
        {"question": QUESTION, "documents": [DOC], "response": ANSWER, "history": [42]},
        source=None,
    )
    assert isinstance(bad, RowError) and "history" in bad.message


def test_the_bundled_samples_still_load_unchanged() -> None:
    root = Path(__file__).resolve().parent.parent / "datasets"
    for name in ("sample_en.jsonl", "sample_ja.jsonl"):
        examples, errors = load_examples(root / name)
        assert len(examples) == 24 and not errors
        assert all(not e.history for e in examples)
