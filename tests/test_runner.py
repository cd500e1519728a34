"""The batch engine against a local OpenAI-compatible server: order, concurrency, cache reruns,
resume, refusal of a foreign run folder, progress, pricing and rate-limit buckets."""

from __future__ import annotations

import asyncio
import io
import json
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ragjudge.cli import main
from ragjudge.dataset import iter_examples
from ragjudge.errors import UsageError
from ragjudge.judges.base import make_judge
from ragjudge.limits import RetryPolicy, TokenBucket
from ragjudge.pricing import Price, cost_usd, lookup, parse_price, pricing_for
from ragjudge.progress import Progress, count_rows
from ragjudge.runfolder import RunFolder
from ragjudge.runner import JudgeRecipe, RunConfig, RunStats, execute, run

from .openai_server import OpenAIServer, question_of, valid_judgment, write_dataset
from .records import judgments_file, read_records

FAST = RetryPolicy(max_retries=2, base_delay=0.01, max_delay=0.02)


def _config(server: OpenAIServer, data: Path, cache: Path | None, **kw: Any) -> RunConfig:
    judge = make_judge("openai:m", base_url=server.base_url, timeout=5)
    return RunConfig(
        judge=judge,
        quiet=True,
        dataset=str(data),
        cache=cache,
        use_cache=cache is not None,
        retry=FAST,
        **kw,
    )


def _execute(
    server: OpenAIServer, data: Path, out: Path, cache: Path | None, **kw: Any
) -> tuple[dict[str, Any], RunStats]:
    return execute(iter_examples(data), out, _config(server, data, cache, **kw))


def _asked(server: OpenAIServer) -> Counter[str]:
    return Counter(question_of(body) for body in server.requests)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return write_dataset(tmp_path / "data.jsonl", 12)


def test_records_come_out_in_input_order_with_bounded_concurrency(
    tmp_path: Path, data: Path
) -> None:
    with OpenAIServer(valid_judgment, latency=0.02) as server:
        info, stats = _execute(server, data, tmp_path / "out", None, concurrency=4)
    records = read_records(tmp_path / "out")
    assert [r.index for r in records] == list(range(12))
    assert [r.id for r in records] == [f"ex-{i}" for i in range(12)]
    assert {r.status for r in records} == {"ok"}
    assert 1 < server.max_active <= 4
    assert stats.calls == 12 and info["engine"]["calls"] == 12
    assert info["usage"] == {
        "input_tokens": 1200,
        "output_tokens": 600,
        "estimated": False,
        "cost_usd": None,
    }


def test_rerun_with_the_cache_makes_no_judge_call(tmp_path: Path, data: Path) -> None:
    cache = tmp_path / "cache.sqlite"
    with OpenAIServer(valid_judgment) as server:
        _execute(server, data, tmp_path / "first", cache)
        assert len(server.requests) == 12
        server.requests.clear()
        info, stats = _execute(server, data, tmp_path / "second", cache)
    assert server.requests == [] and stats.calls == 0 and stats.cache_hits == 12
    first, second = read_records(tmp_path / "first"), read_records(tmp_path / "second")
    assert all(r.cached for r in second) and not any(r.cached for r in first)
    assert [r.judgment for r in first] == [r.judgment for r in second]
    # the judgment's recorded cost stays what it was; this run spent nothing
    assert info["usage"]["input_tokens"] == 1200 and info["engine"]["input_tokens"] == 0


def test_repair_turns_are_cached_too(tmp_path: Path, data: Path) -> None:
    def responder(body: dict[str, Any]) -> str:
        repairing = any(m["role"] == "assistant" for m in body["messages"])
        return valid_judgment(body) if repairing else "I think it is fine."

    cache = tmp_path / "cache.sqlite"
    with OpenAIServer(responder) as server:
        _execute(server, data, tmp_path / "first", cache)
        assert len(server.requests) == 24
        server.requests.clear()
        _execute(server, data, tmp_path / "second", cache)
    assert server.requests == []
    records = read_records(tmp_path / "second")
    assert {r.status for r in records} == {"repaired"}
    assert all(len(r.replies) == 2 and r.cached for r in records)


def _in_workers(
    server: OpenAIServer, data: Path, out: Path, cache: Path | None, workers: int, **kw: Any
) -> tuple[dict[str, Any], RunStats]:
    options = {"base_url": server.base_url, "timeout": 5}
    config = _config(server, data, cache, workers=workers, **kw)
    return execute(iter_examples(data), out, config, recipe=JudgeRecipe("openai:m", options))


