"""Stage 2: split texts into sentences with character offsets, and key them.

Document sentences get `<doc index><letters>` keys (`0a … 0z, 0aa …`), response sentences plain
letters (`a, b, … z, aa …`). Rows that arrive pre-split keep their keys verbatim. Hands on a
`KeyedExample`.

Splitting works in two layers. First the text is cut into *blocks* at line level: blank lines,
markdown list items, headings, quotes, tables and code fences always start a new block, and a
line break joins two lines only when the first line looks hard-wrapped (English) or ends in a
comma or is continued by a particle (Japanese). Then each block is split inside: NLTK's Punkt,
with parameters shipped in `ragjudge/data/punkt_en.json`, decides on `.`, `!`, `?` in Latin
text, and a bracket-aware scanner decides on `。！？．` and friends in Japanese/Chinese text.
A few rules run around Punkt: URLs, e-mail addresses and spaced ellipses are masked before it
sees them (the masked copy has the same length, so offsets never move), and afterwards list
markers are glued to their item, a lowercase continuation (`"Hi!" she said`) is glued back,
and boundaries inside a Japanese quotation are dropped.

Every span indexes the original string, with whitespace trimmed at both ends; the text outside
the spans is whitespace only, so no visible character is ever lost.
"""

from __future__ import annotations

import bisect
import functools
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from ragjudge.types import Example, KeyedExample, Sentence

if TYPE_CHECKING:
    from nltk.tokenize.punkt import PunktSentenceTokenizer

__all__ = [
    "detect_language",
    "document_key",
    "history_key",
    "key_document",
    "key_example",
    "key_response",
    "letters",
    "response_key",
    "split",
]

LANGS = ("auto", "en", "ja")


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


# --- character classes ---------------------------------------------------------------------

# Kana, CJK ideographs and half-width katakana: the letters of Japanese and Chinese prose.
_CJK_LETTER = (
    "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
    "\U00020000-\U0003134f"
)
# CJK punctuation and full-width forms also mark a CJK context.
_CJK_ANY = _CJK_LETTER + "\u3000-\u303f\uff01-\uff65"
_CJK_LETTER_RE = re.compile(f"[{_CJK_LETTER}]")
_CJK_ANY_RE = re.compile(f"[{_CJK_ANY}]")
_CJK_RUN_RE = re.compile(f"[{_CJK_ANY}]+")
_LATIN_RE = re.compile(r"[A-Za-z\u00c0-\u024f]")

_CJK_STRONG_END = "。｡！？‼⁇⁈⁉"
_CLOSERS = "」』）)】〕〉》］]｝}〙〛〗〞〟\"'”’»›"
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


def _is_cjk(ch: str) -> bool:
    return bool(_CJK_ANY_RE.match(ch))


def detect_language(text: str) -> str:
    """`"ja"` when kana/kanji make up at least 15% of the letters of `text`, else `"en"`.

    Chinese counts as `"ja"`: both use the same sentence rules. Only the first 100,000
    characters are looked at, which is plenty to tell the two apart.
    """
    sample = text[:100_000]
    cjk = _CJK_LETTER_RE.subn("", sample)[1]
    if not cjk:
        return "en"
    latin = _LATIN_RE.subn("", sample)[1]
    return "ja" if cjk >= 0.15 * (cjk + latin) else "en"


# --- layer 1: lines into blocks ------------------------------------------------------------

_NEWLINE_RE = re.compile(r"\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")
_BULLET = r"(?:[-*+](?=\s)|[•‣⁃◦▪▫●○■□◆◇►▶➢➤✓✔✗☐☑※・])"
_ENUM = (
    r"(?:[(（]?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivxlcIVXLC]{2,6})(?:\.\)|[.)）．])"
    r"(?=\s|$|[^\x00-\x7f])|[(（]\d{1,3}[)）]|[①-⑳⑴-⒇⒈-⒛❶-❿]|第[0-9０-９一二三四五六七八九十]+[章節条項])"
)
_LINE_KIND_RE = re.compile(
    r"(?P<fence>```|~~~)|(?P<heading>#{1,6}(?=\s|$))|(?P<rule>[-=_*~─━]{3,}\s*$)"
    rf"|(?P<item>{_BULLET}|{_ENUM})|(?P<quote>>)|(?P<table>\|)"
)
_LABEL_RE = re.compile(r"[A-Z][\w '/-]{0,24}:(?:\s|$)")
_TERMINAL = ".!?。｡！？‼⁇⁈⁉．…"
_SOFT_END_EN = ",;(-–—/&+"
_SOFT_END_JA = "、，,・"
_STRUCTURAL_PREV = frozenset({"heading", "rule", "table", "fence"})


@dataclass(slots=True)
class _Line:
    start: int  # first non-space character
    end: int  # after the last non-space character
    kind: str  # text, item, heading, rule, quote, table, fence
    run_max: int = 0  # longest line of the paragraph run it belongs to


