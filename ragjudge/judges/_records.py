"""Structured documents for the offline judge: a JSON object, a table or `key: value` lines
read as short factual statements, so a sentence of the answer is compared with one fact of the
record rather than with the whole record at once.

`record_facts(text)` returns `None` for prose. For a record it returns one `Fact` per leaf value
(JSON, or a Python literal such as `str()` of a dict; a long text value gives one per
sentence), per table row, per `key: value` line, per `key[value]` slot (E2E-style meaning
representations) or per `subject | predicate | object` triple. A record that a line of prose
introduces ("Structured data: {…}", as prompts do) is read as the record alone; a markdown
table between paragraphs gives its rows, and the paragraphs their sentences, and so does an
HTML table in a page.

Each fact keeps the character span it came from, so the judge can name the keyed document
sentence that holds it, and a readable text: field names split into words (`OutdoorSeating`
-> `Outdoor Seating`, `business_stars` -> `business stars`), the path of nested fields in
front (`hours Monday 7:00-15:00`), table cells led by their column header. A field whose value
is false or "no" reads as negated, so "has outdoor seating" does not match
`OutdoorSeating: false`; a null value is no fact (the record says nothing of that field).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from html.parser import HTMLParser
from itertools import pairwise
from typing import Any

from ragjudge.judges._listings import aliases, offering, scale
from ragjudge.sentences import split

#: a record's facts are worth reading one by one only when there are a few of them
_MIN_FACTS = 2
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_KEY_VALUE = re.compile(
    r"^(?P<indent>[ \t]*)(?:[-*•][ \t]+)?"  # indentation and an optional bullet
    r"(?P<key>[^\s:|][^:|\n]{0,48}?)[ \t]*[:：][ \t]*(?P<value>.*)$"
)
#: the days of the week, as records name them, and their first three letters in order
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
DAY_ORDER = [d[:3].lower() for d in DAYS]
_WEEKDAYS = frozenset(DAY_ORDER)


def days_between(first: str, last: str) -> list[int]:
    """The days from `first` to `last` (any names of them, by their first three letters), as
    indexes into `DAYS`, through the week's end when `last` comes first ("Fri - Mon")."""
    a, b = DAY_ORDER.index(first[:3].lower()), DAY_ORDER.index(last[:3].lower())
    return [k % 7 for k in range(a, b + 1 + (7 if b < a else 0))]


_TIME = re.compile(r"\b([01]?\d|2[0-3]):([0-5]?\d)\b")
#: the seconds of a time of day ("12:30:21")
_SECONDS = re.compile(r"(?:(?<=\b\d:\d\d)|(?<=\b\d\d:\d\d)):[0-5]\d\b")
_ROUND_THE_CLOCK = re.compile(r"0?0:00?\s*-\s*0?0:00?")
#: a day's hours that say the place does not open that day (`Sunday: Closed`, 定休日)
_SHUT = re.compile(r"\s*(?:closed(?: all day)?|定休日?|休業日?|休み)\s*[.。]?\s*", re.I)
#: an option of a group that says the place has none of it (`no_music`)
_NONE_OPTION = re.compile(r"no(?:ne)?(?:[_\s-]|$)", re.IGNORECASE)
#: markdown's strong emphasis ("**WiFi:**"), read away from `key: value` lines
_EMPHASIS = re.compile(r"\*\*|__")
#: a line that opens an item of a list: "- ", "* ", "• " after its indentation
_BULLET = re.compile(r"^[ \t]*[-*•][ \t]+")
_BRACKET = re.compile(r"\[(?P<value>[^\[\]\n]*)\]")
_RULE_CELL = re.compile(r":?-{2,}:?")
#: a line that ends as a sentence does: a full stop, "?" or "!" (and a closing quote)
_ENDS_AS_SENTENCE = re.compile(r"\w[.?!][\"'”’)]?\s*$")
#: the rule under a markdown table's header: `|---|:--:|`
TABLE_RULE = re.compile(r"\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+\|?")
_SENTENCE_END = re.compile(r"[.!?]\s+\S")
_SLOT_KEY = re.compile(r"[A-Za-z_][\w ]{0,40}")
_FALSE = frozenset(
    {
        *("false", "no", "none", "n/a", "0", "not available", "unavailable"),
        *("not allowed", "not permitted", "not included", "not offered", "not accepted"),
    }
)
_QUOTED = re.compile(r"u?(['\"])(.*)\1", re.S)
#: `key: value` lines whose typical value is longer than this many words are prose, and a
#: string value of a JSON record that is longer is a passage, read sentence by sentence
_LONG_VALUE = 20
#: the longest string read as a nested record
_MAX_NESTED = 10_000
#: the longest document read as a Python literal when it is not JSON
_MAX_LITERAL = 200_000
#: a record inside prose is read as a record when it holds at least this share of the text
_EMBEDDED_SHARE = 0.6
#: how many opening braces are tried as the start of an embedded record
_EMBEDDED_TRIES = 5
#: where an embedded record starts: a brace that opens a line or follows a colon
_BLOCK_START = re.compile(r"(?:^|[:：]|\n)[ \t]*\n?[ \t]*(?P<brace>\{)")


