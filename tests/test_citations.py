"""Tests of ragjudge.citations: citations are placed on the sentence they overlap most and
scored against the judged supporting keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ragjudge.citations import score_citations
from ragjudge.ingest import ingest
from ragjudge.record import SentenceResult
from ragjudge.sentences import key_response
from ragjudge.types import Sentence

DATA = Path(__file__).parent / "data" / "ingest"


def record(key: str, supported: bool, keys: list[str]) -> SentenceResult:
    """A judged sentence, as a record's `sentences` holds it."""
    return SentenceResult(key, "", supported, supported, tuple(keys))


def cite(start: int, end: int, sources: list[int]) -> dict[str, Any]:
    return {
        "start": start,
        "end": end,
        "marker": "[x]",
        "sources": sources,
        "resolved": bool(sources),
    }


SENTENCES = (
    Sentence("a", "One.", 0, 4),
    Sentence("b", "Two.", 5, 9),
    Sentence("c", "Three.", 10, 16),
)


def test_precision_and_recall() -> None:
    citations = [cite(0, 3, [0]), cite(5, 8, [1])]
    records = [
        record("a", True, ["0b"]),  # cites doc 0, supported by doc 0
        record("b", True, ["0a"]),  # cites doc 1, supported only by doc 0
        record("c", True, ["1c"]),  # supported, carries no citation
    ]
    per, summary = score_citations(citations, SENTENCES, records, [["0a", "0b"], ["1a", "1c"]])
    assert per == [
        {"key": "a", "n_citations": 1, "cited_sources": [0], "citation_supported": True},
        {"key": "b", "n_citations": 1, "cited_sources": [1], "citation_supported": False},
        {"key": "c", "n_citations": 0, "cited_sources": [], "citation_supported": None},
    ]
    assert summary == {
        "n_citations": 2,
        "n_citations_unresolved": 0,
        "n_citations_unplaced": 0,
        "n_cited_sentences": 2,
        "citation_precision": 0.5,
        "citation_recall": 2 / 3,
    }


def test_citation_goes_to_the_sentence_it_overlaps_most() -> None:
    # spans 3..12 overlaps "a" by 1, "b" by 4, "c" by 2
    per, _ = score_citations([cite(3, 12, [0])], SENTENCES, [], [["0a"]])
    assert [p["n_citations"] for p in per] == [0, 1, 0]
    # an empty span at a sentence start belongs to the sentence containing it
    per, _ = score_citations([cite(10, 10, [0])], SENTENCES, [], [["0a"]])
    assert [p["n_citations"] for p in per] == [0, 0, 1]


def test_unresolved_and_unplaced_citations() -> None:
    records = [record("a", True, ["0a"]), record("b", False, []), record("c", False, [])]
    citations = [cite(0, 4, []), cite(100, 120, [0])]
    per, summary = score_citations(citations, SENTENCES, records, [["0a"]])
    # a sentence citing only missing sources is cited but not supported by what it cites
    assert per[0]["citation_supported"] is False and per[0]["cited_sources"] == []
    assert summary["n_citations_unresolved"] == 1
    assert summary["n_citations_unplaced"] == 1
    assert summary["citation_precision"] == 0.0
    assert summary["citation_recall"] == 1.0


def test_none_without_cited_or_supported_sentences() -> None:
    records = [record("a", True, ["general"]), record("b", False, []), record("c", False, [])]
    _, summary = score_citations([], SENTENCES, records, [["0a"]])
    # a sentence supported by general knowledge alone needs no citation
    assert summary["citation_precision"] is None
    assert summary["citation_recall"] is None
    assert summary["n_citations"] == 0


def test_document_keys_from_explicit_lists_or_prefix() -> None:
    sentences = (Sentence("a", "Eleven.", 0, 7), Sentence("b", "Twelve.", 8, 15))
    records = [record("a", True, ["line178"]), record("b", True, ["12a"])]
    citations = [cite(0, 6, [0]), cite(8, 14, [1])]
    per, summary = score_citations(citations, sentences, records, [["line177", "line178"], []])
    # "12a" is a key of document 12, not of document 1
    assert [p["citation_supported"] for p in per] == [True, False]
    assert summary["citation_recall"] == 1.0


def test_with_cited_answer_rows() -> None:
    [row, _] = [r for r in ingest("cited-answer", [str(DATA / "cited/azure_results.jsonl")])]
    assert isinstance(row, dict)
    sentences = key_response(row["response"])
    assert [s.key for s in sentences] == ["a", "b"]
    records = [record("a", True, ["0a"]), record("b", True, ["0b"])]
    per, summary = score_citations(row["citations"], sentences, records, [[], [], []])
    # sentence b cites document 1 but the judge found its support in document 0
    assert [p["cited_sources"] for p in per] == [[0], [1]]
    assert [p["citation_supported"] for p in per] == [True, False]
    assert summary["citation_precision"] == 0.5
    assert summary["citation_recall"] == 1.0
