"""Tests for stage 1 (`ragjudge.dataset`): every input format, column mappings, bad rows,
duplicate ids, pandas/pyarrow values, streaming memory and the RAGBench rows in ../shared."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import math
import re
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ragjudge.dataset import example_from_dict, iter_examples, load_examples, parse_mapping
from ragjudge.errors import InputError, UsageError
from ragjudge.types import Document, Example, RowError, Source
from tests.conftest import ragbench_files

DATA = Path(__file__).parent / "data" / "loader"
SRC = Source("test", 1)


def ok(row: dict[str, Any], **kwargs: Any) -> Example:
    result = example_from_dict(row, source=SRC, **kwargs)
    assert isinstance(result, Example), result
    return result


def bad(row: Any, **kwargs: Any) -> RowError:
    result = example_from_dict(row, source=SRC, **kwargs)
    assert isinstance(result, RowError), result
    return result


def base_row(**extra: Any) -> dict[str, Any]:
    return {"question": "Q?", "documents": ["A document."], "response": "An answer.", **extra}


# --- parse_mapping -----------------------------------------------------------------------


def test_parse_mapping_reads_pairs_and_ignores_spacing() -> None:
    assert parse_mapping(" response = answer , documents=contexts,label_adherence=is_grounded") == {
        "response": "answer",
        "documents": "contexts",
        "label_adherence": "is_grounded",
    }


@pytest.mark.parametrize("spec", [None, "", "   "])
def test_parse_mapping_empty(spec: str | None) -> None:
    assert parse_mapping(spec) == {}


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("response", "FIELD=COLUMN"),
        ("=answer", "FIELD=COLUMN"),
        ("response=", "FIELD=COLUMN"),
        ("answer=response", "unknown field 'answer'"),
        ("label_foo=x", "unknown field 'label_foo'"),
        ("response=a,response=b", "mapped twice"),
    ],
)
def test_parse_mapping_rejects_malformed_specs(spec: str, fragment: str) -> None:
    with pytest.raises(UsageError, match=re.escape(fragment)):
        parse_mapping(spec)


def test_unknown_mapping_field_is_a_usage_error_everywhere(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        iter_examples(DATA / "basic.jsonl", mapping={"answer": "response"})
    with pytest.raises(UsageError):
        example_from_dict(base_row(), source=SRC, mapping={"answer": "response"})


# --- JSONL -------------------------------------------------------------------------------


def test_jsonl_fields_documents_metadata_and_gold() -> None:
    items = list(iter_examples(DATA / "basic.jsonl"))
    assert all(isinstance(i, Example) for i in items)
    first, second, third, fourth = items

    assert first.id == "q1"
    assert first.question == "Who wrote Dune?"
    assert first.response == "Frank Herbert wrote Dune."
    assert [d.text for d in first.documents] == [
        "Dune is a 1965 novel by Frank Herbert.",
        "It won the Hugo Award.",
    ]
    assert dict(first.metadata) == {"model": "gpt-x", "split": "dev"}
    assert dict(first.gold) == {"adherence": True}
    assert first.source == Source(str(DATA / "basic.jsonl"), 1)
    assert first.presplit_documents is None and first.recorded is None

    # the blank line 2 is skipped but still counted, so the next row is line 3
    assert second.source is not None and second.source.row == 3
    assert second.id == "7"
    assert second.documents[0] == Document(
        text="The Eiffel Tower is in Paris.",
        title="Eiffel Tower",
        url="https://example.org/eiffel",
        metadata={"rank": 1},
    )
    # LangChain-style object: title and url found inside its metadata, the rest kept
    assert second.documents[1] == Document(
        text="Paris is the capital of France.",
        title="Paris",
        url="https://example.org/paris",
        metadata={"lang": "en"},
    )
    assert dict(second.gold) == {"relevance": 0.5, "unsupported_keys": ["b"]}

    assert third.question == ""
    assert third.documents == (Document(text="A single document given as a plain string."),)
    assert re.fullmatch(r"ex-[0-9a-f]{12}", third.id)

    assert fourth.documents[0].title == "sky.pdf#page=2"
    assert fourth.documents[0].url == "https://example.org/sky.pdf"
    assert fourth.recorded is not None
    assert fourth.recorded["overall_supported"] is True
    assert fourth.recorded["sentence_support_information"][0]["supporting_sentence_keys"] == ["0a"]
    assert "judgment" not in fourth.metadata


def test_generated_id_is_a_content_hash() -> None:
    row = {"question": "Q?", "documents": ["D1", {"text": "D2"}], "response": "R"}
    payload = json.dumps(["Q?", ["D1", "D2"], "R"], ensure_ascii=False, separators=(",", ":"))
    expected = "ex-" + hashlib.sha256(payload.encode()).hexdigest()[:12]
    assert ok(row).id == expected
    assert ok(dict(row, extra="ignored by the hash")).id == expected
    assert ok(dict(row, response="R2")).id != expected
    assert ok(dict(row, documents=["D1"])).id != expected


def test_bad_rows_become_row_errors_and_the_batch_continues() -> None:
    path = DATA / "bad.jsonl"
    items = list(iter_examples(path))
    assert [i.id for i in items if isinstance(i, Example)] == ["ok1", "ok2"]
    errors = {e.source.row: e for e in items if isinstance(e, RowError)}
    expected = {
        2: (None, "invalid JSON"),
        3: ("no-response", "missing required field 'response'"),
        4: ("blank-response", "'response' is empty"),
        5: ("no-docs", "'documents' is an empty list"),
        6: ("number-docs", "'documents' must be a list of documents"),
        7: ("dict-question", "'question' must be a string, got an object"),
        8: ("doc-without-text", "document 0 has no text"),
        9: ("bad-label", "'label_adherence' must be true or false"),
        10: (None, "row must be an object"),
        11: (None, "missing required field 'documents'"),
    }
    assert sorted(errors) == sorted(expected)
    lines = path.read_text(encoding="utf-8").splitlines()
    for row, (row_id, fragment) in expected.items():
        error = errors[row]
        assert error.source == Source(str(path), row)
        assert fragment in error.message, (row, error.message)
        assert error.id == row_id
        assert error.raw == lines[row - 1][:200]


def test_row_error_raw_is_cut_to_200_characters() -> None:
    error = bad({"question": "Q", "documents": ["d"], "response": "", "pad": "x" * 1000})
    assert error.raw is not None and len(error.raw) == 200


def test_jsonl_gz_and_ndjson(tmp_path: Path) -> None:
    text = (DATA / "basic.jsonl").read_text(encoding="utf-8")
    gz = tmp_path / "rows.jsonl.gz"
    with gzip.open(gz, "wt", encoding="utf-8") as handle:
        handle.write(text)
    nd = tmp_path / "rows.NDJSON"
    nd.write_text(text, encoding="utf-8")
    plain = [e.id for e in iter_examples(DATA / "basic.jsonl")]
    assert [e.id for e in iter_examples(gz)] == plain
    assert [e.id for e in iter_examples(nd)] == plain


def test_jsonl_with_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(base_row(id="x")).encode() + b"\n")
    (example,) = iter_examples(path)
    assert isinstance(example, Example) and example.id == "x"


def test_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [json.dumps(base_row(id="s1")), "", "not json", json.dumps(base_row(id="s2"))]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    examples, errors = load_examples("-")
    assert [e.id for e in examples] == ["s1", "s2"]
    assert examples[1].source == Source("<stdin>", 4)
    assert len(errors) == 1 and errors[0].source == Source("<stdin>", 3)
    assert errors[0].raw == "not json"


def test_stdin_bytes_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    data = (json.dumps(base_row(question="Größe?"), ensure_ascii=False) + "\n").encode()
    stream = io.TextIOWrapper(io.BytesIO(data), encoding="ascii")
    monkeypatch.setattr(sys, "stdin", stream)
    (example,) = iter_examples("-")
    assert isinstance(example, Example) and example.question == "Größe?"


# --- duplicate ids -----------------------------------------------------------------------


def test_duplicate_ids_are_kept_and_suffixed() -> None:
    rows = [
        base_row(id="a"),
        base_row(id="a", response="Second."),
        base_row(id="a#2"),
        base_row(id="a", response="Fourth."),
        base_row(),
        base_row(),
    ]
    examples, errors = load_examples(rows)
    assert errors == []
    ids = [e.id for e in examples]
    assert ids[:4] == ["a", "a#2", "a#2#2", "a#3"]
    assert ids[5] == ids[4] + "#2"
    assert len(set(ids)) == len(ids)
    assert "duplicate_of" not in examples[0].metadata
    assert examples[1].metadata["duplicate_of"] == "a"
    assert examples[3].metadata["duplicate_of"] == "a"
    assert examples[5].metadata["duplicate_of"] == ids[4]


# --- JSON ----------------------------------------------------------------------------------


def test_json_list() -> None:
    path = DATA / "basic.json"
    items = list(iter_examples(path))
    assert [type(i).__name__ for i in items] == ["Example", "RowError", "Example"]
    assert items[1].source == Source(str(path), 2)
    assert items[1].id == "j2" and "'response' is empty" in items[1].message


def test_json_wrapped_list() -> None:
    (example,) = iter_examples(DATA / "wrapped.json")
    assert isinstance(example, Example) and example.id == "w1"


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ('[{"id": 1,}', "not valid JSON"),
        ('{"name": "no rows here"}', "'data', 'rows' or 'examples'"),
        ("42", "expected a JSON list"),
    ],
)
def test_json_file_unusable(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=re.escape(fragment)) as caught:
        list(iter_examples(path))
    assert str(path) in str(caught.value)


# --- CSV ---------------------------------------------------------------------------------


def test_csv_rows_documents_labels_and_line_numbers() -> None:
    path = DATA / "basic.csv"
    items = list(iter_examples(path))
    by_line = {i.source.row: i for i in items if i.source is not None}
    assert sorted(by_line) == [2, 3, 4, 7, 8, 9]

    c1 = by_line[2]
    assert isinstance(c1, Example)
    assert [d.text for d in c1.documents] == ["First doc.", "Second doc."]
    assert dict(c1.gold) == {"adherence": True, "completeness": 1.0}
    assert dict(c1.metadata) == {"model": "m1"}

    c2 = by_line[3]
    assert isinstance(c2, Example)
    assert c2.documents == (Document("A plain document that starts with text [not JSON]."),)
    assert dict(c2.gold) == {"adherence": False, "completeness": 0.25}

    c3 = by_line[4]  # a quoted field spanning lines 4 and 5
    assert isinstance(c3, Example)
    assert c3.documents[0].text == "A document\r\nspanning two lines."
    assert dict(c3.gold) == {}

    c4 = by_line[7]
    assert isinstance(c4, RowError) and c4.id == "c4" and "'response' is empty" in c4.message

    c5 = by_line[8]
    assert isinstance(c5, RowError) and "8 fields but the header has 7" in c5.message

    last = by_line[9]
    assert isinstance(last, Example)
    assert last.question == "" and last.id.startswith("ex-")


def test_csv_json_list_of_document_objects(tmp_path: Path) -> None:
    docs = json.dumps([{"text": "Body.", "title": "Title"}])
    frame = pd.DataFrame([{"question": "Q", "documents": docs, "response": "R"}])
    path = tmp_path / "objects.csv"
    frame.to_csv(path, index=False)
    (example,) = iter_examples(path)
    assert isinstance(example, Example)
    assert example.documents == (Document(text="Body.", title="Title"),)


def test_csv_header_only_and_duplicate_columns(tmp_path: Path) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_text("question,documents,response\n", encoding="utf-8")
    assert list(iter_examples(empty)) == []
    twice = tmp_path / "twice.csv"
    twice.write_text("response,response\nx,y\n", encoding="utf-8")
    with pytest.raises(InputError, match="appears twice"):
        list(iter_examples(twice))


# --- Parquet and DataFrames --------------------------------------------------------------


def test_parquet_with_structured_documents_and_nulls(tmp_path: Path) -> None:
    table = pa.table(
        {
            "id": ["p1", "p2", "p3"],
            "question": ["Q1", None, "Q3"],
            "documents": [
                [{"text": "Alpha.", "title": "A"}],
                [{"text": "Beta.", "title": None}],
                [],
            ],
            "response": ["R1", "R2", "R3"],
            "label_adherence": [True, None, False],
            "score": [0.5, float("nan"), 1.0],
        }
    )
    path = tmp_path / "rows.parquet"
    # small row groups so several batches are read
    pq.write_table(table, path, row_group_size=1)
    items = list(iter_examples(path))
    p1, p2, p3 = items
    assert isinstance(p1, Example) and isinstance(p2, Example)
    assert p1.documents == (Document(text="Alpha.", title="A"),)
    assert dict(p1.gold) == {"adherence": True} and dict(p1.metadata) == {"score": 0.5}
    assert p2.question == "" and dict(p2.gold) == {} and dict(p2.metadata) == {"score": None}
    assert isinstance(p3, RowError) and p3.source == Source(str(path), 3)
    assert "empty list" in p3.message and p3.id == "p3"


def test_dataframe_with_numpy_values_and_nan() -> None:
    frame = pd.DataFrame(
        {
            "id": [1.0, np.nan],
            "question": ["Q1", "Q2"],
            "documents": [np.array(["Doc A.", "Doc B."], dtype=object), np.array(["Doc C."])],
            "response": ["R1", "R2"],
            "label_adherence": [np.True_, np.nan],
            "label_relevance": [np.float64(0.25), np.nan],
            "tokens": [np.int64(12), np.int64(7)],
            "when": [pd.Timestamp("2024-05-01"), pd.NaT],
            "tags": [np.array([1, 2]), None],
        }
    )
    examples, errors = load_examples(frame)
    assert errors == []
    first, second = examples
    assert first.id == "1" and second.id.startswith("ex-")
    assert [d.text for d in first.documents] == ["Doc A.", "Doc B."]
    assert dict(first.gold) == {"adherence": True, "relevance": 0.25}
    assert dict(second.gold) == {}
    assert dict(first.metadata) == {"tokens": 12, "when": "2024-05-01T00:00:00", "tags": [1, 2]}
    assert dict(second.metadata) == {"tokens": 7, "when": None, "tags": None}
    assert type(first.metadata["tokens"]) is int
    assert first.source == Source("<dataframe>", 1)
    json.dumps([dict(e.metadata) for e in examples], allow_nan=False)


def test_load_examples_rejects_other_sources() -> None:
    with pytest.raises(UsageError):
        load_examples(42)  # type: ignore[arg-type]
    with pytest.raises(UsageError):
        load_examples({"question": "Q"})


# --- example_from_dict details ------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (True, True),
        (False, False),
        ("true", True),
        ("False", False),
        ("1", True),
        ("0", False),
        (1, True),
        (0, False),
        (1.0, True),
        (np.True_, True),
        (np.int64(0), False),
    ],
)
def test_label_adherence_forms(value: Any, expected: bool) -> None:
    assert ok(base_row(label_adherence=value)).gold["adherence"] is expected


@pytest.mark.parametrize("value", ["maybe", 2, 0.5, [True]])
def test_label_adherence_rejects_other_values(value: Any) -> None:
    assert "'label_adherence' must be true or false" in bad(base_row(label_adherence=value)).message


def test_float_labels_and_unsupported_labels() -> None:
    example = ok(
        base_row(
            label_relevance="0.5",
            label_utilization=np.float32(0.25),
            label_completeness=1,
            label_unsupported_keys="b c",
            label_unsupported_sentences=json.dumps(["It rains.", "It is cold."]),
        )
    )
    assert dict(example.gold) == {
        "relevance": 0.5,
        "utilization": 0.25,
        "completeness": 1.0,
        "unsupported_keys": ["b", "c"],
        "unsupported_sentences": ["It rains.", "It is cold."],
    }
    assert dict(example.metadata) == {}
    assert "between 0 and 1" in bad(base_row(label_relevance=1.5)).message
    assert "between 0 and 1" in bad(base_row(label_relevance="high")).message
    assert "list of strings" in bad(base_row(label_unsupported_keys=[1, 2])).message


@pytest.mark.parametrize(
    ("row", "fragment"),
    [
        (base_row(response=42), "'response' must be a string, got a number"),
        (base_row(question=["Q"]), "'question' must be a string, got a list"),
        (base_row(documents=[None]), "document 0 must be a string or an object"),
        (base_row(documents=[{"text": 5}]), "document 0: 'text' must be a string"),
        (base_row(documents=["", "  "]), "only empty documents"),
        (base_row(documents=True), "must be a list of documents"),
        (base_row(id={"a": 1}), "'id' must be a string or a number"),
        ({"documents": ["d"], "response": "r"}, "missing required field 'question'"),
        (base_row(judgment="{not json"), "'judgment' is not valid JSON"),
        (base_row(judgment=[1]), "'judgment' must be a judgment object"),
        (base_row(documents_sentences=[[["0a"]]]), "documents_sentences[0][0]"),
    ],
)
def test_wrong_types_are_row_errors(row: dict[str, Any], fragment: str) -> None:
    assert fragment in bad(row).message


def test_null_question_counts_as_empty() -> None:
    assert ok(base_row(question=None)).question == ""
    assert ok(base_row(question=float("nan"))).question == ""


def test_source_defaults_to_index() -> None:
    result = example_from_dict(base_row(), source=None, index=4)
    assert result.source == Source("<rows>", 5)


def test_judgment_column_as_json_string() -> None:
    judgment = {"overall_supported": False, "sentence_support_information": []}
    example = ok(base_row(judgment=json.dumps(judgment)))
    assert example.recorded == judgment


class _DuckDocument:
    def __init__(self, text: str, metadata: dict[str, Any]) -> None:
        self.page_content = text
        self.metadata = metadata


def test_duck_typed_langchain_documents() -> None:
    docs = [_DuckDocument("Body one.", {"source": "a.txt", "page": np.int64(3)})]
    example = ok(base_row(documents=docs))
    assert example.documents == (Document(text="Body one.", url="a.txt", metadata={"page": 3}),)


def test_real_langchain_documents() -> None:
    lc_documents = pytest.importorskip("langchain_core.documents")
    doc = lc_documents.Document(page_content="Body.", metadata={"title": "T", "id": 9})
    example = ok(base_row(documents=[doc, doc]))
    assert example.documents == (Document(text="Body.", title="T", metadata={"id": 9}),) * 2


def test_structured_records_are_documents() -> None:
    """Data-to-text rows: a record given as an object (in the list, alone, or as a document's
    `text`) becomes a document whose text is its JSON, one field a line; an object that holds
    only a title and a link is still an error."""
    record = {"name": "Blue Fern Cafe", "attributes": {"WiFi": "free", "OutdoorSeating": False}}
    as_json = json.dumps(record, ensure_ascii=False, indent=2)
    for documents in ([record], record, [{"text": record, "title": "Listing"}]):
        example = ok(base_row(documents=documents))
        assert example.documents[0].text == as_json
    assert ok(base_row(documents=[{"text": record, "title": "Listing"}])).documents[0].title == (
        "Listing"
    )
    assert "has no text" in bad(base_row(documents=[{"title": "T", "url": "u"}])).message


def test_mapping_renames_fields_and_labels() -> None:
    mapping = parse_mapping(
        "id=qid,question=query,response=answer,documents=contexts,label_adherence=is_grounded"
    )
    row = {
        "qid": "m1",
        "query": "Q?",
        "answer": "A.",
        "contexts": ["C1.", "C2."],
        "is_grounded": "false",
        "model": "x",
    }
    example = ok(row, mapping=mapping)
    assert (example.id, example.question, example.response) == ("m1", "Q?", "A.")
    assert [d.text for d in example.documents] == ["C1.", "C2."]
    assert dict(example.gold) == {"adherence": False}
    assert dict(example.metadata) == {"model": "x"}

    error = bad({"query": "Q?", "contexts": ["C"]}, mapping=mapping)
    assert "missing required field 'response' (column 'answer')" in error.message


def test_mapping_through_a_file(tmp_path: Path) -> None:
    path = tmp_path / "ragas.jsonl"
    path.write_text(
        json.dumps({"user_input": "Q", "retrieved_contexts": ["C."], "answer": "A."}) + "\n",
        encoding="utf-8",
    )
    mapping = parse_mapping("question=user_input,documents=retrieved_contexts,response=answer")
    examples, errors = load_examples(path, mapping=mapping)
    assert errors == [] and examples[0].documents == (Document("C."),)


# --- RAGBench-shaped rows ---------------------------------------------------------------


def ragbench_row() -> dict[str, Any]:
    support = [
        {
            "explanation": "0a states it.",
            "fully_supported": True,
            "response_sentence_key": "a",
            "supporting_sentence_keys": ["0a"],
        },
        {
            "explanation": "Nothing says so.",
            "fully_supported": False,
            "response_sentence_key": "b",
            "supporting_sentence_keys": [],
        },
    ]
    return {
        "id": "rb_1",
        "question": "Q?",
        "documents": np.array(["First. Second.", "Third."], dtype=object),
        "response": "One. Two.",
        "generation_model_name": "gen",
        "annotating_model_name": "ann",
        "dataset_name": "toy_validation",
        "documents_sentences": np.array(
            [
                np.array([np.array(["0a", "First."]), np.array(["0b", "Second."])]),
                np.array([np.array(["1a", "Third."])]),
            ],
            dtype=object,
        ),
        "response_sentences": np.array([np.array(["a", "One."]), np.array(["b", "Two."])]),
        "sentence_support_information": np.array(support, dtype=object),
        "unsupported_response_sentence_keys": np.array(["b"], dtype=object),
        "adherence_score": np.False_,
        "overall_supported_explanation": "Only a is supported.",
        "relevance_explanation": "0a is relevant.",
        "all_relevant_sentence_keys": np.array(["0a", "0a"], dtype=object),
        "all_utilized_sentence_keys": np.array(["0a"], dtype=object),
        "ragas_faithfulness": np.float64(0.5),
        "trulens_groundedness": np.nan,
        "relevance_score": np.float64(0.333),
        "utilization_score": np.float64(0.25),
        "completeness_score": np.float64(1.0),
    }


def test_ragbench_row() -> None:
    example = ok(ragbench_row())
    assert example.presplit_documents == (
        (("0a", "First."), ("0b", "Second.")),
        (("1a", "Third."),),
    )
    assert example.presplit_response == (("a", "One."), ("b", "Two."))
    assert example.recorded == {
        "relevance_explanation": "0a is relevant.",
        "all_relevant_sentence_keys": ["0a", "0a"],
        "overall_supported_explanation": "Only a is supported.",
        "overall_supported": False,
        "sentence_support_information": [
            {
                "response_sentence_key": "a",
                "explanation": "0a states it.",
                "supporting_sentence_keys": ["0a"],
                "fully_supported": True,
            },
            {
                "response_sentence_key": "b",
                "explanation": "Nothing says so.",
                "supporting_sentence_keys": [],
                "fully_supported": False,
            },
        ],
        "all_utilized_sentence_keys": ["0a"],
    }
    assert dict(example.gold) == {
        "adherence": False,
        "relevance": 0.333,
        "utilization": 0.25,
        "completeness": 1.0,
        "unsupported_keys": ["b"],
    }
    assert dict(example.metadata) == {
        "generation_model_name": "gen",
        "annotating_model_name": "ann",
        "dataset_name": "toy_validation",
        "ragas_faithfulness": 0.5,
        "trulens_groundedness": None,
    }
    json.dumps(example.recorded)


def test_ragbench_row_survives_a_parquet_round_trip(tmp_path: Path) -> None:
    def to_lists(value: Any) -> Any:
        if isinstance(value, np.ndarray):
            return [to_lists(v) for v in value]
        if isinstance(value, dict):
            return {k: to_lists(v) for k, v in value.items()}
        return value.item() if isinstance(value, np.generic) else value

    path = tmp_path / "toy.parquet"
    pq.write_table(pa.Table.from_pylist([to_lists(ragbench_row())]), path)
    (from_file,) = iter_examples(path)
    in_memory = ok(ragbench_row())
    assert isinstance(from_file, Example)
    assert from_file.presplit_documents == in_memory.presplit_documents
    assert from_file.recorded == in_memory.recorded
    assert dict(from_file.gold) == dict(in_memory.gold)
    assert dict(from_file.metadata) == dict(in_memory.metadata)


def test_explicit_labels_override_ragbench_scores() -> None:
    example = ok(ragbench_row() | {"label_adherence": "true"})
    assert example.gold["adherence"] is True
    assert example.recorded is not None and example.recorded["overall_supported"] is False


# --- files that cannot be read at all ---------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.jsonl"
    with pytest.raises(InputError, match=re.escape(f"{path}: no such file")):
        iter_examples(path)


def test_unknown_extension_and_directory(tmp_path: Path) -> None:
    path = tmp_path / "rows.txt"
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(InputError, match=r"unknown file type '\.txt'") as caught:
        load_examples(path)
    assert str(path) in str(caught.value)
    with pytest.raises(InputError, match="is a directory"):
        load_examples(tmp_path)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv", ".json"])
def test_not_utf8(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"latin1{suffix}"
    header = b"question,documents,response\n" if suffix == ".csv" else b""
    path.write_bytes(header + '{"question": "Größe"}\n'.encode("latin-1"))
    with pytest.raises(InputError, match="not UTF-8") as caught:
        load_examples(path)
    assert str(path) in str(caught.value)


def test_corrupt_parquet(tmp_path: Path) -> None:
    path = tmp_path / "corrupt.parquet"
    path.write_bytes(b"PAR1 this is not really parquet")
    with pytest.raises(InputError, match="not a readable Parquet file") as caught:
        iter_examples(path)
    assert str(path) in str(caught.value)


def test_corrupt_gzip(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00 truncated")
    with pytest.raises(InputError, match=re.escape(str(path))):
        load_examples(path)


# --- streaming memory --------------------------------------------------------------------


def test_iterating_a_large_jsonl_keeps_memory_flat(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    n_rows = 20_000
    padding = "word " * 40
    with open(path, "w", encoding="utf-8") as handle:
        for i in range(n_rows):
            row = {
                "id": f"row-{i}",
                "question": f"Question {i}?",
                "documents": [f"Document {i}. {padding}", f"Another {i}. {padding}"],
                "response": f"Answer {i}. {padding}",
            }
            handle.write(json.dumps(row) + "\n")
    # the file is larger than the budget, and holding every Example would take ~35 MB
    assert path.stat().st_size > 12_000_000

    tracemalloc.start()
    try:
        count = 0
        for item in iter_examples(path):
            assert isinstance(item, Example)
            count += 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == n_rows
    assert peak < 12_000_000, f"peak {peak / 1e6:.1f} MB while streaming {n_rows} rows"


# --- the RAGBench rows in ../shared -------------------------------------------------------


def test_every_shared_ragbench_row_loads(shared_data: Path) -> None:
    files = ragbench_files(shared_data)
    assert files
    for path in files:
        stored = pq.read_table(
            path,
            columns=[
                "documents_sentences",
                "response_sentences",
                "adherence_score",
                "sentence_support_information",
            ],
        ).to_pylist()
        examples, errors = load_examples(path)
        assert errors == [], (path, errors[:3])
        assert len(examples) == len(stored)
        for example, row in zip(examples, stored, strict=True):
            assert example.presplit_documents is not None
            assert example.presplit_response is not None
            assert [[k for k, _ in doc] for doc in example.presplit_documents] == [
                [pair[0] for pair in doc] for doc in row["documents_sentences"]
            ]
            assert [k for k, _ in example.presplit_response] == [
                pair[0] for pair in row["response_sentences"]
            ]
            assert example.recorded is not None
            assert example.recorded["overall_supported"] is row["adherence_score"]
            assert len(example.recorded["sentence_support_information"]) == len(
                row["sentence_support_information"]
            )
            assert set(example.gold) == {
                "adherence",
                "relevance",
                "utilization",
                "completeness",
                "unsupported_keys",
            }
            assert not math.isnan(example.gold["relevance"])
            assert "documents_sentences" not in example.metadata
            assert "sentence_support_information" not in example.metadata
            assert {"dataset_name", "generation_model_name"} <= set(example.metadata)
        assert len({e.id for e in examples}) == len(examples)
