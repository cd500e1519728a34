"""LangChain model objects as judges (`judge=ChatOpenAI(...)`, `judge=OpenAI(...)`): identity,
structured output with its fallbacks, run names and metadata for tracing, token counting and
context windows. Every call goes over real HTTP to the local OpenAI-compatible server through the
real LangChain clients."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from langchain_core.callbacks import BaseCallbackHandler
from langchain_openai import ChatOpenAI, OpenAI

from ragjudge.api import evaluate
from ragjudge.cache import judge_key
from ragjudge.errors import UsageError
from ragjudge.judges.langchain_models import structured_schema
from ragjudge.judges.llm import ChatJudge, judge_from_model, model_step
from ragjudge.tokens import TokenCounter, estimate_tokens
from ragjudge.types import Message

from .openai_server import Fault, OpenAIServer, question_of, valid_judgment, write_dataset


def chat(server: OpenAIServer, model: str = "gpt-4o-mini", **kwargs: Any) -> ChatOpenAI:
    return ChatOpenAI(
        model=model, base_url=server.base_url, api_key="sk-test-key-0123456789", max_retries=0,
        **kwargs,
    )  # fmt: skip


def test_the_judge_sends_the_request_of_langchains_structured_output_chain() -> None:
    """The judge calls the model step of `with_structured_output(..., include_raw=True)`
    alone (it parses the raw message itself): the request is the whole chain's, and the raw
    answer comes back as the chain's `raw`, even one LangChain's parser would reject."""
    with OpenAIServer(lambda body: "not JSON") as server:
        chain = chat(server).with_structured_output(
            structured_schema(), method="json_schema", include_raw=True
        )
        step = model_step(chain)
        assert step is not chain
        messages = [("system", "Judge."), ("user", "Is it grounded?")]
        whole = chain.invoke(messages)
        alone = step.invoke(messages)
        assert len(server.requests) == 2
        assert server.requests[0] == server.requests[1]
        assert server.requests[1]["response_format"]["type"] == "json_schema"
    assert whole["parsed"] is None and whole["parsing_error"] is not None
    assert alone.content == whole["raw"].content == "not JSON"
    # a runnable of any other shape is used whole
    plain = chat(server)
    assert model_step(plain) is plain


def test_a_chat_model_object_judges_a_batch(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 3)
    with OpenAIServer(valid_judgment) as server:
        result = evaluate(data, judge=chat(server, temperature=0), out=tmp_path / "out", quiet=True)
        assert len(server.requests) == 3
        sent = server.requests[0]
        assert sent["model"] == "gpt-4o-mini" and sent["temperature"] == 0
        # the model's LangChain profile says it has structured output: it is asked for
        assert sent["response_format"]["type"] == "json_schema"
        schema = sent["response_format"]["json_schema"]
        assert schema["strict"] is True
        assert schema["schema"]["additionalProperties"] is False
    assert result.examples["status"].tolist() == ["ok"] * 3
    record = result.records[0]
    assert record.output_mode == "json_schema"
    assert record.judge is not None
    assert (record.judge.kind, record.judge.provider, record.judge.model) == (
        "llm",
        "openai",
        "gpt-4o-mini",
    )
    params = record.judge.params
    assert params["class"] == "langchain_openai.chat_models.base.ChatOpenAI"
    assert params["temperature"] == 0 and params["base_url"] == server.base_url
    # the key is the model's; it never reaches the identity or any output
    assert "sk-test-key" not in json.dumps(record.to_json())
    for path in (tmp_path / "out").iterdir():
        assert "sk-test-key" not in path.read_text(encoding="utf-8", errors="replace")


def test_identity_follows_the_models_own_parameters() -> None:
    server_url = "http://127.0.0.1:9/v1"
    base = ChatOpenAI(model="m", base_url=server_url, api_key="k", temperature=0)
    same = ChatOpenAI(model="m", base_url=server_url, api_key="other-key", temperature=0)
    warmer = ChatOpenAI(model="m", base_url=server_url, api_key="k", temperature=0.7)
    other = ChatOpenAI(model="m2", base_url=server_url, api_key="k", temperature=0)

    def key(model: Any) -> str:
        return judge_key(judge_from_model(model).identity())

    assert key(base) == key(same)  # credentials are not part of what a judgment depends on
    assert len({key(base), key(warmer), key(other)}) == 3


def test_a_server_that_refuses_structured_output_gets_json_mode(tmp_path: Path) -> None:
    refusal = Fault(
        status=400,
        body=json.dumps({"error": {"message": "response_format json_schema is not supported",
                                   "type": "invalid_request_error"}}),
    )  # fmt: skip

    def responder(body: dict[str, Any]) -> str | Fault:
        if body.get("response_format", {}).get("type") == "json_schema":
            return refusal
        return valid_judgment(body)

    data = write_dataset(tmp_path / "data.jsonl", 3)
    with OpenAIServer(responder) as server:
        judge = judge_from_model(chat(server))
        assert isinstance(judge, ChatJudge) and judge.modes == ("json_schema", "json_mode", "text")
        result = evaluate(data, judge=judge, out=tmp_path / "out", quiet=True, concurrency=1)
        formats = [b.get("response_format", {}).get("type") for b in server.requests]
    # refused once, then JSON mode for this example and every later one
    assert formats == ["json_schema", "json_object", "json_object", "json_object"]
    assert judge.modes == ("json_mode", "text")
    assert [r.output_mode for r in result.records] == ["json_mode"] * 3
    assert result.examples["status"].tolist() == ["ok"] * 3


def test_an_unparseable_structured_answer_goes_through_the_repair_loop(tmp_path: Path) -> None:
    def responder(body: dict[str, Any]) -> str:
        if len(body["messages"]) == 2:
            return '{"relevance_explanation": "cut off'
        return valid_judgment(body)

    data = write_dataset(tmp_path / "data.jsonl", 1)
    with OpenAIServer(responder) as server:
        result = evaluate(data, judge=chat(server), out=tmp_path / "out", quiet=True)
        assert [b["response_format"]["type"] for b in server.requests] == ["json_schema"] * 2
    [record] = result.records
    assert record.status.value == "repaired" and record.output_mode == "json_schema"
    assert record.replies[0] == '{"relevance_explanation": "cut off'


def test_a_model_without_a_profile_keeps_json_mode_and_a_spec_judge_too(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 1)
    with OpenAIServer(valid_judgment) as server:
        evaluate(data, judge=chat(server, model="local-model"), out=tmp_path / "a", quiet=True)
        evaluate(
            data, judge="openai:local-model", base_url=server.base_url, out=tmp_path / "b",
            quiet=True, output_mode="text",
        )  # fmt: skip
        formats = [b.get("response_format") for b in server.requests]
    assert formats == [{"type": "json_object"}, None]


class Seen(BaseCallbackHandler):
    """What LangChain's callback system hands a tracer for each chat model run."""

    def __init__(self) -> None:
        self.runs: list[dict[str, Any]] = []

    def on_chat_model_start(
        self, serialized: dict[str, Any], messages: Any, *, run_id: UUID, **kwargs: Any
    ) -> None:
        self.runs.append(kwargs)

    def on_llm_start(
        self, serialized: dict[str, Any], prompts: list[str], *, run_id: UUID, **kwargs: Any
    ) -> None:
        self.runs.append(kwargs)