#: US states and Canadian provinces by their postal codes, as listings write them (`"state":
#: "ID"`) and answers do not ("Boise, Idaho")
_REGIONS = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
    "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
    "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan",
    "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana",
    "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
    "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota",
    "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee",
    "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington",
    "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming", "PR": "Puerto Rico",
    "AB": "Alberta", "BC": "British Columbia", "MB": "Manitoba", "NB": "New Brunswick",
    "NL": "Newfoundland and Labrador", "NS": "Nova Scotia", "NT": "Northwest Territories",
    "NU": "Nunavut", "ON": "Ontario", "PE": "Prince Edward Island", "QC": "Quebec",
    "SK": "Saskatchewan", "YT": "Yukon",
}  # fmt: skip
_REGION_KEYS = frozenset({"state", "province", "region", "state_code", "province_code"})


@dataclass(frozen=True, slots=True)
class Fact:
    """One statement of a record: its span in the document text and how it reads."""

    start: int
    end: int
    text: str
    negated: bool = False
    #: one field and its value (a JSON leaf, a `key: value` line, a slot); a table row or a
    #: triple relates several and is a statement of its own
    field: bool = False
    #: the item of a list of records the fact belongs to, as a path (`review_info/2`,
    #: `rows/3` for a table's row): facts of two items (two reviews, two products, two rows)
    #: are not one statement; "" outside any list
    group: str = ""
    #: a field's own name as the record writes it (`OutdoorSeating`, `brunch` under
    #: `GoodForMeal`), without the path above it; "" for other facts
    name: str = ""
    #: phrases that would give the field another value of its scale ("quiet" for
    #: `NoiseLevel: loud`; see `ragjudge.judges._listings`)
    excludes: tuple[str, ...] = ()
    #: whether those phrases name the field by themselves ("quiet" does; "free" needs "WiFi")
    bound: bool = False
    #: whether the value, beside its level, says the place has the thing (`WiFi: free`), as
    #: yes does
    present: bool = False
    #: a field as the record writes it, for an explanation to quote (`NoiseLevel: loud`,
    #: `BusinessParking.lot: false`); "" for other facts
    label: str = ""
    #: the summary of a weekly schedule ("open 6 days a week, closed on Sunday")
    week: bool = False
    #: a day of a schedule that the record marks closed (`Sunday: Closed`): a day it lists,
    #: but not one the place opens
    shut: bool = False
    #: the names of the options of a group that says whether the place offers a thing at
    #: all (see `_Options`), for the fact of the group
    options: tuple[str, ...] = ()


def name_parts(name: str) -> list[str]:
    """The words a field name is made of: `OutdoorSeating` -> `Outdoor`, `Seating`."""
    return _CAMEL.sub(" ", name.replace("_", " ").replace("-", " ")).split()


@lru_cache(maxsize=4096)
def words(name: str) -> str:
    """A field name as words: `OutdoorSeating` -> `Outdoor Seating`, `review_stars` ->
    `review stars`; a name that changed keeps its written form too (`WiFi` -> `Wi Fi WiFi`),
    and so do neighbouring parts run together (`RestaurantsTakeOut` -> `… TakeOut`: an answer
    writes "takeout"), since answers write either."""
    parts = name_parts(name)
    split = " ".join(parts)
    compact = name.strip()
    if " " in compact or split == compact:
        return split
    joined = []
    if not re.search(r"[_\-]", compact):  # parts of a CamelCase name, not of snake_case
        joined = [a + b for a, b in pairwise(parts) if a.isalpha() and b.isalpha()]
    return " ".join([split, *(j for j in joined if j != compact), compact])


def _value(value: Any) -> tuple[str, bool]:
    """A leaf value as text, and whether it denies the field (false, no)."""
    if isinstance(value, bool):
        return ("yes" if value else "no"), not value
    if value is None:
        return "", False
    text = _unquoted(str(value).strip())
    if len(text) >= 2 and text[0] in "{[" and text[-1] in "}]":
        # a nested record that did not parse (see `_nested`): its words, without the brackets
        text = re.sub(r"[{}\[\]'\"]", " ", text)
    lowered = text.lower()
    # (the seconds of a time stamp are no value an answer gives: "2023-04-16 12:30:21")
    text = _SECONDS.sub("", text)
    return _with_clock_times(_with_days(text)), lowered in _FALSE


def _with_region(key: str, shown: str) -> str:
    """A state's or province's code also read as its name: "ID" as "ID Idaho"."""
    if key.strip().lower() in _REGION_KEYS and shown.strip().upper() in _REGIONS:
        return f"{shown} {_REGIONS[shown.strip().upper()]}"
    return shown


