"""Benchmark the local engine's LLM path against a thin reference client on the same server.

    python bench/bench_runner.py [--latency 0.25] [--concurrency 32] [--rows 320,1280]
                                 [--workers 1,auto] [--repeat 1]

The local OpenAI-compatible test server runs in its own process and waits `latency` L
before every reply, so C calls at once reach at most C / L calls a second. Each run is the
real command line in its own process (`python -m ragjudge eval … --no-cache --quiet`) with
`openai:gpt-4o-mini` (LangChain's client), once per `--workers` setting (`auto`: the
default for that concurrency). The reference is `bench/reference_client.py`: the same
rendered prompts posted over bare asyncio streams at the same concurrency. The rows are
RAGBench validation rows from ../shared/data (every subset mixed), or small made-up rows
without it.

Every figure is marginal: the extra calls of the larger `--rows` input over its extra wall
time, so start-up (interpreter, imports, connections) cancels out; the reports do not quite,
since their detailed examples grow with the batch up to `--report-examples`. The last column
is the rate while calls are out: requests between the server's first and last of the larger
run, on its clock. With `--repeat N` every run is made N times, the sizes taking turns, and
each wall time is the median of its N (start-up alone varies by up to a second between runs of
the command line). Then a finished job is run again into a new folder with the same cache
(target: zero calls). The figures depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reference_client import (  # noqa: E402
    calls_while_out,
    held_out_rows,
    marginal,
    request_bodies,
    send,
    start_server,
)


def run_eval(data: Path, out: Path, extra: list[str]) -> tuple[float, dict[str, object]]:
    """Wall seconds of one `ragjudge eval` in its own process, and its run.json."""
    cmd = [sys.executable, "-m", "ragjudge", "eval", str(data), "--out", str(out), "--quiet"]
    env = {**os.environ, "OPENAI_API_KEY": "not-needed"}
    start = time.perf_counter()
    done = subprocess.run([*cmd, *extra], cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"failed (exit {done.returncode}): {' '.join(cmd)}\n{done.stderr}")
    return wall, json.loads((out / "run.json").read_text(encoding="utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.25)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--rows", default="320,1280", help="the two input sizes")
    parser.add_argument("--workers", default="1,auto", help="--workers settings to compare")
    parser.add_argument("--repeat", type=int, default=1, help="runs per size; medians are used")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    small, large = (int(n) for n in args.rows.split(","))
    c, latency = args.concurrency, args.latency
    print(f"cpu_count {os.cpu_count()}, python {sys.version.split()[0]}, load {os.getloadavg()}")
    print(f"C = {c}, L = {latency} s: at most {c / latency:.0f} calls/s; rows {small}, {large}")

    proc, base_url = start_server(latency)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            data = {n: held_out_rows(work / f"d{n}.parquet", n) for n in (small, large)}
            bodies = {n: request_bodies(path) for n, path in data.items()}
            send(base_url, bodies[small], c)  # warm up the server's threads
            repeats = max(1, args.repeat)
            times: dict[int, list[float]] = {small: [], large: []}
            for _ in range(repeats):
                for n in (small, large):
                    calls_while_out(proc)
                    times[n].append(send(base_url, bodies[n], c))
            out = calls_while_out(proc)
            walls = {n: statistics.median(t) for n, t in times.items()}
            thin = marginal((small, walls[small]), (large, walls[large]))
            head = f"{'client':<34} {small:>7} s {large:>7} s {'marginal calls/s':>17}"
            print(f"\n{head} {'/ thin':>7} {'calls/s while out':>18}")
            ref = f"{walls[small]:>9.2f} {walls[large]:>9.2f} {thin:>17.1f}"
            print(f"{'thin asyncio client':<34} {ref} {'':>7} {out:>18.1f}")
            llm = ["--judge", "openai:gpt-4o-mini", "--base-url", base_url]
            llm += ["--concurrency", str(c), "--no-cache"]
            for setting in args.workers.split(","):
                extra = llm if setting == "auto" else [*llm, "--workers", setting]
                seconds: dict[int, list[float]] = {small: [], large: []}
                info: dict[str, object] = {}
                for r in range(repeats):
                    for n in (small, large):
                        calls_while_out(proc)
                        folder = work / f"w{setting}-{n}-{r}"
                        wall, info = run_eval(data[n], folder, extra)
                        seconds[n].append(wall)
                out = calls_while_out(proc)
                options = info["options"]
                assert isinstance(options, dict)
                used = options.get("workers", "?")
                runs = {n: (statistics.median(t), info) for n, t in seconds.items()}
                rate = marginal((small, runs[small][0]), (large, runs[large][0]))
                label = f"ragjudge eval --workers {setting} ({used})"
                print(
                    f"{label:<34} {runs[small][0]:>9.2f} {runs[large][0]:>9.2f} "
                    f"{rate:>17.1f} {rate / thin:>7.2f} {out:>18.1f}"
                )

            cache = work / "cache.sqlite"
            cached = [*llm[:-1], "--cache", str(cache)]
            first, _ = run_eval(data[large], work / "job", cached)
            again, info = run_eval(data[large], work / "job-again", cached)
            engine = info["engine"]
            assert isinstance(engine, dict)
            print(
                f"\nrerun of a finished {large}-row job into a new folder, same cache: "
                f"{engine['calls']} calls, {engine['cache_hits']} cache hits, "
                f"{again:.2f} s (first run {first:.2f} s)"
            )
    finally:
        proc.kill()
        proc.wait()


if __name__ == "__main__":
    main()
