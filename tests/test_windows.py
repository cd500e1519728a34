"""Long contexts: an example whose prompt exceeds the budget is judged in document windows
and merged, with nothing cut."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from ragjudge.cli import main
from ragjudge.judges import make_judge
from ragjudge.pipeline import PipelineOptions, plan_windows
from ragjudge.prompt import render
from ragjudge.tokens import default_prompt_budget

from .helpers import keyed
from .openai_server import Fault, OpenAIServer
from .records import read_lines

FILLER = [f"Section {i} describes an unrelated maintenance task in some detail." for i in range(60)]
EVIDENCE = "The backup agent listens on port 7443 by default."


def long_row() -> dict[str, Any]:
    doc0 = " ".join([*FILLER[:30], EVIDENCE, *FILLER[30:]])
    doc1 = " ".join(FILLER)
    return {
        "id": "long",
        "question": "Which port does the backup agent use?",
        "documents": [doc0, doc1],
        "response": "The backup agent uses port 7443. It also encrypts every backup.",
    }


def test_windows_keep_every_sentence_once_with_original_keys() -> None:
    item = keyed(docs=long_row()["documents"], response=long_row()["response"])
    judge = make_judge("openai:m", base_url="http://127.0.0.1:9/v1")
    windows = plan_windows(item, judge, PipelineOptions(max_prompt_tokens=1500))
    assert len(windows) > 2
    seen = [s.key for w in windows for doc in w.documents for s in doc]
    assert seen == list(item.document_keys)
    for w in windows:
        assert w.response == item.response
        assert w.document_indexes is not None
    # a prompt that fits is not split: the plan is the example itself
    whole = plan_windows(item, judge, PipelineOptions(max_prompt_tokens=100_000))
    assert len(whole) == 1 and whole[0] is item


def test_planning_measures_the_prompt_it_is_handed() -> None:
    """The pipeline renders an example once and plans with that prompt: planning counts the
    prompt it is given rather than rendering its own."""
    item = keyed(docs=long_row()["documents"], response=long_row()["response"])
    judge = make_judge("openai:m", base_url="http://127.0.0.1:9/v1")
    options = PipelineOptions(max_prompt_tokens=1500)
    prompt = render(item, template=options.template)
    assert len(plan_windows(item, judge, options, rendered=prompt)) > 2
    # handed a prompt that fits (its first message only), the same example is not split
    short = replace(prompt, messages=prompt.messages[:1])
    assert plan_windows(item, judge, options, rendered=short)[0] is item


def test_default_budget_follows_the_model() -> None:
    small, large = default_prompt_budget("llama-2-7b-chat"), default_prompt_budget("gpt-4o-mini")
    assert small is not None and large is not None and large > small
    assert default_prompt_budget("meta-llama/llama-3.1-8b-instruct") == 128_000 - 4_096
    assert default_prompt_budget("llama-3-8b-instruct") == 8_192 - 2_048
    # an unknown model has no guessed window: its prompts are sent whole
    assert default_prompt_budget("unknown-model") is None
    item = keyed(docs=long_row()["documents"], response=long_row()["response"])
    unknown = make_judge("openai:my-finetune", base_url="http://127.0.0.1:9/v1")
    assert plan_windows(item, unknown, PipelineOptions()) == [item]


def answer(body: dict[str, Any], prompts: list[str]) -> str:
    """A judgment of one window: sentence a is supported where the evidence is shown."""
    text = body["messages"][1]["content"]
    prompts.append(text)
    match = re.search(r"^(\d+[a-z]+)\. " + re.escape(EVIDENCE), text, re.M)
    shown = re.findall(r"^(\d+[a-z]+)\. ", text, re.M)
    first = (
        {"response_sentence_key": "a", "explanation": "port", "fully_supported": True,
         "supporting_sentence_keys": [match.group(1)]}
        if match
        else {"response_sentence_key": "a", "explanation": "not here",
              "fully_supported": False, "supporting_sentence_keys": []}
    )  # fmt: skip
    return json.dumps(
        {
            "relevance_explanation": "r",
            "all_relevant_sentence_keys": [match.group(1)] if match else [],
            "overall_supported_explanation": "o",
            "overall_supported": False,
            "sentence_support_information": [
                first,
                {
                    "response_sentence_key": "b",
                    "explanation": "no",
                    "fully_supported": False,
                    "supporting_sentence_keys": [],
                },
            ],
            "all_utilized_sentence_keys": [match.group(1)] if match else [shown[0]],
        }
    )


def test_long_example_is_judged_per_window_and_merged(tmp_path: Path) -> None:
    data = tmp_path / "long.jsonl"
    data.write_text(json.dumps(long_row()) + "\n")
    prompts: list[str] = []
    with OpenAIServer(lambda body: answer(body, prompts)) as server:
        code = main(
            ["eval", str(data), "--judge", "openai:m", "--base-url", server.base_url,
             "--out", str(tmp_path / "out"), "--quiet", "--no-cache",
             "--max-prompt-tokens", "1500"]
        )  # fmt: skip
        assert code == 0
    check_merged(tmp_path / "out", prompts)


def test_an_unknown_model_is_windowed_only_after_the_server_says_too_long(
    tmp_path: Path,
) -> None:
    data = tmp_path / "long.jsonl"
    data.write_text(json.dumps(long_row()) + "\n")
    prompts: list[str] = []
    refused: list[int] = []

    def responder(body: dict[str, Any]) -> str | Fault:
        size = sum(len(m["content"]) for m in body["messages"]) // 4
        if size > 2_000:
            refused.append(size)
            message = (
                "This model's maximum context length is 2500 tokens. However, your messages "
                f"resulted in {size} tokens. Please reduce the length of the messages."
            )
            error = {"message": message, "type": "invalid_request_error",
                     "code": "context_length_exceeded"}  # fmt: skip
            return Fault(status=400, body=json.dumps({"error": error}))
        return answer(body, prompts)

    with OpenAIServer(responder) as server:
        code = main(
            ["eval", str(data), "--judge", "openai:my-finetune", "--base-url", server.base_url,
             "--out", str(tmp_path / "out"), "--quiet", "--no-cache"]
        )  # fmt: skip
        assert code == 0
    # the whole prompt went first, once; then windows the server took
    assert len(refused) == 1 and refused[0] > 2_000
    assert len(server.requests) == 1 + len(prompts)
    check_merged(tmp_path / "out", prompts)


def check_merged(out: Path, prompts: list[str]) -> None:
    [record] = read_lines(out)
    assert record["status"] == "ok"
    assert len(record["windows"]) == len(prompts) > 2
    assert record["judgment"]["merged_from_windows"] == len(prompts)
    # every document sentence was shown exactly once over the windows: nothing cut
    shown = [k for p in prompts for k in re.findall(r"^(\d+[a-z]+)\. ", p, re.M)]
    all_keys = [k for doc in record["documents"] for k, _ in doc["sentences"]]
    assert sorted(shown) == sorted(all_keys)
    first, second = record["sentences"]
    assert first["supported"] is True and len(first["supporting_keys"]) == 1
    assert second["supported"] is False
    assert record["scores"]["adherence"] == 0.0
    # utilized keys are the union over windows: one distinct key from each window here
    assert round(record["scores"]["utilization"] * len(all_keys)) == len(record["windows"])
