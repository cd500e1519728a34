"""The recorded judge: answers with the judgment stored in the row itself.

RAGBench rows carry GPT-4's annotation (`sentence_support_information`,
`all_relevant_sentence_keys`, `all_utilized_sentence_keys`, `adherence_score`, …); other rows may
carry a `judgment` column. Re-scoring them needs no model, and comparing another judge with them
measures agreement with gold.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ragjudge.errors import JudgeError
from ragjudge.types import KeyedExample, Message, Reply


class RecordedJudge:
    """Answers with the judgment the row carries; fails the example when it carries none."""

    kind = "recorded"
    uses_prompt = False
    prompt_format = "chat"

    def identity(self) -> Mapping[str, Any]:
        return {"kind": "recorded", "provider": "data", "model": "recorded", "params": {}}

    async def ask(self, item: KeyedExample, messages: Sequence[Message]) -> Reply:
        recorded = item.example.recorded
        if recorded is None:
            raise JudgeError(
                "this row carries no recorded judgment (RAGBench columns "
                "sentence_support_information, all_relevant_sentence_keys, "
                "all_utilized_sentence_keys, adherence_score, or a `judgment` column)"
            )
        return Reply(text=json.dumps(recorded, ensure_ascii=False, default=_plain))


def _plain(value: Any) -> Any:
    """JSON fallback for numpy scalars and arrays that arrive from Parquet."""
    if hasattr(value, "tolist"):
        return value.tolist()
    if hasattr(value, "item"):
        return value.item()
    raise TypeError(f"cannot serialise {type(value).__name__}")
