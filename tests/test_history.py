"""Conversations: the history is shown to the judge as evidence of its own with its own keys;
a sentence supported by the history alone is marked so; TRACe relevance and utilization count
document sentences only."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ragjudge.api import check
from ragjudge.prompt import render
from ragjudge.sentences import key_example
from ragjudge.types import Document, Example, Turn

from .helpers import judgment, keyed
from .openai_server import OpenAIServer, prompt_text

DOCS = ["The X200 router supports WPA3. Its admin page is at 192.168.0.1."]
HISTORY = [
    {"role": "user", "content": "I bought an X200 router last week. It is in my office."},
    {"role": "assistant", "content": "Thanks. The X200 is a dual-band router."},
]
QUESTION = "Does it support WPA3?"
# a: restates what the user said (history only); b: from the document
ANSWER = "Your X200 is in your office. It supports WPA3."


def example(history: list[dict[str, str]] | None = None) -> Example:
    return Example(
        id="conv-1",
        question=QUESTION,
        documents=tuple(Document(d) for d in DOCS),
        response=ANSWER,
        history=tuple(Turn(t["role"], t["content"]) for t in (history or [])),
    )


def test_history_is_keyed_per_turn_and_shown_in_its_own_block() -> None:
    item = key_example(example(HISTORY), "en")
    assert item.history_keys == ("h0a", "h0b", "h1a", "h1b")
    text = render(item).messages[1].content
    block = text[text.index("<<<HISTORY\n") : text.index("\nHISTORY>>>")]
    assert (
        "Turn 0 (user):\nh0a. I bought an X200 router last week.\nh0b. It is in my office." in block
    )
    assert "Turn 1 (assistant):\nh1a. Thanks." in block
    assert text.index("<<<HISTORY") < text.index("<<<DOCUMENTS")
    assert "never list its keys in all_relevant_sentence_keys" in text
    # the history keys never appear among the document keys
    assert not set(item.history_keys) & set(item.document_keys)


def test_without_history_the_prompt_is_the_one_of_version_1() -> None:
    item = keyed()
    v1 = render(item, template="groundedness-v1").messages
    v2 = render(item).messages
    assert v2[1].content == v1[1].content  # the user message: the same words, no history block
    assert "<<<HISTORY" not in v2[1].content
    assert v2[0].content == v1[0].content.replace(
        "DOCUMENTS, QUESTION", "DOCUMENTS, HISTORY, QUESTION"
    )


def conversation_judge(body: dict[str, Any]) -> str:
    """Supports sentence a by the history, b by the document; lists a history key as relevant."""
    text = prompt_text(body)
    assert re.search(r"^h0b\. It is in my office\.$", text, re.M)
    return json.dumps(
        judgment(
            [("a", ["h0a", "h0b"], True), ("b", ["0a"], True)],
            relevant=["0a", "h0a"],
            utilized=["0a", "h1b"],
        )
    )


def test_a_sentence_supported_by_the_history_alone_is_marked_and_scores_count_documents(
    tmp_path: Path,
) -> None:
    with OpenAIServer(conversation_judge) as server:
        record = check(
            QUESTION, DOCS, ANSWER, judge="openai:m", base_url=server.base_url,
            history=HISTORY, cache=False,
        )  # fmt: skip
    assert record.status.value == "ok"
    first, second = record.sentences
    assert first.supported and first.history_only is True
    assert second.supported and second.history_only is None
    assert record.scores is not None and record.scores.adherence == 1.0
    # two document sentences; the history keys listed as relevant/utilized do not count
    assert record.scores.relevance == 0.5 and record.scores.utilization == 0.5
    codes = sorted(v.code for v in record.violations)
    assert codes == ["history_relevant_key", "history_utilized_key"]
    line = record.to_json()
    assert line["history"][0] == {
        "role": "user",
        "sentences": [
            ["h0a", "I bought an X200 router last week."],
            ["h0b", "It is in my office."],
        ],
    }
    assert line["sentences"][0]["history_only"] is True
    assert "history_only" not in line["sentences"][1]


def test_without_the_history_the_same_answer_is_unsupported(tmp_path: Path) -> None:
    def responder(body: dict[str, Any]) -> str:
        assert "<<<HISTORY" not in prompt_text(body)
        return json.dumps(judgment([("a", [], False), ("b", ["0a"], True)], overall=False))

    with OpenAIServer(responder) as server:
        record = check(QUESTION, DOCS, ANSWER, judge="openai:m", base_url=server.base_url,
                       cache=False)  # fmt: skip
    assert record.history is None and "history" not in record.to_json()
    assert [s.supported for s in record.sentences] == [False, True]


def test_a_template_without_a_history_slot_says_the_judge_did_not_see_it(tmp_path: Path) -> None:
    def responder(body: dict[str, Any]) -> str:
        assert "<<<HISTORY" not in prompt_text(body)
        return json.dumps(judgment([("a", ["0a"], True), ("b", ["0a"], True)]))

    with OpenAIServer(responder) as server:
        record = check(
            QUESTION, DOCS, ANSWER, judge="openai:m", base_url=server.base_url,
            history=HISTORY, template="groundedness-v1", cache=False,
        )  # fmt: skip
    assert "history_not_shown" in [v.code for v in record.violations]
