"""LangSmith run exports in: the fixture written from LangSmith's run schema, and runs that a
real LangChain chain (retriever | prompt | chat model) records through LangChain's own run
tracer, are read into one example per trace."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import RunnablePassthrough
from langchain_core.tracers.run_collector import RunCollectorCallbackHandler
from langsmith.schemas import Run

from ragjudge.cli import main
from ragjudge.ingest import IngestError, ingest

RUNS = Path(__file__).parent / "data" / "ingest" / "langsmith" / "runs.jsonl"


def split(items: Any) -> tuple[list[dict[str, Any]], list[IngestError]]:
    rows: list[dict[str, Any]] = []
    errors: list[IngestError] = []
    for item in items:
        (errors if isinstance(item, IngestError) else rows).append(item)
    return rows, errors


def test_the_fixture_follows_langsmiths_run_schema() -> None:
    for line in RUNS.read_text(encoding="utf-8").splitlines():
        run = Run.model_validate(json.loads(line))
        assert run.run_type in ("chain", "retriever", "llm")


def test_a_chain_run_with_retriever_children_is_one_example() -> None:
    rows, errors = split(ingest("langsmith", [str(RUNS)]))
    [got] = rows
    assert got["trace_id"] == got["id"] == "0b6c7d2e-1a11-4c52-9f0e-3a7b5c1d2e01"
    assert got["span_id"] == got["trace_id"]  # the root run: where feedback goes
    assert got["question"] == "Which regions does the Pro plan support?"
    assert got["response"].startswith("The Pro plan is available in the EU and US regions.")
    assert [(d["title"], d["text"][:12]) for d in got["documents"]] == [
        ("plans/pro.md", "Pro plan wor"),
        ("security/residency.md", "Customer dat"),
    ]
    assert got["project_id"] == "5f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b"
    [err] = errors
    assert err.message.startswith("trace 1d5a2b74-4d44-4f85-8c3b-6d0e8f4a5b04: no answer")
    assert "APITimeoutError" in err.message
    assert (err.file, err.line) == (str(RUNS), 4)


class ShelfRetriever(BaseRetriever):
    """A retriever over a fixed list of passages (returns them all)."""

    passages: list[str]

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun
    ) -> list[Document]:
        return [
            Document(page_content=p, metadata={"source": f"kb/{i}.md"})
            for i, p in enumerate(self.passages)
        ]


def langchain_runs(tmp_path: Path, nested: bool) -> tuple[Path, list[str]]:
    """Run a real LCEL RAG chain twice, record its runs with LangChain's run tracer and
    write them as a LangSmith export: flat runs (as list_runs gives them) or nested ones."""
    passages = [
        "The museum opens at 9 a.m. on weekdays.",
        "On Sundays the museum opens at 11 a.m.",
    ]
    prompt = ChatPromptTemplate.from_messages(
        [("system", "Answer from this context: {context}"), ("human", "{question}")]
    )
    model = FakeListChatModel(responses=["It opens at 9 a.m.", "It opens at 11 a.m."])
    chain = (
        {"context": ShelfRetriever(passages=passages), "question": RunnablePassthrough()}
        | prompt
        | model
        | StrOutputParser()
    )
    collector = RunCollectorCallbackHandler()
    chain.invoke("When does the museum open on Monday?", config={"callbacks": [collector]})
    chain.invoke("When does it open on Sunday?", config={"callbacks": [collector]})
    path = tmp_path / ("nested.json" if nested else "runs.jsonl")
    roots = collector.traced_runs
    if nested:
        path.write_text(
            json.dumps(
                [json.loads(r.model_dump_json()) | {"child_runs": _children(r)} for r in roots]
            ),
            encoding="utf-8",
        )
    else:
        lines = [json.dumps(_plain(run)) for root in roots for run in _walk(root)]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, [str(r.id) for r in roots]


def _walk(run: Any) -> list[Any]:
    return [run, *(r for child in run.child_runs for r in _walk(child))]


def _plain(run: Any) -> dict[str, Any]:
    return json.loads(run.model_dump_json(exclude={"child_runs"}))


def _children(run: Any) -> list[dict[str, Any]]:
    return [_plain(c) | {"child_runs": _children(c)} for c in run.child_runs]


def test_runs_recorded_from_a_real_langchain_chain(tmp_path: Path) -> None:
    for nested in (False, True):
        path, trace_ids = langchain_runs(tmp_path, nested)
        rows, errors = split(ingest("langsmith", [str(path)]))
        assert errors == []
        assert [r["trace_id"] for r in rows] == trace_ids
        assert [r["question"] for r in rows] == [
            "When does the museum open on Monday?",
            "When does it open on Sunday?",
        ]
        assert [r["response"] for r in rows] == ["It opens at 9 a.m.", "It opens at 11 a.m."]
        for r in rows:
            assert [d["url"] for d in r["documents"]] == ["kb/0.md", "kb/1.md"]


def test_eval_from_langsmith_writes_scores_with_run_ids(tmp_path: Path) -> None:
    path, trace_ids = langchain_runs(tmp_path, nested=False)
    out = tmp_path / "run"
    assert main(["eval", "--from", "langsmith", str(path), "--out", str(out), "--quiet"]) == 0
    scores = [json.loads(x) for x in (out / "scores.jsonl").read_text().splitlines()]
    assert [s["trace_id"] for s in scores] == trace_ids
    assert [s["span_id"] for s in scores] == trace_ids
    assert all(isinstance(s["adherence"], bool) for s in scores)