def _field(
    start: int, end: int, path: str, keys: Sequence[str], value: Any, group: str = ""
) -> Fact:
    """The fact of one field: its path and name as words, then its value, with the words
    answers use for them (a state's name for its code; a listing's other names for the field
    and its value's words, unless the value denies the field; see `_listings`). `keys` is
    the field's path as the record writes it, its own name last."""
    name = keys[-1] if keys else ""
    shown, negated = _value(value)
    written = "true" if value is True else "false" if value is False else str(value).strip()
    label = f"{'.'.join(keys[-2:])}: {_unquoted(written)}" if keys else ""
    shown = _with_region(name, shown)
    level = scale(name, shown) if name else None
    # an option of a group (`casual` under `Ambience`) goes by its group's other names too
    parent = keys[-2] if len(keys) >= 2 else ""
    if not negated and (other_names := aliases(name) or aliases(parent)):
        path = f"{path} ({', '.join(other_names)})"
    if level:
        shown = f"{shown} ({', '.join(level[0].said)})"
    said = f"{path} {shown}".strip()
    shut = name.strip().lower()[:3] in _WEEKDAYS and _shut(value)
    return Fact(
        start,
        end,
        said,
        negated,
        field=True,
        group=group,
        name=name,
        excludes=level[0].excludes if level else (),
        bound=level[1] if level else False,
        present=level[0].present if level else False,
        label=label,
        shut=shut,
    )


def _shut(value: Any) -> bool:
    """Whether a day's hours say the place does not open that day."""
    return isinstance(value, str) and _SHUT.fullmatch(value) is not None


def _unquoted(text: str) -> str:
    """A value written as a Python string literal, as Yelp's attributes are (`u'free'`,
    `'none'`), as its plain text."""
    m = _QUOTED.fullmatch(text)
    return m.group(2) if m else text


def _nested(value: str) -> dict[str, Any] | list[Any] | None:
    """A record written as a string inside a record, as Yelp's attributes are
    (`"{'garage': False, 'street': True}"`): parsed as a Python or JSON literal (no code is
    run), or None."""
    text = value.strip()
    if not (2 <= len(text) <= _MAX_NESTED and text[0] in "{[" and text[-1] in "}]"):
        return None
    try:
        parsed = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        try:
            parsed = json.loads(text)
        except ValueError:
            return None
    return parsed if isinstance(parsed, dict | list) and parsed else None


@dataclass(frozen=True, slots=True)
class _Week:
    """A schedule by weekday (`hours: {Monday: …, Tuesday: …}`) sums up as the number of days
    it lists and the days it leaves out, as answers say it: "open 7 days a week", "open
    daily", "closed on Sunday"."""

    #: the days it lists, by their first three letters (`mon`)
    days: frozenset[str]

    def __str__(self) -> str:
        closed = [d for d in DAYS if d[:3].lower() not in self.days]
        said = f"open {len(self.days)} days a week"
        if closed:
            return f"{said}, closed on {', '.join(closed)}"
        return f"{said}, daily, every day, on weekdays and weekends"


@dataclass(frozen=True, slots=True)
class _Options:
    """A group of yes/no options that together say whether a place offers a thing at all
    (`BusinessParking: {garage: False, street: True, …}`, see `_listings.offering`): it does
    when one of them is yes. An answer says "parking is available" or "there is no parking"
    of the group, not of one option."""

    #: the options, as the record names them
    options: tuple[str, ...]
    #: those that are yes
    offered: tuple[str, ...]

    def fact(self, start: int, keys: Sequence[str]) -> Fact:
        name = keys[-1]
        said = " ".join(words(k) for k in keys)
        shown = ", ".join(self.offered) if self.offered else f"none of {', '.join(self.options)}"
        return Fact(
            start,
            0,
            f"{said} {'yes' if self.offered else 'no'}",
            negated=not self.offered,
            field=True,
            name=name,
            label=f"{name}: {shown}",
            options=self.options,
        )


#: a day of the week written short ("Mon", "Thurs."), or a span of them ("Mon-Fri")
_SHORT_DAY = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?"
_SHORT_DAYS = re.compile(
    rf"\b(?P<first>{_SHORT_DAY})(?:\s*(?:-|–|to|through|thru)\s*(?P<last>{_SHORT_DAY}))?(?!\w)",
    re.IGNORECASE,
)


def _with_days(text: str) -> str:
    """Days written short also read as the days they name: "Mon-Fri" as Monday, Tuesday,
    Wednesday, Thursday, Friday, so an answer's "Monday to Friday" is the record's; a day
    alone only beside hours."""
    said = list(_SHORT_DAYS.finditer(text))
    if not any(m.group("last") for m in said) and not (said and _TIME.search(text)):
        return text  # a day alone is one only beside hours ("Sun 9:00-13:00", not "Sun Valley")
    named: list[str] = []
    for m in said:
        span = days_between(m.group("first"), m.group("last") or m.group("first"))
        named += [DAYS[d] for d in span if DAYS[d] not in named]
    return f"{text} ({', '.join(named)})"


