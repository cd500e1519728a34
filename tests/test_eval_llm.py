"""End to end: `ragjudge eval` against a local OpenAI-compatible server on 127.0.0.1, through
langchain-openai over real HTTP."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from ragjudge.cli import main

from .helpers import judgment
from .openai_server import OpenAIServer
from .records import read_lines

ROWS = [
    {
        "id": "r1",
        "question": "Which port does the agent use?",
        "documents": [
            "The agent listens on port 8080. Change the port in agent.conf.",
            "After editing agent.conf, restart the agent.",
        ],
        "response": "The agent uses port 8080. Restart it after a change.",
        "model": "sys-a",
    },
    {
        "id": "r2",
        "question": "Where are the logs?",
        "documents": ["Logs are written to /var/log/agent.log. They rotate daily."],
        "response": "Logs are in /var/log/agent.log. They are kept for 90 days.",
        "model": "sys-b",
    },
]

GOOD = {
    "r1": judgment(
        [("a", ["0a"], True), ("b", ["1a"], True)], relevant=["0a", "0b", "1a"], utilized=["0a"]
    ),
    "r2": judgment(
        [("a", ["0a"], True), ("b", [], False)], relevant=["0a"], utilized=["0a"], overall=False
    ),
}


def row_id(body: dict[str, Any]) -> str:
    if "messages" in body:
        text = "".join(str(m["content"]) for m in body["messages"])
    else:
        text = "".join(body["prompt"]) if isinstance(body["prompt"], list) else body["prompt"]
    return "r1" if "Which port does the agent use?" in text else "r2"


@pytest.fixture
def data_file(tmp_path: Path) -> Path:
    path = tmp_path / "data.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    return path


def run_eval(data: Path, out: Path, server: OpenAIServer, *extra: str) -> int:
    return main(
        [
            "eval",
            str(data),
            "--judge",
            "openai:judge-model",
            "--base-url",
            server.base_url,
            "--out",
            str(out),
            "--quiet",
            "--no-cache",
            *extra,
        ]
    )


def records(out: Path) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in read_lines(out)}


def test_good_replies_are_scored(data_file: Path, tmp_path: Path) -> None:
    with OpenAIServer(lambda body: json.dumps(GOOD[row_id(body)])) as server:
        assert run_eval(data_file, tmp_path / "out", server) == 0
        assert len(server.requests) == 2
        assert server.requests[0]["temperature"] == 0
        assert server.requests[0]["response_format"] == {"type": "json_object"}
    recs = records(tmp_path / "out")
    assert [recs[i]["status"] for i in ("r1", "r2")] == ["ok", "ok"]
    r1 = recs["r1"]["scores"]
    assert r1["relevance"] == pytest.approx(3 / 3)  # 3 document sentences, all relevant
    assert r1["utilization"] == pytest.approx(1 / 3)
    assert r1["completeness"] == pytest.approx(1 / 3)
    assert recs["r2"]["scores"]["adherence"] == 0.0
    assert recs["r2"]["scores"]["unsupported_keys"] == ["b"]
    assert recs["r1"]["usage"] == {"input_tokens": 100, "output_tokens": 50, "estimated": False}
    assert recs["r1"]["prompt"]["name"] == "groundedness"
    assert recs["r1"]["metadata"]["model"] == "sys-a"
    examples = pd.read_csv(tmp_path / "out" / "examples.csv")
    assert list(examples["id"]) == ["r1", "r2"]
    sentences = pd.read_csv(tmp_path / "out" / "sentences.csv")
    assert len(sentences) == 4
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["counts"]["ok"] == 2


def test_fenced_replies_with_chatter_are_parsed(data_file: Path, tmp_path: Path) -> None:
    def fenced(body: dict[str, Any]) -> str:
        return "Sure! Here it is:\n```json\n" + json.dumps(GOOD[row_id(body)]) + "\n```\nDone."

    with OpenAIServer(fenced) as server:
        assert run_eval(data_file, tmp_path / "out", server) == 0
    recs = records(tmp_path / "out")
    assert {r["status"] for r in recs.values()} == {"ok"}


def test_broken_then_repaired(data_file: Path, tmp_path: Path) -> None:
    def responder(body: dict[str, Any]) -> str:
        if len(body["messages"]) == 2:  # first ask: a reply that breaks the schema
            bad = judgment([("a", ["0a"], "maybe")])
            return json.dumps(bad)
        return json.dumps(GOOD[row_id(body)])

    with OpenAIServer(responder) as server:
        assert run_eval(data_file, tmp_path / "out", server) == 0
        repair_turns = [b for b in server.requests if len(b["messages"]) == 4]
    assert len(repair_turns) == 2
    follow_up = repair_turns[0]["messages"][-1]["content"]
    assert "fully_supported" in follow_up and "not of type 'boolean'" in follow_up
    assert repair_turns[0]["messages"][-2]["role"] == "assistant"
    recs = records(tmp_path / "out")
    assert recs["r1"]["status"] == "repaired"
    assert len(recs["r1"]["replies"]) == 2
    assert recs["r1"]["scores"]["adherence"] == 1.0


def test_hopeless_replies_fail_the_example_not_the_batch(data_file: Path, tmp_path: Path) -> None:
    def responder(body: dict[str, Any]) -> str:
        if row_id(body) == "r1":
            return "I am unable to produce JSON today."
        return json.dumps(GOOD["r2"])

    with OpenAIServer(responder) as server:
        assert run_eval(data_file, tmp_path / "out", server, "--max-repairs", "1") == 0
        assert len(server.requests) == 3  # r1 asked twice, r2 once
    recs = records(tmp_path / "out")
    assert recs["r1"]["status"] == "failed"
    assert recs["r1"]["replies"] == ["I am unable to produce JSON today."] * 2
    assert "not a valid judgment" in recs["r1"]["error"]
    assert recs["r1"]["scores"] is None
    assert recs["r2"]["status"] == "ok"
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["counts"]["failed"] == 1


def test_unknown_keys_are_recorded(data_file: Path, tmp_path: Path) -> None:
    def responder(body: dict[str, Any]) -> str:
        obj = judgment([("a", ["0a", "4k"], True), ("b", ["1a"], True), ("c", [], False)])
        obj["all_relevant_sentence_keys"] = ["0a", "3z"]
        return json.dumps(obj)

    with OpenAIServer(responder) as server:
        assert run_eval(data_file, tmp_path / "out", server) == 0
    rec = records(tmp_path / "out")["r1"]
    found = sorted(v["code"] for v in rec["violations"])
    assert found == ["unknown_relevant_key", "unknown_response_key", "unknown_supporting_key"]
    assert rec["sentences"][0]["supporting_keys"] == ["0a"]
    examples = pd.read_csv(tmp_path / "out" / "examples.csv")
    assert int(examples.loc[examples["id"] == "r1", "n_violations"].iloc[0]) == 3


@pytest.mark.parametrize(
    ("fmt", "start", "end"),
    [
        ("llama2", "<s>[INST] <<SYS>>\n", " [/INST]"),
        ("chatml", "<|im_start|>system\n", "assistant\n"),
    ],
)
def test_completion_model_gets_its_chat_layout(
    data_file: Path, tmp_path: Path, fmt: str, start: str, end: str
) -> None:
    with OpenAIServer(lambda body: json.dumps(GOOD[row_id(body)])) as server:
        code = main(
            [
                "eval",
                str(data_file),
                "--judge-completions",
                "base-model",
                "--base-url",
                server.base_url,
                "--prompt-format",
                fmt,
                "--out",
                str(tmp_path / "out"),
                "--quiet",
                "--no-cache",
            ]
        )
        assert code == 0
        prompt = server.requests[0]["prompt"]
        prompt = prompt[0] if isinstance(prompt, list) else prompt
    assert prompt.startswith(start) and prompt.endswith(end)
    assert "Which port does the agent use?" in prompt or "Where are the logs?" in prompt
    recs = records(tmp_path / "out")
    assert {r["status"] for r in recs.values()} == {"ok"}
    assert recs["r1"]["prompt"]["format"] == fmt


def test_api_key_never_reaches_the_outputs(
    data_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = "sk-test-abcdefghijklmnop1234"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    with OpenAIServer(lambda body: "not json") as server:
        assert run_eval(data_file, tmp_path / "out", server, "--max-repairs", "0") == 0
        sent = {k.lower(): v for k, v in server.headers[0].items()}
        assert sent["authorization"] == f"Bearer {secret}"
    for path in (tmp_path / "out").iterdir():
        assert secret not in path.read_text(encoding="utf-8", errors="replace")


def _question_and_response(body: dict[str, Any]) -> str:
    text = "".join(str(m["content"]) for m in body["messages"])
    q = re.search(r"<<<QUESTION\n(.*?)\nQUESTION>>>", text, re.S)
    r = re.search(r"<<<RESPONSE\n(.*?)\nRESPONSE>>>", text, re.S)
    assert q and r
    return q.group(1) + "\n" + r.group(1)


def test_recorded_gpt4_judgments_over_http_reproduce_ragbench_scores(
    shared_data: Path, tmp_path: Path
) -> None:
    """A server that answers with RAGBench's recorded GPT-4 judgment of each row: the scores
    must come out exactly equal to RAGBench's labels."""
    from ragjudge.dataset import load_examples
    from ragjudge.prompt import format_response, one_line
    from ragjudge.sentences import key_example

    path = shared_data / "ragbench-validation" / "emanual" / "validation-00000-of-00001.parquet"
    examples, errors = load_examples(path)
    assert not errors
    answers = {}
    for ex in examples:
        item = key_example(ex)
        answers[one_line(ex.question) + "\n" + format_response(item)] = json.dumps(ex.recorded)

    with OpenAIServer(lambda body: answers[_question_and_response(body)]) as server:
        code = main(
            [
                "eval", str(path), "--judge", "openai:gpt-4-recorded", "--base-url",
                server.base_url, "--out", str(tmp_path / "out"), "--quiet", "--no-cache",
                "--concurrency", "16",
            ]
        )  # fmt: skip
        assert code == 0
        assert len(server.requests) == len(examples)
    # records are in input order; ids repeat in RAGBench (renamed id#2), so compare by position
    got = pd.read_csv(tmp_path / "out" / "examples.csv")
    stored = pd.read_parquet(path)
    assert len(got) == len(stored)
    assert set(got["status"]) <= {"ok", "repaired"}
    for name, column in [
        ("relevance", "relevance_score"),
        ("utilization", "utilization_score"),
        ("completeness", "completeness_score"),
    ]:
        assert (got[name].to_numpy() == stored[column].to_numpy()).all(), name
    assert (got["adherence"].astype(bool).to_numpy() == stored["adherence_score"].to_numpy()).all()


