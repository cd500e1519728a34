"""Stage 7: which examples `report.html` shows in detail, and what the templates show of each.

`ExampleSelection` chooses a bounded set while the records stream past: every failed and
invalid example first, then the ones with the lowest support, then a seeded random sample of
the rest, never more than the limit (`--report-examples`). `ExampleView` turns one record into
the plain values the example template renders; the template escapes every one of them.
"""

from __future__ import annotations

import heapq
import json
import math
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from markupsafe import Markup, escape

from ragjudge.metrics import SCORE_METRICS
from ragjudge.record import Record, SentenceResult, Status, sentence_verdict
from ragjudge.report import DEFAULT_EXAMPLES
from ragjudge.runfolder import EXAMPLES_CSV, JUDGMENTS
from ragjudge.types import SPECIAL_KEYS

VERDICT_LABELS = {
    "supported": "Supported",
    "partially": "Partially supported",
    "unsupported": "Unsupported",
    "none": "Not judged",
}
VERDICT_MARKS = {"supported": "✓", "partially": "◐", "unsupported": "✗", "none": "–"}
EXAMPLE_LABELS = {"adherent": "Adherent", "hallucination": "Hallucination", "none": "No verdict"}
#: longest raw reply kept in the page; the full text stays in judgments.jsonl
REPLY_LIMIT = 4000
#: share of the room after failed examples that goes to a random sample of the others
SAMPLE_SHARE = 0.25


def safe_url(url: Any) -> str | None:
    """The URL if it is a plain http(s) address, else None (it is then shown as text only)."""
    if not isinstance(url, str):
        return None
    url = url.strip()
    if any(ord(c) < 0x20 or c.isspace() for c in url):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    return url if parts.scheme.lower() in ("http", "https") and parts.netloc else None


