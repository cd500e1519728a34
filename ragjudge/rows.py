"""Stage 1: one row of a dataset becomes an `Example`, or a `RowError` saying what is wrong.

`example_from_dict` is the only place a row becomes an `Example`: files, DataFrames, ingest
formats and the Ray engine all come through here. Column mappings (`--map`), RAGBench's own
columns, gold labels and every check of a row's fields live in this module; `ragjudge.readers`
hands it the rows and `ragjudge.dataset` assembles the stream.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from ragjudge.columns import column_for, known_names
from ragjudge.errors import UsageError
from ragjudge.types import Document, Example, RowError, Source, Turn
from ragjudge.values import (
    BadRow,
    absent,
    json_safe,
    maybe_json,
    plain_value,
    raw_text,
    str_list,
    to_bool,
    to_unit_float,
    type_name,
)

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
    "history",
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
#: the keys of a document object besides its text; an object with other keys and no text is a
#: structured record
_DOCUMENT_KEYS = frozenset({*_TITLE_KEYS, *_URL_KEYS, "metadata", "id", "score"})


# --- mapping -----------------------------------------------------------------------------


def parse_mapping(spec: str | None) -> dict[str, str]:
    """Parse a column mapping such as ``"response=answer,documents=contexts"``.

    Each item is ``our_field=dataset_column``; the result maps our field name to the column
    name. Valid fields are `id`, `question`, `documents`, `response`, `history`, `judgment`
    and the gold labels (`label_adherence`, `label_relevance`, `label_utilization`,
    `label_completeness`, `label_unsupported_keys`, `label_unsupported_sentences`). `None` or
    an empty string gives an empty mapping. Raises `UsageError` for an item without ``=``, an
    empty side, an unknown field, or a field named twice.
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
    return checked_mapping(out)


def checked_mapping(mapping: Mapping[str, str] | None) -> dict[str, str]:
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


# --- one row → Example -------------------------------------------------------------------


def _label(field: str, column: str) -> str:
    return f"'{field}'" if field == column else f"'{field}' (column '{column}')"


def _row_id(value: Any, label: str) -> str | None:
    if absent(value):
        return None
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool):
        raise BadRow(f"{label} must be a string or a number, got a boolean")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        # integer ids come back as floats from pandas columns that also hold NaN
        return str(int(value)) if value.is_integer() else str(value)
    raise BadRow(f"{label} must be a string or a number, got {type_name(value)}")


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
        item = {"page_content": item.page_content, "metadata": plain_value(dict(item.metadata))}
    if not isinstance(item, Mapping):
        raise BadRow(f"{where} must be a string or an object, got {type_name(item)}")
    text_key, text = _first(item, _TEXT_KEYS)
    if text_key is None:
        if set(item) <= _DOCUMENT_KEYS:
            raise BadRow(
                f"{where} has no text: expected a 'text', 'content' or 'page_content' field"
            )
        # a structured record (data-to-text: a business listing, a product): its JSON is
        # the document, which the judges read field by field
        return Document(text=_record_text(item))
    if isinstance(text, Mapping | list):
        text = _record_text(text)
    if not isinstance(text, str):
        raise BadRow(f"{where}: '{text_key}' must be a string, got {type_name(text)}")
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
    metadata = {k: json_safe(v) for k, v in item.items() if k not in used and k != "metadata"}
    if "metadata" in item and not isinstance(item["metadata"], Mapping):
        metadata["metadata"] = json_safe(item["metadata"])
    metadata.update({k: json_safe(v) for k, v in nested.items()})
    return Document(text=text, title=found["title"], url=found["url"], metadata=metadata)


def _record_text(record: Mapping[str, Any] | list[Any]) -> str:
    """A structured record as a document's text: its JSON, one field a line."""
    return json.dumps(json_safe(record), ensure_ascii=False, indent=2)


def _documents(value: Any, label: str) -> tuple[Document, ...]:
    if value is None:
        raise BadRow(f"missing required field {label}")
    if isinstance(value, str) and value.lstrip().startswith("["):
        # CSV cells carry a list of documents as JSON; other text is one document
        decoded = maybe_json(value)
        value = decoded if isinstance(decoded, list) else value
    if isinstance(value, str | Mapping) or _is_langchain_document(value):
        items: list[Any] = [value]
    elif isinstance(value, list):
        items = value
    else:
        raise BadRow(
            f"{label} must be a list of documents (strings or objects), got {type_name(value)}"
        )
    if not items:
        raise BadRow(f"{label} is an empty list: at least one document is needed")
    docs = tuple(_document(item, f"document {i}") for i, item in enumerate(items))
    if all(not d.text.strip() for d in docs):
        raise BadRow(f"{label} holds only empty documents")
    return docs


