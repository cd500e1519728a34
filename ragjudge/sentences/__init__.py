"""Stage 2: split texts into sentences with character offsets, and key them.

Document sentences get `<doc index><letters>` keys (`0a … 0z, 0aa …`), response sentences plain
letters (`a, b, … z, aa …`). Rows that arrive pre-split keep their keys verbatim. Hands on a
`KeyedExample`.

Splitting works in two layers. First the text is cut into *blocks* at line level (`blocks.py`):
blank lines, markdown list items, headings, quotes, tables and code fences always start a new
block, and a line break joins two lines only when the first line looks hard-wrapped (most
languages) or ends in a comma or is continued by a particle (Japanese and Chinese). Then each
block is split inside with the rules of its language (`languages.py`, data in
`ragjudge/data/lang/`): NLTK's Punkt (`punkt.py`) decides on `.`, `!`, `?` (English with the
parameters in `ragjudge/data/punkt_en.json`, other languages with their own abbreviations), and
a bracket-aware scanner decides on `。！？．` and friends in Japanese/Chinese text. Rules run
around Punkt: URLs, e-mail addresses and spaced ellipses are masked before it sees them (the
masked copy has the same length, so offsets never move); afterwards list markers and ordinals
(`1. Mai`) stay with their text, a lowercase continuation (`"Hi!" she said`) is glued back,
closing quotes stay with their sentence, boundaries inside a Japanese quotation are dropped,
and a few are added (`boundaries.py`): after a full stop before a lower-case word, after an
ellipsis or an abbreviation that often ends a sentence before a capital, after a Korean
sentence ending without a period, and where a heading runs into its text.

Every span indexes the original string, with whitespace trimmed at both ends; the text outside
the spans is whitespace only, so no visible character is ever lost.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import re
import threading
from collections import OrderedDict

from ragjudge.sentences.blocks import (
    BULLET,
    CJK_ANY_RE,
    CJK_LETTER_RE,
    CJK_RUN_RE,
    HANGUL_RE,
    TERMINAL,
    ends_terminal,
    is_cjk,
    line_blocks,
)
from ragjudge.sentences.boundaries import (
    CLOSERS,
    abbrev_before,
    absorb_closers,
    closed_boundaries,
    ellipsis_boundaries,
    final_abbrev_boundaries,
    is_ordinal,
    japanese_boundaries,
    korean_boundaries,
    next_word,
    plain_period_end,
    run_in_heading,
    separator_boundaries,
)
from ragjudge.sentences.languages import (
    LANGS,
    LANGUAGES,
    block_language,
    detect_language,
    rules,
)
from ragjudge.sentences.punkt import tokenizer
from ragjudge.types import Example, KeyedExample, Sentence

__all__ = [
    "LANGS",
    "LANGUAGES",
    "detect_language",
    "document_key",
    "history_key",
    "key_document",
    "key_example",
    "key_response",
    "letters",
    "preload",
    "response_key",
    "split",
]


def letters(n: int) -> str:
    """Bijective base-26 letters for a 0-based index: 0 → a, 25 → z, 26 → aa, 701 → zz."""
    if n < 0:
        raise ValueError(f"sentence index must be >= 0, got {n}")
    out = []
    n += 1
    while n:
        n, rem = divmod(n - 1, 26)
        out.append(chr(ord("a") + rem))
    return "".join(reversed(out))


def document_key(doc_index: int, sentence_index: int) -> str:
    return f"{doc_index}{letters(sentence_index)}"


def response_key(sentence_index: int) -> str:
    return letters(sentence_index)


def history_key(turn_index: int, sentence_index: int) -> str:
    """`h0a`, `h0b`, … `h1a`: a sentence of turn `turn_index` of the conversation history."""
    return f"h{turn_index}{letters(sentence_index)}"


# --- CJK sentence ends and bracket pairs ----------------------------------------------------

_CJK_STRONG_END = "。｡！？‼⁇⁈⁉"
_OPENERS_CJK = "「『（【〔〈《［｛〘〚〖"
_PAIRS = {
    "」": "「",
    "』": "『",
    "）": "（",
    "】": "【",
    "〕": "〔",
    "〉": "〈",
    "》": "《",
    "］": "［",
    "｝": "｛",
    "〙": "〘",
    "〛": "〚",
    "〗": "〖",
    ")": "(",
    "”": "“",
}
_OPENERS = frozenset(_PAIRS.values())
_BRACKET_RE = re.compile("[" + re.escape("".join(_PAIRS) + "".join(_OPENERS)) + "]")
#: a quotation or bracket longer than this is not trusted to be one (unbalanced input)
_MAX_PAIR = 1000

# Hiragana that continue a sentence after a closing quote or 。」: と, って, は, を …
_JA_CONTINUATION = frozenset("とっはをがにのもへやか")


def _match_end(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where a match of `pattern` at `pos` ends (`pos` itself when it does not match)."""
    m = pattern.match(text, pos)
    return m.end() if m else pos


