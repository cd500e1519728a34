"""Words for the offline judge: how a text becomes its content tokens, in any language.

Latin and Cyrillic text is lowercased, cut into words, stripped of function words (English
ones always, plus those of the text's language from `ragjudge/data/offline_words.json`) and
lightly stemmed; numbers are normalised (`1,000` -> `1000`, `three` -> `3`); Chinese,
Japanese and Korean runs become character bigrams, which need no dictionary. Negation words
are not tokens but flag the text as negated. `language_of` picks the language an example's
words are read in, with the splitter's own detector.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache, lru_cache
from importlib import resources
from typing import Any

# Small on purpose: words that carry no evidence either way. Negations are kept out of the
# content tokens too, but tracked separately because a flipped negation changes the meaning.
_STOPWORDS_TEXT = """
a an the and or but if then than so as of to in on at by for from with about into onto over
under between through during before after above below up down out off again further is are
was were be been being am do does did doing have has had having will would shall should can
could may might must this that these those it its itself they them their theirs there here he
him his she her hers we us our ours you your yours i me my mine who whom whose which what when
where why how all any both each few more most other some such only own same too very just
also s t d ll m o re ve y however therefore thus hence although though while whereas because
since until unless whether either yet still even ever already based according given context
contexts information provided document documents passage passages text mentioned stated states
state say says said answer question one first second once
"""
# "one", "first", "second" and "once" above are too often not numbers ("which one suits you").
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())
_NEGATIONS_TEXT = "not no never cannot none neither nor without nothing nobody nowhere"
NEGATIONS = frozenset(_NEGATIONS_TEXT.split())

_NUMBER_WORDS = {
    "zero": "0", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
    "thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16", "seventeen": "17",
    "eighteen": "18", "nineteen": "19", "twenty": "20", "thirty": "30", "forty": "40",
    "fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90",
    "hundred": "100", "thousand": "1000", "million": "1000000", "billion": "1000000000",
    "third": "3", "fourth": "4", "fifth": "5", "twice": "2", "dozen": "12",
}  # fmt: skip

_CJK = "\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7af"
_TOKEN = re.compile(rf"\d+(?:[.,]\d+)*|[^\W\d_{_CJK}]+(?:n't|'[a-z]+)?|[{_CJK}]+")
_CJK_CHAR = re.compile(rf"[{_CJK}]")
_HIRAGANA = re.compile(r"^[\u3040-\u309f\u30fc]+$")
#: marks of negation inside Chinese, Japanese and Korean runs
_CJK_NEGATIONS = (
    *("ない", "なかった", "ません", "なし"),  # Japanese
    *("没有", "不是", "不会", "不能", "未", "无法"),  # Chinese
    *("않", "없", "못"),  # Korean
)
#: languages that elide an article or pronoun onto the next word: l'homme, dell'acqua
_ELIDING = frozenset({"fr", "it"})
#: what English writes after an apostrophe onto the word before it
_CLITICS = frozenset({"s", "re", "ve", "ll", "d", "m"})
#: languages that write a decimal comma: "1,5" is one and a half
_DECIMAL_COMMA = frozenset({"de", "fr", "es", "it", "pt", "ru"})

_SUFFIXES = (
    "ational", "ations", "ation", "ements", "ement", "ments", "ment", "nesses", "ness",
    "ingly", "ings", "ing", "edly", "ies", "ied", "ers", "er", "ed", "es", "ly", "s",
)  # fmt: skip
#: four-letter words in `s` that are no plurals (see `stem`)
_NOT_PLURAL = frozenset({"news", "bias"})
#: the irregular pasts and participles of common verbs, by their plain form, so that a
#: sentence told in another tense meets its document ("construction began" and "is expected
#: to begin"); not those that are also other words (found, left, saw, rose, felt, fed, lit,
#: bit, wound) nor the function words (said, given)
_IRREGULAR = {
    "buy": "bought", "build": "built", "sell": "sold", "make": "made", "pay": "paid",
    "spend": "spent", "begin": "began begun", "win": "won", "take": "took taken",
    "give": "gave", "send": "sent", "hold": "held", "bring": "brought",
    "choose": "chose chosen", "lose": "lost", "meet": "met", "run": "ran", "keep": "kept",
    "lead": "led", "rise": "risen", "fall": "fell fallen", "grow": "grew grown",
    "write": "wrote written", "become": "became", "go": "went gone", "get": "got gotten",
    "teach": "taught", "think": "thought", "tell": "told", "see": "seen", "come": "came",
    "know": "knew known", "draw": "drew drawn", "drive": "drove driven", "eat": "ate eaten",
    "fly": "flew flown", "break": "broke broken", "speak": "spoke spoken",
    "steal": "stole stolen", "wear": "wore worn", "sing": "sang sung",
    "throw": "threw thrown", "understand": "understood", "stand": "stood", "sit": "sat",
    "sleep": "slept", "fight": "fought", "catch": "caught", "seek": "sought",
    "strike": "struck", "hide": "hid hidden", "freeze": "froze frozen",
    "shake": "shook shaken", "forget": "forgot forgotten", "mean": "meant", "deal": "dealt",
    "lend": "lent", "flee": "fled", "shoot": "shot", "dig": "dug",
}  # fmt: skip
#: each of those forms, with its plain form
PLAIN_FORMS = {form: plain for plain, forms in _IRREGULAR.items() for form in forms.split()}


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The function words and negations a text of one language is read with, whether its
    capitalised words mark names, and how it says the documents do not tell."""

    stopwords: frozenset[str]
    negations: frozenset[str]
    names: bool
    refusals: tuple[str, ...]
    #: character pairs (Chinese, Korean) dropped like stopwords
    stopgrams: frozenset[str] = frozenset()


