"""Ingest format `react`: ReAct / LangChain-agent transcripts.

Three spellings of the same loop are read:

- Chat form (JP1 Chat Completion prompt, LangChain conversational agent): the question on a
  ``私の入力:`` (or ``Question:``) line, then ``Thought:`` / ``Action:`` / ``Action Input:`` /
  ``Observation:`` steps and the final answer after ``AI:``.
- Completion form (JP1 Completion prompt, LangChain zero-shot agent): ``Question:`` … steps …
  ``Final Answer:``.
- The ReAct paper's numbered form: ``Thought 1:`` / ``Action 1: Search[...]`` /
  ``Observation 1:`` … ``Action N: Finish[answer]``, as the paper's notebooks print it: each
  episode opens with its index and the question (``3687 Question: …`` or, for FEVER,
  ``3687 Claim: …``), the ``Finish[...]`` step is answered by ``Observation N: Episode finished,
  reward = 1``, then the environment's record (``{'steps': 2, 'answer': …, 'gt_answer': …}``),
  a running score line and a ``-----------`` rule close the episode. Each episode is its own
  row: the ``Finish[...]`` argument is the response, the observation that answers it is kept in
  `finish_observation` (not evidence), the environment's record goes to metadata (`gt_answer`,
  `reward`, `em`, …; its prompt echo `traj` is dropped). A ``Finish[...]`` the agent wrote on
  the line after an empty ``Action N:`` counts; one followed by further actions does not. The
  notebook's ``ohh...`` retry lines are kept in `bad_calls`. A malformed episode is one error
  and the next episode is read as usual.

Each observation becomes documents. A JP1 observation made of ``sourcepage:`` / ``content:`` /
``document_url:`` blocks separated by dash lines gives one document per block (title =
sourcepage, text = content, url = document_url); any other observation is one document titled
by its action (``user_contents: JP1 障害``, ``Search[Colorado orogeny]``). Observations that are
executor errors (``… is not a valid tool``, ``Invalid Format: …``) are kept in `tool_errors`,
not as evidence. Thoughts go to `thoughts` and never into documents. Conversation history
before the question (``User:`` / ``Assistant:`` or ``HUMAN:`` / ``AI:`` turns, optionally under a
``会話履歴`` header between dash rules) goes to `history`. When the answer carries JP1 citation
markers (``[sourcepage: …][document_url: …]``) they are removed from `response` and listed in
`citations`, as in the `cited-answer` format.

Files: a text file may hold several transcripts. A line that is exactly ``---`` separates them,
and after a final answer, a blank line followed by a ``Question:`` / ``私の入力:`` line (or a
history turn or header) starts the next one. A prompt echoed into the log is skipped up to its
last ``開始!`` / ``Begin!`` line: everything of
a transcript before such a line is dropped, so an echoed prompt must start its chunk.
A ``.json`` / ``.jsonl`` file (or one starting with ``{`` or ``[``) holds one transcript per
record in a `log` field, with optional `question` / `input`, `id` and `chat_history` fields.
A Jupyter notebook (``.ipynb``, such as the paper's own) is read as the text its cells printed;
line numbers then count lines of that printed text.
A transcript without a final answer is reported as an error.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ragjudge.ingest._common import (
    IngestError,
    default_id,
    extras,
    iter_json_records,
    parse_json_or_text,
    read_text,
    row,
    split_transcripts,
)
from ragjudge.ingest._observations import RULE, Step, observation_documents
from ragjudge.ingest.cited import extract_citations, has_markers

NAME = "react"
SUMMARY = "ReAct / LangChain agent logs (Thought/Action/Observation, AI: or Final Answer:)"

_FIELD = re.compile(
    r"^\s*(?P<name>Question|私の入力|Thought|Action Input|Action|Observation|Final Answer|AI"
    r"|User|Assistant|HUMAN|Human)(?:\s+(?P<num>\d+))?\s*[:：][ \t]?(?P<rest>.*)$"
)
_QUESTION = {"Question", "私の入力"}
_HISTORY = {
    "User": "user",
    "HUMAN": "user",
    "Human": "user",
    "Assistant": "assistant",
    "AI": "assistant",
}
_HISTORY_HEADERS = {"会話履歴", "conversation history:", "chat history:", "previous conversation:"}
_BEGIN = {"開始!", "開始！", "begin!"}
_NOISE = re.compile(r"^\s*(> Entering new .*chain|> Finished chain)")
_PAPER_ACTION = re.compile(r"^\s*(?P<tool>\w+)\[(?P<arg>.*)\]\s*$", re.S)
#: the paper notebooks' episode header: ``3687 Question: …`` / ``3687 Claim: …``
_EPISODE = re.compile(r"^\s*(?P<idx>\d+)\s+(?P<name>Question|Claim)\s*:[ \t]?(?P<rest>.*)$")
#: the notebooks' running score after each episode: ``correct total ratio seconds``
_SCORE_LINE = re.compile(r"^\s*\d+ \d+ [\d.]+ [\d.eE+-]+\s*$")
#: the notebooks print a model reply they could not split as ``ohh... <reply>``
_BAD_CALL = re.compile(r"^ohh\.\.\.[ \t]?(?P<rest>.*)$")
_THOUGHT_N = re.compile(r"^\s*Thought\s+\d+\s*:")
#: the ReAct environment's replies to a Finish step
_FINISHED = re.compile(r"^\s*Episode finished\b")
_REJECTED = re.compile(r"^\s*Invalid action\b")


@dataclass
class _Transcript:
    start: int
    question: list[str] | None = None
    question_line: int | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    thoughts: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    answer: list[str] | None = None
    answer_line: int | None = None
    form: str | None = None
    error: IngestError | None = None
    seen: bool = False  # a non-blank line was read; `start` is the first one
    #: where continuation lines go: a list of strings or of (line, text) pairs
    sink: list[Any] | None = None
    sink_numbered: bool = False
    # --- the paper notebooks' episodes
    episode: int | None = None
    question_label: str | None = None
    finish_observation: str | None = None
    env_record: dict[str, Any] | None = None
    bad_calls: list[str] = field(default_factory=list)
    in_bad_call: bool = False
    #: an ``Action N:`` with nothing after it: (line, continuation lines) until resolved
    pending_action: tuple[int, list[str]] | None = None

    @property
    def started(self) -> bool:
        return self.question is not None or bool(self.steps) or bool(self.thoughts)


def _split(path: str, text: str, first_line: int) -> list[_Transcript]:
    """Parse the lines of one chunk into transcripts (see the module docstring)."""
    out: list[_Transcript] = []
    t = _Transcript(start=first_line)
    previous_blank = True
    lines = text.split("\n")
    for offset, line in enumerate(lines):
        number = first_line + offset
        stripped = line.strip()
        if _NOISE.match(line):
            continue
        if stripped.lower() in _BEGIN:
            # what came before is the prompt's own format description, not a transcript
            t = _Transcript(start=number + 1)
            previous_blank = True
            continue
        episode = _EPISODE.match(line)
        if episode:
            # a numbered episode header always starts a new transcript, so one broken
            # episode never swallows the next
            if t.started or t.history:
                out.append(t)
            t = _Transcript(start=number, seen=True, episode=int(episode.group("idx")))
            t.question_label = episode.group("name")
            t.question, t.question_line = [episode.group("rest")], number
            t.sink, t.sink_numbered = t.question, False
            previous_blank = False
            continue
        paper = t.form == "paper" or t.episode is not None
        if paper and RULE.match(line):
            if t.started or t.history:
                out.append(t)
            t = _Transcript(start=number + 1)
            previous_blank = True
            continue
        m = _FIELD.match(line)
        name = m.group("name") if m else None
        if t.answer is not None and previous_blank and stripped:
            starts_next = (name in _QUESTION or name in {"User", "HUMAN", "Human"}) or (
                stripped.lower() in _HISTORY_HEADERS
            )
            if starts_next:
                out.append(t)
                t = _Transcript(start=number)
        elif t.form == "paper" and t.steps and name in _QUESTION:
            out.append(t)  # an episode that never finished: the next question starts anew
            t = _Transcript(start=number)
        previous_blank = not stripped
        if stripped and not t.seen:
            t.start, t.seen = number, True
        if t.error is not None:
            continue
        if paper and _paper_extra_line(t, line, m):
            continue
        if not t.started:
            _preamble_line(path, t, m, line, number)
        else:
            _agent_line(path, t, m, line, number)
    if t.started or t.history:
        out.append(t)
    return out


def _paper_extra_line(t: _Transcript, line: str, m: re.Match[str] | None) -> bool:
    """Consume the notebooks' lines that are not part of the loop; True when consumed."""
    bad = _BAD_CALL.match(line)
    if bad:
        t.bad_calls.append(bad.group("rest"))
        t.in_bad_call = True
        return True
    if t.in_bad_call:
        # the retry's reply runs until the notebook prints the step it settled on
        if not _THOUGHT_N.match(line):
            if line.strip():
                t.bad_calls[-1] += "\n" + line
            return True
        t.in_bad_call = False
    if m is not None or t.pending_action is not None:
        return False
    stripped = line.strip()
    if stripped.startswith("{") and stripped.endswith("}"):
        try:
            record = ast.literal_eval(stripped)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return False
        if isinstance(record, dict):
            t.env_record = record
            t.sink = None
            return True
    return bool(_SCORE_LINE.match(line))


