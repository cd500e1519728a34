"""Helpers for testing a RAG system with pytest: `assert_grounded` and dataset parameters.

`assert_grounded` judges one answer (offline by default, so a test suite needs no API key; any
judge `check` takes, LangChain model objects included) and fails with a message that lists each
unsupported sentence next to the closest evidence in the documents. An LLM judge is called
through the judge cache, so a CI run pays only for the answers that changed. `dataset_params`
turns a dataset file into `pytest.param`s, one per example. The
pytest plugin (`ragjudge.pytest_plugin`) adds the `ragjudge_judge` fixture and the
`ragjudge_dataset` marker on top of these.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ragjudge.record import Record, SentenceResult

#: the evidence text shown in a failure message is cut to this many characters
_EVIDENCE_WIDTH = 160
_WORD = re.compile(r"\w+", re.UNICODE)
#: kana and CJK ideographs: Japanese has no spaces, so such runs are compared by character pairs
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]+")
#: words too common to make two sentences related
_STOPWORDS = frozenset(
    (
        "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "in",
        "is", "it", "its", "of", "on", "or", "that", "the", "this", "to", "was", "were",
        "will", "with",
    )
)  # fmt: skip


def assert_grounded(
    question: str,
    documents: Sequence[Any],
    response: str,
    *,
    judge: Any = "offline",
    min_supported_ratio: float = 1.0,
    **judge_options: Any,
) -> Record:
    """Judge `response` against `documents` and fail unless it is grounded enough.

    `documents` are strings, dicts or LangChain documents (as `ragjudge.api.check` accepts
    them) or the `ragjudge.types.Document`s of an `Example`; `judge` is a spec (`"offline"`,
    `"openai:gpt-4o-mini"`, …), a judge object or a LangChain model object
    (`ChatOpenAI(...)`), and `judge_options` go to `check` (`history`, `cache`, `timeout`,
    `max_retries`, `rpm`, `prompt`, and for a spec `base_url`, `temperature`, …). The call
    goes through the judge cache, retries and limits of a batch. The check passes when
    the fraction of supported response sentences is at least `min_supported_ratio` (1.0: every
    sentence). An example the judge could not judge (status `failed`/`invalid_input`) fails.

    Raises `AssertionError` whose message names each unsupported sentence, e.g.
    ``b: 'The default port is 8080.' — closest evidence 0c: 'The port defaults to 9090.'``.
    Returns the judged `Record` (one line of `judgments.jsonl`) so a test can look further.
    """
    __tracebackhide__ = True  # pytest then shows the message, not this helper's frame
    from ragjudge.api import check

    docs = [_as_input(document) for document in documents]
    record = check(question, docs, response, judge=judge, **judge_options)
    problem = grounding_problem(record, min_supported_ratio=min_supported_ratio)
    if problem is not None:
        raise AssertionError(problem)
    return record


def _as_input(document: Any) -> Any:
    # an Example's own documents (from the dataset marker) go back in as plain dicts
    from ragjudge.types import Document

    if isinstance(document, Document):
        found = {"text": document.text, "title": document.title, "url": document.url}
        return {k: v for k, v in found.items() if v is not None} | dict(document.metadata)
    return document


def grounding_problem(record: Record, *, min_supported_ratio: float = 1.0) -> str | None:
    """The failure message `assert_grounded` would raise for a judged `record`, or None when
    the record is grounded enough. Useful for collecting problems over many records."""
    if not record.status.scored:
        reason = record.error or "no reason recorded"
        return f"the answer could not be judged (status {record.status.value}): {reason}"
    sentences = record.sentences
    unsupported = record.unsupported_sentences()
    if record.scores is not None:
        ratio = record.scores.supported_ratio
    else:
        ratio = 1.0 - len(unsupported) / len(sentences) if sentences else 1.0
    if ratio >= min_supported_ratio - 1e-9:
        return None

    evidence = {key: text for doc in record.documents for key, text in doc.sentences}
    lines = [
        f"answer not grounded: supported_ratio {ratio:.2f} < required {min_supported_ratio:.2f} "
        f"({len(unsupported)} of {len(sentences)} sentences unsupported)"
    ]
    for sentence in unsupported:
        line = f"  {sentence.key}: {sentence.text!r} — {_closest_evidence(sentence, evidence)}"
        if sentence.explanation:
            line += f" (judge: {sentence.explanation})"
        lines.append(line)
    return "\n".join(lines)


def _closest_evidence(sentence: SentenceResult, evidence: Mapping[str, str]) -> str:
    # The judge's own citations come first: they say what it compared the sentence with.
    cited = [k for k in sentence.supporting_keys if k in evidence]
    if cited:
        key = cited[0]
        return f"cited evidence {key}: {_shorten(evidence[key])!r}"
    words = _tokens(sentence.text)
    best_key, best_score = None, 0.0
    for key, text in evidence.items():
        other = _tokens(text)
        if not words or not other:
            continue
        score = len(words & other) / len(words | other)
        if score > best_score:
            best_key, best_score = key, score
    if best_key is None:
        return "no related sentence in the documents"
    return f"closest evidence {best_key}: {_shorten(evidence[best_key])!r}"


def _tokens(text: str) -> set[str]:
    lowered = text.lower()
    tokens = {w for w in _WORD.findall(_CJK.sub(" ", lowered)) if w not in _STOPWORDS}
    for run in _CJK.findall(lowered):
        tokens.update(run[i : i + 2] for i in range(max(len(run) - 1, 1)))
    return tokens


def _shorten(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _EVIDENCE_WIDTH else text[: _EVIDENCE_WIDTH - 1] + "…"


def dataset_params(path: str | Path, *, skip_errors: bool = False) -> list[Any]:
    """One `pytest.param(example, id=example.id)` per row of a dataset file, for
    `@pytest.mark.parametrize("example", dataset_params("data.jsonl"))`.

    A row that cannot be read raises `ragjudge.errors.InputError` naming it (the test module
    then fails to collect), or with `skip_errors` becomes a skipped parameter with the reason.
    """
    import pytest

    from ragjudge.dataset import load_examples
    from ragjudge.errors import InputError

    examples, errors = load_examples(path)
    if errors and not skip_errors:
        listed = "; ".join(f"row {e.source.row}: {e.message}" for e in errors[:5])
        more = f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
        raise InputError(f"{path}: {len(errors)} unreadable rows: {listed}{more}")
    params = [pytest.param(example, id=str(example.id)) for example in examples]
    params += [
        pytest.param(error, id=f"row-{error.source.row}", marks=pytest.mark.skip(error.message))
        for error in errors
    ]
    return params
