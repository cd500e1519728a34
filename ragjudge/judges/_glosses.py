"""What an answer explains by itself, so the documents need not hold it: a measurement given
again in other units ("160°F (71°C)", "5 miles (8 km)"), an acronym spelled out next to its
expansion ("computed tomography (CT)", "Gross Combination Weight Rating (GCWR)"), a number
worked out from two of its own ("537 deaths among 16044 cases: 3.35%") with the constants of
its formula ("* 100"), and the count of a list it gives ("3 members (A, B and C)").

An answer adds such glosses of its own accord. The converted number and the acronym (or its
expansion) are then missing from the documents without being made up; the judge still checks
the number or the words they gloss. It may also restate a quantity of the documents in other
units in place of theirs ("60 minutes" for "1 hour"): `restated_numbers` finds those. And it
rounds a number of theirs to a bound or an approximation ("over 150 reviews" for 153, "about
40%" for 41.6%): `bounded_numbers` finds those.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import combinations, permutations
from typing import NamedTuple

from ragjudge.judges._tokens import is_year, number_value, shares_in_tenths, tokenize

#: units written out (not "m", "in" or "s" alone, which are also other words): read in a
#: gloss and in a quantity restated without one ("60 minutes" for "1 hour")
_WORD_UNIT = (
    r"miles?|km|kilomet(?:er|re)s?|pounds?|lbs?|kg|kilograms?|grams?|ounces?|oz|feet|foot|"
    r"ft|met(?:er|re)s?|inch(?:es)?|cm|centimet(?:er|re)s?|gallons?|lit(?:er|re)s?|ml|"
    r"millilit(?:er|re)s?|pints?|quarts?|cups?|seconds?|secs?|minutes?|mins?|hours?|hrs?|"
    r"days?|weeks?|months?|years?|yrs?|bytes?|[kmgt]b|kilobytes?|megabytes?|gigabytes?|"
    r"terabytes?|mg|milligrams?|mm|millimet(?:er|re)s?"
)
#: all the units a gloss may give: temperatures, those written out, and the short forms that
#: only the parentheses of a gloss make safe to read ("5 m (16 ft)", "3 in (7.6 cm)")
_UNIT = (
    r"°\s?[fc]|degrees? (?:fahrenheit|celsius)|fahrenheit|celsius|[fc]\b|"
    rf"{_WORD_UNIT}|mi|g|fl\.? oz|fluid ounces?|m|in|gal|l|pt|qt|s|h"
)
#: a number with a unit, then the same measure in other units in parentheses
_CONVERSION = re.compile(
    rf"(?P<a>\d[\d,]*(?:\.\d+)?)\s?(?P<ua>{_UNIT})\s*\(\s*(?:about |approximately |approx\. |"
    rf"around |roughly |~|≈)?(?P<b>-?\d[\d,]*(?:\.\d+)?)\s?(?P<ub>{_UNIT})\s*\)",
    re.IGNORECASE,
)
#: what each unit measures and its size in that measure's base unit, by the unit's first
#: letters (the longer of two that share a start first: "min" before "mi", "gal" before "g")
_SIZES: tuple[tuple[tuple[str, ...], str, float], ...] = (
    (("mg", "milligram"), "mass", 1e-6),
    (("mm", "millimet"), "length", 0.001),
    (("byte",), "data", 1.0),
    (("kb", "kilobyte"), "data", 1e3),
    (("mb", "megabyte"), "data", 1e6),
    (("gb", "gigabyte"), "data", 1e9),
    (("tb", "terabyte"), "data", 1e12),
    (("millilit", "ml"), "volume", 0.001),
    (("min",), "time", 60.0),
    (("month",), "time", 2629746.0),
    (("mi",), "length", 1609.344),
    (("km", "kilomet"), "length", 1000.0),
    (("cm", "centimet"), "length", 0.01),
    (("feet", "foot", "ft"), "length", 0.3048),
    (("inch", "in"), "length", 0.0254),
    (("met", "m"), "length", 1.0),
    (("pound", "lb"), "mass", 0.45359237),
    (("kg", "kilogram"), "mass", 1.0),
    (("fl", "fluid"), "volume", 0.0295735295625),
    (("ounce", "oz"), "mass", 0.028349523125),
    (("gal",), "volume", 3.785411784),
    (("gram", "g"), "mass", 0.001),
    (("lit", "l"), "volume", 1.0),
    (("pint", "pt"), "volume", 0.473176473),
    (("quart", "qt"), "volume", 0.946352946),
    (("cup",), "volume", 0.2365882365),
    (("sec", "s"), "time", 1.0),
    (("hour", "hr", "h"), "time", 3600.0),
    (("day",), "time", 86400.0),
    (("week",), "time", 604800.0),
    (("year", "yr"), "time", 31556952.0),
)


def _kind(unit: str) -> str:
    u = unit.lower().replace(" ", "")
    if u.startswith(("°f", "degreef", "degreesf", "fahrenheit")) or u == "f":
        return "f"
    if u.startswith(("°c", "degreec", "degreesc", "celsius")) or u == "c":
        return "c"
    return u


def _convert(value: float, unit: str, into: str) -> float | None:
    """`value` in `unit` given in `into`, or None when the two measure different things."""
    a, b = _kind(unit), _kind(into)
    if {a, b} == {"f", "c"}:
        return (value - 32) * 5 / 9 if a == "f" else value * 9 / 5 + 32
    first, second = (_size(u) for u in (a, b))
    if first is None or second is None or first[0] != second[0] or a == b:
        return None
    return value * first[1] / second[1]


def _size(unit: str) -> tuple[str, float] | None:
    return next(((m, f) for starts, m, f in _SIZES if unit.startswith(starts)), None)


def converted_numbers(text: str, known: set[str]) -> set[str]:
    """Numbers of `text` (as `tokenize` writes them) that restate a `known` number next to
    them in other units, rounded as people round: "71" in "160°F (71°C)" when 160 is known,
    "2.6" in "2.6 pints (1.2 liters)" when 1.2 is."""
    found: set[str] = set()
    if "(" not in text:
        return found
    for m in _CONVERSION.finditer(text):
        a = float(m.group("a").replace(",", ""))
        b = float(m.group("b").replace(",", ""))
        converted = _convert(a, m.group("ua"), m.group("ub"))
        if converted is None or abs(converted - b) > max(1.0, 0.03 * abs(b)):
            continue
        first, second = tokenize(m.group("a")).digits, tokenize(m.group("b")).digits
        if first & known:
            found |= second
        elif second & known:
            found |= first
    return found


#: a number given as a lower bound or an approximation: "over 150", "about 40%", "nearly 5";
#: not a range's first number ("about 10 to 12"). An upper bound ("less than 100 mg/dL") is
#: more often a limit of its own than a rounding
_BOUNDED = re.compile(
    r"\b(?P<word>more than|over|upwards of|at least|nearly|almost|about|around|"
    r"approximately|roughly)\s+(?P<n>\d[\d,]*(?:\.\d+)?)(?!\s?%?\s*(?:to|-|–|and)\s*\d)",
    re.IGNORECASE,
)
#: the same in Japanese and Chinese, before the number (約150件, 约有150条, 超过150条) or after
#: it and its counter (150件以上, 150件ほど, 150多条, 150条左右)
_BOUNDED_CJK = re.compile(
    r"(?P<word>約|およそ|おおよそ|ほぼ|大约|约|超过|超過|近)有?\s?(?P<n>\d[\d,]*(?:\.\d+)?)"
    r"|(?P<n2>\d[\d,]*(?:\.\d+)?)\s?(?P<word2>多)?(?:[^\d\s、。,，.]{0,2}?|[ァ-ヺー]{2,6})"
    r"(?P<after>以上|超|余り|あまり|ほど|程度|前後|くらい|ぐらい|近く|左右|上下|多)"
)
#: how those words bound, as the English ones in `_MEETS`
_CJK_MEETS = {
    **dict.fromkeys(("約", "およそ", "おおよそ", "ほぼ", "大约", "约"), "about"),
    **dict.fromkeys(("ほど", "程度", "前後", "くらい", "ぐらい", "左右", "上下"), "about"),
    **dict.fromkeys(("超过", "超過", "超", "余り", "あまり", "多"), "more than"),
    "以上": "at least",
    **dict.fromkeys(("近", "近く"), "nearly"),
}
#: a share after a number
_SHARE_AFTER = re.compile(r"\s?(?:%|％|percent|per cent)", re.IGNORECASE)
#: how many points a share given as approximate may be off ("about 40%" for 41.6%)
_SHARE_POINTS = 2.0
#: per bound's word: the document numbers that meet it, as a share of the sentence's number
#: (low, high, whether each end is included): "over 150" is met by 151 to 300, "about 150"
#: by 143 to 157, "nearly 5" by 4.25 to 5
_MEETS = {
    **dict.fromkeys(("more than", "over", "upwards of"), (1.0, 2.0, False)),
    "at least": (1.0, 2.0, True),
    **dict.fromkeys(("nearly", "almost"), (0.85, 1.0, False)),
    **dict.fromkeys(("about", "around", "approximately", "roughly"), (0.95, 1.05, True)),
}


def _around(text: str, m: re.Match[str]) -> set[str]:
    """The words next to a bound (`_BOUNDED`): the one before it and the one after its
    number, in lower case ("adults" and "should" of "adults over 70 should")."""
    before = re.findall(r"[A-Za-z]+", text[: m.start()])[-1:]
    after = re.findall(r"[A-Za-z]+", text[m.end() : m.end() + 40])[:1]
    return {w.lower() for w in (*before, *after)}


def bounded_numbers(text: str, known: set[str], theirs: str = "") -> set[str]:
    """Numbers of `text` (as `tokenize` writes them) that it gives as a bound or an
    approximation met by a `known` number (the caller's: those of the statements the
    sentence restates): "150" in "over 150 reviews" when 153 is known, "40" in "about 40%"
    when 41.6 is, "150" in 約150件 and 150多条. A year is no such number ("around 1900" is
    not 1898), nor is a bound that `theirs` (the text of those statements) gives with
    another number beside a word of the sentence's: "adults over 50" where they say "adults
    over 70" changes their bound."""
    found: set[str] = set()
    values = [v for k in known if (v := number_value(k)) is not None]
    given = [
        (m.group("word").lower(), m.group("n"), _around(theirs, m))
        for m in _BOUNDED.finditer(theirs)
    ]
    bounds = []
    for m in _BOUNDED.finditer(text):
        word, near = m.group("word").lower(), _around(text, m)
        if not any(w == word and n != m.group("n") and near & by for w, n, by in given):
            bounds.append((m.group("n"), word, _SHARE_AFTER.match(text, m.end()) is not None))
    if not text.isascii():
        if "割" in text:
            text = shares_in_tenths(text)  # 約3割 as 約30%
        for m in _BOUNDED_CJK.finditer(text):
            word = m.group("word") or m.group("word2") or m.group("after")
            n = "n" if m.group("n") else "n2"
            share = _SHARE_AFTER.match(text, m.end(n)) is not None
            bounds.append((m.group(n), _CJK_MEETS[word], share))
    for number, word, share in bounds:
        said = float(number.replace(",", ""))
        if said <= 0 or is_year(said):
            continue
        low, high, inclusive = _MEETS[word]
        lo, hi = low * said, high * said
        if share and _MEETS[word] == _MEETS["about"]:
            # a share is rounded to points, not to a part of itself: "about 88%" is not 92%
            lo, hi = said - _SHARE_POINTS, said + _SHARE_POINTS
        if any(
            (lo <= v <= hi) if inclusive else (lo <= v <= hi and v != said)
            for v in values
            if not is_year(v)
        ):
            found |= tokenize(number).digits
    return found


