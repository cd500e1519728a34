"""The Python API: everything the command line does, callable from a notebook or a test.

`evaluate()` runs a batch and returns a `Result` with pandas DataFrames; `check()` judges one
answer and returns its `Record` (`aevaluate()`, `acheck()` for async callers); `report()`,
`compare()`, `gate()` and `ingest()` are the `ragjudge report`, `compare`, `gate` and `ingest`
commands; `split()` and `render_prompt()` show what stages 2 and 3 make of a text or a row. The
command line only parses options and calls these.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Mapping, Sequence, Sized
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ragjudge.check import acheck, check
from ragjudge.choices import (
    ENV_CACHE,
    cache_choice,
    configured_cache,
    resolve_judge,
    split_options,
    with_prompt,
)
from ragjudge.errors import InputError, UsageError
from ragjudge.limits import RetryPolicy
from ragjudge.pipeline import PipelineOptions
from ragjudge.pricing import Price, parse_price
from ragjudge.record import Record
from ragjudge.report import DEFAULT_EXAMPLES
from ragjudge.runfolder import GATE_MARKDOWN, RunFolder, default_out_dir
from ragjudge.sentences import key_example
from ragjudge.types import RenderedPrompt, RowError, Sentence

if TYPE_CHECKING:
    from ragjudge.engines import Engine
    from ragjudge.gate import GateResult
    from ragjudge.triage import TriageSetup


@dataclass
class Result:
    """A finished run: its folder, summary and records, with DataFrames built on demand."""

    out_dir: Path
    summary: dict[str, Any]

    @property
    def records(self) -> list[Record]:
        return RunFolder(self.out_dir).read_records()

    @property
    def examples(self) -> Any:
        """One row per example: the columns of examples.csv, as a pandas DataFrame."""
        from ragjudge.report.tables import examples_frame

        return examples_frame(self.records)

    @property
    def sentences(self) -> Any:
        """One row per response sentence: the columns of sentences.csv."""
        from ragjudge.report.tables import sentences_frame

        return sentences_frame(self.records)


def evaluate(
    data: Any,
    *,
    judge: Any = "offline",
    out: str | Path | None = None,
    concurrency: int = 8,
    workers: int | None = None,
    mapping: Mapping[str, str] | None = None,
    limit: int | None = None,
    group_by: Sequence[str] = (),
    quiet: bool = False,
    progress: str = "tqdm",
    rpm: float | None = None,
    tpm: float | None = None,
    timeout: float = 120.0,
    max_retries: int = 4,
    retry_base_delay: float | None = None,
    cache: str | Path | bool | None = None,
    overwrite: bool = False,
    price: str | Price | None = None,
    engine: str = "local",
    ray_address: str | None = None,
    ray_actors: int | None = None,
    from_format: str | None = None,
    source_options: Mapping[str, Any] | None = None,
    log_to: str | None = None,
    report_examples: int = DEFAULT_EXAMPLES,
    triage: str | None = None,
    escalate: float | None = None,
    escalate_band: tuple[float, float] | str | None = None,
    escalate_budget_usd: float | None = None,
    offline_threshold: float | None = None,
    prompt: str | os.PathLike[str] | None = None,
    **options: Any,
) -> Result:
    """Judge a dataset and write a run folder.

        `data` is a file path (JSONL, JSON, CSV, Parquet; `-` reads JSONL on standard input), a
        pandas DataFrame, or an iterable of dicts (documents may be strings, dicts or LangChain
        `Document` objects); columns named as RAGAS, DeepEval or most tools name them are found
        without `mapping` (see datasets/README.md). With `from_format`, the log files of that
        ingest format (one path or a list; see `ingest`). `judge` is `"offline"` (default),
        `"recorded"`, `"provider:model"`, any `NAME[:ARG]` registered under `ragjudge.judges`, a
        `Judge` object, or a LangChain model object (`ChatOpenAI(...)`, any `BaseChatModel`; a
        `BaseLLM` with `prompt_format`). `out` defaults to a temporary folder. `prompt` is your
        own template file (see `ragjudge.templates`). Other options: `template`, `max_repairs`,
        `clean_keys`, `lang`, `max_prompt_tokens`, `output_mode` (`auto`, `json_schema`,
        `json_mode`, `text`), and for judges built from a name `base_url`, `api_key`,
        `temperature`, `max_tokens`, `json_mode`, `completions` with `prompt_format`.

        Raises `InputError` when no row of the data could be used, naming the columns found and
        the `mapping` that would fix it.

        Batch options (LLM judges): `concurrency` calls at once (spread over `workers` processes
    of the local engine; default: one per CPU when each gets 16 calls), `rpm` / `tpm` limits,
    `timeout` seconds per call, `max_retries` after timeouts, connection errors, 429 and 5xx
    (first wait `retry_base_delay` seconds). `cache` is the SQLite cache file (None:
    `$RAGJUDGE_CACHE`, else `cache` in ragjudge.toml, else `<parent of out>/.ragjudge-cache.sqlite`;
    False: no cache). An `out` folder that holds the
        same run is resumed (finished examples are kept); one that holds another dataset or judge
        is refused unless `overwrite`. `price` overrides the price table:
        `"input=0.15,output=0.6"` (USD per million tokens) or a `Price`. A progress bar
        (`tqdm.auto`: a widget in Jupyter) is shown unless `quiet`; `progress` may also be `auto`,
        `bar` or `log` (the command line's displays on stderr) or `none`. `report_examples` bounds
        the examples report.html shows in detail.

        Traces: `from_format="mlflow"` reads the traces of the MLflow tracking store whose URI is
        `data`, with `source_options` `experiment` and `filter_string`; `otlp`, `langsmith` and
        `langfuse` read exported files. A run over traces writes `scores.jsonl` (one line per
        trace) to its folder, and `log_to="mlflow"` also logs each verdict onto its trace as MLflow
        feedback (see docs/ingest.md).

        Triage: `triage="offline"` judges every row with the offline judge first and sends only
        the uncertain ones to `judge` (an LLM judge): the `escalate` fraction of rows nearest the
        offline verdict threshold, or every row whose hallucination probability lies in
        `escalate_band` (`(0.15, 0.85)` or `"0.15:0.85"`), stopping once `escalate_budget_usd` is
        spent. `offline_threshold` sets the offline judge's verdict threshold (on its own, or as
        the triage screen).

        `engine="ray"` runs the job on a Ray cluster (`ray_address`: `auto`, `host:port`,
        `ray://…`; None starts a local Ray, or uses the one this process is connected to;
        `ray_actors` judge actors); `data` must then be a file, a folder of files or a URI, and
        `judge` a name (each worker builds it).
    """
    from ragjudge.engines import Job, TriageEngine, get_engine
    from ragjudge.runner import RunConfig, build_reports

    if concurrency < 1:
        raise UsageError("--concurrency must be 1 or more")
    if max_retries < 0:
        raise UsageError("--max-retries must be 0 or more")
    pipeline_opts, judge_opts = split_options(options)
    with_prompt(pipeline_opts, prompt)
    if judge_opts.get("completions") and not (
        judge_opts.get("base_url") or os.environ.get("OPENAI_BASE_URL")
    ):
        raise UsageError("--judge-completions needs --base-url (or OPENAI_BASE_URL)")
    judge_opts.setdefault("timeout", timeout)
    runner_engine: Engine = get_engine(engine, ray_address=ray_address, ray_actors=ray_actors)
    if runner_engine.name == "ray" and not (judge is None or isinstance(judge, str)):
        raise UsageError("engine='ray' needs data as a path or URI and judge as a name")
    if log_to is not None and (log_to != "mlflow" or from_format != "mlflow"):
        raise UsageError("--log-to mlflow writes onto MLflow traces: use it with --from mlflow")
    setup = _triage_setup(triage, escalate, escalate_band, escalate_budget_usd, offline_threshold)
    if setup is not None and workers is not None and workers > 1:
        # escalations share one screen and one budget ledger: they run in this process
        raise UsageError("--workers above 1 does not go with --triage: leave it out")
    if setup is None and offline_threshold is not None:
        if judge not in (None, "offline"):
            raise UsageError("--offline-threshold goes with the offline judge (or --triage)")
        judge = f"offline:{offline_threshold!r}"
    the_judge = resolve_judge(judge, **judge_opts)
    if setup is not None and not the_judge.uses_prompt:
        raise UsageError(
            "--triage sends uncertain rows to an LLM judge: give one with --judge provider:model"
        )
    job = Job(
        data=data,
        mapping=dict(mapping or {}),
        from_format=from_format,
        source_options={k: v for k, v in (source_options or {}).items() if v is not None},
        judge=judge if isinstance(judge, str) else None,
        judge_options=judge_opts,
    )
    several = isinstance(data, list | tuple) and bool(data)
    if from_format is None and several and all(isinstance(p, str | Path) for p in data):
        raise UsageError("evaluate takes one dataset file (use from_format for several logs)")
    out_dir = Path(out) if out else Path(tempfile.mkdtemp(prefix="ragjudge-"))
    config = RunConfig(
        judge=the_judge,
        pipeline=PipelineOptions(**pipeline_opts),
        concurrency=concurrency,
        workers=workers,
        limit=limit,
        group_by=tuple(group_by),
        quiet=quiet,
        dataset=job.dataset_name(),
        rpm=rpm,
        tpm=tpm,
        timeout=timeout,
        retry=RetryPolicy.from_env(max_retries, retry_base_delay),
        cache=cache_choice(cache),
        use_cache=cache is not False,
        overwrite=overwrite,
        price=parse_price(price) if isinstance(price, str) else price,
        total=_total(job, data),
        progress=progress,
        report_examples=report_examples,
        triage=setup,
    )
    if setup is not None:
        _check_budget_priced(setup, config)
        runner_engine = TriageEngine(runner_engine)
        if not isinstance(data, str | Path | Sequence) and from_format is None:
            data = list(data)  # a fraction plan reads the rows twice
            job = replace(job, data=data)
    info, _ = runner_engine.execute(job, out_dir, config)
    result = Result(out_dir=out_dir, summary=build_reports(out_dir, info, config))
    if from_format is not None:
        _write_back(from_format, job.paths, out_dir, log_to, quiet)
    counts = result.summary.get("counts") or {}
    if counts.get("total") and counts.get("invalid_input") == counts.get("total"):
        raise InputError(_no_usable_rows(data, job, mapping or {}, out_dir))
    return result


def _triage_setup(
    triage: str | None,
    escalate: float | None,
    band: tuple[float, float] | str | None,
    budget: float | None,
    offline_threshold: float | None,
) -> TriageSetup | None:
    from ragjudge.judges.offline import OfflineJudge
    from ragjudge.triage import SCREENS, TriagePlan, TriageSetup, parse_band

    if triage is None:
        if escalate is not None or band is not None or budget is not None:
            raise UsageError(
                "--escalate, --escalate-band and --escalate-budget-usd go with --triage"
            )
        return None
    if triage not in SCREENS:
        raise UsageError(f"--triage takes {', '.join(SCREENS)}, got {triage!r}")
    plan = TriagePlan(
        fraction=escalate,
        band=parse_band(band) if isinstance(band, str) else band,
        budget_usd=budget,
    )
    threshold = OfflineJudge(threshold=offline_threshold).threshold
    return TriageSetup(plan, threshold)


def _check_budget_priced(setup: TriageSetup, config: Any) -> None:
    """A budget is counted with the price table: refuse one the table cannot price."""
    from ragjudge.pricing import pricing_for

    if setup.plan.budget_usd is None:
        return
    pricing = pricing_for(dict(config.judge.identity()), config.price) or {}
    if pricing.get("input_usd_per_mtok") is None or pricing.get("output_usd_per_mtok") is None:
        raise UsageError(
            "--escalate-budget-usd needs the judge's price, which the price table does not "
            "know: give it with --price input=USD,output=USD (per million tokens)"
        )


def _total(job: Any, data: Any) -> int | None:
    """Rows expected, for the progress bar: a file's count, or the length of rows in memory."""
    total: int | None = job.total()
    in_memory = isinstance(data, Sized) and not isinstance(data, str | bytes)
    if total is None and job.from_format is None and in_memory:
        total = len(data)
    return total


