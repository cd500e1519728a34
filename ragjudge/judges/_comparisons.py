"""Comparisons an answer contradicts itself on.

A comparison answer ("who was born first", "which was founded earlier") usually gives the dates
it compares. When the order it claims disagrees with those dates ("Arthur Lubin was born first,
on July 25, 1898. Aleksandr Ivanovsky was born in 1881."), one of its statements is wrong
whatever the documents say, although every word of it may be in them. Matching words cannot see
that; reading the dates can.

English only: dates are read as answers write them ("July 25, 1898", "25 July 1898", "July
1898", "1898"), and a comparison as "<Name> was born first", "… is older", "… was founded
earlier", "… is younger".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ragjudge.judges._tokens import MONTH_NAMES

_MONTHS = {name.lower(): n for n, name in enumerate(MONTH_NAMES, start=1)}
_MONTH = "(?:" + "|".join(MONTH_NAMES) + ")"
_DATE = re.compile(
    rf"\b(?:(?P<m1>{_MONTH})\s+(?P<d1>\d{{1,2}}),?\s+(?P<y1>\d{{3,4}})"
    rf"|(?P<d2>\d{{1,2}})\s+(?P<m2>{_MONTH}),?\s+(?P<y2>\d{{3,4}})"
    rf"|(?P<m3>{_MONTH})\s+(?P<y3>\d{{3,4}})"
    r"|(?P<y4>\d{3,4}))\b"
)
#: a name: capitalised words, with the particles names carry ("Ludwig van Beethoven")
_NAME = (
    r"[A-Z][\w.'’\-]*(?:\s+(?:(?:de|van|von|der|da|del|la|le|al|bin|of|the)\s+)?[A-Z][\w.'’\-]*)*"
)
_VERBS = (
    r"(?:born|founded|established|formed|released|published|opened|built|created|started|"
    r"launched|premiered|introduced|discovered|completed|incorporated|debuted)"
)
_OPENING = r"^\W*(?:(?:Yes|No),\s*)?(?P<name>" + _NAME + r")\s+(?:\([^)]*\)\s+)?(?:was|is|were)\s+"
#: "<Name> was born first / earlier / before …", "<Name> is older"
_EARLIER = re.compile(
    _OPENING
    + rf"(?:(?P<verb>{_VERBS})\s+(?:first|earlier|before)|older|the older(?: one)?|the oldest)\b"
)
#: "<Name> is younger", "<Name> was founded later / after …"
_LATER = re.compile(
    _OPENING
    + rf"(?:younger|the younger(?: one)?|the youngest|(?P<verb>{_VERBS})\s+(?:later|after|last))\b"
)
#: where one statement of an answer ends and the next begins, within and across sentences
_CLAUSE = re.compile(r",?\s+(?:while|whereas)\s+|;\s*|\.\s+|,?\s+and\s+(?=[A-Z])")
_NAME_START = re.compile(_NAME)
#: capitalised words that begin a clause without naming anything
_NOT_NAMES = frozenset(
    {
        *("The", "A", "An", "In", "On", "At", "By", "Born", "Both", "Therefore", "However"),
        *("Thus", "So", "Yes", "No", "It", "He", "She", "They", "This", "That", "These"),
        *("Those", "There", "Which", "Who", "His", "Her", "Their"),
    }
)

Date = tuple[int, int | None, int | None]


@dataclass(frozen=True, slots=True)
class Conflict:
    """A comparison the answer's own dates contradict."""

    sentence: int  # index of the response sentence that claims the order
    claimed: str  # the name claimed earlier (or later)
    other: str
    claimed_date: str  # both dates as the answer writes them
    other_date: str
    earlier: bool  # whether the sentence claims `claimed` came first


def _date(m: re.Match[str]) -> Date:
    g = m.groupdict()
    if g["y1"]:
        return int(g["y1"]), _MONTHS[g["m1"].lower()], int(g["d1"])
    if g["y2"]:
        return int(g["y2"]), _MONTHS[g["m2"].lower()], int(g["d2"])
    if g["y3"]:
        return int(g["y3"]), _MONTHS[g["m3"].lower()], None
    return int(g["y4"]), None, None


def _earlier(a: Date, b: Date) -> bool | None:
    """Whether date `a` comes before `b`; None when what both give does not decide it."""
    for x, y in zip(a, b, strict=True):
        if x is None or y is None:
            return None
        if x != y:
            return x < y
    return None


def _dates_by_name(text: str, verb: str) -> dict[str, tuple[Date, str]]:
    """The first date each name is given in `text` for `verb` ("born"): in each clause that
    says `verb`, the name that opens it and the first date after that name (so "X directed Y
    in 1950" gives no birth date)."""
    found: dict[str, tuple[Date, str]] = {}
    for clause in _CLAUSE.split(text):
        if verb not in clause:
            continue
        date = _DATE.search(clause)
        name = _NAME_START.search(clause)
        if date is None or name is None or name.start() >= date.start():
            continue
        words = name.group().split()
        if words[0] in _NOT_NAMES:
            continue
        found.setdefault(" ".join(words), (_date(date), date.group()))
    return found


def _same(a: str, b: str) -> bool:
    return a == b or a in b or b in a


def comparison_conflicts(sentences: Sequence[str]) -> list[Conflict]:
    """The comparisons among `sentences` (one answer, in order) that the dates the answer
    gives contradict: at most one per sentence."""
    text = " ".join(sentences)
    if not any(word in text for word in ("first", "earlier", "before", "old", "young", "later")):
        return []
    conflicts: list[Conflict] = []
    for i, sentence in enumerate(sentences):
        for pattern, earlier in ((_EARLIER, True), (_LATER, False)):
            m = pattern.search(sentence)
            if m is None or m.group("name").split()[0] in _NOT_NAMES:
                continue
            # "older" and "younger" compare births
            dates = _dates_by_name(text, m.group("verb") or "born")
            claimed = " ".join(m.group("name").split())
            own = next((d for name, d in dates.items() if _same(name, claimed)), None)
            if own is None:
                continue
            for name, other in dates.items():
                if _same(name, claimed):
                    continue
                order = _earlier(own[0], other[0])
                if order is not None and order != earlier:
                    conflicts.append(Conflict(i, claimed, name, own[1], other[1], earlier))
                    break
            break
    return conflicts
