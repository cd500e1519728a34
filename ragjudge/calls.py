"""The judge call of the batch engines: the judge cache, the rate limits, a timeout and retries
around `Judge.ask`, counted in `RunStats`.

`JudgeCaller` is the `ask` hook the engines hand to `pipeline.judge_record` for LLM judges. The
cache and the limiter are protocols: the local engine uses the SQLite cache and a
`RateLimiter` in its own process; the Ray engine passes actors that hold them for every
worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ragjudge.cache import JudgeCache, cache_key, judge_key, template_key
from ragjudge.errors import JudgeError
from ragjudge.judges.base import Judge
from ragjudge.limits import RetryPolicy, describe, is_retryable, status_code
from ragjudge.templates import load_template
from ragjudge.tokens import estimate_messages
from ragjudge.types import KeyedExample, Message, Reply

if TYPE_CHECKING:
    from ragjudge.triage import TriageSetup


@dataclass
class RunStats:
    """What the batch engine did: judge calls made, cache hits, retries, given-up calls."""

    calls: int = 0
    cache_hits: int = 0
    retries: int = 0
    gave_up: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    #: tokens of the calls actually made by this process (cached replies cost nothing)
    input_tokens: int = 0
    output_tokens: int = 0
    #: the last retry waits chosen, in seconds (kept short: for diagnostics and tests)
    waits: list[float] = field(default_factory=list)
    #: rows each worker process judged, when the run had several (`--workers`)
    per_worker: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        counts: dict[str, Any] = {
            "calls": self.calls,
            "cache_hits": self.cache_hits,
            "retries": self.retries,
            "gave_up": self.gave_up,
            "errors": dict(self.errors),
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
        }
        if self.per_worker:
            counts["rows_per_worker"] = list(self.per_worker)
        return counts

    def add(self, counts: dict[str, Any]) -> None:
        """Add another engine's counts, as `as_dict` gives them (a Ray actor's batch)."""
        self.calls += int(counts.get("calls", 0))
        self.cache_hits += int(counts.get("cache_hits", 0))
        self.retries += int(counts.get("retries", 0))
        self.gave_up += int(counts.get("gave_up", 0))
        self.input_tokens += int(counts.get("input_tokens", 0))
        self.output_tokens += int(counts.get("output_tokens", 0))
        for kind, n in (counts.get("errors") or {}).items():
            self.errors[kind] += int(n)


class CacheBackend(Protocol):
    """Where judge replies are kept between runs: the local SQLite cache, or (Ray engine) an
    actor that owns it on the driver's machine."""

    async def get(self, key: str) -> Reply | None: ...

    async def put(self, key: str, reply: Reply, *, judge: str, template: str) -> None: ...


class LimiterBackend(Protocol):
    """The run's rate limits (`RateLimiter`, or a Ray actor holding one for every worker)."""

    async def acquire(self, estimated_tokens: int) -> None: ...

    def pause(self, seconds: float) -> None: ...

    def settle(self, estimated_tokens: int, actual_tokens: int) -> None: ...


class LocalCache:
    """`JudgeCache` behind the async `CacheBackend` interface.

    A lookup (~10 µs) runs on the event loop: handing it to a thread would cost more. A
    store commits a transaction (~250 µs, mostly waiting for the file system), so it runs on
    a thread of its own while the loop goes on with the other calls; `close` waits for it.
    """

    def __init__(self, cache: JudgeCache) -> None:
        self.cache = cache
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="ragjudge-cache")

    async def get(self, key: str) -> Reply | None:
        return self.cache.get(key)

    async def put(self, key: str, reply: Reply, *, judge: str, template: str) -> None:
        store = functools.partial(self.cache.put, key, reply, judge=judge, template=template)
        await asyncio.get_running_loop().run_in_executor(self._writer, store)

    def close(self) -> None:
        self._writer.shutdown(wait=True)


#: rows under way per call in flight: the next rows are split and rendered while calls are out
ROWS_PER_SLOT = 2


