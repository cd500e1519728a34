"""Tests of two ingest bugs found on real logs: the ReAct paper notebooks' episode logs (each
episode one row, a broken episode one error) and citations grouped in one bracket (one
citation per reference). Real public excerpts live in tests/data/ingest (see its README)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ragjudge.ingest import IngestError, ingest
from ragjudge.ingest.cited import extract_citations

DATA = Path(__file__).parent / "data" / "ingest"
FEVER = DATA / "react" / "fever_notebook_excerpt.txt"


def split(items: Any) -> tuple[list[dict[str, Any]], list[IngestError]]:
    rows: list[dict[str, Any]] = []
    errors: list[IngestError] = []
    for item in items:
        (errors if isinstance(item, IngestError) else rows).append(item)
    return rows, errors


# --- ReAct paper notebooks -----------------------------------------------------------------


def test_every_episode_of_the_fever_notebook_is_a_row() -> None:
    rows, errors = split(ingest("react", [str(FEVER)]))
    assert errors == []
    assert [r["episode"] for r in rows] == [3687, 6238, 3522, 5762, 6626]
    assert [r["response"] for r in rows] == [
        "REFUTES",
        "NOT ENOUGH INFO",
        "NOT ENOUGH INFO",
        "REFUTES",
        "SUPPORTS",
    ]
    first = rows[0]
    assert first["question"] == "Paramore is not from Tennessee."
    assert first["question_label"] == "Claim"
    assert first["line"] == 1
    [doc] = first["documents"]
    assert doc["title"] == "Search[Paramore]"
    assert doc["text"].startswith("Pages for logged out editors learn more. Paramore is an")
    # the environment's reply to Finish is an outcome, never evidence
    assert first["finish_observation"] == "Episode finished, reward = 1"
    assert first["finish_accepted"] is True
    assert "Episode finished" not in json.dumps(first["documents"])
    # the environment's record is metadata; its echoed prompt is not kept
    assert (first["gt_answer"], first["reward"], first["em"]) == ("REFUTES", 1, 1)
    assert first["env_answer"] == "REFUTES"
    for r in rows:
        assert r["documents"], r["id"]
        assert all("{'steps'" not in d["text"] for d in r["documents"])
        assert all("-----------" not in d["text"] for d in r["documents"])


def test_an_episode_with_several_observations_keeps_each_as_a_document() -> None:
    rows, _ = split(ingest("react", [str(FEVER)]))
    beach = next(r for r in rows if r["episode"] == 5762)
    assert [d["title"] for d in beach["documents"]] == [
        "Search[The Beach]",
        "Search[The Beach (film)]",
    ]
    assert beach["documents"][0]["text"].startswith("Could not find [The Beach]. Similar:")
    assert beach["gt_answer"] == "SUPPORTS"


def test_a_finish_written_after_an_empty_action_line_is_the_answer() -> None:
    # the model put Finish[...] two lines below "Action 3:"; the environment refused it
    # every time, and the agent's last word was that Finish
    rows, _ = split(ingest("react", [str(FEVER)]))
    civ = next(r for r in rows if r["episode"] == 3522)
    assert civ["response"] == "NOT ENOUGH INFO"
    assert civ["finish_accepted"] is False
    assert civ["finish_observation"] == "Invalid action: Finish[NOT ENOUGH INFO]"
    assert civ["env_answer"] == ""
    assert [d["title"] for d in civ["documents"]] == [
        "Search[Civilization IV]",
        "Lookup[masterwork of filmmaking]",
    ]
    assert all("Invalid action" not in d["text"] for d in civ["documents"])


def test_the_notebooks_retry_lines_are_kept_apart() -> None:
    rows, _ = split(ingest("react", [str(FEVER)]))
    rourke = next(r for r in rows if r["episode"] == 6626)
    [bad] = rourke["bad_calls"]
    assert bad.startswith('The first sentence says "has appeared primarily')
    assert "ohh" not in rourke["question"]
    assert all("ohh" not in d["text"] for d in rourke["documents"])
    assert len(rourke["thoughts"]) == 2


def test_a_malformed_episode_is_one_error_and_its_neighbours_are_rows(tmp_path: Path) -> None:
    log = tmp_path / "hotpotqa.log"
    log.write_text(
        "11 Question: Which river flows through Berlin?\n"
        "Thought 1: Search Berlin.\n"
        "Action 1: Search[Berlin]\n"
        "Observation 1: Berlin lies on the banks of the Spree.\n"
        "\n"
        "Thought 2: The Spree.\n"
        "Action 2: Finish[the Spree]\n"
        "Observation 2: Episode finished, reward = 1\n"
        "\n\n"
        "{'steps': 2, 'answer': 'the Spree', 'gt_answer': 'Spree', 'question_idx': 11, "
        "'reward': True, 'em': False, 'f1': 1.0, 'n_calls': 2, 'n_badcalls': 0, "
        "'traj': 'Question: few-shot\\nThought 1: echoed prompt'} \n"
        "\n"
        "0 1 0.0 3.2\n"
        "-----------\n"
        "\n"
        "12 Question: Who designed the Sydney Opera House?\n"
        "Thought 1: Search it.\n"
        "Observation 1: The Sydney Opera House was designed by Jørn Utzon.\n"
        "Thought 2: Utzon.\n"
        "Action 2: Finish[Jørn Utzon]\n"
        "Observation 2: Episode finished, reward = 1\n"
        "-----------\n"
        "\n"
        "13 Question: Where is the Louvre?\n"
        "Thought 1: Search it.\n"
        "Action 1: Search[Louvre]\n"
        "Observation 1: The Louvre is a museum in Paris.\n"
        "Thought 2: Search more.\n"
        "Action 2: Search[Paris]\n"
        "Observation 2: Paris is the capital of France.\n"
        "\n"
        "{'steps': 8, 'answer': '', 'gt_answer': 'Paris', 'question_idx': 13} \n"
        "-----------\n"
        "\n"
        "14 Question: What is the capital of Japan?\n"
        "Thought 1: Search Japan.\n"
        "Action 1: Search[Japan]\n"
        "Observation 1: Tokyo is the capital of Japan.\n"
        "Thought 2: Tokyo.\n"
        "Action 2: Finish[Tokyo]\n"
        "Observation 2: Episode finished, reward = 1\n"
        "-----------\n",
        encoding="utf-8",
    )
    items = list(ingest("react", [str(log)]))
    rows, errors = split(items)
    assert [r["episode"] for r in rows] == [11, 14]
    assert [r["response"] for r in rows] == ["the Spree", "Tokyo"]
    assert rows[0]["gt_answer"] == "Spree" and "traj" not in rows[0]
    assert rows[0]["n_calls"] == 2
    assert [(e.line, e.message.split(" (")[0]) for e in errors] == [
        (18, "'Observation:' without a preceding 'Action:' line"),
        (24, "transcript has no final answer"),
    ]
    # file order is kept: row, error, error, row
    assert [isinstance(i, IngestError) for i in items] == [False, True, True, False]


def test_the_paper_notebook_itself_is_read(tmp_path: Path) -> None:
    printed = FEVER.read_text(encoding="utf-8").splitlines(keepends=True)
    notebook = {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": ["# ReAct"]},
            {
                "cell_type": "code",
                "metadata": {},
                "source": ["for i in idxs[:500]: ..."],
                "outputs": [
                    {"name": "stdout", "output_type": "stream", "text": printed[:40]},
                    {"name": "stdout", "output_type": "stream", "text": printed[40:]},
                ],
            },
        ],
        "nbformat": 4,
        "nbformat_minor": 2,
    }
    path = tmp_path / "FEVER.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    from_notebook, errors = split(ingest("react", [str(path)]))
    from_text, _ = split(ingest("react", [str(FEVER)]))
    assert errors == []
    assert [(r["question"], r["response"], r["line"]) for r in from_notebook] == [
        (r["question"], r["response"], r["line"]) for r in from_text
    ]


# --- grouped citations ---------------------------------------------------------------------


def test_references_grouped_in_one_bracket_are_one_citation_each() -> None:
    docs = [
        {"title": "a.pdf#page=38", "url": None},
        {"title": "a.pdf#page=37", "url": None},
        {"title": "b.pdf#page=2", "url": None},
    ]
    clean, citations = extract_citations(
        "Coverage starts on day one [a.pdf#page=38, a.pdf#page=37]. It ends [b.pdf#page=2;a.pdf].",
        docs,
    )
    assert clean == "Coverage starts on day one. It ends."
    assert [(c["sources"], c["resolved"]) for c in citations] == [
        ([0], True),
        ([1], True),
        ([2], True),
        ([0, 1], True),
    ]
    assert citations[0]["marker"] == citations[1]["marker"] == "[a.pdf#page=38, a.pdf#page=37]"
    assert (citations[0]["start"], citations[0]["end"]) == (0, len("Coverage starts on day one"))
    assert citations[0]["start"] == citations[1]["start"]


def test_a_source_named_with_a_comma_stays_one_citation() -> None:
    docs = [{"title": "Report, 2023.pdf", "url": None}, {"title": "2023.pdf", "url": None}]
    _, citations = extract_citations("Revenue grew [Report, 2023.pdf].", docs)
    assert [(c["sources"], c["resolved"]) for c in citations] == [([0], True)]


def test_a_group_with_one_unknown_page_resolves_the_others() -> None:
    docs = [{"title": "a.pdf#page=38", "url": None}]
    _, citations = extract_citations("Fact [a.pdf#page=38, a.pdf#page=99].", docs)
    assert [(c["sources"], c["resolved"]) for c in citations] == [([0], True), ([], False)]


def test_the_public_azure_evaluator_sample_resolves_every_citation() -> None:
    rows, errors = split(
        ingest("cited-answer", [str(DATA / "cited" / "azure_evaluator_baseline_excerpt.jsonl")])
    )
    assert errors == []
    assert [len(r["citations"]) for r in rows] == [2, 1]
    assert all(c["resolved"] for r in rows for c in r["citations"])
    first = rows[0]
    assert [first["documents"][c["sources"][0]]["title"] for c in first["citations"]] == [
        "Northwind_Health_Plus_Benefits_Details.pdf#page=4",
        "Northwind_Standard_Benefits_Details.pdf#page=5",
    ]
    assert "[" not in first["response"]
    assert first["gpt_groundedness"] == 5.0
