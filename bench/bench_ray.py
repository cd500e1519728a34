"""Benchmark `ragjudge eval --engine ray` against the local engine and print two tables.

    python bench/bench_ray.py [--rows 5000] [--llm-rows 320,1280] [--latency 0.2]
                              [--concurrency 16] [--skip-cpu] [--skip-llm]

Every run is the real command line in its own process (`python -m ragjudge eval … --quiet`),
so the figures include the interpreter start and the imports; in part 1 a Ray run also starts
a fresh local Ray instance (no --ray-address) and shuts it down.

1. CPU-bound: the offline judge on `--rows` rows made by repeating the bundled samples
   (`datasets/sample_en.jsonl`, `datasets/sample_ja.jsonl`, each copy with its own id). A
   24-row job per engine, run before and after the big one (the faster counts), estimates the
   fixed cost (start-up, shut-down, reports); the table shows rows per second with and without
   it.
2. LLM-bound: the OpenAI judge against the local test server in its own process, which waits
   `--latency` L before every reply, so C calls at once reach at most C / L calls per second;
   both engines at the same total `--concurrency` C, cache off, on RAGBench validation rows
   (`../shared/data`; small made-up rows without it). The Ray runs join a two-node cluster
   on loopback (head and worker, one CPU each) started by this script, as a user's driver
   would (`--ray-address`). Each figure is marginal: the extra calls of the larger
   `--llm-rows` input over its extra wall time, so start-up cancels out; next to them, the
   thin reference client (`bench/reference_client.py`) on the same server and rows, and the
   rows each Ray node judged. The default sizes are large enough that Ray's start-up, which
   varies by seconds between runs, does not swamp the difference.

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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reference_client import (  # noqa: E402
    held_out_rows,
    marginal,
    request_bodies,
    send,
    start_server,
)

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


def start_cluster() -> Any:
    """A head and a worker node with one CPU each, every process on 127.0.0.1."""
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    return cluster


def rows_by_worker(out: Path) -> list[int]:
    counts: dict[str, int] = {}
    with open(out / "judgments.jsonl", encoding="utf-8") as fh:
        for line in fh:
            worker = json.loads(line)["worker"]
            counts[worker] = counts.get(worker, 0) + 1
    return sorted(counts.values(), reverse=True)


def llm_part(
    sizes: tuple[int, int], latency: float, c: int, work: Path, env: dict[str, str]
) -> None:
    small, large = sizes
    proc, base_url = start_server(latency)
    cluster = start_cluster()
    try:
        data = {n: held_out_rows(work / f"llm-{n}.parquet", n) for n in sizes}
        print(
            f"\n2. openai:gpt-4o-mini → local server in its own process, L = {latency} s, "
            f"C = {c} (at most {c / latency:.0f} calls/s), rows {small} and {large}, cache off;"
            f"\n   Ray: a two-node loopback cluster (1 CPU each), the CLI as driver"
        )
        bodies = {n: request_bodies(path) for n, path in data.items()}
        send(base_url, bodies[small], c)  # warm up the server's threads
        thin = {n: send(base_url, bodies[n], c) for n in sizes}
        extra = ["--judge", "openai:gpt-4o-mini", "--base-url", base_url]
        extra += ["--concurrency", str(c), "--no-cache"]
        ray_args = [*extra, "--ray-address", cluster.address]
        # starting the cluster turned on Ray's token authentication in this process's
        # environment (RAY_AUTH_MODE): a driver started without it waits for the cluster forever
        env = {**os.environ, **{k: v for k, v in env.items() if not k.startswith("RAY_")}}
        wall = {"thin client": thin}
        for engine, args in (("local", extra), ("ray", ray_args)):
            outs = {n: work / f"llm-{engine}-{n}" for n in sizes}
            wall[engine] = {n: run_eval(data[n], outs[n], engine, args, env) for n in sizes}
        rates = {k: marginal((small, w[small]), (large, w[large])) for k, w in wall.items()}
        print(f"{'':<12} {small:>7} s {large:>7} s {'marginal calls/s':>17}")
        for name, w in wall.items():
            print(f"{name:<12} {w[small]:>9.2f} {w[large]:>9.2f} {rates[name]:>17.1f}")
        print(f"ray / local (marginal): {rates['ray'] / rates['local']:.2f}")
        print(f"local / thin client (marginal): {rates['local'] / rates['thin client']:.2f}")
        nodes = rows_by_worker(work / f"llm-ray-{large}")
        print(f"rows judged by each Ray node ({large}-row run): {nodes}")
        same = identical(work / f"llm-local-{large}", work / f"llm-ray-{large}", "examples.csv")
        print(f"examples.csv identical: {same}")
    finally:
        cluster.shutdown()
        proc.kill()
        proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=5000, help="rows of the offline part")
    parser.add_argument("--llm-rows", default="320,1280", help="the LLM part's two input sizes")
    parser.add_argument("--latency", type=float, default=0.2, help="server reply delay L (s)")
    parser.add_argument("--concurrency", type=int, default=16, help="total concurrency C")
    parser.add_argument("--skip-cpu", action="store_true", help="leave out the offline part")
    parser.add_argument("--skip-llm", action="store_true", help="leave out the LLM part")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run the clean-up on a kill
    small, large = (int(n) for n in args.llm_rows.split(","))

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
            llm_part((small, large), args.latency, args.concurrency, work, env)


if __name__ == "__main__":
    main()
