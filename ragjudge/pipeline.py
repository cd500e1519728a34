"""Stages 3–6 for one example: render the prompt, ask the judge, parse, validate, re-ask with
the errors when the answer is invalid, enforce the rules, score. Hands on one `Record` (the
line `judgments.jsonl` stores; see docs/outputs.md). `record_for` is the per-row function of
both engines: it keys the example (stage 2) or records a row that could not be loaded.

A bad judge answer or a failing call never raises out of here: it becomes a `failed` record
that keeps the raw replies and the reasons.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ragjudge.citations import score_citations
from ragjudge.injection import injection_suspected
from ragjudge.judges.base import Judge
from ragjudge.prompt import (
    DEFAULT_TEMPLATE,
    default_prompt_budget,
    estimate_tokens,
    load_template,
    plan_windows_for,
    render,
)
from ragjudge.record import (
    CitationFigures,
    JudgeInfo,
    PromptInfo,
    Record,
    RecordDocument,
    SentenceResult,
    Status,
    WindowInfo,
)
from ragjudge.redact import redact
from ragjudge.rules import enforce, is_supported, merge_judgments
from ragjudge.scores import trace_scores
from ragjudge.sentences import key_example
from ragjudge.types import (
    Example,
    KeyedExample,
    Message,
    RenderedPrompt,
    Reply,
    RowError,
    Usage,
    Violation,
)
from ragjudge.validate import Parsed, parse_reply, repair_request

AskFn = Callable[[KeyedExample, Sequence[Message]], Awaitable[Reply]]


@dataclass(frozen=True)
class PipelineOptions:
    """How each example is judged. `max_repairs` re-asks allowed after an invalid answer;
    `clean_keys` scores on validated, de-duplicated keys instead of RAGBench's as-returned keys."""

    template: str = DEFAULT_TEMPLATE
    max_repairs: int = 2
    clean_keys: bool = False
    lang: str = "auto"
    #: prompt budget in (estimated) tokens; None uses the judge model's known context window
    max_prompt_tokens: int | None = None


def _documents(item: KeyedExample) -> tuple[RecordDocument, ...]:
    ex = item.example
    docs = []
    for i, sentences in enumerate(item.documents):
        doc = ex.documents[i] if i < len(ex.documents) else None
        docs.append(
            RecordDocument(
                title=doc.title if doc else None,
                url=doc.url if doc else None,
                sentences=tuple((s.key, s.text) for s in sentences),
            )
        )
    return tuple(docs)


def base_record(item: KeyedExample, index: int, status: Status = Status.OK) -> Record:
    """The part of a record that depends only on the input."""
    ex = item.example
    return Record(
        id=ex.id,
        index=index,
        source=ex.source,
        status=status,
        question=ex.question,
        documents=_documents(item),
        response_sentences=tuple((s.key, s.text) for s in item.response),
        metadata=dict(ex.metadata),
        gold=_gold(item),
        injection_suspected=injection_suspected(item),
    )


def _gold(item: KeyedExample) -> dict[str, Any]:
    """Gold labels; labelled unsupported spans (RAGTruth) become unsupported sentence keys."""
    gold = dict(item.example.gold)
    spans = item.example.metadata.get("label_unsupported_spans")
    if isinstance(spans, list) and "unsupported_keys" not in gold:
        from ragjudge.ingest.ragtruth import unsupported_sentence_keys

        gold["unsupported_keys"] = unsupported_sentence_keys(spans, item.response)
    return gold


def invalid_input_record(error: RowError, index: int) -> Record:
    """The record of a row that could not be loaded: reported, never dropped."""
    return Record(
        id=error.id or f"row-{error.source.row}",
        index=index,
        source=error.source,
        status=Status.INVALID_INPUT,
        error=error.message,
    )


def prompt_identity(prompt: RenderedPrompt | None, template: str) -> PromptInfo:
    if prompt is None:
        tpl = load_template(template)
        return PromptInfo(tpl.name, tpl.version, tpl.hash, None, None)
    return PromptInfo(
        prompt.template_name,
        prompt.template_version,
        prompt.template_hash,
        prompt.prompt_hash,
        prompt.prompt_format,
    )


