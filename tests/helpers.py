"""Small builders shared by tests: keyed examples and judgment objects."""

from __future__ import annotations

from typing import Any

from ragjudge.sentences import key_example
from ragjudge.types import Document, Example, KeyedExample


def keyed(
    docs: list[str] | None = None,
    response: str = "The port is 8080. Restart the agent after changing it.",
    question: str = "Which port does the agent use?",
    ex_id: str = "ex-1",
) -> KeyedExample:
    docs = docs or [
        "The agent listens on port 8080. Change the port in agent.conf.",
        "After editing agent.conf, restart the agent. Logs go to /var/log/agent.log.",
    ]
    return key_example(
        Example(
            id=ex_id,
            question=question,
            documents=tuple(Document(d) for d in docs),
            response=response,
        ),
        "en",
    )


def judgment(
    sentences: list[tuple[str, list[str], Any]],
    relevant: list[str] | None = None,
    utilized: list[str] | None = None,
    overall: Any = True,
) -> dict[str, Any]:
    """A judgment object; `sentences` holds (response key, supporting keys, fully_supported)."""
    return {
        "relevance_explanation": "Document 0 names the port.",
        "all_relevant_sentence_keys": relevant if relevant is not None else ["0a", "1a"],
        "overall_supported_explanation": "Each claim is checked.",
        "overall_supported": overall,
        "sentence_support_information": [
            {
                "response_sentence_key": k,
                "explanation": f"sentence {k}",
                "supporting_sentence_keys": keys,
                "fully_supported": full,
            }
            for k, keys, full in sentences
        ],
        "all_utilized_sentence_keys": utilized if utilized is not None else ["0a", "1a"],
    }
