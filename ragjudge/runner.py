"""The batch engine: streams examples in, judges many at once, writes records out in input order.

Memory stays bounded whatever the dataset size: at most a window of examples is in flight,
and finished records are written as soon as every earlier one is. Per-example work is
`pipeline.judge_example`; the runner adds concurrency and writes `judgments.jsonl` and
`run.json`, then builds the reports.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ragjudge import __version__
from ragjudge.judges.base import Judge
from ragjudge.pipeline import PipelineOptions, invalid_input_record, judge_example
from ragjudge.sentences import key_example
from ragjudge.types import Example, RowError


@dataclass
class RunConfig:
    """Everything about a run except the data and the output folder."""

    judge: Judge
    pipeline: PipelineOptions = field(default_factory=PipelineOptions)
    concurrency: int = 8
    limit: int | None = None
    group_by: tuple[str, ...] = ()
    quiet: bool = False
    dataset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)


def default_out_dir(base: str | Path = "reports") -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(base) / stamp
    n = 1
    while path.exists():
        n += 1
        path = Path(base) / f"{stamp}-{n}"
    return path


def _limited(items: Iterable[Example | RowError], limit: int | None) -> Iterator[Any]:
    for index, item in enumerate(items):
        if limit is not None and index >= limit:
            return
        yield index, item


async def _judge_one(index: int, item: Example | RowError, config: RunConfig) -> dict[str, Any]:
    if isinstance(item, RowError):
        return invalid_input_record(item, index)
    keyed = key_example(item, config.pipeline.lang)
    return await judge_example(keyed, config.judge, config.pipeline, index=index)


async def _run(
    items: Iterable[Example | RowError], out: Any, config: RunConfig, progress: _Progress
) -> None:
    window = max(1, config.concurrency) * 4
    semaphore = asyncio.Semaphore(max(1, config.concurrency))
    pending: dict[int, asyncio.Task[dict[str, Any]]] = {}
    next_index = 0

    async def guarded(index: int, item: Example | RowError) -> dict[str, Any]:
        async with semaphore:
            return await _judge_one(index, item, config)

    async def flush(window_size: int) -> None:
        # write finished records in input order; wait on the oldest only while the window is full
        nonlocal next_index
        while next_index in pending:
            task = pending[next_index]
            if not task.done() and len(pending) < window_size:
                return
            record = await task
            del pending[next_index]
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            progress.update(record)
            next_index += 1

    for index, item in _limited(items, config.limit):
        pending[index] = asyncio.create_task(guarded(index, item))
        await flush(window)
    await flush(0)


class _Progress:
    """Periodic one-line progress on stderr (a bar-free line keeps CI logs readable)."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.start = time.monotonic()
        self.last = 0.0
        self.done = self.failed = 0

    def update(self, record: dict[str, Any]) -> None:
        self.done += 1
        if record["status"] in ("failed", "invalid_input"):
            self.failed += 1
        now = time.monotonic()
        if not self.quiet and now - self.last > 2.0:
            self.last = now
            self.line()

    def line(self) -> None:
        if self.quiet:
            return
        elapsed = max(time.monotonic() - self.start, 1e-9)
        print(
            f"ragjudge: {self.done} done, {self.failed} failed, {self.done / elapsed:.1f}/s",
            file=sys.stderr,
        )


def run(
    items: Iterable[Example | RowError], out_dir: str | Path, config: RunConfig
) -> dict[str, Any]:
    """Judge every item, write `judgments.jsonl` and `run.json` to `out_dir`, build the
    reports, and return the summary."""
    out_path = Path(out_dir)
    out_path.mkdir(parents=True, exist_ok=True)
    run_info = {
        "dataset": config.dataset,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "ragjudge_version": __version__,
        "judge": dict(config.judge.identity()),
        "options": {
            "template": config.pipeline.template,
            "max_repairs": config.pipeline.max_repairs,
            "clean_keys": config.pipeline.clean_keys,
            "lang": config.pipeline.lang,
            "concurrency": config.concurrency,
            "limit": config.limit,
            **config.options,
        },
    }
    (out_path / "run.json").write_text(json.dumps(run_info, indent=2, ensure_ascii=False) + "\n")
    progress = _Progress(config.quiet)
    with open(out_path / "judgments.jsonl", "w", encoding="utf-8") as out:
        asyncio.run(_run(items, out, config, progress))
    progress.line()
    from ragjudge.report import write_reports

    return write_reports(out_path, group_by=config.group_by)