_MEASURE = re.compile(
    rf"(?<![\d.,])(?P<a>\d[\d,]*(?:\.\d+)?)(?:\s?-?(?P<u>{_WORD_UNIT})(?![A-Za-z0-9_])|"
    r"\s(?P<g>g)(?![A-Za-z0-9_])|"
    r"(?P<ja>秒|分(?!の)|時間|日間|週間|[かヶカヵケ]月|年間))",
    re.IGNORECASE,
)
#: a quantity whose count is a word: "two weeks", "three-hour"
_WORDED_MEASURE = re.compile(
    r"\b(?P<w>one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|"
    rf"thirty|forty|fifty|sixty)[\s-](?P<u>{_WORD_UNIT})(?![A-Za-z0-9_])",
    re.IGNORECASE,
)
#: Japanese units of time, as the size table names them
_JA_UNITS = {
    "秒": "sec", "分": "min", "時間": "hour", "日間": "day", "週間": "week", "年間": "year",
}  # fmt: skip
#: how far apart two quantities may be and still be one restated ("1 month", "30 days")
_RESTATED = 0.03


class Measure(NamedTuple):
    """A quantity given with a unit."""

    #: what it measures: "time", "length", "data", …
    kind: str
    #: its size in the measure's base unit (seconds, meters, bytes, …)
    size: float
    #: the size of its unit in that base unit
    unit: float
    #: its number as `tokenize` reads it
    digits: str
    #: as the text writes it ("60 seconds", "20MB", "60秒")
    written: str