_ROLE_KEYS = ("role", "type", "speaker", "from")
_CONTENT_KEYS = ("content", "text", "message", "value")
_ROLES = {
    "user": "user",
    "human": "user",
    "assistant": "assistant",
    "ai": "assistant",
    "bot": "assistant",
    "model": "assistant",
    "gpt": "assistant",
    "system": "system",
    "tool": "tool",
    "function": "tool",
}


def _turn(item: Any, position: int, where: str) -> Turn:
    if isinstance(item, str):
        # a bare list of texts alternates, starting with the user
        return Turn("user" if position % 2 == 0 else "assistant", item)
    if isinstance(item, list | tuple) and len(item) == 2 and isinstance(item[0], str):
        role, content = item
    elif isinstance(item, Mapping):
        role = next((item[k] for k in _ROLE_KEYS if isinstance(item.get(k), str)), None)
        content = next((item[k] for k in _CONTENT_KEYS if item.get(k) is not None), None)
    elif isinstance(getattr(item, "type", None), str) and hasattr(item, "content"):
        role, content = item.type, item.content  # a LangChain message
    else:
        raise BadRow(f"{where} must be a text, a [role, text] pair or a message object")
    if isinstance(content, list):  # content blocks
        content = "".join(
            part if isinstance(part, str) else str(part.get("text", ""))
            for part in content
            if isinstance(part, str | Mapping)
        )
    if not isinstance(content, str):
        raise BadRow(f"{where} has no text ('content' or 'text')")
    name = str(role or "user").strip().lower()
    return Turn(_ROLES.get(name, name), content)


def _history(value: Any, label: str) -> tuple[Turn, ...]:
    """The conversation before the question: a list of turns, oldest first."""
    value = maybe_json(value)
    if absent(value):
        return ()
    if isinstance(value, str):
        return (Turn("user", value),)
    if not isinstance(value, list):
        raise BadRow(f"{label} must be a list of turns, got {type_name(value)}")
    return tuple(_turn(item, i, f"{label} turn {i}") for i, item in enumerate(value))


def _pair(value: Any, where: str) -> tuple[str, str]:
    if (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], str)
        and isinstance(value[1], str)
    ):
        return value[0], value[1]
    raise BadRow(f"{where} must be a [key, text] pair of strings, got {raw_text(value)!r}")


def _presplit_documents(value: Any) -> tuple[tuple[tuple[str, str], ...], ...]:
    value = maybe_json(value)
    if not isinstance(value, list):
        raise BadRow(f"'documents_sentences' must be a list, got {type_name(value)}")
    out = []
    for d, doc in enumerate(value):
        if not isinstance(doc, list):
            raise BadRow(f"documents_sentences[{d}] must be a list, got {type_name(doc)}")
        out.append(tuple(_pair(p, f"documents_sentences[{d}][{j}]") for j, p in enumerate(doc)))
    return tuple(out)


def _presplit_response(value: Any) -> tuple[tuple[str, str], ...]:
    value = maybe_json(value)
    if not isinstance(value, list):
        raise BadRow(f"'response_sentences' must be a list, got {type_name(value)}")
    return tuple(_pair(p, f"response_sentences[{j}]") for j, p in enumerate(value))


def _ragbench_recorded(row: Mapping[str, Any]) -> dict[str, Any]:
    """The judgment stored in a RAGBench row, in the judgment schema's shape, verbatim."""
    support = maybe_json(row["sentence_support_information"])
    if not isinstance(support, list) or not all(isinstance(s, Mapping) for s in support):
        raise BadRow("'sentence_support_information' must be a list of objects")
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
        overall = to_bool(adherence, "'adherence_score'")

    def keys(column: str) -> list[str]:
        value = row.get(column)
        return [] if value is None else str_list(value, f"'{column}'", split_words=False)

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
            raise BadRow(f"{label} is not valid JSON: {exc}") from None
    if not isinstance(value, Mapping):
        raise BadRow(f"{label} must be a judgment object, got {type_name(value)}")
    return dict(value)


