"""Worker processes of the local engine (`--workers N`): the batch spread over several
processes, with one cache, one rate limit and one output.

The client stack of an LLM judge (LangChain, the provider's SDK, httpx) costs a few
milliseconds of CPU a call, so one process tops out at a few hundred calls per second of a
free core, well below what a provider and a high `--concurrency` allow. Each worker builds
the judge again from its name (`JudgeRecipe`) and judges the rows it is handed on its own
event loop with `pipeline.record_for`, up to its share of `--concurrency` at once. The main
process keeps everything there is one of: it reads the input, hands rows to the least busy
worker, writes the records in input order (`runner`), and holds the rate limits, which a
worker asks for every call when `--rpm` / `--tpm` are set. The workers share the SQLite
cache file, which is made for several processes (WAL mode, one transaction per reply).

Messages (pickled over a pipe, one per row or call):

    main → worker   ("row", index, item) · ("granted", token) · ("stop",)
    worker → main   ("done", index, Outcome) · ("acquire", token, tokens) ·
                    ("settle", estimated, actual) · ("pause", seconds) · ("stats", counts) ·
                    ("failed", message)
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import multiprocessing
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ragjudge.errors import JudgeError
from ragjudge.limits import RateLimiter, RetryPolicy
from ragjudge.pipeline import PipelineOptions
from ragjudge.types import Example, RowError

#: rows of `--concurrency` per worker below which another process does not pay for itself
CALLS_PER_WORKER = 16
_START_TIMEOUT_S = 120.0


@dataclass(frozen=True)
class JudgeRecipe:
    """How to build the run's judge again in another process: its spec and options, as for
    `make_judge`."""

    spec: str | None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """What the main process needs of a finished row: its line, and figures for the progress
    display and the token totals."""

    line: str
    status: str
    cached: bool
    input_tokens: int
    output_tokens: int
    estimated: bool
    #: retries the worker has made so far in the run (for the progress display)
    retries: int = 0


@dataclass(frozen=True)
class WorkerSettings:
    """What a worker process is built from."""

    judge: JudgeRecipe
    pipeline: PipelineOptions
    share: int  # rows judged at once (the worker's part of --concurrency)
    policy: RetryPolicy
    timeout: float | None
    cache_path: str | None
    limited: bool


def default_workers(concurrency: int, uses_prompt: bool, recipe: JudgeRecipe | None) -> int:
    """One process per CPU when `concurrency` keeps at least `CALLS_PER_WORKER` calls in
    flight in each; one for judges that call nothing or cannot be built again by name."""
    if not uses_prompt or recipe is None:
        return 1
    return max(1, min(os.cpu_count() or 1, concurrency // CALLS_PER_WORKER))


# --- the worker process -------------------------------------------------------------------------


class _PipeLimiter:
    """The main process's rate limits, asked over the pipe; a 429 pause also holds this
    worker's own calls at once."""

    def __init__(self, send: Any, limited: bool) -> None:
        self.send = send
        self.limited = limited
        self.local = RateLimiter(None, None)
        self.waiting: dict[int, asyncio.Future[None]] = {}
        self._tokens = 0

    async def acquire(self, estimated_tokens: int) -> None:
        await self.local.acquire(estimated_tokens)
        if not self.limited:
            return
        self._tokens += 1
        token = self._tokens
        grant = self.waiting[token] = asyncio.get_running_loop().create_future()
        self.send(("acquire", token, estimated_tokens))
        try:
            await grant
        finally:
            self.waiting.pop(token, None)

    def granted(self, token: int) -> None:
        grant = self.waiting.get(token)
        if grant is not None and not grant.done():
            grant.set_result(None)

    def pause(self, seconds: float) -> None:
        self.local.pause(seconds)
        if self.limited:
            self.send(("pause", seconds))

    def settle(self, estimated_tokens: int, actual_tokens: int) -> None:
        if self.limited:
            self.send(("settle", estimated_tokens, actual_tokens))


def outcome_of(record: Any, retries: int = 0, line: str | None = None) -> Outcome:
    """The `Outcome` of a `Record` (`line`: its stored line, when it is known already)."""
    from ragjudge.runfolder import record_line

    usage = record.usage
    return Outcome(
        record_line(record) if line is None else line,
        record.status.value,
        record.cached,
        usage.input_tokens,
        usage.output_tokens,
        usage.estimated,
        retries,
    )