def test_judge_calls_carry_a_run_name_tags_and_the_example_id(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 2)
    seen = Seen()
    with OpenAIServer(valid_judgment) as server:
        model = chat(server, model="local-model", callbacks=[seen])
        evaluate(data, judge=model, out=tmp_path / "out", quiet=True, concurrency=1)
    assert len(seen.runs) == 2
    for run, example_id in zip(seen.runs, ["ex-0", "ex-1"], strict=True):
        assert run["name"] == "ragjudge-judge"
        assert "ragjudge" in run["tags"]
        assert run["metadata"]["ragjudge_example_id"] == example_id
        assert run["metadata"]["ragjudge_source"].endswith(f"data.jsonl:{int(example_id[-1]) + 1}")


def test_a_completion_model_object_with_a_prompt_format(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 2)
    seen = Seen()
    with OpenAIServer(valid_judgment) as server:
        llm = OpenAI(
            model="base-model", base_url=server.base_url, api_key="k", max_retries=0,
            callbacks=[seen],
        )  # fmt: skip
        result = evaluate(data, judge=llm, prompt_format="llama2", out=tmp_path / "o", quiet=True)
        prompt = server.requests[0]["prompt"]
        prompt = prompt[0] if isinstance(prompt, list) else prompt
    assert prompt.startswith("<s>[INST] <<SYS>>\n") and prompt.endswith(" [/INST]")
    assert result.examples["status"].tolist() == ["ok", "ok"]
    record = result.records[0]
    assert record.judge is not None and record.judge.kind == "completions"
    assert record.judge.params["prompt_format"] == "llama2"
    assert record.prompt is not None and record.prompt.format == "llama2"
    assert record.output_mode == "text"
    assert seen.runs[0]["name"] == "ragjudge-judge"