def _preamble_line(
    path: str, t: _Transcript, m: re.Match[str] | None, line: str, number: int
) -> None:
    name = m.group("name") if m else None
    if m and name in _QUESTION:
        t.question, t.question_line = [m.group("rest")], number
        t.sink, t.sink_numbered = t.question, False
    elif m and name in _HISTORY:
        turn = {"role": _HISTORY[name], "text": m.group("rest")}
        t.history.append(turn)
        t.sink = None
    elif m:  # the log starts straight with the agent's steps
        _agent_line(path, t, m, line, number)
    elif t.history and line.strip() and not RULE.match(line):
        if line.strip().lower() in _HISTORY_HEADERS:
            return
        t.history[-1]["text"] += "\n" + line


def _agent_line(path: str, t: _Transcript, m: re.Match[str] | None, line: str, number: int) -> None:
    name = m.group("name") if m else None
    if m is None or name not in {
        "Thought",
        "Action",
        "Action Input",
        "Observation",
        "AI",
        "Final Answer",
    }:
        if t.pending_action is not None:
            t.pending_action[1].append(line)
        elif t.sink is not None:
            t.sink.append((number, line) if t.sink_numbered else line)
        return
    if t.pending_action is not None:
        pending_line, pending = t.pending_action
        t.pending_action = None
        _paper_action(t, "\n".join(s for s in pending if s.strip()).strip(), pending_line)
    rest = m.group("rest")
    numbered = m.group("num") is not None
    if name == "Thought":
        t.thoughts.append(rest)
        t.sink, t.sink_numbered = _ListTail(t.thoughts), False
    elif name == "Action":
        if numbered and not rest.strip():
            # the model wrote the action on the following line(s): resolve it at the next field
            t.pending_action = (number, [])
            t.sink = None
            return
        if numbered and _PAPER_ACTION.match(rest):
            _paper_action(t, rest, number)
            return
        t.steps.append(Step(rest.strip(), number))
        t.sink = None
    elif name == "Action Input":
        if not t.steps or t.steps[-1].action_input is not None:
            t.error = IngestError(
                path, number, "'Action Input:' without a preceding 'Action:' line"
            )
            return
        t.steps[-1].action_input = rest
        t.sink, t.sink_numbered = _AttrTail(t.steps[-1]), False
    elif name == "Observation":
        if t.form == "paper" and t.answer is not None and t.finish_observation is None:
            # the environment's reply to Finish[...]: an outcome, not evidence
            t.finish_observation = rest.strip()
            t.sink = None
            return
        if not t.steps or t.steps[-1].observation is not None:
            t.error = IngestError(
                path,
                number,
                "'Observation:' without a preceding 'Action:' line (expected "
                "Thought / Action / Action Input / Observation in that order)",
            )
            return
        t.steps[-1].observation = [(number, rest)]
        t.sink, t.sink_numbered = t.steps[-1].observation, True
    else:  # AI / Final Answer
        t.answer, t.answer_line = [rest], number
        t.form = t.form or ("chat" if name == "AI" else "completion")
        t.sink, t.sink_numbered = t.answer, False


