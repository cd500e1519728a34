"""Stage 1: single values of a row as the loader wants them — plain Python (from pandas, numpy
and pyarrow), JSON-safe, and checked (a boolean, a number in [0, 1], a list of strings). A value
that fails a check raises `BadRow` with a message naming the field; the row becomes a
`RowError` with that message (see `ragjudge.rows`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

#: characters of a bad row kept in its `RowError` (`raw`)
RAW_CHARS = 200


class BadRow(Exception):
    """Raised inside row conversion; becomes a `RowError` with this message."""


def plain_value(value: Any) -> Any:
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
        return [plain_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain_value(v) for k, v in value.items()}
    if kind.__module__ == "numpy":
        if getattr(value, "ndim", 0) == 0:
            return plain_value(value.item())
        # object arrays hold nested arrays (RAGBench sentences), so walk them item by item
        return [plain_value(v) for v in value]
    if isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        return None if math.isnan(value) else value
    if isinstance(value, list | tuple):
        return [plain_value(v) for v in value]
    if kind.__name__ in ("NAType", "NaTType"):
        return None
    return value


def json_safe(value: Any) -> Any:
    """A JSON-serialisable copy of an already `_plain` value (for metadata)."""
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_safe(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def raw_text(value: Any) -> str:
    if isinstance(value, str):
        return value[:RAW_CHARS]
    try:
        text = json.dumps(json_safe(plain_value(value)), ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text[:RAW_CHARS]


def type_name(value: Any) -> str:
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


def absent(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def maybe_json(value: Any) -> Any:
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


def to_bool(value: Any, name: str) -> bool:
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
    raise BadRow(f"{name} must be true or false (or 1/0), got {raw_text(value)!r}")


def to_unit_float(value: Any, name: str) -> float | None:
    if isinstance(value, bool):
        raise BadRow(f"{name} must be a number between 0 and 1, got a boolean")
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise BadRow(f"{name} must be a number between 0 and 1, got {value!r}") from None
    if not isinstance(value, int | float):
        raise BadRow(f"{name} must be a number between 0 and 1, got {type_name(value)}")
    number = float(value)
    if math.isnan(number):
        return None
    if not 0.0 <= number <= 1.0:
        raise BadRow(f"{name} must be a number between 0 and 1, got {number}")
    return number


def str_list(value: Any, name: str, *, split_words: bool) -> list[str]:
    """A list of strings from a list, a JSON-encoded list, or (when `split_words`) a string of
    space- or comma-separated keys; a plain string otherwise counts as one item."""
    value = maybe_json(value)
    if isinstance(value, str):
        if split_words:
            return value.replace(",", " ").split()
        return [value]
    if not isinstance(value, list):
        raise BadRow(f"{name} must be a list of strings, got {type_name(value)}")
    bad = [v for v in value if not isinstance(v, str)]
    if bad:
        raise BadRow(f"{name} must be a list of strings, but holds {type_name(bad[0])}")
    return list(value)


__all__ = [
    "RAW_CHARS",
    "BadRow",
    "absent",
    "json_safe",
    "maybe_json",
    "plain_value",
    "raw_text",
    "str_list",
    "to_bool",
    "to_unit_float",
    "type_name",
]