def measures(text: str) -> list[Measure]:
    """The quantities `text` gives with a unit."""
    found: list[Measure] = []
    for m in _MEASURE.finditer(text):
        value = number_value(m.group("a").replace(",", ""))
        if value is None:
            continue
        ja = m.group("ja")
        size = _size(_JA_UNITS.get(ja, "month") if ja else _kind(m.group("u") or m.group("g")))
        digits = tokenize(m.group("a")).digits
        if size is not None and digits:
            found.extend(Measure(size[0], value * size[1], size[1], d, m.group()) for d in digits)
    # (a count in words: "two weeks" for "14 days")
    for m in _WORDED_MEASURE.finditer(text):
        size = _size(_kind(m.group("u")))
        counted = [t[1:] for t in tokenize(m.group("w")).seq if t[:1] == "#"]
        if size is not None and len(counted) == 1:
            found.append(
                Measure(size[0], float(counted[0]) * size[1], size[1], counted[0], m.group())
            )
    return found


def _restates(said: Measure, known: Sequence[Measure]) -> bool:
    return any(
        k.kind == said.kind and abs(k.size - said.size) <= _RESTATED * max(k.size, said.size)
        for k in known
    )


def restated_numbers(text: str, known: Sequence[Measure]) -> set[str]:
    """Numbers of `text` whose quantity the documents give in another unit of the same
    measure (`known`, from `measures`): "60 minutes" for "1 hour", "14 days" for "2 weeks",
    "200 cm" for "2 meters", "約60分" for "約1時間". In the same unit, another number is
    another quantity, however close."""
    return {
        said.digits
        for said in measures(text)
        if _restates(said, [k for k in known if k.unit != said.unit])
    }