def plan_windows(item: KeyedExample, judge: Judge, options: PipelineOptions) -> list[KeyedExample]:
    """The windows an LLM judge sees: the whole example when its prompt fits the budget."""
    return [window for window, _ in _windows_and_prompts(item, judge, options)]


def _windows_and_prompts(
    item: KeyedExample, judge: Judge, options: PipelineOptions
) -> list[tuple[KeyedExample, RenderedPrompt | None]]:
    """Each window with its rendered prompt. The whole example's prompt is rendered once: it
    is both what is measured against the budget and, when it fits, what is sent."""
    if not judge.uses_prompt:
        return [(item, None)]
    budget = options.max_prompt_tokens or default_prompt_budget(judge.identity().get("model"))
    whole = render_for(judge, item, options.template)
    if whole is not None and sum(estimate_tokens(m.content) for m in whole.messages) <= budget:
        return [(item, whole)]
    windows = plan_windows_for(
        item, budget, template=options.template, prompt_format=judge.prompt_format
    )
    return [(window, render_for(judge, window, options.template)) for window in windows]


def render_for(judge: Judge, item: KeyedExample, template: str) -> RenderedPrompt | None:
    if not judge.uses_prompt:
        return None
    return render(item, template=template, prompt_format=judge.prompt_format)


class _Attempts:
    """What the calls for one example gave: replies, tokens, time, cache use."""

    def __init__(self) -> None:
        self.replies: list[str] = []
        self.input_tokens = self.output_tokens = 0
        self.estimated = False
        self.latency = 0.0
        self.cached = True
        self.invalid: list[str] = []

    def add(self, reply: Reply) -> None:
        self.replies.append(reply.text)
        self.input_tokens += reply.usage.input_tokens
        self.output_tokens += reply.usage.output_tokens
        self.estimated = self.estimated or reply.usage.estimated
        self.latency += reply.latency_s
        self.cached = self.cached and reply.cached

    def fields(self) -> dict[str, Any]:
        return {
            "replies": tuple(self.replies),
            "usage": Usage(self.input_tokens, self.output_tokens, self.estimated),
            "latency_s": round(self.latency, 6),
            "cached": self.cached and bool(self.replies),
        }


async def judge_record(
    item: KeyedExample,
    judge: Judge,
    options: PipelineOptions = PipelineOptions(),
    *,
    index: int = 0,
    ask: AskFn | None = None,
) -> Record:
    """Judge one keyed example and return its record.

    `ask` replaces `judge.ask` (the engines pass one that adds caching, retries and rate
    limits); it receives the same arguments.
    """
    ask = ask or judge.ask
    base = base_record(item, index)
    judge_info = JudgeInfo.of(judge.identity())
    windows = _windows_and_prompts(item, judge, options)
    attempts = _Attempts()
    judgments = []
    violations: list[Violation] = []
    notes: list[Violation] = []
    repaired = False
    window_info = []
    prompt_info: PromptInfo | None = None
    for window, prompt in windows:
        if prompt_info is None:
            prompt_info = prompt_identity(prompt, options.template)
        messages: list[Message] = list(prompt.messages) if prompt else []
        outcome = await _ask_until_valid(window, judge, messages, options, ask, attempts)
        if isinstance(outcome, str):  # the call failed or the answer stayed invalid
            return replace(
                base,
                status=Status.FAILED,
                error=outcome,
                judge=judge_info,
                prompt=prompt_info,
                violations=tuple(Violation("invalid_judgment", e, None) for e in attempts.invalid),
                **attempts.fields(),
            )
        parsed, calls = outcome
        assert parsed.obj is not None
        window_judgment, window_violations = enforce(parsed.obj, window)
        judgments.append(window_judgment)
        violations += window_violations
        notes += parsed.normalisations
        repaired = repaired or calls > 1 or bool(parsed.normalisations)
        if len(windows) > 1:
            keys = window.document_keys
            window_info.append(
                WindowInfo(
                    document_keys=(keys[0], keys[-1]) if keys else (),
                    n_document_sentences=window.n_document_sentences,
                    prompt_hash=prompt.prompt_hash if prompt else None,
                )
            )
    if len(judgments) == 1:
        judgment = judgments[0]
    else:
        judgment = replace(merge_judgments(judgments, item), merged_from_windows=len(window_info))
        violations = _dedupe(violations)
    scores = trace_scores(judgment, item, clean_keys=options.clean_keys)
    sentences = tuple(
        SentenceResult(
            key=sentence.key,
            text=sentence.text,
            supported=is_supported(support),
            fully_supported=support.fully_supported,
            supporting_keys=support.supporting_sentence_keys,
            explanation=support.explanation,
            probability=support.probability,
        )
        for sentence, support in zip(
            item.response, judgment.sentence_support_information, strict=True
        )
    )
    record = replace(
        base,
        status=Status.REPAIRED if repaired else Status.OK,
        judge=judge_info,
        prompt=prompt_info,
        judgment=judgment,
        violations=(*notes, *violations),
        scores=scores,
        sentences=sentences,
        windows=tuple(window_info) if len(judgments) > 1 else None,
        **attempts.fields(),
    )
    return _with_citations(record, item)


