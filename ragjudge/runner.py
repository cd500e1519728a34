"""The batch engine: streams examples in, judges many at once, writes records out in input order.

Memory stays bounded whatever the dataset size: at most a window of examples is in flight,
and finished records are written as soon as every earlier one is. Per-example work is
`pipeline.judge_example`; the runner wraps each judge call with the cache, the rate limits and
retries (`ask` hook), writes `judgments.jsonl` and `run.json`, then builds the reports.

Resume: when the output folder already holds a run of the same dataset and judge, records of
examples that finished there (matched by index and id) are copied, not judged again; the old
file is streamed next to the new one, which then replaces it atomically. A resume that is
itself interrupted leaves `judgments.jsonl.resume`, which the next start folds back in.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import heapq
import json
import os
import shutil
import threading
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from ragjudge import __version__
from ragjudge.cache import JudgeCache, cache_key, default_cache_path, judge_key, template_key
from ragjudge.errors import JudgeError, UsageError
from ragjudge.judges.base import Judge
from ragjudge.limits import (
    RateLimiter,
    RetryPolicy,
    describe,
    estimate_tokens,
    is_retryable,
    status_code,
)
from ragjudge.pipeline import PipelineOptions, invalid_input_record, judge_example
from ragjudge.pricing import Price, cost_usd, pricing_for
from ragjudge.progress import Progress
from ragjudge.prompt import load_template
from ragjudge.sentences import key_example
from ragjudge.types import Example, KeyedExample, Message, Reply, RowError

JUDGMENTS = "judgments.jsonl"
RUN_INFO = "run.json"
_RESUME_SUFFIX = ".resume"
#: statuses whose records a resume keeps; `failed` examples are judged again (cached replies
#: make that free when the failure was the judge's answer, and it heals transient outages)
_KEPT_STATUSES = frozenset({"ok", "repaired", "invalid_input"})
#: the options that change a judgment; a resume refuses a folder where any of them differ
_IDENTITY_OPTIONS = ("template", "max_repairs", "clean_keys", "lang")


@dataclass
class RunConfig:
    """Everything about a run except the data and the output folder.

    Batch options: `concurrency` judge calls at once; `rpm` / `tpm` limits (None: none);
    `timeout` seconds per judge call (LLM judges); `retry` the backoff policy; `cache` the
    SQLite cache file (None: `<parent of out>/.ragjudge-cache.sqlite`) and `use_cache`;
    `overwrite` to replace a run of another dataset or judge instead of refusing; `price` to
    override the price table; `total` rows expected (for the ETA); `progress` `auto`, `bar`,
    `log` or `none` (`quiet` implies `none`); `reports` to build the reports at the end.
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

    def as_dict(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "cache_hits": self.cache_hits,
            "retries": self.retries,
            "gave_up": self.gave_up,
            "errors": dict(self.errors),
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
        }

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


def default_out_dir(base: str | Path = "reports") -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(base) / stamp
    n = 1
    while path.exists():
        n += 1
        path = Path(base) / f"{stamp}-{n}"
    return path


# --- the judge call: cache, rate limits, timeout, retries ------------------------------------


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
    """`JudgeCache` behind the async `CacheBackend` interface (SQLite calls are short)."""

    def __init__(self, cache: JudgeCache) -> None:
        self.cache = cache

    async def get(self, key: str) -> Reply | None:
        return self.cache.get(key)

    async def put(self, key: str, reply: Reply, *, judge: str, template: str) -> None:
        self.cache.put(key, reply, judge=judge, template=template)


class JudgeCaller:
    """The `ask` hook handed to the pipeline for LLM judges: cache, rate limits, timeout and
    retries around `judge.ask`, counted in `stats`."""

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
    ) -> None:
        self.judge = judge
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
        estimate = estimate_tokens(messages)
        attempt = 0
        while True:
            await self.limiter.acquire(estimate)
            self.stats.calls += 1
            try:
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


