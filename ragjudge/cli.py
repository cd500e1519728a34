"""The `ragjudge` command: a thin shell over the Python API (`ragjudge.api`).

Commands: eval, split, prompt, report, compare, gate, ingest. Each parses its options, calls
the API function of the same job and prints what it returns. Errors meant for the user
(`RagjudgeError`) print one line and exit with code 2; nothing prints a traceback for them.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ragjudge import __version__
from ragjudge.cli_split import LANG_HELP, add_split_parser
from ragjudge.engines import ENGINES
from ragjudge.errors import RagjudgeError, UsageError
from ragjudge.report import DEFAULT_EXAMPLES
from ragjudge.sentences.languages import LANGS


def _split_list(value: str | None) -> tuple[str, ...]:
    return tuple(p.strip() for p in (value or "").split(",") if p.strip())


# --- eval ----------------------------------------------------------------------------------


def _add_judge_arguments(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("judge")
    g.add_argument(
        "--judge",
        default=None,
        help="offline (default), recorded, provider:model (e.g. openai:gpt-4o-mini), or any "
        "judge NAME[:ARG] an installed package registers",
    )
    g.add_argument(
        "--offline-threshold",
        type=float,
        metavar="T",
        help="the offline judge flags an answer whose support score is below T (0-1; default "
        "the threshold chosen in training, where false alarms and misses balance)",
    )
    g.add_argument(
        "--judge-completions",
        metavar="MODEL",
        help="use MODEL on the completions endpoint of --base-url, laid out with --prompt-format",
    )
    g.add_argument("--base-url", help="OpenAI-compatible server URL (default: $OPENAI_BASE_URL)")
    g.add_argument(
        "--api-key-env",
        metavar="VAR",
        help="read the API key from this environment variable (default: the provider's own)",
    )
    g.add_argument("--temperature", type=float, default=0.0)
    g.add_argument("--max-tokens", type=int, default=None)
    g.add_argument("--timeout", type=float, default=120.0, help="seconds per judge call")
    g.add_argument("--no-json-mode", action="store_true", help="do not ask for JSON mode")
    g.add_argument(
        "--output-mode",
        default="auto",
        choices=("auto", "json_schema", "json_mode", "text"),
        help="how the answer is asked for: structured output (json_schema) where the model's "
        "profile has it, else JSON mode where the provider has it, else text (default auto)",
    )
    g.add_argument(
        "--prompt-format",
        default=None,
        choices=("chat", "llama2", "chatml", "plain"),
        help="layout for completion-only models (default chatml with --judge-completions)",
    )
    _add_template_arguments(g)


def _add_template_arguments(g: Any) -> None:
    g.add_argument("--template", default=None, help="packaged prompt template (groundedness-v2)")
    g.add_argument(
        "--prompt",
        metavar="FILE",
        help="your own prompt template file (JSON: name, version, messages; see "
        "ragjudge.templates); its name, version and hash go into every record",
    )


def _template_options(args: argparse.Namespace) -> dict[str, Any]:
    given = {"template": args.template, "prompt": args.prompt}
    return {k: v for k, v in given.items() if v is not None}


def _add_load_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--map",
        metavar="OURS=THEIRS,…",
        help="column mapping, e.g. response=answer,documents=contexts",
    )
    p.add_argument("--lang", default="auto", choices=LANGS, help=LANG_HELP)


def _add_trace_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--experiment", metavar="NAME", help="MLflow experiment to read (default all)")
    p.add_argument(
        "--filter", dest="trace_filter", metavar="FILTER", help="MLflow trace filter string"
    )


def _add_eval_parser(sub: Any) -> None:
    p = sub.add_parser("eval", help="judge a dataset and write a run folder")
    p.add_argument("data", nargs="*", help="dataset file (JSONL, JSON, CSV, Parquet) or -")
    p.add_argument("--out", help="run folder (default reports/<timestamp>)")
    p.add_argument("--limit", type=int, help="judge only the first N rows")
    p.add_argument("--from", dest="from_format", metavar="FORMAT", help="ingest FORMAT logs first")
    _add_trace_arguments(p)
    p.add_argument(
        "--log-to",
        choices=("mlflow",),
        help="write each verdict back onto its trace as MLflow feedback (with --from mlflow)",
    )
    _add_load_arguments(p)
    _add_judge_arguments(p)
    g = p.add_argument_group("validation and scores")
    g.add_argument("--max-repairs", type=int, default=2, help="re-asks after an invalid answer")
    g.add_argument(
        "--max-prompt-tokens",
        type=int,
        default=None,
        help="prompt budget in tokens; longer examples are judged in document windows and "
        "merged (default: the model's context window from its LangChain profile or a table; "
        "for an unknown model the whole prompt, windowed only if the server says it is too long)",
    )
    g.add_argument(
        "--clean-keys",
        action="store_true",
        help="score on validated, de-duplicated keys (default reproduces RAGBench exactly)",
    )
    g = p.add_argument_group("batch")
    g.add_argument(
        "--concurrency", type=int, default=8, help="judge requests in flight at once (default 8)"
    )
    g.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="processes sharing the calls, with one cache, rate limit and output (default: one "
        "per CPU for an LLM judge when --concurrency allows 16 calls to each, else 1)",
    )
    g.add_argument("--rpm", type=float, help="at most this many judge requests per minute")
    g.add_argument(
        "--tpm",
        type=float,
        help="at most this many tokens per minute (reported usage; prompts estimated)",
    )
    g.add_argument(
        "--max-retries",
        type=int,
        default=4,
        help="retries of a judge call after a timeout, connection error, 429 or 5xx (default 4)",
    )
    g.add_argument(
        "--retry-base-delay",
        type=float,
        default=None,
        metavar="SECONDS",
        help="first backoff step, doubled each retry, with jitter "
        "(default 1, or $RAGJUDGE_RETRY_BASE_DELAY)",
    )
    g.add_argument(
        "--cache",
        metavar="FILE",
        help="SQLite judge cache (default <parent of --out>/.ragjudge-cache.sqlite)",
    )
    g.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    g.add_argument(
        "--overwrite",
        "--force",
        action="store_true",
        help="replace a run of another dataset or judge in --out instead of refusing "
        "(an --out of the same run is resumed)",
    )
    g.add_argument(
        "--price",
        metavar="input=USD,output=USD",
        help="USD per million tokens, overriding the built-in price table",
    )
    g.add_argument(
        "--progress",
        default="auto",
        choices=("auto", "bar", "log", "none"),
        help="progress on stderr: a bar on a terminal, log lines otherwise (default auto)",
    )
    g.add_argument("--quiet", action="store_true", help="no progress and no summary")
    g = p.add_argument_group(
        "triage (the offline judge decides the clear rows, --judge only the uncertain ones)"
    )
    g.add_argument(
        "--triage",
        choices=("offline",),
        help="judge every row with the offline judge first; escalate some to --judge",
    )
    g.add_argument(
        "--escalate",
        type=float,
        metavar="FRACTION",
        help="escalate this share of the rows, those nearest the offline verdict threshold",
    )
    g.add_argument(
        "--escalate-band",
        metavar="LO:HI",
        help="escalate every row whose offline hallucination probability lies in LO..HI",
    )
    g.add_argument(
        "--escalate-budget-usd",
        type=float,
        metavar="USD",
        help="stop escalating once the LLM calls cost this much by the price table",
    )
    g = p.add_argument_group("engine")
    g.add_argument(
        "--engine",
        default="local",
        choices=tuple(ENGINES),
        help="local: asyncio in this process (default); ray: a Ray cluster, with Ray Data "
        "(pip install 'ragjudge[ray]')",
    )
    g.add_argument(
        "--ray-address",
        metavar="ADDR",
        help="Ray cluster to run on: auto, ray://host:port or host:port "
        "(default: a new local Ray instance)",
    )
    g.add_argument(
        "--ray-actors",
        type=int,
        metavar="N",
        help="judge actors on the cluster (default: one per CPU, at most --concurrency "
        "for LLM judges)",
    )
    g = p.add_argument_group("reports")
    _add_report_arguments(g)
    g = p.add_argument_group("gate (with --gate: check the run, exit 1 when a threshold fails)")
    add_gate_arguments(g, include_run_dir=False)
    p.set_defaults(func=_cmd_eval)


def _add_report_arguments(p: Any) -> None:
    p.add_argument("--group-by", help="metadata column(s) to slice by, comma-separated")
    p.add_argument(
        "--report-examples",
        type=int,
        default=DEFAULT_EXAMPLES,
        metavar="N",
        help=f"examples report.html shows in detail (default {DEFAULT_EXAMPLES}): every failed "
        "and invalid one, then the lowest support, then a random sample; all are in the CSVs",
    )


def _judge_options(args: argparse.Namespace) -> tuple[str | None, dict[str, Any]]:
    """The judge spec and its options, from the judge flags."""
    import os

    options: dict[str, Any] = {
        "base_url": args.base_url,
        "temperature": args.temperature,
        "max_tokens": args.max_tokens,
        "json_mode": not args.no_json_mode,
        "output_mode": args.output_mode,
    }
    if args.api_key_env:
        key = os.environ.get(args.api_key_env)
        if not key:
            raise UsageError(f"environment variable {args.api_key_env} is not set")
        options["api_key"] = key
    spec = args.judge
    if args.judge_completions:
        spec = args.judge_completions
        options["completions"] = True
        options["prompt_format"] = args.prompt_format or "chatml"
    elif args.prompt_format not in (None, "chat"):
        raise UsageError("--prompt-format applies to completion-only models: --judge-completions")
    return spec, options


def _cmd_eval(args: argparse.Namespace) -> int:
    from ragjudge.api import evaluate
    from ragjudge.dataset import parse_mapping
    from ragjudge.runfolder import default_out_dir

    if not args.data:
        raise UsageError("eval needs a dataset file (or - for JSONL on standard input)")
    if not args.from_format and len(args.data) != 1:
        if args.engine == "ray":
            raise UsageError(
                "--engine ray reads one file, folder or URI of rows; convert logs first with "
                "ragjudge ingest FORMAT FILE… -o rows.jsonl"
            )
        raise UsageError("eval takes one dataset file (use --from FORMAT for several logs)")
    spec, judge_options = _judge_options(args)
    out_dir = Path(args.out) if args.out else default_out_dir()
    result = evaluate(
        list(args.data) if args.from_format else args.data[0],
        judge=spec,
        out=out_dir,
        concurrency=args.concurrency,
        workers=args.workers,
        mapping=parse_mapping(args.map),
        limit=args.limit,
        group_by=_split_list(args.group_by),
        quiet=args.quiet,
        progress=args.progress,
        rpm=args.rpm,
        tpm=args.tpm,
        timeout=args.timeout,
        max_retries=args.max_retries,
        retry_base_delay=args.retry_base_delay,
        cache=False if args.no_cache else args.cache,
        overwrite=args.overwrite,
        price=args.price,
        engine=args.engine,
        ray_address=args.ray_address,
        ray_actors=args.ray_actors,
        from_format=args.from_format,
        source_options=_trace_options(args),
        log_to=args.log_to,
        report_examples=args.report_examples,
        triage=args.triage,
        escalate=args.escalate,
        escalate_band=args.escalate_band,
        escalate_budget_usd=args.escalate_budget_usd,
        offline_threshold=args.offline_threshold,
        **_template_options(args),
        max_repairs=args.max_repairs,
        clean_keys=args.clean_keys,
        lang=args.lang,
        max_prompt_tokens=args.max_prompt_tokens,
        **judge_options,
    )
    if not args.quiet:
        _print_summary(result.summary, out_dir)
    if args.gate:
        return _run_gate(args, out_dir, group_by=args.gate_group_by)
    return 0


def _trace_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"experiment": args.experiment, "filter_string": args.trace_filter}


def _print_summary(summary: dict[str, Any], out_dir: Path) -> None:
    counts = summary.get("counts", {})
    metrics = summary.get("metrics", {})
    parts = [f"{k} {v}" for k, v in counts.items() if k != "total" and v]
    print(f"judged {counts.get('total', 0)} examples ({', '.join(parts) or 'none'})")
    names = (
        "adherence",
        "supported_ratio",
        "relevance",
        "utilization",
        "completeness",
        "estimated_hallucination_rate",
    )
    for name in names:
        m = metrics.get(name)
        if m and m.get("mean") is not None:
            low, high = m.get("ci_low") or 0.0, m.get("ci_high") or 0.0
            label = "estimated halluc." if name == "estimated_hallucination_rate" else name
            print(f"  {label:<17} {m['mean']:.3f}  [{low:.3f}, {high:.3f}]")
    print(f"reports in {out_dir}/ (report.html, examples.csv, sentences.csv, summary.json)")


# --- split, prompt ---------------------------------------------------------------------------


def _add_prompt_parser(sub: Any) -> None:
    p = sub.add_parser("prompt", help="print the rendered judge prompt of one row")
    p.add_argument("data")
    p.add_argument("--row", type=int, default=0, help="0-based row number (default 0)")
    p.add_argument("--prompt-format", default="chat", choices=("chat", "llama2", "chatml", "plain"))
    _add_template_arguments(p)
    _add_load_arguments(p)
    p.set_defaults(func=_cmd_prompt)


def _cmd_prompt(args: argparse.Namespace) -> int:
    from ragjudge.api import render_prompt
    from ragjudge.dataset import parse_mapping

    rendered = render_prompt(
        args.data,
        args.row,
        mapping=parse_mapping(args.map),
        lang=args.lang,
        prompt_format=args.prompt_format,
        **_template_options(args),
    )
    if rendered.text is not None:
        print(rendered.text)
    else:
        for m in rendered.messages:
            print(f"===== {m.role} =====\n{m.content}\n")
    return 0


# --- report, compare, gate, ingest ---------------------------------------------------------


def _add_report_parsers(sub: Any) -> None:
    p = sub.add_parser("report", help="rebuild every report of a run folder, no judge calls")
    p.add_argument("run_dir")
    _add_report_arguments(p)
    p.set_defaults(func=_cmd_report)
    p = sub.add_parser("compare", help="compare two runs: metric differences, changed verdicts")
    p.add_argument("run_a")
    p.add_argument("run_b")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_compare)


def _cmd_report(args: argparse.Namespace) -> int:
    from ragjudge.api import report

    report(args.run_dir, group_by=_split_list(args.group_by), report_examples=args.report_examples)
    print(f"reports rebuilt in {Path(args.run_dir)}/")
    return 0


def _cmd_compare(args: argparse.Namespace) -> int:
    from ragjudge.api import compare
    from ragjudge.report.compare import format_comparison

    result = compare(args.run_a, args.run_b)
    print(
        json.dumps(result, indent=2, ensure_ascii=False) if args.json else format_comparison(result)
    )
    return 0


def add_gate_arguments(parser: Any, *, include_run_dir: bool = True) -> None:
    """Add the gate's options to `parser`: the `ragjudge gate` subcommand, or `ragjudge eval`
    with `include_run_dir=False`, which adds `--gate` instead of the RUN_DIR argument and
    names the group option `--gate-group-by` (eval's own `--group-by` slices the report).
    An option the parser has already is left as it is and its value shared."""
    if include_run_dir:
        parser.add_argument("run_dir", metavar="RUN_DIR", help="a run folder of `ragjudge eval`")
    else:
        parser.add_argument(
            "--gate", action="store_true", help="check the run with the quality gate afterwards"
        )
    options: list[tuple[tuple[str, ...], dict[str, Any]]] = [
        (("--min",), dict(action="append", default=[], metavar="METRIC=VALUE",
                          help="fail when the metric's mean is below VALUE (repeatable)")),
        (("--max",), dict(action="append", default=[], metavar="METRIC=VALUE",
                          help="fail when the metric's mean is above VALUE (repeatable)")),
        (("--max-drop",), dict(action="append", default=[], metavar="METRIC=VALUE",
                               help="fail when the metric is worse than the baseline by more "
                                    "than VALUE (repeatable; needs --baseline)")),
        (("--baseline",), dict(metavar="DIR", help="a stored run folder to compare against")),
        (("--strict",), dict(action=argparse.BooleanOptionalAction, default=None,
                             help="compare point estimates against the baseline instead of "
                                  "requiring the whole CI to show the drop")),
        (("--gate-group-by" if not include_run_dir else "--group-by",),
         dict(action="append", default=None, metavar="COLUMN",
              dest="gate_group_by" if not include_run_dir else "group_by",
              help="apply the thresholds to each group of COLUMN too")),
        (("--junit",), dict(metavar="FILE", help="write JUnit XML (one testcase per check)")),
        (("--junit-examples",), dict(action="store_true",
                                     help="add one failing testcase per failing example")),
        (("--markdown",), dict(metavar="FILE",
                               help="write a Markdown summary (default: RUN_DIR/gate.md)")),
        (("--config",), dict(metavar="FILE",
                             help="read thresholds from FILE instead of the nearest "
                                  "ragjudge.toml / pyproject.toml")),
        (("--no-config",), dict(action="store_true", help="ignore any config file")),
    ]  # fmt: skip
    for flags, kwargs in options:
        try:
            parser.add_argument(*flags, **kwargs)
        except argparse.ArgumentError:
            continue  # the host command defines it already; both read the same value


def _add_gate_parser(sub: Any) -> None:
    p = sub.add_parser(
        "gate", help="check a run against thresholds and a baseline (exit 1 on fail)"
    )
    add_gate_arguments(p)
    p.set_defaults(func=_cmd_gate)


def _cmd_gate(args: argparse.Namespace) -> int:
    return _run_gate(args, Path(args.run_dir), group_by=args.group_by)


def _run_gate(args: argparse.Namespace, run_dir: Path, group_by: Sequence[str] | None) -> int:
    """The gate on `run_dir` with the gate flags in `args`; prints the table. Exit code 0
    when every check passed, 1 when one failed."""
    from ragjudge.api import gate
    from ragjudge.gate_report import format_table

    outcome = gate(
        run_dir,
        min=args.min or [],
        max=args.max or [],
        max_drop=args.max_drop or [],
        baseline=args.baseline,
        strict=args.strict,
        group_by=group_by,
        config=args.config,
        use_config=not args.no_config,
        junit=args.junit,
        junit_examples=args.junit_examples,
        markdown=args.markdown,
    )
    print(format_table(outcome.result), end="")
    if outcome.problem:
        print(f"ragjudge gate: {outcome.problem}", file=sys.stderr)
    return 0 if outcome.passed else 1


def _add_ingest_parser(sub: Any) -> None:
    p = sub.add_parser("ingest", help="turn agent traces and RAG logs into ragjudge examples")
    p.add_argument(
        "format",
        help="bedrock-agent, react, cited-answer, ctrlf, ragtruth, otlp, langsmith, langfuse, "
        "or mlflow",
    )
    p.add_argument("files", nargs="+", help="log files (for mlflow: the tracking URI)")
    p.add_argument("-o", "--output", required=True, help="output JSONL file")
    _add_trace_arguments(p)
    p.set_defaults(func=_cmd_ingest)


def _cmd_ingest(args: argparse.Namespace) -> int:
    from ragjudge.api import ingest

    n_rows, errors = ingest(args.format, args.files, args.output, **_trace_options(args))
    for err in errors:
        print(f"ragjudge: {err}", file=sys.stderr)
    print(f"wrote {n_rows} examples to {args.output} ({len(errors)} problems reported)")
    return 0


# --- main ----------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ragjudge",
        description="Judge whether RAG answers are grounded in their retrieved documents.",
    )
    parser.add_argument("--version", action="version", version=f"ragjudge {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_eval_parser(sub)
    add_split_parser(sub)
    _add_prompt_parser(sub)
    _add_report_parsers(sub)
    _add_gate_parser(sub)
    _add_ingest_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except RagjudgeError as exc:
        from ragjudge.redact import redact

        print(f"ragjudge: error: {redact(str(exc))}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("ragjudge: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def entry() -> None:
    """The `ragjudge` command: `main`, then the exit, without the interpreter's last garbage
    collection, which walks every object left (0.5-0.7 s once LangChain, pandas and NLTK are
    loaded) to free memory the operating system takes back anyway. Files are closed and
    `atexit` handlers run as usual."""
    code = main()
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    entry()