def _with_clock_times(text: str) -> str:
    """`7:0-20:0` also reads as `7 am 8 pm`: answers write opening hours on a 12-hour clock
    (and `0:00`, `12:00` as midnight and noon). Hours from midnight to midnight (`0:0-0:0`,
    as Yelp's data writes a day) say either that the place never closes or that it does not
    open that day, and read as both."""
    if _ROUND_THE_CLOCK.fullmatch(text.strip()):
        return f"{text} (open 24 hours, or closed)"
    extra = []
    for m in _TIME.finditer(text):
        hour, minute = int(m.group(1)), int(m.group(2))
        twelve = hour % 12 or 12
        clock = f"{twelve}" if minute == 0 else f"{twelve}:{minute:02d}"
        extra.append(f"{clock} {'pm' if hour >= 12 else 'am'}")
        if minute == 0 and hour in (0, 12):
            extra.append("noon" if hour else "midnight")
    return f"{text} ({', '.join(extra)})" if extra else text


def record_facts(text: str) -> list[Fact] | None:
    """The facts of a structured document, or None when `text` reads as prose."""
    stripped = text.strip()
    if not stripped:
        return None
    for reader in (
        _json_facts,
        _html_table_facts,
        _embedded_facts,
        _table_facts,
        _slot_facts,
        _triple_facts,
        _key_value_facts,
        _table_in_prose_facts,
    ):
        facts = reader(text)
        if facts is not None and len(facts) >= _MIN_FACTS:
            return facts
    return None


# --- JSON -------------------------------------------------------------------------------------


def _json_facts(text: str) -> list[Fact] | None:
    """A JSON object or array, or the same written as a Python literal (`str()` of a dict:
    single quotes, `True`/`False`/`None`), as records are often dumped."""
    stripped = text.lstrip()
    if not stripped or stripped[0] not in "{[":
        return None
    data = _parsed(text)
    if not isinstance(data, dict | list):
        return None
    try:
        leaves = list(_leaves(data, ()))
    except RecursionError:
        return None
    cursor = 0

    def locate(path: tuple[str, ...], value: Any) -> int:
        """The leaf's place in the text: its last key (objects keep the text's order), else
        its value, searched from the place of the leaf before it."""
        nonlocal cursor
        anchors = _written(path[-1]) if path else _written(value)
        found = next((f for a in anchors if (f := text.find(a, cursor)) >= 0), -1)
        if found < 0:
            found = next((f for a in _written(value) if (f := text.find(a, cursor)) >= 0), -1)
        start = found if found >= 0 else cursor
        cursor = max(cursor, start + 1)
        return start

    return _close_spans(_leaf_facts(leaves, locate), len(text))


def _leaf_facts(
    leaves: Iterable[tuple[tuple[str, ...], Any]],
    locate: Callable[[tuple[str, ...], Any], int],
) -> list[Fact]:
    """The facts of a record's leaves (`_leaves`), each placed where `locate` finds it: a
    field, a weekly schedule's summary, or the sentences of a long text value."""
    facts: list[Fact] = []
    for path, value in leaves:
        if isinstance(value, _Week):
            # read with the days it sums up, at the place of the last of them
            keys = [p for p in path if not p.isdigit()]
            said = f"{' '.join(map(words, keys))} {value}".strip()
            label = f"{'.'.join(keys[-2:]) or 'hours'}: {value}"
            start = facts[-1].start if facts else 0
            facts.append(Fact(start, 0, said, field=True, label=label, week=True))
            continue
        if isinstance(value, _Options):
            # read at the place of its last option
            keys = [p for p in path if not p.isdigit()]
            facts.append(value.fact(facts[-1].start if facts else 0, keys))
            continue
        if value is None:
            continue  # a null says nothing of its field: neither that it is, nor that it is not
        shown = _value(value)[0]
        if not shown and not path:
            continue
        start = locate(path, value)
        readable = " ".join(words(p) for p in path if not p.isdigit())
        items = [n for n, p in enumerate(path) if p.isdigit()]
        group = "/".join(path[: items[-1] + 1]) if items else ""
        if isinstance(value, str) and len(shown.split()) > _LONG_VALUE:
            # a passage (a review, a description): read sentence by sentence, as prose is
            for a, b in split(shown):
                said = f"{readable} {shown[a:b]}".strip()
                facts.append(Fact(start, start, said, group=group))
            continue
        keys = [p for p in path if not p.isdigit()] if path and not path[-1].isdigit() else []
        facts.append(_field(start, start, readable, keys, value, group))
    return facts


def _parsed(text: str) -> Any:
    """`text` as JSON, else as a Python literal (no code is run; at most `_MAX_LITERAL`
    characters), else None."""
    try:
        return json.loads(text)
    except RecursionError:
        return None  # nested too deep to read as a record
    except ValueError:
        pass
    if len(text) > _MAX_LITERAL:
        return None
    try:
        return ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _written(value: Any) -> tuple[str, ...]:
    """How a key or value may be written in the text: as JSON (escaped or not) or as Python."""
    forms = (json.dumps(value), json.dumps(value, ensure_ascii=False), repr(value))
    return tuple(dict.fromkeys(forms))