def _local_caller(config: RunConfig, cache: JudgeCache | None, stats: RunStats) -> JudgeCaller:
    return JudgeCaller(
        config.judge,
        config.pipeline.template,
        cache=LocalCache(cache) if cache is not None else None,
        limiter=RateLimiter(config.rpm, config.tpm),
        stats=stats,
        policy=config.retry,
        timeout=config.timeout,
    )


# --- resume: reading, merging and matching old records ---------------------------------------


@dataclass(frozen=True)
class _Old:
    index: int
    id: str
    status: str
    line: str
    record: dict[str, Any]


def _old_records(path: Path) -> Iterator[_Old]:
    """Complete records of an old `judgments.jsonl`, streamed. A line that does not parse
    (a write cut short by a crash) is skipped: that example is judged again."""
    if not path.is_file():
        return
    with open(path, "rb") as fh:
        for raw in fh:
            try:
                record = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError):
                continue
            if not isinstance(record, dict) or not isinstance(record.get("index"), int):
                continue
            line = raw.decode("utf-8").rstrip("\r\n")
            yield _Old(
                record["index"], str(record.get("id")), str(record.get("status")), line, record
            )


def _fold_interrupted_resume(out_path: Path) -> None:
    """Merge what an interrupted resume wrote (`judgments.jsonl.resume`) into
    `judgments.jsonl`, by index; for an index in both, the newer record wins."""
    main, partial = out_path / JUDGMENTS, out_path / (JUDGMENTS + _RESUME_SUFFIX)
    if not partial.exists():
        return
    merged = out_path / (JUDGMENTS + ".merge")
    streams = (
        ((old.index, 0, n, old) for n, old in enumerate(_old_records(partial))),
        ((old.index, 1, n, old) for n, old in enumerate(_old_records(main))),
    )
    last = None
    with open(merged, "w", encoding="utf-8") as out:
        for index, _, _, old in heapq.merge(*streams, key=lambda t: t[:3]):
            if index != last:
                out.write(old.line + "\n")
                last = index
    os.replace(merged, main)
    partial.unlink()


def _item_id(item: Example | RowError) -> str:
    if isinstance(item, RowError):
        return item.id or f"row-{item.source.row}"
    return item.id


class _OldCursor:
    """Walks the old records alongside the input (both are in index order)."""

    def __init__(self, records: Iterator[_Old]) -> None:
        self._records = records
        self._head: _Old | None = next(records, None)

    def take(self, index: int, item_id: str) -> _Old | None:
        while self._head is not None and self._head.index < index:
            self._head = next(self._records, None)
        head = self._head
        if head is None or head.index != index:
            return None
        self._head = next(self._records, None)
        if head.id != item_id or head.status not in _KEPT_STATUSES:
            return None
        return head

    def close(self) -> None:
        close = getattr(self._records, "close", None)
        if close is not None:
            close()


# --- run.json ------------------------------------------------------------------------------


def _dataset_id(dataset: str | None) -> str | None:
    if dataset and dataset != "-" and Path(dataset).exists():
        return str(Path(dataset).resolve())
    return dataset


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _check_same_run(old: dict[str, Any], new: dict[str, Any], out_path: Path) -> None:
    """Refuse to resume into a folder that holds a run of another dataset or judge."""
    differences = []
    if old.get("dataset_id", _dataset_id(old.get("dataset"))) != new["dataset_id"]:
        differences.append(f"dataset {old.get('dataset')!r} ≠ {new['dataset']!r}")
    if _canonical(old.get("judge")) != _canonical(new["judge"]):
        differences.append(f"judge {_canonical(old.get('judge'))} ≠ {_canonical(new['judge'])}")
    old_options, new_options = old.get("options") or {}, new["options"]
    for name in _IDENTITY_OPTIONS:
        if old_options.get(name) != new_options.get(name):
            differences.append(f"{name} {old_options.get(name)!r} ≠ {new_options.get(name)!r}")
    if differences:
        raise UsageError(
            f"{out_path} holds a different run ({'; '.join(differences)}); choose another "
            "--out, or pass --overwrite to replace it"
        )