@cache
def _word_data() -> dict[str, Any]:
    raw = resources.files("ragjudge").joinpath("data").joinpath("offline_words.json")
    data: dict[str, Any] = json.loads(raw.read_text(encoding="utf-8"))
    return data


@cache
def vocabulary(lang: str) -> Vocabulary:
    """English's words plus those of `lang` (any other code reads as English)."""
    extra = _word_data().get(lang) if lang != "en" else None
    if not isinstance(extra, dict):
        return Vocabulary(STOPWORDS, NEGATIONS, True, ())
    return Vocabulary(
        STOPWORDS | frozenset(str(extra.get("stopwords", "")).split()),
        NEGATIONS | frozenset(str(extra.get("negations", "")).split()),
        bool(extra.get("names", True)),
        tuple(extra.get("refusals", ())),
        frozenset(str(extra.get("stopgrams", "")).split()),
    )


def refusal_patterns() -> tuple[str, ...]:
    """Every language's patterns of an answer saying the documents do not tell."""
    return tuple(
        pattern
        for lang, entry in _word_data().items()
        if isinstance(entry, dict)
        for pattern in entry.get("refusals", ())
    )


def language_of(text: str) -> str:
    """The language a text's words are read in (the splitter's detector)."""
    from ragjudge.sentences.languages import detect_language

    return detect_language(text)


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """Strip one common English suffix so `configured`/`configuring`/`configures` meet;
    crude, but applied identically to response and documents. A short plural meets its
    singular (`days`/`day`, `kids`/`kid`); endings that make no plural (`ss`, `us`, `is`) and
    `news` and `bias` keep their `s`; `degrees`, `employees` meet `degree`, `employee`."""
    if len(word) <= 4:
        plural = len(word) == 4 and word[-1] == "s" and word[-2] not in "isu'"
        if plural and word not in _NOT_PLURAL:
            return word[:-1]
        if len(word) == 4 and word[-1] == "e" and word[-2] not in "aeiou":
            return word[:-1]  # "time" meets "times" and "timed", which lose the e too
        if len(word) == 4 and word.endswith("ed") and word[0] in "aeiou":
            return word[:-1]  # "used", "aged" meet "use", "age"
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            # "degrees" loses its "s" only, so that it meets "degree" as "degre"
            word = word[:-1] if suffix == "es" and word.endswith("ees") else word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


#: typographic apostrophes, read as the plain one ("doesn’t" is "doesn't")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


#: the month May, where a date or a preposition shows it is no "may" of possibility ("since
#: May", "May 5", "5 May 2020"): read as a word of its own, not as a function word
MONTH_MAY = re.compile(
    r"\bMay(?=,?\s+\d)|(?<=\d\s)May\b|"
    r"\b(?P<word>in|since|until|till|by|of|from|early|late|mid|through|last|next|this)\s+May\b"
)


def _month_may(m: re.Match[str]) -> str:
    return f"{m.group('word')} Maymonth" if m.group("word") else "Maymonth"


#: units a half is said of in words ("half an hour", "a mile and a half")
_HALVED = (
    r"(?:hour|minute|second|day|week|month|year|mile|kilomet(?:er|re)|met(?:er|re)|foot|inch|"
    r"pound|kilogram|kilo|ounce|lit(?:er|re)|gallon|cup|teaspoon|tablespoon|dozen)"
)
#: a quantity with a half in words: "half an hour", "a half mile", "half day" (0.5), "an hour and a
#: half" and "one and a half hours" (1.5 hours), "two and a half years" and "a
#: two-and-a-half-year contract" (2.5 years)
_COUNT = r"an?|one|two|three|four|five|six|\d+"
_HALF = re.compile(
    # ("a half mile", "half day" and "a half-mile walk" too)
    rf"\b(?:(?:half[ -]an?|(?:an?[ -])?half)[ -](?P<unit>{_HALVED})"
    rf"|(?P<count>{_COUNT})[ -](?P<unit2>{_HALVED})s?[ -]and[ -]a[ -]half"
    rf"|(?P<count3>{_COUNT})[ -]and[ -]a[ -]half[ -](?P<unit3>{_HALVED})s?)\b",
    re.IGNORECASE,
)
_HALF_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _half(m: re.Match[str]) -> str:
    if unit := m.group("unit"):
        return f"0.5 {unit}"
    count = (m.group("count") or m.group("count3")).lower()
    whole = int(count) if count.isdigit() else _HALF_COUNTS[count]
    return f"{whole}.5 {m.group('unit2') or m.group('unit3')}s"


