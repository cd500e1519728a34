"""Flags data that looks like instructions aimed at the judge (prompt injection).

The flag does not change any verdict: the prompt already fences data off and tells the judge to
treat it as data. It marks the example (`injection_suspected`) so a person looks at it.
"""

from __future__ import annotations

import re

from ragjudge.types import KeyedExample

_PATTERNS = [
    r"\bignore\b.{0,40}\b(instructions?|above|previous|prior|everything)\b",
    r"\bdisregard\b.{0,40}\b(instructions?|above|previous|prior)\b",
    r"\b(you are|act as)\b.{0,30}\b(judge|evaluator|grader|annotator|fact[- ]?checker)\b",
    r"\b(mark|rate|judge|label|consider|treat)\b.{0,60}\b(fully[_ ]supported|supported|grounded)\b"
    r".{0,40}\b(true|yes|all|every)\b",
    r"\bevery (response )?sentence\b.{0,40}\b(is|as)\b.{0,20}\b(fully )?supported\b",
    r"\"?(fully_supported|overall_supported|supporting_sentence_keys)\"?\s*:",
    r"<\|im_(start|end)\|>|\[/?INST\]|<</?SYS>>",
    r"\b(DOCUMENTS|QUESTION|RESPONSE)>>>|<<<(DOCUMENTS|QUESTION|RESPONSE)\b",
    r"\b(system prompt|new instructions|instructions to the (judge|model|assistant))\b",
    r"(指示|命令).{0,10}(無視|従)",
    r"(すべて|全て).{0,20}(裏付け|サポート|supported)",
]
_INJECTION = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.IGNORECASE | re.DOTALL)

#: text every match of `_PATTERNS` contains, in lower case. A case-insensitive regex with no
#: literal prefix is tried at every position of every sentence, which cost more than the rest
#: of an example's own CPU; a text without any of these cannot match and is not scanned.
_ANCHORS = (
    "ignore", "disregard", "you are", "act as", "support", "grounded", "<|im_", "inst]",
    "sys>>", ">>>", "<<<", "system prompt", "new instructions", "instructions to the",
    "指示", "命令", "すべて", "全て",
)  # fmt: skip
#: the characters `re.IGNORECASE` equates with a letter of an anchor that `str.lower` does not
#: turn into it (dotted and dotless I, long s)
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s"})


def _may_match(text: str) -> bool:
    folded = text.translate(_FOLD).lower()
    return any(anchor in folded for anchor in _ANCHORS)


def looks_like_injection(text: str) -> bool:
    if not _may_match(text):
        return False
    # long texts are scanned in bounded windows so a megabyte document cannot stall the regex
    for start in range(0, len(text), 20_000):
        if _INJECTION.search(text, start, start + 20_400):
            return True
    return False


def injection_suspected(item: KeyedExample) -> bool:
    if looks_like_injection(item.example.question) or looks_like_injection(item.example.response):
        return True
    return any(looks_like_injection(s.text) for doc in item.documents for s in doc)
