"""The record of one judged example: what stages 3–6 hand on to everything after them.

A `Record` is one line of `judgments.jsonl` (field by field in docs/outputs.md): the example as
it was keyed, the judge's identity and raw replies, the validated judgment, its violations,
TRACe scores and per-sentence verdicts. The reports, `compare`, the gate and
`ragjudge.testing` all read `Record`s, never the dicts of the file.

Each line carries `format_version`. `Record.from_json` reads lines of every earlier version:
`_MIGRATIONS` lifts an old line one version at a time before it is read. To add a field, add it
here with a default (and `OMIT_IF_NONE` when only some records have it); `to_json` and
`from_json` follow the dataclass, and older lines get the default.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ragjudge.codec import OMIT_IF_NONE, CodecError, from_json, omit_with, to_json
from ragjudge.errors import JudgeError
from ragjudge.types import SPECIAL_KEYS, Judgment, Scores, Source, Usage, Violation

#: the version written in every line of judgments.jsonl and in run.json; 1 is a line that has
#: no `format_version` (written before the record had one)
FORMAT_VERSION = 2
#: `judged_by` of a row a triaged run's offline screen kept
SCREEN = "offline"
#: `triage_note` of a row that qualified but was not escalated: the budget was spent
BUDGET_SPENT = "budget spent"


class Status(enum.StrEnum):
    """What became of an example."""

    OK = "ok"
    #: valid only after a re-ask or a recorded normalisation
    REPAIRED = "repaired"
    #: the judge's answer stayed invalid, or the call failed; the raw replies are kept
    FAILED = "failed"
    #: the row could not be loaded; `error` says why
    INVALID_INPUT = "invalid_input"

    @property
    def scored(self) -> bool:
        """Whether the example carries a judgment and scores (and counts in the metrics)."""
        return self in (Status.OK, Status.REPAIRED)

    @property
    def kept_on_resume(self) -> bool:
        """Whether a resumed run keeps the record: a `failed` example is judged again (cached
        replies make that free when the answer was at fault, and it heals outages)."""
        return self is not Status.FAILED


@dataclass(frozen=True)
class RecordDocument:
    """One retrieved document as the judge saw it: keyed sentences."""

    title: str | None = None
    url: str | None = None
    sentences: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class RecordTurn:
    """One earlier turn of the conversation as the judge saw it: its role and keyed sentences
    (`h0a`, `h0b`, …)."""

    role: str
    sentences: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class JudgeInfo:
    """The judge's identity (`Judge.identity()`): what makes two judgments comparable."""

    kind: str
    provider: str | None = None
    model: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, identity: Mapping[str, Any]) -> JudgeInfo:
        """The identity a judge gives; `JudgeError` when it is not one (a plugin's mistake)."""
        try:
            return from_json(cls, dict(identity), "the judge's identity()")
        except CodecError as exc:
            raise JudgeError(f"{exc} (a judge's identity needs a 'kind' string)") from None


@dataclass(frozen=True)
class PromptInfo:
    """The rendered prompt's identity, so a record can be traced to its template."""

    name: str | None = None
    version: str | None = None
    template_hash: str | None = None
    prompt_hash: str | None = None
    format: str | None = None


@dataclass(frozen=True)
class SentenceResult:
    """The verdict on one response sentence. `supported`: fully supported by at least one
    valid key (a document key of the example or a special label)."""

    key: str
    text: str
    supported: bool
    fully_supported: bool
    supporting_keys: tuple[str, ...] = ()
    explanation: str | None = None
    probability: float | None = None
    #: cited answers only: the document indexes (or sources) the sentence cites
    cited_sources: tuple[Any, ...] | None = field(default=None, metadata=OMIT_IF_NONE)
    #: cited answers only: whether what it cites supports it (None: it cites nothing)
    citation_supported: bool | None = field(default=None, metadata=omit_with("cited_sources"))
    #: true when the sentence is supported by the conversation history alone, by no document
    history_only: bool | None = field(default=None, metadata=OMIT_IF_NONE)


@dataclass(frozen=True)
class WindowInfo:
    """One document window of a long example."""

    document_keys: tuple[str, ...]
    n_document_sentences: int
    prompt_hash: str | None = None


@dataclass(frozen=True)
class CitationFigures:
    """Citation accuracy of a cited answer (see `ragjudge.citations`)."""

    n_citations: int
    n_citations_unresolved: int
    n_citations_unplaced: int
    n_cited_sentences: int
    citation_precision: float | None = None
    citation_recall: float | None = None


