"""Stage 2, layer 1: cut a text into blocks at line level, before any sentence rule runs.

Blank lines, markdown list items, headings, quotes, tables and code fences always start a new
block; a line break joins two lines only when the first line looks hard-wrapped (most
languages) or ends in a comma or is continued by a particle (Japanese and Chinese). Also holds
the CJK character classes both layers use. Hands `(start, end)` block spans, which no sentence
crosses, to the in-block splitter in `ragjudge.sentences`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ragjudge.sentences.boundaries import CLOSERS

# Kana, CJK ideographs and half-width katakana: the letters of Japanese and Chinese prose.
CJK_LETTER = (
    "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
    "\U00020000-\U0003134f"
)
# CJK punctuation and full-width forms also mark a CJK context.
CJK_ANY = CJK_LETTER + "\u3000-\u303f\uff01-\uff65"
CJK_LETTER_RE = re.compile(f"[{CJK_LETTER}]")
HANGUL_RE = re.compile("[\uac00-\ud7a3]")
CJK_ANY_RE = re.compile(f"[{CJK_ANY}]")
CJK_RUN_RE = re.compile(f"[{CJK_ANY}]+")


def is_cjk(ch: str) -> bool:
    return bool(CJK_ANY_RE.match(ch))


_NEWLINE_RE = re.compile(r"\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")
BULLET = r"(?:[-*+](?=\s)|[•‣⁃◦▪▫●○■□◆◇►▶➢➤✓✔✗☐☑※・])"
_ENUM = (
    r"(?:[(（]?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivxlcIVXLC]{2,6})(?:\.\)|[.)）．])"
    r"(?=\s|$|[^\x00-\x7f])|[(（]\d{1,3}[)）]|[①-⑳⑴-⒇⒈-⒛❶-❿]|第[0-9０-９一二三四五六七八九十]+[章節条項])"
)
_LINE_KIND_RE = re.compile(
    r"(?P<fence>```|~~~)|(?P<heading>#{1,6}(?=\s|$))|(?P<rule>[-=_*~─━]{3,}\s*$)"
    rf"|(?P<item>{BULLET}|{_ENUM})|(?P<quote>>)|(?P<table>\|)"
)
_LABEL_RE = re.compile(r"[A-Z][\w '/-]{0,24}:(?:\s|$)")
TERMINAL = ".!?。｡！？‼⁇⁈⁉．…"
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


def ends_terminal(text: str, start: int, end: int) -> bool:
    i = end - 1
    while i > start and text[i] in CLOSERS:
        i -= 1
    return text[i] in TERMINAL


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
    if ends_terminal(text, prev.start, prev.end):
        return True  # the in-block splitter decides (abbreviation, `1.` marker, …)
    last = text[prev.end - 1]
    first = text[line.start]
    if last in ":：":
        return False
    if (
        lang == "ja"
        or is_cjk(last)
        or (lang == "auto" and CJK_LETTER_RE.search(text, prev.start, prev.end))
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


def line_blocks(text: str, lang: str) -> list[tuple[int, int]]:
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
