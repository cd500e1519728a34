"""The SQLite judge cache: keys, round trips, migrations, concurrent writers, kill -9."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ragjudge.cache import (
    MIGRATIONS,
    SCHEMA_VERSION,
    JudgeCache,
    cache_key,
    default_cache_path,
    judge_key,
    template_key,
)
from ragjudge.errors import InputError
from ragjudge.types import Message, Reply, Usage

JUDGE = judge_key({"kind": "llm", "provider": "openai", "model": "m", "params": {"temperature": 0}})
TEMPLATE = template_key("groundedness", "1", "abc")
PROMPT = (Message("system", "be careful"), Message("user", "judge this"))


def test_reply_round_trip_is_marked_cached(tmp_path: Path) -> None:
    with JudgeCache(tmp_path / "c.sqlite") as cache:
        key = cache_key(JUDGE, TEMPLATE, PROMPT)
        assert cache.get(key) is None
        cache.put(key, Reply("{}", Usage(120, 30, True), latency_s=0.5), judge=JUDGE,
                  template=TEMPLATE)  # fmt: skip
        hit = cache.get(key)
    assert hit == Reply("{}", Usage(120, 30, True), latency_s=0.5, cached=True)


def test_key_covers_judge_template_and_whole_conversation() -> None:
    base = cache_key(JUDGE, TEMPLATE, PROMPT)
    other_judge = judge_key({"kind": "llm", "provider": "openai", "model": "m2", "params": {}})
    repaired = (*PROMPT, Message("assistant", "oops"), Message("user", "fix it"))
    keys = {
        base,
        cache_key(other_judge, TEMPLATE, PROMPT),
        cache_key(JUDGE, template_key("groundedness", "2", "abc"), PROMPT),
        cache_key(JUDGE, TEMPLATE, repaired),
        cache_key(JUDGE, TEMPLATE, (Message("user", "be careful"), PROMPT[1])),
    }
    assert len(keys) == 5
    # parameter order in the identity does not matter
    same = judge_key({"params": {"temperature": 0}, "model": "m", "provider": "openai",
                      "kind": "llm"})  # fmt: skip
    assert cache_key(same, TEMPLATE, PROMPT) == base


def test_default_path_is_next_to_the_output_folder(tmp_path: Path) -> None:
    expected = tmp_path / "runs" / ".ragjudge-cache.sqlite"
    assert default_cache_path(tmp_path / "runs" / "a") == expected


def test_old_schema_is_migrated_and_keeps_its_replies(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    MIGRATIONS[0][1](db)  # a cache written when only migration 1 existed
    db.execute("INSERT INTO schema_version VALUES (1)")
    db.execute(
        "INSERT INTO replies (key, judge, template, text, created) VALUES ('k', ?, ?, 'old', 0)",
        (JUDGE, TEMPLATE),
    )
    db.close()
    with JudgeCache(path) as cache:
        assert cache.version == SCHEMA_VERSION == 3
        # an old reply has no mode; a new one keeps how it was asked for
        assert cache.get("k") == Reply("old", Usage(0, 0, False), cached=True)
        cache.put("n", Reply("new", mode="json_schema"), judge=JUDGE, template=TEMPLATE)
        assert cache.get("n") == Reply("new", cached=True, mode="json_schema")
        assert cache.stats() == {JUDGE: 2}
    indexes = sqlite3.connect(path).execute("PRAGMA index_list(replies)").fetchall()
    assert any(row[1] == "replies_judge" for row in indexes)


def test_cache_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    JudgeCache(path).close()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("UPDATE schema_version SET version = 99")
    db.close()
    with pytest.raises(InputError, match="newer ragjudge"):
        JudgeCache(path)


def test_not_a_database_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite"
    path.write_text("this is not sqlite " * 100)
    with pytest.raises(InputError, match="cannot use the cache"):
        JudgeCache(path)


def test_clear_by_judge(tmp_path: Path) -> None:
    with JudgeCache(tmp_path / "c.sqlite") as cache:
        cache.put("a", Reply("1"), judge=JUDGE, template=TEMPLATE)
        cache.put("b", Reply("2"), judge="other", template=TEMPLATE)
        assert cache.clear(judge="other") == 1
        assert len(cache) == 1 and cache.get("a") is not None


_WRITER = textwrap.dedent(
    """
    import sys
    from ragjudge.cache import JudgeCache
    from ragjudge.types import Reply
    path, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with JudgeCache(path) as cache:
        for i in range(n):
            cache.put(f"{name}-{i}", Reply(f"reply {i}"), judge=name, template="t")
            if i == n // 2:
                print("half", flush=True)
        print("done", flush=True)
        sys.stdin.readline()  # stay alive until killed or told to go
    """
)


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(path), f"w{n}", "300"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for n in range(3)
    ]
    for proc in procs:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "half"
    for proc in procs:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "done"
        proc.communicate("\n", timeout=30)
    with JudgeCache(path) as cache:
        assert cache.stats() == {"w0": 300, "w1": 300, "w2": 300}


def test_kill_9_keeps_every_stored_reply(tmp_path: Path) -> None:
    path = tmp_path / "killed.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(path), "k", "200"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "half"
    assert proc.stdout.readline().strip() == "done"
    os.kill(proc.pid, signal.SIGKILL)  # the connection is never closed, the WAL never merged
    proc.wait(timeout=30)
    with JudgeCache(path) as cache:
        assert len(cache) == 200
        assert cache.get("k-199") == Reply("reply 199", cached=True)
