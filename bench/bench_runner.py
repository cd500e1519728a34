"""Benchmark the batch engine against the local OpenAI-compatible server and print a table.

    python bench/bench_runner.py [--latency 0.2] [--concurrency 1,8,32,128]

The server runs in its own process and waits a fixed `latency` L before every reply, so C
concurrent calls can reach at most C / L calls per second; the table shows the calls per
second the runner achieved (cache off) against that limit, through the real LangChain/OpenAI
client and, to separate the engine from the client's own CPU cost, with an in-process judge
that only sleeps L per call. Then a finished job is run again,
once into a new folder with the same cache and once into its own folder (a resume): the
judge calls made (target 0) and the wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ragjudge.dataset import iter_examples  # noqa: E402
from ragjudge.judges.base import make_judge  # noqa: E402
from ragjudge.limits import RetryPolicy  # noqa: E402
from ragjudge.runner import RunConfig, execute  # noqa: E402
from ragjudge.types import Reply, Usage  # noqa: E402
from tests.openai_server import valid_judgment, write_dataset  # noqa: E402


class SleepJudge:
    """An LLM-like judge without a client: waits `latency` and answers a valid judgment."""

    kind = "llm"
    uses_prompt = True
    prompt_format = "chat"

    def __init__(self, latency: float) -> None:
        self.latency = latency

    def identity(self) -> dict[str, Any]:
        return {"kind": "llm", "provider": "bench", "model": "sleep", "params": {}}

    async def ask(self, item: Any, messages: Any) -> Reply:
        await asyncio.sleep(self.latency)
        body = {"messages": [{"role": m.role, "content": m.content} for m in messages]}
        return Reply(valid_judgment(body), Usage(100, 50), latency_s=self.latency)


def throughput(judge: Any, levels: list[int], latency: float, waves: int, work: Path) -> None:
    print(f"{'C':>5} {'calls':>6} {'wall s':>8} {'calls/s':>9} {'C/L':>8} {'achieved':>9}")
    for c in levels:
        n = max(20, waves * c)
        data = write_dataset(work / f"d{c}.jsonl", n)
        config = RunConfig(
            judge=judge, concurrency=c, quiet=True, dataset=str(data), use_cache=False,
            retry=RetryPolicy(max_retries=0), overwrite=True,
        )  # fmt: skip
        start = time.perf_counter()
        _, stats = execute(iter_examples(data), work / f"run{c}", config)
        wall = time.perf_counter() - start
        rate, limit = stats.calls / wall, c / latency
        share = rate / limit
        print(f"{c:>5} {stats.calls:>6} {wall:>8.2f} {rate:>9.1f} {limit:>8.1f} {share:>9.1%}")


def start_server(latency: float) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.openai_server", str(latency)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--concurrency", default="1,8,32,128")
    parser.add_argument("--waves", type=int, default=10, help="examples per run = waves × C")
    args = parser.parse_args()
    levels = [int(c) for c in args.concurrency.split(",")]

    proc, base_url = start_server(args.latency)
    try:
        judge = make_judge("openai:m", base_url=base_url, timeout=30)
        retry = RetryPolicy(max_retries=0)
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            # warm up: imports, the sentence splitter, the first connections
            throughput(judge, [8], args.latency, 1, work)
            print(f"\nLangChain ChatOpenAI → local server in its own process, L = {args.latency} s")
            throughput(judge, levels, args.latency, args.waves, work)
            print(f"\nin-process judge that sleeps L = {args.latency} s (engine + pipeline only)")
            throughput(SleepJudge(args.latency), levels, args.latency, args.waves, work)

            n = 1000
            data = write_dataset(work / "rerun.jsonl", n)
            cache = work / "cache.sqlite"

            def job(out: str) -> tuple[float, int, int]:
                config = RunConfig(
                    judge=judge, concurrency=32, quiet=True, dataset=str(data), cache=cache,
                    retry=retry,
                )  # fmt: skip
                start = time.perf_counter()
                info, stats = execute(iter_examples(data), work / out, config)
                return time.perf_counter() - start, stats.calls, info["resumed"]

            print(f"\nrerun of a finished job ({n} examples, C = 32):")
            for label, out in (
                ("first run", "job"),
                ("same job, new folder (cache)", "job-again"),
                ("same job, same folder (resume)", "job"),
            ):
                wall, calls, resumed = job(out)
                print(
                    f"  {label:<32} judge calls {calls:>5}   resumed {resumed:>5}   "
                    f"wall {wall:6.2f} s"
                )
    finally:
        proc.kill()
        proc.wait()


if __name__ == "__main__":
    main()
