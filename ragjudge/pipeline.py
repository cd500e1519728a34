"""Stages 3–6 for one example: render the prompt, ask the judge, parse, validate, re-ask with
the errors when the answer is invalid, enforce the rules, score. Hands on one record (a plain
dict, the line `judgments.jsonl` stores; see docs/outputs.md).

A bad judge answer or a failing call never raises out of here: it becomes a `failed` record
that keeps the raw replies and the reasons.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ragjudge.citations import score_citations
from ragjudge.injection import injection_suspected
from ragjudge.judges.base import Judge
from ragjudge.prompt import (
    DEFAULT_TEMPLATE,
    default_prompt_budget,
    load_template,
    plan_windows_for,
    render,
)
from ragjudge.redact import redact
from ragjudge.rules import enforce, is_supported, merge_judgments
from ragjudge.scores import trace_scores
from ragjudge.types import (
    KeyedExample,
    Message,
    RenderedPrompt,
    Reply,
    RowError,
    Violation,
)
from ragjudge.validate import parse_reply, repair_request

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


def _violation_dict(v: Violation) -> dict[str, Any]:
    return {"code": v.code, "message": v.message, "key": v.key}


def _record(**fields: Any) -> dict[str, Any]:
    """A record with every field of docs/outputs.md, empty unless given."""
    return {
        "id": None,
        "index": 0,
        "source": None,
        "status": None,
        "error": None,
        "question": None,
        "documents": [],
        "response_sentences": [],
        "metadata": {},
        "gold": {},
        "judge": None,
        "prompt": None,
        "replies": [],
        "judgment": None,
        "violations": [],
        "scores": None,
        "sentences": [],
        "injection_suspected": False,
        "usage": {"input_tokens": 0, "output_tokens": 0, "estimated": False},
        "latency_s": 0.0,
        "cached": False,
        "worker": None,
    } | fields


def base_record(item: KeyedExample, index: int) -> dict[str, Any]:
    """The part of a record that depends only on the input."""
    ex = item.example
    docs = []
    for i, sentences in enumerate(item.documents):
        doc = ex.documents[i] if i < len(ex.documents) else None
        docs.append(
            {
                "title": doc.title if doc else None,
                "url": doc.url if doc else None,
                "sentences": [[s.key, s.text] for s in sentences],
            }
        )
    return _record(
        id=ex.id,
        index=index,
        source=dataclasses.asdict(ex.source) if ex.source else None,
        question=ex.question,
        documents=docs,
        response_sentences=[[s.key, s.text] for s in item.response],
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


def invalid_input_record(error: RowError, index: int) -> dict[str, Any]:
    """The record of a row that could not be loaded: reported, never dropped."""
    return _record(
        id=error.id or f"row-{error.source.row}",
        index=index,
        source=dataclasses.asdict(error.source),
        status="invalid_input",
        error=error.message,
    )


def prompt_identity(prompt: RenderedPrompt | None, template: str) -> dict[str, Any]:
    if prompt is None:
        tpl = load_template(template)
        return {
            "name": tpl.name,
            "version": tpl.version,
            "template_hash": tpl.hash,
            "prompt_hash": None,
            "format": None,
        }
    return {
        "name": prompt.template_name,
        "version": prompt.template_version,
        "template_hash": prompt.template_hash,
        "prompt_hash": prompt.prompt_hash,
        "format": prompt.prompt_format,
    }


def plan_windows(item: KeyedExample, judge: Judge, options: PipelineOptions) -> list[KeyedExample]:
    """The windows an LLM judge sees: the whole example when its prompt fits the budget."""
    if not judge.uses_prompt:
        return [item]
    budget = options.max_prompt_tokens or default_prompt_budget(judge.identity().get("model"))
    return plan_windows_for(
        item,
        budget,
        template=options.template,
        prompt_format=getattr(judge, "prompt_format", "chat"),
    )


def render_for(judge: Judge, item: KeyedExample, template: str) -> RenderedPrompt | None:
    if not judge.uses_prompt:
        return None
    return render(item, template=template, prompt_format=getattr(judge, "prompt_format", "chat"))


async def judge_example(
    item: KeyedExample,
    judge: Judge,
    options: PipelineOptions = PipelineOptions(),
    *,
    index: int = 0,
    ask: AskFn | None = None,
) -> dict[str, Any]:
    """Judge one keyed example and return its record.

    `ask` replaces `judge.ask` (the runner passes one that adds caching, retries and rate
    limits); it receives the same arguments.
    """
    ask = ask or judge.ask
    record = base_record(item, index)
    record["judge"] = dict(judge.identity())
    windows = plan_windows(item, judge, options)
    usage = _UsageSum()
    judgments = []
    violations: list[Violation] = []
    notes: list[Violation] = []
    repaired = False
    window_info = []
    for window in windows:
        prompt = render_for(judge, window, options.template)
        if record["prompt"] is None:
            record["prompt"] = prompt_identity(prompt, options.template)
        messages: list[Message] = list(prompt.messages) if prompt else []
        outcome = await _ask_until_valid(window, judge, messages, options, ask, record, usage)
        if isinstance(outcome, str):  # the call failed or the answer stayed invalid
            usage.finish(record)
            record["status"] = "failed"
            record["error"] = outcome
            return record
        parsed, attempts = outcome
        assert parsed.obj is not None
        window_judgment, window_violations = enforce(parsed.obj, window)
        judgments.append(window_judgment)
        violations += window_violations
        notes += parsed.normalisations
        repaired = repaired or attempts > 1 or bool(parsed.normalisations)
        if len(windows) > 1:
            window_info.append(
                {
                    "document_keys": [window.document_keys[0], window.document_keys[-1]]
                    if window.document_keys
                    else [],
                    "n_document_sentences": window.n_document_sentences,
                    "prompt_hash": prompt.prompt_hash if prompt else None,
                }
            )
    usage.finish(record)
    if len(judgments) == 1:
        judgment = judgments[0]
    else:
        judgment = merge_judgments(judgments, item)
        violations = _dedupe(violations)
        record["windows"] = window_info
    record["status"] = "repaired" if repaired else "ok"
    scores = trace_scores(judgment, item, clean_keys=options.clean_keys)
    record["judgment"] = _judgment_dict(judgment)
    if "windows" in record:
        record["judgment"]["merged_from_windows"] = len(record["windows"])
    record["violations"] = [_violation_dict(v) for v in [*notes, *violations]]
    record["scores"] = dataclasses.asdict(scores)
    record["scores"]["unsupported_keys"] = list(scores.unsupported_keys)
    record["sentences"] = [
        {
            "key": sentence.key,
            "text": sentence.text,
            "supported": is_supported(support),
            "fully_supported": support.fully_supported,
            "supporting_keys": list(support.supporting_sentence_keys),
            "explanation": support.explanation,
            "probability": support.probability,
        }
        for sentence, support in zip(
            item.response, judgment.sentence_support_information, strict=True
        )
    ]
    _add_citations(record, item)
    return record


def _add_citations(record: dict[str, Any], item: KeyedExample) -> None:
    """Citation accuracy for answers whose citations were recorded at ingestion."""
    citations = item.example.metadata.get("citations")
    if not isinstance(citations, list) or not citations:
        return
    per_sentence, figures = score_citations(
        citations,
        item.response,
        record["sentences"],
        [[s.key for s in doc] for doc in item.documents],
    )
    by_key = {entry["key"]: entry for entry in per_sentence}
    for sentence in record["sentences"]:
        entry = by_key.get(sentence["key"], {})
        sentence["cited_sources"] = entry.get("cited_sources", [])
        sentence["citation_supported"] = entry.get("citation_supported")
    record["citations"] = figures
    for citation in citations:
        if isinstance(citation, dict) and not citation.get("resolved", True):
            record["violations"].append(
                {
                    "code": "unresolved_citation",
                    "message": f"citation {citation.get('marker')!r} names no listed source",
                    "key": None,
                }
            )


class _UsageSum:
    def __init__(self) -> None:
        self.input_tokens = self.output_tokens = 0
        self.estimated = False
        self.latency = 0.0
        self.cached = True

    def add(self, reply: Reply) -> None:
        self.input_tokens += reply.usage.input_tokens
        self.output_tokens += reply.usage.output_tokens
        self.estimated = self.estimated or reply.usage.estimated
        self.latency += reply.latency_s
        self.cached = self.cached and reply.cached

    def finish(self, record: dict[str, Any]) -> None:
        record["usage"] = {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "estimated": self.estimated,
        }
        record["latency_s"] = round(self.latency, 6)
        record["cached"] = self.cached and bool(record["replies"])


async def _ask_until_valid(
    item: KeyedExample,
    judge: Judge,
    messages: list[Message],
    options: PipelineOptions,
    ask: AskFn,
    record: dict[str, Any],
    usage: _UsageSum,
) -> tuple[Any, int] | str:
    """Ask, and re-ask with the errors while the answer is invalid. Returns the parsed answer
    and the number of calls, or the reason the example failed."""
    attempts = 1 + (max(0, options.max_repairs) if judge.uses_prompt else 0)
    errors: list[str] = []
    for attempt in range(attempts):
        try:
            reply = await ask(item, messages)
        except Exception as exc:  # one example's failure must not stop the batch
            return redact(f"judge call failed: {type(exc).__name__}: {exc}")
        record["replies"].append(reply.text)
        usage.add(reply)
        parsed = parse_reply(reply.text)
        if parsed.valid:
            return parsed, attempt + 1
        errors = parsed.errors
        if attempt + 1 < attempts:
            messages += [Message("assistant", reply.text), Message("user", repair_request(errors))]
    record["violations"] = [{"code": "invalid_judgment", "message": e, "key": None} for e in errors]
    return "the judge's answer is not a valid judgment: " + "; ".join(errors[:10])


def _dedupe(violations: list[Violation]) -> list[Violation]:
    return list(dict.fromkeys(violations))


def _judgment_dict(judgment: Any) -> dict[str, Any]:
    out = dataclasses.asdict(judgment)
    for entry in out["sentence_support_information"]:
        entry["supporting_sentence_keys"] = list(entry["supporting_sentence_keys"])
        if entry.get("probability") is None:
            entry.pop("probability", None)
    out["all_relevant_sentence_keys"] = list(out["all_relevant_sentence_keys"])
    out["all_utilized_sentence_keys"] = list(out["all_utilized_sentence_keys"])
    if out.get("support_score") is None:
        out.pop("support_score", None)
    return out
