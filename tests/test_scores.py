"""Stage 6: TRACe scores, as RAGBench computes them and with clean keys."""

from __future__ import annotations

import pytest

from ragjudge.rules import enforce
from ragjudge.scores import trace_scores

from .helpers import judgment, keyed


def scores_of(obj: dict, clean: bool = False):  # type: ignore[no-untyped-def]
    item = keyed()  # 4 document sentences: 0a 0b 1a 1b
    j, _ = enforce(obj, item)
    return trace_scores(j, item, clean_keys=clean)


def test_trace_scores_by_hand() -> None:
    s = scores_of(
        judgment(
            [("a", ["0a"], True), ("b", ["1a"], False)],
            relevant=["0a", "0b", "1a"],
            utilized=["0a"],
            overall=False,
        )
    )
    assert s.relevance == pytest.approx(3 / 4)
    assert s.utilization == pytest.approx(1 / 4)
    assert s.completeness == pytest.approx(1 / 3)
    assert s.adherence == 0.0
    assert s.supported_ratio == 0.5
    assert s.strict_adherence == 0.0
    assert s.n_sentences == 2 and s.n_unsupported == 1
    assert s.unsupported_keys == ("b",)


def test_empty_relevant_keys_give_complete() -> None:
    s = scores_of(judgment([("a", ["0a"], True), ("b", ["1a"], True)], relevant=[], utilized=[]))
    assert s.completeness == 1.0
    assert s.relevance == 0.0
    assert s.adherence == 1.0 and s.strict_adherence == 1.0


def test_default_counts_keys_as_returned_and_clean_keys_dedupes() -> None:
    obj = judgment(
        [("a", ["0a"], True), ("b", ["1a"], True)],
        relevant=["0a", "0a", "9z"],
        utilized=["0a", "0a"],
    )
    raw = scores_of(obj)
    assert raw.relevance == pytest.approx(3 / 4)
    assert raw.utilization == pytest.approx(2 / 4)
    assert raw.completeness == pytest.approx(1 / 3)
    clean = scores_of(obj, clean=True)
    assert clean.relevance == pytest.approx(1 / 4)
    assert clean.utilization == pytest.approx(1 / 4)
    assert clean.completeness == 1.0


def test_adherence_follows_overall_supported_even_when_inconsistent() -> None:
    s = scores_of(judgment([("a", ["0a"], True), ("b", [], False)], overall=True))
    assert s.adherence == 1.0
    assert s.strict_adherence == 0.0
