"""Ingest format `ctrlf`: transcripts of a search/show/answer agent reading one long text file.

The agent issues one command per message — ``search Q1 Q2 …`` (lines containing every query,
cut to 20 characters), ``show N1 N2 …`` (full lines, printed ``lineN: text``) and
``answer TEXT`` — and the program replies with a ``### The cost you spent:`` /
``### Your Input:`` / ``### Output:`` message, each section in a code fence (two or three
backticks) or on the lines below its heading.

Input: a text file of role-labelled turns (a line starting ``User:``, ``Human:``,
``Assistant:``, ``ChatGPT:`` or ``AI:`` opens a message; a line of exactly ``---`` separates
transcripts), or JSON records with a ``messages`` list of ``{"role", "content"}`` (optional
`id`, `question`, `file`). The user message holding the game's rules (``# コマンド一覧`` or
``# Commands``) is skipped; the first other user message is the question. In an agent message
the command is the first line of the ``コマンド:`` / ``Command:`` section (else the last line
that starts with a command); the ``ここまでのメモ:`` / ``Notes:`` section is kept in `memos`.

Every line `show` printed becomes a sentence of one document keyed by its line number: the
row's ``documents_sentences`` is ``[[["line176", text], ["line177", text], …]]`` (sorted, each
line once) and the document's `text` is those lines joined by newlines. `search` outputs are
kept in `searches` as metadata, not as documents: they are 20-character fragments with ``**``
highlights, so a sentence judged against them would rest on text the agent never read in full,
and the same line would carry two keys. The last `answer` is the response (earlier answers and
the program's ``Correct.``/``Wrong.`` replies are metadata). A transcript without an `answer`
or without any `show` output is reported as an error.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ragjudge.ingest._common import (
    IngestError,
    default_id,
    document,
    extras,
    iter_json_records,
    parse_json_or_text,
    row,
    split_transcripts,
)

NAME = "ctrlf"
SUMMARY = "search/show/answer agent transcripts (shown lines keyed line177, …)"

_ROLE = re.compile(
    r"^\s*(?P<role>User|Human|Assistant|ChatGPT|AI)\s*[:：][ \t]?(?P<rest>.*)$", re.I
)
_USER_ROLES = {"user", "human"}
_PROMPT_MARKS = ("# コマンド一覧", "# commands")
_FENCE = re.compile(r"^\s*`{2,}")
_HEADING = re.compile(r"^\s*#{1,6}\s")
_SHOW_LINE = re.compile(r"^\s*line(?P<n>\d+)\s*[:：][ \t]?(?P<text>.*)$")
_COMMAND_LINE = re.compile(r"^\s*>?\s*(?P<cmd>search|show|answer)\b(?P<args>.*)$", re.I)
_COMMAND_HEADS = ("コマンド", "command")
_MEMO_HEADS = ("ここまでのメモ", "notes so far", "notes", "memo")

Lines = list[tuple[int, str]]


@dataclass
class _Command:
    kind: str
    args: str
    line: int


@dataclass
class _State:
    line: int
    question: str | None = None
    shown: dict[int, str] = field(default_factory=dict)
    not_found: list[int] = field(default_factory=list)
    searches: list[dict[str, Any]] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    feedback: list[str] = field(default_factory=list)
    memos: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    cost: int | None = None
    tool_errors: list[str] = field(default_factory=list)


def _section(lines: Lines, heads: Sequence[str]) -> Lines | None:
    """The lines under the first heading line containing one of `heads` (case-insensitive)."""
    found = [
        i
        for i, (_, text) in enumerate(lines)
        if text.strip().lstrip("#").strip().rstrip(":：").strip().lower() in heads
    ]
    if not found:
        return None
    rest = lines[found[0] + 1 :]
    while rest and not rest[0][1].strip():
        rest = rest[1:]
    if rest and _FENCE.match(rest[0][1]):
        body: Lines = []
        for number, text in rest[1:]:
            if _FENCE.match(text):
                return body
            body.append((number, text))
        return body
    body = []
    for number, text in rest:
        if not text.strip() or _HEADING.match(text):
            break
        body.append((number, text))
    return body


def _command(path: str, lines: Lines) -> _Command | IngestError | None:
    section = _section(lines, _COMMAND_HEADS)
    candidates = [(n, t) for n, t in section if t.strip()] if section else []
    if not candidates:
        candidates = [(n, t) for n, t in lines if _COMMAND_LINE.match(t)][-1:]
    if not candidates:
        return None
    number, text = candidates[0]
    m = _COMMAND_LINE.match(text)
    if m is None:
        return IngestError(
            path,
            number,
            f"unknown command {text.strip()!r}: expected 'search …', 'show …' or 'answer …'",
        )
    cmd = _Command(m.group("cmd").lower(), m.group("args").strip(), number)
    if cmd.kind == "show" and not all(a.isdigit() for a in cmd.args.split()):
        return IngestError(path, number, f"'show' takes line numbers, got {cmd.args!r}")
    if cmd.kind == "answer" and not cmd.args:
        return IngestError(path, number, "'answer' without an answer text")
    return cmd


def _apply_output(path: str, st: _State, cmd: _Command, lines: Lines) -> IngestError | None:
    body = [(n, t) for n, t in lines if t.strip()]
    text = "\n".join(t.strip() for _, t in body)
    if text in {"Insufficient args.", "Unknown command."}:
        st.tool_errors.append(f"{cmd.kind} {cmd.args}: {text}")
        return None
    if cmd.kind == "search":
        st.searches.append({"query": cmd.args, "output": text, "line": cmd.line})
    elif cmd.kind == "answer":
        st.feedback.append(text)
    else:
        for number, line in body:
            m = _SHOW_LINE.match(line)
            if m is None:
                return IngestError(
                    path,
                    number,
                    f"expected 'lineN: text' in the output of 'show', got {line.strip()[:40]!r}",
                )
            n, shown = int(m.group("n")), m.group("text").strip()
            if shown == "Not found.":
                st.not_found.append(n)
            else:
                st.shown[n] = shown
    return None


def _is_output(lines: Lines) -> bool:
    return _section(lines, ("output",)) is not None and _section(lines, ("your input",)) is not None


def _transcripts(
    path: str, messages: list[tuple[str, Lines]], start: int
) -> Iterator[tuple[_State, IngestError | None]]:
    st = _State(line=start)
    pending: _Command | None = None
    for role, lines in messages:
        first = lines[0][0] if lines else start
        text = "\n".join(t for _, t in lines).strip()
        if role == "system":
            continue
        if role in _USER_ROLES:
            if any(mark in text.lower() for mark in _PROMPT_MARKS):
                continue
            if _is_output(lines):
                echo = [(n, t) for n, t in _section(lines, ("your input",)) or [] if t.strip()]
                cmd: _Command | IngestError | None = pending
                if echo:
                    cmd = _command(path, [(echo[0][0], "コマンド:"), *echo[:1]])
                if cmd is None:
                    yield st, IngestError(path, first, "program output without a command before it")
                    return
                if isinstance(cmd, IngestError):
                    yield st, cmd
                    return
                cost = _section(lines, ("the cost you spent",))
                digits = "".join(t for _, t in cost or []).strip()
                if digits.isdigit():
                    st.cost = int(digits)
                problem = _apply_output(path, st, cmd, _section(lines, ("output",)) or [])
                if problem:
                    yield st, problem
                    return
                pending = None
                continue
            if st.question is not None and st.answers:
                yield st, None
                st = _State(line=first)
            if st.question is None:
                st.question, st.line = text, first
            continue
        memo = _section(lines, _MEMO_HEADS)
        if memo:
            st.memos.append("\n".join(t for _, t in memo).strip())
        got = _command(path, lines)
        if isinstance(got, IngestError):
            yield st, got
            return
        if got is None:
            continue
        st.commands.append(f"{got.kind} {got.args}".strip())
        if got.kind == "answer":
            st.answers.append(got.args)
        pending = got
    if st.question is not None or st.commands:
        yield st, None


def _to_row(
    path: str, st: _State, record: dict[str, Any] | None, record_line: int | None
) -> dict[str, Any] | IngestError:
    where = record_line if record_line is not None else st.line
    consumed = {"messages", "id", "question", "file"}
    question = st.question
    if record is not None and isinstance(record.get("question"), str):
        question = record["question"]
    if question is None:
        return IngestError(path, where, "no question: expected a user message before the commands")
    if not st.answers:
        return IngestError(
            path,
            where,
            f"transcript ends without an 'answer' command (last command: "
            f"{st.commands[-1] if st.commands else 'none'}); partial transcripts are not ingested",
        )
    if not st.shown:
        return IngestError(
            path, where, "the agent answered without any 'show' output: no lines to judge against"
        )
    numbers = sorted(st.shown)
    sentences = [[f"line{n}", st.shown[n]] for n in numbers]
    title = record.get("file") if record is not None else None
    rid = record.get("id") if record is not None else None
    return row(
        id=str(rid) if rid is not None else default_id(path, where),
        question=question,
        documents=[
            document(title, "\n".join(st.shown[n] for n in numbers), None, kind="shown_lines")
        ],
        response=st.answers[-1],
        source_file=path,
        line=where,
        fmt=NAME,
        trace_id=None if rid is None else str(rid),
        step=len(st.commands),
        documents_sentences=[sentences],
        searches=st.searches,
        memos=st.memos,
        commands=st.commands,
        answers=st.answers,
        answer_feedback=st.feedback,
        cost=st.cost,
        lines_not_found=st.not_found,
        tool_errors=st.tool_errors,
        **(extras(record, consumed) if record is not None else {}),
    )


def _text_messages(chunk: str, first_line: int) -> list[tuple[str, Lines]]:
    messages: list[tuple[str, Lines]] = []
    for offset, line in enumerate(chunk.split("\n")):
        m = _ROLE.match(line)
        if m:
            messages.append((m.group("role").lower(), [(first_line + offset, m.group("rest"))]))
        elif messages:
            messages[-1][1].append((first_line + offset, line))
    return messages


def parse_text(path: str, text: str) -> Iterator[dict[str, Any] | IngestError]:
    for first, chunk in split_transcripts(text):
        messages = _text_messages(chunk, first)
        if not messages:
            yield IngestError(
                path,
                first,
                "no role-labelled messages (expected lines starting 'User:' or 'Assistant:')",
            )
            continue
        for st, problem in _transcripts(path, messages, first):
            yield problem or _to_row(path, st, None, None)


def _parse_records(path: str, text: str) -> Iterator[dict[str, Any] | IngestError]:
    for item in iter_json_records(path, text):
        if isinstance(item, IngestError):
            yield item
            continue
        line, record = item
        msgs = record.get("messages") if isinstance(record, dict) else None
        if not isinstance(msgs, list) or not all(
            isinstance(m, dict) and isinstance(m.get("content"), str) for m in msgs
        ):
            yield IngestError(
                path, line, "expected an object with a 'messages' list of {role, content}"
            )
            continue
        messages = [
            (str(m.get("role", "")).lower(), [(line, t) for t in m["content"].split("\n")])
            for m in msgs
        ]
        found = list(_transcripts(path, messages, line))
        if len(found) != 1:
            yield IngestError(
                path, line, f"the messages hold {len(found)} transcripts; expected one"
            )
            continue
        st, problem = found[0]
        if problem is not None:
            yield IngestError(path, line, problem.message)
            continue
        yield _to_row(path, st, record, line)


def parse_file(path: str) -> Iterator[dict[str, Any] | IngestError]:
    return parse_json_or_text(path, _parse_records, parse_text)


def parse_files(paths: Sequence[str]) -> Iterator[dict[str, Any] | IngestError]:
    for path in paths:
        yield from parse_file(path)
