"""Stage 2 support: the languages the splitter knows, their rules, and language detection.

Each language's rules live in `ragjudge/data/lang/<code>.json` (abbreviations that do not end a
sentence, words that make `N.` an ordinal, a few frequent words and letters for telling Latin
languages apart, and for Korean the endings that close a sentence). This module loads them and
hands the splitter a `Rules` object; `detect_language` picks a language for a text.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from typing import Any

#: every language with rules of its own, in the order the CLI lists them
LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "ru", "zh", "ja", "ko")
#: what `--lang` and `split(lang=…)` accept: a language, or `auto` to detect one per text
LANGS = ("auto", *LANGUAGES)

LATIN_LANGUAGES = frozenset({"en", "de", "fr", "es", "it", "pt"})

_KANA_RE = re.compile("[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
_HAN_RE = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
_HANGUL_RE = re.compile("[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
_CYRILLIC_RE = re.compile("[\u0400-\u04ff]")
_LATIN_RE = re.compile(r"[A-Za-z\u00c0-\u024f]")
_WORD_RE = re.compile(r"[^\W\d_]+")
#: a letter of any script but the Latin one that `script_counts` counts
_NON_LATIN_RE = re.compile(
    "|".join(r.pattern for r in (_KANA_RE, _HAN_RE, _HANGUL_RE, _CYRILLIC_RE))
)


@dataclass(frozen=True, slots=True)
class Rules:
    """One language's sentence rules, as read from its data file."""

    code: str
    name: str
    script: str
    abbreviations: frozenset[str]
    ordinal_words: frozenset[str]
    stopwords: frozenset[str]
    letters: str
    final_endings: tuple[str, ...]
    final_abbreviations: frozenset[str]
    non_final_endings: tuple[str, ...]
    exclamation_names: frozenset[str]


def _check(code: str) -> None:
    if code not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}; got {code!r}")


@functools.cache
def rules(code: str) -> Rules:
    """The rules of language `code` (one of `LANGUAGES`), read once from the package data."""
    _check(code)
    raw: dict[str, Any] = json.loads(
        resources.files("ragjudge").joinpath(f"data/lang/{code}.json").read_text("utf-8")
    )
    return Rules(
        code=code,
        name=str(raw["name"]),
        script=str(raw["script"]),
        abbreviations=frozenset(a.lower() for a in raw.get("abbreviations", [])),
        ordinal_words=frozenset(w.lower() for w in raw.get("ordinal_words", [])),
        stopwords=frozenset(w.lower() for w in raw.get("stopwords", [])),
        letters=str(raw.get("letters", "")),
        # longest first, so `endswith` checks find the most specific ending
        final_endings=tuple(sorted(raw.get("final_endings", []), key=len, reverse=True)),
        final_abbreviations=frozenset(a.lower() for a in raw.get("final_abbreviations", [])),
        non_final_endings=tuple(raw.get("non_final_endings", [])),
        exclamation_names=frozenset(w.lower() for w in raw.get("exclamation_names", [])),
    )


def script_counts(text: str) -> dict[str, int]:
    """How many letters of each script `text` has: kana, han, hangul, cyrillic, latin."""
    return {
        "kana": len(_KANA_RE.findall(text)),
        "han": len(_HAN_RE.findall(text)),
        "hangul": len(_HANGUL_RE.findall(text)),
        "cyrillic": len(_CYRILLIC_RE.findall(text)),
        "latin": len(_LATIN_RE.findall(text)),
    }


@functools.cache
def _stopword_owners() -> dict[str, tuple[str, ...]]:
    """Each frequent word of a Latin-script language, with the languages that list it."""
    owners: dict[str, list[str]] = {}
    for code in sorted(LATIN_LANGUAGES):
        for word in rules(code).stopwords:
            owners.setdefault(word, []).append(code)
    return {word: tuple(codes) for word, codes in owners.items()}


def guess_latin(text: str, default: str = "en", margin: float = 0.0) -> str:
    """Which Latin-script language `text` is most likely in, from frequent words and letters.

    A light guess, not a classifier: each language scores one point per frequent word of its
    own and half a point per letter only it uses much (`ñ`, `ß`, `ã`, …). The best language
    wins when it beats `default` by more than `margin`; otherwise, and for texts with no
    evidence at all, the answer is `default`.
    """
    sample = text[:5000].lower()
    scores = dict.fromkeys(LATIN_LANGUAGES, 0.0)
    owners = _stopword_owners()
    for word, n in Counter(_WORD_RE.findall(sample)).items():
        for code in owners.get(word, ()):
            scores[code] += n
    if not sample.isascii():  # the telling letters are all outside ASCII
        for code in LATIN_LANGUAGES:
            letters = rules(code).letters
            if letters:
                scores[code] += 0.5 * sum(sample.count(ch) for ch in letters)
    best = max(sorted(scores), key=lambda c: (scores[c], c == default))
    floor = scores.get(default, 0.0) + margin
    return best if scores[best] > floor else default


def detect_language(text: str) -> str:
    """The language of `text`: script first, then a light word-based guess for Latin text.

    Kana anywhere in a CJK text makes it Japanese, CJK ideographs without kana Chinese, Hangul
    Korean, Cyrillic Russian; a script counts when it has at least 15% of the letters, so a
    Japanese word inside English prose leaves the text English. Only the first 100,000
    characters are looked at. Empty or letterless text is `"en"`.
    """
    sample = text[:100_000]
    if not _NON_LATIN_RE.search(sample):  # Latin letters or none: the Latin guess decides
        return guess_latin(sample)
    c = script_counts(sample)
    cjk = c["kana"] + c["han"]
    total = cjk + c["hangul"] + c["cyrillic"] + c["latin"]
    if not total:
        return "en"
    if c["hangul"] >= 0.15 * total and c["hangul"] >= cjk:
        return "ko"
    if cjk >= 0.15 * total:
        return "ja" if c["kana"] >= 0.05 * cjk else "zh"
    if c["cyrillic"] > c["latin"]:
        return "ru"
    return guess_latin(sample)


def block_language(block: str, text_lang: str) -> str:
    """The language whose rules apply to one block of a text detected as `text_lang`.

    A block in another script than the text (a Russian quotation in an English page) gets its
    own script's language; a Latin block inside a Latin text keeps the text's language, since
    a short block says too little to guess from.
    """
    if not _NON_LATIN_RE.search(block):  # Latin letters or none
        if not _LATIN_RE.search(block):
            return text_lang
    else:
        c = script_counts(block)
        top = max(c, key=lambda k: c[k])
        if not c[top]:
            return text_lang
        if top == "hangul":
            return "ko"
        if top in ("kana", "han"):
            return "ja" if c["kana"] >= 0.05 * (c["kana"] + c["han"]) else "zh"
        if top == "cyrillic":
            return "ru"
    if text_lang not in LATIN_LANGUAGES:
        return guess_latin(block)
    # a block switches language only on clear evidence (two more frequent words than the
    # text's own language): a short block says too little to guess from
    return guess_latin(block, default=text_lang, margin=1.5)
