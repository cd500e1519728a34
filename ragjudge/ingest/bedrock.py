"""Ingest format `bedrock-agent`: Agents for Amazon Bedrock traces and model-invocation logs.

Three inputs are read:

- Trace events (``.json`` / ``.jsonl``, or any file starting with ``{`` / ``[``): the `trace`
  parts InvokeAgent returns, one event per line, as a JSON list, or wrapped as the stream gives
  them (``{"trace": {"sessionId": …, "trace": {"orchestrationTrace": …}}}``). Events are grouped
  by `sessionId` and the traceId without its step suffix (``…-0``, ``…-pre-0``). The question is
  the event's `inputText` when present, else the ``<input>`` of the pre-processing prompt or
  the ``<question>`` of the orchestration prompt (``modelInvocationInput.text``). Documents:
  every ``observation.actionGroupInvocationOutput.text`` (titled by the call, e.g.
  ``GET::weather_search::search(search_text="…")``) and every
  ``knowledgeBaseLookupOutput.retrievedReferences`` item (text, location URI as url). The
  response is ``observation.finalResponse.text``; `rationale` texts are kept as metadata.
  A post-processed answer, when there is one, is kept as `postprocessed_response`.
- Model-invocation logs (CloudWatch records with ``input.inputBodyJson`` /
  ``output.outputBodyJson``): the prompt plus the completion are read as a transcript (below).
- Prompt text (any other file): the ``\\n\\nHuman: … \\n\\nAssistant: …`` transcript. A file may
  hold several; each starts at a line beginning with ``Human:`` after a blank line.

In a transcript only the Assistant turn is read (the Human turn holds few-shot examples): each
``<function_call>`` with the ``<function_result>`` after it is a document (a result made of
``<search_result>`` blocks gives one document per block), the last ``<answer>`` is the response
(``<answer_part><text>`` pieces are joined), ``<scratchpad>`` / ``<thinking>`` go to metadata.
Closing tags cut off by a stop sequence are not required. The question is the last
``<question>`` (or ``<input>``) of the Human turn. Each orchestration step repeats the earlier
steps in its prompt, so of consecutive transcripts for one question the one with the answer is
the row; a pre-processing transcript (``<category>``) only lends its ``<thinking>``.

A trace or transcript sequence that ends without a final answer, a `failureTrace`, or an input
rejected by pre-processing is reported as an `IngestError`, never turned into a row.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ragjudge.ingest._common import (
    IngestError,
    LineCounter,
    default_id,
    document,
    iter_json_objects,
    parse_json_or_text,
    row,
)

NAME = "bedrock-agent"
SUMMARY = "Agents for Amazon Bedrock traces, model-invocation logs or prompt transcripts"

_TAGS = "scratchpad|thinking|function_call|function_results?|answer|category"
_BLOCK = re.compile(rf"<({_TAGS})>(.*?)(?:</\1>|(?=<(?:{_TAGS})>)|\Z)", re.S)
_ASSISTANT = re.compile(r"^[ \t]*Assistant:", re.M)
_HUMAN_START = re.compile(r"(?:\A|\n[ \t]*\n)[ \t]*(?=Human:)")
_SEARCH_RESULT = re.compile(r"<search_result>(.*?)(?:</search_result>|\Z)", re.S)
_ANSWER_TEXT = re.compile(r"<text>(.*?)(?:</text>|\Z)", re.S)
_TRACE_KINDS = (
    "preProcessingTrace",
    "orchestrationTrace",
    "postProcessingTrace",
    "failureTrace",
    "guardrailTrace",
)
_STEP_SUFFIX = re.compile(r"-(?:(?:pre|post)-)?(\d+)$")


def _tag(text: str, name: str, last: bool = True) -> str | None:
    # the innermost pair: prose such as "answer a <question>." must not open the tag
    found: list[str] = re.findall(rf"<{name}>((?:(?!<{name}>).)*?)</{name}>", text, re.S)
    if not found:
        return None
    return (found[-1] if last else found[0]).strip()


# --- transcripts ---------------------------------------------------------------------------


@dataclass
class _Transcript:
    """What one Human/Assistant transcript says."""

    question: str | None
    history: str | None
    documents: list[dict[str, Any]] = field(default_factory=list)
    calls: list[str] = field(default_factory=list)
    scratchpad: list[str] = field(default_factory=list)
    thinking: list[str] = field(default_factory=list)
    answer: str | None = None
    category: str | None = None

    @property
    def is_preprocessing(self) -> bool:
        return self.category is not None and not self.calls and self.answer is None


def _result_documents(call: str | None, result: str) -> list[dict[str, Any]]:
    blocks = _SEARCH_RESULT.findall(result)
    if not blocks:
        text = result.strip()
        return [document(call, text, None, kind="function_result", call=call)] if text else []
    docs = []
    for block in blocks:
        content = _tag(block, "content") or re.sub(r"<[^>]+>", "", block).strip()
        source = _tag(block, "source")
        if content:
            docs.append(document(source, content, None, kind="search_result", call=call))
    return docs


def parse_transcript(human: str, assistant: str) -> _Transcript:
    """Read the tags of one transcript (see the module docstring)."""
    question = _tag(human, "question") or _tag(human, "input")
    history = _tag(human, "conversation_history")
    t = _Transcript(question=question, history=history or None)
    pending: str | None = None
    for m in _BLOCK.finditer(assistant):
        tag, body = m.group(1), m.group(2)
        if tag == "function_call":
            pending = body.strip()
            t.calls.append(pending)
        elif tag.startswith("function_result"):
            t.documents.extend(_result_documents(pending, body))
            pending = None
        elif tag == "answer":
            parts = _ANSWER_TEXT.findall(body) if "<answer_part>" in body else []
            t.answer = "\n".join(p.strip() for p in parts) if parts else body.strip()
        elif tag == "category":
            t.category = body.strip()
        elif body.strip():
            (t.scratchpad if tag == "scratchpad" else t.thinking).append(body.strip())
    return t


def split_prompt(text: str) -> tuple[str, str]:
    """(Human turn, Assistant turn) of a Claude text-completion transcript."""
    found = list(_ASSISTANT.finditer(text))
    if not found:
        return "", text
    return text[: found[-1].start()], text[found[-1].end() :]


@dataclass
class _Item:
    """One transcript of a sequence, with its provenance."""

    line: int
    transcript: _Transcript
    trace_id: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)


def _sequence_rows(path: str, items: Iterator[_Item | IngestError], form: str) -> Iterator[Any]:
    """Rows of consecutive transcripts: the one with an answer closes its question."""
    pending: _Item | None = None
    pre_thinking: list[str] = []
    for item in items:
        if isinstance(item, IngestError):
            yield item
            continue
        t = item.transcript
        if t.is_preprocessing:
            pre_thinking = t.thinking
            continue
        if pending is not None and pending.transcript.question != t.question:
            yield _partial(path, pending)
        pending = None
        if t.answer is None:
            pending = item
            continue
        yield _transcript_row(path, item, form, pre_thinking)
        pre_thinking = []
    if pending is not None:
        yield _partial(path, pending)


def _partial(path: str, item: _Item) -> IngestError:
    last = item.transcript.calls[-1] if item.transcript.calls else None
    return IngestError(
        path,
        item.line,
        "transcript has no <answer> (last function call: "
        f"{last or 'none'}); partial traces are not ingested",
    )


def _transcript_row(
    path: str, item: _Item, form: str, pre_thinking: list[str]
) -> dict[str, Any] | IngestError:
    t = item.transcript
    if t.question is None:
        return IngestError(
            path,
            item.line,
            "no user input: expected <question>…</question> (orchestration prompt) or "
            "<input>…</input> (pre-processing prompt) in the Human turn",
        )
    if not t.answer:
        return IngestError(path, item.line, "the <answer> is empty")
    if not t.documents:
        return IngestError(
            path,
            item.line,
            "the agent answered without any <function_result>: no documents to judge against",
        )
    return row(
        id=item.trace_id or default_id(path, item.line),
        question=t.question,
        documents=t.documents,
        response=t.answer,
        source_file=path,
        line=item.line,
        fmt=NAME,
        trace_id=item.trace_id,
        step=len(t.calls),
        bedrock_form=form,
        function_calls=t.calls,
        scratchpad=t.scratchpad,
        thinking=t.thinking,
        preprocessing_thinking=pre_thinking,
        history=t.history,
        **item.meta,
    )


def _text_items(text: str) -> Iterator[_Item]:
    lines = LineCounter(text)
    starts = [m.end() for m in _HUMAN_START.finditer(text)] or [0]
    if starts[0] != 0 and text[: starts[0]].strip():
        starts.insert(0, 0)
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        chunk = text[start:end]
        if chunk.strip():
            human, assistant = split_prompt(chunk)
            yield _Item(lines.at(start), parse_transcript(human, assistant))


# --- model-invocation logs -----------------------------------------------------------------


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(c.get("text", "") if isinstance(c, dict) else str(c) for c in content)
    return ""


def _invocation_item(path: str, line: int, record: dict[str, Any]) -> _Item | IngestError:
    body_in = (record.get("input") or {}).get("inputBodyJson")
    body_out = (record.get("output") or {}).get("outputBodyJson")
    if not isinstance(body_in, dict) or not isinstance(body_out, dict):
        return IngestError(
            path, line, "model-invocation log without input.inputBodyJson / output.outputBodyJson"
        )
    completion = body_out.get("completion")
    if completion is None:
        completion = _content_text(body_out.get("content"))
    if isinstance(body_in.get("prompt"), str):
        human, assistant = split_prompt(body_in["prompt"])
        assistant += completion
    elif isinstance(body_in.get("messages"), list):
        messages = body_in["messages"]
        firsts = [m for m in messages if isinstance(m, dict) and m.get("role") == "user"]
        if not firsts:
            return IngestError(path, line, "inputBodyJson.messages has no user message")
        human = _content_text(firsts[0].get("content"))
        later = messages[messages.index(firsts[0]) + 1 :]
        assistant = "".join(_content_text(m.get("content")) for m in later if isinstance(m, dict))
        assistant += completion
        if "<question>" not in human and "<input>" not in human:
            human = f"<question>{human.strip()}</question>"
    else:
        return IngestError(path, line, "inputBodyJson has neither 'prompt' nor 'messages'")
    meta: dict[str, Any] = {k: record[k] for k in ("modelId", "timestamp") if k in record}
    return _Item(line, parse_transcript(human, assistant), record.get("requestId"), meta)


# --- trace events --------------------------------------------------------------------------


def _unwrap(record: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    meta: dict[str, Any] = {}
    current: Any = record
    for _ in range(4):
        if not isinstance(current, dict):
            return None
        for key in ("sessionId", "agentId", "agentAliasId", "agentVersion", "inputText"):
            if key in current and key not in meta:
                meta[key] = current[key]
        if any(k in current for k in _TRACE_KINDS):
            return meta, current
        current = current.get("trace")
    return None


def _trace_id(part: dict[str, Any]) -> str | None:
    found = part.get("traceId")
    if isinstance(found, str):
        return found
    for value in part.values():
        inner = value.get("traceId") if isinstance(value, dict) else None
        if isinstance(inner, str):
            return inner
    return None


@dataclass
class _Group:
    line: int
    session_id: str | None
    trace_id: str | None
    meta: dict[str, Any]
    events: list[tuple[int, str, dict[str, Any], int | None]] = field(default_factory=list)
    chunks: list[str] = field(default_factory=list)


def _call_title(inp: dict[str, Any]) -> str:
    group = inp.get("actionGroupName")
    op = inp.get("function") or str(inp.get("apiPath") or "").strip("/") or None
    verb = str(inp["verb"]).upper() if inp.get("verb") else None
    params = inp.get("parameters") or []
    args = ", ".join(f'{p.get("name")}="{p.get("value")}"' for p in params if isinstance(p, dict))
    return "::".join(str(x) for x in (verb, group, op) if x) + f"({args})"


def _kb_documents(refs: Any, query: str | None, kb_id: str | None) -> list[dict[str, Any]]:
    docs = []
    for ref in refs if isinstance(refs, list) else []:
        if not isinstance(ref, dict):
            continue
        text = _content_text((ref.get("content") or {}).get("text"))
        location = ref.get("location") or {}
        url = None
        for value in location.values():
            if isinstance(value, dict):
                url = value.get("uri") or value.get("url") or value.get("id")
                if url:
                    break
        metadata = ref.get("metadata") or {}
        url = url or metadata.get("x-amz-bedrock-kb-source-uri")
        title = metadata.get("title") or (str(url).rstrip("/").rsplit("/", 1)[-1] if url else None)
        if text.strip():
            docs.append(
                document(
                    title,
                    text.strip(),
                    url,
                    kind="knowledge_base",
                    knowledge_base_id=kb_id,
                    query=query,
                )
            )
    return docs


def _question_from_prompt(text: str) -> str | None:
    if text.lstrip().startswith("{"):
        try:
            body = json.loads(text)
        except ValueError:
            body = None
        if isinstance(body, dict) and isinstance(body.get("messages"), list):
            for m in body["messages"]:
                if isinstance(m, dict) and m.get("role") == "user":
                    found = _content_text(m.get("content")).strip()
                    return _tag(found, "question") or found or None
    human, _ = split_prompt(text)
    return _tag(human or text, "question") or _tag(human or text, "input")


def _group_row(path: str, g: _Group) -> dict[str, Any] | IngestError:
    question = g.meta.get("inputText")
    docs: list[dict[str, Any]] = []
    rationale: list[str] = []
    pre_rationale: list[str] = []
    calls: list[str] = []
    pending_call: str | None = None
    kb_query: tuple[str | None, str | None] = (None, None)
    final: str | None = None
    final_step: int | None = None
    post: str | None = None
    rejected = False
    steps: set[int] = set()
    prompts: list[str] = []
    for line, kind, part, step in g.events:
        if kind == "failureTrace":
            reason = part.get("failureReason") or "no reason given"
            return IngestError(path, line, f"the agent failed (failureTrace): {reason}")
        mi = part.get("modelInvocationInput")
        if isinstance(mi, dict) and isinstance(mi.get("text"), str):
            prompts.append(mi["text"])
        mo = part.get("modelInvocationOutput")
        parsed = mo.get("parsedResponse") if isinstance(mo, dict) else None
        if kind == "preProcessingTrace" and isinstance(parsed, dict):
            if parsed.get("rationale"):
                pre_rationale.append(str(parsed["rationale"]))
            rejected = rejected or parsed.get("isValid") is False
        if kind == "postProcessingTrace" and isinstance(parsed, dict) and parsed.get("text"):
            post = str(parsed["text"])
        if kind != "orchestrationTrace":
            continue
        if step is not None:
            steps.add(step)
        if isinstance(part.get("rationale"), dict) and part["rationale"].get("text"):
            rationale.append(str(part["rationale"]["text"]).strip())
        inv = part.get("invocationInput")
        if isinstance(inv, dict):
            if isinstance(inv.get("actionGroupInvocationInput"), dict):
                pending_call = _call_title(inv["actionGroupInvocationInput"])
                calls.append(pending_call)
            if isinstance(inv.get("knowledgeBaseLookupInput"), dict):
                kb = inv["knowledgeBaseLookupInput"]
                kb_query = (kb.get("text"), kb.get("knowledgeBaseId"))
                calls.append(f"knowledgeBaseLookup({kb.get('text')!r})")
        obs = part.get("observation")
        if not isinstance(obs, dict):
            continue
        ag = obs.get("actionGroupInvocationOutput")
        if isinstance(ag, dict) and str(ag.get("text") or "").strip():
            docs.append(
                document(
                    pending_call,
                    str(ag["text"]).strip(),
                    None,
                    kind="action_group",
                    call=pending_call,
                    step=step,
                )
            )
            pending_call = None
        kb_out = obs.get("knowledgeBaseLookupOutput")
        if isinstance(kb_out, dict):
            docs.extend(_kb_documents(kb_out.get("retrievedReferences"), *kb_query))
        fr = obs.get("finalResponse")
        if isinstance(fr, dict) and isinstance(fr.get("text"), str):
            final, final_step = fr["text"].strip(), step
    final = final or ("".join(g.chunks).strip() or None)
    where = f"trace {g.trace_id or '?'} (session {g.session_id or '?'})"
    if final is None:
        if rejected:
            return IngestError(
                path, g.line, f"{where}: pre-processing rejected the input (isValid false)"
            )
        return IngestError(
            path,
            g.line,
            f"{where} has no final response (orchestrationTrace.observation.finalResponse); "
            "partial traces are not ingested",
        )
    if question is None:
        for text in prompts:
            question = _question_from_prompt(text)
            if question:
                break
    if not question:
        return IngestError(
            path,
            g.line,
            f"{where}: no user input (expected 'inputText' on an event, or <input> / <question> "
            "in a modelInvocationInput.text prompt)",
        )
    if not docs:
        return IngestError(
            path,
            g.line,
            f"{where}: no action-group output or knowledge-base references to judge against",
        )
    rid = "/".join(x for x in (g.session_id, g.trace_id) if x) or default_id(path, g.line)
    return row(
        id=rid,
        question=question,
        documents=docs,
        response=final,
        source_file=path,
        line=g.line,
        fmt=NAME,
        trace_id=g.trace_id,
        step=final_step,
        bedrock_form="trace",
        session_id=g.session_id,
        agent_id=g.meta.get("agentId"),
        agent_alias_id=g.meta.get("agentAliasId"),
        agent_version=g.meta.get("agentVersion"),
        n_steps=len(steps),
        function_calls=calls,
        rationale=rationale,
        preprocessing_rationale=pre_rationale,
        postprocessed_response=post,
    )


def _chunk_text(chunk: Any) -> str:
    raw = chunk.get("bytes") if isinstance(chunk, dict) else None
    if not isinstance(raw, str):
        return ""
    if re.fullmatch(r"[A-Za-z0-9+/=\s]+", raw) and len(raw) % 4 == 0:
        try:
            return base64.b64decode(raw, validate=False).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            pass
    return raw


def _parse_json(path: str, text: str) -> Iterator[dict[str, Any] | IngestError]:
    groups: dict[tuple[str | None, str | None], _Group] = {}
    last: _Group | None = None
    logs: list[_Item | IngestError] = []
    for item in iter_json_objects(path, text):
        if isinstance(item, IngestError):
            yield item
            continue
        line, record = item
        if "input" in record and "output" in record:
            logs.append(_invocation_item(path, line, record))
            continue
        if "chunk" in record:
            if last is not None:
                last.chunks.append(_chunk_text(record["chunk"]))
            continue
        found = _unwrap(record)
        if found is None:
            yield IngestError(
                path,
                line,
                "not a Bedrock agent trace event: expected one of "
                + ", ".join(_TRACE_KINDS)
                + " (possibly under 'trace'), or a model-invocation log record",
            )
            continue
        meta, trace = found
        for kind in _TRACE_KINDS:
            part = trace.get(kind)
            if not isinstance(part, dict):
                continue
            tid = _trace_id(part)
            step = None
            base = tid
            if tid is not None:
                sm = _STEP_SUFFIX.search(tid)
                if sm:
                    base, step = tid[: sm.start()], int(sm.group(1))
            session = meta.get("sessionId")
            if base is None and last is not None:
                key = (last.session_id, last.trace_id)
            else:
                key = (session, base)
            if key not in groups:
                groups[key] = _Group(line, key[0], key[1], {})
            g = groups[key]
            for k, v in meta.items():
                g.meta.setdefault(k, v)
            g.events.append((line, kind, part, step if kind == "orchestrationTrace" else None))
            last = g
    for g in groups.values():
        yield _group_row(path, g)
    if logs:
        yield from _sequence_rows(path, iter(logs), "invocation-log")


def parse_file(path: str) -> Iterator[dict[str, Any] | IngestError]:
    return parse_json_or_text(path, _parse_json, _parse_prompt_text)


def _parse_prompt_text(path: str, text: str) -> Iterator[dict[str, Any] | IngestError]:
    return _sequence_rows(path, _text_items(text), "prompt-text")


def parse_files(paths: Sequence[str]) -> Iterator[dict[str, Any] | IngestError]:
    for path in paths:
        yield from parse_file(path)
