"""The Python API: everything the CLI does, callable from a notebook or a test.

`evaluate()` runs a batch and returns a `Result` with pandas DataFrames; `check()` judges one
answer and returns its record.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ragjudge.errors import UsageError
from ragjudge.judges.base import Judge, make_judge
from ragjudge.limits import RetryPolicy
from ragjudge.pipeline import PipelineOptions, judge_example
from ragjudge.pricing import Price, parse_price
from ragjudge.progress import count_rows
from ragjudge.runner import RunConfig, default_out_dir, run
from ragjudge.sentences import key_example
from ragjudge.types import Source

_PIPELINE_FIELDS = {"template", "max_repairs", "clean_keys", "lang", "max_prompt_tokens"}
_JUDGE_FIELDS = {
    "base_url",
    "api_key",
    "temperature",
    "timeout",
    "max_retries",
    "max_tokens",
    "json_mode",
    "completions",
    "prompt_format",
}


@dataclass
class Result:
    """A finished run: its folder, summary and records, with DataFrames built on demand."""

    out_dir: Path
    summary: dict[str, Any]

    @property
    def records(self) -> list[dict[str, Any]]:
        from ragjudge.report import load_records

        return load_records(self.out_dir)

    @property
    def examples(self) -> Any:
        from ragjudge.report import examples_frame

        return examples_frame(self.records)

    @property
    def sentences(self) -> Any:
        from ragjudge.report import sentences_frame

        return sentences_frame(self.records)


def _split_options(options: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    pipeline = {k: v for k, v in options.items() if k in _PIPELINE_FIELDS}
    judge = {k: v for k, v in options.items() if k in _JUDGE_FIELDS}
    unknown = set(options) - _PIPELINE_FIELDS - _JUDGE_FIELDS
    if unknown:
        raise TypeError(f"unknown option(s): {', '.join(sorted(unknown))}")
    return pipeline, judge


def resolve_judge(judge: str | Judge | None, **judge_options: Any) -> Judge:
    if judge is None or isinstance(judge, str):
        return make_judge(judge, **judge_options)
    return judge


def evaluate(
    data: Any,
    *,
    judge: str | Judge | None = "offline",
    out: str | Path | None = None,
    concurrency: int = 8,
    mapping: Mapping[str, str] | None = None,
    limit: int | None = None,
    group_by: Sequence[str] = (),
    quiet: bool = True,
    rpm: float | None = None,
    tpm: float | None = None,
    timeout: float = 120.0,
    max_retries: int = 4,
    cache: str | Path | bool | None = None,
    overwrite: bool = False,
    price: str | Price | None = None,
    engine: str = "local",
    ray_address: str | None = None,
    **options: Any,
) -> Result:
    """Judge a dataset and write a run folder.

    `data` is a file path (JSONL, JSON, CSV, Parquet), a pandas DataFrame, or an iterable of
    dicts (documents may be strings, dicts or LangChain `Document` objects). `judge` is
    `"offline"` (default), `"recorded"`, `"provider:model"`, or a `Judge` object. `out`
    defaults to a temporary folder. Other options: `template`, `max_repairs`, `clean_keys`,
    `lang`, and the LLM options `base_url`, `api_key`, `temperature`, `max_tokens`.

    Batch options (LLM judges): `concurrency` calls at once, `rpm` / `tpm` limits, `timeout`
    seconds per call, `max_retries` after timeouts, connection errors, 429 and 5xx. `cache` is
    the SQLite cache file (None: `<parent of out>/.ragjudge-cache.sqlite`; False: no cache).
    An `out` folder that holds the same run is resumed (finished examples are kept); one that
    holds another dataset or judge is refused unless `overwrite`. `price` overrides the price
    table: `"input=0.15,output=0.6"` (USD per million tokens) or a `Price`.

    `engine="ray"` runs the job on a Ray cluster (`ray_address`: `auto`, `host:port`,
    `ray://…`; None starts a local Ray, or uses the one this process is connected to); `data`
    must then be a file, a folder of files or a URI, and `judge` a name (each worker builds it).
    """
    from ragjudge.dataset import iter_examples, load_examples

    pipeline_opts, judge_opts = _split_options(options)
    if judge is not None and isinstance(judge, str) and judge not in ("offline", "recorded"):
        judge_opts.setdefault("timeout", timeout)
    the_judge = resolve_judge(judge, **judge_opts)
    total = None
    items: Iterable[Any] = ()
    if isinstance(data, str | Path) and engine == "ray":
        dataset = str(data)
    elif isinstance(data, str | Path):
        items = iter_examples(data, mapping=mapping)
        dataset = str(data)
        total = count_rows(data)
    else:
        examples, errors = load_examples(data, mapping=mapping)
        items = _in_order(examples, errors)
        dataset = type(data).__name__
    out_dir = Path(out) if out else Path(tempfile.mkdtemp(prefix="ragjudge-"))
    config = RunConfig(
        judge=the_judge,
        pipeline=PipelineOptions(**pipeline_opts),
        concurrency=concurrency,
        limit=limit,
        group_by=tuple(group_by),
        quiet=quiet,
        dataset=dataset,
        rpm=rpm,
        tpm=tpm,
        timeout=timeout,
        retry=RetryPolicy.from_env(max_retries),
        cache=cache if isinstance(cache, str | Path) else None,
        use_cache=cache is not False,
        overwrite=overwrite,
        price=parse_price(price) if isinstance(price, str) else price,
        total=total,
    )
    if engine == "ray":
        from ragjudge.cluster import RayOptions, run_ray

        if not isinstance(data, str | Path) or not (judge is None or isinstance(judge, str)):
            raise UsageError("engine='ray' needs data as a path or URI and judge as a name")
        summary = run_ray(
            str(data),
            out_dir,
            config,
            judge_spec=judge,
            judge_options=judge_opts if judge not in (None, "offline", "recorded") else {},
            mapping=mapping,
            ray_options=RayOptions(address=ray_address),
        )
    elif engine == "local":
        summary = run(items, out_dir, config)
    else:
        raise UsageError(f"unknown engine {engine!r}: use 'local' or 'ray'")
    return Result(out_dir=out_dir, summary=summary)


def _in_order(examples: list[Any], errors: list[Any]) -> list[Any]:
    # load_examples returns the two lists apart; put errors back at their source rows
    merged = [*examples, *errors]
    return sorted(merged, key=lambda x: x.source.row if x.source else 0)


def check(
    question: str,
    documents: Sequence[Any],
    response: str,
    *,
    judge: str | Judge | None = "offline",
    **options: Any,
) -> dict[str, Any]:
    """Judge one answer and return its record (see docs/outputs.md): `status`, `scores`,
    `sentences` with their verdicts and evidence, `violations`, `documents`."""
    from ragjudge.dataset import example_from_dict
    from ragjudge.errors import InputError
    from ragjudge.types import RowError

    pipeline_opts, judge_opts = _split_options(options)
    the_judge = resolve_judge(judge, **judge_opts)
    row = {"question": question, "documents": list(documents), "response": response}
    example = example_from_dict(row, source=Source("<check>", 1))
    if isinstance(example, RowError):
        raise InputError(example.message)
    pipeline = PipelineOptions(**pipeline_opts)
    keyed = key_example(example, pipeline.lang)
    return _run_sync(judge_example(keyed, the_judge, pipeline))


def _run_sync(coro: Any) -> Any:
    # the runner's long-lived loop: LangChain clients keep pooled connections bound to it
    from ragjudge.runner import run_coroutine

    return run_coroutine(coro)


__all__ = ["Result", "check", "default_out_dir", "evaluate"]
