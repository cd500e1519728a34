"""Small frozen types passed forward from one pipeline stage to the next.

Stage 1 (`dataset`) yields `Example` or `RowError`; stage 2 (`sentences`) turns an `Example`
into a `KeyedExample`; stage 3 (`prompt`) renders a `RenderedPrompt`; stage 4 (`judges`) returns
a `Reply`; stage 5 (`validate`, `rules`) produces a `Judgment` and `Violation`s; stage 6 (`scores`)
computes `Scores`; `ragjudge.record.Record` holds everything about one judged example, which is
what `judgments.jsonl` stores and every report is built from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ragjudge.codec import OMIT_IF_NONE

#: Labels a judge may use instead of a document sentence key.
SPECIAL_KEYS: tuple[str, ...] = (
    "supported_without_sentence",
    "general",
    "well_known_fact",
    "numerical_reasoning",
)

# --- stage 1 -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Document:
    """One retrieved document: its text plus optional title, url and other metadata."""

    text: str
    title: str | None = None
    url: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Source:
    """Where a row came from: file name and 1-based line (JSONL/CSV) or row number."""

    file: str
    row: int


@dataclass(frozen=True)
class Turn:
    """One earlier turn of a conversation: `role` is "user", "assistant" (or "system",
    "tool"), `text` what was said."""

    role: str
    text: str


@dataclass(frozen=True)
class Example:
    """One RAG output to judge.

    `presplit_documents` / `presplit_response` hold keyed sentences that arrived with the row
    (RAGBench's `documents_sentences` / `response_sentences`); when present they are used
    verbatim instead of splitting. `recorded` holds a judgment stored in the row (RAGBench's
    `sentence_support_information`, `all_relevant_sentence_keys`, … as a dict in the judgment
    schema), used by the recorded judge. `gold` holds gold labels found in the row
    (`label_adherence`, RAGBench scores, unsupported sentence keys, …) for agreement metrics.
    `history` holds the conversation before the question, oldest turn first; the judge sees it
    as evidence of its own, apart from the documents.
    """

    id: str
    question: str
    documents: tuple[Document, ...]
    response: str
    metadata: Mapping[str, Any] = field(default_factory=dict)
    source: Source | None = None
    presplit_documents: tuple[tuple[tuple[str, str], ...], ...] | None = None
    presplit_response: tuple[tuple[str, str], ...] | None = None
    recorded: Mapping[str, Any] | None = None
    gold: Mapping[str, Any] = field(default_factory=dict)
    history: tuple[Turn, ...] = ()


@dataclass(frozen=True)
class RowError:
    """A row that could not become an `Example`; it is reported, never dropped silently."""

    source: Source
    message: str
    id: str | None = None
    raw: str | None = None


# --- stage 2 -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Sentence:
    """A keyed sentence. `start`/`end` are character offsets in the original text
    (None for sentences that arrived pre-split)."""

    key: str
    text: str
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True)
class KeyedExample:
    """An example with every document sentence and response sentence keyed (and the sentences
    of its conversation history, keyed `h0a`, `h0b`, … per turn)."""

    example: Example
    documents: tuple[tuple[Sentence, ...], ...]
    response: tuple[Sentence, ...]
    #: for a window of a long example: the original index of each document shown
    document_indexes: tuple[int, ...] | None = None
    history: tuple[tuple[Sentence, ...], ...] = ()

    @property
    def id(self) -> str:
        return self.example.id

    @property
    def document_keys(self) -> tuple[str, ...]:
        return tuple(s.key for doc in self.documents for s in doc)

    @property
    def response_keys(self) -> tuple[str, ...]:
        return tuple(s.key for s in self.response)

    @property
    def history_keys(self) -> tuple[str, ...]:
        return tuple(s.key for turn in self.history for s in turn)

    @property
    def n_document_sentences(self) -> int:
        return sum(len(doc) for doc in self.documents)


# --- stage 3 -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Message:
    """One chat message; role is "system", "user" or "assistant"."""

    role: Literal["system", "user", "assistant"]
    content: str


@dataclass(frozen=True)
class RenderedPrompt:
    """The judge prompt for one example, with the template's identity for traceability."""

    messages: tuple[Message, ...]
    template_name: str
    template_version: str
    template_hash: str
    prompt_hash: str
    prompt_format: str = "chat"
    text: str | None = None  # the single string for completion-only prompt formats


# --- stage 4 -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0
    estimated: bool = False


@dataclass(frozen=True)
class Reply:
    """What a judge answered: always the raw text, plus usage and timing."""

    text: str
    usage: Usage = Usage()
    latency_s: float = 0.0
    cached: bool = False
    #: how the answer was asked for: "json_schema" (structured output), "json_mode", "text"
    mode: str | None = None


# --- stage 5 -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Violation:
    """A rule the judgment broke. `key` names the response sentence (or document key)."""

    code: str
    message: str
    key: str | None = None


@dataclass(frozen=True)
class SentenceSupport:
    response_sentence_key: str
    explanation: str
    supporting_sentence_keys: tuple[str, ...]
    fully_supported: bool
    #: probability that the sentence is supported, for judges that give one (offline judge)
    probability: float | None = field(default=None, metadata=OMIT_IF_NONE)


@dataclass(frozen=True)
class Judgment:
    """The six-field judgment of the RAGBench annotator, validated."""

    relevance_explanation: str
    all_relevant_sentence_keys: tuple[str, ...]
    overall_supported_explanation: str
    overall_supported: bool
    sentence_support_information: tuple[SentenceSupport, ...]
    all_utilized_sentence_keys: tuple[str, ...]
    #: example-level continuous support in [0, 1], for judges that give one
    support_score: float | None = field(default=None, metadata=OMIT_IF_NONE)
    #: for a long example judged in document windows: how many were merged
    merged_from_windows: int | None = field(default=None, metadata=OMIT_IF_NONE)


# --- stage 6 -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Scores:
    relevance: float
    utilization: float
    completeness: float
    adherence: float
    strict_adherence: float
    supported_ratio: float
    n_sentences: int
    n_unsupported: int
    unsupported_keys: tuple[str, ...]
    support_score: float | None = None