def test_worker_processes_share_the_calls_one_cache_and_one_output(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 40)
    cache = tmp_path / "cache.sqlite"
    with OpenAIServer(valid_judgment, latency=0.05) as server:
        _in_workers(server, data, tmp_path / "one", None, 1, concurrency=6)
        server.max_active = 0
        server.requests.clear()
        info, stats = _in_workers(server, data, tmp_path / "two", cache, 2, concurrency=6)
        assert len(server.requests) == 40 and 1 < server.max_active <= 6
        per_worker = info["engine"]["rows_per_worker"]
        assert len(per_worker) == 2 and min(per_worker) > 0 and sum(per_worker) == 40
        assert stats.calls == 40 and info["options"]["workers"] == 2

        server.requests.clear()
        _, stats = _in_workers(server, data, tmp_path / "again", cache, 2, concurrency=6)
    assert server.requests == [] and stats.cache_hits == 40  # both workers read the one cache
    one, two = read_records(tmp_path / "one"), read_records(tmp_path / "two")
    assert [r.index for r in two] == list(range(40))
    assert [replace(r, latency_s=0.0) for r in one] == [replace(r, latency_s=0.0) for r in two]
    assert all(r.cached for r in read_records(tmp_path / "again"))


def test_one_rate_limit_holds_every_worker(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 8)
    times: list[float] = []

    def respond(body: dict[str, Any]) -> str:
        times.append(time.monotonic())
        return valid_judgment(body)

    with OpenAIServer(respond) as server:
        _in_workers(server, data, tmp_path / "out", None, 2, concurrency=4, rpm=120)
    # 2 requests a second for the job: after a burst of 2, 6 more take about 3 s; a limit per
    # worker would let the two finish in half that
    assert len(times) == 8 and times[-1] - times[0] >= 2.5


def test_workers_need_a_judge_they_can_build(tmp_path: Path, data: Path) -> None:
    with OpenAIServer(valid_judgment) as server, pytest.raises(UsageError, match="by name"):
        _execute(server, data, tmp_path / "out", None, workers=2)


def test_offline_judge_opens_no_cache(tmp_path: Path, data: Path) -> None:
    config = RunConfig(judge=make_judge("offline"), quiet=True, dataset=str(data))
    info, stats = execute(iter_examples(data), tmp_path / "runs" / "a", config)
    assert not (tmp_path / "runs" / ".ragjudge-cache.sqlite").exists()
    assert stats.calls == 0 and info["examples"] == 12
    assert info["pricing"]["source"] == "free" and info["usage"]["cost_usd"] == 0.0


def test_resume_judges_only_what_is_missing(tmp_path: Path, data: Path) -> None:
    out = tmp_path / "out"
    with OpenAIServer(valid_judgment) as server:
        _execute(server, data, out, None, limit=5)
        server.requests.clear()
        info, _ = _execute(server, data, out, None)  # no cache: resume alone must skip them
    assert sorted(_asked(server)) == sorted(f"Question number {i}?" for i in range(5, 12))
    assert [r.index for r in read_records(out)] == list(range(12))
    assert info["resumed"] == 5 and info["examples"] == 12
    assert not RunFolder(out).resume_partial.exists()


def test_resume_discards_a_truncated_last_line_and_redoes_failures(
    tmp_path: Path, data: Path
) -> None:
    out = tmp_path / "out"
    with OpenAIServer(valid_judgment) as server:
        _execute(server, data, out, None)
        judgments = judgments_file(out)
        lines = judgments.read_text().splitlines(keepends=True)
        failed = json.loads(lines[3]) | {"status": "failed", "error": "judge call failed"}
        lines[3] = json.dumps(failed) + "\n"
        judgments.write_text("".join(lines[:-1]) + lines[-1][:40])
        server.requests.clear()
        _execute(server, data, out, None)
    assert sorted(_asked(server)) == ["Question number 11?", "Question number 3?"]
    records = read_records(out)
    assert [r.index for r in records] == list(range(12))
    assert {r.status for r in records} == {"ok"}