def _paper_action(t: _Transcript, text: str, number: int) -> None:
    """A numbered ``Action N:`` of the paper form: ``Finish[answer]`` or ``Tool[argument]``."""
    paper = _PAPER_ACTION.match(text)
    t.form = "paper"
    t.sink = None
    if paper and paper.group("tool").lower() == "finish":
        t.answer, t.answer_line = [paper.group("arg")], number
        t.finish_observation = None
        return
    # the agent went on after a Finish the environment refused: that Finish was not final
    t.answer = t.answer_line = t.finish_observation = None
    if paper:
        t.steps.append(Step(paper.group("tool"), number, paper.group("arg"), paper=True))
    else:
        t.steps.append(Step(text, number))


class _ListTail(list):  # type: ignore[type-arg]
    """Continuation lines of the last string of a list (a multi-line thought)."""

    def __init__(self, target: list[str]) -> None:
        super().__init__()
        self.target = target

    def append(self, line: Any) -> None:
        self.target[-1] += "\n" + line


class _AttrTail(list):  # type: ignore[type-arg]
    """Continuation lines of a multi-line ``Action Input:``."""

    def __init__(self, step: Step) -> None:
        super().__init__()
        self.step = step

    def append(self, line: Any) -> None:
        self.step.action_input = f"{self.step.action_input}\n{line}"


