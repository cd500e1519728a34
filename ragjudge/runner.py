"""The local batch engine: streams examples in, judges many at once, writes records out in
input order.

Memory stays bounded whatever the dataset size: at most a window of examples is in flight,
and finished records are written as soon as every earlier one is. Per-row work is
`pipeline.record_for` (the Ray engine runs the same); each judge call goes through
`calls.JudgeCaller` (cache, rate limits, retries). The run folder (`judgments.jsonl`,
`run.json`, resume) is `ragjudge.runfolder`'s; `start_run`, `finish_run` and `Totals` are shared
with the Ray engine, and `build_reports` builds the reports of either.

Resume: when the output folder already holds a run of the same dataset and judge, records of
examples that finished there (matched by index and id) are kept, not judged again; the old
file is streamed next to the new one, which then replaces it atomically. A resume that is
itself interrupted leaves a partial file, which the next start folds back in.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import threading
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from ragjudge import __version__
from ragjudge.cache import JudgeCache, default_cache_path
from ragjudge.calls import JudgeCaller, LocalCache, RunStats, rows_at_once, steady_heap
from ragjudge.errors import UsageError
from ragjudge.judges.base import Judge
from ragjudge.limits import RateLimiter, RetryPolicy
from ragjudge.pipeline import PipelineOptions
from ragjudge.pricing import Price, cost_usd, pricing_for
from ragjudge.progress import Progress
from ragjudge.record import JudgeInfo, Record
from ragjudge.report import DEFAULT_EXAMPLES
from ragjudge.runfolder import (
    PreviousRecords,
    RecordWriter,
    RunFolder,
    dataset_id,
    default_out_dir,
)
from ragjudge.sentences import preload
from ragjudge.triage import RowFn, TriageSetup, row_function
from ragjudge.types import Example, RowError
from ragjudge.workers import (
    JudgeRecipe,
    Outcome,
    WorkerPool,
    WorkerSettings,
    cache_path_of,
    default_workers,
    outcome_of,
)

T = TypeVar("T")


@dataclass
class RunConfig:
    """Everything about a run except the data and the output folder.

    Batch options: `concurrency` judge calls at once; `rpm` / `tpm` limits (None: none);
    `timeout` seconds per judge call (LLM judges); `retry` the backoff policy; `cache` the
    SQLite cache file (None: `<parent of out>/.ragjudge-cache.sqlite`) and `use_cache`;
    `overwrite` to replace a run of another dataset or judge instead of refusing; `price` to
    override the price table; `total` rows expected (for the ETA); `progress` `auto`, `bar`,
    `log` or `none` (`quiet` implies `none`); `reports` to build the reports at the end, with
    at most `report_examples` examples shown in detail in report.html. `workers` spreads the
    calls over that many processes (see `ragjudge.workers`).
    """

    judge: Judge
    pipeline: PipelineOptions = field(default_factory=PipelineOptions)
    concurrency: int = 8
    limit: int | None = None
    group_by: tuple[str, ...] = ()
    quiet: bool = False
    dataset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    rpm: float | None = None
    tpm: float | None = None
    timeout: float | None = None
    retry: RetryPolicy = field(default_factory=RetryPolicy.from_env)
    cache: str | Path | None = None
    use_cache: bool = True
    overwrite: bool = False
    price: Price | None = None
    total: int | None = None
    progress: str = "auto"
    reports: bool = True
    report_examples: int = DEFAULT_EXAMPLES
    triage: TriageSetup | None = None
    #: processes judging at once (`ragjudge.workers`); None: one per CPU for a named LLM
    #: judge at a high concurrency, else one
    workers: int | None = None


class Totals:
    """Token totals over every record of the run (kept ones included)."""

    def __init__(self) -> None:
        self.input_tokens = self.output_tokens = 0
        self.estimated = False

    def add_usage(self, input_tokens: int, output_tokens: int, estimated: bool) -> None:
        self.input_tokens += input_tokens
        self.output_tokens += output_tokens
        self.estimated = self.estimated or estimated

    def add(self, record: Record) -> None:
        usage = record.usage
        self.add_usage(usage.input_tokens, usage.output_tokens, usage.estimated)


# --- run.json --------------------------------------------------------------------------------


def run_info(config: RunConfig) -> dict[str, Any]:
    """What `run.json` says about a run as it starts."""
    identity = dict(config.judge.identity())
    JudgeInfo.of(identity)  # a judge whose identity is not one is refused before any row
    return {
        "dataset": config.dataset,
        "dataset_id": dataset_id(config.dataset),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "ragjudge_version": __version__,
        "status": "running",
        "judge": identity,
        "options": {
            "template": config.pipeline.template,
            "max_repairs": config.pipeline.max_repairs,
            "clean_keys": config.pipeline.clean_keys,
            "lang": config.pipeline.lang,
            "concurrency": config.concurrency,
            "limit": config.limit,
            "rpm": config.rpm,
            "tpm": config.tpm,
            "timeout": config.timeout,
            "max_retries": config.retry.max_retries,
            "triage": config.triage.describe() if config.triage is not None else None,
            **config.options,
        },
        "pricing": pricing_for(identity, config.price),
    }


def start_run(
    folder: RunFolder, config: RunConfig, *, others: Sequence[Path] = (), **options: Any
) -> tuple[dict[str, Any], bool]:
    """Create the run folder and write `run.json` (status `running`); returns the run
    information and whether the folder holds results of the same run to resume from. An
    engine names its own result files in `others`; `options` are added to `run.json`."""
    info = run_info(config)
    info["options"].update(options)
    resuming = folder.prepare(info, overwrite=config.overwrite, engine_files=others)
    folder.write_run_info(info)
    return info, resuming


def finish_run(
    folder: RunFolder, info: dict[str, Any], progress: Progress, totals: Totals, stats: RunStats
) -> None:
    """Complete `run.json`: counts, token usage and cost of every record, engine figures."""
    cost = cost_usd(totals.input_tokens, totals.output_tokens, info["pricing"])
    spent = cost_usd(stats.input_tokens, stats.output_tokens, info["pricing"])
    info.update(
        status="complete",
        finished=datetime.now(UTC).isoformat(timespec="seconds"),
        examples=progress.done,
        resumed=progress.resumed,
        usage={
            "input_tokens": totals.input_tokens,
            "output_tokens": totals.output_tokens,
            "estimated": totals.estimated,
            "cost_usd": cost,
        },
        engine={**stats.as_dict(), "cost_usd": spent},
    )
    folder.write_run_info(info)


# --- the batch loop ------------------------------------------------------------------------


def _limited(
    items: Iterable[Example | RowError], limit: int | None
) -> Iterator[tuple[int, Example | RowError]]:
    for index, item in enumerate(items):
        if limit is not None and index >= limit:
            return
        yield index, item


def _item_id(item: Example | RowError) -> str:
    if isinstance(item, RowError):
        return item.id or f"row-{item.source.row}"
    return item.id


@dataclass(frozen=True)
class _Done:
    outcome: Outcome
    resumed: bool


JudgeRow = Callable[[int, Example | RowError], Awaitable[Outcome]]


async def _run(
    items: Iterable[Example | RowError],
    out: RecordWriter,
    config: RunConfig,
    previous: PreviousRecords | None,
    judge_row: JudgeRow,
    progress: Progress,
    totals: Totals,
    retries: Callable[[], int],
) -> None:
    window = max(1, config.concurrency) * 4
    loop = asyncio.get_running_loop()
    pending: dict[int, asyncio.Future[_Done]] = {}
    next_index = 0

    async def judge_one(index: int, item: Example | RowError) -> _Done:
        return _Done(await judge_row(index, item), False)

    async def flush(window_size: int) -> None:
        # write finished records in input order; wait on the oldest only while the window is full
        nonlocal next_index
        wrote = False
        while next_index in pending:
            future = pending[next_index]
            if not future.done() and len(pending) < window_size:
                break
            done = await future
            del pending[next_index]
            result = done.outcome
            out.write_line(result.line)
            wrote = True
            totals.add_usage(result.input_tokens, result.output_tokens, result.estimated)
            progress.retries = retries()
            progress.update(
                result.status,
                cached=result.cached,
                tokens=result.input_tokens + result.output_tokens,
                resumed=done.resumed,
            )
            next_index += 1
        if wrote:
            # hand complete lines to the OS now, so a killed process leaves them on disk
            out.flush()

    try:
        for index, item in _limited(items, config.limit):
            kept = previous.take(index, _item_id(item)) if previous is not None else None
            if kept is not None:
                ready: asyncio.Future[_Done] = loop.create_future()
                ready.set_result(_Done(outcome_of(kept.record(), line=kept.record_line()), True))
                pending[index] = ready
            else:
                pending[index] = asyncio.ensure_future(judge_one(index, item))
            await flush(window)
        await flush(0)
    finally:
        for future in pending.values():
            future.cancel()


async def _run_here(
    items: Iterable[Example | RowError],
    out: RecordWriter,
    config: RunConfig,
    previous: PreviousRecords | None,
    row: RowFn,
    ask: JudgeCaller | None,
    progress: Progress,
    totals: Totals,
) -> None:
    """The batch in this process on its event loop, each row by `row` (`triage.row_function`:
    the judge, or in a triaged run the screen first). With an LLM judge, `ask` holds the
    `concurrency` calls in flight and twice as many rows are under way, so the next rows are
    split and rendered while calls are out; otherwise `concurrency` rows at once."""
    semaphore = asyncio.Semaphore(rows_at_once(config.concurrency, ask is not None, config.triage))

    async def judge_row(index: int, item: Example | RowError) -> Outcome:
        async with semaphore:
            record = await row(item, index)
        return outcome_of(record)

    retries: Callable[[], int] = (lambda: ask.stats.retries) if ask else (lambda: 0)
    await _run(items, out, config, previous, judge_row, progress, totals, retries)


async def _run_in_workers(
    items: Iterable[Example | RowError],
    out: RecordWriter,
    config: RunConfig,
    previous: PreviousRecords | None,
    pool: WorkerPool,
    progress: Progress,
    totals: Totals,
    stats: RunStats,
) -> None:
    """The batch spread over worker processes; their statistics are added to `stats`."""
    try:
        await pool.start()
        await _run(items, out, config, previous, pool.judge, progress, totals, lambda: pool.retries)
        for counts in await pool.stop():
            stats.add(counts)
        stats.per_worker = pool.calls_per_worker()
    finally:
        pool.terminate()


_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def _background_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _loop_lock:
        if _loop is None or _loop.is_closed():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="ragjudge-loop", daemon=True).start()
            _loop = loop
        return _loop


def run_coroutine(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion on ragjudge's own event loop and return its result.

    One long-lived loop (in a daemon thread) serves every batch of the process: provider
    clients cache their HTTP connection pools, and a pool made on a loop that `asyncio.run`
    has since closed fails with "Event loop is closed" on the next batch. It also works from
    inside a running loop (Jupyter), where `asyncio.run` cannot be called.
    """
    future = asyncio.run_coroutine_threadsafe(coro, _background_loop())
    try:
        return future.result()
    except BaseException:
        # Ctrl-C: stop the batch and let it finish its writes before the caller closes files
        future.cancel()
        concurrent.futures.wait([future], timeout=10)
        raise