# --- layer 2: inside a block ---------------------------------------------------------------

_URL_RE = re.compile(
    r"(?:(?:https?|ftp|file)://|www\.)[^\s<>\"'「」『』（）]+"
    r"|(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+",
    re.ASCII,
)
_SPACED_ELLIPSIS_RE = re.compile(r"\.(?:[ \u00a0]\.){2,}")
_LONG_RUN_RE = re.compile(r"(?<!\S)\S{200,}")
_END_PUNCT_RE = re.compile(r"[.?!]")
_MASK = "\u2024"  # one dot leader: a word character to Punkt, never a sentence end

_CJK_END_RE = re.compile(r"[。｡！？‼⁇⁈⁉!?．.]+")
_CLOSERS_RE = re.compile(f"[{re.escape(CLOSERS)}]*")
_EMOTICON_RE = re.compile(
    r"[ \u3000]?(?:[(（][^\s()（）]{1,12}[)）][/ノﾉ]?|(?<![\w:])[:;=][-'^]?[)(\]\[DPpOo3|/\\]"
    r"(?![\w(])|<3|\^_?\^|[wｗ]{2,}(?![A-Za-z])|[（(]笑[)）])"
)
_EMOTICON_SYMBOLS = frozenset("^＾;；_＿´｀ω∀▽Д゜°ﾟ・*ー-><~〜￣∇ノﾉ≧≦")

_INLINE_ENUM_RE = re.compile(r"(?<!\S)[(（]?(\d{1,2}|[a-zA-Z])(\.\)|[.)])(?=\s+\S)")
_INLINE_BULLET_RE = re.compile(r"(?<=\s)[•⁃‣◦▪●■◆►▶➢➤](?=\s*\S)")
_MARKER_ONLY_RE = re.compile(
    rf"(?:{BULLET}\s*)?[(（]?(?:\d{{1,4}}(?:\.\d{{1,3}})*|[A-Za-z]|[ivxlcIVXLC]{{2,6}})"
    r"(?:\.\)|[.)）．])"
)
#: an inline list item longer than this ends the list
_MAX_ITEM = 2000
_LEAD_IN_RE = re.compile(r"[\s\"'“‘(\[«‹]*")


def _masked(block: str, has_cjk: bool) -> str:
    """`block` with the periods Punkt must not see replaced one for one."""
    chars: list[str] | None = None

    def mask(start: int, end: int) -> None:
        nonlocal chars
        for i in range(start, end):
            if block[i] in ".?!":
                if chars is None:
                    chars = list(block)
                chars[i] = _MASK

    for m in _URL_RE.finditer(block):
        end = m.end()
        while end > m.start() and block[end - 1] in ".,;:!?":
            end -= 1  # a period right after a URL still ends the sentence
        mask(m.start(), end)
    for m in _SPACED_ELLIPSIS_RE.finditer(block):
        # ". . . ." is an ellipsis plus the period of the sentence: keep that last one
        dots = m.group().count(".")
        mask(m.start(), m.end() - 1 if dots >= 4 else m.end())
    for m in _LONG_RUN_RE.finditer(block):
        # code, base64, a URL-like blob: not prose; masking also keeps Punkt linear on it
        mask(m.start(), m.end() - 1)
    out = block if chars is None else "".join(chars)
    if has_cjk:
        # a run of kana/kanji becomes one neutral token ("0", neither upper nor lower case)
        # padded with spaces: `…は、Dr. Smith` shows Punkt the word `Dr.`, and an English
        # sentence followed by Japanese still has a next token to end before
        out = CJK_RUN_RE.sub(lambda m: "0" + " " * (len(m.group()) - 1), out)
    return out


