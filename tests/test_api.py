"""`ragjudge.api.evaluate` as a notebook uses it: rows with LangChain documents, DataFrames,
an LLM judge on the local server with the cache, resume, and a call from inside a running
event loop."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pandas as pd
import pytest
from langchain_core.documents import Document

from ragjudge.api import Result, evaluate
from ragjudge.errors import UsageError

from .openai_server import OpenAIServer, question_of, valid_judgment, write_dataset
from .records import judgments_file

ROWS = [
    {
        "id": "lc-1",
        "question": "Where is the Eiffel Tower?",
        "documents": [
            Document(page_content="The Eiffel Tower is in Paris.", metadata={"title": "Eiffel"}),
            Document(page_content="Paris is the capital of France."),
        ],
        "response": "The Eiffel Tower is in Paris.",
        "model": "rag-a",
    },
    {
        "id": "lc-2",
        "question": "Who wrote Dune?",
        "documents": [Document(page_content="Dune is a 1965 novel by Frank Herbert.")],
        "response": "Frank Herbert wrote Dune. It was published in 1999.",
        "model": "rag-b",
    },
]


def test_rows_with_langchain_documents_give_dataframes(tmp_path: Path) -> None:
    result = evaluate(ROWS, out=tmp_path / "out", group_by=["model"])
    assert result.out_dir == tmp_path / "out" and (result.out_dir / "report.html").is_file()
    examples, sentences = result.examples, result.sentences
    assert isinstance(examples, pd.DataFrame) and isinstance(sentences, pd.DataFrame)
    assert list(examples["id"]) == ["lc-1", "lc-2"]
    assert set(examples["status"]) == {"ok"}
    assert len(sentences) == 3 and set(sentences["id"]) == {"lc-1", "lc-2"}
    record = result.records[0]
    assert record.documents[0].title == "Eiffel"
    assert record.documents[1].sentences == (("1a", "Paris is the capital of France."),)
    assert result.summary["counts"]["total"] == 2
    assert {g["value"] for g in result.summary["groups"]["model"]} == {"rag-a", "rag-b"}


def test_dataframe_input_and_default_temporary_folder() -> None:
    frame = pd.DataFrame(
        {
            "question": ["Who wrote Dune?"],
            "documents": [["Dune is a 1965 novel by Frank Herbert."]],
            "response": ["Frank Herbert wrote Dune."],
        }
    )
    result = evaluate(frame)
    assert result.out_dir.is_dir() and judgments_file(result.out_dir).is_file()
    assert result.examples["status"].tolist() == ["ok"]


def test_llm_judge_with_cache_and_resume(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 6)
    cache = tmp_path / "judge-cache.sqlite"
    with OpenAIServer(valid_judgment) as server:
        options = {"judge": "openai:m", "base_url": server.base_url, "cache": cache}
        first = evaluate(data, out=tmp_path / "a", concurrency=4, limit=3, **options)
        assert len(first.examples) == 3 and len(server.requests) == 3
        resumed = evaluate(data, out=tmp_path / "a", concurrency=4, **options)
        assert len(resumed.examples) == 6 and len(server.requests) == 6
        asked = sorted(question_of(body) for body in server.requests)
        assert asked == [f"Question number {i}?" for i in range(6)]
        rerun = evaluate(data, out=tmp_path / "b", price="input=1,output=2", **options)
        assert len(server.requests) == 6  # every reply came from the cache
    assert rerun.examples["id"].tolist() == [f"ex-{i}" for i in range(6)]
    assert all(r.cached for r in rerun.records)
    assert rerun.summary["usage"]["cost_usd"] == pytest.approx(6 * (100 * 1 + 50 * 2) / 1e6)
    info = json.loads((tmp_path / "b" / "run.json").read_text())
    assert info["engine"]["calls"] == 0 and info["engine"]["cache_hits"] == 6


def test_no_cache_and_foreign_folder(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 2)
    with OpenAIServer(valid_judgment) as server:
        options = {"judge": "openai:m", "base_url": server.base_url, "cache": False}
        evaluate(data, out=tmp_path / "runs" / "x", **options)
        evaluate(data, out=tmp_path / "runs" / "y", **options)
        assert len(server.requests) == 4
    assert not (tmp_path / "runs" / ".ragjudge-cache.sqlite").exists()
    with pytest.raises(UsageError, match="different run"):
        evaluate(ROWS, out=tmp_path / "runs" / "x")
    assert len(evaluate(ROWS, out=tmp_path / "runs" / "x", overwrite=True).examples) == 2


def test_evaluate_inside_a_running_event_loop(tmp_path: Path) -> None:
    async def notebook_cell() -> Result:
        return evaluate(ROWS, out=tmp_path / "nb")

    result = asyncio.run(notebook_cell())
    assert result.examples["id"].tolist() == ["lc-1", "lc-2"]