def normalise(text: str) -> str:
    if any(mark in text for mark in _ISO_MONTH_STARTS):
        text = ISO_DATE.sub(_spelled_date, text)
    if "May" in text:
        text = MONTH_MAY.sub(_month_may, text)
    if "alf" in text:
        text = _HALF.sub(_half, text)
    # NFKC folds full-width digits and letters; skipped for ASCII, where it changes nothing.
    if text.isascii():
        return text.lower()
    text = _MIDDLE_DOT.sub(".", unicodedata.normalize("NFKC", text))
    return text.translate(_APOSTROPHES).lower()


#: a date written as records write it: "2021-06-02", "2021/06/02" (and the starts of its
#: month, tested first as plain strings: most texts have none)
_ISO_MONTH_STARTS = ("-0", "-1", "/0", "/1")
ISO_DATE = re.compile(
    r"(?<![\d\-/.])((?:1[6-9]|20)\d\d)([-/])(0[1-9]|1[0-2])\2(0[1-9]|[12]\d|3[01])(?![\d/])"
)


def _spelled_date(m: re.Match[str]) -> str:
    """An ISO date followed by the same date in words, so that "2021-06-02" also reads as
    June 2, 2021 ("a review from June 2021")."""
    year, month, day = m.group(1), int(m.group(3)), int(m.group(4))
    return f"{m.group(0)} {MONTH_NAMES[month - 1]} {day} {year}"


#: a decimal point written as a raised dot between digits, as The Lancet prints "37·9"
_MIDDLE_DOT = re.compile(r"(?<=\d)[·∙](?=\d)")


#: words that scale the number before them: "1.2 million" is 1200000, as "1,200,000" is
#: (with the unambiguous ones of the other languages read: "1,5 Mio.", "2 milliards", "3 млн")
_SCALES = {
    "hundred": 100, "thousand": 1000, "k": 1000, "million": 10**6, "mn": 10**6, "mln": 10**6,
    "billion": 10**9, "bn": 10**9, "trillion": 10**12, "tn": 10**12,
    "mio": 10**6, "millionen": 10**6, "millions": 10**6, "millones": 10**6, "milioni": 10**6,
    "milhões": 10**6, "mrd": 10**9, "milliarde": 10**9, "milliarden": 10**9,
    "milliard": 10**9, "milliards": 10**9, "miliardi": 10**9, "тыс": 1000, "млн": 10**6,
    "млрд": 10**9,
}  # fmt: skip
#: those words, which read as part of the number before them
SCALE_WORDS = frozenset(_SCALES)
#: a time on a 12-hour clock: "3 pm", "3:30 p.m.", "11am"
_TWELVE_HOUR = re.compile(r"\b(1[0-2]|0?[1-9])(?::([0-5]\d))?\s?([ap])(?:\.m\.|m\b)")
_DIGIT = re.compile(r"\d")
#: whole hours on a 24-hour clock: "15:00" reads as "15"
_WHOLE_HOUR = re.compile(r"(?<![\d:])([01]?\d|2[0-3]):00(?![\d:])")


#: a range of years whose second year is written short: "1649–54", "1914-18"
_YEAR_RANGE = re.compile(r"(?<![\d.,\-–—])(1\d|20)(\d\d)(\s?[-–—]\s?)(\d\d)(?!\d|[.,\-–—]\d)")


def _year_range(m: re.Match[str]) -> str:
    century, first, dash, last = m.groups()
    if int(last) <= int(first):
        return m.group()
    return f"{century}{first}{dash}{century}{last}"


MONTH_NAMES = (
    *("January", "February", "March", "April", "May", "June"),
    *("July", "August", "September", "October", "November", "December"),
)
#: a year run into the day of the date after it, as text drawn from Wikipedia loses the dash
#: between a birth and a death date: "(9 October 19408 December 1980)" is 1940 and 8
_FUSED_YEAR = re.compile(
    r"\b(1\d{3}|20\d{2})([1-9]|[12]\d|3[01]) "
    rf"({'|'.join(name.lower() for name in MONTH_NAMES)})\b"
)