def _embedded_facts(text: str) -> list[Fact] | None:
    """A record inside a little prose, as in a prompt that introduces its data ("Structured
    data: {…}"): the facts of the block from its first brace to its last, when that block
    parses and holds most of the text. The prose around it is not read as evidence."""
    end = text.rfind("}") + 1
    for n, start in enumerate(_BLOCK_START.finditer(text, 0, end)):
        begin = start.start("brace")
        if n == _EMBEDDED_TRIES or end - begin < _EMBEDDED_SHARE * len(text.strip()):
            return None  # what is left is too small a part of the text to be its record
        facts = _json_facts(text[begin:end])
        if facts is not None:
            shifted = [replace(f, start=f.start + begin, end=f.end + begin) for f in facts]
            return _close_spans(shifted, len(text))
    return None


def _leaves(value: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
    if isinstance(value, str) and (nested := _nested(value)) is not None:
        value = nested
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, str(key)))
        if path and len(value) >= 2 and offering(path[-1]) and _all_yes_no(value):
            # an option that says the place has none (`no_music`) is not one it offers
            options = tuple(k for k in map(str, value) if not _NONE_OPTION.match(k))
            yield path, _Options(options, tuple(k for k in options if value[k]))
        days = {str(key).strip().lower()[:3]: item for key, item in value.items()}
        # (days with yes or no, as `BestNights` gives them, are options, not a schedule)
        if len(days.keys() & _WEEKDAYS) >= 3 and not _all_yes_no(value):
            yield path, _Week(frozenset(d for d in _WEEKDAYS if d in days and not _shut(days[d])))
    elif isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        for n, item in enumerate(value):
            yield from _leaves(item, (*path, str(n)))
    elif isinstance(value, list):
        yield path, ", ".join(str(v) for v in value)
    else:
        yield path, value


def _all_yes_no(value: dict[Any, Any]) -> bool:
    return all(isinstance(v, bool) for v in value.values())


def _close_spans(facts: list[Fact], length: int) -> list[Fact]:
    """Each fact runs to the start of the next one (the last to the end of the text)."""
    out = []
    for n, fact in enumerate(facts):
        end = facts[n + 1].start if n + 1 < len(facts) else length
        out.append(replace(fact, end=max(end, fact.start)))
    return out


# --- tables -----------------------------------------------------------------------------------


def _lines(text: str) -> Iterator[tuple[int, str]]:
    offset = 0
    for line in text.splitlines(keepends=True):
        yield offset, line.rstrip("\r\n")
        offset += len(line)


def _cells(line: str, sep: str) -> list[str]:
    if sep == "|":
        line = line.strip()
        line = line[1:] if line.startswith("|") else line
        line = line[:-1] if line.endswith("|") else line
    return [c.strip() for c in line.split(sep)]


def _table_facts(text: str) -> list[Fact] | None:
    if text.count("\n") < 2:
        return None
    rows = [(o, line) for o, line in _lines(text) if line.strip()]
    if len(rows) < 3:
        return None
    for sep in ("|", "\t", ","):
        counts = [line.count(sep) for _, line in rows]
        width = counts[0]
        if width < 1 or sum(c == width for c in counts) < 0.9 * len(counts):
            continue
        if sep == "|" and not _markdown_table([line for _, line in rows]):
            continue  # `a | b | c` triples, or prose with bars between links
        if sep == "," and _prose([line for _, line in rows]):
            return None  # prose with a comma to a sentence, not a CSV table
        header = _cells(rows[0][1], sep)
        facts: list[Fact] = []
        for offset, line in rows[1:]:
            cells = _cells(line, sep)
            if all(_RULE_CELL.fullmatch(c) for c in cells if c):
                continue  # the markdown rule under the header
            said = _row_text(zip(header, cells, strict=False))
            facts.append(Fact(offset, offset + len(line), said, group=f"rows/{len(facts)}"))
        return facts
    return None


