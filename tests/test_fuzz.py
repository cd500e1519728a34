"""Property and hostile-input tests: the loader, the splitter and the reply parser never raise on
arbitrary input, and a batch of hostile rows runs to the end with one record per row."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ragjudge.cli import main
from ragjudge.dataset import example_from_dict
from ragjudge.sentences import key_document, key_response
from ragjudge.types import Example, RowError, Source
from ragjudge.validate import Parsed, parse_reply

from .records import read_lines

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# every code point, lone surrogates included; plus characters chosen to be awkward
HOSTILE_CHARS = st.characters(codec=None, exclude_categories=())
AWKWARD = st.sampled_from(
    ["\x00", "\x07", "\x1b", "\r", "\n", "\u2028", "\u202e", "\u200f", "\ud800", "\udfff",
     "\ufeff", "🙂", "👩‍👩‍👧", "שלום.", "مرحبا؟", "。", "！", "…", "Dr.", "1.", " ", "\t"]
)  # fmt: skip
TEXT = st.lists(st.one_of(st.text(HOSTILE_CHARS, max_size=12), AWKWARD), max_size=25).map("".join)

JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), TEXT)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=20,
)
FIELD_NAMES = st.sampled_from(
    ["id", "question", "documents", "response", "judgment", "documents_sentences",
     "response_sentences", "sentence_support_information", "label_adherence",
     "adherence_score", "relevance_score", "model", "metadata", "title"]
)  # fmt: skip


def _has_surrogates(value: Any) -> bool:
    try:
        json.dumps(value, ensure_ascii=False, default=str).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def test_surrogates_without_id() -> None:
    row = {"question": "", "documents": ["\ud800"], "response": "0"}
    assert isinstance(example_from_dict(row, source=None), Example)


@FUZZ
@given(st.dictionaries(st.one_of(FIELD_NAMES, TEXT), JSON_VALUES, max_size=8))
def test_loader_never_raises_on_arbitrary_rows(row: dict[str, Any]) -> None:
    result = example_from_dict(row, source=Source("fuzz.jsonl", 1))
    assert isinstance(result, Example | RowError)
    if isinstance(result, RowError):
        assert result.message


@FUZZ
@given(
    st.fixed_dictionaries(
        {"question": TEXT, "documents": st.lists(TEXT, max_size=4), "response": TEXT}
    )
)
def test_loader_on_text_rows(row: dict[str, Any]) -> None:
    result = example_from_dict(row, source=None)
    assert isinstance(result, Example | RowError)
    if isinstance(result, Example):
        assert result.response.strip() and result.documents


@FUZZ
@given(TEXT)
def test_splitter_keys_slices_of_the_original(text: str) -> None:
    for sentences in (key_response(text), key_document(text, 3)):
        for s in sentences:
            assert s.text.strip()
            assert text[s.start : s.end] == s.text
        starts = [s.start for s in sentences]
        assert starts == sorted(starts)
    assert len({s.key for s in key_response(text)}) == len(key_response(text))


@FUZZ
@given(TEXT, st.sampled_from(["en", "ja"]))
def test_splitter_with_forced_language(text: str, lang: str) -> None:
    for s in key_response(text, lang):
        assert s.text.strip() and text[s.start : s.end] == s.text


@FUZZ
@given(TEXT)
def test_parse_reply_on_arbitrary_text(text: str) -> None:
    parsed = parse_reply(text)
    assert isinstance(parsed, Parsed)
    assert parsed.valid or parsed.errors


@FUZZ
@given(JSON_VALUES, TEXT)
def test_parse_reply_on_arbitrary_json(value: Any, chatter: str) -> None:
    for text in (json.dumps(value), chatter + json.dumps(value, ensure_ascii=False) + chatter):
        parsed = parse_reply(text)
        assert parsed.valid or parsed.errors


def _nested(depth: int) -> Any:
    value: Any = "bottom"
    for i in range(depth):
        value = {"level": i, "child": [value]}
    return value


# --- a hostile batch, end to end ---------------------------------------------------------

N_MANY_DOCS = 10_000


def _hostile_rows() -> list[Any]:
    base = {"question": "Which port?", "documents": ["Port 8080 is used."], "response": "8080."}
    return [
        {**base, "id": "empty-response", "response": ""},
        {**base, "id": "blank-response", "response": " \t\n "},
        {**base, "id": "empty-docs", "documents": []},
        {**base, "id": "blank-doc", "documents": ["   \n\t"]},
        {**base, "id": "empty-question", "question": ""},
        {**base, "id": "megabyte", "documents": ["word " * 200_000 + "Port 8080 is used."]},
        {**base, "id": "control", "documents": ["Port\x00 8080\x07 is\x1b used.\x0b\x0c"],
         "response": "8080\x00 is used\x7f."},
        {**base, "id": "rtl", "question": "איזה פורט?", "documents": ["השרת משתמש בפורט 8080."],
         "response": "\u202eהפורט הוא 8080.\u202c"},
        {**base, "id": "emoji", "documents": ["🙂 Port 8080 is used 👩‍👩‍👧."], "response": "🔥🔥."},
        {**base, "id": "many-docs",
         "documents": [f"Fact {i} is here." for i in range(N_MANY_DOCS)]},
        {**base, "id": "nested", "metadata": _nested(200)},
        {**base, "id": "dup"},
        {**base, "id": "dup"},
        {**base, "id": 12345},
        {**base, "id": None},
        {**base, "documents": "a bare string document"},
        {"id": "no-fields"},
        ["not", "an", "object"],
        "NOT JSON AT ALL {",
        42,
    ]  # fmt: skip


def _write_jsonl(path: Path, rows: list[Any]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for row in rows:
            # ensure_ascii keeps lone surrogates as \ud800 escapes, which is valid JSON text
            fh.write((row if isinstance(row, str) else json.dumps(row)) + "\n")


def _records(out: Path) -> list[dict[str, Any]]:
    return read_lines(out)


def test_hostile_jsonl_batch_runs_to_the_end(tmp_path: Path) -> None:
    rows = _hostile_rows()
    data = tmp_path / "hostile.jsonl"
    _write_jsonl(data, rows)
    out = tmp_path / "out"
    assert main(["eval", str(data), "--out", str(out), "--quiet"]) == 0
    recs = _records(out)
    assert len(recs) == len(rows)
    assert [r["index"] for r in recs] == list(range(len(rows)))
    by_status: dict[str, list[dict[str, Any]]] = {}
    for r in recs:
        by_status.setdefault(r["status"], []).append(r)
    assert set(by_status) <= {"ok", "invalid_input"}
    for r in by_status["invalid_input"]:
        assert r["error"], r
    invalid_lines = {r["source"]["row"] for r in by_status["invalid_input"]}
    # rows 1-4 (empty/blank response, no documents, blank document) and the last five
    # (no fields, a list, not JSON, a number; the bare string document is accepted)
    n = len(rows)
    assert {1, 2, 3, n - 3, n - 2, n - 1, n} <= invalid_lines
    ok_ids = [r["id"] for r in by_status["ok"]]
    assert len(ok_ids) == len(set(ok_ids))  # duplicate ids were made unique
    assert {"megabyte", "control", "rtl", "emoji", "many-docs", "nested"} <= set(ok_ids)
    many = next(r for r in recs if r["id"] == "many-docs")
    assert len(many["documents"]) == N_MANY_DOCS
    nested = next(r for r in recs if r["id"] == "nested")
    assert nested["metadata"]["metadata"]["level"] == 199
    assert (out / "report.html").stat().st_size > 0
    assert (out / "examples.csv").exists() and (out / "summary.json").exists()


def test_csv_with_embedded_newlines(tmp_path: Path) -> None:
    data = tmp_path / "rows.csv"
    with open(data, "w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["id", "question", "documents", "response"])
        writer.writerow(
            ["multi", "Which\nport?", "Port 8080 is used.\nIt is fixed.", "8080.\nYes."]
        )
        writer.writerow(["quoted", 'Say "hi"', 'A "quoted", comma doc.', "A, b."])
        writer.writerow(["blank", "q", "doc.", "   "])
        writer.writerow(["short", "q"])
    out = tmp_path / "out"
    assert main(["eval", str(data), "--out", str(out), "--quiet"]) == 0
    recs = _records(out)
    assert [r["status"] for r in recs] == ["ok", "ok", "invalid_input", "invalid_input"]
    assert recs[0]["question"] == "Which\nport?"
    assert recs[1]["question"] == 'Say "hi"'
    assert all(r["error"] for r in recs[2:])
    assert (out / "report.html").exists()


def test_lone_surrogates_in_a_batch(tmp_path: Path) -> None:
    data = tmp_path / "surrogates.jsonl"
    row = {
        "id": "surrogates",
        "question": "Which port?",
        "documents": ["Port \ud800 8080 \udfff is used."],
        "response": "It is \ud800 8080.",
    }
    _write_jsonl(data, [row])  # fmt: skip
    out = tmp_path / "out"
    assert main(["eval", str(data), "--out", str(out), "--quiet"]) == 0
    assert [r["status"] for r in _records(out)] == ["ok"]