def changed_units(
    text: str, said: Sequence[Measure], known: Sequence[Measure]
) -> list[tuple[Measure, list[str]]]:
    """Quantities of `text` (`said`, from `measures`) whose number the documents (`known`)
    give only in another unit of the same measure, and not as the same quantity: "every 60
    minutes" where they say "every 60 seconds", "20 GB" where they say "20 MB", "60分" for
    "60秒". Returns each quantity with the documents' forms of that number. A quantity given
    again in other units in parentheses ("2.6 pints (1.2 liters)") is a gloss, and not
    read."""
    changed: list[tuple[Measure, list[str]]] = []
    glossed = {m.group() for m in _CONVERSION.finditer(text)}
    for quantity in said:
        if any(quantity.written in g for g in glossed):
            continue
        same = [k for k in known if k.kind == quantity.kind and k.digits == quantity.digits]
        if not same or any(k.unit == quantity.unit for k in same) or _restates(quantity, known):
            continue
        changed.append((quantity, list(dict.fromkeys(k.written for k in same))))
    return changed


#: a percentage worked out in a formula: "(537 / 16044) * 100 = 3.35%"
_TIMES_100 = re.compile(r"[*×]\s*100(?![\d.,])|(?<![\d.,])100\s*[*×]")
_PERCENT_WORK = re.compile(r"%|percent|/|÷")


