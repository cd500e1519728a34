"""The built-in offline judge: lexical evidence features and a small trained model, no LLM,
no network, a few milliseconds per example.

For every response sentence it finds the document sentences that best cover its content words
(a greedy cover over an inverted index), computes coverage, n-gram, number, name, negation,
refusal and question-overlap features (`ragjudge.judges._features`), and turns them into a
support probability with the packaged model (`ragjudge/data/offline_model.json`). It answers
with the six-field judgment as JSON text, like every other judge.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ragjudge.judges._features import (
    Evidence,
    SentenceEvidence,
    build_evidence,
    example_features,
)
from ragjudge.judges._model import SupportModel, apply_rules, load_model
from ragjudge.types import KeyedExample, Message, Reply, Usage

_model_cache: SupportModel | None = None


def _default_model() -> SupportModel:
    global _model_cache
    if _model_cache is None:
        _model_cache = load_model()
    return _model_cache


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


class OfflineJudge:
    """Judges groundedness from the keyed example alone (`uses_prompt = False`).

    `threshold` is the support probability at or above which a sentence counts as fully
    supported; by default the one chosen in training (best leave-one-subset-out balanced
    accuracy). A sentence that refuses or hedges about the documents ("the context does not
    say", 記載されていません) is supported without a sentence; a short framing sentence
    ("Here are the steps:") is supported as `general`. Both keep at least the threshold's
    probability, because RAGBench's annotators treat them as supported.
    """

    kind = "offline"
    uses_prompt = False
    prompt_format = "chat"

    def __init__(self, threshold: float | None = None, model: SupportModel | None = None) -> None:
        self.model = model or _default_model()
        self.threshold = float(self.model.threshold if threshold is None else threshold)
        if not 0.0 <= self.threshold <= 1.0:
            raise ValueError(f"threshold must be in [0, 1], got {self.threshold}")

    def identity(self) -> Mapping[str, Any]:
        return {
            "kind": self.kind,
            "provider": "ragjudge",
            "model": f"offline-v{self.model.version}-{self.model.digest}",
            "params": {"threshold": self.threshold},
        }

    async def ask(self, item: KeyedExample, messages: Sequence[Message]) -> Reply:
        start = time.perf_counter()
        judgment = self.judge(item)
        return Reply(
            text=json.dumps(judgment, ensure_ascii=False),
            usage=Usage(0, 0),
            latency_s=time.perf_counter() - start,
        )

    def judge(self, item: KeyedExample) -> dict[str, Any]:
        """The judgment for `item` as a dict: the six RAGBench fields plus `support_score`."""
        ev = build_evidence(item)
        sentence_info: list[dict[str, Any]] = []
        for sentence, feats in zip(item.response, example_features(item, ev), strict=True):
            p = apply_rules(
                self.model.probability(feats.features),
                feats.features,
                self.model.feature_names,
                self.threshold,
            )
            keys = self._supporting_keys(feats, ev) if p >= self.threshold else []
            supported = p >= self.threshold and bool(keys)
            sentence_info.append(
                {
                    "response_sentence_key": sentence.key,
                    "explanation": self._explain(feats, ev, supported),
                    "supporting_sentence_keys": keys,
                    "fully_supported": supported,
                    "probability": round(p, 4),
                }
            )

        support_score = min((s["probability"] for s in sentence_info), default=1.0)
        unsupported = [
            s["response_sentence_key"] for s in sentence_info if not s["fully_supported"]
        ]
        overall = not unsupported
        order = {k: i for i, k in enumerate(ev.keys)}
        utilized = sorted(
            {k for s in sentence_info for k in s["supporting_sentence_keys"] if k in order},
            key=order.__getitem__,
        )
        relevant = self._relevant(ev, utilized, order)
        return {
            "relevance_explanation": self._relevance_explanation(relevant, ev),
            "all_relevant_sentence_keys": relevant,
            "overall_supported_explanation": self._overall_explanation(
                unsupported, len(sentence_info), support_score
            ),
            "overall_supported": overall,
            "sentence_support_information": sentence_info,
            "all_utilized_sentence_keys": utilized,
            "support_score": round(support_score, 4),
        }

    def _supporting_keys(self, feats: SentenceEvidence, ev: Evidence) -> list[str]:
        if feats.refusal:
            return ["supported_without_sentence"]
        if feats.general or not feats.cover:
            return ["general"]
        return [ev.keys[i] for i in feats.cover]

    def _explain(self, feats: SentenceEvidence, ev: Evidence, supported: bool) -> str:
        if feats.refusal:
            return (
                "States that the documents do not give this information; "
                "not checked against a sentence."
            )
        if feats.general:
            return "A framing or transition sentence without factual content of its own."
        parts: list[str] = []
        if feats.cover:
            keys = ", ".join(ev.keys[i] for i in feats.cover)
            verb = "covered by" if supported else "closest document sentences"
            parts.append(f"{verb} {keys} ({_pct(feats.coverage)} of content words)")
        else:
            parts.append("no document sentence shares its content words")
        if feats.missing_numbers:
            nums = ", ".join(f"'{n}'" for n in feats.missing_numbers[:3])
            parts.append(f"number {nums} not found in the documents")
        if feats.missing_names:
            names = ", ".join(f"'{n}'" for n in feats.missing_names[:3])
            parts.append(f"name {names} not found in the documents")
        text = "; ".join(parts)
        return text[0].upper() + text[1:] + "."

    def _relevant(self, ev: Evidence, utilized: list[str], order: Mapping[str, int]) -> list[str]:
        """Document sentences sharing much of the question's content, plus every utilized one."""
        chosen = set(utilized)
        q = ev.question
        if q:
            counts: dict[int, int] = {}
            for tok in q:
                for i in ev.index.get(tok, ()):
                    counts[i] = counts.get(i, 0) + 1
            if counts:
                best = max(counts.values())
                cut = max(2 if len(q) > 2 else 1, 0.75 * best)
                # strongest last; among ties the earlier sentence wins, in any process
                top = sorted(
                    (i for i, c in counts.items() if c >= cut), key=lambda i: (counts[i], -i)
                )
                chosen.update(ev.keys[i] for i in top[-8:])
        return sorted(chosen, key=order.__getitem__)

    @staticmethod
    def _relevance_explanation(relevant: list[str], ev: Evidence) -> str:
        if not relevant:
            return "No document sentence shares the question's content words."
        shown = ", ".join(relevant[:10]) + (" …" if len(relevant) > 10 else "")
        return (
            f"{len(relevant)} of {ev.n_sentences} document sentences share the question's "
            f"content words or support the response: {shown}."
        )

    @staticmethod
    def _overall_explanation(unsupported: list[str], n: int, score: float) -> str:
        if not n:
            return "The response has no sentences to check."
        if not unsupported:
            return f"All {n} response sentences are covered by the documents (support {score:.2f})."
        keys = ", ".join(unsupported)
        return (
            f"{len(unsupported)} of {n} response sentences lack support in the documents "
            f"({keys}); weakest support {score:.2f}."
        )