def test_an_interrupted_resume_is_folded_back_in(tmp_path: Path, data: Path) -> None:
    out = tmp_path / "out"
    with OpenAIServer(valid_judgment) as server:
        _execute(server, data, out, None)
        judgments = judgments_file(out)
        lines = judgments.read_text().splitlines(keepends=True)
        # the main file got 0–5; a resume that was killed had rewritten 0–3 and added 8–9
        judgments.write_text("".join(lines[:6]))
        RunFolder(out).resume_partial.write_text("".join(lines[:4] + lines[8:10]))
        server.requests.clear()
        _execute(server, data, out, None)
    assert sorted(_asked(server)) == [f"Question number {i}?" for i in (10, 11, 6, 7)]
    assert [r.index for r in read_records(out)] == list(range(12))
    assert not RunFolder(out).resume_partial.exists()


def test_a_folder_of_another_run_is_refused_unless_overwritten(tmp_path: Path, data: Path) -> None:
    out = tmp_path / "out"
    other = write_dataset(tmp_path / "other.jsonl", 3, start=100)
    with OpenAIServer(valid_judgment) as server:
        _execute(server, data, out, None, limit=2)
        with pytest.raises(UsageError, match=r"different run.*dataset"):
            _execute(server, other, out, None)
        offline = RunConfig(judge=make_judge("offline"), quiet=True, dataset=str(data))
        with pytest.raises(UsageError, match="judge"):
            execute(iter_examples(data), out, offline)
        info, _ = _execute(server, other, out, None, overwrite=True)
    assert [r.id for r in read_records(out)] == ["ex-100", "ex-101", "ex-102"]
    assert info["resumed"] == 0


def test_run_builds_reports_with_the_cost(tmp_path: Path, data: Path) -> None:
    with OpenAIServer(valid_judgment) as server:
        config = _config(server, data, None, price=Price(1.0, 2.0), limit=3)
        summary = run(iter_examples(data), tmp_path / "out", config)
    # 3 calls × (100 in, 50 out) tokens at $1 / $2 per million
    assert summary["usage"]["cost_usd"] == pytest.approx(0.0006)
    info = json.loads((tmp_path / "out" / "run.json").read_text())
    assert info["pricing"]["source"] == "override" and info["status"] == "complete"
    assert (tmp_path / "out" / "summary.json").is_file()


