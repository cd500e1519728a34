"""Stages 2 to 6 on a Ray cluster: the judge actors, and the actor that holds what they share.

`JudgeWorker` is the `map_batches` class of the Ray engine. Each actor builds its judge once,
then judges the rows of every batch it is handed concurrently on its own event loop (Ray
Data runs several batches of an async actor at once), so one CPU slot keeps many LLM calls in
flight. Each row goes through the same `pipeline.record_for` as on the local engine; the
record gains the node that judged it (`worker`) and leaves as a shard line.

`Coordinator` is one async actor, placed on the driver's node, that holds the run's judge
cache (the SQLite file beside the run folder) and its rate limits, so `--rpm` / `--tpm` bound
the whole job, not each worker. `--concurrency` is split between the actors: each keeps at
most its share of calls in flight.
"""

from __future__ import annotations

import asyncio
import json
import os
import pickle
from dataclasses import dataclass, field, replace
from typing import Any

import ray

from ragjudge.cache import JudgeCache
from ragjudge.calls import JudgeCaller, RunStats, rows_at_once
from ragjudge.cluster.shards import header_for, shard_line
from ragjudge.judges.base import make_judge
from ragjudge.limits import RateLimiter, RetryPolicy
from ragjudge.pipeline import PipelineOptions
from ragjudge.record import Record
from ragjudge.runfolder import record_line
from ragjudge.triage import RowFn, TriageSetup, row_function
from ragjudge.types import Reply


@dataclass(frozen=True)
class WorkerSettings:
    """What every judge actor is built from (sent to each actor once)."""

    judge_spec: str | None
    judge_options: dict[str, Any]
    pipeline: PipelineOptions
    #: calls in flight per actor (its share of --concurrency)
    share: int
    policy: RetryPolicy
    timeout: float | None
    #: whether the coordinator enforces --rpm / --tpm
    limited: bool = False
    #: whether the coordinator holds a judge cache (no round trip to it otherwise)
    cached: bool = False
    #: environment the judge needs on every node (provider base URL and key)
    env: dict[str, str] = field(default_factory=dict)
    #: a triaged run: the offline screen and which rows it escalates (`ragjudge.triage`),
    #: with the run's pricing for its budget
    triage: TriageSetup | None = None
    pricing: dict[str, Any] | None = None


class Coordinator:
    """The judge cache and the rate limits of a run, shared by every judge actor."""

    def __init__(self, cache_path: str | None, rpm: float | None, tpm: float | None) -> None:
        self.cache = JudgeCache(cache_path) if cache_path else None
        self.limiter = RateLimiter(rpm, tpm)
        #: what escalated calls have cost, for a triage budget
        self.spent = 0.0

    async def add_spent(self, usd: float) -> None:
        self.spent += usd

    async def total_spent(self) -> float:
        return self.spent

    async def get(self, key: str) -> Reply | None:
        return self.cache.get(key) if self.cache is not None else None

    async def put(self, key: str, reply: Reply, judge: str, template: str) -> None:
        if self.cache is not None:
            self.cache.put(key, reply, judge=judge, template=template)

    async def acquire(self, estimated_tokens: int) -> None:
        await self.limiter.acquire(estimated_tokens)

    async def pause(self, seconds: float) -> None:
        self.limiter.pause(seconds)

    async def settle(self, estimated_tokens: int, actual_tokens: int) -> None:
        self.limiter.settle(estimated_tokens, actual_tokens)

    async def close(self) -> None:
        if self.cache is not None:
            self.cache.close()
            self.cache = None


class _RemoteCache:
    def __init__(self, coordinator: Any) -> None:
        self.coordinator = coordinator

    async def get(self, key: str) -> Reply | None:
        reply: Reply | None = await self.coordinator.get.remote(key)
        return reply

    async def put(self, key: str, reply: Reply, *, judge: str, template: str) -> None:
        await self.coordinator.put.remote(key, reply, judge, template)


class _RemoteLimiter:
    """The coordinator's limits; a 429 pause also holds this actor's own calls at once."""

    def __init__(self, coordinator: Any, limited: bool) -> None:
        self.coordinator = coordinator
        self.limited = limited
        self.local = RateLimiter(None, None)

    async def acquire(self, estimated_tokens: int) -> None:
        await self.local.acquire(estimated_tokens)
        if self.limited:
            await self.coordinator.acquire.remote(estimated_tokens)

    def pause(self, seconds: float) -> None:
        self.local.pause(seconds)
        if self.limited:
            self.coordinator.pause.remote(seconds)

    def settle(self, estimated_tokens: int, actual_tokens: int) -> None:
        if self.limited:
            self.coordinator.settle.remote(estimated_tokens, actual_tokens)


