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
from ragjudge.prompt import plan_windows_for, render
from ragjudge.record import (
    CitationFigures,
    JudgeInfo,
    PromptInfo,
    Record,
    RecordDocument,
    RecordTurn,
    SentenceResult,
    Status,
    WindowInfo,
)
from ragjudge.redact import redact
from ragjudge.rules import enforce, is_supported, merge_judgments
from ragjudge.scores import trace_scores
from ragjudge.sentences import key_example
from ragjudge.templates import DEFAULT_TEMPLATE, load_template
from ragjudge.tokens import (
    ContextOverflow,
    TokenCounter,
    budget_for,
    context_overflow,
    table_window,
)
from ragjudge.types import (
    Example,
    KeyedExample,
    Message,
    RenderedPrompt,
    Reply,
    RowError,
    SentenceSupport,
    Usage,
    Violation,
)
from ragjudge.validate import Parsed, parse_reply, repair_request

AskFn = Callable[[KeyedExample, Sequence[Message]], Awaitable[Reply]]


@dataclass(frozen=True)
class PipelineOptions:
    """How each example is judged. `max_repairs` re-asks allowed after an invalid answer;
    `clean_keys` scores on validated, de-duplicated keys instead of RAGBench's as-returned keys."""

    #: a packaged template's name, or the path of a template file (see `ragjudge.templates`)
    template: str = DEFAULT_TEMPLATE
    max_repairs: int = 2
    clean_keys: bool = False
    lang: str = "auto"
    #: prompt budget in tokens (counted by the model's tokenizer, else estimated); None uses
    #: the judge model's known context window, or none for an unknown model (see `judge_record`)
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


def _history(item: KeyedExample) -> tuple[RecordTurn, ...] | None:
    if not item.history:
        return None
    turns = item.example.history
    return tuple(
        RecordTurn(
            role=turns[i].role if i < len(turns) else "user",
            sentences=tuple((s.key, s.text) for s in sentences),
        )
        for i, sentences in enumerate(item.history)
    )


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
        history=_history(item),
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


def judge_budget(judge: Judge, options: PipelineOptions) -> int | None:
    """The prompt budget of a judge: `max_prompt_tokens` when given, else its model's context
    window (LangChain profile, then the table) less room for the reply; None when the model is
    unknown."""
    if options.max_prompt_tokens:
        return options.max_prompt_tokens
    window = getattr(judge, "context_window", None)
    if callable(window):
        known: int | None = window()
        return budget_for(known)
    return budget_for(table_window(judge.identity().get("model")))


def _counter(judge: Judge) -> TokenCounter:
    counter = getattr(judge, "token_counter", None)
    return counter if isinstance(counter, TokenCounter) else TokenCounter()


def plan_windows(
    item: KeyedExample,
    judge: Judge,
    options: PipelineOptions,
    budget: int | None = None,
    rendered: RenderedPrompt | None = None,
) -> list[KeyedExample]:
    """The windows an LLM judge sees: the whole example (`[item]` itself) when its prompt fits
    the budget (`budget`, else `judge_budget`), or when no budget is known. `rendered` is the
    whole example's prompt when the caller has it already."""
    if not judge.uses_prompt:
        return [item]
    budget = budget or judge_budget(judge, options)
    if budget is None:
        return [item]
    return plan_windows_for(
        item,
        budget,
        template=options.template,
        prompt_format=judge.prompt_format,
        counter=_counter(judge),
        rendered=rendered,
    )


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
        self.mode: str | None = None

    def add(self, reply: Reply) -> None:
        self.mode = reply.mode
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
            "output_mode": self.mode,
        }


class _TooLong(Exception):
    """Raised out of the judge calls of one window when the server says its prompt is too
    long; `judge_record` then plans smaller windows."""

    def __init__(self, overflow: ContextOverflow, sent_tokens: int) -> None:
        super().__init__(overflow.message)
        self.overflow = overflow
        self.sent_tokens = sent_tokens


#: how often an example is planned again in smaller windows after the server said "too long"
_MAX_REPLANS = 4


def _smaller_budget(error: _TooLong, budget: int | None) -> int | None:
    """The next budget after the server refused a prompt of `error.sent_tokens` (our count):
    the window the server named less room for the reply, scaled by how our count compares with
    the server's, else half the prompt; always below what was sent. None: give up."""
    sent = error.sent_tokens
    target = sent // 2
    over = error.overflow
    if over.limit:
        target = budget_for(over.limit) or target
        if over.prompt_tokens:
            target = int(target * sent / over.prompt_tokens)
    target = min(target, int(sent * 0.9), int(budget * 0.75) if budget else sent)
    return target if target >= 256 else None


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

    The prompt is split into document windows when it would exceed the judge's budget
    (`judge_budget`). For a model whose context window is unknown the whole prompt is sent,
    and only when the server answers that it is too long is the example planned again in
    windows that fit what the server said (at most a few times, each smaller).
    """
    ask = ask or judge.ask
    attempts = _Attempts()
    budget = judge_budget(judge, options) if judge.uses_prompt else None
    # rendered once: planning measures it, and it is the prompt sent when the example fits
    whole = render_for(judge, item, options.template)
    last: _TooLong | None = None
    for _ in range(_MAX_REPLANS):
        windows = plan_windows(item, judge, options, budget, whole)
        try:
            return await _judge_windows(item, judge, options, index, ask, attempts, windows, whole)
        except _TooLong as error:
            last = error
            budget = _smaller_budget(error, budget)
            if budget is None:
                break
            attempts.invalid = []
    reason = last.overflow.message if last is not None else "the prompt is too long"
    return replace(
        base_record(item, index),
        status=Status.FAILED,
        error=redact(f"judge call failed: the prompt does not fit the model ({reason})"),
        judge=JudgeInfo.of(judge.identity()),
        prompt=prompt_identity(None, options.template),
        **attempts.fields(),
    )


async def _judge_windows(
    item: KeyedExample,
    judge: Judge,
    options: PipelineOptions,
    index: int,
    ask: AskFn,
    attempts: _Attempts,
    windows: list[KeyedExample],
    whole: RenderedPrompt | None,
) -> Record:
    base = base_record(item, index)
    judge_info = JudgeInfo.of(judge.identity())
    judgments = []
    violations: list[Violation] = []
    notes: list[Violation] = []
    repaired = False
    window_info = []
    prompt_info: PromptInfo | None = None
    for window in windows:
        prompt = whole if window is item else render_for(judge, window, options.template)
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
    if item.history and judge.uses_prompt and not load_template(options.template).shows_history:
        notes.append(
            Violation(
                "history_not_shown",
                "the example has a conversation history, but the prompt template has no "
                "{history} slot: the judge did not see it",
            )
        )
    scores = trace_scores(judgment, item, clean_keys=options.clean_keys)
    history_keys = frozenset(item.history_keys)
    sentences = tuple(
        SentenceResult(
            key=sentence.key,
            text=sentence.text,
            supported=is_supported(support),
            fully_supported=support.fully_supported,
            supporting_keys=support.supporting_sentence_keys,
            explanation=support.explanation,
            probability=support.probability,
            history_only=_history_only(support, history_keys),
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


def _history_only(support: SentenceSupport, history_keys: frozenset[str]) -> bool | None:
    """True for a supported sentence whose every piece of evidence is a conversation key."""
    keys = support.supporting_sentence_keys
    if history_keys and is_supported(support) and all(k in history_keys for k in keys):
        return True
    return None


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
            overflow = context_overflow(exc) if judge.uses_prompt else None
            if overflow is not None:
                raise _TooLong(overflow, _counter(judge).messages(messages).tokens) from exc
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