def test_options_that_belong_on_the_model_are_refused(tmp_path: Path) -> None:
    model = ChatOpenAI(model="m", base_url="http://127.0.0.1:9/v1", api_key="k")
    with pytest.raises(UsageError, match="set them on the model object"):
        evaluate(write_dataset(tmp_path / "d.jsonl", 1), judge=model, temperature=0.5)
    with pytest.raises(UsageError, match="completion-only"):
        judge_from_model(model, prompt_format="llama2")
    with pytest.raises(UsageError, match="LangChain chat model, not int"):
        evaluate(write_dataset(tmp_path / "d.jsonl", 1), judge=42)


# --- tokens and windows ------------------------------------------------------------------------


def test_the_models_own_counter_is_tried_once_then_a_labelled_estimate() -> None:
    # tiktoken downloads its encoding files on first use; with no network that fails, and the
    # counter falls back to the estimate, labelled as one, without trying again
    model = ChatOpenAI(model="gpt-4o-mini", base_url="http://127.0.0.1:9/v1", api_key="k")
    try:
        model.get_num_tokens_from_messages([("user", "hello")])
    except Exception:
        has_tokenizer = False
    else:
        has_tokenizer = True
    if has_tokenizer:
        pytest.skip("tiktoken's files are available here: the fallback cannot be exercised")
    counter = TokenCounter(model)
    assert counter.exact
    text = "The agent listens on port 8080. " * 10
    first = counter.messages([Message("user", text)])
    assert first.estimated and first.tokens == estimate_tokens(text) + 4
    assert not counter.exact  # the failure was remembered
    assert counter.text("短い日本語の文です。").tokens == 10  # one token per CJK character


def test_context_window_from_the_profile_else_the_table_else_none() -> None:
    url = "http://127.0.0.1:9/v1"
    profiled = judge_from_model(ChatOpenAI(model="gpt-4o-mini", base_url=url, api_key="k"))
    tabled = judge_from_model(ChatOpenAI(model="llama-3.1-8b-instruct", base_url=url, api_key="k"))
    unknown = judge_from_model(ChatOpenAI(model="my-finetune", base_url=url, api_key="k"))
    assert profiled.context_window() == 128_000  # langchain-openai's profile of the model
    assert tabled.context_window() == 128_000  # not the 8,192 of Llama 3.0
    assert unknown.context_window() is None


def test_questions_reach_the_server_in_order(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 3)
    with OpenAIServer(valid_judgment) as server:
        evaluate(data, judge=chat(server), out=tmp_path / "out", quiet=True, concurrency=1)
        asked = [question_of(b) for b in server.requests]
    assert asked == [f"Question number {i}?" for i in range(3)]
