"""Stage 2 support: the language rules that add or drop sentence boundaries around Punkt.

Given one block of text and its language's `Rules`, these functions find boundaries Punkt
cannot see (after an ellipsis or an abbreviation that often ends a sentence before a capital,
after a terminator closed by a quote, after a Korean sentence ending without a period, where
a heading runs into its text, around a separator row) and tell the splitter which of Punkt's
boundaries to drop (ordinals such as `1. Mai`, spaced abbreviations such as `z. B.`) or to
keep before a lower-case word. Hands boundary offsets to `ragjudge.sentences`.
"""

from __future__ import annotations

import functools
import itertools
import re

from ragjudge.sentences.languages import LATIN_LANGUAGES, Rules, rules
from ragjudge.sentences.punkt import is_abbrev

CLOSERS = "」』）)】〕〉》］]｝}〙〛〗〞〟\"'”’»›"


_WORD_BEFORE_RE = re.compile(r"([^\W_]+(?:[.'-][^\W_]+)*)[^\w\s]*$")
# an ellipsis followed by a capitalised word: web text uses it as a full stop
_ELLIPSIS_RE = re.compile(r"(?<!\.)(?:\.{3,}+|…)(?=[ \t\u00a0]+[\"'“‘«„(\[]?[^\W\d_])")
# a terminator closed by a quote or bracket Punkt cannot see past (`Ende.“ Dann`, `fin. »`)
_CLOSED_END_RE = re.compile(
    r"(?<![.!?…])[.!?…]++[\s\u00a0\u202f]?[\"'”“’»›)\]]++(?=[\s\u00a0\u202f]+[\"'“‘«„(\[¿¡]?[^\W_])"
)
_HANGUL_WORD_END_RE = re.compile(
    r"(?<![\uac00-\ud7a3])[\uac00-\ud7a3]++(?=[ \t]+[\uac00-\ud7a3A-Za-z0-9\"'“‘(\[])"
)
# closing quotes and brackets after a terminator; `&#39;&#39;` is a closing '' left HTML-escaped
_CLOSERS_AFTER_RE = re.compile(r"[ \t\u00a0\u202f]*(?:[\"'”“’»›)\]]|&#39;)+(?=\s|$)")


def _word_before(block: str, p: int) -> str:
    """The word that ends just before the terminator run ending at `p` (lower case)."""
    i = p
    while i > 0 and block[i - 1] in CLOSERS + "“„«‹ \u00a0\u202f":
        i -= 1
    while i > 0 and block[i - 1] in ".!?…":
        i -= 1
    m = _WORD_BEFORE_RE.search(block, max(0, i - 40), i)
    return m.group(1).lower() if m else ""


_NEXT_WORD_RE = re.compile(r"[\s\"'“‘«„(\[¿¡]*([^\W_]+)")


def next_word(block: str, p: int) -> str:
    """The word that follows `p`, past spaces and opening quotes (`¿Qué` → `Qué`)."""
    m = _NEXT_WORD_RE.match(block, p)
    return m.group(1) if m else ""


_SPACED_ABBREV_RE = re.compile(r"(?:[^\W\d_]{1,3}\. ?){1,3}$")


def abbrev_before(block: str, p: int, r: Rules | None) -> bool:
    """Whether the period before `p` closes an abbreviation, spaced ones included (`z. B.`)."""
    i = p
    while i > 0 and block[i - 1].isspace():
        i -= 1
    if i == 0 or block[i - 1] != ".":
        return False
    m = _SPACED_ABBREV_RE.search(block, max(0, i - 16), i)
    if not m or (m.start() > 0 and block[m.start() - 1].isalnum()):
        return is_abbrev(_word_before(block, i), r)
    pieces = [x for x in re.split(r"\. ?", m.group().lower()) if x]
    # `z. B.` → z.b, b; `p. ej.` → p.ej, ej
    return any(is_abbrev(".".join(pieces[k:]), r) for k in range(len(pieces)))


def ellipsis_boundaries(block: str) -> list[int]:
    """After an ellipsis before a capitalised word, unless inside an open quotation.

    Four dots are an ellipsis plus a full stop and always end the sentence; three dots or
    `…` inside quoted speech (`«… нет... Несомненно …»`) mark a pause, not an end.
    """
    out = []
    for m in _ELLIPSIS_RE.finditer(block):
        if not next_word(block, m.end())[:1].isupper():
            continue
        if m.group().count(".") < 4 and _in_open_quote(block, m.start()):
            continue
        out.append(m.end())
    return out


_QUOTE_OPEN = ("«", "„", "``", "“")
_QUOTE_CLOSE = ("»", "“", "''", "&#39;&#39;", "”")