#: a number written with Chinese, Japanese or Korean myriads: "1万2000", "1万5,000", "3億",
#: "1.5万", "5千万" (50 million), "1만 2천" (12,000)
_CJK_NUMBER = re.compile(
    r"\d+(?:[.,]\d+)*[兆億亿万萬千百억만천백]+(?: ?\d+(?:[.,]\d+)*[兆億亿万萬千百억만천백]+)*"
    r"(?:\d+(?:[.,]\d+)*)?"
)
#: myriads multiply all that comes before them in their group; thousands and hundreds only
#: the digits just before them ("5千万" is 5,000 × 10,000)
_CJK_MYRIADS = {
    "兆": 10**12, "億": 10**8, "亿": 10**8, "억": 10**8, "万": 10**4, "萬": 10**4, "만": 10**4,
}  # fmt: skip
_CJK_UNITS = {**_CJK_MYRIADS, "千": 10**3, "천": 10**3, "百": 100, "백": 100}
#: an hour after a word for the time of day (Japanese 午後/午前, Chinese 下午/上午/晚上/早上,
#: Korean 오후/오전): "午後3時" is 15時, "下午3点" 15点, "오후 3시" 15시
_CJK_HOUR = re.compile(r"(午後|午前|下午|上午|晚上|早上|오후|오전) ?(\d{1,2}) ?([時点點시])")
_CJK_AFTERNOON = frozenset({"午後", "下午", "晚上", "오후"})
#: a span of hours whose word for the time of day goes for both ends: "午後7時から11時" is
#: 19時から23時 (where the second hour is the later one)
_CJK_HOUR_SPAN = re.compile(
    r"(?P<word>午後|下午|晚上|오후) ?(?P<first>\d{1,2})(?P<mid> ?[時点點시](?:\d{1,2}分|半)?"
    r" ?(?:から|〜|～|~|-|–|到|至|부터) ?)(?=(?P<second>\d{1,2}) ?[時点點시])"
)
#: half past an hour: "3時半" is 3時30分, "3点半" 3点30分, "3시 반" 3시30분
_HALF_HOUR = re.compile(r"(\d{1,2}) ?([時点點시]) ?(?:半|반(?!드시|대|면|복|환|영|응|드))")


#: a count in Chinese or Japanese numerals before a counter or a unit: "七世代" (seven
#: generations), "二つ", "三百万人", "十五日", "两个". Without a counter the characters are
#: often a word ("一般", "一部", "唯一の", "千葉"), so they are left alone, and so are 十分
#: ("enough") and 一時的 ("for a while").
_KANJI_DIGITS = {
    "〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
    "六": 6, "七": 7, "八": 8, "九": 9,
}  # fmt: skip
_KANJI_TENS = {"十": 10, "百": 100, "千": 1000}
_KANJI_NUMERALS = "".join(_KANJI_DIGITS) + "".join(_KANJI_TENS)
_COUNTERS = (
    "種類|段階|項目|世代|時間|日間|年間|週間|分間|秒間|か月|ヶ月|カ月|ヵ月|か所|箇所|ヶ所|カ所|"
    "パーセント|試合|キロ|メートル|グラム|つ|個|人|名|回|度|倍|年|月|日|時|分|秒|週|歳|才|台|件|"
    "本|枚|冊|匹|頭|羽|階|番|位|円|点|割|行|桁|社|軒|号|期|章|節|巻|話|万|億|兆|%|个|岁|次|天|"
    "元|张|辆|家|条|项|种|米"
)
# not after a digit: "2千円" is the myriad reading's (`_CJK_NUMBER`), 2,000
_KANJI_NUMBER = re.compile(rf"(?<![{_KANJI_NUMERALS}\d])[{_KANJI_NUMERALS}]+(?=(?:{_COUNTERS}))")
_HAS_KANJI_NUMERAL = re.compile(rf"[{_KANJI_NUMERALS}]")


def _kanji_number(m: re.Match[str]) -> str:
    run, after = m.group(), m.string[m.end() : m.end() + 2]
    if (run == "十" and after[:1] == "分" and after != "分間") or (run == "一" and after == "時的"):
        return run  # 十分 ("enough", not ten minutes), 一時的 ("for a while")
    if not any(ch in _KANJI_TENS for ch in run):  # positional: 二〇二四 is 2024
        return "".join(str(_KANJI_DIGITS[ch]) for ch in run)
    total, digit = 0, None
    for ch in run:
        if ch in _KANJI_DIGITS:
            digit = _KANJI_DIGITS[ch]
        else:
            total += (1 if digit is None else digit) * _KANJI_TENS[ch]
            digit = None
    return str(total + (digit or 0))


def _cjk_number(m: re.Match[str]) -> str:
    total = group = Decimal(0)
    digits = ""
    for ch in m.group().replace(",", "").replace(" ", ""):
        if ch in _CJK_MYRIADS:
            group += Decimal(digits or "0")
            total += (group or 1) * _CJK_MYRIADS[ch]
            group, digits = Decimal(0), ""
        elif ch in _CJK_UNITS:
            group += Decimal(digits or "1") * _CJK_UNITS[ch]
            digits = ""
        else:
            digits += ch
    total += group + Decimal(digits or "0")
    return format(total.normalize(), "f")


def _cjk_hour(m: re.Match[str]) -> str:
    return f"{int(m.group(2)) % 12 + (12 if m.group(1) in _CJK_AFTERNOON else 0)}{m.group(3)}"


def _cjk_hour_span(m: re.Match[str]) -> str:
    """A `_CJK_HOUR_SPAN` with its word for the time of day given to its second hour too."""
    if int(m.group("second")) <= int(m.group("first")):
        return m.group()  # (past midnight, or no span of one afternoon)
    return f"{m.group('word')}{m.group('first')}{m.group('mid')}{m.group('word')}"


