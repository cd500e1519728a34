"""Benchmark the pipeline's own overhead with the offline judge: examples per second and peak
memory for growing datasets, to show that memory stays flat (stream in, stream out), the
reports included.

    python bench/bench_pipeline.py [--data ../shared/data] [--sizes 1000,10000,100000]

Rows are RAGBench validation rows (question, documents, response) repeated with fresh ids
into a temporary JSONL file; each size runs in a fresh process, which reports its resident
memory after start-up (imports and one warm-up example), its peak while judging (the batch
engine writing `judgments.jsonl`), then the time and peak of building every report from the
records, and the size of `report.html`.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data"


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        pages = int(fh.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def synthesise(data: Path, n: int, path: Path) -> None:
    import pandas as pd

    files = sorted(data.glob("ragbench-validation/*/*.parquet"))
    if not files:
        raise SystemExit(f"no RAGBench rows under {data}")
    rows = []
    for file in files:
        frame = pd.read_parquet(file, columns=["question", "documents", "response"])
        rows += [
            {"question": q, "documents": [str(d) for d in docs], "response": r}
            for q, docs, r in zip(
                frame["question"], frame["documents"], frame["response"], strict=True
            )
        ]
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(n):
            fh.write(json.dumps({"id": f"row-{i}", **rows[i % len(rows)]}) + "\n")


def child(path: Path, out: Path) -> None:
    from ragjudge.dataset import iter_examples
    from ragjudge.judges.base import make_judge
    from ragjudge.runner import RunConfig, build_reports, execute

    judge = make_judge("offline")
    warm = RunConfig(judge=judge, quiet=True, dataset="warm-up", limit=1)
    build_reports(
        out.with_name("warm"), execute(iter_examples(path), out.with_name("warm"), warm)[0], warm
    )
    base = rss_mb()
    config = RunConfig(judge=judge, quiet=True, dataset=str(path))
    start = time.perf_counter()
    info, _ = execute(iter_examples(path), out, config)
    wall = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start = time.perf_counter()
    build_reports(out, info, config)
    report_wall = time.perf_counter() - start
    report_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        json.dumps(
            {
                "n": info["examples"],
                "wall": wall,
                "base_mb": base,
                "peak_mb": peak,
                "report_wall": report_wall,
                "report_peak_mb": report_peak,
                "html_mb": (out / "report.html").stat().st_size / 2**20,
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--child", nargs=2, metavar=("DATA", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(Path(args.child[0]), Path(args.child[1]))
        return
    print(
        f"{'examples':>9} {'wall s':>8} {'examples/s':>11} {'RSS start MB':>13} {'peak MB':>8}"
        f" {'reports s':>10} {'peak with reports MB':>21} {'report.html MB':>15}"
    )
    for n in (int(s) for s in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp) / "data.jsonl"
            synthesise(args.data, n, data)
            result = subprocess.run(
                [sys.executable, __file__, "--child", str(data), str(Path(tmp) / "out")],
                capture_output=True,
                text=True,
                check=True,
            )
            r = json.loads(result.stdout.strip().splitlines()[-1])
            print(
                f"{r['n']:>9} {r['wall']:>8.1f} {r['n'] / r['wall']:>11.1f} "
                f"{r['base_mb']:>13.0f} {r['peak_mb']:>8.0f} {r['report_wall']:>10.1f} "
                f"{r['report_peak_mb']:>21.0f} {r['html_mb']:>15.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