def _gold(
    row: Mapping[str, Any], take: Callable[[str], Any], label: Callable[[str], str]
) -> dict[str, Any]:
    gold: dict[str, Any] = {}
    # RAGBench's stored scores first; explicit label_* columns override them below.
    if row.get("adherence_score") is not None:
        gold["adherence"] = to_bool(row["adherence_score"], "'adherence_score'")
    for name in ("relevance", "utilization", "completeness"):
        column = f"{name}_score"
        if not absent(row.get(column)):
            number = to_unit_float(row[column], f"'{column}'")
            if number is not None:
                gold[name] = number
    if row.get("unsupported_response_sentence_keys") is not None:
        gold["unsupported_keys"] = str_list(
            row["unsupported_response_sentence_keys"],
            "'unsupported_response_sentence_keys'",
            split_words=True,
        )

    value = take("label_adherence")
    if not absent(value):
        gold["adherence"] = to_bool(value, label("label_adherence"))
    for name in ("relevance", "utilization", "completeness"):
        field = f"label_{name}"
        value = take(field)
        if not absent(value):
            number = to_unit_float(value, label(field))
            if number is not None:
                gold[name] = number
    value = take("label_unsupported_keys")
    if not absent(value):
        gold["unsupported_keys"] = str_list(
            value, label("label_unsupported_keys"), split_words=True
        )
    value = take("label_unsupported_sentences")
    if not absent(value):
        gold["unsupported_sentences"] = str_list(
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
    row: Mapping[str, Any] | object,
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
    Unmapped fields are read from the first column of `ragjudge.columns.FIELD_COLUMNS` the
    row has (RAGAS's `user_input`, `retrieved_contexts`, DeepEval's `actual_output`, …).
    `history` (optional) is the conversation before the question: a list of turns, each a
    `{role, content}` object, a `[role, text]` pair, a LangChain message or a bare text.
    RAGBench columns fill `presplit_documents`, `presplit_response`, `recorded` and `gold`;
    a `judgment` column (object or JSON string) fills `recorded`; `label_*` columns fill
    `gold`. All other columns go to `metadata` as JSON-serialisable values.

    Raises `UsageError` only for a malformed `mapping`; every problem of the row itself is
    returned as a `RowError`.
    """
    mapping = checked_mapping(mapping)
    where = source if source is not None else Source("<rows>", index + 1)
    if not isinstance(row, Mapping):
        return RowError(
            source=where,
            message=f"row must be an object with named fields, got {type_name(row)}",
            raw=raw_text(row),
        )
    row_id: str | None = None
    try:
        plain = {_no_surrogates(str(k)): _no_surrogates(plain_value(v)) for k, v in row.items()}
        columns = {field: column_for(field, plain, mapping) for field in MAPPABLE_FIELDS}

        def take(field: str) -> Any:
            return plain.get(columns[field])

        def label(field: str) -> str:
            return _label(field, columns[field])

        def missing(field: str) -> BadRow:
            names = known_names(field)
            if field in mapping or len(names) == 1:
                return BadRow(f"missing required field {label(field)}")
            listed = ", ".join(names[:-1]) + " or " + names[-1]
            return BadRow(f"missing required field {label(field)} (no column {listed})")

        row_id = _row_id(take("id"), label("id"))

        question = take("question")
        if question is None:
            if columns["question"] not in plain:
                raise missing("question")
            question = ""
        if not isinstance(question, str):
            raise BadRow(f"{label('question')} must be a string, got {type_name(question)}")

        response = take("response")
        if response is None:
            raise missing("response")
        if not isinstance(response, str):
            raise BadRow(f"{label('response')} must be a string, got {type_name(response)}")
        if not response.strip():
            raise BadRow(f"{label('response')} is empty")

        if take("documents") is None and columns["documents"] not in plain:
            raise missing("documents")
        documents = _documents(take("documents"), label("documents"))
        history = _history(take("history"), label("history"))

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
        if not absent(judgment):
            recorded = _judgment_column(judgment, label("judgment"))

        gold = _gold(plain, take, label)

        consumed = _RAGBENCH_COLUMNS.union(columns.values())
        metadata = {k: json_safe(v) for k, v in plain.items() if k not in consumed}
    except BadRow as exc:
        return RowError(source=where, message=str(exc), id=row_id, raw=raw_text(row))

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
        history=history,
    )


__all__ = [
    "LABEL_FIELDS",
    "MAPPABLE_FIELDS",
    "checked_mapping",
    "example_from_dict",
    "parse_mapping",
]