async def aevaluate(data: Any, **kwargs: Any) -> Result:
    """`evaluate` for async callers: the batch runs on ragjudge's own event loop while the
    caller's loop stays free. Takes the same arguments."""
    return await asyncio.to_thread(evaluate, data, **kwargs)


def _columns_of(data: Any) -> list[str] | None:
    """The columns of the first row of `data`, for the message of a batch nothing could read."""
    from ragjudge.dataset import _is_dataframe

    try:
        if _is_dataframe(data):
            return [str(c) for c in data.columns]
        if isinstance(data, list | tuple) and data and isinstance(data[0], Mapping):
            return [str(k) for k in data[0]]
        if isinstance(data, str | Path) and str(data) != "-":
            from ragjudge.readers import path_rows

            _, rows = path_rows(data)
            for _, row, _, _ in rows:
                if isinstance(row, Mapping):
                    return [str(k) for k in row]
    except Exception:  # the hint is a nicety: the message still says what went wrong
        return None
    return None


def _no_usable_rows(data: Any, job: Any, mapping: Mapping[str, str], out_dir: Path) -> str:
    from ragjudge.columns import no_usable_rows

    first = next(iter(RunFolder(out_dir).records()), None)
    error = (first.error if first is not None else None) or "no reason recorded"
    columns = None if job.from_format else _columns_of(data)
    name = first.source.file if first is not None and first.source else job.dataset_name()
    return no_usable_rows(name or "the data", columns, mapping, error)