async def judge_example(
    item: KeyedExample,
    judge: Judge,
    options: PipelineOptions = PipelineOptions(),
    *,
    index: int = 0,
    ask: AskFn | None = None,
) -> dict[str, Any]:
    """`judge_record`, as the JSON object of its `judgments.jsonl` line."""
    record = await judge_record(item, judge, options, index=index, ask=ask)
    return record.to_json()


async def record_for(
    item: Example | RowError,
    index: int,
    judge: Judge,
    options: PipelineOptions,
    ask: AskFn | None = None,
) -> Record:
    """The record of one input row, whichever engine runs it: a row that could not be loaded
    becomes an `invalid_input` record; an example is keyed (stage 2) and judged."""
    if isinstance(item, RowError):
        return invalid_input_record(item, index)
    keyed = key_example(item, options.lang)
    return await judge_record(keyed, judge, options, index=index, ask=ask)


def _with_citations(record: Record, item: KeyedExample) -> Record:
    """Citation accuracy for answers whose citations were recorded at ingestion."""
    citations = item.example.metadata.get("citations")
    if not isinstance(citations, list) or not citations:
        return record
    per_sentence, figures = score_citations(
        citations,
        item.response,
        record.sentences,
        [[s.key for s in doc] for doc in item.documents],
    )
    by_key = {entry["key"]: entry for entry in per_sentence}
    sentences = tuple(
        replace(
            sentence,
            cited_sources=tuple(by_key.get(sentence.key, {}).get("cited_sources", [])),
            citation_supported=by_key.get(sentence.key, {}).get("citation_supported"),
        )
        for sentence in record.sentences
    )
    unresolved = tuple(
        Violation(
            "unresolved_citation", f"citation {citation.get('marker')!r} names no listed source"
        )
        for citation in citations
        if isinstance(citation, dict) and not citation.get("resolved", True)
    )
    return replace(
        record,
        sentences=sentences,
        citations=CitationFigures(**figures),
        violations=(*record.violations, *unresolved),
    )


async def _ask_until_valid(
    item: KeyedExample,
    judge: Judge,
    messages: list[Message],
    options: PipelineOptions,
    ask: AskFn,
    attempts: _Attempts,
) -> tuple[Parsed, int] | str:
    """Ask, and re-ask with the errors while the answer is invalid. Returns the parsed answer
    and the number of calls, or the reason the example failed."""
    tries = 1 + (max(0, options.max_repairs) if judge.uses_prompt else 0)
    errors: list[str] = []
    for attempt in range(tries):
        try:
            reply = await ask(item, messages)
        except Exception as exc:  # one example's failure must not stop the batch
            return redact(f"judge call failed: {type(exc).__name__}: {exc}")
        attempts.add(reply)
        parsed = parse_reply(reply.text)
        if parsed.valid:
            return parsed, attempt + 1
        errors = parsed.errors
        if attempt + 1 < tries:
            messages += [Message("assistant", reply.text), Message("user", repair_request(errors))]
    attempts.invalid = errors
    return "the judge's answer is not a valid judgment: " + "; ".join(errors[:10])


def _dedupe(violations: list[Violation]) -> list[Violation]:
    return list(dict.fromkeys(violations))
