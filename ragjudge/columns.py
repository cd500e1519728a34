"""Stage 1: which column of a row fills which field, when no `--map` says so.

Datasets made for RAGAS (`user_input`, `retrieved_contexts`, `response`), DeepEval (`input`,
`retrieval_context`, `actual_output`) or with the common names (`question`, `contexts`,
`answer`) are read as they are. Each field has a list of column names, tried in order; the
first one a row has wins (so ragjudge's own name beats RAGAS's, RAGAS's beats DeepEval's, and
those beat the common ones), and the columns that lose stay in the metadata. A field named in
`--map` is read from that column only.

When no row of a batch can be used, `no_usable_rows` says which columns were found and which
`--map` would fix it. `ragjudge.rows` reads the row; this module only names columns.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

#: the columns each field is read from, in order of preference (datasets/README.md)
FIELD_COLUMNS: Mapping[str, tuple[str, ...]] = {
    "id": ("id",),
    "question": ("question", "user_input", "input", "query"),
    "documents": ("documents", "retrieved_contexts", "retrieval_context", "contexts"),
    "response": ("response", "actual_output", "answer"),
    "history": ("history", "chat_history"),
}
REQUIRED_FIELDS = ("question", "documents", "response")

#: words in a column name that suggest a field, for the hint of a batch nothing could read
_HINTS: Mapping[str, tuple[str, ...]] = {
    "question": ("question", "query", "prompt", "input", "ask", "instruction", "user"),
    "documents": (
        "context", "ctx", "document", "doc", "passage", "chunk", "source", "retriev",
        "evidence", "knowledge", "snippet",
    ),
    "response": (
        "response", "answer", "output", "generat", "completion", "prediction", "reply", "result",
    ),
}  # fmt: skip


def column_for(field: str, keys: Iterable[str], mapping: Mapping[str, str]) -> str:
    """The column `field` is read from in a row with these keys: the mapped column, else the
    first known name the row has, else the field's own name (which the row then lacks)."""
    mapped = mapping.get(field)
    if mapped is not None:
        return mapped
    names = FIELD_COLUMNS.get(field, (field,))
    present = set(keys)
    return next((name for name in names if name in present), field)


def known_names(field: str) -> tuple[str, ...]:
    """The column names a field may come from when it is not mapped."""
    return FIELD_COLUMNS.get(field, (field,))


def _suggest(field: str, columns: list[str], taken: set[str]) -> str | None:
    free = [c for c in columns if c not in taken]
    for word in _HINTS[field]:
        for column in free:
            if word in column.lower():
                return column
    # abbreviations: `q`, `out`, `gen` start the field's name or one of its words
    for column in free:
        short = column.lower()
        if any(word.startswith(short) for word in (field, *_HINTS[field])):
            return column
    close = difflib.get_close_matches(field, free, n=1, cutoff=0.6)
    return close[0] if close else None


def suggested_mapping(columns: Iterable[str]) -> dict[str, str]:
    """For each required field no known column fills, the column that most looks like it."""
    found = list(dict.fromkeys(str(c) for c in columns))
    present = set(found)
    taken = {c for names in FIELD_COLUMNS.values() for c in names if c in present}
    out: dict[str, str] = {}
    for field in REQUIRED_FIELDS:
        if any(name in present for name in known_names(field)):
            continue
        guess = _suggest(field, found, taken)
        if guess is not None:
            out[field] = guess
            taken.add(guess)
    return out


def no_usable_rows(
    name: str, columns: Iterable[str] | None, mapping: Mapping[str, str], first_error: str
) -> str:
    """The one line said when no row of a batch could be used: the columns found and the
    `--map` that would fix it, or the first row's problem when the columns are not at fault."""
    found = list(dict.fromkeys(str(c) for c in columns)) if columns is not None else []
    if "missing required field" not in first_error or not found:
        return f"no row of {name} could be used; the first: {first_error}"
    present = set(found)
    missing = [f for f in REQUIRED_FIELDS if column_for(f, found, mapping) not in present]
    taken = {column_for(f, found, mapping) for f in FIELD_COLUMNS} & present
    parts = []
    for field in missing or REQUIRED_FIELDS:
        guess = _suggest(field, found, taken)
        if guess is not None:
            taken.add(guess)
        parts.append(f"{field}={guess or '<column>'}")
    shown = ", ".join(found[:20]) + (", …" if len(found) > 20 else "")
    return (
        f"no row of {name} could be used: its columns are {shown}, and none is read as "
        f"{' or '.join(missing) or 'the fields asked for'}; try --map {','.join(parts)} "
        "(mapping= in Python; see datasets/README.md)"
    )


__all__ = [
    "FIELD_COLUMNS",
    "REQUIRED_FIELDS",
    "column_for",
    "known_names",
    "no_usable_rows",
    "suggested_mapping",
]
