"""Checks on the bundled sample datasets in datasets/: shape, label consistency and language.

The files are read with plain `json` on purpose, so these checks hold whatever the loader does.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

DATASETS = Path(__file__).resolve().parent.parent / "datasets"
SAMPLES = ("sample_en.jsonl", "sample_ja.jsonl")
CATEGORIES = {"grounded", "partial", "ungrounded"}

_KANA_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_HIRAGANA = re.compile(r"[\u3040-\u309f]")
_LATIN = re.compile(r"[A-Za-z]")
# Commands, citations and paths are legitimately ASCII inside Japanese prose; leave them out
# when measuring how Japanese the prose itself is.
_ASCII_TOKENS = re.compile(r"`[^`]*`|\[[^\]]*\]|[\x21-\x7e]*[/.][\x21-\x7e]*")


def read_rows(name: str) -> list[dict[str, Any]]:
    path = DATASETS / name
    rows = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line))
    return rows


def japanese_share(text: str) -> float:
    """Kana/kanji characters as a share of kana/kanji plus Latin letters (0 when neither)."""
    jp = len(_KANA_KANJI.findall(text))
    latin = len(_LATIN.findall(text))
    return jp / (jp + latin) if jp + latin else 0.0


@pytest.fixture(params=SAMPLES)
def rows(request: pytest.FixtureRequest) -> list[dict[str, Any]]:
    return read_rows(request.param)


def test_enough_rows_with_unique_ids(rows: list[dict[str, Any]]) -> None:
    assert len(rows) >= 20
    ids = [r["id"] for r in rows]
    assert len(set(ids)) == len(ids)
    assert all(isinstance(i, str) and i for i in ids)


def test_required_fields_are_filled(rows: list[dict[str, Any]]) -> None:
    for r in rows:
        assert isinstance(r["question"], str) and r["question"].strip(), r["id"]
        assert isinstance(r["response"], str) and r["response"].strip(), r["id"]
        assert r["model"] in {"assistant-a", "assistant-b"}, r["id"]
        docs = r["documents"]
        assert 2 <= len(docs) <= 4, r["id"]
        for doc in docs:
            assert doc["text"].strip() and doc["title"].strip(), r["id"]
            assert re.match(r"https://[a-z.]*example\.(com|jp)/", doc["url"]), doc["url"]


def test_category_mix(rows: list[dict[str, Any]]) -> None:
    counts = Counter(r["category"] for r in rows)
    assert set(counts) == CATEGORIES
    assert counts["grounded"] >= 8
    assert counts["partial"] >= 6
    assert counts["ungrounded"] >= 4
    # both systems appear, so a group-by report has two groups to compare
    assert len({r["model"] for r in rows}) == 2


def test_labels_are_consistent(rows: list[dict[str, Any]]) -> None:
    for r in rows:
        unsupported = r["label_unsupported_sentences"]
        assert isinstance(r["label_adherence"], bool), r["id"]
        assert r["label_adherence"] == (not unsupported), r["id"]
        assert (r["category"] == "grounded") == r["label_adherence"], r["id"]
        for sentence in unsupported:
            assert sentence in r["response"], (r["id"], sentence)
            assert sentence.endswith((".", "。")), (r["id"], sentence)
        assert len(set(unsupported)) == len(unsupported), r["id"]


def _unflagged_text(row: dict[str, Any]) -> str:
    """The response with every flagged sentence and list marker removed."""
    rest = row["response"]
    for sentence in row["label_unsupported_sentences"]:
        rest = rest.replace(sentence, "")
    return re.sub(r"^\s*\d+\.\s*|\s+", "", rest, flags=re.MULTILINE)


def test_categories_match_how_much_is_flagged(rows: list[dict[str, Any]]) -> None:
    for r in rows:
        rest = _unflagged_text(r)
        if r["category"] == "partial":
            # one or two invented claims among sentences the documents do support
            assert 1 <= len(r["label_unsupported_sentences"]) <= 2, r["id"]
            assert len(rest) >= 20, r["id"]
        elif r["category"] == "ungrounded":
            assert len(rest) < len(r["response"]) / 3, r["id"]


def test_japanese_sample_is_japanese() -> None:
    rows = read_rows("sample_ja.jsonl")
    all_text = "".join(r["question"] + r["response"] for r in rows)
    assert japanese_share(all_text) > 0.6
    for r in rows:
        for field in ("question", "response"):
            # hiragana means Japanese grammar, not just kanji or katakana product names
            assert _HIRAGANA.search(r[field]), (r["id"], field)
        prose = _ASCII_TOKENS.sub("", r["question"] + r["response"])
        assert japanese_share(prose) > 0.5, r["id"]


def test_english_sample_is_not_japanese() -> None:
    for r in read_rows("sample_en.jsonl"):
        assert not _KANA_KANJI.search(r["question"] + r["response"]), r["id"]