def finite(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return float(value)


def pct(value: Any, digits: int = 1) -> str:
    number = finite(value)
    return "–" if number is None else f"{number * 100:.{digits}f}%"


def score(value: Any) -> str:
    number = finite(value)
    return "–" if number is None else f"{number:.3f}"


def short(value: Any, limit: int) -> str:
    text = "" if value is None else str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- choosing examples -------------------------------------------------------------------------


@dataclass(frozen=True)
class Chosen:
    """The examples a page shows: positions in the run with their rank (0 is kept first when
    the page must shrink), and how many came from each part of the choice."""

    ranks: dict[int, int]
    total: int
    failed: int
    lowest: int
    sampled: int
    failed_total: int = 0

    def note(self, shown: Collection[int] | None = None) -> str:
        """What the page says about the examples it shows (`shown`: the positions that made
        it onto the page; all chosen ones by default)."""
        positions = self.ranks.keys() if shown is None else shown
        if len(positions) >= self.total:
            return f"All {self.total} examples."
        ranks = [self.ranks[p] for p in positions]
        failed = sum(1 for r in ranks if r < self.failed)
        lowest = sum(1 for r in ranks if self.failed <= r < self.failed + self.lowest)
        sampled = len(ranks) - failed - lowest
        parts = []
        if failed and failed == self.failed_total:
            parts.append(f"all {failed} failed or invalid")
        elif failed:
            parts.append(f"{failed} of the {self.failed_total} failed or invalid")
        if lowest:
            parts.append(f"the {lowest} with the lowest support")
        if sampled:
            parts.append(f"a random sample of {sampled} others")
        if not parts:
            return (
                f"No example of the {self.total} is shown in detail. "
                f"All examples are in {EXAMPLES_CSV} and {JUDGMENTS}."
            )
        listed = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
        cut = ""
        if len(positions) < len(self.ranks):
            cut = (
                f" ({len(self.ranks) - len(positions)} more were chosen but left out to keep "
                "the page under 10 MB)"
            )
        return (
            f"Showing {len(positions)} of {self.total} examples: {listed}{cut}. "
            f"All examples are in {EXAMPLES_CSV} and {JUDGMENTS}."
        )


class ExampleSelection:
    """Chooses at most `limit` examples in one pass, holding O(limit) positions."""

    def __init__(self, limit: int = DEFAULT_EXAMPLES, seed: int = 0) -> None:
        self.limit = max(0, limit)
        self.seed = seed
        self.total = 0
        self._failed: list[int] = []
        self._n_failed = 0
        # the `limit` lowest-support judged examples, as a max-heap of (-support, -position)
        self._lowest: list[tuple[float, int]] = []
        # reservoir sample of the others (Algorithm R), seeded
        self._random = random.Random(seed)
        self._reservoir: list[int] = []
        self._seen_others = 0

    def see(self, position: int, record: Record) -> None:
        self.total += 1
        if self.limit == 0:
            return
        if record.status in (Status.FAILED, Status.INVALID_INPUT):
            self._n_failed += 1
            if len(self._failed) < self.limit:
                self._failed.append(position)
            return
        support = record.support
        if support is not None and math.isfinite(support):
            entry = (-support, -position)
            if len(self._lowest) < self.limit:
                heapq.heappush(self._lowest, entry)
            elif entry > self._lowest[0]:
                heapq.heapreplace(self._lowest, entry)
        self._seen_others += 1
        if len(self._reservoir) < self.limit:
            self._reservoir.append(position)
        else:
            slot = self._random.randrange(self._seen_others)
            if slot < self.limit:
                self._reservoir[slot] = position

    def chosen(self) -> Chosen:
        failed = self._failed
        room = self.limit - len(failed)
        # judged examples by support, lowest first (earlier first among equals)
        by_support = [p for _, p in sorted((-neg_s, -neg_p) for neg_s, neg_p in self._lowest)]
        if self._seen_others <= room:
            # every other example fits (the reservoir then holds them all)
            lowest = by_support
            taken = set(lowest)
            sample = sorted(p for p in self._reservoir if p not in taken)
        else:
            lowest = by_support[: room - math.floor(room * SAMPLE_SHARE)]
            taken = set(lowest)
            pool = [p for p in self._reservoir if p not in taken]
            # a generator of its own: the same choice however often it is asked for
            pick = random.Random(self.seed + 1)
            sample = sorted(pick.sample(pool, min(room - len(lowest), len(pool))))
        ranks: dict[int, int] = {}
        for position in (*failed, *lowest, *sample):
            ranks[position] = len(ranks)
        return Chosen(ranks, self.total, len(failed), len(lowest), len(sample), self._n_failed)


def select_examples(records: Sequence[Record], limit: int, seed: int = 0) -> list[int]:
    """Positions of the examples a page of `records` shows, in input order."""
    selection = ExampleSelection(limit, seed)
    for position, record in enumerate(records):
        selection.see(position, record)
    return sorted(selection.chosen().ranks)


# --- one example --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Evidence:
    key: str
    target: str | None  # the id of the document sentence, when it is one of this example
    special: bool


@dataclass(frozen=True)
class SentenceView:
    position: int
    key: str
    text: str
    text_short: str
    verdict: str
    verdict_label: str
    mark: str
    evidence_ids: str
    evidence: tuple[Evidence, ...]
    probability: str | None
    explanation: str | None
    cited: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class DocumentView:
    n: int
    title: str
    link: str | None
    url: str | None
    #: the shown sentences as HTML: made here rather than by a template loop, since a
    #: card's document sentences are most of its markup (and of the report's time)
    spans: Markup
    hidden: int


def _cited(sources: Any) -> tuple[dict[str, Any], ...]:
    items = sources if isinstance(sources, list | tuple) else [sources]
    out = []
    for item in items:
        if isinstance(item, Mapping):
            label = (
                item.get("title")
                or item.get("id")
                or item.get("url")
                or json.dumps(item, ensure_ascii=False, default=str)
            )
            out.append({"label": label, "url": safe_url(item.get("url")), "code": False})
        else:
            url = safe_url(item)
            out.append({"label": item, "url": url, "code": url is None})
    return tuple(out)


class ExampleView:
    """What the example template shows of one record (`n`: its position in the run).
    `compact` keeps only the document sentences the judgment names (for huge examples)."""

    def __init__(self, n: int, record: Record, *, compact: bool = False) -> None:
        self.n = n
        self.prefix = f"ex-{n}"
        r = record
        self.id = r.id
        self.index = r.index
        self.status = r.status.value
        self.error = r.error
        self.injection = r.injection_suspected
        self.cached = r.cached
        self.verdict = r.verdict
        self.verdict_label = EXAMPLE_LABELS[self.verdict]
        question = r.question
        self.question = question or ""
        self.question_title = short(question, 300)
        self.question_short = short(question, 160)
        self.question_summary = short(question, 220)
        scores = r.scores if r.scored else None

        doc_ids: dict[str, str] = {}
        for d, doc in enumerate(r.documents):
            for s, (key, _) in enumerate(doc.sentences):
                doc_ids.setdefault(key, f"{self.prefix}-d{d}-{s}")
        valid = r.document_keys
        judged = {s.key: s for s in r.sentences}
        pairs = r.response_sentences or tuple((s.key, s.text) for s in r.sentences)
        verdicts = {
            key: sentence_verdict(judged[key], valid) if key in judged else "none"
            for key, _ in pairs
        }
        self.response = tuple(
            self._sentence(j, key, text, verdicts[key], judged.get(key), doc_ids)
            for j, (key, text) in enumerate(pairs)
        )

        self.data: list[tuple[str, Any]] = [
            ("i", n),
            ("index", r.index),
            ("id", r.id),
            ("status", self.status),
            ("verdict", self.verdict),
            ("sv", " ".join(sorted(set(verdicts.values())))),
            ("nviol", len(r.violations)),
        ]
        for metric in (*SCORE_METRICS, "n_unsupported"):
            value = finite(getattr(scores, metric)) if scores is not None else None
            self.data.append((metric.replace("_", ""), "" if value is None else repr(value)))
        self.table_scores = tuple(
            score(getattr(scores, m) if scores is not None else None)
            for m in ("relevance", "utilization", "completeness", "supported_ratio")
        )
        self.unsupported = "–" if scores is None else f"{scores.n_unsupported}/{scores.n_sentences}"
        self.n_violations = len(r.violations)
        self.mini = ""
        if scores is not None:
            self.mini = (
                f"rel {score(scores.relevance)} · util {score(scores.utilization)} · "
                f"comp {score(scores.completeness)} · unsupported {scores.n_unsupported}/"
                f"{scores.n_sentences}"
            )
        judgment = r.judgment
        self.explanations: tuple[tuple[str, str], ...] = ()
        if judgment is not None:
            self.explanations = tuple(
                (label, text)
                for label, text in (
                    ("Why (overall support)", judgment.overall_supported_explanation),
                    ("Relevance", judgment.relevance_explanation),
                )
                if text
            )
        self.violations = tuple((v.code, v.key, v.message) for v in r.violations)
        self.replies = (
            tuple(short(reply, REPLY_LIMIT) for reply in r.replies)
            if r.status in (Status.FAILED, Status.REPAIRED)
            else ()
        )
        relevant = set(judgment.all_relevant_sentence_keys) if judgment else set()
        utilized = set(judgment.all_utilized_sentence_keys) if judgment else set()
        named = relevant | utilized | {k for s in r.sentences for k in s.supporting_keys}
        self.documents = tuple(
            self._document(d, doc.title, doc.url, doc.sentences, relevant, utilized,
                           named if compact else None)
            for d, doc in enumerate(r.documents)
        )  # fmt: skip

    def _sentence(
        self,
        j: int,
        key: str,
        text: str,
        verdict: str,
        sentence: SentenceResult | None,
        doc_ids: Mapping[str, str],
    ) -> SentenceView:
        keys = sentence.supporting_keys if sentence is not None else ()
        evidence = tuple(Evidence(k, doc_ids.get(k), k in SPECIAL_KEYS) for k in keys)
        probability = finite(sentence.probability) if sentence is not None else None
        return SentenceView(
            position=j,
            key=key,
            text=text,
            text_short=short(text, 160),
            verdict=verdict,
            verdict_label=VERDICT_LABELS[verdict],
            mark=VERDICT_MARKS[verdict],
            evidence_ids=" ".join(e.target for e in evidence if e.target),
            evidence=evidence,
            probability=None if probability is None else f"{probability:.2f}",
            explanation=sentence.explanation if sentence is not None else None,
            cited=_cited(sentence.cited_sources)
            if sentence is not None and sentence.cited_sources not in (None, ())
            else (),
        )

    def _document(
        self,
        d: int,
        title: str | None,
        url: str | None,
        sentences: Sequence[tuple[str, str]],
        relevant: set[str],
        utilized: set[str],
        keep: set[str] | None,
    ) -> DocumentView:
        spans = []
        for s, (key, text) in enumerate(sentences):
            if keep is not None and key not in keep:
                continue
            css = "ds" + (" rel" if key in relevant else "") + (" util" if key in utilized else "")
            spans.append(
                f'<span class="{css}" id="{self.prefix}-d{d}-{s}" data-k="{escape(key)}">'
                f"{escape(text)}</span> "
            )
        return DocumentView(
            n=d,
            title=title or f"Document {d + 1}",
            link=safe_url(url),
            url=url,
            spans=Markup("".join(spans)),
            hidden=len(sentences) - len(spans),
        )


__all__ = [
    "DEFAULT_EXAMPLES",
    "EXAMPLE_LABELS",
    "VERDICT_LABELS",
    "VERDICT_MARKS",
    "Chosen",
    "ExampleSelection",
    "ExampleView",
    "safe_url",
    "select_examples",
]