def _local_caller(config: RunConfig, cache: LocalCache | None, stats: RunStats) -> JudgeCaller:
    return JudgeCaller(
        config.judge,
        config.pipeline.template,
        cache=cache,
        limiter=RateLimiter(config.rpm, config.tpm),
        stats=stats,
        policy=config.retry,
        timeout=config.timeout,
        slots=asyncio.Semaphore(max(1, config.concurrency)),
    )


def _open_cache(config: RunConfig, out_path: Path) -> JudgeCache | None:
    # the offline and recorded judges answer faster than a lookup: never cached
    if not config.use_cache or not config.judge.uses_prompt:
        return None
    return JudgeCache(config.cache or default_cache_path(out_path))


def _worker_count(config: RunConfig, recipe: JudgeRecipe | None) -> int:
    if config.triage is not None:
        # escalations share one screen and one budget ledger: they run in this process
        # (evaluate refuses --workers above 1 with --triage)
        return 1
    if config.workers is None:
        return default_workers(config.concurrency, config.judge.uses_prompt, recipe)
    if config.workers < 1:
        raise UsageError("--workers must be 1 or more")
    if config.workers > 1 and recipe is None:
        raise UsageError(
            "--workers above 1 needs the judge by name (each worker process builds it again); "
            "a Judge object runs in this process"
        )
    return config.workers


