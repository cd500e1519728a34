"""A thin reference client for the throughput benchmarks: the judge's requests sent straight
over asyncio streams, to measure what the server and this machine allow without any client
stack.

The request bodies are the prompts ragjudge renders for the rows (rendered before the clock
starts), posted as `/chat/completions` over `concurrency` keep-alive HTTP/1.1 connections;
each reply is read and its judgment parsed from JSON, which any client has to do. Nothing
else: no retries, no timeouts, no cache, no records.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from ragjudge.dataset import iter_examples
from ragjudge.prompt import render
from ragjudge.sentences import key_example
from ragjudge.types import Example

ROOT = Path(__file__).resolve().parent.parent
#: RAGBench's held-out (validation) rows, when the shared data is beside the project
HELD_OUT = ROOT.parent / "shared" / "data" / "ragbench-validation"


def start_server(latency: float) -> tuple[subprocess.Popen[str], str]:
    """The local OpenAI-compatible test server in a process of its own, waiting `latency`
    seconds before every reply, and its base URL."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.openai_server", str(latency)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip()


def calls_while_out(proc: subprocess.Popen[str]) -> float:
    """Requests a second between the first and the last the server received since it was
    last asked, on the server's clock: the rate while calls are out, without start-up and
    reports."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("\n")
    proc.stdin.flush()
    count, span = proc.stdout.readline().split()
    return (int(count) - 1) / float(span) if float(span) > 0 else 0.0


def held_out_rows(path: Path, n: int) -> Path:
    """A Parquet file of `n` held-out RAGBench rows, every subset mixed in (the same mix at
    any `n`: a smaller file is the start of a larger one); the test dataset's small rows when
    the shared data is absent."""
    files = sorted(HELD_OUT.glob("*/*.parquet"))
    if not files:
        from tests.openai_server import write_dataset

        return write_dataset(path.with_suffix(".jsonl"), n)
    import pandas as pd

    columns = ["id", "question", "documents", "response"]
    rows = pd.concat([pd.read_parquet(f, columns=columns) for f in files], ignore_index=True)
    rows = rows.sample(frac=1.0, random_state=0).reset_index(drop=True)
    if n > len(rows):
        raise SystemExit(f"only {len(rows)} held-out rows, {n} asked")
    rows.iloc[:n].to_parquet(path, index=False)
    return path


def request_bodies(data: Path, model: str = "gpt-4o-mini") -> list[bytes]:
    """The chat request of every row of `data`, as JSON bytes."""
    bodies = []
    for item in iter_examples(data):
        if not isinstance(item, Example):
            continue
        prompt = render(key_example(item))
        messages = [{"role": m.role, "content": m.content} for m in prompt.messages]
        body = {"model": model, "messages": messages, "temperature": 0}
        bodies.append(json.dumps(body).encode())
    return bodies


async def _connection(host: str, port: int, path: str, queue: list[bytes]) -> int:
    reader, writer = await asyncio.open_connection(host, port)
    done = 0
    try:
        while queue:
            body = queue.pop()
            head = (
                f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
            )
            writer.write(head.encode() + body)
            headers = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in headers.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            reply = json.loads(await reader.readexactly(length))
            json.loads(reply["choices"][0]["message"]["content"])
            done += 1
    finally:
        writer.close()
    return done


async def _send_all(base_url: str, bodies: list[bytes], concurrency: int) -> int:
    url = urlsplit(base_url)
    host, port = url.hostname or "127.0.0.1", url.port or 80
    path = url.path.rstrip("/") + "/chat/completions"
    queue = list(reversed(bodies))
    counts = await asyncio.gather(
        *(_connection(host, port, path, queue) for _ in range(min(concurrency, len(bodies))))
    )
    return sum(counts)


def send(base_url: str, bodies: list[bytes], concurrency: int) -> float:
    """Wall seconds to send every body, `concurrency` at a time (a fresh event loop and fresh
    connections, as a run would open them)."""
    start = time.perf_counter()
    sent = asyncio.run(_send_all(base_url, bodies, concurrency))
    wall = time.perf_counter() - start
    assert sent == len(bodies), (sent, len(bodies))
    return wall


def marginal(small: tuple[int, float], large: tuple[int, float]) -> float:
    """Calls a second between two runs of (calls, wall seconds): the extra calls of the larger
    one over its extra time, so the fixed cost of a run (start-up, reports) cancels."""
    (n1, t1), (n2, t2) = small, large
    return (n2 - n1) / (t2 - t1) if t2 > t1 else float("nan")
