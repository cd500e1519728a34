"""Stage 2: split texts into sentences with character offsets, and key them.

Document sentences get `<doc index><letters>` keys (`0a … 0z, 0aa …`), response sentences plain
letters (`a, b, … z, aa …`). Rows that arrive pre-split keep their keys verbatim. Hands on a
`KeyedExample`.
"""

from __future__ import annotations

import re

from ragjudge.types import Example, KeyedExample, Sentence


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


_NAIVE = re.compile(r"[^.!?。！？\n]+(?:[.!?。！？]+|\n|$)")


def split(text: str, lang: str = "auto") -> list[tuple[int, int]]:
    """Sentence spans `(start, end)` of `text`, whitespace trimmed, none empty."""
    spans = []
    for m in _NAIVE.finditer(text):
        start, end = m.start(), m.end()
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            spans.append((start, end))
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
    return KeyedExample(example=example, documents=documents, response=response)