def _write_json(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


def _prepare_folder(
    out_path: Path, run_info: dict[str, Any], overwrite: bool, others: Sequence[Path] = ()
) -> bool:
    """Check the output folder; returns whether there are old records to resume from.
    `others` are further files or folders of results an engine keeps there."""
    judgments = out_path / JUDGMENTS
    partial = out_path / (JUDGMENTS + _RESUME_SUFFIX)
    old = [judgments, partial, *others]
    if not any(path.exists() for path in old):
        return False
    if overwrite:
        for path in old:
            _remove(path)
        return False
    info_path = out_path / RUN_INFO
    try:
        old = json.loads(info_path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise UsageError(
            f"{out_path} holds judgments but no readable {RUN_INFO} ({exc}); pass --overwrite "
            "to replace them"
        ) from exc
    _check_same_run(old, run_info, out_path)
    run_info["created"] = old.get("created", run_info["created"])
    _fold_interrupted_resume(out_path)
    return True


# --- the batch loop ------------------------------------------------------------------------


def _limited(items: Iterable[Example | RowError], limit: int | None) -> Iterator[Any]:
    for index, item in enumerate(items):
        if limit is not None and index >= limit:
            return
        yield index, item


class Totals:
    """Token totals over every record written (resumed ones included)."""

    def __init__(self) -> None:
        self.input_tokens = self.output_tokens = 0
        self.estimated = False

    def add(self, record: dict[str, Any]) -> None:
        usage = record.get("usage") or {}
        self.input_tokens += int(usage.get("input_tokens") or 0)
        self.output_tokens += int(usage.get("output_tokens") or 0)
        self.estimated = self.estimated or bool(usage.get("estimated"))


async def _run(
    items: Iterable[Example | RowError],
    out: Any,
    config: RunConfig,
    old: _OldCursor | None,
    ask: JudgeCaller | None,
    progress: Progress,
    totals: Totals,
) -> None:
    concurrency = max(1, config.concurrency)
    window = concurrency * 4
    semaphore = asyncio.Semaphore(concurrency)
    loop = asyncio.get_running_loop()
    pending: dict[int, asyncio.Future[tuple[str, dict[str, Any], bool]]] = {}
    next_index = 0

    async def judge_one(index: int, item: Example | RowError) -> tuple[str, dict[str, Any], bool]:
        async with semaphore:
            if isinstance(item, RowError):
                record = invalid_input_record(item, index)
            else:
                keyed = key_example(item, config.pipeline.lang)
                record = await judge_example(
                    keyed, config.judge, config.pipeline, index=index, ask=ask
                )
        return json.dumps(record, ensure_ascii=False), record, False

    async def flush(window_size: int) -> None:
        # write finished records in input order; wait on the oldest only while the window is full
        nonlocal next_index
        wrote = False
        while next_index in pending:
            future = pending[next_index]
            if not future.done() and len(pending) < window_size:
                break
            line, record, resumed = await future
            del pending[next_index]
            out.write(line + "\n")
            wrote = True
            totals.add(record)
            progress.retries = ask.stats.retries if ask else 0
            progress.update(record, resumed=resumed)
            next_index += 1
        if wrote:
            # hand complete lines to the OS now, so a killed process leaves them on disk
            out.flush()

    try:
        for index, item in _limited(items, config.limit):
            reused = old.take(index, _item_id(item)) if old is not None else None
            if reused is not None:
                done: asyncio.Future[tuple[str, dict[str, Any], bool]] = loop.create_future()
                done.set_result((reused.line, reused.record, True))
                pending[index] = done
            else:
                pending[index] = asyncio.ensure_future(judge_one(index, item))
            await flush(window)
        await flush(0)
    finally:
        for future in pending.values():
            future.cancel()


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


def run_coroutine(coro: Any) -> Any:
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


def _run_info(config: RunConfig) -> dict[str, Any]:
    identity = dict(config.judge.identity())
    return {
        "dataset": config.dataset,
        "dataset_id": _dataset_id(config.dataset),
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
            **config.options,
        },
        "pricing": pricing_for(identity, config.price),
    }


def _open_cache(config: RunConfig, out_path: Path) -> JudgeCache | None:
    # the offline and recorded judges answer faster than a lookup: never cached
    if not config.use_cache or not config.judge.uses_prompt:
        return None
    return JudgeCache(config.cache or default_cache_path(out_path))


def execute(
    items: Iterable[Example | RowError], out_dir: str | Path, config: RunConfig
) -> tuple[dict[str, Any], RunStats]:
    """Judge every item into `out_dir` (resuming a run found there) and write `run.json`;
    returns the run information and the engine's statistics. No reports are built."""
    out_path = Path(out_dir)
    run_info, resuming = start_run(out_path, config)
    stats = RunStats()
    cache = _open_cache(config, out_path)
    mode = "none" if config.quiet else config.progress
    total = config.total
    if total is not None and config.limit is not None:
        total = min(total, config.limit)
    progress = Progress(total, mode=mode)
    totals = Totals()
    target = out_path / (JUDGMENTS + _RESUME_SUFFIX if resuming else JUDGMENTS)
    old = _OldCursor(_old_records(out_path / JUDGMENTS)) if resuming else None
    try:
        caller = _local_caller(config, cache, stats) if config.judge.uses_prompt else None
        with open(target, "w", encoding="utf-8") as out:
            run_coroutine(_run(items, out, config, old, caller, progress, totals))
        if old is not None:
            old.close()
        if resuming:
            os.replace(target, out_path / JUDGMENTS)
    finally:
        if old is not None:
            old.close()
        if cache is not None:
            cache.close()
        progress.close()

    finish_run(out_path, run_info, progress, totals, stats)
    return run_info, stats


def start_run(
    out_path: Path, config: RunConfig, *, others: Sequence[Path] = (), **options: Any
) -> tuple[dict[str, Any], bool]:
    """Create the run folder and write `run.json` (status `running`); returns the run
    information and whether the folder holds results of the same run to resume from. An
    engine names its own result files in `others`; `options` are added to `run.json`."""
    out_path.mkdir(parents=True, exist_ok=True)
    run_info = _run_info(config)
    run_info["options"].update(options)
    resuming = _prepare_folder(out_path, run_info, config.overwrite, others)
    _write_json(out_path / RUN_INFO, run_info)
    return run_info, resuming


def finish_run(
    out_path: Path, run_info: dict[str, Any], progress: Progress, totals: Totals, stats: RunStats
) -> None:
    """Complete `run.json`: counts, token usage and cost of every record, engine figures."""
    cost = cost_usd(totals.input_tokens, totals.output_tokens, run_info["pricing"])
    spent = cost_usd(stats.input_tokens, stats.output_tokens, run_info["pricing"])
    run_info.update(
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
    _write_json(out_path / RUN_INFO, run_info)


def build_reports(
    out_dir: str | Path, run_info: dict[str, Any], config: RunConfig
) -> dict[str, Any]:
    """The reports of a finished run folder; returns the summary (`usage.cost_usd` filled
    from the run's pricing), or only the run information when `config.reports` is off."""
    if not config.reports:
        return {"run": run_info, "usage": run_info["usage"]}
    from ragjudge.report import write_reports

    summary = write_reports(Path(out_dir), group_by=config.group_by)
    usage = summary.get("usage")
    if isinstance(usage, dict) and usage.get("cost_usd") is None:
        usage["cost_usd"] = run_info["usage"]["cost_usd"]
    return summary


def run(
    items: Iterable[Example | RowError], out_dir: str | Path, config: RunConfig
) -> dict[str, Any]:
    """Judge every item, write `judgments.jsonl` and `run.json` to `out_dir`, build the
    reports, and return the summary (`usage.cost_usd` filled from the run's pricing)."""
    run_info, _ = execute(items, out_dir, config)
    return build_reports(out_dir, run_info, config)


__all__ = [
    "CacheBackend",
    "JudgeCaller",
    "LimiterBackend",
    "LocalCache",
    "RunConfig",
    "RunStats",
    "Totals",
    "build_reports",
    "default_out_dir",
    "execute",
    "finish_run",
    "run",
    "run_coroutine",
    "start_run",
]