@dataclass(frozen=True, kw_only=True)
class Record:
    """One example's line of `judgments.jsonl` (docs/outputs.md), fields in file order."""

    format_version: int = FORMAT_VERSION
    id: str
    index: int = 0
    source: Source | None = None
    status: Status
    error: str | None = None
    question: str | None = None
    documents: tuple[RecordDocument, ...] = ()
    #: the conversation before the question, for examples that have one
    history: tuple[RecordTurn, ...] | None = field(default=None, metadata=OMIT_IF_NONE)
    response_sentences: tuple[tuple[str, str], ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=dict)
    gold: Mapping[str, Any] = field(default_factory=dict)
    judge: JudgeInfo | None = None
    prompt: PromptInfo | None = None
    replies: tuple[str, ...] = ()
    judgment: Judgment | None = None
    violations: tuple[Violation, ...] = ()
    scores: Scores | None = None
    sentences: tuple[SentenceResult, ...] = ()
    injection_suspected: bool = False
    usage: Usage = field(default_factory=Usage)
    latency_s: float = 0.0
    cached: bool = False
    #: how the accepted answer was asked for: "json_schema" (the provider's structured output),
    #: "json_mode" or "text" (parsed and repaired by ragjudge); None for judges without prompts
    output_mode: str | None = field(default=None, metadata=OMIT_IF_NONE)
    #: the Ray node that judged it (`--engine ray`)
    worker: str | None = None
    #: triage runs (`--triage offline`): the judge whose record this is (`offline`, or the
    #: LLM judge as `provider:model`), the offline screen's hallucination probability and
    #: verdict, and why a row that qualified was not escalated
    judged_by: str | None = field(default=None, metadata=OMIT_IF_NONE)
    triage_probability: float | None = field(default=None, metadata=OMIT_IF_NONE)
    triage_verdict: str | None = field(default=None, metadata=OMIT_IF_NONE)
    triage_note: str | None = field(default=None, metadata=OMIT_IF_NONE)
    windows: tuple[WindowInfo, ...] | None = field(default=None, metadata=OMIT_IF_NONE)
    citations: CitationFigures | None = field(default=None, metadata=OMIT_IF_NONE)

    # --- reading and writing ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The record as the JSON object of its line."""
        out: dict[str, Any] = to_json(self)
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Record:
        """Read a line's object, of any format version up to this one. Raises `CodecError`
        for an object that is not a record, or one written by a newer ragjudge."""
        if not isinstance(obj, Mapping):
            raise CodecError("a record must be a JSON object")
        data = dict(obj)
        version = data.get("format_version", 1)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise CodecError(f"format_version {version!r} is not a version number")
        if version > FORMAT_VERSION:
            raise CodecError(
                f"format_version {version} is newer than this ragjudge reads "
                f"({FORMAT_VERSION}): upgrade ragjudge"
            )
        while version < FORMAT_VERSION:
            data = _MIGRATIONS[version](data)
            version += 1
        data["format_version"] = FORMAT_VERSION
        return from_json(cls, data, f"record {data.get('id')!r}")

    # --- what the later stages ask ------------------------------------------------------------

    @property
    def scored(self) -> bool:
        """Whether the record counts in the score metrics (a judged, valid example)."""
        return self.status.scored and self.scores is not None

    @property
    def document_keys(self) -> frozenset[str]:
        return frozenset(key for doc in self.documents for key, _ in doc.sentences)

    @property
    def verdict(self) -> str:
        """`adherent`, `hallucination`, or `none` when there is no judgment to tell."""
        if not self.scored or self.scores is None:
            return "none"
        return "adherent" if self.scores.adherence >= 0.5 else "hallucination"

    @property
    def support(self) -> float | None:
        """How well the answer is supported, for ranking: the judge's `support_score` when it
        gives one, else the share of supported sentences; None when not judged."""
        if not self.scored or self.scores is None:
            return None
        if self.scores.support_score is not None:
            return self.scores.support_score
        return self.scores.supported_ratio

    def unsupported_sentences(self) -> tuple[SentenceResult, ...]:
        return tuple(s for s in self.sentences if not s.supported)


def sentence_verdict(sentence: SentenceResult, valid_keys: frozenset[str]) -> str:
    """`supported`, `partially` (valid supporting keys but not fully supported) or
    `unsupported`."""
    has_valid = any(k in valid_keys or k in SPECIAL_KEYS for k in sentence.supporting_keys)
    if sentence.supported or (has_valid and sentence.fully_supported):
        return "supported"
    if has_valid:
        return "partially"
    return "unsupported"


# --- migrations --------------------------------------------------------------------------


def _from_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (no `format_version`): the same fields, with some written as null by hand or
    by early versions where version 2 always has a value."""
    for name, empty in (
        ("documents", []),
        ("response_sentences", []),
        ("metadata", {}),
        ("gold", {}),
        ("replies", []),
        ("violations", []),
        ("sentences", []),
    ):
        if data.get(name) is None:
            data[name] = empty
    for name in ("injection_suspected", "cached"):
        if data.get(name) is None:
            data[name] = False
    if data.get("latency_s") is None:
        data["latency_s"] = 0.0
    if data.get("usage") is None:
        data.pop("usage", None)
    if data.get("index") is None:
        data["index"] = 0
    return data


#: version → the function that lifts a line of that version to the next one
_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_v1}


__all__ = [
    "BUDGET_SPENT",
    "FORMAT_VERSION",
    "SCREEN",
    "CitationFigures",
    "JudgeInfo",
    "PromptInfo",
    "Record",
    "RecordDocument",
    "RecordTurn",
    "SentenceResult",
    "Status",
    "WindowInfo",
    "sentence_verdict",
]