def test_cli_batch_options(tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    with OpenAIServer(valid_judgment) as server:
        args = ["eval", str(data), "--judge", "openai:m", "--base-url", server.base_url]
        args += ["--out", str(out), "--concurrency", "3", "--rpm", "60000", "--tpm", "1e9"]
        args += ["--max-retries", "1", "--price", "input=0.5,output=1.5", "--progress", "log"]
        assert main([*args, "--limit", "4"]) == 0
        assert main(args) == 0  # the same command again: resumes
        assert len(server.requests) == 12
        assert main([*args, "--no-cache", "--overwrite", "--quiet"]) == 0
        assert len(server.requests) == 24
        assert main([*args, "--price", "free"]) == 2
    err = capsys.readouterr().err
    assert "ragjudge: 12/12 (100%)" in err and "4 resumed" in err
    assert "--price 'free'" in err
    info = json.loads((out / "run.json").read_text())
    assert info["options"]["rpm"] == 60000 and info["options"]["max_retries"] == 1
    assert info["pricing"]["input_usd_per_mtok"] == 0.5
    assert (tmp_path / ".ragjudge-cache.sqlite").is_file()


# --- pricing, progress and buckets ---------------------------------------------------------


def test_price_table_lookup_and_override() -> None:
    assert lookup("gpt-4o-mini-2024-07-18") == lookup("gpt-4o-mini") == Price(0.15, 0.60)
    assert lookup("gpt-4o-2024-08-06") == Price(2.50, 10.00)
    assert lookup("openai/gpt-4.1-nano") == Price(0.10, 0.40)
    assert lookup("my-local-model") is None
    assert parse_price("input=3, output=15") == Price(3.0, 15.0)
    assert parse_price("in=1") == Price(1.0, 1.0)
    for bad in ("output=1", "input=x", "input=-1", "cost=2"):
        with pytest.raises(UsageError):
            parse_price(bad)
    block = pricing_for({"kind": "llm", "model": "gpt-4o-mini"})
    assert block["source"] == "table"
    assert cost_usd(1_000_000, 1_000_000, block) == pytest.approx(0.75)
    assert cost_usd(10, 10, pricing_for({"kind": "llm", "model": "unknown"})) is None


def test_count_rows_jsonl_and_parquet(tmp_path: Path, data: Path) -> None:
    import pandas as pd

    assert count_rows(data) == 12
    frame = pd.DataFrame({"question": ["a", "b", "c"]})
    frame.to_parquet(tmp_path / "d.parquet")
    assert count_rows(tmp_path / "d.parquet") == 3
    assert count_rows(tmp_path / "d.csv") is None
    assert count_rows(tmp_path / "missing.jsonl") is None


def test_progress_log_lines_and_bar() -> None:
    stream = io.StringIO()
    progress = Progress(4, mode="log", stream=stream, log_every_s=0)
    progress.update("ok", tokens=15)
    progress.update("failed", cached=True)
    progress.update("ok", resumed=True)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 3 and lines[0].startswith("ragjudge: 1/4 (25%)")
    assert "1 failed, 1 cached, 1 resumed" in lines[-1] and "15 tokens" in lines[-1]
    assert "ETA" in lines[-1]
    bar = io.StringIO()
    quiet = Progress(2, mode="bar", stream=bar, bar_every_s=0)
    quiet.update("ok")
    quiet.close()
    assert bar.getvalue().startswith("\r") and "[############" in bar.getvalue()
    assert Progress(None, stream=io.StringIO()).mode == "log"  # not a terminal


def test_token_bucket_debt_and_settling() -> None:
    async def scenario() -> tuple[float, float]:
        bucket = TokenBucket(rate=1e-6, capacity=100)
        await bucket.take(30)
        after_take = bucket.level
        bucket.adjust(500)  # the call used far more than estimated: the bucket owes tokens
        return after_take, bucket.level

    after_take, after_adjust = asyncio.run(scenario())
    assert after_take == pytest.approx(70, abs=0.01)
    assert after_adjust == pytest.approx(-430, abs=0.01)


def test_a_call_slot_is_held_only_while_the_request_is_out(tmp_path: Path) -> None:
    """`--concurrency` bounds requests in flight: with one slot, two calls go out one after
    the other, and a reply already in the cache comes back while the slot is taken."""
    from ragjudge.cache import JudgeCache
    from ragjudge.calls import JudgeCaller, LocalCache
    from ragjudge.limits import RateLimiter
    from ragjudge.prompt import render
    from ragjudge.sentences import key_example
    from ragjudge.templates import DEFAULT_TEMPLATE
    from ragjudge.types import Example

    data = write_dataset(tmp_path / "data.jsonl", 3)
    items = [key_example(e) for e in iter_examples(data) if isinstance(e, Example)]
    prompts = [render(item).messages for item in items]
    cache = LocalCache(JudgeCache(tmp_path / "cache.sqlite"))
    with OpenAIServer(valid_judgment, latency=0.3) as server:
        caller = JudgeCaller(
            make_judge("openai:m", base_url=server.base_url, timeout=5),
            DEFAULT_TEMPLATE,
            cache=cache,
            limiter=RateLimiter(None, None),
            stats=RunStats(),
            policy=FAST,
            timeout=None,
            slots=asyncio.Semaphore(1),
        )

        async def scenario() -> list[str]:
            await caller(items[2], prompts[2])  # fills the cache for the third row
            finished: list[str] = []

            async def ask(name: str, n: int) -> None:
                await caller(items[n], prompts[n])
                finished.append(name)

            await asyncio.gather(ask("first", 0), ask("second", 1), ask("cached", 2))
            return finished

        try:
            order = asyncio.run(scenario())
        finally:
            cache.close()
        assert len(server.requests) == 3  # the cached row's request went out once only
        assert server.max_active == 1
    assert caller.stats.cache_hits == 1
    assert order == ["cached", "first", "second"]


def test_the_heap_is_frozen_while_a_batch_runs_and_given_back(tmp_path: Path, data: Path) -> None:
    import gc

    frozen_during: list[int] = []

    def answer(body: dict[str, Any]) -> str:
        # the server runs in this process: it sees the batch's heap
        frozen_during.append(gc.get_freeze_count())
        return valid_judgment(body)

    assert gc.get_freeze_count() == 0
    with OpenAIServer(answer) as server:
        _execute(server, data, tmp_path / "out", None, concurrency=4)
    assert len(frozen_during) == 12
    # the objects alive when the batch started (modules, the judge) sat out of full passes
    assert min(frozen_during) > 10_000
    assert gc.get_freeze_count() == 0


def test_a_frozen_heap_still_collects_what_the_batch_makes() -> None:
    import gc
    import weakref

    from ragjudge.calls import steady_heap

    class Node:
        other: Any = None

    with steady_heap():
        assert gc.get_freeze_count() > 0
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: only the collector frees it
        gone = weakref.ref(a)
        del a, b
        gc.collect()
        assert gone() is None
    assert gc.get_freeze_count() == 0
