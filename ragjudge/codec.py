"""JSON for the frozen dataclasses that travel between stages and onto disk.

`to_json` turns a dataclass into the plain JSON value it is written as (fields in declaration
order, tuples as lists, enums as their values); `from_json` builds the dataclass back from such a
value, led by the field types, so a new field needs no code here: give it a type and a default.
A field whose metadata says `OMIT_IF_NONE` is left out of the JSON while it is None (`windows`,
`citations`: fields only some records have); `omit_with("other")` leaves a field out whenever
the field `other` is None.

Reading is lenient where old files and hand-written ones differ harmlessly (an int where a float
is meant, a boolean score, a missing field that has a default) and strict where the value cannot
mean what the field says: such a value raises `CodecError`, naming the field's path.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")

#: field metadata: leave the field out of the JSON while its value is None
OMIT_IF_NONE: Mapping[str, Any] = {"omit_if_none": True}


def omit_with(other: str) -> Mapping[str, Any]:
    """Field metadata: leave the field out of the JSON whenever the field `other` is None."""
    return {"omit_with": other}


class CodecError(ValueError):
    """A JSON value that cannot become the field it is read into."""


# --- writing -------------------------------------------------------------------------------

_FieldPlan = tuple[str, str | None, bool]  # (name, omitted with this field's None, omit if None)
_plans: dict[type, tuple[_FieldPlan, ...]] = {}
_JSON_SCALARS = (str, int, float, bool, type(None))


def _plan(cls: type) -> tuple[_FieldPlan, ...]:
    plan = _plans.get(cls)
    if plan is None:
        plan = tuple(
            (f.name, f.metadata.get("omit_with"), bool(f.metadata.get("omit_if_none")))
            for f in dataclasses.fields(cls)
        )
        _plans[cls] = plan
    return plan


def to_json(value: Any) -> Any:
    """The JSON value of a dataclass (or of any value made of dataclasses, enums, tuples,
    lists, mappings and JSON scalars)."""
    kind = type(value)
    if kind in _JSON_SCALARS:
        return value
    if kind is tuple or kind is list:
        return [v if type(v) is str else list(v) if _is_str_pair(v) else to_json(v) for v in value]
    plan = _plans.get(kind)
    if plan is not None or hasattr(kind, "__dataclass_fields__"):
        fields = value.__dict__
        out: dict[str, Any] = {}
        for name, with_field, omit_none in plan or _plan(kind):
            item = fields[name]
            if (item is None and omit_none) or (
                with_field is not None and fields[with_field] is None
            ):
                continue
            out[name] = item if type(item) in _JSON_SCALARS else to_json(item)
        return out
    if isinstance(value, enum.Enum):
        return to_json(value.value)
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, str | int | float):  # subclasses of the scalars
        return value
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    raise TypeError(f"cannot write {kind.__name__} as JSON")


def _is_str_pair(value: Any) -> bool:
    return (
        type(value) is tuple and len(value) == 2 and type(value[0]) is str and type(value[1]) is str
    )


# --- reading -------------------------------------------------------------------------------
# A decoder takes the JSON value alone; a `CodecError` gains the path of the failing field as
# it travels up, so paths cost nothing while everything reads.

_Decoder = Callable[[Any], Any]
_decoders: dict[Any, _Decoder] = {}


def from_json(cls: type[T], value: Any, path: str = "") -> T:
    """Build a `cls` (a dataclass) from its JSON value; raises `CodecError`."""
    try:
        decoded: T = _decoder(cls)(value)
    except _Problem as exc:
        raise CodecError(f"{path or cls.__name__}{exc.where}: {exc.problem}") from None
    return decoded


class _Problem(CodecError):
    """A failure inside a value; `where` grows (".scores.adherence") on the way up."""

    def __init__(self, problem: str, where: str = "") -> None:
        super().__init__(problem)
        self.problem = problem
        self.where = where

    def under(self, step: str) -> _Problem:
        return _Problem(self.problem, step + self.where)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return type(value).__name__


def _fail(expected: str, value: Any) -> _Problem:
    return _Problem(f"expected {expected}, got {_kind(value)}")


def _str(value: Any) -> str:
    if type(value) is str:
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)  # an id written as a number by hand
    raise _fail("a string", value)


def _int(value: Any) -> int:
    if type(value) is int:
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise _fail("a whole number", value)


def _float(value: Any) -> float:
    if type(value) is float:
        return value
    if isinstance(value, int | float):
        return float(value)  # booleans included: a hand-written `"adherence": true` is 1.0
    raise _fail("a number", value)


def _bool(value: Any) -> bool:
    if type(value) is bool:
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    raise _fail("true or false", value)


def _any(value: Any) -> Any:
    return value


_SCALARS: dict[Any, _Decoder] = {str: _str, int: _int, float: _float, bool: _bool, Any: _any}


def _decoder(tp: Any) -> _Decoder:
    found = _decoders.get(tp)
    if found is None:
        found = _build(tp)
        _decoders[tp] = found
    return found


def _locate(decode: _Decoder, items: Any, exc: _Problem) -> _Problem:
    """The same failure, naming the first item of `items` that fails."""
    for i, item in enumerate(items):
        try:
            decode(item)
        except _Problem as inner:
            return inner.under(f"[{i}]")
    return exc


def _strings(value: Any) -> tuple[str, ...]:
    if type(value) is list or type(value) is tuple:
        if all(type(v) is str for v in value):
            return tuple(value)
        return tuple(_str(v) for v in value)
    raise _fail("a list", value)


def _str_pairs(value: Any) -> tuple[tuple[str, str], ...]:
    # keyed sentences: by far the most numerous values of a record
    if type(value) is not list and type(value) is not tuple:
        raise _fail("a list", value)
    out = []
    for pair in value:
        if (type(pair) is list or type(pair) is tuple) and len(pair) == 2:
            key, text = pair
            if type(key) is str and type(text) is str:
                out.append((key, text))
                continue
            out.append((_str(key), _str(text)))
            continue
        raise _fail("a [key, text] pair", pair)
    return tuple(out)


def _build(tp: Any) -> _Decoder:
    if tp in _SCALARS:
        return _SCALARS[tp]
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        inner = _decoder(options[0]) if len(options) == 1 else _any
        nullable = len(options) < len(args)

        def optional(value: Any) -> Any:
            if value is None and nullable:
                return None
            return inner(value)

        return optional
    if origin is tuple:
        if args == (str, Ellipsis):
            return _decoded_items(_strings, _str)
        if args == (tuple[str, str], Ellipsis):
            return _decoded_items(_str_pairs, _decoder(tuple[str, str]))
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])

            def many(value: Any) -> tuple[Any, ...]:
                if type(value) is not list and type(value) is not tuple:
                    raise _fail("a list", value)
                return tuple([item(v) for v in value])

            return _decoded_items(many, item)
        parts = [_decoder(a) for a in args]

        def fixed(value: Any) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple) or len(value) != len(parts):
                raise _fail(f"a list of {len(parts)}", value)
            return tuple([p(v) for p, v in zip(parts, value, strict=True)])

        return fixed
    if origin in (Mapping, dict):

        def mapping(value: Any) -> dict[str, Any]:
            if not isinstance(value, Mapping):
                raise _fail("an object", value)
            return dict(value)

        return mapping
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        members = {m.value: m for m in tp}

        def member(value: Any) -> Any:
            try:
                return members[value]
            except (KeyError, TypeError):
                known = ", ".join(str(v) for v in members)
                raise _Problem(f"{value!r} is not one of {known}") from None

        return member
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    raise TypeError(f"no JSON reader for {tp!r}")


def _decoded_items(decode: _Decoder, item: _Decoder) -> _Decoder:
    def items(value: Any) -> Any:
        try:
            return decode(value)
        except _Problem as exc:
            if isinstance(value, list | tuple):
                raise _locate(item, value, exc) from None
            raise

    return items


def _dataclass_decoder(cls: type) -> _Decoder:
    hints = typing.get_type_hints(cls)
    plan: list[tuple[str, Any, bool]] = []
    for f in dataclasses.fields(cls):
        if f.init:
            has_default = (
                f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            )
            plan.append((f.name, hints[f.name], has_default))
    resolved: list[tuple[str, _Decoder, bool]] = []

    def build(value: Any) -> Any:
        if not resolved:
            # decoders of the fields are made on first use: a dataclass may refer to itself
            resolved.extend((name, _decoder(tp), has) for name, tp, has in plan)
        if not isinstance(value, Mapping):
            raise _fail("an object", value)
        kwargs: dict[str, Any] = {}
        for name, decode, has_default in resolved:
            if name in value:
                try:
                    kwargs[name] = decode(value[name])
                except _Problem as exc:
                    raise exc.under(f".{name}") from None
            elif not has_default:
                raise _Problem(f"the field {name!r} is missing")
        return cls(**kwargs)

    return build


__all__ = ["OMIT_IF_NONE", "CodecError", "from_json", "omit_with", "to_json"]
