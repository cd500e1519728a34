"""Tests for stage 2: sentence splitting, language detection and keying."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragjudge.sentences import (
    detect_language,
    document_key,
    key_document,
    key_example,
    key_response,
    letters,
    response_key,
    split,
)
from ragjudge.types import Document, Example

DATA = Path(__file__).parent / "data"


def texts(text: str, lang: str = "auto") -> list[str]:
    return [text[s:e] for s, e in split(text, lang)]


def check_spans(text: str, spans: list[tuple[int, int]]) -> None:
    """Ordered, non-empty, trimmed spans; everything between them is whitespace."""
    pos = 0
    for s, e in spans:
        assert pos <= s < e <= len(text)
        assert not text[s].isspace() and not text[e - 1].isspace()
        assert text[pos:s].strip() == ""
        pos = e
    assert text[pos:].strip() == ""


# --- keys ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (0, "a"),
        (1, "b"),
        (25, "z"),
        (26, "aa"),
        (27, "ab"),
        (51, "az"),
        (52, "ba"),
        (701, "zz"),
        (702, "aaa"),
    ],
)
def test_letters_are_bijective_base_26(n: int, expected: str) -> None:
    assert letters(n) == expected


def test_letters_are_distinct_and_ordered_by_length_then_alphabet() -> None:
    keys = [letters(i) for i in range(20_000)]
    assert len(set(keys)) == len(keys)
    assert keys == sorted(keys, key=lambda k: (len(k), k))


def test_letters_reject_negative_index() -> None:
    with pytest.raises(ValueError):
        letters(-1)


def test_document_and_response_keys() -> None:
    assert [document_key(0, i) for i in (0, 25, 26, 27)] == ["0a", "0z", "0aa", "0ab"]
    assert document_key(3, 52) == "3ba"
    assert [response_key(i) for i in (0, 25, 26)] == ["a", "z", "aa"]


def test_key_document_gives_offsets_into_the_original_text() -> None:
    text = "  First one. Second one!\n\nThird one?  "
    sentences = key_document(text, 2)
    assert [s.key for s in sentences] == ["2a", "2b", "2c"]
    for s in sentences:
        assert s.start is not None and s.end is not None
        assert text[s.start : s.end] == s.text
    assert [s.text for s in sentences] == ["First one.", "Second one!", "Third one?"]


def test_twenty_seventh_sentence_of_a_document_is_0aa() -> None:
    text = " ".join(f"Sentence number {i} is here." for i in range(30))
    keys = [s.key for s in key_document(text, 0)]
    assert len(keys) == 30
    assert keys[26] == "0aa"
    assert keys[29] == "0ad"


def test_key_response_uses_plain_letters() -> None:
    assert [s.key for s in key_response("One. Two. Three.")] == ["a", "b", "c"]


def test_key_example_splits_raw_texts() -> None:
    example = Example(
        id="x",
        question="q?",
        documents=(Document("A doc. It has two sentences."), Document("Another.")),
        response="Yes. It does.",
    )
    keyed = key_example(example)
    assert keyed.document_keys == ("0a", "0b", "1a")
    assert keyed.response_keys == ("a", "b")
    assert keyed.n_document_sentences == 3


def test_key_example_keeps_presplit_keys_verbatim() -> None:
    example = Example(
        id="x",
        question="q?",
        documents=(Document("ignored. text."),),
        response="ignored. too.",
        presplit_documents=((("0a", "Kept as is."), ("0b", "Also kept.")),),
        presplit_response=(("a", "Answer."),),
    )
    keyed = key_example(example)
    assert keyed.document_keys == ("0a", "0b")
    assert keyed.documents[0][1].text == "Also kept."
    assert keyed.documents[0][1].start is None
    assert keyed.response_keys == ("a",)


# --- gold cases ------------------------------------------------------------------------------


def gold(name: str) -> list[dict[str, object]]:
    lines = (DATA / name).read_text("utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("case", gold("split_gold_en.jsonl"), ids=lambda c: str(c["text"])[:40])
def test_english_gold(case: dict[str, object]) -> None:
    assert texts(str(case["text"])) == case["sentences"]


@pytest.mark.parametrize("case", gold("split_gold_ja.jsonl"), ids=lambda c: str(c["text"])[:20])
def test_japanese_and_mixed_gold(case: dict[str, object]) -> None:
    assert texts(str(case["text"])) == case["sentences"]


def test_gold_files_are_big_enough() -> None:
    assert len(gold("split_gold_en.jsonl")) >= 40
    assert len(gold("split_gold_ja.jsonl")) >= 30


# --- languages -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The weather is nice today.", "en"),
        ("今日はいい天気ですね。", "ja"),
        ("我们明天去北京。", "zh"),
        ("pip install ragjudge でインストールし、ragjudge eval を実行します。", "ja"),
        ("The word 寿司 means sushi in Japanese, and it is popular worldwide.", "en"),
        ("", "en"),
        ("12345 !!! ...", "en"),
    ],
)
def test_detect_language(text: str, lang: str) -> None:
    assert detect_language(text) == lang


def test_lang_is_validated() -> None:
    with pytest.raises(ValueError):
        split("text", lang="xx")


def test_forcing_the_language_changes_how_line_breaks_are_read() -> None:
    text = "This first line is long enough to have been wrapped and\ncontinues on the next line."
    assert texts(text, "en") == [text]
    assert texts(text, "auto") == [text]
    assert texts(text, "ja") == text.split("\n")


def test_japanese_line_without_punctuation_ends_a_sentence() -> None:
    assert texts("概要\n本ツールの説明です") == ["概要", "本ツールの説明です"]


def test_markdown_structure() -> None:
    text = "# Title\n\nIntro text here.\n\n1. Step one\n2. Step two\n   continues here.\n> quoted"
    assert texts(text) == [
        "# Title",
        "Intro text here.",
        "1. Step one",
        "2. Step two\n   continues here.",
        "> quoted",
    ]


def test_code_fence_lines_stay_apart() -> None:
    text = "Run this:\n```\nx = 1\ny = 2\n```\nDone."
    assert texts(text) == ["Run this:", "```", "x = 1", "y = 2", "```", "Done."]


# --- robustness --------------------------------------------------------------------------------

_ODD = list(
    ".!?。！？．、「」『』（）()[]\"'“”…\n\r\t \x00\x0b\x1c\u2028\u200b\u200f\u202e"
    "😀🇯🇵\ud800\udfff#-*•1.0aAZzあア漢عبري"
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(
        alphabet=st.one_of(
            st.characters(),
            st.characters(categories=["Cs", "Cc", "Zs", "Zl", "Zp"]),
            st.sampled_from(_ODD),
        ),
        max_size=300,
    ),
    st.sampled_from(["auto", "en", "ja"]),
)
def test_spans_cover_every_visible_character(text: str, lang: str) -> None:
    check_spans(text, split(text, lang))


_FRAGMENTS = [
    "Dr. Smith",
    "e.g. this",
    "U.S.",
    "3.5",
    "v1.2.3",
    "...",
    "…",
    "1.",
    "2)",
    "a.",
    "• ",
    "- ",
    "# ",
    "> ",
    "```",
    "https://x.io/a.b.",
    "me@x.org.",
    ":)",
    "(^^)",
    "「あ。」",
    "と",
    "です。",
    "！？",
    "３．５",
    "（注。）",
    "hello",
    "World",
    "the",
    "I.",
    "\n",
    "\n\n",
    " ",
    ". . .",
    "?!",
    '"',
    "'",
    ")",
    "(",
    "です",
    "English",
    "。",
    "\r\n",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=40), st.sampled_from(["auto", "en", "ja"]))
def test_spans_cover_every_visible_character_in_sentence_like_text(
    parts: list[str], lang: str
) -> None:
    text = "".join(parts)
    check_spans(text, split(text, lang))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \n\t  ",
        "\x00",
        "a" * 50_000,
        "." * 50_000,
        ".)" * 20_000,
        "(" * 20_000 + "x。" * 100,
        "「" * 5_000 + "あ。" * 5_000,
        "1. " * 10_000,
        "Dr. " * 10_000,
        ("word " * 40 + "\n") * 500,
        "https://example.com/" + "a." * 20_000,
    ],
    ids=lambda t: repr(t[:12]),
)
def test_pathological_inputs(text: str) -> None:
    check_spans(text, split(text))


def test_empty_and_blank_texts_have_no_sentences() -> None:
    assert split("") == []
    assert split(" \n\u3000\t") == []


# --- realistic material ----------------------------------------------------------------------


def test_seed_articles(shared_data: Path) -> None:
    seeds = sorted((shared_data.parent / "seeds").glob("*.txt"))
    if not seeds:
        pytest.skip("no seed articles")
    for path in seeds:
        text = path.read_text("utf-8")
        spans = split(text)
        check_spans(text, spans)
        assert len(spans) > 10
        # no sentence swallows a Japanese full stop in its middle unless inside a quotation
        for s, e in spans:
            sentence = text[s:e]
            inner = sentence[:-1]
            if "。" in inner and not any(q in sentence for q in "「『（(“"):
                assert "\n" in sentence or inner.rstrip("」』）)").endswith("。"), sentence


def test_ragbench_documents_agree_with_their_reference_split(shared_data: Path) -> None:
    import pandas as pd

    path = next(iter(sorted(shared_data.glob("ragbench-*/covidqa/*.parquet"))))
    frame = pd.read_parquet(path, columns=["documents", "documents_sentences"]).head(40)
    agree = total = 0
    for docs, doc_sents in frame.itertuples(index=False):
        for doc, sents in zip(docs, doc_sents, strict=False):
            ours = texts(str(doc))
            ref = [" ".join(str(pair[1]).split()) for pair in sents]
            total += 1
            agree += [" ".join(s.split()) for s in ours] == ref
    assert total > 50
    assert agree / total > 0.8