def _in_open_quote(block: str, pos: int) -> bool:
    """Whether a quotation opened before `pos` (within 400 characters) is still open there."""
    lo = max(0, pos - 400)
    window = block[lo:pos]
    opened = max(window.rfind(q) for q in _QUOTE_OPEN)
    if opened < 0:
        return window.count('"') % 2 == 1
    after = window[opened + 1 :]
    if window.startswith("„", opened) or window.startswith("“", opened):
        # German „…“ closes with “; English “…” with ”
        closer = "“" if window.startswith("„", opened) else "”"
        return closer not in after
    return not any(c in after for c in _QUOTE_CLOSE if c != "“")


def closed_boundaries(block: str, r: Rules | None) -> list[int]:
    out = []
    for m in _CLOSED_END_RE.finditer(block):
        if next_word(block, m.end())[:1].islower():
            continue  # "Is anyone home?" she asked.
        if is_abbrev(_word_before(block, m.end()), r) and ")" not in m.group():
            continue  # `„Dr.“ Meier`; but `(par ex.) Ainsi` closes its bracket and sentence
        out.append(m.end())
    return out


_ABBREV_END_RE = re.compile(r"(?<![\w.])([^\W\d_]+(?:\. ?[^\W\d_]+)*)\.(?=\s)")


def final_abbrev_boundaries(block: str, r: Rules | None) -> list[int]:
    """After an abbreviation that often closes a sentence (`usw.`, `гг.`) before a capital."""
    if r is None or not r.final_abbreviations:
        return []
    out = []
    for m in _ABBREV_END_RE.finditer(block):
        word = m.group(1).lower().replace(" ", "")
        if word in r.final_abbreviations and next_word(block, m.end())[:1].isupper():
            out.append(m.end())
    return out


_TOKEN_RE = re.compile(r"\S+")
#: a heading may be this many words long before the text it runs into
_MAX_HEADING_WORDS = 10
#: German capitalises the polite pronouns mid-sentence; they start nothing
_POLITE = frozenset({"sie", "ihr", "ihre", "ihnen", "ihren", "ihrem", "ihrer"})


@functools.cache
def _starters(lang: str) -> frozenset[str]:
    """Words that, capitalised after an unpunctuated word, start a sentence (lower case).

    None for English: RAGBench's reference split keeps a run-in heading with its text
    (`Curb Weight The curb weight of a vehicle …`), and English documents are judged
    against rows split that way, so English keeps today's behaviour there.
    """
    if lang != "en" and (lang in LATIN_LANGUAGES or lang == "ru"):
        return frozenset(set(rules(lang).stopwords) - _POLITE)
    return frozenset()


def _title_word(tok: str) -> bool:
    """Whether a token can stand in a title: capitalised, all capitals, a number or a symbol."""
    head = tok.lstrip("\"'“‘«„(¿¡[")
    return not head[:1].islower()


def run_in_heading(
    block: str, lang: str, start: int = 0, stop: int | None = None, strict: bool = False
) -> list[int]:
    """Where a heading without punctuation runs into its text, looking from `start`.

    Retrieved web text often loses the line break after a title (`Poor Service After firing
    this company …`, `Blitz multa duas lojas no DF A Sunab autuou …`). A capitalised
    function word (`After`, `The`, `A`, `Die`) right after an unpunctuated word, within the
    first few words, and followed soon by a lower-case word, starts the text. At the start
    of a block any heading qualifies; after another sentence (`strict`) only one whose
    words are all capitalised (`Top Qualität Hier gibt es …`), since a sentence's own
    words would otherwise pass for a title.
    """
    starters = _starters(lang)
    if not starters:
        return []
    stop_words = rules(lang).stopwords
    end = len(block) if stop is None else stop
    tokens = list(itertools.islice(_TOKEN_RE.finditer(block, start, end), _MAX_HEADING_WORDS + 4))
    for k in range(1, min(len(tokens) - 1, _MAX_HEADING_WORDS + 1)):
        prev, tok = tokens[k - 1].group(), tokens[k].group()
        if not (prev[-1].isalpha() or prev[-1] in ')»”"' or (k > 1 and prev.isdigit())):
            return []  # punctuation or a list number: a sentence or a list, not a heading
        if strict and not _title_word(prev):
            return []
        word = tok.rstrip(",;:")
        capitalised = word[:1].isupper() and (word[1:].islower() or len(word) == 1)
        if not capitalised:
            continue
        if word.lower() not in starters:
            continue
        nxt = tokens[k + 1].group()
        if len(word) == 1 and prev.isupper() and nxt.isupper():
            continue  # IMPOSTOS E TARIFAS: a one-letter word inside an all-capitals title
        if prev[:1].isupper() and (prev.lower() in starters or prev.lower() in stop_words):
            continue  # Let It Be, Of The Rings: a title in title case
        if any(t.group()[:1].islower() for t in tokens[k + 1 : k + 5]):
            return [tokens[k].start()]
        return []
    return []