def formula_constants(text: str) -> set[str]:
    """The 100 a formula multiplies by to give a percentage ("(deaths / cases) * 100"): a
    constant of the arithmetic the answer shows, not a number of the world."""
    if "100" in text and _TIMES_100.search(text) and _PERCENT_WORK.search(text.lower()):
        return {"100"}
    return set()


#: a count, a few words, then the items it counts in parentheses or after a colon:
#: "3 members (Russell Marsden, Emma Richardson, and Matt Hayward)"
_COUNTED = re.compile(
    r"(?<![\d.,])(\d{1,2})\s+(?:[^\W\d_][\w'’\-]*\s+){0,3}?[^\W\d_][\w'’\-]*"
    r"\s*(?:\(([^()]{3,400})\)|:\s*([^.;:()]{3,400}))"
)
_ITEM_BREAK = re.compile(r"\s*(?:,\s*(?:and|or)\s+|,|\band\b|\bor\b|;)\s*")


def counted_lists(text: str) -> set[str]:
    """Counts of `text` that number the items it lists right after them: "3" in "3 members
    (Russell Marsden, Emma Richardson, and Matt Hayward)"; the answer counted them itself."""
    found: set[str] = set()
    if "(" not in text and ":" not in text:
        return found
    for m in _COUNTED.finditer(text):
        items = [i for i in _ITEM_BREAK.split(m.group(2) or m.group(3) or "") if i.strip()]
        if len(items) >= 2 and len(items) == int(m.group(1)):
            found.add(m.group(1))
    return found


#: a count of up to twenty, in figures or in words
_SMALL_COUNTS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"),
    *("eighteen", "nineteen", "twenty"),
)
_COUNT = rf"\d{{1,4}}|{'|'.join(_SMALL_COUNTS)}"
#: a count, a word or three, then (after a comma, a colon, a dash or a parenthesis) the parts
#: it breaks into: "three infants, two in Iowa and one in Missouri"
_BROKEN_DOWN = re.compile(
    rf"(?<![\w.,])(?P<n>{_COUNT})\s+(?:[^\W\d_][\w'’\-]*\s+){{0,2}}?[^\W\d_][\w'’\-]*"
    r"\s*[,(:–—]\s*(?P<parts>[^.;:()]{3,200})",
    re.IGNORECASE,
)
_PART_COUNT = re.compile(rf"(?:{_COUNT})\b", re.IGNORECASE)


def _count_value(word: str) -> int:
    """The value of a `_COUNT` match."""
    return int(word) if word.isdigit() else _SMALL_COUNTS.index(word.lower())


def broken_down(text: str) -> set[str]:
    """Counts of `text` that the parts it tells right after them add up to, in figures:
    "3" of "three infants, two in Iowa and one in Missouri"; the answer added them itself.
    Each part opens with its count, two parts at least."""
    found: set[str] = set()
    for m in _BROKEN_DOWN.finditer(text):
        counts: list[int] = []
        for item in _ITEM_BREAK.split(m.group("parts")):
            part = _PART_COUNT.match(item.strip())
            if part is None:
                break
            counts.append(_count_value(part.group()))
        if len(counts) >= 2 and sum(counts) == _count_value(m.group("n")):
            found.add(str(_count_value(m.group("n"))))
    return found


