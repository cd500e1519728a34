"""The persistent judge cache: every LLM reply stored in SQLite as soon as it arrives, so a
rerun (or a resume after a crash) never pays for the same call twice.

A reply is keyed by the judge's identity (kind, provider, model, parameters), the prompt
template's name, version and hash, and the hash of the whole conversation sent (the rendered
prompt plus any repair turns, so repaired answers are cached too). The database runs in WAL
mode with a busy timeout and commits each reply in its own transaction: several processes may
share one cache file, and killing a process loses nothing that was already answered.

The schema carries a version and is upgraded by numbered migrations (`MIGRATIONS`); a cache
written by a newer ragjudge is refused rather than damaged.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ragjudge.errors import InputError
from ragjudge.types import Message, Reply, Usage

CACHE_FILE = ".ragjudge-cache.sqlite"


def _m1_replies(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE replies (
            key TEXT PRIMARY KEY,
            judge TEXT NOT NULL,
            template TEXT NOT NULL,
            text TEXT NOT NULL,
            input_tokens INTEGER NOT NULL DEFAULT 0,
            output_tokens INTEGER NOT NULL DEFAULT 0,
            estimated INTEGER NOT NULL DEFAULT 0,
            latency_s REAL NOT NULL DEFAULT 0,
            created REAL NOT NULL
        )"""
    )


def _m2_judge_index(db: sqlite3.Connection) -> None:
    # `stats()` and `clear(judge=…)` select by judge; without the index both scan the table
    db.execute("CREATE INDEX IF NOT EXISTS replies_judge ON replies (judge)")


def _m3_reply_mode(db: sqlite3.Connection) -> None:
    # how the answer was asked for (structured output, JSON mode, text); null before version 3
    db.execute("ALTER TABLE replies ADD COLUMN mode TEXT")


#: (version, migration) in order; a database at version N has run every migration up to N
MIGRATIONS: tuple[tuple[int, Callable[[sqlite3.Connection], None]], ...] = (
    (1, _m1_replies),
    (2, _m2_judge_index),
    (3, _m3_reply_mode),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def judge_key(identity: Mapping[str, Any]) -> str:
    """The judge part of a cache key: its identity as canonical JSON."""
    return _canonical(dict(identity))


def template_key(name: str, version: str, template_hash: str) -> str:
    return f"{name}@{version}#{template_hash}"


def cache_key(judge: str, template: str, messages: Sequence[Message]) -> str:
    """The SHA-256 key of one call: judge identity, template identity, whole conversation."""
    conversation = [[m.role, m.content] for m in messages]
    payload = _canonical({"judge": judge, "template": template, "messages": conversation})
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def default_cache_path(out_dir: str | Path) -> Path:
    """`<parent of the output folder>/.ragjudge-cache.sqlite`: shared by the runs side by side."""
    return Path(out_dir).resolve().parent / CACHE_FILE


class JudgeCache:
    """A SQLite cache of judge replies. Use as a context manager or call `close()`."""

    def __init__(self, path: str | Path, *, busy_timeout_s: float = 30.0) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            # autocommit mode: every statement outside an explicit BEGIN is its own transaction
            self._db = sqlite3.connect(
                self.path, timeout=busy_timeout_s, isolation_level=None, check_same_thread=False
            )
            self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_s * 1000)}")
            self._db.execute("PRAGMA journal_mode = WAL")
            # WAL + NORMAL survives a killed process (not a power cut) without an fsync per reply
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._migrate()
            # the batch engine stores from a thread while it looks up on its event loop
            self._lock = threading.Lock()
        except sqlite3.DatabaseError as exc:
            raise InputError(f"cannot use the cache {self.path}: {exc}") from exc

    # --- schema ------------------------------------------------------------------------------

    def _migrate(self) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")  # one process migrates; the others wait, then see it done
        try:
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = db.execute("SELECT version FROM schema_version").fetchone()
            version = row[0] if row else 0
            if version > SCHEMA_VERSION:
                raise InputError(
                    f"the cache {self.path} was written by a newer ragjudge (schema {version}, "
                    f"this one knows up to {SCHEMA_VERSION}); upgrade, or use --cache elsewhere"
                )
            for number, migration in MIGRATIONS:
                if number > version:
                    migration(db)
            if row is None:
                db.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            elif version < SCHEMA_VERSION:
                db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    @property
    def version(self) -> int:
        row = self._db.execute("SELECT version FROM schema_version").fetchone()
        return int(row[0]) if row else 0

    # --- use ---------------------------------------------------------------------------------

    def get(self, key: str) -> Reply | None:
        with self._lock:
            row = self._db.execute(
                "SELECT text, input_tokens, output_tokens, estimated, latency_s, mode "
                "FROM replies WHERE key = ?",
                (key,),
            ).fetchone()
        if row is None:
            return None
        text, inp, out, estimated, latency, mode = row
        return Reply(
            text=text,
            usage=Usage(inp, out, bool(estimated)),
            latency_s=latency,
            cached=True,
            mode=mode,
        )

    def put(self, key: str, reply: Reply, *, judge: str, template: str) -> None:
        """Store one reply now, in its own transaction (it was paid for: do not lose it)."""
        with self._lock:
            self._store(key, reply, judge, template)

    def _store(self, key: str, reply: Reply, judge: str, template: str) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO replies (key, judge, template, text, input_tokens, "
            "output_tokens, estimated, latency_s, created, mode) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                key,
                judge,
                template,
                reply.text,
                reply.usage.input_tokens,
                reply.usage.output_tokens,
                int(reply.usage.estimated),
                reply.latency_s,
                time.time(),
                reply.mode,
            ),
        )

    def __len__(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM replies").fetchone()[0])

    def stats(self) -> dict[str, int]:
        """Number of stored replies per judge identity."""
        rows = self._db.execute("SELECT judge, COUNT(*) FROM replies GROUP BY judge").fetchall()
        return {judge: n for judge, n in rows}

    def clear(self, judge: str | None = None) -> int:
        """Delete the stored replies (of one judge identity only, when given); returns how many."""
        if judge is None:
            cur = self._db.execute("DELETE FROM replies")
        else:
            cur = self._db.execute("DELETE FROM replies WHERE judge = ?", (judge,))
        return cur.rowcount

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> JudgeCache:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


__all__ = [
    "CACHE_FILE",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "JudgeCache",
    "cache_key",
    "default_cache_path",
    "judge_key",
    "template_key",
]
