"""`example-overlap`: a ragjudge judge from another package.

For each response sentence it finds the document sentence that shares the largest share of the
response sentence's words, and supports the sentence with it when that share reaches the
threshold. It reads the keyed example only (no prompt, no network) and answers, like every
judge, with the six-field judgment as JSON text.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ragjudge.errors import UsageError
from ragjudge.judges import JudgeOptions
from ragjudge.types import KeyedExample, Message, Reply, Sentence, Usage

__version__ = "0.1.0"

_WORD = re.compile(r"\w+", re.UNICODE)
DEFAULT_THRESHOLD = 0.5


def words(text: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _WORD.findall(text))


def best_match(sentence: Sentence, documents: Sequence[Sentence]) -> tuple[str | None, float]:
    """The key of the document sentence holding the largest share of `sentence`'s words
    (the first among equals), and that share."""
    wanted = words(sentence.text)
    best_key, best_share = None, 0.0
    if not wanted:
        return best_key, best_share
    for candidate in documents:
        share = len(wanted & words(candidate.text)) / len(wanted)
        if share > best_share:
            best_key, best_share = candidate.key, share
    return best_key, best_share


class OverlapJudge:
    """Supports a response sentence by its best word-overlap document sentence."""

    kind = "example-overlap"
    uses_prompt = False
    prompt_format = "chat"

    def __init__(self, threshold: float = DEFAULT_THRESHOLD) -> None:
        if not 0.0 < threshold <= 1.0:
            raise UsageError(f"example-overlap: the threshold must be in (0, 1], not {threshold}")
        self.threshold = threshold

    def identity(self) -> Mapping[str, Any]:
        return {
            "kind": self.kind,
            "provider": "ragjudge-example-overlap",
            "model": f"word-overlap-{__version__}",
            "params": {"threshold": self.threshold},
        }

    async def ask(self, item: KeyedExample, messages: Sequence[Message]) -> Reply:
        start = time.perf_counter()
        text = json.dumps(self.judge(item), ensure_ascii=False)
        return Reply(text=text, usage=Usage(0, 0), latency_s=time.perf_counter() - start)

    def judge(self, item: KeyedExample) -> dict[str, Any]:
        """The judgment of `item` in the judgment schema."""
        documents = [s for doc in item.documents for s in doc]
        support: list[dict[str, Any]] = []
        for sentence in item.response:
            key, share = best_match(sentence, documents)
            supported = key is not None and share >= self.threshold
            where = f"in {key}" if key else "in no document sentence"
            support.append(
                {
                    "response_sentence_key": sentence.key,
                    "explanation": f"{share:.0%} of its words appear {where}.",
                    "supporting_sentence_keys": [key] if supported and key else [],
                    "fully_supported": supported,
                }
            )
        used = list(dict.fromkeys(k for s in support for k in s["supporting_sentence_keys"]))
        unsupported = [s["response_sentence_key"] for s in support if not s["fully_supported"]]
        return {
            "relevance_explanation": "The document sentences that support a response sentence.",
            "all_relevant_sentence_keys": used,
            "overall_supported_explanation": (
                "Every response sentence is supported."
                if not unsupported
                else f"Not supported: {', '.join(unsupported)}."
            ),
            "overall_supported": not unsupported,
            "sentence_support_information": support,
            "all_utilized_sentence_keys": used,
        }


def make_judge(arg: str | None, options: JudgeOptions) -> OverlapJudge:
    """The factory registered under `ragjudge.judges`: `example-overlap[:THRESHOLD]`."""
    if arg is None:
        return OverlapJudge()
    try:
        threshold = float(arg)
    except ValueError:
        raise UsageError(f"example-overlap:{arg}: the threshold must be a number") from None
    return OverlapJudge(threshold)


__all__ = ["OverlapJudge", "best_match", "make_judge"]
