"""`check()` and `acheck()`: one answer judged as a batch judges each of its examples, through
the same judge call (`calls.JudgeCaller`: the judge cache, rate limits, timeout and retries),
so a test suite's checks are cached between runs and survive a 429. Hands on the `Record`.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any, TypeVar

from ragjudge.cache import default_cache_path
from ragjudge.choices import cache_choice, resolve_judge, split_options, with_prompt
from ragjudge.errors import InputError
from ragjudge.judges.base import Judge
from ragjudge.limits import RateLimiter, RetryPolicy
from ragjudge.pipeline import PipelineOptions, judge_record
from ragjudge.record import Record
from ragjudge.runfolder import default_out_dir
from ragjudge.sentences import key_example
from ragjudge.types import KeyedExample, RowError, Source

T = TypeVar("T")


def check(
    question: str,
    documents: Sequence[Any],
    response: str,
    *,
    judge: Any = "offline",
    history: Sequence[Any] | None = None,
    cache: str | Path | bool | None = None,
    timeout: float = 120.0,
    max_retries: int = 4,
    retry_base_delay: float | None = None,
    rpm: float | None = None,
    tpm: float | None = None,
    prompt: str | os.PathLike[str] | None = None,
    **options: Any,
) -> Record:
    """Judge one answer and return its `Record` (see docs/outputs.md): `status`, `scores`,
    `sentences` with their verdicts and evidence, `violations`, `documents`.

    `judge` is what `evaluate` takes (a name, a `Judge`, a LangChain model object);
    `history` the conversation before the question (a list of `{role, content}` turns or
    LangChain messages), shown to the judge as evidence of its own. An LLM judge is called as
    in a batch: through the judge cache (`cache`: a file, None for `$RAGJUDGE_CACHE`, the
    `cache` of ragjudge.toml, else `reports/.ragjudge-cache.sqlite`; False for none), so the
    same check again makes no call; with `timeout` seconds per call, `max_retries` after
    timeouts, connection errors, 429 and 5xx, and `rpm` / `tpm` limits shared by every check
    of the process. Other options as for `evaluate` (`template`, `lang`, `output_mode`, …).
    """
    from ragjudge.dataset import example_from_dict

    pipeline_opts, judge_opts = split_options(options)
    with_prompt(pipeline_opts, prompt)
    judge_opts.setdefault("timeout", timeout)
    the_judge = resolve_judge(judge, **judge_opts)
    row: dict[str, Any] = {"question": question, "documents": list(documents), "response": response}
    if history:
        row["history"] = list(history)
    example = example_from_dict(row, source=Source("<check>", 1))
    if isinstance(example, RowError):
        raise InputError(example.message)
    pipeline = PipelineOptions(**pipeline_opts)
    keyed = key_example(example, pipeline.lang)
    if not the_judge.uses_prompt:
        return run_sync(judge_record(keyed, the_judge, pipeline))
    path = cache_choice(cache)
    if path is None and cache is not False:
        path = default_cache_path(default_out_dir())
    policy = RetryPolicy.from_env(max_retries, retry_base_delay)
    limiter = _shared_limiter(rpm, tpm)
    return run_sync(
        _check_through_caller(keyed, the_judge, pipeline, path, limiter, policy, timeout)
    )


async def acheck(question: str, documents: Sequence[Any], response: str, **kwargs: Any) -> Record:
    """`check` for async callers; takes the same arguments."""
    return await asyncio.to_thread(check, question, documents, response, **kwargs)


_limiters: dict[tuple[float | None, float | None], RateLimiter] = {}


def _shared_limiter(rpm: float | None, tpm: float | None) -> RateLimiter:
    # one limiter per setting for the whole process: a test suite's checks share the account
    return _limiters.setdefault((rpm, tpm), RateLimiter(rpm, tpm))


async def _check_through_caller(
    keyed: KeyedExample,
    judge: Judge,
    pipeline: PipelineOptions,
    path: Path | None,
    limiter: RateLimiter,
    policy: RetryPolicy,
    timeout: float | None,
) -> Record:
    """One example through the batch engines' judge call (`calls.JudgeCaller`)."""
    from ragjudge.cache import JudgeCache
    from ragjudge.calls import JudgeCaller, LocalCache, RunStats

    store = JudgeCache(path) if path is not None else None
    local = LocalCache(store) if store is not None else None
    try:
        caller = JudgeCaller(
            judge,
            pipeline.template,
            cache=local,
            limiter=limiter,
            stats=RunStats(),
            policy=policy,
            timeout=timeout,
        )
        return await judge_record(keyed, judge, pipeline, ask=caller)
    finally:
        if local is not None:
            local.close()  # its thread that stores replies
        if store is not None:
            store.close()


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    # the runner's long-lived loop: LangChain clients keep pooled connections bound to it
    from ragjudge.runner import run_coroutine

    return run_coroutine(coro)


__all__ = ["acheck", "check", "run_sync"]
