"""The built-in offline judge: evidence features and a small trained model, no LLM, no
network, a few milliseconds per example.

For every response sentence it finds the document sentences (or, for a structured record, the
facts) that best cover its content words, computes coverage, n-gram, number, name, negation,
refusal and question features (`ragjudge.judges._features`), and scores them with the packaged
model (`ragjudge.judges._model`): a calibrated probability that each sentence is supported, and
a calibrated probability that the answer holds a hallucination. `support_score` is one minus
the latter, so the mean of `1 - support_score` over a batch estimates the batch's hallucination
rate. It answers with the six-field judgment as JSON text, like every other judge.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ragjudge.judges._features import (
    Evidence,
    SentenceEvidence,
    build_evidence,
    example_features,
    question_reading,
    unmatched_words,
    written_words,
)
from ragjudge.judges._model import QUESTION_HELD, OfflineModel, QuestionReading, load_model
from ragjudge.types import KeyedExample, Message, Reply, Usage

_model_cache: OfflineModel | None = None
#: how many of the fields a sentence contradicts its explanation quotes
_QUOTED_FIELDS = 2


def default_model() -> OfflineModel:
    """The packaged model, loaded once per process."""
    global _model_cache
    if _model_cache is None:
        _model_cache = load_model()
    return _model_cache


def _names(text: str, tokens: Sequence[str], ev: Evidence) -> list[str]:
    """The words of `text` whose content tokens are `tokens` that are names, as written: in
    capitals, and the first word only if a document writes it so in mid-sentence (so
    "'Lactulose', from the question" is quoted, "'explain'" is not). Chinese, Japanese and
    Korean mark no names so, and their words are not quoted (停止 is "stop")."""
    first = text.split(maxsplit=1)[0] if text.strip() else ""
    return [
        w
        for w in written_words(text, tokens, ev)
        if w[0].isupper() and (not first.startswith(w) or any(f" {w}" in t for t in ev.raw_texts))
    ]


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


class OfflineJudge:
    """Judges groundedness from the keyed example alone (`uses_prompt = False`).

    `threshold` is the support score below which an answer is flagged (`overall_supported`
    false). By default it is the one chosen in training: the best balanced accuracy out of
    fold among the thresholds that flag within 0.02 of the estimated hallucination rate.
    Raise it to catch more hallucinations at the price of more false alarms. In a flagged
    answer the sentences whose support probability is below the model's sentence threshold are
    the unsupported ones (at least the weakest); in an answer that is not flagged every
    sentence counts as supported.

    A sentence that declines to answer from the documents ("the context does not say",
    記載されていません) is supported by `supported_without_sentence`, and a short framing
    sentence ("Here are the steps:") by `general`, when the model supports them.
    """

    kind = "offline"
    uses_prompt = False
    prompt_format = "chat"

    def __init__(self, threshold: float | None = None, model: OfflineModel | None = None) -> None:
        self.model = model or default_model()
        default = 1.0 - self.model.example_threshold
        self.threshold = float(default if threshold is None else threshold)
        if not 0.0 <= self.threshold <= 1.0:
            raise ValueError(f"threshold must be in [0, 1], got {self.threshold}")

    def identity(self) -> Mapping[str, Any]:
        return {
            "kind": self.kind,
            "provider": "ragjudge",
            "model": f"offline-v{self.model.version}-{self.model.digest}",
            "params": {"threshold": round(self.threshold, 6)},
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
        feats = example_features(item, ev)
        question = question_reading(ev, feats)
        probability, support_score = self.score(feats, ev, question)
        # decide on the figures the record shows, so a reader can check every verdict
        probability = np.round(probability, 4)
        support_score = round(support_score, 4)
        flagged = support_score < self.threshold
        weak = self._unsupported(probability, flagged)

        sentence_info: list[dict[str, Any]] = []
        for n, (sentence, f) in enumerate(zip(item.response, feats, strict=True)):
            supported = n not in weak and (ev.n_sentences > 0 or f.refusal)
            keys = self._supporting_keys(f, ev) if supported else []
            sentence_info.append(
                {
                    "response_sentence_key": sentence.key,
                    "explanation": self._explain(
                        f, ev, supported, float(probability[n]), sentence.text
                    ),
                    "supporting_sentence_keys": keys,
                    "fully_supported": supported,
                    "probability": float(probability[n]),
                }
            )
        unsupported = [
            s["response_sentence_key"] for s in sentence_info if not s["fully_supported"]
        ]
        order = {k: i for i, k in enumerate(dict.fromkeys(ev.keys))}
        utilized = sorted(
            {k for s in sentence_info for k in s["supporting_sentence_keys"] if k in order},
            key=order.__getitem__,
        )
        relevant = self._relevant(ev, utilized, order)
        return {
            "relevance_explanation": self._relevance_explanation(relevant, item),
            "all_relevant_sentence_keys": relevant,
            "overall_supported_explanation": self._overall_explanation(
                unsupported, len(sentence_info), support_score, question
            ),
            "overall_supported": not unsupported,
            "sentence_support_information": sentence_info,
            "all_utilized_sentence_keys": utilized,
            "support_score": support_score,
        }

    def score(
        self,
        feats: Sequence[SentenceEvidence],
        ev: Evidence,
        question: QuestionReading | None = None,
    ) -> tuple[np.ndarray, float]:
        """Calibrated support probability of each sentence, and the answer's support score
        (one minus its calibrated hallucination probability; `question`: how the documents
        hold what was asked, `ragjudge.judges._features.question_reading`)."""
        if not feats:
            return np.zeros(0), 1.0
        x = np.asarray([f.features for f in feats], dtype=float)
        log_odds = self.model.sentence_log_odds(x)
        probability = self.model.sentence_probability(log_odds)
        if ev.n_sentences == 0 and not all(f.refusal for f in feats):
            # nothing to support the answer with: no score can make it grounded
            return probability, 0.0
        p_hallucination = self.model.hallucination_probability(log_odds, ev.n_sentences, question)
        return probability, 1.0 - p_hallucination

    def _unsupported(self, probability: np.ndarray, flagged: bool) -> set[int]:
        if not flagged or probability.size == 0:
            return set()
        weak = {int(i) for i in np.flatnonzero(probability < self.model.sentence_threshold)}
        return weak or {int(np.argmin(probability))}

    def _supporting_keys(self, f: SentenceEvidence, ev: Evidence) -> list[str]:
        if f.refusal:
            return ["supported_without_sentence"]
        if f.general or not f.cover:
            return ["general"]
        return list(dict.fromkeys(ev.keys[i] for i in f.cover))

    def _explain(
        self, f: SentenceEvidence, ev: Evidence, supported: bool, probability: float, text: str
    ) -> str:
        if f.refusal:
            # a refusal judged unsupported: say what it names that the documents lack
            lacking = [f"'{x}'" for x in (*f.missing_numbers, *f.missing_names)][:3]
            named = (
                f"; names {', '.join(lacking)}, not in the documents"
                if lacking and not supported
                else ""
            )
            return (
                "States that the documents do not give this information; "
                f"not checked against a sentence{named} (support {probability:.2f})."
            )
        if f.general and supported:
            return "A framing or transition sentence without factual content of its own."
        parts: list[str] = []
        if f.cover:
            keys = ", ".join(dict.fromkeys(ev.keys[i] for i in f.cover))
            # a sentence supported on little of its wording is not "covered" by its best match
            covered = supported and f.coverage >= 0.5
            verb = "covered by" if covered else "closest document sentences"
            # a bare phrase is read with the question's words, which count in its share
            read = ", read with the question's" if f.with_question else ""
            parts.append(f"{verb} {keys} ({_pct(f.coverage)} of content words{read})")
        else:
            parts.append("no document sentence shares its content words")
        if f.thin:
            parts.append("most of it is in none of the sentences it draws on")
        if f.missing_numbers:
            nums = ", ".join(f"'{n}'" for n in f.missing_numbers[:3])
            parts.append(f"number {nums} not found in the documents")
        if f.missing_literals:
            quoted = ", ".join(f"'{x}'" for x in f.missing_literals[:2])
            parts.append(f"{quoted} not found in the documents")
        for said, theirs in f.other_units[:2]:
            given = " or ".join(f"'{t}'" for t in theirs[:2])
            parts.append(f"'{said}' where the documents give {given}")
        if f.worked:
            nums = ", ".join(f"'{n}'" for n in f.worked[:3])
            parts.append(f"{nums} worked out by the answer itself")
        if f.missing_names:
            names = ", ".join(f"'{n}'" for n in f.missing_names[:3])
            parts.append(f"name {names} not found in the documents")
        if f.elsewhere and not supported:
            asked = ", ".join(f"'{w}'" for w in _names(text, f.elsewhere, ev)[:3])
            if asked:
                parts.append(f"{asked}, from the question, in none of the documents it draws on")
        told = (
            f.flipped is not None
            or f.planned is not None
            or f.unplanned is not None
            or f.certain is not None
            or f.widened is not None
            or f.unknown is not None
            or f.left_open is not None
        )
        if not supported and not f.contradicted and f.conflict is None and not told:
            # what the judge could not find, beyond the names and numbers listed above
            listed = {x.lower() for x in f.missing_names}
            words = [w for w in unmatched_words(text, ev) if w.lower() not in listed]
            if words:
                quoted = ", ".join(f"'{w}'" for w in words)
                parts.append(f"words not in the documents: {quoted}")
        if f.contradicted:
            keys = ", ".join(dict.fromkeys(f.contradicted))
            fields = [f"'{label}'" for label in f.contradicted_fields[:_QUOTED_FIELDS]]
            if len(f.contradicted_fields) > _QUOTED_FIELDS:
                fields.append("…")
            said = f": {', '.join(fields)}" if fields else ""
            parts.append(f"the record says otherwise{said} ({keys})")
        if f.flipped is not None:
            parts.append(f"the documents say the opposite: '{f.flipped[0]}' ({f.flipped[1]})")
        if f.planned is not None:
            said, key = f.planned
            parts.append(
                "told as done where the documents give a plan, a possibility or a decision "
                f"still to be made: '{said}' ({key})"
            )
        if f.unplanned is not None:
            said, key = f.unplanned
            parts.append(
                f"told as still to come where the documents tell it as done: '{said}' ({key})"
            )
        if f.reason_added is not None:
            parts.append(
                f"a reason or a circumstance the documents do not give: '{f.reason_added}'"
            )
        if f.reason_unlinked is not None:
            said, key = f.reason_unlinked
            parts.append(f"a reason the documents tell only of another matter: '{said}' ({key})")
        if f.clause_added is not None:
            parts.append(f"a clause the documents give nothing of: '{f.clause_added}'")
        if f.name_unheld is not None:
            parts.append(f"a name the documents never give: '{f.name_unheld}'")
        if f.described is not None:
            said, name = f.described
            parts.append(f"'{said}': the documents do not say this of {name}")
        if f.reason_swapped is not None:
            reason, other, key = f.reason_swapped
            parts.append(f"the reason '{reason}' where the documents give '{other}' ({key})")
        if f.superlative_added is not None:
            parts.append(
                f"a record or a superlative the documents give nothing like: "
                f"'{f.superlative_added}'"
            )
        if f.certain is not None:
            said, key = f.certain
            parts.append(
                f"told as certain where the documents give a possibility: '{said}' ({key})"
            )
        if f.widened is not None:
            sweep, said, key = f.widened
            parts.append(
                f"'{sweep}' where the documents say it of some or as possible: '{said}' ({key})"
            )
        if f.unknown is not None:
            said, key = f.unknown
            parts.append(f"a cause where the documents say it is not known: '{said}' ({key})")
        if f.left_open is not None:
            said, key = f.left_open
            parts.append(f"told as settled where the documents leave it open: '{said}' ({key})")
        if f.sibling is not None:
            ours, their_word, key = f.sibling
            parts.append(f"'{ours}' where the documents say '{their_word}' ({key})")
        if f.conflict is not None:
            c = f.conflict
            order = "first" if c.earlier else "later"
            parts.append(
                f"it puts {c.claimed} {order}, yet its own dates are {c.claimed_date} for "
                f"{c.claimed} and {c.other_date} for {c.other}"
            )
        if f.misplaced:
            values = ", ".join(f"'{v}'" for v in f.misplaced[:3])
            parts.append(f"{values} belongs to another row or item of the record")
        for number, key in f.strayed[:2]:
            parts.append(f"the documents give '{number}' only in {key}, about something else")
        if f.rebound is not None:
            number, other, key = f.rebound
            parts.append(f"the documents give '{number}' to {other} ({key})")
        if f.superseded is not None:
            number, key = f.superseded
            parts.append(f"the documents give '{number}' as the value before a change ({key})")
        if f.blended:
            said = ", ".join(f"'{w}'" for w in written_words(text, f.blended, ev)[:4])
            parts.append(f"it joins what different items of the record say ({said})")
        for name, other, key in f.swapped[:2]:
            parts.append(f"'{name}' stands where the documents have '{other}' ({key})")
        for word in (f.unlisted, f.embellished):
            if word is not None:
                parts.append(f"'{word}' is in no field or review of the record")
        if f.habit is not None:
            parts.append(f"'{f.habit}': the documents tell of no such habit")
        if f.overcounted is not None:
            said, key = f.overcounted
            parts.append(f"'{said}' where only one item of the record says it ({key})")
        if f.disputed is not None:
            claim, their_word, key = f.disputed
            parts.append(f"'{claim}' where one item of the record says '{their_word}' ({key})")
        if f.role is not None:
            name, ours, their_role, key = f.role
            parts.append(f"'{ours}' where the documents call {name} '{their_role}' ({key})")
        if f.misattributed is not None:
            by_name: dict[str, list[str]] = {}
            for name, key in f.misattributed.given:
                by_name.setdefault(name, []).append(key)
            given = ", ".join(
                f"'{name}' ({', '.join(ks)})" for name, ks in list(by_name.items())[:2]
            )
            parts.append(f"the documents give this to {given}, not to '{f.misattributed.claimed}'")
        parts.append(f"support {probability:.2f}")
        text = "; ".join(parts)
        return text[0].upper() + text[1:] + "."

    def _relevant(self, ev: Evidence, utilized: list[str], order: Mapping[str, int]) -> list[str]:
        """Document sentences sharing much of the question's content, plus every utilized one."""
        chosen = set(utilized)
        q = ev.question
        if q:
            counts = ev.holding(q)
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
    def _relevance_explanation(relevant: list[str], item: KeyedExample) -> str:
        if not relevant:
            return "No document sentence shares the question's content words."
        shown = ", ".join(relevant[:10]) + (" …" if len(relevant) > 10 else "")
        return (
            f"{len(relevant)} of {item.n_document_sentences} document sentences share the "
            f"question's content words or support the response: {shown}."
        )

    @staticmethod
    def _overall_explanation(
        unsupported: list[str], n: int, score: float, question: QuestionReading
    ) -> str:
        if not n:
            return "The response has no sentences to check."
        if not unsupported:
            return f"All {n} response sentences are covered by the documents (support {score:.2f})."
        keys = ", ".join(unsupported)
        # what the answer's score read beside its sentences, when it counted against it
        held = ""
        if question.coverage < QUESTION_HELD:
            # then every claim comes from a document holding less than half
            held = "no document holds half of the question's words it repeats; "
        elif question.on_question < 1:
            n_claims = question.claims
            off = round((1 - question.on_question) * n_claims)
            which = (
                "its claim comes from a document"
                if n_claims == 1
                else f"{'all' if off == n_claims else off} of its {n_claims} claims "
                f"{'comes' if off == 1 else 'come'} from documents"
            )
            held = f"{which} holding less than half of the question's words it repeats; "
        return (
            f"{len(unsupported)} of {n} response sentences lack support in the documents "
            f"({keys}); {held}support {score:.2f}."
        )