def _pool(config: RunConfig, recipe: JudgeRecipe, n: int, cache: JudgeCache | None) -> WorkerPool:
    settings = WorkerSettings(
        judge=recipe,
        pipeline=config.pipeline,
        share=config.concurrency,
        policy=config.retry,
        timeout=config.timeout,
        cache_path=cache_path_of(cache),
        limited=bool(config.rpm or config.tpm),
    )
    return WorkerPool(n, settings, RateLimiter(config.rpm, config.tpm), config.concurrency)


def execute(
    items: Iterable[Example | RowError],
    out_dir: str | Path,
    config: RunConfig,
    *,
    recipe: JudgeRecipe | None = None,
) -> tuple[dict[str, Any], RunStats]:
    """Judge every item into `out_dir` (resuming a run found there) and write `run.json`;
    returns the run information and the engine's statistics. No reports are built.

    `recipe` names the judge (`config.judge`, built again by name) so that worker processes
    can judge too (`config.workers`)."""
    workers = _worker_count(config, recipe)
    folder = RunFolder(out_dir)
    info, resuming = start_run(folder, config, workers=workers)
    stats = RunStats()
    cache = _open_cache(config, folder.path)
    mode = "none" if config.quiet else config.progress
    total = config.total
    if total is not None and config.limit is not None:
        total = min(total, config.limit)
    progress = Progress(total, mode=mode)
    totals = Totals()
    target = folder.resume_partial if resuming else folder.judgments
    previous = folder.previous() if resuming else None
    try:
        if workers > 1 and recipe is not None:
            pool = _pool(config, recipe, workers, cache)
            with RecordWriter(target) as out, steady_heap():
                run_coroutine(
                    _run_in_workers(items, out, config, previous, pool, progress, totals, stats)
                )
        else:
            local_cache = LocalCache(cache) if cache is not None else None
            caller = _local_caller(config, local_cache, stats) if config.judge.uses_prompt else None
            escalation = None
            if config.triage is not None:
                escalation = config.triage.escalation(pricing=info["pricing"])
            row = row_function(config.judge, config.pipeline, caller, config.triage, escalation)
            preload()  # so that the frozen heap holds NLTK too
            try:
                with RecordWriter(target) as out, steady_heap():
                    run_coroutine(
                        _run_here(items, out, config, previous, row, caller, progress, totals)
                    )
            finally:
                if local_cache is not None:
                    local_cache.close()
        if previous is not None:
            previous.close()
        if resuming:
            os.replace(target, folder.judgments)
    finally:
        if previous is not None:
            previous.close()
        if cache is not None:
            cache.close()
        progress.close()

    finish_run(folder, info, progress, totals, stats)
    return info, stats