#: a number a text says in words, and how another text gives it in figures: "around the
#: clock" is "24 hours a day" (or "24/7")
_SAID_IN_WORDS = (
    (
        re.compile(r"\b(?:a)?round[\s-]the[\s-]clock\b", re.IGNORECASE),
        re.compile(r"\b24(?:[\s-]hours?\b|/7)", re.IGNORECASE),
        "24",
    ),
)


def said_in_words(text: str, theirs: str) -> set[str]:
    """Numbers `text` gives in figures that `theirs` says in words: "24" of "open 24 hours a
    day" where they say "open around the clock"."""
    return {
        number
        for words, figures, number in _SAID_IN_WORDS
        if figures.search(text) and words.search(theirs)
    }


#: words, then an acronym in parentheses: "computed tomography (CT)"
_DEFINED = re.compile(r"((?:[^\W\d_][\w'’\-]*\s+){1,8})\(([A-Z][A-Za-z&]*[A-Z])s?\)")
#: an acronym, then its words in parentheses: "VR (Voice Recognition)"
_DEFINED_AFTER = re.compile(r"\b([A-Z][A-Za-z&]*[A-Z])s? \(((?:[^\W\d_][\w'’\-]*\s*){1,8})\)")
#: words an acronym skips ("Department of Motor Vehicles", "Research and Development")
_SKIPPED = frozenset({"of", "and", "the", "for", "to", "in", "on", "&", "a"})


def acronyms(text: str) -> list[tuple[list[str], str]]:
    """The acronyms `text` spells out in place, each with the words it stands for:
    "Gross Combination Weight Rating (GCWR)" gives (["Gross", "Combination", "Weight",
    "Rating"], "GCWR"). Letters must match the words' initials, from the last word back."""
    pairs: list[tuple[list[str], str]] = []
    if "(" not in text:
        return pairs
    for m in _DEFINED.finditer(text):
        acronym = m.group(2)
        letters = [c for c in acronym if c.isupper()][::-1]
        chosen = _initials(m.group(1).split()[::-1], letters)
        if chosen:
            pairs.append((chosen[::-1], acronym))
    for m in _DEFINED_AFTER.finditer(text):
        acronym = m.group(1)
        words = m.group(2).split()
        chosen = _initials(words, [c for c in acronym if c.isupper()])
        if chosen and len(chosen) + sum(w.lower() in _SKIPPED for w in words) == len(words):
            pairs.append((chosen, acronym))
    return pairs


def _initials(words: list[str], letters: list[str]) -> list[str]:
    """The words, in the order given, whose initials spell `letters` (small words between
    them skipped); empty unless every letter is matched."""
    chosen: list[str] = []
    for word in words:
        if len(chosen) == len(letters):
            break
        if word[0].upper() == letters[len(chosen)]:
            chosen.append(word)
        elif not (chosen and word.lower() in _SKIPPED):
            return []
    return chosen if len(chosen) == len(letters) else []