async def _serve(conn: Connection, settings: WorkerSettings) -> None:
    from ragjudge.cache import JudgeCache
    from ragjudge.calls import JudgeCaller, LocalCache, RunStats, rows_at_once, steady_heap
    from ragjudge.judges.base import make_judge
    from ragjudge.pipeline import record_for
    from ragjudge.sentences import preload

    loop = asyncio.get_running_loop()
    lock = threading.Lock()

    def send(message: tuple[Any, ...]) -> None:
        with lock:  # from the event loop and from the executor that stores replies
            conn.send(message)

    judge = make_judge(settings.judge.spec, **dict(settings.judge.options))
    stats = RunStats()
    cache = None
    if settings.cache_path and judge.uses_prompt:
        cache = LocalCache(JudgeCache(settings.cache_path))
    limiter = _PipeLimiter(send, settings.limited)
    caller = None
    if judge.uses_prompt:
        caller = JudgeCaller(
            judge,
            settings.pipeline.template,
            cache=cache,
            limiter=limiter,
            stats=stats,
            policy=settings.policy,
            timeout=settings.timeout,
            slots=asyncio.Semaphore(max(1, settings.share)),
        )
    # (no triage here: evaluate refuses --workers above 1 with --triage)
    semaphore = asyncio.Semaphore(rows_at_once(settings.share, caller is not None))
    inbox: asyncio.Queue[tuple[Any, ...] | None] = asyncio.Queue()
    running: set[asyncio.Task[None]] = set()

    def receive() -> None:
        # a blocking read on a thread of its own, handed to the loop
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                loop.call_soon_threadsafe(inbox.put_nowait, None)
                return
            loop.call_soon_threadsafe(inbox.put_nowait, message)

    async def judge_row(index: int, item: Example | RowError) -> None:
        async with semaphore:
            record = await record_for(item, index, judge, settings.pipeline, caller)
        send(("done", index, outcome_of(record, stats.retries)))

    preload()  # before the heap is frozen, and before the first row waits for it
    threading.Thread(target=receive, name="ragjudge-inbox", daemon=True).start()
    send(("ready",))
    told_to_stop = False
    with steady_heap():
        try:
            while True:
                message = await inbox.get()
                if message is None:  # the main process is gone: nobody to answer
                    break
                if message[0] == "stop":
                    told_to_stop = True
                    break
                if message[0] == "granted":
                    limiter.granted(message[1])
                    continue
                task = asyncio.ensure_future(judge_row(message[1], message[2]))
                running.add(task)
                task.add_done_callback(running.discard)
            if running and told_to_stop:
                await asyncio.gather(*running)
        finally:
            if cache is not None:
                cache.close()
                cache.cache.close()
    if told_to_stop:
        send(("stats", stats.as_dict()))