#: signs that stand for a word, read as that word so "80%" meets "80 percent" and "$5" "5
#: dollars"; "per cent" is one word
_SIGNS = re.compile(r"[%°$€£]|\bper cent\b")
_SIGN_CHAR = re.compile(r"[%°$€£]")
_SIGN_WORDS = {
    "%": " percent ", "per cent": " percent ", "°": " degrees ", "$": " dollars ",
    "€": " euros ", "£": " pounds ",
}  # fmt: skip
#: a currency's code read as its name ("USD 5" meets "5 dollars")
_CURRENCY_CODES = {"usd": "dollar", "eur": "euro", "gbp": "pound"}
#: a unit written short after a number ("250 g", "5mm", "3 hrs"), read as its name so that
#: "250 g" meets "250 grams"; not "in", "s", "h" or "m", which are also words or letters
_SHORT_UNITS = {
    "mg": "milligrams", "g": "grams", "kg": "kilograms", "km": "kilometers",
    "cm": "centimeters", "mm": "millimeters", "ml": "milliliters", "lb": "pounds",
    "lbs": "pounds", "oz": "ounces", "ft": "feet", "hr": "hours", "hrs": "hours",
    "min": "minutes", "mins": "minutes", "sec": "seconds", "secs": "seconds",
}  # fmt: skip
#: a decimal written without its leading zero (".300"), read as "0.300"
_BARE_DECIMAL = re.compile(r"(?<![\w.])\.(?=\d)")
#: the suffix of an ordinal written in digits ("5th", "21st"): the number is what counts
_ORDINAL = frozenset({"st", "nd", "rd", "th"})


def _signs(text: str) -> str:
    """Signs as the words they stand for, and bare decimals with their zero. Most texts have
    neither, so plain string tests decide first (this runs on every sentence)."""
    if _SIGN_CHAR.search(text) or "per cent" in text:
        text = _SIGNS.sub(lambda m: _SIGN_WORDS[m.group()], text)
    dot = text.find(".")
    while dot >= 0:
        before = text[dot - 1] if dot else " "
        if text[dot + 1 : dot + 2].isdigit() and not (before.isalnum() or before in "._"):
            return _BARE_DECIMAL.sub("0.", text)
        dot = text.find(".", dot + 1)
    return text


#: a year of a Japanese era ("令和6年", "平成元年"), and per era the year before its first
_ERA = re.compile(r"(明治|大正|昭和|平成|令和)(元|\d{1,2})年")
_ERA_START = {"明治": 1867, "大正": 1911, "昭和": 1925, "平成": 1988, "令和": 2018}


def _era(m: re.Match[str]) -> str:
    year = 1 if m.group(2) == "元" else int(m.group(2))
    return f"{_ERA_START[m.group(1)] + year}年"


#: a year written with its last two digits before a month or a fiscal year, as Japanese
#: news writes it: "26年4月" is April 2026, "30年度" fiscal 2030
_SHORT_YEAR = re.compile(r"(?<![\d.,])(\d\d)年(?=度|\d{1,2}月)")


def _short_year(m: re.Match[str]) -> str:
    year = int(m.group(1))
    return f"{year + (2000 if year <= 50 else 1900)}年"


#: a full year, and after it a year written with its last two digits, as news writes the
#: second of two years: "2024年は約86万人と、19年の約2.4倍" (not a span: "10年間", "19年ぶり",
#: "5年前", "10年の間", "3年かけて", "過去10年で", "この10年")
_FULL_YEAR = re.compile(r"(?<![\d.,])(?:19|20)\d\d年")
_LATER_SHORT_YEAR = re.compile(
    r"(?<![\d.,])(?<!過去)(?<!ここ)(?<!この)(?<!約)(?<!最近)(?<!直近)(?<!今後)(?<!向こう)"
    r"(\d\d)年(?![間ぶ前後目以余近超来分半度]|の(?:間|歳月|月日)|かけ|がかり|にわた)"
)


def _later_short_years(text: str) -> str:
    """`text` with each two-digit year after a full year written in full, in that year's
    century when the two lie within 30 years of each other ("19年" after "2024年" is 2019)."""
    first = _FULL_YEAR.search(text)
    if first is None:
        return text
    full = int(first.group()[:4])

    def whole(m: re.Match[str]) -> str:
        year = full - full % 100 + int(m.group(1))
        for candidate in (year, year - 100, year + 100):
            if abs(candidate - full) <= 30:
                return f"{candidate}年"
        return m.group()

    return text[: first.end()] + _LATER_SHORT_YEAR.sub(whole, text[first.end() :])


#: a share in tenths, as Japanese writes it: "2割" is 20%, "2割5分" 25%
_WARI = re.compile(r"(\d+)割(?:(\d)分)?")


def _wari(m: re.Match[str]) -> str:
    return f"{int(m.group(1)) * 10 + int(m.group(2) or 0)}%"


def shares_in_tenths(text: str) -> str:
    """`text` with each share in tenths written as a percentage ("3割" as "30%")."""
    return _WARI.sub(_wari, text)


#: a decade of the last century written with its last two digits: "the '90s" (the 1990s)
_SHORT_DECADE = re.compile(r"['’‘]([3-9]0)s\b")