def _lines(text: str) -> list[_Line | None]:
    """Non-blank lines with their kind; `None` marks a blank line."""
    out: list[_Line | None] = []
    pos = 0
    n = len(text)
    while pos <= n:
        m = _NEWLINE_RE.search(text, pos)
        stop = m.start() if m else n
        s, e = pos, stop
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s == e:
            out.append(None)
        else:
            km = _LINE_KIND_RE.match(text, s, e)
            out.append(_Line(s, e, km.lastgroup if km else "text"))  # type: ignore[arg-type]
        if not m:
            break
        pos = m.end()
    # the longest line of each paragraph run tells a hard-wrapped paragraph from short lines
    run: list[_Line] = []
    for line in [*out, None]:
        if (line is None or line.kind != "text") and run:
            longest = max(x.end - x.start for x in run)
            for x in run:
                x.run_max = longest
            run = []
        if line is not None:
            run.append(line)
    return out


def _ends_terminal(text: str, start: int, end: int) -> bool:
    i = end - 1
    while i > start and text[i] in _CLOSERS:
        i -= 1
    return text[i] in _TERMINAL


def _starts_with_particle(text: str, pos: int, end: int) -> bool:
    """Whether a line opens with a particle, i.e. continues the previous line's sentence."""
    ch = text[pos]
    if ch in "をのへや":
        return True  # these never open a sentence
    if ch not in "はがにでとも":
        return False
    nxt = text[pos + 1] if pos + 1 < end else ""
    # followed by more hiragana these are as likely a word that opens one (はい, では, もし)
    return not ("\u3041" <= nxt <= "\u309f")


def _joins(text: str, prev: _Line, line: _Line, lang: str) -> bool:
    """Whether the line break between `prev` and `line` is only a wrap inside one sentence."""
    if line.kind != "text" or prev.kind in _STRUCTURAL_PREV:
        return False
    if _ends_terminal(text, prev.start, prev.end):
        return True  # the in-block splitter decides (abbreviation, `1.` marker, …)
    last = text[prev.end - 1]
    first = text[line.start]
    if last in ":：":
        return False
    if (
        lang == "ja"
        or _is_cjk(last)
        or (lang == "auto" and _CJK_LETTER_RE.search(text, prev.start, prev.end))
    ):
        return last in _SOFT_END_JA or _starts_with_particle(text, line.start, line.end)
    if _LABEL_RE.match(text, line.start, line.end):
        return False  # `Passage: …`, `Note: …` open a field of their own
    if last in _SOFT_END_EN:
        return True
    length = prev.end - prev.start
    if first.islower():
        return length >= 25 or text.count(" ", prev.start, prev.end) >= 2
    return (
        prev.run_max >= 50
        and length >= 0.7 * prev.run_max
        and (first.isalnum() or first in "\"'“‘(")
    )


def _blocks(text: str, lang: str) -> list[tuple[int, int]]:
    """Spans of text that no sentence crosses."""
    blocks: list[tuple[int, int]] = []
    cur: _Line | None = None
    cur_start = 0
    in_fence = False
    for line in _lines(text):
        if line is None:
            if cur is not None:
                blocks.append((cur_start, cur.end))
                cur = None
            continue
        if in_fence or line.kind == "fence":
            if cur is not None:
                blocks.append((cur_start, cur.end))
                cur = None
            blocks.append((line.start, line.end))
            if line.kind == "fence":
                in_fence = not in_fence
            continue
        if cur is not None and _joins(text, cur, line, lang):
            cur = line
            continue
        if cur is not None:
            blocks.append((cur_start, cur.end))
        cur, cur_start = line, line.start
    if cur is not None:
        blocks.append((cur_start, cur.end))
    return blocks


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
_CLOSERS_RE = re.compile(f"[{re.escape(_CLOSERS)}]*")
_EMOTICON_RE = re.compile(
    r"[ \u3000]?(?:[(（][^\s()（）]{1,12}[)）][/ノﾉ]?|(?<![\w:])[:;=][-'^]?[)(\]\[DPpOo3|/\\]"
    r"(?![\w(])|<3|\^_?\^|[wｗ]{2,}(?![A-Za-z])|[（(]笑[)）])"
)
_EMOTICON_SYMBOLS = frozenset("^＾;；_＿´｀ω∀▽Д゜°ﾟ・*ー-><~〜￣∇ノﾉ≧≦")

_INLINE_ENUM_RE = re.compile(r"(?<!\S)[(（]?(\d{1,2}|[a-zA-Z])(\.\)|[.)])(?=\s+\S)")
_INLINE_BULLET_RE = re.compile(r"(?<=\s)[•⁃‣◦▪●■◆►▶➢➤](?=\s*\S)")
_MARKER_ONLY_RE = re.compile(
    rf"(?:{_BULLET}\s*)?[(（]?(?:\d{{1,3}}(?:\.\d{{1,3}})*|[A-Za-z]|[ivxlcIVXLC]{{2,6}})"
    r"(?:\.\)|[.)）．])"
)
#: an inline list item longer than this ends the list
_MAX_ITEM = 2000
_LEAD_IN_RE = re.compile(r"[\s\"'“‘(\[«‹]*")


