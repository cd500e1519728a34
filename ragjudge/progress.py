"""Progress of a batch on stderr: a redrawn one-line bar on a terminal, plain periodic log lines
elsewhere (CI logs stay readable), a `tqdm.auto` bar for the Python API (a widget in Jupyter,
text elsewhere), nothing with `quiet`.

Shows done / total, failed, cached and resumed examples, the rate, the ETA when the total is
known, and the tokens used so far. `count_rows` finds the total cheaply (counting newlines of
a JSONL file, or reading a Parquet file's metadata) without parsing the data.
"""

from __future__ import annotations

import gzip
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from ragjudge.record import Record


def count_rows(path: str | Path) -> int | None:
    """Rows in a dataset file, when that is cheap to know: JSONL (non-blank lines, gzip too)
    and Parquet (metadata). None for other formats, stdin or an unreadable file."""
    p = Path(path)
    name = p.name.lower()
    try:
        if name.endswith(".parquet"):
            import pyarrow.parquet as pq

            return int(pq.ParquetFile(p).metadata.num_rows)
        if name.endswith((".jsonl", ".ndjson", ".jsonl.gz", ".ndjson.gz")):
            opener: Any = gzip.open if name.endswith(".gz") else open
            n = 0
            with opener(p, "rb") as fh:
                for line in fh:
                    if line.strip():
                        n += 1
            return n
    except Exception:  # a total is a nicety: the loader reports real problems with the file
        return None
    return None


def _duration(seconds: float) -> str:
    seconds = int(max(0, seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:d}:{s:02d}"


def _tokens(n: int) -> str:
    if n >= 1_000_000:
        return f"{n / 1_000_000:.1f}M"
    if n >= 10_000:
        return f"{n / 1000:.0f}k"
    return str(n)


class Progress:
    """Counts finished examples and shows them. `mode` is `bar`, `log`, `tqdm` or `none`;
    `auto` (default) picks `bar` when the stream is a terminal and `log` otherwise."""

    def __init__(
        self,
        total: int | None = None,
        *,
        mode: str = "auto",
        stream: TextIO | None = None,
        log_every_s: float = 10.0,
        bar_every_s: float = 0.2,
    ) -> None:
        self.stream = stream or sys.stderr
        if mode == "auto":
            isatty = getattr(self.stream, "isatty", None)
            mode = "bar" if isatty is not None and isatty() else "log"
        self.mode = mode
        self.total = total
        self.every = bar_every_s if mode == "bar" else log_every_s
        self.start = time.monotonic()
        self.last = self.start
        self.done = self.failed = self.cached = self.resumed = 0
        self.tokens = 0
        self.retries = 0
        self._tqdm: Any = None
        if mode == "tqdm":
            from tqdm.auto import tqdm

            self._tqdm = tqdm(total=total, desc="ragjudge", unit="ex", file=self.stream)
            self.every = 0.5

    def update(
        self, status: str, *, cached: bool = False, tokens: int = 0, resumed: bool = False
    ) -> None:
        """Count one finished example: its status, whether its judgment came from the cache,
        the tokens it used, and whether an earlier run had judged it already."""
        self.done += 1
        if resumed:
            self.resumed += 1
        elif cached:
            self.cached += 1
        if status in ("failed", "invalid_input"):
            self.failed += 1
        self.tokens += tokens
        if self._tqdm is not None:
            self._tqdm.update(1)
        now = time.monotonic()
        if self.mode != "none" and now - self.last >= self.every:
            self.last = now
            self.show()

    def add(self, record: Record, *, resumed: bool = False) -> None:
        """`update` with what a record says."""
        usage = record.usage
        self.update(
            record.status.value,
            cached=record.cached,
            tokens=usage.input_tokens + usage.output_tokens,
            resumed=resumed,
        )

    def line(self) -> str:
        elapsed = max(time.monotonic() - self.start, 1e-9)
        # resumed examples cost nothing: leave them out of the rate the ETA is based on
        fresh = self.done - self.resumed
        rate = fresh / elapsed
        parts = []
        if self.total:
            share = min(1.0, self.done / self.total)
            parts.append(f"{self.done}/{self.total} ({share:.0%})")
        else:
            parts.append(f"{self.done} done")
        parts.append(f"{self.failed} failed")
        parts.append(f"{self.cached} cached")
        if self.resumed:
            parts.append(f"{self.resumed} resumed")
        if self.retries:
            parts.append(f"{self.retries} retries")
        parts.append(f"{rate:.1f}/s")
        if self.total and rate > 0 and self.done < self.total:
            parts.append(f"ETA {_duration((self.total - self.done) / rate)}")
        parts.append(f"{_tokens(self.tokens)} tokens")
        parts.append(f"elapsed {_duration(elapsed)}")
        return ", ".join(parts)

    def _bar(self) -> str:
        if not self.total:
            return ""
        width = 24
        filled = int(width * min(1.0, self.done / self.total))
        return "[" + "#" * filled + "." * (width - filled) + "] "

    def _postfix(self) -> str:
        parts = [f"{self.failed} failed", f"{self.cached} cached"]
        if self.resumed:
            parts.append(f"{self.resumed} resumed")
        if self.retries:
            parts.append(f"{self.retries} retries")
        parts.append(f"{_tokens(self.tokens)} tokens")
        return ", ".join(parts)

    def show(self) -> None:
        if self._tqdm is not None:
            # an engine may count examples itself (done += 1): the bar follows the count
            self._tqdm.n = self.done
            self._tqdm.set_postfix_str(self._postfix(), refresh=True)
            return
        if self.mode == "bar":
            self.stream.write("\r\x1b[2K" + self._bar() + self.line())
        elif self.mode == "log":
            self.stream.write("ragjudge: " + self.line() + "\n")
        else:
            return
        self.stream.flush()

    def close(self) -> None:
        """Show the final figures (and end the bar's line)."""
        if self.mode == "none":
            return
        self.show()
        if self._tqdm is not None:
            self._tqdm.close()
            return
        if self.mode == "bar":
            self.stream.write("\n")
            self.stream.flush()


__all__ = ["Progress", "count_rows"]
