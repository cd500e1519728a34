"""The `ragjudge` command: a thin shell over the Python API.

Commands: eval, split, prompt, report, compare, gate, ingest. Errors meant for the user
(`RagjudgeError`) print one line and exit with code 2; nothing prints a traceback for them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ragjudge import __version__
from ragjudge.errors import RagjudgeError, UsageError
from ragjudge.sentences.languages import LANGS

_LANG_HELP = "sentence rules: auto (detect per text) or a language code (default auto)"


def _split_list(value: str | None) -> tuple[str, ...]:
    return tuple(p.strip() for p in (value or "").split(",") if p.strip())


# --- eval ----------------------------------------------------------------------------------


def _add_judge_arguments(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("judge")
    g.add_argument(
        "--judge",
        default=None,
        help="offline (default), recorded, or provider:model (e.g. openai:gpt-4o-mini)",
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
        "--prompt-format",
        default=None,
        choices=("chat", "llama2", "chatml", "plain"),
        help="layout for completion-only models (default chatml with --judge-completions)",
    )
    g.add_argument("--template", default="groundedness-v1", help="prompt template name")


def _add_load_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--map",
        metavar="OURS=THEIRS,…",
        help="column mapping, e.g. response=answer,documents=contexts",
    )
    p.add_argument("--lang", default="auto", choices=LANGS, help=_LANG_HELP)


def _add_eval_parser(sub: Any) -> None:
    p = sub.add_parser("eval", help="judge a dataset and write a run folder")
    p.add_argument("data", nargs="*", help="dataset file (JSONL, JSON, CSV, Parquet) or -")
    p.add_argument("--out", help="run folder (default reports/<timestamp>)")
    p.add_argument("--limit", type=int, help="judge only the first N rows")
    p.add_argument("--from", dest="from_format", metavar="FORMAT", help="ingest FORMAT logs first")
    _add_load_arguments(p)
    _add_judge_arguments(p)
    g = p.add_argument_group("validation and scores")
    g.add_argument("--max-repairs", type=int, default=2, help="re-asks after an invalid answer")
    g.add_argument(
        "--max-prompt-tokens",
        type=int,
        default=None,
        help="prompt budget (estimated tokens); longer examples are judged in document windows "
        "and merged (default: the judge model's known context window)",
    )
    g.add_argument(
        "--clean-keys",
        action="store_true",
        help="score on validated, de-duplicated keys (default reproduces RAGBench exactly)",
    )
    g = p.add_argument_group("batch")
    g.add_argument("--concurrency", type=int, default=8, help="judge calls at once (default 8)")
    g.add_argument("--rpm", type=float, help="at most this many judge requests per minute")
    g.add_argument(
        "--tpm",
        type=float,
        help="at most this many tokens per minute (reported usage; prompts estimated at chars/4)",
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
    g = p.add_argument_group("engine")
    g.add_argument(
        "--engine",
        default="local",
        choices=("local", "ray"),
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
    g.add_argument("--group-by", help="metadata column(s) to slice by, comma-separated")
    g = p.add_argument_group("gate (with --gate: check the run, exit 1 when a threshold fails)")
    from ragjudge.gate import add_gate_arguments

    add_gate_arguments(g, include_run_dir=False)
    p.set_defaults(func=_cmd_eval)


def _judge_options(args: argparse.Namespace) -> tuple[str | None, dict[str, Any]]:
    import os

    options: dict[str, Any] = {
        "base_url": args.base_url,
        "temperature": args.temperature,
        "timeout": args.timeout,
        "max_tokens": args.max_tokens,
        "json_mode": not args.no_json_mode,
    }
    if args.api_key_env:
        key = os.environ.get(args.api_key_env)
        if not key:
            raise UsageError(f"environment variable {args.api_key_env} is not set")
        options["api_key"] = key
    spec = args.judge
    if args.judge_completions:
        if not args.base_url and not os.environ.get("OPENAI_BASE_URL"):
            raise UsageError("--judge-completions needs --base-url (or OPENAI_BASE_URL)")
        spec = args.judge_completions
        options["completions"] = True
        options["prompt_format"] = args.prompt_format or "chatml"
    elif args.prompt_format not in (None, "chat"):
        raise UsageError("--prompt-format applies to completion-only models: --judge-completions")
    if spec in (None, "offline", "recorded"):
        options = {}
    return spec, options


def _cmd_eval(args: argparse.Namespace) -> int:
    from ragjudge.dataset import iter_examples, parse_mapping
    from ragjudge.judges.base import make_judge
    from ragjudge.limits import RetryPolicy
    from ragjudge.pipeline import PipelineOptions
    from ragjudge.pricing import parse_price
    from ragjudge.progress import count_rows
    from ragjudge.runner import RunConfig, default_out_dir, run

    if not args.data:
        raise UsageError("eval needs a dataset file (or - for JSONL on standard input)")
    mapping = parse_mapping(args.map)
    spec, judge_options = _judge_options(args)
    judge = make_judge(spec, **judge_options)
    ray_engine = args.engine == "ray"
    if ray_engine and (args.from_format or len(args.data) != 1):
        raise UsageError(
            "--engine ray reads one file, folder or URI of rows; convert logs first with "
            "ragjudge ingest FORMAT FILE… -o rows.jsonl"
        )
    if not ray_engine and (args.ray_address or args.ray_actors):
        raise UsageError("--ray-address and --ray-actors go with --engine ray")
    if args.ray_actors is not None and args.ray_actors < 1:
        raise UsageError("--ray-actors must be 1 or more")
    if ray_engine:
        items = None
        dataset = args.data[0]
    elif args.from_format:
        items = _ingested_items(args.from_format, args.data, mapping)
        dataset = f"{args.from_format}:{','.join(args.data)}"
    else:
        if len(args.data) != 1:
            raise UsageError("eval takes one dataset file (use --from FORMAT for several logs)")
        items = iter_examples(args.data[0], mapping=mapping)
        dataset = args.data[0]
    local_file = not args.from_format and dataset != "-" and Path(dataset).is_file()
    total = count_rows(dataset) if local_file else None
    if args.concurrency < 1:
        raise UsageError("--concurrency must be 1 or more")
    if args.max_retries < 0:
        raise UsageError("--max-retries must be 0 or more")
    out_dir = Path(args.out) if args.out else default_out_dir()
    config = RunConfig(
        judge=judge,
        pipeline=PipelineOptions(
            template=args.template,
            max_repairs=args.max_repairs,
            clean_keys=args.clean_keys,
            lang=args.lang,
            max_prompt_tokens=args.max_prompt_tokens,
        ),
        concurrency=args.concurrency,
        limit=args.limit,
        group_by=_split_list(args.group_by),
        quiet=args.quiet,
        dataset=dataset,
        rpm=args.rpm,
        tpm=args.tpm,
        timeout=args.timeout,
        retry=RetryPolicy.from_env(args.max_retries, args.retry_base_delay),
        cache=args.cache,
        use_cache=not args.no_cache,
        overwrite=args.overwrite,
        price=parse_price(args.price) if args.price else None,
        total=total,
        progress=args.progress,
    )
    if ray_engine:
        from ragjudge.cluster import RayOptions, run_ray

        summary = run_ray(
            dataset,
            out_dir,
            config,
            judge_spec=spec,
            judge_options=judge_options,
            mapping=mapping,
            ray_options=RayOptions(address=args.ray_address, actors=args.ray_actors),
        )
    else:
        summary = run(items, out_dir, config)
    if not args.quiet:
        _print_summary(summary, out_dir)
    if args.gate:
        from ragjudge.gate import run_gate_command

        return run_gate_command(args, run_dir=out_dir)
    return 0


def _ingested_items(fmt: str, paths: Sequence[str], mapping: Any) -> Any:
    from ragjudge.dataset import example_from_dict
    from ragjudge.ingest import IngestError, ingest
    from ragjudge.types import RowError, Source

    for n, row in enumerate(ingest(fmt, paths), start=1):
        if isinstance(row, IngestError):
            yield RowError(Source(row.file, row.line), row.message)
        else:
            yield example_from_dict(
                row,
                source=Source(str(row.get("source_file", fmt)), n),
                mapping=mapping,
                index=n - 1,
            )


def _print_summary(summary: dict[str, Any], out_dir: Path) -> None:
    counts = summary.get("counts", {})
    metrics = summary.get("metrics", {})
    parts = [f"{k} {v}" for k, v in counts.items() if k != "total" and v]
    print(f"judged {counts.get('total', 0)} examples ({', '.join(parts) or 'none'})")
    for name in ("adherence", "supported_ratio", "relevance", "utilization", "completeness"):
        m = metrics.get(name)
        if m and m.get("mean") is not None:
            low, high = m.get("ci_low") or 0.0, m.get("ci_high") or 0.0
            print(f"  {name:<16} {m['mean']:.3f}  [{low:.3f}, {high:.3f}]")
    print(f"reports in {out_dir}/ (report.html, examples.csv, sentences.csv, summary.json)")


# --- split, prompt ---------------------------------------------------------------------------


def _add_split_parser(sub: Any) -> None:
    p = sub.add_parser("split", help="split a text into keyed sentences")
    p.add_argument("text", nargs="?", default="-", help="the text, or - to read standard input")
    p.add_argument("--lang", default="auto", choices=LANGS, help=_LANG_HELP)
    p.add_argument("--json", action="store_true", help="print [[key, sentence], …]")
    p.add_argument(
        "--jsonl",
        metavar="FILE",
        help='split one {"text": …} per line of FILE (or - for standard input) and print one '
        '{"sentences": [{key, text, start, end}, …]} line per input line',
    )
    who = p.add_mutually_exclusive_group()
    who.add_argument("--doc-index", type=int, default=0, help="key as document N (default 0)")
    who.add_argument("--response", action="store_true", help="key as a response (a, b, …)")
    p.set_defaults(func=_cmd_split)


def _cmd_split(args: argparse.Namespace) -> int:
    from ragjudge.sentences import key_document, key_response
    from ragjudge.types import Sentence

    if not args.response and args.doc_index < 0:
        raise UsageError("--doc-index must be 0 or more")

    def key(text: str) -> tuple[Sentence, ...]:
        if args.response:
            return key_response(text, args.lang)
        return key_document(text, args.doc_index, args.lang)

    if args.jsonl is not None:
        return _split_jsonl(args.jsonl, key)
    text = sys.stdin.read() if args.text == "-" else args.text
    sentences = key(text)
    if args.json:
        print(json.dumps([[s.key, s.text] for s in sentences], ensure_ascii=False))
    else:
        for s in sentences:
            print(f"{s.key}\t{' '.join(s.text.split())}")
    return 0


def _split_jsonl(source: str, key: Any) -> int:
    """One `{"text": …}` per input line in, one `{"sentences": […]}` per line out.

    A line that cannot be read prints `{"error": …, "line": N}` in its place, so output line N
    always answers input line N; the exit code is then 2. Blank lines are skipped.
    """
    stream = sys.stdin if source == "-" else _open_text(source)
    failed = False
    try:
        for number, line in enumerate(stream, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                text = item["text"] if isinstance(item, dict) else None
                if not isinstance(text, str):
                    raise ValueError('each line must be a JSON object with a string "text"')
            except (ValueError, KeyError) as exc:
                failed = True
                message = str(exc) if isinstance(exc, ValueError) else f"missing key {exc}"
                print(json.dumps({"error": message, "line": number}, ensure_ascii=False))
                continue
            sentences = [
                {"key": s.key, "text": s.text, "start": s.start, "end": s.end} for s in key(text)
            ]
            print(json.dumps({"sentences": sentences}, ensure_ascii=False), flush=False)
    finally:
        if stream is not sys.stdin:
            stream.close()
    sys.stdout.flush()
    return 2 if failed else 0


def _open_text(path: str) -> Any:
    try:
        return open(path, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None


def _add_prompt_parser(sub: Any) -> None:
    p = sub.add_parser("prompt", help="print the rendered judge prompt of one row")
    p.add_argument("data")
    p.add_argument("--row", type=int, default=0, help="0-based row number (default 0)")
    p.add_argument("--prompt-format", default="chat", choices=("chat", "llama2", "chatml", "plain"))
    p.add_argument("--template", default="groundedness-v1")
    _add_load_arguments(p)
    p.set_defaults(func=_cmd_prompt)


def _cmd_prompt(args: argparse.Namespace) -> int:
    from ragjudge.dataset import iter_examples, parse_mapping
    from ragjudge.prompt import render
    from ragjudge.sentences import key_example
    from ragjudge.types import RowError

    for index, item in enumerate(iter_examples(args.data, mapping=parse_mapping(args.map))):
        if index < args.row:
            continue
        if isinstance(item, RowError):
            raise UsageError(f"row {args.row} cannot be used: {item.message}")
        rendered = render(
            key_example(item, args.lang), template=args.template, prompt_format=args.prompt_format
        )
        if rendered.text is not None:
            print(rendered.text)
        else:
            for m in rendered.messages:
                print(f"===== {m.role} =====\n{m.content}\n")
        return 0
    raise UsageError(f"{args.data} has no row {args.row}")


# --- report, compare, gate, ingest ---------------------------------------------------------


def _add_report_parsers(sub: Any) -> None:
    p = sub.add_parser("report", help="rebuild every report of a run folder, no judge calls")
    p.add_argument("run_dir")
    p.add_argument("--group-by")
    p.set_defaults(func=_cmd_report)
    p = sub.add_parser("compare", help="compare two runs: metric differences, changed verdicts")
    p.add_argument("run_a")
    p.add_argument("run_b")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_compare)


def _run_dir(path: str) -> Path:
    run_dir = Path(path)
    if not (run_dir / "judgments.jsonl").is_file():
        raise UsageError(f"{run_dir} is not a run folder (no judgments.jsonl)")
    return run_dir


def _cmd_report(args: argparse.Namespace) -> int:
    from ragjudge.report import write_reports

    run_dir = _run_dir(args.run_dir)
    write_reports(run_dir, group_by=_split_list(args.group_by))
    print(f"reports rebuilt in {run_dir}/")
    return 0


def _cmd_compare(args: argparse.Namespace) -> int:
    from ragjudge.report import compare_runs, format_comparison

    result = compare_runs(_run_dir(args.run_a), _run_dir(args.run_b))
    print(
        json.dumps(result, indent=2, ensure_ascii=False) if args.json else format_comparison(result)
    )
    return 0


def _add_gate_parser(sub: Any) -> None:
    p = sub.add_parser(
        "gate", help="check a run against thresholds and a baseline (exit 1 on fail)"
    )
    try:
        from ragjudge.gate import add_gate_arguments, run_gate_command
    except ImportError:
        return
    add_gate_arguments(p)
    p.set_defaults(func=run_gate_command)


def _add_ingest_parser(sub: Any) -> None:
    p = sub.add_parser("ingest", help="turn agent traces and RAG logs into ragjudge examples")
    p.add_argument("format", help="bedrock-agent, react, cited-answer, ctrlf, ragtruth")
    p.add_argument("files", nargs="+")
    p.add_argument("-o", "--output", required=True, help="output JSONL file")
    p.set_defaults(func=_cmd_ingest)


def _cmd_ingest(args: argparse.Namespace) -> int:
    from ragjudge.ingest import ingest, write_jsonl

    n_rows, errors = write_jsonl(ingest(args.format, args.files), args.output)
    for err in errors:
        print(f"ragjudge: {err.file}:{err.line}: {err.message}", file=sys.stderr)
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
    _add_split_parser(sub)
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


if __name__ == "__main__":
    sys.exit(main())
