"""Stage 6: RAGBench TRACe scores for one judged example.

By default the scores reproduce RAGBench's released labels exactly: with S document sentences,
R the relevant keys and U the utilized keys *as returned* (duplicates and unknown keys
included), relevance = len(R)/S, utilization = len(U)/S, completeness = |set(R) ∩ set(U)| /
len(R) (1.0 when R is empty), adherence = overall_supported. With `clean_keys=True` R and U are
first reduced to distinct document keys of the example. Keys of the conversation history are
never counted in R or U (relevance and utilization are about the documents). Hands on `Scores`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ragjudge.rules import is_supported
from ragjudge.types import Judgment, KeyedExample, Scores


def _clean(keys: Sequence[str], document_keys: frozenset[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(k for k in keys if k in document_keys))


def trace_scores(judgment: Judgment, item: KeyedExample, *, clean_keys: bool = False) -> Scores:
    n_doc = item.n_document_sentences
    relevant: Sequence[str] = judgment.all_relevant_sentence_keys
    utilized: Sequence[str] = judgment.all_utilized_sentence_keys
    history = frozenset(item.history_keys)
    if history:
        relevant = tuple(k for k in relevant if k not in history)
        utilized = tuple(k for k in utilized if k not in history)
    if clean_keys:
        doc_keys = frozenset(item.document_keys)
        relevant, utilized = _clean(relevant, doc_keys), _clean(utilized, doc_keys)
    relevance = len(relevant) / n_doc if n_doc else 0.0
    utilization = len(utilized) / n_doc if n_doc else 0.0
    completeness = len(set(relevant) & set(utilized)) / len(relevant) if relevant else 1.0

    sentences = judgment.sentence_support_information
    unsupported = tuple(s.response_sentence_key for s in sentences if not is_supported(s))
    n = len(sentences)
    return Scores(
        relevance=relevance,
        utilization=utilization,
        completeness=completeness,
        adherence=1.0 if judgment.overall_supported else 0.0,
        strict_adherence=1.0 if not unsupported else 0.0,
        supported_ratio=(n - len(unsupported)) / n if n else 0.0,
        n_sentences=n,
        n_unsupported=len(unsupported),
        unsupported_keys=unsupported,
        support_score=judgment.support_score,
    )