#: HTML elements that end a block of text (a paragraph, an item, a heading, a line break)
_HTML_BLOCKS = frozenset(
    (
        *("p", "div", "li", "ul", "ol", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6"),
        *("section", "article", "header", "footer", "blockquote", "pre", "dt", "dd"),
        *("caption", "table"),
    )
)


#: HTML elements whose content is no text of the page
_HIDDEN_TAGS = frozenset(("script", "style", "noscript", "template"))
#: a footnote mark in a table cell, as Wikipedia's pages carry them: "[1]", "[a]", "[note 2]"
_FOOTNOTE = re.compile(r"\[(?:\d+|[a-z]|(?:note|nb) \d+|citation needed)\]", re.I)


@dataclass(slots=True)
class _Cell:
    text: list[str]
    header: bool
    rows: int  # rowspan
    columns: int  # colspan


def _span(value: str | None) -> int:
    return min(int(value), 50) if value and value.strip().isdigit() and int(value) > 0 else 1


class _HtmlTables(HTMLParser):
    """The rows of a page's tables and its other text. Each row is read into the grid of its
    table: a cell that spans rows (`rowspan`) is repeated in the rows below it, one that
    spans columns (`colspan`) in each of them, so every value stands under its header. The
    text outside the tables (and a table's caption) comes as blocks (a paragraph, an item, a
    heading), each with its place in the text; scripts and styles are no text."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.line_starts = [0]
        for line in text.splitlines(keepends=True):
            self.line_starts.append(self.line_starts[-1] + len(line))
        self.stack: list[int] = []  # the open tables, innermost last
        self.opened = 0
        #: per table, the cells that rows above carry down: column -> (rows left, cell)
        self.carried: dict[int, dict[int, tuple[int, tuple[str, bool]]]] = {}
        #: per row: its table, its place in the text, its cells (text, whether a header)
        self.rows: list[tuple[int, int, list[tuple[str, bool]]]] = []
        self.row: tuple[int, list[_Cell]] | None = None
        self.cell: _Cell | None = None
        self.blocks: list[tuple[int, str]] = []
        self.block: list[str] = []
        self.block_start = -1
        self.hidden = 0  # depth of <script>, <style>
        self.caption = False

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def end_block(self) -> None:
        said = " ".join(_FOOTNOTE.sub(" ", " ".join(self.block)).split())
        if said:
            self.blocks.append((self.block_start, said))
        self.block, self.block_start = [], -1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN_TAGS:
            self.hidden += 1
        if tag in _HTML_BLOCKS:
            self.end_block()
        if tag == "table":
            self.opened += 1
            self.stack.append(self.opened)
            self.carried[self.opened] = {}
        elif tag == "caption":
            self.caption = True
        elif tag == "tr" and self.stack:
            self.end_row()
            self.row = (self._offset(), [])
        elif tag in ("td", "th") and self.stack:
            self._end_cell()
            if self.row is None:
                self.row = (self._offset(), [])
            span = dict(attrs)
            self.cell = _Cell(
                [], tag == "th", _span(span.get("rowspan")), _span(span.get("colspan"))
            )

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN_TAGS and self.hidden:
            self.hidden -= 1
        if tag in ("td", "th"):
            self._end_cell()
        elif tag == "tr":
            self.end_row()
        elif tag == "caption":
            self.end_block()
            self.caption = False
        elif tag == "table" and self.stack:
            self.end_row()
            self.stack.pop()
        if tag in _HTML_BLOCKS:
            self.end_block()

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.cell is not None:
            self.cell.text.append(data)
        elif (not self.stack or self.caption) and data.strip():
            if self.block_start < 0:
                self.block_start = self._offset()
            self.block.append(data)

    def _end_cell(self) -> None:
        if self.cell is not None and self.row is not None:
            self.row[1].append(self.cell)
        self.cell = None

    def end_row(self) -> None:
        self._end_cell()
        if self.row is None or not self.stack:
            self.row = None
            return
        start, cells = self.row
        self.row = None
        carried = self.carried[self.stack[-1]]
        grid: list[tuple[str, bool]] = []

        def carry_down() -> None:
            while len(grid) in carried:
                left, value = carried.pop(len(grid))
                grid.append(value)
                if left > 1:
                    carried[len(grid) - 1] = (left - 1, value)

        for cell in cells:
            carry_down()
            text = " ".join(_FOOTNOTE.sub(" ", " ".join(cell.text)).split())
            for _ in range(cell.columns):
                if cell.rows > 1:
                    carried[len(grid)] = (cell.rows - 1, (text, cell.header))
                grid.append((text, cell.header))
        carry_down()
        if any(text for text, _ in grid):
            self.rows.append((self.stack[-1], start, grid))


def _html_table_facts(text: str) -> list[Fact] | None:
    """A page with HTML tables (`<table>`): each row a statement, its cells led by their
    column's header (a row of `<th>` cells above it); in a table without such a header, a
    row of a `<th>` and a `<td>` is a field (a table of names and values, as an infobox
    is). The text around the tables is read sentence by sentence."""
    if "<table" not in text.lower():
        return None
    parser = _HtmlTables(text)
    try:
        parser.feed(text)
        parser.close()
    except (AssertionError, ValueError):
        return None
    parser.end_row()
    parser.end_block()
    if not parser.rows:
        return None
    facts: list[Fact] = []
    header: list[str] = []
    table, row = 0, 0
    for number, start, cells in parser.rows:
        if number != table:
            table, row, header = number, 0, []
        if len(cells) >= 2 and all(is_header for _, is_header in cells):
            header = [c for c, _ in cells]  # the columns of the rows below
            continue
        if not header and len(cells) == 2 and cells[0][1] and not cells[1][1]:
            # a name and its value, as an infobox gives them: a field of one record
            name, value = cells[0][0], cells[1][0]
            facts.append(_field(start, start, words(name), [name], value))
            continue
        # a row of a table is an item of its list, as a record of a JSON array is
        group, row = f"tables/{table}/{row}", row + 1
        columns = [*header, *[""] * len(cells)]
        said = _row_text(zip(columns, (c for c, _ in cells), strict=False))
        facts.append(Fact(start, start, said, group=group))
    for start, block in parser.blocks:
        facts += [Fact(start, start, block[a:b]) for a, b in split(block)]
    facts.sort(key=lambda f: f.start)
    return _close_spans(facts, len(text))


def _row_text(cells: Iterable[tuple[str, str]]) -> str:
    """A table row as one statement, each cell led by its column's header (`(header, cell)`
    pairs; a cell without a header stands alone): "Year 2001; Team Ajax; Goals 12"."""
    return "; ".join(part for h, c in cells if (part := f"{words(h)} {c}" if h else c))


def _prose(lines: list[str]) -> bool:
    """Lines are sentences, not the rows of a comma-separated table: one is long, half of
    them end as a sentence does, or their cells run to more than six words on average."""
    if any(len(line) > 200 for line in lines):
        return True
    if sum(bool(_ENDS_AS_SENTENCE.search(line)) for line in lines) * 2 >= len(lines):
        return True
    cells = [cell for line in lines for cell in line.split(",")]
    return sum(len(cell.split()) for cell in cells) > 6 * len(cells)


def _markdown_table(lines: list[str]) -> bool:
    """Lines set off by `|` are a table when they open with `|` or have a `---|---` rule."""
    return all(line.lstrip().startswith("|") for line in lines) or any(
        TABLE_RULE.fullmatch(line.strip()) for line in lines
    )


def _table_in_prose_facts(text: str) -> list[Fact] | None:
    """Prose around a markdown table, as pages converted to text carry them: the table's rows
    as facts (see `_table_facts`) and the prose around them sentence by sentence. A table here
    is a run of at least three adjacent lines with the same number of `|` (two or more) that
    make a markdown table (see `_markdown_table`), so lines of links set off by bars are not
    one."""
    runs: list[tuple[int, int]] = []  # (start, end) of each table's lines in the text
    run: list[tuple[int, str]] = []

    def close() -> None:
        if len(run) >= 3 and _markdown_table([line for _, line in run]):
            runs.append((run[0][0], run[-1][0] + len(run[-1][1])))
        run.clear()

    for offset, line in _lines(text):
        bars = line.count("|")
        if bars >= 2 and (not run or run[0][1].count("|") == bars):
            run.append((offset, line))
            continue
        close()
        if bars >= 2:
            run.append((offset, line))
    close()
    if not runs:
        return None
    facts: list[Fact] = []
    read_rows = False
    cursor = 0
    for start, end in [*runs, (len(text), len(text))]:
        prose = text[cursor:start]
        for a, b in split(prose) if prose.strip() else []:
            facts.append(Fact(cursor + a, cursor + b, prose[a:b]))
        for f in (_table_facts(text[start:end]) if start < end else None) or []:
            # each table's rows are items of their own list
            group = f"{start}/{f.group}"
            facts.append(replace(f, start=f.start + start, end=f.end + start, group=group))
            read_rows = True
        cursor = end
    return facts if read_rows else None


# --- slots, triples, key: value lines --------------------------------------------------------


def _slot_facts(text: str) -> list[Fact] | None:
    """E2E-style meaning representations: `name[The Eagle], eatType[coffee shop], …`."""
    if text.count("[") < _MIN_FACTS:
        return None
    facts = []
    covered = 0
    previous = 0
    for m in _BRACKET.finditer(text):
        # the slot's name is what stands between the previous slot (or a comma) and the bracket
        key = text[previous : m.start()].strip().lstrip(",;").strip()
        if _SLOT_KEY.fullmatch(key):
            facts.append(_field(m.start() - len(key), m.end(), words(key), [key], m.group("value")))
            covered += m.end() - m.start() + len(key)
        previous = m.end()
    if len(facts) < _MIN_FACTS or covered < 0.6 * len(text.strip()):
        return None
    return facts


def _triple_facts(text: str) -> list[Fact] | None:
    """WebNLG-style triples, one a line: `Alan_Bean | occupation | Test_pilot`."""
    if "|" not in text:
        return None
    rows = [(o, line) for o, line in _lines(text) if line.strip()]
    if not rows or not all(line.count("|") == 2 for _, line in rows):
        return None
    if any(_SENTENCE_END.search(line) for _, line in rows):
        return None  # sentences with bars between them (links, citations), not triples
    facts = []
    for offset, line in rows:
        parts = [words(p.strip()) for p in line.split("|")]
        facts.append(Fact(offset, offset + len(line), " ".join(parts)))
    return facts if len(facts) >= 1 else None


def _field_line(line: str) -> re.Match[str] | None:
    """`line` read as `key: value`, unless its colon is no field's: one between two digits (a
    time, a verse: "Psalm 148:2"), a URL's ("https://…"), or one inside parentheses."""
    m = _KEY_VALUE.match(line)
    if m is None:
        return None
    key, value = m.group("key"), m.group("value")
    if key.count("(") != key.count(")") or value.startswith("//"):
        return None
    if key[-1:].isdigit() and value[:1].isdigit() and m.end("key") + 1 == m.start("value"):
        return None  # "RestaurantsPriceRange2: 3" is a field
    return m


