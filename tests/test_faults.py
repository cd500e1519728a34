"""Fault injection against the local OpenAI-compatible server, through the real LangChain
client: 429 with Retry-After, 5xx, timeouts, a hung connection, truncated bodies, and a
process killed with SIGKILL mid-run and then resumed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest

from ragjudge.cache import JudgeCache
from ragjudge.cli import main
from ragjudge.dataset import iter_examples
from ragjudge.judges.base import make_judge
from ragjudge.limits import RetryPolicy, describe, is_retryable, parse_retry_after
from ragjudge.runner import RunConfig, RunStats, execute

from .openai_server import Fault, OpenAIServer, question_of, valid_judgment, write_dataset
from .records import judgments_file, read_lines

ROOT = Path(__file__).resolve().parent.parent


class Script:
    """A responder that answers the n-th request about each example with `plan(question, n)`
    (a `Fault`), or with a valid judgment when the plan returns None."""

    def __init__(self, plan: Callable[[str, int], Fault | str | None]) -> None:
        self.plan = plan
        self.seen: Counter[str] = Counter()
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> str | Fault:
        question = question_of(body)
        with self._lock:
            n = self.seen[question]
            self.seen[question] += 1
        answer = self.plan(question, n)
        return valid_judgment(body) if answer is None else answer


def _run(
    script: Script, tmp_path: Path, n: int = 4, **kw: Any
) -> tuple[list[dict[str, Any]], RunStats]:
    data = write_dataset(tmp_path / "data.jsonl", n)
    out = tmp_path / "out"
    with OpenAIServer(script) as server:
        kw.setdefault("retry", RetryPolicy(max_retries=2, base_delay=0.01, max_delay=0.02))
        config = RunConfig(
            judge=make_judge("openai:m", base_url=server.base_url, timeout=5),
            quiet=True,
            dataset=str(data),
            use_cache=False,
            concurrency=3,
            **kw,
        )
        _, stats = execute(iter_examples(data), out, config)
    records = read_lines(out)
    assert [r["index"] for r in records] == list(range(n))
    return records, stats


def test_429_honours_retry_after(tmp_path: Path) -> None:
    script = Script(lambda q, n: Fault(429, headers={"Retry-After": "0.05"}) if n == 0 else None)
    records, stats = _run(script, tmp_path)
    assert {r["status"] for r in records} == {"ok"}
    assert set(script.seen.values()) == {2}
    assert stats.errors == {"http_429": 4} and stats.retries == 4
    assert stats.waits == [0.05] * 4  # the server's wait, not the (tiny) backoff


def test_retry_after_as_http_date_and_cap() -> None:
    now = datetime(2030, 1, 1, 12, 0, 0, tzinfo=UTC)
    later = format_datetime(datetime(2030, 1, 1, 12, 0, 30, tzinfo=UTC), usegmt=True)
    assert parse_retry_after(later, now=now.timestamp()) == pytest.approx(30)
    assert parse_retry_after("Mon, 01 Jan 2001 00:00:00 GMT") == 0.0  # in the past
    assert parse_retry_after("7") == 7.0
    assert parse_retry_after("soon") is None and parse_retry_after(None) is None

    request = httpx.Request("POST", "http://127.0.0.1/v1/chat/completions")
    response = httpx.Response(429, headers={"Retry-After": "3600"}, request=request)
    exc = openai.RateLimitError("slow down", response=response, body=None)
    assert RetryPolicy(retry_after_cap=2.5).delay(0, exc) == 2.5
    millis = httpx.Response(429, headers={"retry-after-ms": "250"}, request=request)
    assert RetryPolicy().delay(0, openai.RateLimitError("x", response=millis, body=None)) == 0.25


def test_error_classification_with_real_client_errors() -> None:
    request = httpx.Request("POST", "http://127.0.0.1/v1/chat/completions")

    def status(code: int) -> openai.APIStatusError:
        response = httpx.Response(code, request=request)
        return openai.APIStatusError("x", response=response, body=None)

    assert is_retryable(status(500)) and is_retryable(status(503)) and is_retryable(status(429))
    assert not is_retryable(status(400)) and not is_retryable(status(401))
    assert is_retryable(openai.APITimeoutError(request=request))
    assert is_retryable(openai.APIConnectionError(request=request))
    assert is_retryable(TimeoutError()) and is_retryable(json.JSONDecodeError("x", "{", 1))
    assert not is_retryable(ValueError("bad model name"))
    assert describe(openai.APITimeoutError(request=request)) == "timeout"
    assert describe(status(502)) == "http_502"


def test_backoff_grows_with_jitter_and_reads_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    policy = RetryPolicy(base_delay=1.0, max_delay=5.0)
    for attempt, step in ((0, 1.0), (1, 2.0), (2, 4.0), (6, 5.0)):
        delays = [policy.delay(attempt) for _ in range(50)]
        assert all(step / 2 <= d <= step for d in delays)
        assert len(set(delays)) > 1
    monkeypatch.setenv("RAGJUDGE_RETRY_BASE_DELAY", "0.001")
    assert RetryPolicy.from_env(3) == RetryPolicy(3, 0.001, 60.0)


def test_5xx_is_retried_and_one_hopeless_example_fails_alone(tmp_path: Path) -> None:
    def plan(question: str, n: int) -> Fault | None:
        if question == "Question number 2?":
            return Fault(503)
        return Fault(500) if n < 2 else None

    records, stats = _run(Script(plan), tmp_path)
    assert [r["status"] for r in records] == ["ok", "ok", "failed", "ok"]
    assert "gave up after 3 attempts (http_503)" in records[2]["error"]
    assert stats.gave_up == 1 and stats.errors == {"http_500": 6, "http_503": 3}


def test_client_error_is_not_retried(tmp_path: Path) -> None:
    script = Script(lambda q, n: Fault(400, body='{"error": {"message": "bad request"}}'))
    records, stats = _run(script, tmp_path, n=2)
    assert {r["status"] for r in records} == {"failed"}
    assert set(script.seen.values()) == {1} and stats.retries == 0


def test_slow_reply_times_out_and_is_retried(tmp_path: Path) -> None:
    script = Script(lambda q, n: Fault(200, delay=1.0) if n == 0 else None)
    records, stats = _run(script, tmp_path, n=3, timeout=0.3)
    assert {r["status"] for r in records} == {"ok"}
    assert stats.errors == {"timeout": 3}


def test_hung_connection_is_abandoned(tmp_path: Path) -> None:
    script = Script(lambda q, n: Fault(hang=True) if n == 0 else None)
    records, stats = _run(script, tmp_path, n=3, timeout=0.3)
    assert {r["status"] for r in records} == {"ok"}
    assert stats.errors == {"timeout": 3}


def test_truncated_response_body_is_retried(tmp_path: Path) -> None:
    # a body cut short in transit is a transport error: ask again, do not spend a repair turn
    script = Script(lambda q, n: Fault(truncate=True) if n == 0 else None)
    records, stats = _run(script, tmp_path, n=3)
    assert {r["status"] for r in records} == {"ok"}
    assert stats.errors == {"truncated": 3}
    assert all(len(r["replies"]) == 1 for r in records)


def test_truncated_judgment_text_goes_to_the_repair_turn(tmp_path: Path) -> None:
    # a complete HTTP reply whose *content* is cut-off JSON is the model's answer: repaired
    def plan(question: str, n: int) -> str | None:
        return '{"relevance_explanation": "The first doc' if n == 0 else None

    records, stats = _run(Script(plan), tmp_path, n=2)
    assert {r["status"] for r in records} == {"repaired"}
    assert stats.retries == 0 and all(len(r["replies"]) == 2 for r in records)


def test_kill_9_mid_run_then_resume(tmp_path: Path) -> None:
    n = 40
    data = write_dataset(tmp_path / "data.jsonl", n)
    out = tmp_path / "runs" / "out"
    judgments = judgments_file(out)
    with OpenAIServer(valid_judgment, latency=0.1) as server:
        args = ["eval", str(data), "--judge", "openai:m", "--base-url", server.base_url]
        args += ["--out", str(out), "--concurrency", "2", "--quiet"]
        env = {**os.environ, "RAGJUDGE_RETRY_BASE_DELAY": "0.01"}
        proc = subprocess.Popen([sys.executable, "-m", "ragjudge", *args], cwd=ROOT, env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            if judgments.exists() and judgments.read_bytes().count(b"\n") >= 5:
                break
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        finished = set()
        for line in judgments.read_bytes().split(b"\n")[:-1]:  # complete lines only
            finished.add(json.loads(line)["id"])
        assert 5 <= len(finished) < n, "the run must be killed part-way"
        with JudgeCache(tmp_path / "runs" / ".ragjudge-cache.sqlite") as cache:
            paid = len(cache)
        before = len(server.requests)
        assert main(args) == 0
        again = Counter(question_of(body) for body in server.requests[before:])

    records = [json.loads(x) for x in judgments.read_text().splitlines()]
    assert [r["id"] for r in records] == [f"ex-{i}" for i in range(n)]
    assert {r["status"] for r in records} == {"ok"}
    asked_again = {f"ex-{q.split()[-1].rstrip('?')}" for q in again}
    assert not asked_again & finished  # nothing that had finished was judged again
    # every reply received before the kill was in the cache: only the rest was asked, once
    assert sum(again.values()) == n - paid and set(again.values()) == {1}