def _write_back(
    fmt: str, paths: Sequence[str], out_dir: Path, log_to: str | None, quiet: bool
) -> None:
    """`scores.jsonl` after a run over traces; MLflow feedback with `log_to="mlflow"`."""
    from ragjudge.ingest import TRACE_SOURCES, write_back

    if fmt not in TRACE_SOURCES:
        return
    records = RunFolder(out_dir).records()
    done = write_back(
        log_to or "scores", records, out_dir, tracking_uri=paths[0] if log_to else None
    )
    if not quiet:
        print(f"scores of {done['n_scores']} traced examples in {done['scores_file']}")
        if log_to:
            print(f"logged ragjudge/* feedback on {done['n_logged']} MLflow traces")


def report(
    run_dir: str | Path,
    *,
    group_by: str | Sequence[str] = (),
    report_examples: int = DEFAULT_EXAMPLES,
) -> dict[str, Any]:
    """Rebuild every report of a run folder from its `judgments.jsonl` (no judge calls);
    returns the summary."""
    from ragjudge.report.writers import write_reports

    folder = RunFolder(run_dir).require_judgments()
    return write_reports(folder.path, group_by=group_by, report_examples=report_examples)


def compare(run_a: str | Path, run_b: str | Path) -> dict[str, Any]:
    """Run B against run A: metric differences with paired bootstrap CIs, changed verdicts
    (see `ragjudge.report.compare.compare_runs`)."""
    from ragjudge.report.compare import compare_runs

    RunFolder(run_a).require_judgments()
    RunFolder(run_b).require_judgments()
    return compare_runs(run_a, run_b)