def _worker_main(conn: Connection, settings: WorkerSettings) -> None:
    """A worker process: serve rows until told to stop (or the main process goes away)."""
    try:
        asyncio.run(_serve(conn, settings))
    except Exception as exc:  # the main process reports it and ends the run
        with contextlib.suppress(OSError):
            conn.send(("failed", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()
        # the process ends next: its exit need not walk every object (see `cli.entry`)
        gc.freeze()


# --- the main process ---------------------------------------------------------------------------


class _Worker:
    def __init__(self, process: Any, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.busy = 0  # rows handed over and not yet done
        self.calls = 0
        self.retries = 0
        self.stats: dict[str, Any] | None = None
        self.ready: asyncio.Future[None] | None = None
        self.stopped: asyncio.Future[None] | None = None


class WorkerPool:
    """`n` worker processes judging rows for the main process's event loop.

    Use inside the loop: `await start()`, then `await judge(index, item)` for any number of
    rows at once, then `await stop()`, which returns the workers' added statistics;
    `terminate()` ends the processes whatever state they are in.
    """

    def __init__(
        self, n: int, settings: WorkerSettings, limiter: RateLimiter, concurrency: int
    ) -> None:
        self.settings = settings
        self.limiter = limiter
        self._n = n
        self._concurrency = max(1, concurrency)
        self._workers: list[_Worker] = []
        self._pending: dict[int, asyncio.Future[Outcome]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._failure: str | None = None
        self._grants: set[asyncio.Future[None]] = set()

    @property
    def retries(self) -> int:
        return sum(w.retries for w in self._workers)

    def calls_per_worker(self) -> list[int]:
        return [w.calls for w in self._workers]

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        # spawn, not fork: the main process runs threads (this loop's, the cache's) that a
        # forked child would inherit mid-step
        context = multiprocessing.get_context("spawn")
        extra = self._concurrency % self._n
        for n in range(self._n):
            share = self._concurrency // self._n + (1 if n < extra else 0)
            settings = replace(self.settings, share=max(1, share))
            ours, theirs = context.Pipe(duplex=True)
            process = context.Process(
                target=_worker_main,
                args=(theirs, settings),
                name=f"ragjudge-worker-{n + 1}",
                daemon=True,
            )
            process.start()
            theirs.close()
            worker = _Worker(process, ours)
            worker.ready = self._loop.create_future()
            worker.stopped = self._loop.create_future()
            self._workers.append(worker)
            threading.Thread(
                target=self._receive, args=(worker,), name="ragjudge-outbox", daemon=True
            ).start()
        try:
            await asyncio.wait_for(
                asyncio.gather(*(w.ready for w in self._workers if w.ready is not None)),
                _START_TIMEOUT_S,
            )
        except TimeoutError:
            raise JudgeError(
                f"the worker processes did not start within {_START_TIMEOUT_S:.0f} s"
            ) from None

    def _receive(self, worker: _Worker) -> None:
        assert self._loop is not None
        while True:
            try:
                message = worker.conn.recv()
            except (EOFError, OSError):
                with contextlib.suppress(RuntimeError):  # the loop may be gone already
                    self._loop.call_soon_threadsafe(self._lost, worker)
                return
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._handle, worker, message)

    def _handle(self, worker: _Worker, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "done":
            worker.busy -= 1
            worker.calls += 1
            outcome: Outcome = message[2]
            worker.retries = outcome.retries
            future = self._pending.pop(message[1], None)
            if future is not None and not future.done():
                future.set_result(outcome)
        elif kind == "acquire":
            grant = asyncio.ensure_future(self._grant(worker, message[1], message[2]))
            self._grants.add(grant)
            grant.add_done_callback(self._grants.discard)
        elif kind == "settle":
            self.limiter.settle(message[1], message[2])
        elif kind == "pause":
            self.limiter.pause(message[1])
        elif kind == "ready" and worker.ready is not None and not worker.ready.done():
            worker.ready.set_result(None)
        elif kind == "stats":
            worker.stats = message[1]
            if worker.stopped is not None and not worker.stopped.done():
                worker.stopped.set_result(None)
        elif kind == "failed":
            self._fail(f"a worker process failed: {message[1]}")

    async def _grant(self, worker: _Worker, token: int, tokens: int) -> None:
        await self.limiter.acquire(tokens)
        with contextlib.suppress(OSError):
            worker.conn.send(("granted", token))

    def _lost(self, worker: _Worker) -> None:
        if worker.stats is None:
            worker.process.join(timeout=1)
            code = worker.process.exitcode
            self._fail(f"worker process {worker.process.name} ended (exit code {code})")

    def _fail(self, reason: str) -> None:
        self._failure = self._failure or reason
        error = JudgeError(self._failure)
        futures: list[asyncio.Future[Any]] = [*self._pending.values()]
        for w in self._workers:
            futures += [f for f in (w.ready, w.stopped) if f is not None]
        self._pending.clear()
        for future in futures:
            if not future.done():
                future.set_exception(error)
                # whoever awaits it sees the error; nobody may (a worker lost between rows)
                future.add_done_callback(lambda f: f.exception())

    async def judge(self, index: int, item: Example | RowError) -> Outcome:
        """Judge one row on the least busy worker."""
        if self._failure:
            raise JudgeError(self._failure)
        assert self._loop is not None
        worker = min(self._workers, key=lambda w: w.busy)
        future: asyncio.Future[Outcome] = self._loop.create_future()
        self._pending[index] = future
        worker.busy += 1
        worker.conn.send(("row", index, item))
        return await future

    async def stop(self) -> list[dict[str, Any]]:
        """Let the workers finish, and return the statistics of each."""
        for worker in self._workers:
            with contextlib.suppress(OSError):
                worker.conn.send(("stop",))
        await asyncio.gather(*(w.stopped for w in self._workers if w.stopped is not None))
        return [w.stats or {} for w in self._workers]

    def terminate(self) -> None:
        for worker in self._workers:
            with contextlib.suppress(OSError):
                worker.conn.close()
            worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.terminate()
                worker.process.join(timeout=5)


def cache_path_of(cache: Any) -> str | None:
    """The file of an open `JudgeCache` (the workers open it again), or None."""
    path = getattr(cache, "path", None)
    return str(Path(path)) if path is not None else None


__all__ = [
    "CALLS_PER_WORKER",
    "JudgeRecipe",
    "Outcome",
    "WorkerPool",
    "WorkerSettings",
    "cache_path_of",
    "default_workers",
    "outcome_of",
]
