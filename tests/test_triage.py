"""Triage (`--triage offline`): the offline judge screens every row and only the escalated
rows reach the LLM judge, through the local OpenAI-compatible server over real HTTP."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from ragjudge.cli import main
from ragjudge.judges.offline import OfflineJudge
from ragjudge.triage import uncertainty

from .openai_server import OpenAIServer, question_of, valid_judgment
from .records import read_lines

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "datasets" / "sample_en.jsonl"
N_SAMPLE = 24
MODEL = "openai:gpt-4o-mini"


def triage_eval(out: Path, server: OpenAIServer, *extra: str, data: Path = SAMPLE) -> int:
    return main(
        [
            "eval", str(data), "--judge", MODEL, "--base-url", server.base_url,
            "--out", str(out), "--quiet", "--triage", "offline", *extra,
        ]
    )  # fmt: skip


def escalated(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in records if r.get("judged_by") not in (None, "offline")]


@pytest.fixture(autouse=True)
def api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")


def test_a_fraction_escalates_the_rows_nearest_the_threshold(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with OpenAIServer(valid_judgment) as server:
        assert triage_eval(out, server, "--escalate", "0.25", "--no-cache") == 0
        calls = len(server.requests)
    records = read_lines(out)
    assert len(records) == N_SAMPLE
    up = escalated(records)
    # one call per escalated row, and the share asked for
    assert calls == len(up) == round(0.25 * N_SAMPLE)
    for r in up:
        assert r["judged_by"] == "openai:gpt-4o-mini"
        assert r["judge"]["kind"] == "llm"
        assert r["replies"] and r["status"] == "ok"
    kept = [r for r in records if r["judged_by"] == "offline"]
    assert len(kept) == N_SAMPLE - len(up)
    for r in kept:
        assert r["judge"]["kind"] == "offline" and r["replies"]
        assert r["scores"]["support_score"] == pytest.approx(1 - r["triage_probability"], 1e-3)
    # the escalated rows are those the screen was least sure of
    decision = 1 - OfflineJudge().threshold
    worst_kept = min(uncertainty(r["triage_probability"], decision) for r in kept)
    assert all(uncertainty(r["triage_probability"], decision) <= worst_kept for r in up)
    # every row carries the screen's probability and verdict, and the CSV shows who judged
    assert all(0 <= r["triage_probability"] <= 1 and r["triage_verdict"] for r in records)
    table = pd.read_csv(out / "examples.csv")
    assert list(table["judged_by"]) == [r["judged_by"] for r in records]
    assert table["triage_probability"].notna().all()
    summary = json.loads((out / "summary.json").read_text())
    triage = summary["triage"]
    assert (triage["rows"], triage["escalated"]) == (N_SAMPLE, len(up))
    assert sum(triage["verdict_changes"].values()) == len(up)
    assert triage["escalated_input_tokens"] > 0
    html = (out / "report.html").read_text(encoding="utf-8")
    assert 'id="triage"' in html and "Rows escalated to the LLM judge" in html


def test_a_cached_rerun_makes_no_call_and_a_band_streams(tmp_path: Path) -> None:
    cache = tmp_path / "cache.sqlite"
    with OpenAIServer(valid_judgment) as server:
        first = ("--escalate", "0.3", "--cache", str(cache))
        assert triage_eval(tmp_path / "a", server, *first) == 0
        made = len(server.requests)
        assert made == round(0.3 * N_SAMPLE)
        assert triage_eval(tmp_path / "b", server, *first) == 0
        assert len(server.requests) == made  # every escalated reply came from the cache
    a, b = read_lines(tmp_path / "a"), read_lines(tmp_path / "b")
    assert [r["judgment"] for r in a] == [r["judgment"] for r in b]
    assert all(r["cached"] for r in escalated(b))

    with OpenAIServer(valid_judgment) as server:
        band = ("--escalate-band", "0.2:0.6", "--no-cache")
        assert triage_eval(tmp_path / "band", server, *band) == 0
        calls = len(server.requests)
    records = read_lines(tmp_path / "band")
    inside = [r for r in records if 0.2 <= r["triage_probability"] <= 0.6]
    assert 0 < len(inside) < N_SAMPLE
    assert [r["id"] for r in escalated(records)] == [r["id"] for r in inside]
    assert calls == len(inside)
    # a band needs no screening pass of its own
    assert not (tmp_path / "band" / "triage-screen").exists()


def test_bad_answers_on_escalated_rows_become_failed_records(tmp_path: Path) -> None:
    with OpenAIServer(lambda body: "I cannot answer in JSON today.") as server:
        args = ("--escalate", "0.25", "--no-cache", "--max-repairs", "1")
        assert triage_eval(tmp_path / "run", server, *args) == 0
        calls = len(server.requests)
    records = read_lines(tmp_path / "run")
    up = escalated(records)
    assert len(up) == round(0.25 * N_SAMPLE) and calls == 2 * len(up)
    assert all(r["status"] == "failed" and r["replies"] for r in up)
    assert all(r["status"] == "ok" for r in records if r["judged_by"] == "offline")
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert summary["counts"]["failed"] == len(up)
    assert summary["triage"]["verdict_changes"] == {
        f"{v} -> failed": sum(r["triage_verdict"] == v for r in up)
        for v in {r["triage_verdict"] for r in up}
    }


def test_the_budget_stops_escalating(tmp_path: Path) -> None:
    budget = 2.0
    with OpenAIServer(valid_judgment) as server:
        # at 10,000 USD per million tokens a token costs a cent; one row at a time
        args = ("--escalate-band", "0:1", "--no-cache", "--concurrency", "1",
                "--price", "input=10000,output=10000",
                "--escalate-budget-usd", str(budget))  # fmt: skip
        assert triage_eval(tmp_path / "run", server, *args) == 0
        calls = len(server.requests)
    records = read_lines(tmp_path / "run")
    up = escalated(records)
    held = [r for r in records if r.get("triage_note") == "budget spent"]
    assert calls == len(up) and 1 <= len(up) < N_SAMPLE
    assert len(up) + len(held) == N_SAMPLE
    costs = [(r["usage"]["input_tokens"] + r["usage"]["output_tokens"]) * 0.01 for r in up]
    # escalation went on while the spend was under the budget and stopped once it was not
    assert sum(costs[:-1]) < budget <= sum(costs)
    # rows held back keep the offline judgment
    assert all(r["judge"]["kind"] == "offline" for r in held)


def test_a_killed_run_resumes_into_the_same_folder(tmp_path: Path) -> None:
    out = tmp_path / "run"
    rows = tmp_path / "rows.jsonl"
    base = [json.loads(line) for line in SAMPLE.read_text().splitlines()]
    rows.write_text("".join(json.dumps({**r, "id": f"{r['id']}-{n}"}) + "\n"
                            for n in range(4) for r in base))  # fmt: skip
    asked: list[str] = []

    def slow(body: dict[str, Any]) -> str:
        asked.append(question_of(body))
        return valid_judgment(body)

    command = [
        sys.executable, "-m", "ragjudge", "eval", str(rows), "--judge", MODEL, "--out", str(out),
        "--quiet", "--triage", "offline", "--escalate", "0.5", "--no-cache", "--concurrency", "1",
    ]  # fmt: skip
    with OpenAIServer(slow, latency=0.15) as server:
        env = {**os.environ, "OPENAI_BASE_URL": server.base_url}
        proc = subprocess.Popen(command, env=env, cwd=ROOT)
        deadline = time.monotonic() + 60
        while len(asked) < 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        # a request sent just before the kill may still be on its way into the server
        settled = -1
        while settled != len(asked) or server.active:
            settled = len(asked)
            time.sleep(0.3)
        before = len(asked)
        # the records a resume keeps: whole lines (a line the kill cut short is judged again)
        written = (
            (out / "judgments.jsonl").read_bytes() if (out / "judgments.jsonl").exists() else b""
        )
        kept = [json.loads(line) for line in written.split(b"\n")[:-1]]
        kept_escalated = len(escalated(kept))
        # the fault really happened: the run was stopped part way through its escalations,
        # after some escalated records were on disk
        assert 5 <= before < 48 and 0 < kept_escalated < 48 and len(kept) < 96
        done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    records = read_lines(out)
    assert [r["index"] for r in records] == list(range(96))
    assert len(escalated(records)) == 48
    # the rerun asked only for the escalated rows the first run had not written
    assert len(asked) - before == 48 - kept_escalated


def test_python_api_and_usage_errors(tmp_path: Path) -> None:
    from ragjudge.api import evaluate
    from ragjudge.errors import UsageError

    with OpenAIServer(valid_judgment) as server:
        result = evaluate(
            SAMPLE,
            judge=MODEL,
            base_url=server.base_url,
            triage="offline",
            escalate=0.25,
            cache=False,
            out=tmp_path / "api",
        )
        assert len(server.requests) == round(0.25 * N_SAMPLE)
    frame = result.examples
    assert (frame["judged_by"] != "offline").sum() == round(0.25 * N_SAMPLE)

    with pytest.raises(UsageError, match="LLM judge"):
        evaluate(SAMPLE, judge="offline", triage="offline", escalate=0.3)
    with pytest.raises(UsageError, match="one of"):
        evaluate(SAMPLE, judge=MODEL, triage="offline", escalate=0.3, escalate_band="0:1")
    with pytest.raises(UsageError, match="go with --triage"):
        evaluate(SAMPLE, judge=MODEL, escalate=0.3)
    with pytest.raises(UsageError, match="--workers above 1 does not go with --triage"):
        evaluate(SAMPLE, judge=MODEL, triage="offline", escalate=0.3, workers=2)
    with pytest.raises(UsageError, match="price"):
        evaluate(
            SAMPLE, judge="openai:no-such-model", triage="offline", escalate=0.3,
            escalate_budget_usd=1.0, base_url="http://127.0.0.1:9",
        )  # fmt: skip
    out = tmp_path / "stdin"
    code = main(["eval", "-", "--judge", MODEL, "--out", str(out), "--triage", "offline",
                 "--escalate", "0.5", "--base-url", "http://127.0.0.1:9"])  # fmt: skip
    assert code == 2