def rows_at_once(concurrency: int, calls: bool, triage: TriageSetup | None = None) -> int:
    """How many rows a batch has under way at once: `ROWS_PER_SLOT` times `concurrency` when
    its rows make calls (an LLM judge, whose `JudgeCaller` slots hold the calls themselves to
    `concurrency`), so the next rows are prepared while calls are out; else `concurrency`:
    rows that make no call, and triage with a budget, where a row decides to spend only when
    its call can go out at once."""
    n = max(1, concurrency)
    ahead = calls and not (triage is not None and triage.plan.budgeted)
    return n * ROWS_PER_SLOT if ahead else n


@contextlib.contextmanager
def steady_heap() -> Iterator[None]:
    """Keep the objects alive when a batch starts (modules, the judge and its client) out of
    the garbage collector's full passes while it runs, and give them back afterwards.

    A full pass walks every tracked object: with LangChain, pydantic and a provider SDK loaded
    that is some 300,000 of them, and each pass stops the event loop for 0.15-0.35 s in which
    no reply is read and no call goes out. Objects made during the batch are collected as
    usual."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


class JudgeCaller:
    """The `ask` hook handed to the pipeline for LLM judges: cache, rate limits, timeout and
    retries around `judge.ask`, counted in `stats`.

    `slots` bounds the requests in flight (`--concurrency`): a call holds a slot only while
    its request is out, not while its row is split and rendered, nor while it waits to retry,
    so the CPU work of the next rows overlaps the calls of the current ones. A cache hit
    takes no slot.
    """

    def __init__(
        self,
        judge: Judge,
        template_name: str,
        *,
        cache: CacheBackend | None,
        limiter: LimiterBackend,
        stats: RunStats,
        policy: RetryPolicy,
        timeout: float | None,
        slots: asyncio.Semaphore | None = None,
    ) -> None:
        self.judge = judge
        self.slots = slots
        self.cache = cache
        self.limiter = limiter
        self.stats = stats
        self.policy = policy
        self.timeout = timeout
        template = load_template(template_name)
        self.template = template_key(template.name, template.version, template.hash)
        self.judge_id = judge_key(judge.identity())

    async def __call__(self, item: KeyedExample, messages: Sequence[Message]) -> Reply:
        key = None
        if self.cache is not None:
            key = cache_key(self.judge_id, self.template, messages)
            hit = await self.cache.get(key)
            if hit is not None:
                self.stats.cache_hits += 1
                return hit
        estimate = estimate_messages(messages)
        attempt = 0
        while True:
            await self.limiter.acquire(estimate)
            self.stats.calls += 1
            try:
                async with self.slots or contextlib.nullcontext():
                    call = self.judge.ask(item, messages)
                    reply = await (asyncio.wait_for(call, self.timeout) if self.timeout else call)
            except Exception as exc:
                kind = describe(exc)
                self.stats.errors[kind] += 1
                if attempt >= self.policy.max_retries or not is_retryable(exc):
                    self.stats.gave_up += 1
                    tries = f"{attempt + 1} attempt{'s' if attempt else ''}"
                    raise JudgeError(f"gave up after {tries} ({kind}): {exc}") from exc
                delay = self.policy.delay(attempt, exc)
                if status_code(exc) == 429:
                    # the limit is the account's, not this call's: hold every call back
                    self.limiter.pause(delay)
                self.stats.retries += 1
                self.stats.waits = [*self.stats.waits[-99:], delay]
                await asyncio.sleep(delay)
                attempt += 1
                continue
            used = reply.usage.input_tokens + reply.usage.output_tokens
            self.limiter.settle(estimate, used)
            self.stats.input_tokens += reply.usage.input_tokens
            self.stats.output_tokens += reply.usage.output_tokens
            if self.cache is not None and key is not None:
                await self.cache.put(key, reply, judge=self.judge_id, template=self.template)
            return reply


__all__ = [
    "CacheBackend",
    "JudgeCaller",
    "LimiterBackend",
    "LocalCache",
    "RunStats",
    "rows_at_once",
    "steady_heap",
]