# --- rows ----------------------------------------------------------------------------------


def _to_row(
    path: str,
    t: _Transcript,
    record: dict[str, Any] | None = None,
    record_line: int | None = None,
) -> dict[str, Any] | IngestError:
    where = record_line if record_line is not None else t.start
    if t.error is not None:
        return t.error
    question = "\n".join(t.question).strip() if t.question is not None else None
    consumed: set[str] = set()
    rid: Any = None
    history = [dict(h, text=h["text"].strip()) for h in t.history]
    if record is not None:
        for key in ("question", "input"):
            if isinstance(record.get(key), str):
                question = record[key]
                consumed.add(key)
                break
        for key in ("chat_history", "history"):
            if isinstance(record.get(key), list):
                history = [_history_turn(h) for h in record[key]]
                consumed.add(key)
                break
        if record.get("id") is not None:
            rid = str(record["id"])
            consumed.add("id")
        consumed.add("log")
    if question is None:
        return IngestError(
            path,
            where,
            "no question: expected a 'Question:' or '私の入力:' line before the agent's steps"
            + (" or a 'question' field" if record is not None else ""),
        )
    if t.answer is None:
        last = t.steps[-1].line if t.steps else (t.question_line or where)
        return IngestError(
            path,
            where,
            "transcript has no final answer (expected 'AI:', 'Final Answer:' or "
            f"'Action N: Finish[...]'; last step on line {last}); partial traces are not ingested",
        )
    answer = "\n".join(t.answer).strip()
    if not answer:
        return IngestError(path, t.answer_line or where, "the final answer is empty")
    docs: list[dict[str, Any]] = []
    tool_errors: list[str] = []
    for index, step in enumerate(t.steps, 1):
        if step.observation is None:
            continue
        got = observation_documents(path, step, index)
        if isinstance(got, IngestError):
            return got
        if isinstance(got, str):
            tool_errors.append(got)
        else:
            docs.extend(got)
    if not docs:
        return IngestError(
            path,
            where,
            "the agent answered without any observation: no retrieved documents to judge the "
            "answer against",
        )
    extra: dict[str, Any] = {}
    response = answer
    if has_markers(answer):
        response, citations = extract_citations(answer, docs)
        extra = {"citations": citations, "raw_response": answer}
    if t.form == "paper" or t.episode is not None:
        extra.update(_episode_metadata(t))
    return row(
        id=rid or default_id(path, where),
        question=question.strip(),
        documents=docs,
        response=response,
        source_file=path,
        line=where,
        fmt=NAME,
        trace_id=rid,
        step=len(t.steps),
        **extra,
        react_form=t.form,
        thoughts=[s.strip() for s in t.thoughts],
        actions=[{"action": s.action, "input": s.action_input, "line": s.line} for s in t.steps],
        history=history,
        tool_errors=tool_errors,
        **(extras(record, consumed) if record is not None else {}),
    )