class _Abbrevs(frozenset[str]):
    """Known abbreviations, plus any dotted letter group such as `u.s.a`, `ph.d`, `e.g`."""

    _dotted = re.compile(r"[a-z]{1,2}(?:\.[a-z]{1,2})+")

    def __contains__(self, item: object) -> bool:
        return super().__contains__(item) or (
            isinstance(item, str) and self._dotted.fullmatch(item) is not None
        )


@functools.cache
def _punkt() -> PunktSentenceTokenizer:
    """Punkt with the shipped English parameters (imported lazily: nltk is slow to import)."""
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

    raw: dict[str, Any] = json.loads(
        resources.files("ragjudge").joinpath("data/punkt_en.json").read_text("utf-8")
    )
    params = PunktParameters()
    params.abbrev_types = _Abbrevs(raw["abbrev_types"])
    params.sent_starters = set(raw["sent_starters"])
    params.collocations = {(a, b) for a, b in raw.get("collocations", [])}
    for word, flags in raw.get("ortho_context", {}).items():
        params.ortho_context[word] = int(flags)
    return PunktSentenceTokenizer(params)


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
        out = _CJK_RUN_RE.sub(lambda m: "0" + " " * (len(m.group()) - 1), out)
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
                    want in _OPENERS_CJK or not cjk_only or _CJK_LETTER_RE.search(block, o, i)
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
                if "．" not in run and (len(run) > 1 or not (prev and _is_cjk(prev))):
                    continue  # Latin periods and "..." are Punkt's business
                if nxt and (nxt.isalnum() and not _is_cjk(nxt)):
                    continue  # ｖｅｒ．２, file.txt
            elif not ((prev and _is_cjk(prev)) or (nxt and _is_cjk(nxt))):
                continue  # ! and ? between Latin words: Punkt decides
        e = _CLOSERS_RE.match(block, e).end()
        nxt = block[e] if e < n else ""
        if nxt in _JA_CONTINUATION and (e > m.end() or nxt in "とっ"):
            continue  # 「…。」と言った / なぜ？と思った
        out.append(e)
    return out


def _punkt_boundaries(block: str, has_cjk: bool) -> list[int]:
    if not _END_PUNCT_RE.search(block):
        return []
    masked = _masked(block, has_cjk)
    return [end for _, end in _punkt().span_tokenize(masked)][:-1]


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
        if i and block[i - 1] not in ":：" and not _ends_terminal(block, 0, i):
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
    if e < len(block) and not (block[e].isspace() or _is_cjk(block[e])):
        return p
    return e


def _split_block(block: str, lang: str) -> list[int]:
    """Sorted boundary offsets inside one block (a sentence ends just before each)."""
    has_cjk = _CJK_ANY_RE.search(block) is not None
    cjk = _cjk_boundaries(block) if has_cjk else []
    latin = _punkt_boundaries(block, has_cjk)
    cuts, marker_ends = _list_boundaries(block)
    if not (cjk or latin or cuts):
        return []
    bounds = sorted({*cjk, *latin, *cuts})
    zones = _bracket_zones(block, cjk_only=True) if has_cjk else []
    starts = [o for o, _ in zones]
    latin_set = set(latin)
    n = len(block)
    out: list[int] = []
    last = 0
    for p in bounds:
        if p <= last or p >= n or block[p] in _TERMINAL:
            continue  # a run like `!?` or `?!` ends once, after its last mark
        if zones and _inside(zones, starts, p):
            continue
        piece = block[last:p].strip()
        if p in marker_ends or _MARKER_ONLY_RE.fullmatch(piece) or not piece:
            continue  # `1.` stays with its item
        if p in latin_set and p not in cuts:
            lead = _LEAD_IN_RE.match(block, p).end()
            if lead < n and block[lead].islower():
                continue  # "Great!" she said. / Yahoo! in the …
        p = _emoticon_end(block, p)
        if p >= n:
            break
        out.append(p)
        last = p
    return out


def split(text: str, lang: str = "auto") -> list[tuple[int, int]]:
    """Sentence spans `(start, end)` of `text`, whitespace trimmed, none empty.

    `lang` is `"auto"` (`detect_language`), `"en"` or `"ja"`. It only decides line breaks: in
    Japanese text a line that ends without punctuation ends its sentence (unless it ends in
    `、` or the next line opens with a particle); in English text hard-wrapped lines are joined,
    except that a line with kana/kanji follows the Japanese rule under `"auto"`. Both
    languages' punctuation is honoured in every mode, so mixed text splits sensibly either way.
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}; got {lang!r}")
    if lang == "auto" and detect_language(text) == "ja":
        lang = "ja"
    spans: list[tuple[int, int]] = []
    for bs, be in _blocks(text, lang):
        block = text[bs:be]
        last = 0
        for p in [*_split_block(block, lang), len(block)]:
            s, e = last, p
            while s < e and block[s].isspace():
                s += 1
            while e > s and block[e - 1].isspace():
                e -= 1
            if e > s:
                spans.append((bs + s, bs + e))
            last = p
    return spans


def key_document(text: str, doc_index: int, lang: str = "auto") -> tuple[Sentence, ...]:
    return tuple(
        Sentence(document_key(doc_index, i), text[s:e], s, e)
        for i, (s, e) in enumerate(split(text, lang))
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
