"""Citation accuracy: do the sources a response sentence cites actually support it?

Works on what the pipeline already has after judging — the response sentences with their
offsets, the judged sentences (`SentenceResult`, a record's `sentences`) and the document keys —
plus the `citations` list an ingest format attached to the row (see
`ragjudge.ingest.cited`). Hands on per-sentence citation fields and per-example figures.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ragjudge.record import SentenceResult
from ragjudge.types import Sentence


def _owner(citation: Mapping[str, Any], sentences: Sequence[Sentence]) -> int | None:
    """Index of the sentence whose span overlaps the citation's span most.

    An empty span (a marker at the very start of a sentence) belongs to the sentence that
    contains its position. Sentences without offsets cannot own a citation.
    """
    start, end = int(citation["start"]), int(citation["end"])
    best, best_overlap = None, 0
    for i, s in enumerate(sentences):
        if s.start is None or s.end is None:
            continue
        overlap = min(end, s.end) - max(start, s.start)
        if overlap > best_overlap:
            best, best_overlap = i, overlap
    if best is not None:
        return best
    for i, s in enumerate(sentences):
        if s.start is not None and s.end is not None and s.start <= start <= s.end:
            return i
    return None


def _belongs(key: str, doc: int, keys_by_doc: Sequence[Sequence[str]]) -> bool:
    if doc < len(keys_by_doc) and key in keys_by_doc[doc]:
        return True
    return re.fullmatch(rf"{doc}[a-z]+", key) is not None


def _is_document_key(key: str, keys_by_doc: Sequence[Sequence[str]]) -> bool:
    return re.fullmatch(r"\d+[a-z]+", key) is not None or any(key in ks for ks in keys_by_doc)


def score_citations(
    citations: list[dict[str, Any]],
    response_sentences: Sequence[Sentence],
    judged_sentences: Sequence[SentenceResult],
    document_keys_by_doc: Sequence[Sequence[str]],
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Per-sentence citation fields and per-example citation figures.

    Each citation (``{"start", "end", "sources", "resolved", …}``, offsets in the response) is
    given to the response sentence its span overlaps most. For every response sentence the
    result holds ``{"key", "n_citations", "cited_sources", "citation_supported"}``:
    `cited_sources` are the resolved document indexes it cites; `citation_supported` is None
    for a sentence without citations, else true when the sentence's `supporting_keys` include
    a key of a cited document (document i's keys are those in ``document_keys_by_doc[i]`` and
    any ``f"{i}"`` + letters key) — a sentence whose citations are all unresolved is false.

    The example figures: `n_citations`, `n_citations_unresolved`, `n_citations_unplaced`
    (citations no sentence overlaps, e.g. with pre-split sentences), `n_cited_sentences`,
    `citation_precision` (share of cited sentences supported by what they cite; None without
    cited sentences) and `citation_recall` (share of supported sentences that carry a
    citation; None without such sentences). For recall a sentence counts as supported when
    its record says `supported` and at least one supporting key is a document key: a sentence
    supported only by general knowledge needs no citation.
    """
    judged = {s.key: s for s in judged_sentences}
    owned: list[list[Mapping[str, Any]]] = [[] for _ in response_sentences]
    unplaced = 0
    for c in citations:
        i = _owner(c, response_sentences)
        if i is None:
            unplaced += 1
        else:
            owned[i].append(c)

    per_sentence: list[dict[str, Any]] = []
    cited = supported_cited = needs = carries = 0
    for s, mine in zip(response_sentences, owned, strict=True):
        verdict = judged.get(s.key)
        keys = list(verdict.supporting_keys) if verdict is not None else []
        sources = sorted({int(d) for c in mine for d in c.get("sources") or []})
        ok: bool | None = None
        if mine:
            ok = any(_belongs(k, d, document_keys_by_doc) for d in sources for k in keys)
            cited += 1
            supported_cited += ok
        supported = verdict is not None and verdict.supported
        if supported and any(_is_document_key(k, document_keys_by_doc) for k in keys):
            needs += 1
            carries += bool(mine)
        per_sentence.append(
            {
                "key": s.key,
                "n_citations": len(mine),
                "cited_sources": sources,
                "citation_supported": ok,
            }
        )
    summary = {
        "n_citations": len(citations),
        "n_citations_unresolved": sum(1 for c in citations if not c.get("resolved")),
        "n_citations_unplaced": unplaced,
        "n_cited_sentences": cited,
        "citation_precision": supported_cited / cited if cited else None,
        "citation_recall": carries / needs if needs else None,
    }
    return per_sentence, summary
