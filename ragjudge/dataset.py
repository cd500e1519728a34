"""Stage 1: read rows from files, stdin, DataFrames or dicts and turn each into an `Example`.

Every row becomes either an `Example` or a `RowError` saying what is wrong with it, in input
order; a bad row never stops the batch. Only a file that cannot be read at all raises
`InputError`. Files are streamed (JSONL line by line, CSV record by record, Parquet batch by
batch), so memory stays flat however long the input is. Hands on `Example` / `RowError`.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
import math
import os
import re
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ragjudge.errors import InputError, UsageError
from ragjudge.types import Document, Example, RowError, Source

__all__ = ["example_from_dict", "iter_examples", "load_examples", "parse_mapping"]

#: Gold-label fields a dataset may carry, by our name.
LABEL_FIELDS: tuple[str, ...] = (
    "label_adherence",
    "label_relevance",
    "label_utilization",
    "label_completeness",
    "label_unsupported_keys",
    "label_unsupported_sentences",
)

#: Our field names a `--map` spec may point at a dataset column.
MAPPABLE_FIELDS: tuple[str, ...] = (
    "id",
    "question",
    "documents",
    "response",
    "judgment",
    *LABEL_FIELDS,
)

# RAGBench columns that are read into presplit/recorded/gold; they are large or already
# represented elsewhere, so they never travel again as metadata.
_RAGBENCH_COLUMNS = frozenset(
    {
        "documents_sentences",
        "response_sentences",
        "sentence_support_information",
        "unsupported_response_sentence_keys",
        "adherence_score",
        "overall_supported_explanation",
        "relevance_explanation",
        "all_relevant_sentence_keys",
        "all_utilized_sentence_keys",
        "relevance_score",
        "utilization_score",
        "completeness_score",
    }
)

_TEXT_KEYS = ("text", "content", "page_content")
_TITLE_KEYS = ("title", "sourcepage")
_URL_KEYS = ("url", "document_url", "source")
_WRAPPER_KEYS = ("data", "rows", "examples")
_RAW_CHARS = 200
_PARQUET_BATCH_ROWS = 256
_DATAFRAME_CHUNK_ROWS = 1000

_KINDS = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "json",
    ".csv": "csv",
    ".parquet": "parquet",
    ".pq": "parquet",
}


class _BadRow(Exception):
    """Raised inside row conversion; becomes a `RowError` with this message."""


# --- mapping -----------------------------------------------------------------------------


def parse_mapping(spec: str | None) -> dict[str, str]:
    """Parse a column mapping such as ``"response=answer,documents=contexts"``.

    Each item is ``our_field=dataset_column``; the result maps our field name to the column
    name. Valid fields are `id`, `question`, `documents`, `response`, `judgment` and the gold
    labels (`label_adherence`, `label_relevance`, `label_utilization`, `label_completeness`,
    `label_unsupported_keys`, `label_unsupported_sentences`). `None` or an empty string gives
    an empty mapping. Raises `UsageError` for an item without ``=``, an empty side, an unknown
    field, or a field named twice.
    """
    if spec is None or not spec.strip():
        return {}
    out: dict[str, str] = {}
    for item in spec.split(","):
        item = item.strip()
        if not item:
            continue
        field, sep, column = item.partition("=")
        field, column = field.strip(), column.strip()
        if not sep or not field or not column:
            raise UsageError(
                f"bad column mapping {item!r}: write FIELD=COLUMN, e.g. 'response=answer'"
            )
        if field in out:
            raise UsageError(f"bad column mapping: field {field!r} is mapped twice")
        out[field] = column
    return _checked_mapping(out)


def _checked_mapping(mapping: Mapping[str, str] | None) -> dict[str, str]:
    if not mapping:
        return {}
    unknown = [f for f in mapping if f not in MAPPABLE_FIELDS]
    if unknown:
        raise UsageError(
            f"unknown field {unknown[0]!r} in column mapping; "
            f"valid fields: {', '.join(MAPPABLE_FIELDS)}"
        )
    for field, column in mapping.items():
        if not isinstance(column, str) or not column:
            raise UsageError(f"column mapping for {field!r} must be a non-empty column name")
    return dict(mapping)


# --- value normalisation ---------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """Turn pandas/numpy/pyarrow values into plain Python: arrays → lists, numpy scalars →
    Python scalars, NaN / pd.NA / NaT → None. Unknown objects are returned unchanged."""
    kind = type(value)
    # exact-type checks first: this runs on every cell of every row
    if kind is str or value is None or kind is int or kind is bool:
        return value
    if kind is float:
        return None if math.isnan(value) else value
    if kind is list or kind is tuple:
        if all(type(v) is str for v in value):
            return list(value)
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if kind.__module__ == "numpy":
        if getattr(value, "ndim", 0) == 0:
            return _plain(value.item())
        # object arrays hold nested arrays (RAGBench sentences), so walk them item by item
        return [_plain(v) for v in value]
    if isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        return None if math.isnan(value) else value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if kind.__name__ in ("NAType", "NaTType"):
        return None
    return value


def _json_safe(value: Any) -> Any:
    """A JSON-serialisable copy of an already `_plain` value (for metadata)."""
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_safe(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def _raw(value: Any) -> str:
    if isinstance(value, str):
        return value[:_RAW_CHARS]
    try:
        text = json.dumps(_json_safe(_plain(value)), ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text[:_RAW_CHARS]


def _type_name(value: Any) -> str:
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return type(value).__name__


def _absent(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _maybe_json(value: Any) -> Any:
    """Decode a JSON-encoded list or object held in a string (CSV cells); else unchanged."""
    if isinstance(value, str):
        text = value.strip()
        if (text.startswith("[") and text.endswith("]")) or (
            text.startswith("{") and text.endswith("}")
        ):
            try:
                return json.loads(text)
            except ValueError:
                return value
    return value


def _to_bool(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("true", "t", "yes", "y"):
            return True
        if text in ("false", "f", "no", "n"):
            return False
        try:
            number = float(text)
        except ValueError:
            number = math.nan
        if number in (0.0, 1.0):
            return bool(number)
    raise _BadRow(f"{name} must be true or false (or 1/0), got {_raw(value)!r}")


def _to_unit_float(value: Any, name: str) -> float | None:
    if isinstance(value, bool):
        raise _BadRow(f"{name} must be a number between 0 and 1, got a boolean")
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise _BadRow(f"{name} must be a number between 0 and 1, got {value!r}") from None
    if not isinstance(value, int | float):
        raise _BadRow(f"{name} must be a number between 0 and 1, got {_type_name(value)}")
    number = float(value)
    if math.isnan(number):
        return None
    if not 0.0 <= number <= 1.0:
        raise _BadRow(f"{name} must be a number between 0 and 1, got {number}")
    return number


def _str_list(value: Any, name: str, *, split_words: bool) -> list[str]:
    """A list of strings from a list, a JSON-encoded list, or (when `split_words`) a string of
    space- or comma-separated keys; a plain string otherwise counts as one item."""
    value = _maybe_json(value)
    if isinstance(value, str):
        if split_words:
            return value.replace(",", " ").split()
        return [value]
    if not isinstance(value, list):
        raise _BadRow(f"{name} must be a list of strings, got {_type_name(value)}")
    bad = [v for v in value if not isinstance(v, str)]
    if bad:
        raise _BadRow(f"{name} must be a list of strings, but holds {_type_name(bad[0])}")
    return list(value)


# --- one row → Example -------------------------------------------------------------------


def _label(field: str, column: str) -> str:
    return f"'{field}'" if field == column else f"'{field}' (column '{column}')"


def _row_id(value: Any, label: str) -> str | None:
    if _absent(value):
        return None
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool):
        raise _BadRow(f"{label} must be a string or a number, got a boolean")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        # integer ids come back as floats from pandas columns that also hold NaN
        return str(int(value)) if value.is_integer() else str(value)
    raise _BadRow(f"{label} must be a string or a number, got {_type_name(value)}")


def _generated_id(question: str, documents: tuple[Document, ...], response: str) -> str:
    payload = json.dumps(
        [question, [d.text for d in documents], response],
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return "ex-" + hashlib.sha256(payload.encode("utf-8")).hexdigest()[:12]


def _is_langchain_document(value: Any) -> bool:
    return (
        not isinstance(value, Mapping)
        and isinstance(getattr(value, "page_content", None), str)
        and isinstance(getattr(value, "metadata", None), Mapping)
    )


def _first(mapping: Mapping[str, Any], keys: tuple[str, ...]) -> tuple[str | None, Any]:
    for key in keys:
        if mapping.get(key) is not None:
            return key, mapping[key]
    return None, None


def _document(item: Any, where: str) -> Document:
    if isinstance(item, str):
        return Document(text=item)
    if _is_langchain_document(item):
        item = {"page_content": item.page_content, "metadata": _plain(dict(item.metadata))}
    if not isinstance(item, Mapping):
        raise _BadRow(f"{where} must be a string or an object, got {_type_name(item)}")
    text_key, text = _first(item, _TEXT_KEYS)
    if text_key is None:
        raise _BadRow(f"{where} has no text: expected a 'text', 'content' or 'page_content' field")
    if not isinstance(text, str):
        raise _BadRow(f"{where}: '{text_key}' must be a string, got {_type_name(text)}")
    nested = item.get("metadata")
    nested = dict(nested) if isinstance(nested, Mapping) else {}
    used = {text_key}
    # title and url may sit on the document itself or inside its metadata (LangChain style)
    found: dict[str, Any] = {}
    for name, keys in (("title", _TITLE_KEYS), ("url", _URL_KEYS)):
        key, value = _first(item, keys)
        if key is not None:
            used.add(key)
        else:
            key, value = _first(nested, keys)
            if key is not None:
                nested.pop(key)
        found[name] = None if value is None else str(value)
    metadata = {k: _json_safe(v) for k, v in item.items() if k not in used and k != "metadata"}
    if "metadata" in item and not isinstance(item["metadata"], Mapping):
        metadata["metadata"] = _json_safe(item["metadata"])
    metadata.update({k: _json_safe(v) for k, v in nested.items()})
    return Document(text=text, title=found["title"], url=found["url"], metadata=metadata)


def _documents(value: Any, label: str) -> tuple[Document, ...]:
    if value is None:
        raise _BadRow(f"missing required field {label}")
    if isinstance(value, str) and value.lstrip().startswith("["):
        # CSV cells carry a list of documents as JSON; other text is one document
        decoded = _maybe_json(value)
        value = decoded if isinstance(decoded, list) else value
    if isinstance(value, str | Mapping) or _is_langchain_document(value):
        items: list[Any] = [value]
    elif isinstance(value, list):
        items = value
    else:
        raise _BadRow(
            f"{label} must be a list of documents (strings or objects), got {_type_name(value)}"
        )
    if not items:
        raise _BadRow(f"{label} is an empty list: at least one document is needed")
    docs = tuple(_document(item, f"document {i}") for i, item in enumerate(items))
    if all(not d.text.strip() for d in docs):
        raise _BadRow(f"{label} holds only empty documents")
    return docs


def _pair(value: Any, where: str) -> tuple[str, str]:
    if (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], str)
        and isinstance(value[1], str)
    ):
        return value[0], value[1]
    raise _BadRow(f"{where} must be a [key, text] pair of strings, got {_raw(value)!r}")


def _presplit_documents(value: Any) -> tuple[tuple[tuple[str, str], ...], ...]:
    value = _maybe_json(value)
    if not isinstance(value, list):
        raise _BadRow(f"'documents_sentences' must be a list, got {_type_name(value)}")
    out = []
    for d, doc in enumerate(value):
        if not isinstance(doc, list):
            raise _BadRow(f"documents_sentences[{d}] must be a list, got {_type_name(doc)}")
        out.append(tuple(_pair(p, f"documents_sentences[{d}][{j}]") for j, p in enumerate(doc)))
    return tuple(out)


def _presplit_response(value: Any) -> tuple[tuple[str, str], ...]:
    value = _maybe_json(value)
    if not isinstance(value, list):
        raise _BadRow(f"'response_sentences' must be a list, got {_type_name(value)}")
    return tuple(_pair(p, f"response_sentences[{j}]") for j, p in enumerate(value))


def _ragbench_recorded(row: Mapping[str, Any]) -> dict[str, Any]:
    """The judgment stored in a RAGBench row, in the judgment schema's shape, verbatim."""
    support = _maybe_json(row["sentence_support_information"])
    if not isinstance(support, list) or not all(isinstance(s, Mapping) for s in support):
        raise _BadRow("'sentence_support_information' must be a list of objects")
    sentences = [
        {
            "response_sentence_key": s.get("response_sentence_key"),
            "explanation": s.get("explanation"),
            "supporting_sentence_keys": s.get("supporting_sentence_keys"),
            "fully_supported": s.get("fully_supported"),
        }
        for s in support
    ]
    adherence = row.get("adherence_score")
    if adherence is None:
        overall = all(bool(s["fully_supported"]) for s in sentences)
    else:
        overall = _to_bool(adherence, "'adherence_score'")

    def keys(column: str) -> list[str]:
        value = row.get(column)
        return [] if value is None else _str_list(value, f"'{column}'", split_words=False)

    return {
        "relevance_explanation": row.get("relevance_explanation") or "",
        "all_relevant_sentence_keys": keys("all_relevant_sentence_keys"),
        "overall_supported_explanation": row.get("overall_supported_explanation") or "",
        "overall_supported": overall,
        "sentence_support_information": sentences,
        "all_utilized_sentence_keys": keys("all_utilized_sentence_keys"),
    }