class _RemoteLedger:
    """The coordinator's account of a triage budget, shared by every judge actor."""

    def __init__(self, coordinator: Any) -> None:
        self.coordinator = coordinator

    async def add(self, usd: float) -> None:
        await self.coordinator.add_spent.remote(usd)

    async def total(self) -> float:
        spent: float = await self.coordinator.total_spent.remote()
        return spent


#: the status column of a row that was not judged again (its record is from an earlier run)
KEPT = "kept"


class JudgeWorker:
    """Judges batches of rows from `ExampleSource`; returns shard lines and counts."""

    def __init__(self, settings: WorkerSettings, coordinator: Any = None) -> None:
        os.environ.update(settings.env)
        self.settings = settings
        self.judge = make_judge(settings.judge_spec, **settings.judge_options)
        self.node = ray.get_runtime_context().get_node_id()
        self.coordinator = coordinator
        # the actor's calls in flight (its share of --concurrency), over every batch it holds
        self.slots = asyncio.Semaphore(max(1, settings.share))
        # (rows that make no call skip it: see `judge_row`)
        self.rows = asyncio.Semaphore(rows_at_once(settings.share, True, settings.triage))

    def _caller(self, stats: RunStats) -> JudgeCaller | None:
        if not self.judge.uses_prompt:
            return None
        s = self.settings
        return JudgeCaller(
            self.judge,
            s.pipeline.template,
            cache=_RemoteCache(self.coordinator)
            if self.coordinator is not None and s.cached
            else None,
            limiter=_RemoteLimiter(self.coordinator, s.limited)
            if self.coordinator is not None
            else RateLimiter(None, None),
            stats=stats,
            policy=s.policy,
            timeout=s.timeout,
            slots=self.slots,
        )

    def _row(self, caller: JudgeCaller | None) -> RowFn:
        s = self.settings
        escalation = None
        if s.triage is not None:
            ledger = _RemoteLedger(self.coordinator) if self.coordinator is not None else None
            escalation = s.triage.escalation(ledger, s.pricing)
        return row_function(self.judge, s.pipeline, caller, s.triage, escalation)

    async def _record(self, item: Any, index: int, row: RowFn, calls: bool) -> Record:
        if not calls:  # offline and recorded judges: CPU work, nothing to wait for
            record = await row(item, index)
        else:
            async with self.rows:
                record = await row(item, index)
        return replace(record, worker=self.node)

    async def __call__(self, batch: dict[str, Any]) -> dict[str, list[Any]]:
        stats = RunStats()
        caller = self._caller(stats)
        todo = [
            (n, pickle.loads(raw), int(index))
            for n, (raw, index) in enumerate(zip(batch["item"], batch["index"], strict=True))
            if len(raw)
        ]
        row = self._row(caller)
        calls = caller is not None
        judged = await asyncio.gather(*(self._record(item, i, row, calls) for _, item, i in todo))
        records: list[Record | None] = [None] * len(batch["item"])
        for (n, _, _), record in zip(todo, judged, strict=True):
            records[n] = record
        lines: list[str] = []
        statuses: list[str] = []
        cached: list[bool] = []
        tokens: list[int] = []
        rows = zip(records, batch["file"], batch["row"], batch["base_id"], strict=True)
        for done, file, row, base_id in rows:
            if done is None:  # kept from an earlier run
                lines.append("")
                statuses.append(KEPT)
                cached.append(False)
                tokens.append(0)
                continue
            header = header_for(done, int(file), str(base_id), int(row))
            lines.append(shard_line(header, record_line(done)))
            statuses.append(header.status)
            cached.append(done.cached)
            tokens.append(header.input_tokens + header.output_tokens)
        # the batch's engine counts ride on its first row
        counts = ([json.dumps(stats.as_dict())] + [""] * (len(lines) - 1)) if lines else []
        return {
            "file": list(batch["file"]),
            "row": list(batch["row"]),
            "line": lines,
            "status": statuses,
            "cached": cached,
            "tokens": tokens,
            "stats": counts,
        }


__all__ = ["KEPT", "Coordinator", "JudgeWorker", "WorkerSettings"]