def build_reports(out_dir: str | Path, info: dict[str, Any], config: RunConfig) -> dict[str, Any]:
    """The reports of a finished run folder; returns the summary (`usage.cost_usd` filled
    from the run's pricing), or only the run information when `config.reports` is off."""
    if not config.reports:
        return {"run": info, "usage": info["usage"]}
    from ragjudge.report.writers import write_reports

    summary = write_reports(
        Path(out_dir), group_by=config.group_by, report_examples=config.report_examples
    )
    usage = summary.get("usage")
    if isinstance(usage, dict) and usage.get("cost_usd") is None:
        usage["cost_usd"] = info["usage"]["cost_usd"]
    return summary


def run(
    items: Iterable[Example | RowError], out_dir: str | Path, config: RunConfig
) -> dict[str, Any]:
    """Judge every item, write `judgments.jsonl` and `run.json` to `out_dir`, build the
    reports, and return the summary (`usage.cost_usd` filled from the run's pricing)."""
    info, _ = execute(items, out_dir, config)
    return build_reports(out_dir, info, config)


__all__ = [
    "JudgeRecipe",
    "RunConfig",
    "RunStats",
    "Totals",
    "build_reports",
    "default_out_dir",
    "execute",
    "finish_run",
    "row_function",
    "run",
    "run_coroutine",
    "run_info",
    "start_run",
]