@dataclass(frozen=True)
class GateOutcome:
    """What `gate` did: the `GateResult`, the Markdown file written (None when it could not
    be, with the reason in `problem`)."""

    result: GateResult
    markdown: Path | None
    problem: str | None = None

    @property
    def passed(self) -> bool:
        return bool(self.result.passed)


def gate(
    run_dir: str | Path,
    *,
    min: Mapping[str, float] | Sequence[str] = (),
    max: Mapping[str, float] | Sequence[str] = (),
    max_drop: Mapping[str, float] | Sequence[str] = (),
    baseline: str | Path | None = None,
    strict: bool | None = None,
    group_by: Sequence[str] | None = None,
    config: str | Path | None = None,
    use_config: bool = True,
    junit: str | Path | None = None,
    junit_examples: bool = False,
    markdown: str | Path | None = None,
    worst: int = 5,
) -> GateOutcome:
    """Check a run folder against thresholds (and a baseline run): `ragjudge gate`.

    Thresholds are `{"adherence": 0.9}` or specs `["adherence=0.9", "adherence[model=x]=0.95"]`
    for `min`, `max` and `max_drop`. They override, metric by metric, the `[gate]` table of
    the nearest `ragjudge.toml` / `[tool.ragjudge.gate]` in pyproject.toml (or of `config`;
    `use_config=False` ignores any file), which may also give `baseline`, `strict` and
    `group_by`. Writes JUnit XML to `junit` (with one failing testcase per failing example when
    `junit_examples`) and a Markdown summary to `markdown` (default: RUN_DIR/gate.md). Returns
    a `GateOutcome` whose `result` is the `GateResult` (`passed`: exit code 0, else 1); raises
    `UsageError` for bad input.
    """
    from ragjudge.config import load_config
    from ragjudge.gate import (
        KINDS,
        merge_thresholds,
        parse_thresholds,
        run_gate,
        thresholds_from_config,
    )
    from ragjudge.gate_report import write_junit, write_markdown

    folder = Path(run_dir)
    settings = load_config(config or Path.cwd()).get("gate", {}) if use_config else {}
    given = {"min": min, "max": max, "max_drop": max_drop}
    flags = []
    for kind in KINDS:
        specs = given[kind]
        if isinstance(specs, Mapping):
            specs = [f"{metric}={value}" for metric, value in specs.items()]
        flags += parse_thresholds(list(specs), kind)
    thresholds = merge_thresholds(thresholds_from_config(settings), flags)
    if not thresholds:
        raise UsageError(
            "nothing to check: give --min, --max or --max-drop, or a [gate] table in "
            "ragjudge.toml or [tool.ragjudge.gate] in pyproject.toml"
        )
    baseline = baseline or settings.get("baseline")
    if baseline is None and any(t.kind == "max_drop" for t in thresholds):
        raise UsageError("--max-drop needs a baseline run folder (--baseline DIR)")
    strict = strict if strict is not None else settings.get("strict")
    given_columns = group_by or settings.get("group_by") or []
    columns = [c.strip() for joined in given_columns for c in joined.split(",")]
    result = run_gate(
        folder,
        thresholds,
        baseline_dir=baseline,
        strict=bool(strict),
        group_by=[c for c in columns if c],
        worst=worst,
    )
    if junit:
        write_junit(result, junit, include_examples=junit_examples)
    problem = None
    target = Path(markdown) if markdown else RunFolder(folder) / GATE_MARKDOWN
    try:
        write_markdown(result, target)
    except OSError as exc:
        if markdown:
            raise UsageError(f"cannot write {markdown}: {exc.strerror}") from exc
        problem = f"could not write {target}: {exc}"
    return GateOutcome(result=result, markdown=None if problem else target, problem=problem)