def _bracket_zones(block: str, cjk_only: bool) -> list[tuple[int, int]]:
    """Disjoint (open, close) index pairs of quotations no boundary may fall inside."""
    stack: list[tuple[str, int]] = []
    pairs: list[tuple[int, int]] = []
    for m in _BRACKET_RE.finditer(block):
        ch, i = m.group(), m.start()
        if ch in _OPENERS:
            stack.append((ch, i))
            continue
        want = _PAIRS[ch]
        for depth in range(len(stack) - 1, max(len(stack) - 4, -1), -1):
            if stack[depth][0] == want:
                o = stack[depth][1]
                del stack[depth:]
                if i - o <= _MAX_PAIR and (
                    want in _OPENERS_CJK or not cjk_only or CJK_LETTER_RE.search(block, o, i)
                ):
                    pairs.append((o, i))
                break
    pairs.sort()
    zones: list[tuple[int, int]] = []
    for o, c in pairs:
        if zones and o <= zones[-1][1]:
            if c > zones[-1][1]:
                zones[-1] = (zones[-1][0], c)
        else:
            zones.append((o, c))
    return zones


def _inside(zones: list[tuple[int, int]], starts: list[int], p: int) -> bool:
    """Whether a boundary at `p` (a sentence ends just before `p`) cuts a zone."""
    k = bisect.bisect_left(starts, p) - 1
    return k >= 0 and zones[k][0] < p <= zones[k][1]


def _cjk_boundaries(block: str) -> list[int]:
    out = []
    n = len(block)
    for m in _CJK_END_RE.finditer(block):
        s, e = m.span()
        run = m.group()
        prev = block[s - 1] if s else ""
        nxt = block[e] if e < n else ""
        if not any(c in _CJK_STRONG_END for c in run):
            if "．" in run or "." in run:
                if prev.isdigit() and nxt.isdigit():
                    continue  # 3.5, ３．５
                if "．" not in run and (len(run) > 1 or not (prev and is_cjk(prev))):
                    continue  # Latin periods and "..." are Punkt's business
                if nxt and (nxt.isalnum() and not is_cjk(nxt)):
                    continue  # ｖｅｒ．２, file.txt
            elif not ((prev and is_cjk(prev)) or (nxt and is_cjk(nxt))):
                continue  # ! and ? between Latin words: Punkt decides
        e = _match_end(_CLOSERS_RE, block, e)
        nxt = block[e] if e < n else ""
        if nxt in _JA_CONTINUATION and (e > m.end() or nxt in "とっ"):
            continue  # 「…。」と言った / なぜ？と思った
        out.append(e)
    return out


def _punkt_boundaries(block: str, has_cjk: bool, lang: str) -> list[int]:
    if not _END_PUNCT_RE.search(block):
        return []
    masked = _masked(block, has_cjk)
    punkt = tokenizer(lang)
    out: list[int] = []
    # Punkt's regular expressions run under a time limit in recent nltk; a very long block
    # (a scraped page without line breaks) goes through in windows, cut where a sentence
    # plainly ends (`word. Next`) when there is such a place
    for lo, hi, ends_sentence in _windows(masked):
        ends = [lo + end for _, end in punkt.span_tokenize(masked[lo:hi])]
        out.extend(ends if ends_sentence or hi == len(masked) else ends[:-1])
    return out[:-1]