# a row of symbols standing between sentences: `***`, `--`, `~~~`, `###`, `===`
_SEPARATOR_RE = re.compile(r"(?:(?<=[.!?…])|^)\s*([*~#=_\-–—]{2,})(?=\s+[\"'“‘(\[]?[^\W\d_])")


def separator_boundaries(block: str) -> list[int]:
    """Around a separator line run into the text (`… Graae. *** Bush also …`). At the start
    of a block, one to six `#` open a markdown heading (`## Opening hours`), which keeps its
    marks."""
    out = []
    for m in _SEPARATOR_RE.finditer(block):
        if not next_word(block, m.end())[:1].isupper():
            continue
        marks = m.group(1)
        if len(marks) <= 6 and marks.count("#") == len(marks) and not block[: m.start(1)].strip():
            continue
        out.append(m.start(1))
        out.append(m.end(1))
    return out


def korean_boundaries(block: str) -> list[int]:
    """After a Hangul word that ends a sentence without a period (informal Korean)."""
    ko = rules("ko")
    out = []
    for m in _HANGUL_WORD_END_RE.finditer(block):
        word = m.group()
        final = next((e for e in ko.final_endings if word.endswith(e)), "")
        other = next((e for e in ko.non_final_endings if word.endswith(e)), "")
        if final and len(final) > len(other):
            out.append(m.end())
    return out


# a polite predicate ending run straight into the next sentence's first kanji or katakana
_JA_POLITE_END_RE = re.compile(
    "(?:でした|ました|ません|でしょう|です|ます|ください)"
    "(?=[\u4e00-\u9fff\u30a1-\u30faA-Za-z0-9\uff10-\uff19\uff21-\uff3a「『（(【])"
)
# decorative symbols that close a sentence in informal Japanese (`お店です☆そのため`)
_JA_DECOR_RE = re.compile(
    "(?<=[\u3040-\u30ff\u4e00-\u9fff])[☆★♪♫♬♡♥◎]+(?=[\u3040-\u30ff\u4e00-\u9fff])"
)


def japanese_boundaries(block: str) -> list[int]:
    """After a polite ending or a decorative symbol that closes a sentence without `。`."""
    out = [m.end() for m in _JA_POLITE_END_RE.finditer(block)]
    out.extend(m.end() for m in _JA_DECOR_RE.finditer(block))
    return out


def is_ordinal(block: str, p: int, r: Rules | None) -> bool:
    """Whether the period before `p` belongs to an ordinal number (`am 1. Mai`, `3. Platz`)."""
    i = p
    while i > 0 and block[i - 1].isspace():
        i -= 1
    if i == 0 or block[i - 1] != ".":
        return False
    j = i - 1
    k = j
    while k > 0 and block[k - 1].isdigit():
        k -= 1
    if not (1 <= j - k <= 3) or (k > 0 and block[k - 1].isalnum()):
        return False
    nxt = next_word(block, p)
    return bool(nxt) and (nxt[0].islower() or (r is not None and nxt.lower() in r.ordinal_words))


def absorb_closers(block: str, p: int) -> int:
    """Move a boundary past closing quotes and brackets that still belong to its sentence."""
    m = _CLOSERS_AFTER_RE.match(block, p)
    return m.end() if m else p


def plain_period_end(block: str, p: int, r: Rules | None) -> bool:
    """Whether `p` ends a sentence even though a lower-case word follows.

    Web text often starts a sentence in lower case: a full stop after a word of two or more
    letters that is no abbreviation ends the sentence (`thanks. i will call`), and so does an
    unquoted `!` or `?` (`Site made! and it seems …`), except after a name that carries its
    `!` (`Yahoo! in the …`, the language's `exclamation_names`). Quoted speech continues
    (`"Great!" she said`).
    """
    i = p
    while i > 0 and block[i - 1].isspace():
        i -= 1
    if i < 2:
        return False
    if block[i - 1] in "!?":
        j = i
        while j > 0 and block[j - 1] in "!?":
            j -= 1
        word = _word_before(block, j)
        names = r.exclamation_names if r is not None else rules("en").exclamation_names
        return bool(word) and word not in names
    if block[i - 1] != "." or block[i - 2] == ".":
        return False
    word = _word_before(block, i)
    if len(word) < 2 or not word.isalpha():
        return False
    return not is_abbrev(word, r)