def _clock(text: str) -> str:
    """Numbers and times in one notation: "3:30 pm" reads as "15:30" and "3 pm", "15:00" as
    "15"; "1万2000" as "12000", "午後3時" as "15時" ("午後7時から11時" as "19時から23時"),
    "下午3点半" as "15点30分", "七世代" as "7世代", "2割" as "20%", "令和6年" as "2024年",
    "26年4月" as "2026年4月" and "19年" after "2024年" as "2019年"; a short year range
    "1649–54" as "1649–1654", "the '90s" as "the 1990s", so an answer may write either; and a
    year run into the next date's day ("19408 december") as the two numbers."""
    if not text.isascii():
        if _HAS_KANJI_NUMERAL.search(text):
            text = _KANJI_NUMBER.sub(_kanji_number, text)
        if "年" in text:
            text = _later_short_years(_SHORT_YEAR.sub(_short_year, _ERA.sub(_era, text)))
    if not _DIGIT.search(text):
        return text
    if "-" in text or "–" in text or "—" in text:
        text = _YEAR_RANGE.sub(_year_range, text)
    if "0s" in text:
        text = _SHORT_DECADE.sub(r"19\1s", text)
    text = _FUSED_YEAR.sub(r"\1 \2 \3", text)
    if not text.isascii():
        text = _CJK_NUMBER.sub(_cjk_number, text)
        text = _CJK_HOUR.sub(_cjk_hour, _CJK_HOUR_SPAN.sub(_cjk_hour_span, text))
        if "半" in text or "반" in text:
            text = _HALF_HOUR.sub(r"\1\g<2>30分", text)
        if "割" in text:
            text = shares_in_tenths(text)

    def twenty_four(m: re.Match[str]) -> str:
        hour = int(m.group(1)) % 12 + (12 if m.group(3) == "p" else 0)
        minute = m.group(2)
        return f"{hour}:{minute}" if minute and minute != "00" else str(hour)

    return _WHOLE_HOUR.sub(r"\1", _TWELVE_HOUR.sub(twenty_four, text))


#: a number as an answer writes it, with the clock or scale word that changes its value
_WRITTEN_NUMBER = re.compile(
    r"\d+(?:[.,:]\d+)*(?:[兆億亿万萬千百억만천백]\d*)*(?:\s?(?:[ap](?:\.m\.|m\b)|(?:hundred|thousand"
    r"|million|billion|trillion|k|mn|mln|bn|tn)\b))?",
    re.IGNORECASE,
)


#: the tens that take a unit after them ("twenty-five", "ninety nine"), and those units
_TENS = frozenset({"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"})
_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9}  # fmt: skip
#: number words that are not counts, so no scale word follows them
_ORDINAL_WORDS = frozenset({"third", "fourth", "fifth", "twice", "dozen"})
#: the digits as words, as a decimal is spoken ("point zero five")
_DIGIT_WORDS = {"zero": "0", "oh": "0", "one": "1"} | {w: str(v) for w, v in _UNITS.items()}

#: a word of letters (a count written as a word: "three")
_LETTERS = re.compile(r"[^\W\d_]+")


#: a count in words joined to the unit it counts: "four-star", "two-hour", "three-bedroom"
#: (not an idiom: "two-way", "three-dot menu"; nor "twenty-five", one number)
_HYPHENED_COUNT = re.compile(
    r"(?<![^\W\d_]-)\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen"
    r"|twenty|thirty|forty|fifty|sixty|hundred|thousand)-(?=(?:star|hour|minute|second|day"
    r"|week|month|year|mile|foot|feet|inch|meter|metre|kilometer|kilometre|pound|ounce|gallon"
    r"|liter|litre|person|people|bedroom|bathroom|bath|story|storey|seat|course|piece|time"
    r"|game|point|percent|dollar|degree)s?\b)"
)


#: a count in words of a rate: "seven days a week", "two times per day", "24 hours a day"
_RATE_COUNT = re.compile(
    r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:days?|nights?|"
    r"hours?|times?|meals?)\s+(?:a|per|each)\s+(?:week|day|month|year)\b"
)


def exact_counts(text: str) -> set[str]:
    """The counts in words of a lowercased `text` that are joined to the unit they count, as
    their values: "a four-star review" gives {"4"}, "open seven days a week" {"7"}. Such a
    count is exact (a four-star review is not a five-star one), so the judge checks it as it
    checks a number in digits."""
    found = {_NUMBER_WORDS[word] for word in _RATE_COUNT.findall(text)} if " a" in text else set()
    if "-" in text:
        found |= {_NUMBER_WORDS[word] for word in _HYPHENED_COUNT.findall(text)}
    return found


def _spoken_decimals(raw: Sequence[str], start: int) -> str:
    """The digits spoken after "point" at `raw[start]` ("point five" gives "5", "point two
    five" "25"), or "" when no number is spoken there."""
    if start >= len(raw) or raw[start].lower() != "point":
        return ""
    digits = ""
    for word in raw[start + 1 :]:
        digit = _DIGIT_WORDS.get(word.lower())
        if digit is None:
            break
        digits += digit
    return digits


def _scale_at(raw: Sequence[str], at: int) -> int | None:
    """The scale of the word at `raw[at]` ("million", "k"), if there is one."""
    return _SCALES.get(raw[at].lower()) if at < len(raw) else None


