"""Benchmark `ragjudge eval --engine ray` against the local engine and print two tables.

    python bench/bench_ray.py [--rows 5000] [--llm-rows 400] [--latency 0.2]
                              [--concurrency 8,32] [--skip-cpu] [--skip-llm]

Every run is the real command line in its own process (`python -m ragjudge eval … --quiet`),
so the figures include the interpreter start, the imports and, for Ray, starting a fresh local
Ray instance (no --ray-address) and shutting it down.

1. CPU-bound: the offline judge on `--rows` rows made by repeating the bundled samples
   (`datasets/sample_en.jsonl`, `datasets/sample_ja.jsonl`, each copy with its own id). A
   24-row job per engine, run before and after the big one (the faster counts), estimates the
   fixed cost (start-up, shut-down, reports); the table shows rows per second with and without
   it.
2. LLM-bound: the OpenAI judge against the local test server in its own process, which waits
   `--latency` L before every reply, so C calls at once reach at most C / L calls per second;
   both engines at the same total `--concurrency` C, cache off.

Each part also says whether both engines wrote byte-identical `examples.csv` and
`sentences.csv`. The figures are for reading, not for asserting: they depend on the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.openai_server import write_dataset  # noqa: E402

SAMPLES = (ROOT / "datasets" / "sample_en.jsonl", ROOT / "datasets" / "sample_ja.jsonl")
ENGINES = ("local", "ray")
REPORTS = ("examples.csv", "sentences.csv")
SMALL = 24
TIMEOUT = 1800  # seconds before a run that hangs is killed


def repeat_samples(path: Path, rows: int) -> Path:
    """`rows` rows cycling through the samples; copy n of row `id` gets the id `id-n`."""
    base = []
    for sample in SAMPLES:
        with open(sample, encoding="utf-8") as fh:
            base.extend(json.loads(line) for line in fh if line.strip())
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(rows):
            row = dict(base[i % len(base)])
            row["id"] = f"{row['id']}-{i // len(base)}"
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    return path


def run_eval(data: Path, out: Path, engine: str, extra: list[str], env: dict[str, str]) -> float:
    """Wall seconds of one `ragjudge eval` in its own process; NaN (and the error) if it fails."""
    cmd = [sys.executable, "-m", "ragjudge", "eval", str(data), "--out", str(out), "--quiet"]
    cmd += ["--engine", engine, *extra]
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        stdout, stderr = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        kill_group(proc)
        stdout, stderr = proc.communicate()
        stderr += f"\nno answer after {TIMEOUT} s: killed"
    except BaseException:  # interrupted: leave no run (nor the Ray it started) behind
        kill_group(proc)
        raise
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        print(f"  FAILED (exit {proc.returncode}): {' '.join(cmd)}")
        for line in (stderr or stdout).strip().splitlines()[-15:]:
            print(f"    {line}")
        return float("nan")
    return wall


def kill_group(proc: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def identical(a: Path, b: Path, name: str) -> str:
    fa, fb = a / name, b / name
    if not fa.is_file() or not fb.is_file():
        return "missing"
    return "yes" if fa.read_bytes() == fb.read_bytes() else "no"


def rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("nan")


def cpu_part(rows: int, work: Path, env: dict[str, str]) -> None:
    data = repeat_samples(work / "cpu.jsonl", rows)
    small = repeat_samples(work / "cpu-small.jsonl", SMALL)
    print(f"\n1. offline judge (CPU-bound), {rows} rows from the bundled samples")
    fixed: dict[str, list[float]] = {engine: [] for engine in ENGINES}
    wall = {}
    # the small jobs run before (warming the disk cache) and after the big ones; the fixed
    # cost is the faster of the two
    for engine in ENGINES:
        fixed[engine].append(run_eval(small, work / f"cpu-small-{engine}", engine, [], env))
    for engine in ENGINES:
        wall[engine] = run_eval(data, work / f"cpu-{engine}", engine, [], env)
    for engine in ENGINES:
        fixed[engine].append(run_eval(small, work / f"cpu-small2-{engine}", engine, [], env))
    print(
        f"{'engine':<7} {'rows':>6} {'wall s':>8} {'rows/s':>8} "
        f"{f'{SMALL}-row s':>9} {'rows/s after start-up':>22}"
    )
    for engine in ENGINES:
        w = wall[engine]
        f = min((x for x in fixed[engine] if x == x), default=float("nan"))  # NaN: failed
        after = f"{rows / (w - f):.1f}" if w > f else "n/a"
        print(f"{engine:<7} {rows:>6} {w:>8.2f} {rate(rows, w):>8.1f} {f:>9.2f} {after:>22}")
    print(f"ray / local wall: {wall['ray'] / wall['local']:.2f}")
    for name in REPORTS:
        print(f"{name} identical: {identical(work / 'cpu-local', work / 'cpu-ray', name)}")


def start_server(latency: float) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "tests/openai_server.py", str(latency)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip()


def llm_part(rows: int, latency: float, levels: list[int], work: Path, env: dict[str, str]) -> None:
    proc, base_url = start_server(latency)
    try:
        data = write_dataset(work / "llm.jsonl", rows)
        print(
            f"\n2. openai:gpt-4o-mini → local server in its own process, L = {latency} s, "
            f"{rows} rows, cache off"
        )
        print(
            f"{'C':>4} {'engine':<7} {'wall s':>8} {'calls/s':>8} {'C/L':>7} {'achieved':>9} "
            f"{'ray/local':>10} {'examples.csv identical':>23}"
        )
        for c in levels:
            extra = ["--judge", "openai:gpt-4o-mini", "--base-url", base_url]
            extra += ["--concurrency", str(c), "--no-cache"]
            wall = {e: run_eval(data, work / f"llm-{c}-{e}", e, extra, env) for e in ENGINES}
            same = identical(work / f"llm-{c}-local", work / f"llm-{c}-ray", "examples.csv")
            limit = c / latency
            for engine in ENGINES:
                w = wall[engine]
                ratio = f"{w / wall['local']:.2f}" if engine == "ray" else ""
                print(
                    f"{c:>4} {engine:<7} {w:>8.2f} {rate(rows, w):>8.1f} {limit:>7.1f} "
                    f"{rate(rows, w) / limit:>9.1%} {ratio:>10} "
                    f"{same if engine == 'ray' else '':>23}"
                )
    finally:
        proc.kill()
        proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=5000, help="rows of the offline part")
    parser.add_argument("--llm-rows", type=int, default=400, help="rows of the LLM part")
    parser.add_argument("--latency", type=float, default=0.2, help="server reply delay L (s)")
    parser.add_argument("--concurrency", default="8,32", help="total concurrency levels C")
    parser.add_argument("--skip-cpu", action="store_true", help="leave out the offline part")
    parser.add_argument("--skip-llm", action="store_true", help="leave out the LLM part")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run the clean-up on a kill
    levels = [int(c) for c in args.concurrency.split(",")]

    try:
        ray_version = version("ray")
    except PackageNotFoundError:
        ray_version = "not installed"
    print(f"cpu_count {os.cpu_count()}, ray {ray_version}, python {sys.version.split()[0]}")

    # without --ray-address every --engine ray run starts, and is timed with, a Ray of its own
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env["OPENAI_API_KEY"] = "not-needed"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if not args.skip_cpu:
            cpu_part(args.rows, work, env)
        if not args.skip_llm:
            llm_part(args.llm_rows, args.latency, levels, work, env)


if __name__ == "__main__":
    main()