def worked_out(
    values: set[str], operands: Sequence[str], text: str, near: Sequence[str] = ()
) -> set[str]:
    """Of `values` (numbers of `text` the documents lack), those one step of arithmetic on two
    of `operands` (numbers of the answer that the documents have) gives, at the precision the
    value is written to: "3.35%" from 537 and 16044 (a share), "22" from 41 and 19 (a margin),
    "a drop of about 16%" from 22.1 and 18.6 (a change as a percentage).
    Small whole numbers come out of almost any two numbers, so only a value of 10 or more, or
    one with decimals, counts; a sum or a difference only of two numbers of 10 or more, a
    share or a change as a percentage only when `text` writes it as a percentage, a ratio
    only when it has decimals; operands below 1 (fractions, p-values) and products, which grow
    past any value, are not tried.

    `near` are the numbers of the document sentences the answer restates: a sum, a difference
    or a change of one of the answer's numbers and one of them counts too ("grown by about
    700, to roughly 4,800" where the documents give 4,100 and 4,800), and so does a sum of two
    of them that the answer gives as a total ("3,900 employees combined" of 2,100 and 1,800).
    A value the answer gives as approximate ("about 700") holds to its last digit that is not
    a zero."""
    numbers = _operands(operands)
    beside = [x for x in _operands(near) if not is_year(x) and x not in numbers]
    found: set[str] = set()
    lowered = text.lower()
    # a total of two of the restated sentences' numbers ("about 3,900 employees combined" of
    # 2,100 and 1,800)
    # (a count such as 1,800 reads as a year, which no sum is)
    totals = list(combinations(_operands(near), 2)) if _TOTAL.search(lowered) else []
    if len(numbers) + min(1, len(numbers)) * len(beside) < 2 and not totals:
        return found
    for value in values:
        x = number_value(value)
        if x is None or (x < 10 and x.is_integer()) or x in numbers:
            continue
        decimals = len(value.partition(".")[2])
        tolerance = 0.5 * 10**-decimals + 1e-9
        written = r",?".join(re.escape(c) for c in value)
        if decimals == 0 and re.search(rf"{_ROUGHLY}\s+[$£€]?{written}(?![\d,.])", lowered):
            zeros = len(value) - len(value.rstrip("0"))
            tolerance = 0.5 * 10**zeros + 1e-9
        share = re.search(rf"(?<![\d.,]){written}\s?(%|percent|per cent)", lowered)
        # a number of the restated sentences only for an amount given as a change ("grown by
        # about 700", "a drop of 16%"): any small count lies between two others
        mixed = (
            [(a, b) for a in numbers for b in beside] + [(b, a) for a in numbers for b in beside]
            if re.search(rf"{_BY}(?:\s+\S+){{0,2}}\s+[$£€]?{written}(?![\d,.])", lowered)
            or re.search(rf"(?<![\d.]){written}{_JA_BY}", lowered)
            else []
        )
        if not is_year(x) and any(
            abs(a + b - x) <= tolerance for a, b in totals if min(a, b) >= 10
        ):
            found.add(value)
            continue
        for a, b in [*permutations(numbers, 2), *mixed]:
            own = a in numbers and b in numbers
            # a sum or a difference with a small operand is a neighbour of the other one
            results = [a + b, a - b] if min(a, b) >= 10 else []
            if own and not x.is_integer():
                results.append(a / b)
            if share:
                results.append(abs(a - b) / b * 100)
                if own:
                    results.append(a / b * 100)
            if any(abs(result - x) <= tolerance for result in results):
                found.add(value)
                break
    return found


def _operands(numbers: Sequence[str]) -> list[float]:
    """The numbers as values of 1 or more, sorted, at most `_MAX_OPERANDS`."""
    values = {x for x in map(number_value, numbers) if x is not None and x >= 1}
    return sorted(values)[:_MAX_OPERANDS]


#: words that give an amount as a change ("grown by", "a drop of")
_BY = r"\b(?:by|up|down|drop|rise|fall|increase|decrease|gain|jump|difference)"
#: how Japanese gives an amount as a change or a margin: 26ポイント上回った, 7件増えた
_JA_BY = r"\s*(?:%|ポイント|件|人|円|万円|億円|倍)?の?(?:増|減|上回|下回|多い|多く|少な)"
#: words that give a number as approximate ("about 700")
_ROUGHLY = r"\b(?:about|around|roughly|nearly|almost|approximately|some|close to|an estimated)"


#: words that give a number as the total of others
_TOTAL = re.compile(
    r"\b(?:combined|together|in total|a total of|altogether|between them)\b|合わせ|合計|総勢"
)
#: the answer's numbers tried as operands, at most (they are few; a table is not a sum)
_MAX_OPERANDS = 12