#: numbers that words of a document imply, as an answer may write them in digits: a
#: fraction as a percentage ("one third": 33%), a multiple as its factor or rise ("doubled":
#: 2, 100%), a span or a count in a word of its own ("over a decade": ten years, "a dozen")
_IMPLIED: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(pattern), numbers)
    for pattern, numbers in (
        # "half of the patients", not "the first half of the season"
        (r"\b(?:one|a) half\b|(?<!first )(?<!second )(?<!other )\bhalf of\b|\bhalved\b", ("50",)),
        (r"\b(?:one|a) third\b", ("33", "33.3")),
        (r"\btwo[- ]thirds\b", ("67", "66.7")),
        (r"\b(?:one|a) quarter\b", ("25",)),
        (r"\bthree[- ]quarters\b", ("75",)),
        (r"\b(?:doubled|twofold|two-fold)\b", ("2", "100")),
        (r"\b(?:tripled|threefold|three-fold)\b", ("3", "200")),
        (r"\bdecade\b", ("10",)),
        (r"\btwo decades\b", ("20",)),
        (r"\bthree decades\b", ("30",)),
        (r"\bhalf a century\b", ("50",)),
        (r"\b(?:a|one) century\b", ("100",)),
        (r"\b(?:a|one) dozen\b", ("12",)),
        (r"\bfortnight\b", ("2", "14")),
    )
)
_IMPLYING = (
    *("half", "third", "quarter", "doubled", "tripled", "fold", "decade", "century", "dozen"),
    "fortnight",
)


def implied_numbers(text: str) -> set[str]:
    """Numbers the words of normalised `text` imply (`_IMPLIED`): what a document says in
    words that an answer may give in digits ("33%" for "one third")."""
    if not any(word in text for word in _IMPLYING):
        return set()
    return {n for pattern, numbers in _IMPLIED if pattern.search(text) for n in numbers}


def written_numbers(text: str, values: set[str]) -> list[str]:
    """The numbers of `text` as written ("6 pm", "1.2 billion") whose values (as `tokenize`
    reads them: "18", "1200000000") are among `values`, in the text's order."""
    found: list[str] = []
    for m in _WRITTEN_NUMBER.finditer(text):
        if tokenize(m.group()).digits & values and m.group() not in found:
            found.append(m.group())
    for m in _LETTERS.finditer(text):  # counts written as words ("three")
        if _NUMBER_WORDS.get(m.group().lower()) in values and m.group() not in found:
            found.append(m.group())
    for m in _HALF.finditer(text) if "alf" in text else ():  # "an hour and a half"
        if tokenize(m.group()).digits & values and m.group() not in found:
            found.append(m.group())
    if not text.isascii():  # in Chinese or Japanese numerals ("八世代"), or tenths ("4割")
        for m in _KANJI_NUMBER.finditer(text):
            if _kanji_number(m) in values and m.group() not in found:
                found.append(m.group())
        for m in _WARI.finditer(text):
            if _wari(m).rstrip("%") in values and m.group() not in found:
                found.append(m.group())
        for m in _ERA.finditer(text):  # a year of a Japanese era ("令和7年")
            if _era(m).rstrip("年") in values and m.group() not in found:
                found.append(m.group())
    return found or sorted(values)


def _scaled(value: str, scale: int) -> str:
    try:
        scaled = Decimal(value) * scale
    except ArithmeticError:
        return value
    return _number(format(scaled.normalize(), "f"))


def number_value(value: str) -> float | None:
    """A number as `tokenize` writes it ("1200000", "3.35") as a float, or `None`."""
    try:
        return float(value)
    except ValueError:
        return None


def is_year(x: float) -> bool:
    """Whether a number reads as a year (1000 to 2100, whole)."""
    return x.is_integer() and 1000 <= x <= 2100


def _number(raw: str, decimal_comma: bool = False) -> str:
    """A number as one notation: thousands separators dropped, a decimal comma read as a point
    ("1.234,5" is 1234.5 anywhere; "1,5" is 1.5 where `decimal_comma`, as German, French and
    the other languages of continental Europe write it), trailing decimal zeros dropped."""
    value = raw
    if "," in value:
        last = max(value.rfind(","), value.rfind("."))
        single = value.count(",") == 1 and len(value) - last - 1 != 3
        if value[last] == "," and ("." in value or (decimal_comma and single)):
            value = value[:last].replace(".", "").replace(",", "") + "." + value[last + 1 :]
        else:
            value = value.replace(",", "")
    elif value.count(".") > 1 and all(len(g) == 3 for g in value.split(".")[1:]):
        value = value.replace(".", "")  # 1.234.567
    if "." in value:
        value = value.rstrip("0").rstrip(".") or "0"
    return value


@dataclass(slots=True)
class Tokens:
    """The content of one text: ordered content tokens, numbers, negation flag."""

    seq: list[str]
    numbers: set[str]
    digits: set[str]  # the numbers written with digits (number words are often counts)
    negated: bool
    cjk_chars: int


_NEGATED = "\x00neg"