@dataclass(slots=True)
class _Open:
    """A key of `key: value` lines whose value is the lines below it, at deeper indentation."""

    indent: int
    path: tuple[str, ...]
    #: its value: a dict of keys, a list of items ("- " lines), or None until a line says which
    node: dict[str, Any] | list[Any] | None
    #: the dict that holds it under `key`
    parent: dict[str, Any] | None = None
    key: str = ""


def _key_value_facts(text: str) -> list[Fact] | None:
    """`key: value` lines, read as the record they write: an indented line belongs to the
    last key without a value above it, a line that opens with "- " starts an item of a list
    (as YAML writes records, and as `ragjudge.ingest.ragtruth` renders them). The record is
    then read as JSON is (`_leaves`): a value written as a Python literal holds fields, a
    weekly schedule sums up, and each item of a list is one statement."""
    if text.count("\n") < 2 or text.count(":") + text.count("：") < 2:
        return None
    rows = [(o, line) for o, line in _lines(text) if line.strip()]
    if len(rows) < 3:
        return None
    # markdown emphasis around a key ("**WiFi:** paid") is no part of it
    rows = [
        (o, _EMPHASIS.sub("", line) if "**" in line or "__" in line else line) for o, line in rows
    ]
    matches = [(o, line, _field_line(line)) for o, line in rows]
    if sum(m is not None for _, _, m in matches) < 0.7 * len(rows):
        return None
    sizes = sorted(len(m.group("value").split()) for _, _, m in matches if m and m.group("value"))
    if sizes and sizes[len(sizes) // 2] > _LONG_VALUE:
        return None  # paragraphs under run-in headings ("Procedures: …"): prose, not a record
    root: dict[str, Any] = {}
    where: dict[tuple[str, ...], int] = {}  # path -> offset of the line that writes it
    plain: list[Fact] = []
    stack = [_Open(-1, (), root)]
    for offset, line, m in matches:
        if m is None:
            plain.append(Fact(offset, offset + len(line), line.strip()))
            continue
        indent = len(m.group("indent").expandtabs(4))
        bullet = _BULLET.match(line) is not None
        while len(stack) > 1 and stack[-1].indent >= indent:
            top = stack[-1]
            if bullet and top.indent == indent and top.parent is not None and top.node is None:
                break  # "key:" with its items at the key's own indentation, as YAML allows
            if bullet and top.indent == indent and isinstance(top.node, list):
                break
            stack.pop()
        top = stack[-1]
        if top.node is None and top.parent is not None:  # the first line below a key
            top.node = [] if bullet else {}
            top.parent[top.key] = top.node
        if isinstance(top.node, list):
            item: dict[str, Any] = {}
            top.node.append(item)
            path = (*top.path, str(len(top.node) - 1))
            where[path] = offset
            stack.append(_Open(indent, path, item))
            top = stack[-1]
        if not isinstance(top.node, dict):
            continue  # cannot happen: every open key's value is a dict or a list by now
        key, value = m.group("key").strip(), m.group("value").strip()
        path = (*top.path, key)
        where.setdefault(path, offset)
        if value:
            # a key written again keeps every value ("Step: …" on several lines)
            before = top.node.get(key)
            if before is None:
                top.node[key] = value
            elif isinstance(before, list) and not any(isinstance(v, dict) for v in before):
                before.append(value)
            else:
                top.node[key] = [before, value]
        else:
            stack.append(_Open(indent, path, None, top.node, key))
    root = _without_empty(root)

    def locate(path: tuple[str, ...], value: Any) -> int:
        while path and path not in where:
            path = path[:-1]
        return where.get(path, 0)

    try:
        leaves = list(_leaves(root, ()))
    except RecursionError:
        return None
    facts = sorted([*_leaf_facts(leaves, locate), *plain], key=lambda f: f.start)
    return _close_spans(facts, len(text))


def _without_empty(value: Any) -> Any:
    """A record without the keys that had no value and no lines below them, and with a list
    of one-key items under distinct keys ("Hours:" then "- Monday: …", "- Tuesday: …") read
    as the one object it writes."""
    if isinstance(value, dict):
        return {k: _without_empty(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        if (
            len(value) > 1
            and all(isinstance(v, dict) and len(v) == 1 for v in value)
            and len({next(iter(v)) for v in value}) == len(value)
        ):
            return _without_empty({k: v for item in value for k, v in item.items()})
        return [_without_empty(v) for v in value]
    return value