_WINDOW = 20_000
_WINDOW_CUT_RE = re.compile(r"(?<=[^\W\d_]{3})[.!?] +(?=[^\W\d_])")


def _windows(text: str) -> list[tuple[int, int, bool]]:
    """Consecutive `(start, end, ends_sentence)` spans of at most about `_WINDOW` characters."""
    spans = []
    lo = 0
    while len(text) - lo > _WINDOW:
        cut = -1
        for m in _WINDOW_CUT_RE.finditer(text, lo + _WINDOW // 2, lo + _WINDOW):
            if text[m.start() - 3 : m.start()].islower() and text[m.end()].isupper():
                cut = m.end()
        if cut > 0:
            spans.append((lo, cut, True))
        else:
            space = text.rfind(" ", lo + _WINDOW // 2, lo + _WINDOW)
            cut = space + 1 if space > 0 else lo + _WINDOW
            spans.append((lo, cut, False))
        lo = cut
    spans.append((lo, len(text), True))
    return spans


def _list_boundaries(block: str) -> tuple[list[int], set[int]]:
    """Boundaries before inline list items (`1) a 2) b`, `• a • b`) and the marker ends."""
    cuts: list[int] = []
    marker_ends: set[int] = set()
    # chains of consecutive markers (1. 2. 3. or a) b) c)), found in one pass: each open chain
    # waits for its next value in the same style, and gives up after a long gap
    waiting: dict[tuple[str, str], list[re.Match[str]]] = {}
    chains: list[list[re.Match[str]]] = []
    for m in _INLINE_ENUM_RE.finditer(block):
        value, style = m.group(1), m.group(2)
        chain = waiting.pop((style, value), None)
        if chain is not None and m.start() - chain[-1].end() > _MAX_ITEM:
            chain = None
        if chain is None:
            chain = []
            chains.append(chain)
        chain.append(m)
        nxt = _successor(value)
        if nxt:
            waiting[(style, nxt)] = chain
    for chain in chains:
        if len(chain) < 2:
            continue
        i = chain[0].start()
        while i > 0 and block[i - 1].isspace():
            i -= 1
        if i and block[i - 1] not in ":：" and not ends_terminal(block, 0, i):
            continue  # `See chapter 1. Then page 2.` is prose, not a list
        cuts.extend(m.start() for m in chain if m.start() > 0)
        marker_ends.update(m.end() for m in chain)
    cuts.extend(m.start() for m in _INLINE_BULLET_RE.finditer(block))
    return cuts, marker_ends


def _successor(value: str) -> str:
    if value.isdigit():
        return str(int(value) + 1)
    if value in ("z", "Z"):
        return ""
    return chr(ord(value) + 1)


def _emoticon_end(block: str, p: int) -> int:
    """Where a boundary at `p` moves to when an emoticon trails the sentence."""
    m = _EMOTICON_RE.match(block, p)
    if not m:
        return p
    body = m.group().strip()
    if body[0] in "(（" and not any(c in _EMOTICON_SYMBOLS for c in body) and "笑" not in body:
        return p  # an ordinary parenthesis opens the next sentence
    e = m.end()
    if e < len(block) and not (block[e].isspace() or is_cjk(block[e])):
        return p
    return e


def _url_boundaries(block: str) -> list[int]:
    """After a bare URL or e-mail address followed by a capitalised word (`…@gmail.com Site made!`).

    Signatures and link lines lose their line breaks in retrieved text; a URL that a
    punctuation mark follows is left to the other rules.
    """
    out = []
    for m in _URL_RE.finditer(block):
        end = m.end()
        if block[end - 1] in ".,;:!?" or not block[end : end + 1].isspace():
            continue
        if next_word(block, end)[:1].isupper():
            out.append(end)
    return out


def _run_in_headings(block: str, lang: str, bounds: list[int]) -> list[int]:
    """`bounds` plus where a capitalised heading runs into the sentence after a boundary."""
    if not bounds:
        return bounds
    added: list[int] = []
    for s, e in zip(bounds, [*bounds[1:], len(block)], strict=True):
        added.extend(p for p in run_in_heading(block, lang, s, e, strict=True) if s < p < e)
    return sorted({*bounds, *added}) if added else bounds


def _split_block(block: str, lang: str) -> list[int]:
    """Sorted boundary offsets inside one block (a sentence ends just before each)."""
    has_cjk = CJK_ANY_RE.search(block) is not None
    r = rules(lang) if lang in LANGUAGES else None
    cjk = _cjk_boundaries(block) if has_cjk else []
    latin = _punkt_boundaries(block, has_cjk, lang)
    extra = {
        *ellipsis_boundaries(block),
        *closed_boundaries(block, r),
        *final_abbrev_boundaries(block, r),
        *run_in_heading(block, lang),
        *separator_boundaries(block),
    }
    if lang == "ko" or HANGUL_RE.search(block):
        extra.update(korean_boundaries(block))
    if has_cjk:
        extra.update(japanese_boundaries(block))
    extra.update(_url_boundaries(block))
    cuts, marker_ends = _list_boundaries(block)
    if not (cjk or latin or cuts or extra):
        return []
    bounds = sorted({*cjk, *latin, *cuts, *extra})
    zones = _bracket_zones(block, cjk_only=True) if has_cjk else []
    starts = [o for o, _ in zones]
    latin_set = set(latin)
    n = len(block)
    out: list[int] = []
    last = 0
    for p in bounds:
        p = absorb_closers(block, p)
        if p <= last or p >= n or block[p] in TERMINAL:
            continue  # a run like `!?` or `?!` ends once, after its last mark
        if zones and _inside(zones, starts, p):
            continue
        piece = block[last:p].strip()
        if p in marker_ends or _MARKER_ONLY_RE.fullmatch(piece) or not piece:
            continue  # `1.` stays with its item
        if all(c in TERMINAL for c in piece):
            continue  # a stray `!` opens the next sentence rather than standing alone
        if p in latin_set and p not in cuts and p not in extra:
            if is_ordinal(block, p, r):
                continue  # am 1. Mai, der 3. Platz
            if not next_word(block, p)[:1].isupper() and abbrev_before(block, p, r):
                continue  # z. B. 3 Tage, p. ej. la
            lead = _match_end(_LEAD_IN_RE, block, p)
            if lead < n and block[lead].islower() and not plain_period_end(block, p, r):
                continue  # "Great!" she said. / Yahoo! in the …
        p = _emoticon_end(block, p)
        if p >= n:
            break
        out.append(p)
        last = p
    return _run_in_headings(block, lang, out)


def preload() -> None:
    """Load what splitting loads on first use (NLTK, which is slow to import, and English
    Punkt), so a batch can do it before its first row."""
    tokenizer("en")


def split(text: str, lang: str = "auto") -> list[tuple[int, int]]:
    """Sentence spans `(start, end)` of `text`, whitespace trimmed, none empty.

    `lang` is one of `LANGS`: `"auto"` detects the language of the text (`detect_language`)
    and then of each block in another script, so a Russian quotation inside English prose
    gets Russian rules and Japanese inside English is split span by span. A language code
    forces its rules on the whole text. The language decides the abbreviations that do not
    end a sentence, ordinal numbers (`1. Mai`), Korean sentence endings without a period, and
    how line breaks are read: in Japanese and Chinese text a line that ends without
    punctuation ends its sentence (unless it ends in `、` or the next line opens with a
    particle); elsewhere hard-wrapped lines are joined. Every language's punctuation is
    honoured in every mode, so mixed text splits sensibly either way. A JSON record printed
    one field a line is split a field a line (see `_record_lines`).
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}; got {lang!r}")
    fields = _record_lines(text)
    if fields is not None:
        return fields
    text_lang = detect_language(text) if lang == "auto" else lang
    # Chinese reads its line breaks like Japanese; every other language like English
    line_mode = "ja" if text_lang in ("ja", "zh") else "auto" if lang == "auto" else "en"
    spans: list[tuple[int, int]] = []
    for bs, be in line_blocks(text, line_mode):
        block = text[bs:be]
        block_lang = block_language(block, text_lang) if lang == "auto" else lang
        last = 0
        for p in [*_split_block(block, block_lang), len(block)]:
            s, e = last, p
            while s < e and block[s].isspace():
                s += 1
            while e > s and block[e - 1].isspace():
                e -= 1
            if e > s:
                spans.append((bs + s, bs + e))
            last = p
    return spans


def _record_lines(text: str) -> list[tuple[int, int]] | None:
    """A JSON record written one field a line (a structured document, pretty-printed) is split
    a field a line, so each field has its own key; a line of brackets alone joins the field
    before it (or, at the top, the first field). None for any other text."""
    stripped = text.strip()
    if not stripped or stripped[0] not in "{[" or text.count("\n") < 2:
        return None
    try:
        json.loads(stripped)
    except (ValueError, RecursionError):  # not JSON, or nested too deep to read
        return None
    spans: list[tuple[int, int]] = []
    opening: int | None = None  # the start of brackets above the first field
    offset = 0
    for line in text.splitlines(keepends=True):
        body = line.strip()
        start = offset + len(line) - len(line.lstrip())
        end = start + len(body)
        offset += len(line)
        if not body:
            continue
        if not body.strip("{}[],: \t"):
            if spans:
                spans[-1] = (spans[-1][0], end)
            elif opening is None:
                opening = start
            continue
        spans.append((start if opening is None else opening, end))
        opening = None
    if opening is not None:  # brackets alone, no field: one span
        spans.append((opening, len(text.rstrip())))
    return spans


class _SpanCache:
    """The sentence spans of recently split documents, by a digest of their text.

    A batch often retrieves the same passage for many questions; each is split once. The
    cache holds digests and spans, not the texts, and forgets the least recently used beyond
    `size` documents. Safe to share between threads.
    """

    def __init__(self, size: int = 4096) -> None:
        self._size = size
        self._spans: OrderedDict[tuple[bytes, str], tuple[tuple[int, int], ...]] = OrderedDict()
        self._lock = threading.Lock()

    def spans(self, text: str, lang: str) -> tuple[tuple[int, int], ...]:
        key = (
            hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest(),
            lang,
        )
        with self._lock:
            found = self._spans.get(key)
            if found is not None:
                self._spans.move_to_end(key)
                return found
        spans = tuple(split(text, lang))
        with self._lock:
            self._spans[key] = spans
            if len(self._spans) > self._size:
                self._spans.popitem(last=False)
        return spans


_DOCUMENT_SPANS = _SpanCache()


def key_document(text: str, doc_index: int, lang: str = "auto") -> tuple[Sentence, ...]:
    return tuple(
        Sentence(document_key(doc_index, i), text[s:e], s, e)
        for i, (s, e) in enumerate(_DOCUMENT_SPANS.spans(text, lang))
    )


def key_response(text: str, lang: str = "auto") -> tuple[Sentence, ...]:
    return tuple(
        Sentence(response_key(i), text[s:e], s, e) for i, (s, e) in enumerate(split(text, lang))
    )


def key_example(example: Example, lang: str = "auto") -> KeyedExample:
    """Key every sentence of an example; pre-split sentences keep their keys verbatim."""
    if example.presplit_documents is not None:
        documents = tuple(
            tuple(Sentence(k, t) for k, t in doc) for doc in example.presplit_documents
        )
    else:
        documents = tuple(
            key_document(doc.text, i, lang) for i, doc in enumerate(example.documents)
        )
    if example.presplit_response is not None:
        response = tuple(Sentence(k, t) for k, t in example.presplit_response)
    else:
        response = key_response(example.response, lang)
    history = tuple(
        tuple(
            Sentence(history_key(t, i), turn.text[s:e], s, e)
            for i, (s, e) in enumerate(split(turn.text, lang))
        )
        for t, turn in enumerate(example.history)
    )
    return KeyedExample(example=example, documents=documents, response=response, history=history)