@lru_cache(maxsize=200_000)
def _word(word: str, lang: str = "en") -> str | None:
    """The content token of one lowercased word (Latin, Cyrillic, …), `None` for a stopword,
    or the negation marker. English function words count in every language (answers and
    documents mix them in); `lang` adds its own."""
    words = vocabulary(lang)
    if lang in _ELIDING and "'" in word:
        head, _, word = word.rpartition("'")
        if len(head) > 5 or not word:  # not an elision
            word = head + "'" + word
    if word.endswith("n't") or word in words.negations:
        return _NEGATED
    if "'" in word and lang not in _ELIDING:
        # a possessive or a contraction: "Shelley's" is Shelley, "they're" they
        head, _, tail = word.rpartition("'")
        if tail in _CLITICS:
            word = head
    if word in _NUMBER_WORDS:
        return "#" + _NUMBER_WORDS[word]
    if word in words.stopwords or len(word) == 1:
        return None
    return _CURRENCY_CODES.get(word) or word_form(PLAIN_FORMS.get(word, word))


def word_form(word: str) -> str:
    """The form a lowercased content word takes as a token: its stem, accents folded first
    ("café" meets "cafe" and "cafes")."""
    return stem(fold_accents(word))


def fold_accents(word: str) -> str:
    """`word` with the accents of its Latin letters dropped ("venizélos" is "venizelos"), as
    names are often written with and without them; other scripts are left as they are."""
    if word.isascii():
        return word
    kept: list[str] = []
    for ch in unicodedata.normalize("NFD", word):
        if unicodedata.combining(ch) and kept and kept[-1] < "\u0250":
            continue
        kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept))


def content_token(word: str, lang: str = "en") -> str | None:
    """The content token `tokenize` reads from one word of letters ("Rooftop" gives
    "rooftop"), or `None` for a stopword or a negation; cheaper than `tokenize` for one
    word of a Latin or Cyrillic script."""
    token = _word(normalise(word), lang)
    return None if token is None or token is _NEGATED else token


def tokenize(text: str, normalised: bool = False, lang: str = "en") -> Tokens:
    """Content tokens of `text` in order: stemmed non-stopwords (of English and of `lang`),
    normalised numbers (also as `#n` in `numbers`), and character bigrams of CJK runs
    (Chinese, Japanese, Korean; bigrams of hiragana only are grammatical endings, so they are
    dropped like stopwords)."""
    seq: list[str] = []
    numbers: set[str] = set()
    digits: set[str] = set()
    negated = False
    cjk_chars = 0
    stopgrams = vocabulary(lang).stopgrams
    decimal_comma = lang in _DECIMAL_COMMA
    raw = _TOKEN.findall(_signs(_clock(text if normalised else normalise(text))))
    skip = 0
    for n, tok in enumerate(raw):
        if skip:
            skip -= 1
            continue
        first = tok[0]
        if first.isdigit():
            value = _number(tok, decimal_comma)
            scale = _scale_at(raw, n + 1)
            if scale is not None:  # "1.2 million", "12k", "$2.5bn": one number
                value, skip = _scaled(value, scale), 1
            elif n + 1 < len(raw) and raw[n + 1] in _ORDINAL:
                skip = 1
            numbers.add(value)
            digits.add(value)
            seq.append("#" + value)
            unit = raw[n + 1] if not skip and n + 1 < len(raw) else ""
            # "g" after one digit is no gram: "5G" is a network
            if unit in _SHORT_UNITS and (unit != "g" or len(tok) > 1):
                seq.append(word_form(_SHORT_UNITS[unit]))
                skip = 1
        elif first >= "\u3040" and _CJK_CHAR.match(first):
            cjk_chars += len(tok)
            if any(marker in tok for marker in _CJK_NEGATIONS):
                negated = True
            if len(tok) == 1:
                seq.append(tok)
                continue
            for i in range(len(tok) - 1):
                gram = tok[i : i + 2]
                if not _HIRAGANA.match(gram) and gram not in stopgrams:
                    seq.append(gram)
        else:
            content = _word(tok, lang)
            if content is None:
                if tok.lower() != "one" or not _spoken_decimals(raw, n + 1):
                    continue
                content = "#1"  # "one point five"
            if content is _NEGATED:
                negated = True
                continue
            if content[0] == "#":
                value = content[1:]
                if tok.lower() in _TENS and n + 1 < len(raw) and raw[n + 1].lower() in _UNITS:
                    # "twenty-five" is 25, not 20 and 5
                    value, skip = str(int(value) + _UNITS[raw[n + 1].lower()]), 1
                decimals = _spoken_decimals(raw, n + 1 + skip)
                if decimals and value.isdigit():  # "ninety-five-point-five" is 95.5
                    value = _number(f"{value}.{decimals}")
                    skip += 1 + len(decimals)
                if tok.lower() not in _ORDINAL_WORDS:  # "five million", "two hundred thousand"
                    while float(value) < 1000 and (scale := _scale_at(raw, n + 1 + skip)):
                        value, skip = _scaled(value, scale), skip + 1
                content = "#" + value
                numbers.add(value)
            seq.append(content)
    return Tokens(seq, numbers, digits, negated, cjk_chars)