def _episode_metadata(t: _Transcript) -> dict[str, Any]:
    """What the paper notebooks print around an episode, kept as metadata."""
    out: dict[str, Any] = {}
    if t.episode is not None:
        out["episode"] = t.episode
    if t.question_label and t.question_label != "Question":
        out["question_label"] = t.question_label
    if t.finish_observation is not None:
        out["finish_observation"] = t.finish_observation
        if _FINISHED.match(t.finish_observation):
            out["finish_accepted"] = True
        elif _REJECTED.match(t.finish_observation):
            out["finish_accepted"] = False
    if t.bad_calls:
        out["bad_calls"] = [b.strip() for b in t.bad_calls]
    if t.env_record:
        record = {k: v for k, v in t.env_record.items() if k != "traj"}  # the prompt echoed
        if "answer" in record:
            record["env_answer"] = record.pop("answer")
        record.pop("question", None)
        out.update(extras(record, set()))
    return out


def _history_turn(turn: Any) -> dict[str, Any]:
    if isinstance(turn, dict):
        role = str(turn.get("role") or turn.get("type") or "")
        text = turn.get("text", turn.get("content", ""))
        return {"role": {"human": "user", "ai": "assistant"}.get(role, role), "text": str(text)}
    return {"role": None, "text": str(turn)}


def parse_text(path: str, text: str) -> Iterator[dict[str, Any] | IngestError]:
    """Rows of a plain-text log holding one or more transcripts."""
    for first, chunk in split_transcripts(text):
        for t in _split(path, chunk, first):
            yield _to_row(path, t)


def parse_file(path: str) -> Iterator[dict[str, Any] | IngestError]:
    if path.lower().endswith(".ipynb"):
        text = read_text(path)
        if isinstance(text, IngestError):
            yield text
            return
        yield from _parse_records(path, text)
        return
    yield from parse_json_or_text(path, _parse_records, parse_text)


def notebook_output(notebook: dict[str, Any]) -> str:
    """The text a Jupyter notebook's code cells printed (stdout streams), in cell order."""
    parts: list[str] = []
    for cell in notebook.get("cells") or []:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        for output in cell.get("outputs") or []:
            if isinstance(output, dict) and output.get("output_type") == "stream":
                text = output.get("text", "")
                parts.append("".join(text) if isinstance(text, list) else str(text))
    return "".join(parts)


def _parse_records(path: str, text: str) -> Iterator[dict[str, Any] | IngestError]:
    for item in iter_json_records(path, text):
        if isinstance(item, IngestError):
            yield item
            continue
        line, record = item
        if isinstance(record, dict) and isinstance(record.get("cells"), list):
            printed = notebook_output(record)
            if not printed.strip():
                yield IngestError(path, line, "the notebook's cells printed nothing")
                continue
            yield from parse_text(path, printed)
            continue
        if not isinstance(record, dict) or not isinstance(record.get("log"), str):
            yield IngestError(path, line, "expected an object with the transcript in a 'log' field")
            continue
        transcripts = _split(path, record["log"], 1)
        if len(transcripts) != 1:
            yield IngestError(
                path, line, f"the 'log' field holds {len(transcripts)} transcripts; expected one"
            )
            continue
        t = transcripts[0]
        if t.error is not None:
            yield IngestError(path, line, f"log line {t.error.line}: {t.error.message}")
            continue
        yield _to_row(path, t, record, line)


def parse_files(paths: Sequence[str]) -> Iterator[dict[str, Any] | IngestError]:
    for path in paths:
        yield from parse_file(path)