def test_base_url_credentials_never_reach_the_outputs(data_file: Path, tmp_path: Path) -> None:
    password = "pw-verysecret-42"
    with OpenAIServer(lambda body: "not json") as server:
        url = server.base_url.replace("http://", f"http://judge:{password}@")
        code = main(
            ["eval", str(data_file), "--judge", "openai:m", "--base-url", url,
             "--out", str(tmp_path / "out"), "--quiet", "--no-cache", "--max-repairs", "0"]
        )  # fmt: skip
        assert code == 0
        assert server.requests  # the calls did reach the server
    for path in (tmp_path / "out").iterdir():
        assert password not in path.read_text(encoding="utf-8", errors="replace")
    record = records(tmp_path / "out")["r1"]
    assert record["judge"]["params"]["base_url"] == server.base_url


def test_a_chat_model_object_on_ragas_columns_reproduces_ragbench_scores(
    shared_data: Path, tmp_path: Path
) -> None:
    """`evaluate(frame, judge=ChatOpenAI(...))` on RAGBench rows renamed to RAGAS's columns
    (pre-split sentence columns kept, so keys match the labels), with no mapping: the scores
    equal RAGBench's labels on every row."""
    from langchain_openai import ChatOpenAI

    from ragjudge.api import evaluate
    from ragjudge.dataset import load_examples
    from ragjudge.prompt import render
    from ragjudge.sentences import key_example

    path = shared_data / "ragbench-validation" / "emanual" / "validation-00000-of-00001.parquet"
    examples, _ = load_examples(path)
    answers = {
        render(key_example(ex)).messages[1].content: json.dumps(ex.recorded) for ex in examples
    }
    stored = pd.read_parquet(path)
    frame = stored.rename(
        columns={"question": "user_input", "documents": "retrieved_contexts"}
    )[["id", "user_input", "retrieved_contexts", "response", "documents_sentences",
       "response_sentences"]]  # fmt: skip

    with OpenAIServer(lambda body: answers[body["messages"][1]["content"]]) as server:
        judge = ChatOpenAI(
            model="gpt-4o-mini", base_url=server.base_url, api_key="k", max_retries=0
        )
        result = evaluate(frame, judge=judge, out=tmp_path / "out", cache=False, quiet=True,
                          concurrency=16)  # fmt: skip
        assert len(server.requests) == len(stored)
        assert server.requests[0]["response_format"]["type"] == "json_schema"
    got = result.examples
    assert set(got["status"]) <= {"ok", "repaired"}
    for name, column in [
        ("relevance", "relevance_score"),
        ("utilization", "utilization_score"),
        ("completeness", "completeness_score"),
    ]:
        assert (got[name].to_numpy() == stored[column].to_numpy()).all(), name
    assert (got["adherence"].astype(bool).to_numpy() == stored["adherence_score"].to_numpy()).all()
    assert {r.output_mode for r in result.records} == {"json_schema"}