def ingest(
    fmt: str, paths: Sequence[str], output: str | Path, **source_options: Any
) -> tuple[int, list[Any]]:
    """Turn agent traces and RAG logs of format `fmt` into ragjudge rows (JSON Lines at
    `output`, `-` for standard output); returns the rows written and the problems met. For a
    trace store (`mlflow`), `paths` is its tracking URI and `source_options` may give
    `experiment` and `filter_string`."""
    from ragjudge.ingest import read_source, write_jsonl

    return write_jsonl(read_source(fmt, paths, **source_options), output)


def split(
    text: str, *, lang: str = "auto", doc_index: int = 0, response: bool = False
) -> tuple[Sentence, ...]:
    """`text` split and keyed as document `doc_index` (`0a, 0b, …`) or as a response
    (`a, b, …`): what stage 2 makes of it."""
    from ragjudge.sentences import key_document, key_response

    if response:
        return tuple(key_response(text, lang))
    if doc_index < 0:
        raise UsageError("--doc-index must be 0 or more")
    return tuple(key_document(text, doc_index, lang))


def render_prompt(
    data: str | Path,
    row: int = 0,
    *,
    mapping: Mapping[str, str] | None = None,
    lang: str = "auto",
    template: str | None = None,
    prompt_format: str = "chat",
    prompt: str | os.PathLike[str] | None = None,
) -> RenderedPrompt:
    """The judge prompt of row `row` (0-based) of a dataset file: what stage 3 renders, with
    the packaged `template` (by name) or your own template file (`prompt`)."""
    from ragjudge.dataset import iter_examples
    from ragjudge.prompt import render

    for index, item in enumerate(iter_examples(data, mapping=mapping)):
        if index < row:
            continue
        if isinstance(item, RowError):
            raise UsageError(f"row {row} cannot be used: {item.message}")
        chosen: dict[str, Any] = {"template": template} if template else {}
        with_prompt(chosen, prompt)
        return render(
            key_example(item, lang),
            template=chosen.get("template", PipelineOptions.template),
            prompt_format=prompt_format,
        )
    raise UsageError(f"{data} has no row {row}")


__all__ = [
    "ENV_CACHE",
    "GateOutcome",
    "Result",
    "acheck",
    "aevaluate",
    "check",
    "compare",
    "configured_cache",
    "default_out_dir",
    "evaluate",
    "gate",
    "ingest",
    "render_prompt",
    "report",
    "resolve_judge",
    "split",
]
