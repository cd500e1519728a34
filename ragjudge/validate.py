"""Stage 5a: turn a judge's raw reply into a schema-valid judgment object.

Extracts the JSON object from the reply (code fences, text around it, a BOM), normalises what is
unambiguous (`"true"` → true, a single key string → a one-element list) and records each
normalisation, then validates against the package's JSON Schema (draft 2020-12). Hands on the
object plus notes and errors; `rules.py` enforces the judgment rules on it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ragjudge.types import Violation

_BOOL_STRINGS = {"true": True, "false": False, "yes": True, "no": False}
_LIST_FIELDS = ("all_relevant_sentence_keys", "all_utilized_sentence_keys")


@dataclass
class Parsed:
    """A reply after extraction, normalisation and validation."""

    obj: dict[str, Any] | None
    errors: list[str] = field(default_factory=list)
    normalisations: list[Violation] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return self.obj is not None and not self.errors


@cache
def judgment_schema() -> dict[str, Any]:
    text = (resources.files("ragjudge") / "schema" / "judgment.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(judgment_schema())


def extract_json(text: str) -> tuple[dict[str, Any] | None, str | None]:
    """Find the judgment object in a reply. Returns (object, None) or (None, reason).

    Takes the first JSON object that decodes, scanning from each `{`; when several decode, the
    largest one wins, so a stray `{}` in a preamble does not hide the judgment.
    """
    if not isinstance(text, str) or not text.strip():
        return None, "the reply is empty"
    text = text.lstrip("\ufeff")
    decoder = json.JSONDecoder()
    best: dict[str, Any] | None = None
    best_len = -1
    pos = text.find("{")
    tried = 0
    while pos != -1 and tried < 200:
        tried += 1
        try:
            obj, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError:
            pos = text.find("{", pos + 1)
            continue
        if isinstance(obj, dict) and end - pos > best_len:
            best, best_len = obj, end - pos
        pos = text.find("{", end)
    if best is None:
        return None, "no JSON object could be decoded from the reply"
    return best, None


def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _BOOL_STRINGS:
        return _BOOL_STRINGS[value.strip().lower()]
    return None


def normalise(obj: dict[str, Any]) -> tuple[dict[str, Any], list[Violation]]:
    """Fix only what has one possible reading, and say what was fixed."""
    notes: list[Violation] = []
    out = dict(obj)

    def fix_bool(container: dict[str, Any], name: str, where: str, key: str | None) -> None:
        value = container.get(name)
        if isinstance(value, str):
            as_bool = _as_bool(value)
            if as_bool is not None:
                container[name] = as_bool
                notes.append(
                    Violation("normalised_boolean", f"{where}: {value!r} read as {as_bool}", key)
                )

    def fix_list(container: dict[str, Any], name: str, where: str, key: str | None) -> None:
        value = container.get(name)
        if value is None and name in container:
            container[name] = []
            notes.append(Violation("normalised_list", f"{where}: null read as []", key))
        elif isinstance(value, str):
            parts = [p for p in value.replace(",", " ").split() if p]
            container[name] = parts
            notes.append(Violation("normalised_list", f"{where}: {value!r} read as {parts}", key))

    fix_bool(out, "overall_supported", "overall_supported", None)
    for name in _LIST_FIELDS:
        fix_list(out, name, name, None)
    ssi = out.get("sentence_support_information")
    if isinstance(ssi, list):
        fixed = []
        for i, entry in enumerate(ssi):
            if isinstance(entry, dict):
                entry = dict(entry)
                key = entry.get("response_sentence_key")
                key = key if isinstance(key, str) else None
                where = f"sentence_support_information[{i}]"
                fix_list(
                    entry, "supporting_sentence_keys", f"{where}.supporting_sentence_keys", key
                )
                fix_bool(entry, "fully_supported", f"{where}.fully_supported", key)
                if "fully_supported" in entry and entry["fully_supported"] is None:
                    # RAGBench's own labels carry nulls here; its unsupported sentences are
                    # those without supporting keys, so the keys decide, and it is recorded
                    keys = entry.get("supporting_sentence_keys")
                    entry["fully_supported"] = bool(keys) if isinstance(keys, list) else False
                    notes.append(
                        Violation(
                            "normalised_fully_supported",
                            f"{where}.fully_supported: null read as {entry['fully_supported']} "
                            "(from its supporting keys)",
                            key,
                        )
                    )
                if entry.get("explanation") is None and "explanation" in entry:
                    entry["explanation"] = ""
            fixed.append(entry)
        out["sentence_support_information"] = fixed
    for name in ("relevance_explanation", "overall_supported_explanation"):
        if name in out and out[name] is None:
            out[name] = ""
    return out, notes


def schema_errors(obj: Any) -> list[str]:
    """Human-readable schema errors, e.g. `sentence_support_information[0].fully_supported:
    'maybe' is not of type 'boolean'`."""
    errors = []
    for err in sorted(_validator().iter_errors(obj), key=lambda e: list(map(str, e.path))):
        path = ""
        for part in err.path:
            path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
        errors.append(f"{path or '(top level)'}: {err.message}")
    return errors


def parse_reply(text: str) -> Parsed:
    """Extract, normalise and validate one reply."""
    obj, reason = extract_json(text)
    if obj is None:
        return Parsed(None, [reason or "no JSON object"])
    obj, notes = normalise(obj)
    return Parsed(obj, schema_errors(obj), notes)


def repair_request(errors: list[str]) -> str:
    """The follow-up message asking the judge to fix an invalid answer."""
    listed = "\n".join(f"- {e}" for e in errors[:20])
    return (
        "Your answer could not be used because it is not a valid judgment:\n"
        f"{listed}\n\n"
        "Answer again with the complete corrected JSON object only, following the field "
        "descriptions given before, with no text before or after it."
    )