def _judgment_column(value: Any, label: str) -> dict[str, Any]:
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError as exc:
            raise _BadRow(f"{label} is not valid JSON: {exc}") from None
    if not isinstance(value, Mapping):
        raise _BadRow(f"{label} must be a judgment object, got {_type_name(value)}")
    return dict(value)


def _gold(
    row: Mapping[str, Any], take: Callable[[str], Any], label: Callable[[str], str]
) -> dict[str, Any]:
    gold: dict[str, Any] = {}
    # RAGBench's stored scores first; explicit label_* columns override them below.
    if row.get("adherence_score") is not None:
        gold["adherence"] = _to_bool(row["adherence_score"], "'adherence_score'")
    for name in ("relevance", "utilization", "completeness"):
        column = f"{name}_score"
        if not _absent(row.get(column)):
            number = _to_unit_float(row[column], f"'{column}'")
            if number is not None:
                gold[name] = number
    if row.get("unsupported_response_sentence_keys") is not None:
        gold["unsupported_keys"] = _str_list(
            row["unsupported_response_sentence_keys"],
            "'unsupported_response_sentence_keys'",
            split_words=True,
        )

    value = take("label_adherence")
    if not _absent(value):
        gold["adherence"] = _to_bool(value, label("label_adherence"))
    for name in ("relevance", "utilization", "completeness"):
        field = f"label_{name}"
        value = take(field)
        if not _absent(value):
            number = _to_unit_float(value, label(field))
            if number is not None:
                gold[name] = number
    value = take("label_unsupported_keys")
    if not _absent(value):
        gold["unsupported_keys"] = _str_list(
            value, label("label_unsupported_keys"), split_words=True
        )
    value = take("label_unsupported_sentences")
    if not _absent(value):
        gold["unsupported_sentences"] = _str_list(
            value, label("label_unsupported_sentences"), split_words=False
        )
    return gold


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _no_surrogates(value: Any) -> Any:
    """Replace lone surrogates (text that cannot be written as UTF-8) with U+FFFD, so every
    later stage, file and report can encode the row."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value) if _LONE_SURROGATE.search(value) else value
    if isinstance(value, list):
        return [_no_surrogates(v) for v in value]
    if isinstance(value, dict):
        return {_no_surrogates(k): _no_surrogates(v) for k, v in value.items()}
    return value


def example_from_dict(
    row: Mapping[str, Any],
    *,
    source: Source | None,
    mapping: Mapping[str, str] | None = None,
    index: int = 0,
) -> Example | RowError:
    """Turn one row into an `Example`, or a `RowError` saying what is wrong with it.

    This is the only place a row becomes an `Example`; files, DataFrames, ingest formats and
    the Ray engine all come through here. `row` may hold plain Python values or what pandas
    and pyarrow produce (numpy arrays, numpy scalars, NaN / pd.NA for missing values).
    `mapping` maps our field names to the row's column names (see `parse_mapping`).
    `source` says where the row came from; when it is None, ``Source("<rows>", index + 1)``
    is used, `index` being the row's 0-based position.

    Required: `response` (a non-empty string), `documents` (a non-empty list of strings,
    objects with a `text`/`content`/`page_content` field, or LangChain documents; a single
    string or a JSON-encoded list is accepted too) and `question` (a string; it may be empty,
    and a null question counts as empty). `id` is taken from the row or, when absent,
    derived from the content, so the same content gets the same id on any machine.
    RAGBench columns fill `presplit_documents`, `presplit_response`, `recorded` and `gold`;
    a `judgment` column (object or JSON string) fills `recorded`; `label_*` columns fill
    `gold`. All other columns go to `metadata` as JSON-serialisable values.

    Raises `UsageError` only for a malformed `mapping`; every problem of the row itself is
    returned as a `RowError`.
    """
    mapping = _checked_mapping(mapping)
    where = source if source is not None else Source("<rows>", index + 1)
    if not isinstance(row, Mapping):
        return RowError(
            source=where,
            message=f"row must be an object with named fields, got {_type_name(row)}",
            raw=_raw(row),
        )
    row_id: str | None = None
    try:
        plain = {_no_surrogates(str(k)): _no_surrogates(_plain(v)) for k, v in row.items()}
        columns = {field: mapping.get(field, field) for field in MAPPABLE_FIELDS}

        def take(field: str) -> Any:
            return plain.get(columns[field])

        def label(field: str) -> str:
            return _label(field, columns[field])

        row_id = _row_id(take("id"), label("id"))

        question = take("question")
        if question is None:
            if columns["question"] not in plain:
                raise _BadRow(f"missing required field {label('question')}")
            question = ""
        if not isinstance(question, str):
            raise _BadRow(f"{label('question')} must be a string, got {_type_name(question)}")

        response = take("response")
        if response is None:
            raise _BadRow(f"missing required field {label('response')}")
        if not isinstance(response, str):
            raise _BadRow(f"{label('response')} must be a string, got {_type_name(response)}")
        if not response.strip():
            raise _BadRow(f"{label('response')} is empty")

        documents = _documents(take("documents"), label("documents"))

        presplit_documents = None
        if plain.get("documents_sentences") is not None:
            presplit_documents = _presplit_documents(plain["documents_sentences"])
        presplit_response = None
        if plain.get("response_sentences") is not None:
            presplit_response = _presplit_response(plain["response_sentences"])

        recorded = None
        if plain.get("sentence_support_information") is not None:
            recorded = _ragbench_recorded(plain)
        judgment = take("judgment")
        if not _absent(judgment):
            recorded = _judgment_column(judgment, label("judgment"))

        gold = _gold(plain, take, label)

        consumed = _RAGBENCH_COLUMNS.union(columns.values())
        metadata = {k: _json_safe(v) for k, v in plain.items() if k not in consumed}
    except _BadRow as exc:
        return RowError(source=where, message=str(exc), id=row_id, raw=_raw(row))

    return Example(
        id=row_id or _generated_id(question, documents, response),
        question=question,
        documents=documents,
        response=response,
        metadata=metadata,
        source=where,
        presplit_documents=presplit_documents,
        presplit_response=presplit_response,
        recorded=recorded,
        gold=gold,
    )


# --- row readers ---------------------------------------------------------------------------
# Each reader yields (row number, row or None, error message or None, raw text or None).

RowItem = tuple[int, Any, str | None, str | None]


def _file_kind(path: Path) -> tuple[str, bool]:
    suffixes = [s.lower() for s in path.suffixes]
    compressed = bool(suffixes) and suffixes[-1] == ".gz"
    if compressed:
        suffixes = suffixes[:-1]
    kind = _KINDS.get(suffixes[-1]) if suffixes else None
    if kind is None or (compressed and kind == "parquet"):
        raise InputError(
            f"{path}: unknown file type {''.join(path.suffixes) or '(no extension)'!r}; "
            "expected .jsonl, .ndjson, .json, .csv or .parquet (text formats may end in .gz)"
        )
    return kind, compressed


def _open_binary(path: Path, compressed: bool) -> io.BufferedIOBase:
    return gzip.open(path, "rb") if compressed else open(path, "rb")


def _read_failure(name: str, exc: BaseException, where: str = "") -> InputError:
    if isinstance(exc, UnicodeDecodeError):
        return InputError(f"{name}: not UTF-8 text{where}")
    return InputError(f"{name}: cannot be read{where}: {exc}")


_READ_ERRORS = (OSError, EOFError, zlib.error, UnicodeDecodeError)


def _jsonl_rows(lines: Iterable[str | bytes], name: str) -> Iterator[RowItem]:
    number = 0
    try:
        for number, line in enumerate(lines, 1):
            try:
                text = line.decode("utf-8") if isinstance(line, bytes) else line
            except UnicodeDecodeError:
                raise InputError(f"{name}: not UTF-8 text (line {number})") from None
            if number == 1:
                text = text.lstrip("\ufeff")
            if not text.strip():
                continue  # blank lines separate nothing and are not rows
            try:
                row = json.loads(text)
            except ValueError as exc:
                message = f"invalid JSON: {getattr(exc, 'msg', exc)}"
                if isinstance(exc, json.JSONDecodeError):
                    message += f" (column {exc.colno})"
                yield number, None, message, text.rstrip("\r\n")
                continue
            yield number, row, None, text.rstrip("\r\n")
    except _READ_ERRORS as exc:
        raise _read_failure(name, exc, f" (line {number + 1})") from None


def _jsonl_file_rows(path: Path, name: str, compressed: bool) -> Iterator[RowItem]:
    with _open_binary(path, compressed) as handle:
        yield from _jsonl_rows(handle, name)


def _read_all(handle: io.BufferedIOBase | Any, name: str) -> bytes:
    try:
        with handle:
            return bytes(handle.read())
    except _READ_ERRORS as exc:
        raise _read_failure(name, exc) from None


def _stdin_rows() -> Iterator[RowItem]:
    stream = sys.stdin
    # the byte stream avoids depending on the locale's text encoding
    yield from _jsonl_rows(getattr(stream, "buffer", stream), "<stdin>")


def _json_file_rows(path: Path, name: str, compressed: bool) -> Iterator[RowItem]:
    return _json_bytes_rows(_read_all(_open_binary(path, compressed), name), name)


def _json_bytes_rows(content: bytes, name: str) -> Iterator[RowItem]:
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _read_failure(name, exc) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{name}: not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    if isinstance(data, dict):
        lists = [data[k] for k in _WRAPPER_KEYS if isinstance(data.get(k), list)]
        if not lists:
            raise InputError(
                f"{name}: expected a JSON list of rows, or an object with a "
                "'data', 'rows' or 'examples' list"
            )
        data = lists[0]
    if not isinstance(data, list):
        raise InputError(f"{name}: expected a JSON list of rows, got {_type_name(data)}")
    return ((i, row, None, None) for i, row in enumerate(data, 1))


def _csv_rows(path: Path, name: str, compressed: bool) -> Iterator[RowItem]:
    return _csv_stream_rows(_open_binary(path, compressed), name)


def _csv_stream_rows(binary: io.BufferedIOBase | Any, name: str) -> Iterator[RowItem]:
    line = 1
    try:
        with io.TextIOWrapper(binary, encoding="utf-8-sig", newline="") as handle:
            reader = csv.reader(handle)
            header = next(reader, None)
            if header is None:
                return
            header = [h.strip() for h in header]
            duplicated = sorted({h for h in header if header.count(h) > 1})
            if duplicated:
                raise InputError(f"{name}: column {duplicated[0]!r} appears twice in the header")
            previous = reader.line_num
            for record in reader:
                line, previous = previous + 1, reader.line_num
                if not any(cell.strip() for cell in record):
                    continue
                raw = ",".join(record)[:_RAW_CHARS]
                if len(record) != len(header):
                    message = f"row has {len(record)} fields but the header has {len(header)}"
                    yield line, None, message, raw
                    continue
                yield line, dict(zip(header, record, strict=True)), None, raw
    except csv.Error as exc:
        raise InputError(f"{name}: not readable as CSV (line {line}): {exc}") from None
    except _READ_ERRORS as exc:
        raise _read_failure(name, exc, f" (near line {line})") from None


def _parquet_file(path: Path | Any, name: str) -> Any:
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return pq.ParquetFile(path)
    except (pa.ArrowException, OSError) as exc:
        raise InputError(f"{name}: not a readable Parquet file: {exc}") from None


def _parquet_rows(parquet: Any, name: str) -> Iterator[RowItem]:
    import pyarrow as pa

    number = 0
    try:
        for batch in parquet.iter_batches(batch_size=_PARQUET_BATCH_ROWS):
            for row in batch.to_pylist():
                number += 1
                yield number, row, None, None
    except (pa.ArrowException, OSError) as exc:
        raise InputError(f"{name}: cannot read Parquet data (row {number + 1}): {exc}") from None
    finally:
        parquet.close()


def _dataframe_rows(frame: Any) -> Iterator[RowItem]:
    for start in range(0, len(frame), _DATAFRAME_CHUNK_ROWS):
        chunk = frame.iloc[start : start + _DATAFRAME_CHUNK_ROWS]
        for offset, row in enumerate(chunk.to_dict("records")):
            yield start + offset + 1, row, None, None


def _path_rows(path: str | os.PathLike[str]) -> tuple[str, Iterator[RowItem]]:
    if isinstance(path, str) and path == "-":
        return "<stdin>", _stdin_rows()
    name = os.fspath(path)
    file = Path(path)
    if not file.exists():
        raise InputError(f"{name}: no such file")
    if file.is_dir():
        raise InputError(f"{name}: is a directory, not a data file")
    kind, compressed = _file_kind(file)
    if kind == "jsonl":
        return name, _jsonl_file_rows(file, name, compressed)
    if kind == "json":
        return name, _json_file_rows(file, name, compressed)
    if kind == "csv":
        return name, _csv_rows(file, name, compressed)
    return name, _parquet_rows(_parquet_file(file, name), name)


def file_kind(path: str) -> str:
    """The format of a data file by its name: `jsonl`, `json`, `csv` or `parquet` (a `.gz`
    suffix is allowed on the text formats). Raises `InputError` for any other name."""
    return _file_kind(Path(path))[0]


def stream_rows(stream: Any, kind: str, name: str) -> Iterator[RowItem]:
    """Rows of an open, already decompressed binary stream of the given `kind`, read exactly
    as `iter_examples` reads a file: ``(row number, row or None, problem or None, raw text)``.
    Parquet needs a random-access file. Used by engines that open files themselves."""
    if kind == "jsonl":
        yield from _jsonl_rows(io.BufferedReader(stream), name)
    elif kind == "json":
        yield from _json_bytes_rows(_read_all(stream, name), name)
    elif kind == "csv":
        yield from _csv_stream_rows(io.BufferedReader(stream), name)
    else:
        yield from _parquet_rows(_parquet_file(stream, name), name)


def convert_row(
    item: RowItem, name: str, mapping: Mapping[str, str] | None, index: int
) -> Example | RowError:
    """One row from `stream_rows` as an `Example` or a `RowError` (ids are not yet made
    unique: that needs every earlier row, see `UniqueIds`)."""
    number, row, problem, raw = item
    source = Source(name, number)
    if problem is not None:
        return RowError(source=source, message=problem, raw=(raw or "")[:_RAW_CHARS])
    result = example_from_dict(row, source=source, mapping=mapping, index=index)
    if isinstance(result, RowError) and raw is not None:
        result = replace(result, raw=raw[:_RAW_CHARS])
    return result


# --- assembling the stream -------------------------------------------------------------------


def _examples(
    items: Iterator[RowItem], name: str, mapping: Mapping[str, str]
) -> Iterator[Example | RowError]:
    for index, item in enumerate(items):
        yield convert_row(item, name, mapping, index)


class UniqueIds:
    """Renames a repeated example id to `id#2`, `id#3`, … in input order; fed every example
    id of a dataset in order, it gives each the id the loader gives it."""

    def __init__(self) -> None:
        self._seen: set[str] = set()
        self._next_suffix: dict[str, int] = {}

    def __call__(self, example_id: str) -> str:
        if example_id in self._seen:
            n = self._next_suffix.get(example_id, 2)
            while f"{example_id}#{n}" in self._seen:
                n += 1
            self._next_suffix[example_id] = n + 1
            renamed = f"{example_id}#{n}"
        else:
            renamed = example_id
        self._seen.add(renamed)
        return renamed


def _unique_ids(items: Iterator[Example | RowError]) -> Iterator[Example | RowError]:
    """Keep every row, renaming a repeated id to `id#2`, `id#3`, … (noted as `duplicate_of`)."""
    unique = UniqueIds()
    for item in items:
        if isinstance(item, Example):
            renamed = unique(item.id)
            if renamed != item.id:
                metadata = {**item.metadata, "duplicate_of": item.id}
                item = replace(item, id=renamed, metadata=metadata)
        yield item


def iter_examples(
    path: str | os.PathLike[str], *, mapping: Mapping[str, str] | None = None
) -> Iterator[Example | RowError]:
    """Stream the rows of a file as `Example` or `RowError`, in input order.

    The format follows the extension: `.jsonl` / `.ndjson` (one JSON object per line; blank
    lines are skipped), `.json` (a list of objects, or an object holding it under `data`,
    `rows` or `examples`), `.csv` (header row; `documents` is a JSON-encoded list or one
    plain-text document) and `.parquet`. Text formats may be gzip-compressed (`.jsonl.gz`).
    `"-"` reads JSONL from stdin. Rows are never accumulated: a JSONL, CSV or Parquet file
    of any length is read in constant memory (the `.json` format is parsed whole).

    Raises `InputError`, naming the file, when it is missing, of an unknown type, not UTF-8,
    not JSON (`.json`) or not Parquet; `UsageError` for a malformed `mapping`. Missing files
    and unknown types are reported when this is called, decoding problems while iterating.
    """
    checked = _checked_mapping(mapping)
    name, rows = _path_rows(path)
    return _unique_ids(_examples(rows, name, checked))


def _is_dataframe(value: Any) -> bool:
    pandas = sys.modules.get("pandas")
    return pandas is not None and isinstance(value, pandas.DataFrame)


def load_examples(
    source: str | os.PathLike[str] | Any,
    *,
    mapping: Mapping[str, str] | None = None,
) -> tuple[list[Example], list[RowError]]:
    """Load every row of `source` and return ``(examples, row_errors)``, each in input order.

    `source` is a file path or `"-"` (see `iter_examples`), a pandas DataFrame (one row per
    example, missing values as NaN/None) or an iterable of dicts.
    """
    checked = _checked_mapping(mapping)
    if isinstance(source, str | os.PathLike):
        stream = iter_examples(source, mapping=checked)
    elif _is_dataframe(source):
        stream = _unique_ids(_examples(_dataframe_rows(source), "<dataframe>", checked))
    elif isinstance(source, Mapping | bytes) or not isinstance(source, Iterable):
        raise UsageError(
            "load_examples() takes a file path, '-', a pandas DataFrame or an iterable of "
            f"dicts, not {type(source).__name__}"
        )
    else:
        rows = ((n, row, None, None) for n, row in enumerate(source, 1))
        stream = _unique_ids(_examples(rows, "<rows>", checked))
    examples: list[Example] = []
    errors: list[RowError] = []
    for item in stream:
        (examples if isinstance(item, Example) else errors).append(item)
    return examples, errors
