"""The Ray engine (`--engine ray`) on a real two-node cluster on loopback: the same run folder
as the local engine, rows judged on both nodes, the whole job's concurrency and rate limits,
the cache, and a driver killed mid-run and started again."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ray", reason="the Ray engine needs Ray: pip install 'ragjudge[ray]'")

from ragjudge.cli import main
from ragjudge.runfolder import RunFolder

from .openai_server import OpenAIServer, valid_judgment, write_dataset
from .ray_helpers import (
    TwoNodes,
    actors,
    assert_same_run,
    records,
    two_nodes_fixture,
    workers,
)

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "datasets"


@pytest.fixture(scope="module")
def nodes() -> Iterator[TwoNodes]:
    yield from two_nodes_fixture()


def eval_both(data: Path | str, tmp_path: Path, *args: str) -> tuple[Path, Path]:
    local, on_ray = tmp_path / "local", tmp_path / "ray"
    base = ["eval", str(data), "--quiet", *args]
    assert main([*base, "--out", str(local)]) == 0
    assert main([*base, "--out", str(on_ray), "--engine", "ray"]) == 0
    return local, on_ray


def test_offline_judge_on_ragbench_rows_matches_the_local_engine(
    nodes: TwoNodes, shared_data: Path, tmp_path: Path
) -> None:
    # Ray Data hands a block to an actor with a free slot on the node that holds it, so a fast
    # actor may take block after block while the other is still busy or starting: on 132
    # emanual rows, and later on 267 covidqa rows once splitting got faster, one node
    # sometimes judged them all. Three subsets' rows (792) give the run enough blocks and
    # time that both nodes take part whatever the timing.
    import pandas as pd

    subsets = ("covidqa", "expertqa", "hagrid")
    frames = [
        pd.read_parquet(next((shared_data / "ragbench-validation" / name).glob("*.parquet")))
        for name in subsets
    ]
    data = tmp_path / "three.parquet"
    pd.concat(frames, ignore_index=True).to_parquet(data, index=False)
    local, on_ray = eval_both(data, tmp_path)
    assert_same_run(local, on_ray)
    assert len(records(on_ray)) == sum(len(f) for f in frames) == 792
    assert actors(on_ray) == 2  # one actor per node's CPU
    assert workers(on_ray) == nodes.node_ids  # both nodes judged rows
    info = json.loads((on_ray / "run.json").read_text(encoding="utf-8"))
    assert info["options"]["engine"] == "ray" and info["status"] == "complete"


def test_recorded_judgments_and_japanese_rows_match_the_local_engine(
    nodes: TwoNodes, shared_data: Path, tmp_path: Path
) -> None:
    data = shared_data / "ragbench-validation" / "hagrid" / "validation-00000-of-00001.parquet"
    local, on_ray = eval_both(data, tmp_path / "hagrid", "--judge", "recorded")
    assert_same_run(local, on_ray)
    local, on_ray = eval_both(SAMPLES / "sample_ja.jsonl", tmp_path / "ja")
    assert_same_run(local, on_ray)


def test_bad_rows_duplicate_ids_and_csv_match_the_local_engine(
    nodes: TwoNodes, tmp_path: Path
) -> None:
    good = {"question": "Q?", "documents": ["The sky is blue."], "response": "The sky is blue."}
    lines = [
        json.dumps({"id": "a", **good}),
        "",
        "{not json",
        json.dumps({"id": "a", **good}),
        json.dumps({"id": "b", "question": "Q?", "documents": ["x"]}),
        json.dumps({"id": "a", **good, "response": "The sky is green."}),
        json.dumps({"id": "007", **good}),
    ]
    data = tmp_path / "rows.jsonl"
    data.write_text("\n".join(lines) + "\n", encoding="utf-8")
    local, on_ray = eval_both(data, tmp_path / "jsonl")
    assert_same_run(local, on_ray)
    got = [(r["id"], r["status"]) for r in records(on_ray)]
    assert [i for i, _ in got] == ["a", "row-3", "a#2", "b", "a#3", "007"]
    assert [s for _, s in got].count("invalid_input") == 2

    csv = tmp_path / "rows.csv"
    csv.write_text(
        'id,question,documents,response\n007,Q?,"The sky is blue.\nIt is clear.","Blue.\nYes."\n'
        "008,Q?,only two fields\n",
        encoding="utf-8",
    )
    local, on_ray = eval_both(csv, tmp_path / "csv")
    assert_same_run(local, on_ray)
    assert [r["id"] for r in records(on_ray)] == ["007", "row-5"]


INGEST = Path(__file__).resolve().parent / "data" / "ingest"


def test_logs_of_an_ingest_format_match_the_local_engine(nodes: TwoNodes, tmp_path: Path) -> None:
    # several files of a format, with unreadable traces among them (rows of errors whose
    # line numbers repeat and run backwards), read on the driver
    logs = sorted(str(p) for p in (INGEST / "bedrock").iterdir())
    local, on_ray = tmp_path / "local", tmp_path / "ray"
    base = ["eval", "--from", "bedrock-agent", *logs, "--quiet"]
    assert main([*base, "--out", str(local)]) == 0
    assert main([*base, "--out", str(on_ray), "--engine", "ray"]) == 0
    assert_same_run(local, on_ray)
    recs = records(on_ray)
    assert len(recs) == 11 and sum(r["status"] == "invalid_input" for r in recs) == 7
    info = json.loads((on_ray / "run.json").read_text(encoding="utf-8"))
    assert info["dataset"].startswith("bedrock-agent:") and info["status"] == "complete"

    # a second run into the same folder keeps every record
    assert main([*base, "--out", str(on_ray), "--engine", "ray"]) == 0
    assert_same_run(local, on_ray)


def test_a_folder_of_files_is_one_dataset_in_name_order(nodes: TwoNodes, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    write_dataset(folder / "b.jsonl", 3, start=10)
    write_dataset(folder / "a.jsonl", 4)
    (folder / "notes.txt").write_text("not data", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["eval", str(folder), "--engine", "ray", "--quiet", "--out", str(out)]) == 0
    recs = records(out)
    assert [r["index"] for r in recs] == list(range(7))
    assert [r["id"] for r in recs] == [f"ex-{i}" for i in (0, 1, 2, 3, 10, 11, 12)]
    assert recs[0]["source"] == {"file": str(folder / "a.jsonl"), "row": 1}
    assert recs[4]["source"] == {"file": str(folder / "b.jsonl"), "row": 1}


def test_a_rerun_keeps_only_the_rows_of_its_own_input(nodes: TwoNodes, tmp_path: Path) -> None:
    data = SAMPLES / "sample_en.jsonl"
    out, local = tmp_path / "out", tmp_path / "local"
    base = ["eval", str(data), "--quiet"]
    assert main([*base, "--engine", "ray", "--limit", "20", "--out", str(out)]) == 0
    assert main([*base, "--engine", "ray", "--limit", "10", "--out", str(out)]) == 0
    info = json.loads(RunFolder(out).run_info_path.read_text(encoding="utf-8"))
    assert info["resumed"] == 10 and info["examples"] == 10
    assert main([*base, "--limit", "10", "--out", str(local)]) == 0
    assert_same_run(local, out)


def test_input_errors_exit_2_without_a_traceback(
    nodes: TwoNodes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval", str(tmp_path / "missing.jsonl"), "--engine", "ray"]) == 2
    assert "missing.jsonl: no such file" in capsys.readouterr().err
    assert main(["eval", "-", "--engine", "ray"]) == 2
    assert main(["eval", str(SAMPLES / "sample_en.jsonl"), "--ray-address", "auto"]) == 2
    unreadable = tmp_path / "bad.parquet"
    unreadable.write_bytes(b"this is not parquet")
    assert main(["eval", str(unreadable), "--engine", "ray", "--out", str(tmp_path / "o")]) == 2
    assert "bad.parquet: not a readable Parquet file" in capsys.readouterr().err


class TimedServer(OpenAIServer):
    """The local server, noting when each request arrived."""

    def __init__(self, latency: float) -> None:
        self.times: list[float] = []

        def respond(body: dict[str, Any]) -> str:
            self.times.append(time.monotonic())
            return valid_judgment(body)

        super().__init__(respond, latency=latency)


def llm_args(server: OpenAIServer, *more: str) -> list[str]:
    return ["--judge", "openai:gpt-4o-mini", "--base-url", server.base_url, *more]


def run_cli(args: list[str]) -> None:
    """`ragjudge ARGS` in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-m", "ragjudge", *args],
        env={**os.environ, "OPENAI_API_KEY": "not-needed"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr


def test_llm_judge_matches_local_and_the_cache_saves_every_call(
    nodes: TwoNodes, tmp_path: Path
) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 48)
    cache = tmp_path / "cache.sqlite"
    # long enough calls that the job outlasts the start of the second node's actor
    with TimedServer(latency=0.25) as server:
        local = tmp_path / "local"
        args = llm_args(server, "--concurrency", "4", "--quiet")
        assert main(["eval", str(data), *args, "--no-cache", "--out", str(local)]) == 0
        server.max_active = 0
        server.requests.clear()
        on_ray = tmp_path / "ray"
        cmd = ["eval", str(data), *args, "--engine", "ray", "--cache", str(cache)]
        # the first run as a user runs it: the command line in its own process, a driver
        # that joins the cluster by its address
        run_cli([*cmd, "--out", str(on_ray), "--ray-address", nodes.cluster.address])
        assert len(server.requests) == 48
        # --concurrency is the whole job's: two actors share the four calls
        assert 1 < server.max_active <= 4
        assert_same_run(local, on_ray)
        assert workers(on_ray) == nodes.node_ids

        server.requests.clear()
        again = tmp_path / "again"
        assert main([*cmd, "--out", str(again)]) == 0
        assert server.requests == []  # every reply came from the cache
        info = json.loads((again / "run.json").read_text(encoding="utf-8"))
        assert info["engine"]["calls"] == 0 and info["engine"]["cache_hits"] == 48
        assert all(r["cached"] for r in records(again))
        assert_same_run(local, again, ignore=("cached",))

        assert main([*cmd, "--out", str(on_ray)]) == 0  # a finished run resumes whole
        assert server.requests == []
        assert json.loads((on_ray / "run.json").read_text(encoding="utf-8"))["resumed"] == 48
        assert_same_run(local, on_ray)


def test_rpm_limits_the_whole_job_not_each_worker(nodes: TwoNodes, tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 8)
    with TimedServer(latency=0.0) as server:
        args = llm_args(server, "--concurrency", "4", "--rpm", "120", "--no-cache", "--quiet")
        out = tmp_path / "out"
        assert main(["eval", str(data), *args, "--engine", "ray", "--out", str(out)]) == 0
    assert len(server.times) == 8
    # 2 requests a second for the job: after a burst of 2, 6 more take about 3 s; a limit per
    # worker would let two workers finish in half that
    assert server.times[-1] - server.times[0] >= 2.5
    assert len(workers(out)) == 2


def _complete_shard_lines(out: Path) -> int:
    n = 0
    for part in RunFolder(out).shards.glob("part-*.jsonl"):
        with open(part, "rb") as fh:
            n += sum(1 for line in fh if line.endswith(b"\n"))
    return n


def test_a_killed_driver_resumes_into_the_same_folder(nodes: TwoNodes, tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 60)
    out = tmp_path / "out"
    with TimedServer(latency=0.1) as server:
        local = tmp_path / "local"
        args = llm_args(server, "--concurrency", "2", "--no-cache", "--quiet")
        assert main(["eval", str(data), *args, "--out", str(local)]) == 0
        cmd = [sys.executable, "-m", "ragjudge", "eval", str(data), *args, "--out", str(out)]
        address = nodes.cluster.address
        driver = subprocess.Popen(
            [*cmd, "--engine", "ray", "--ray-address", address],
            env={**os.environ, "OPENAI_API_KEY": "not-needed"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        deadline = time.monotonic() + 120
        while _complete_shard_lines(out) < 10 and driver.poll() is None:
            assert time.monotonic() < deadline, "the driver never wrote a shard"
            time.sleep(0.1)
        assert driver.poll() is None, driver.stderr.read().decode() if driver.stderr else ""
        os.killpg(driver.pid, signal.SIGKILL)
        driver.wait()
        assert not RunFolder(out).judgments.exists()

        assert main(["eval", str(data), *args, "--out", str(out), "--engine", "ray"]) == 0
    info = json.loads(RunFolder(out).run_info_path.read_text(encoding="utf-8"))
    assert info["resumed"] >= 10
    # only the rows without a finished record were judged again
    assert info["engine"]["calls"] == 60 - info["resumed"]
    assert not RunFolder(out).shards.exists()
    assert_same_run(local, out)


def test_progress_is_one_display_not_worker_logs(
    nodes: TwoNodes, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    data = SAMPLES / "sample_en.jsonl"
    assert main(["eval", str(data), "--engine", "ray", "--progress", "log", "--out", str(out)]) == 0
    err = capfd.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines and all(line.startswith("ragjudge: ") for line in lines), err
    assert "24/24 (100%)" in lines[-1] and "0 failed" in lines[-1]


def test_the_python_api_runs_on_ray_too(nodes: TwoNodes, tmp_path: Path) -> None:
    from ragjudge import evaluate

    data = SAMPLES / "sample_ja.jsonl"
    local = evaluate(data, out=tmp_path / "local")
    on_ray = evaluate(data, out=tmp_path / "ray", engine="ray")
    assert local.examples.equals(on_ray.examples)
    assert workers(on_ray.out_dir) <= nodes.node_ids
    with pytest.raises(Exception, match="engine='ray' needs data as a path"):
        evaluate([{"question": "q", "documents": ["d"], "response": "r"}], engine="ray")


def test_without_an_address_a_new_local_ray_is_started(nodes: TwoNodes, tmp_path: Path) -> None:
    """The test cluster is this machine's current cluster: a command without --ray-address
    must still run on a Ray of its own, not join it."""
    out = tmp_path / "out"
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    data = str(SAMPLES / "sample_en.jsonl")
    done = subprocess.run(
        [sys.executable, "-m", "ragjudge", "eval", data, "--engine", "ray", "--out", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    used = workers(out)
    assert len(used) == 1 and not used & nodes.node_ids
    # one progress display, and nothing of Ray's own start-up on the terminal
    assert {line.split(":")[0] for line in done.stderr.splitlines()} == {"ragjudge"}


def test_triage_on_ray_matches_the_local_engine(nodes: TwoNodes, tmp_path: Path) -> None:
    """`--triage offline` on the cluster: the offline screen runs on the cluster first, the
    same rows are escalated, and the run folder is the local engine's."""
    data = SAMPLES / "sample_en.jsonl"
    with OpenAIServer(valid_judgment) as server:
        args = llm_args(server, "--triage", "offline", "--escalate", "0.25", "--no-cache")
        local, on_ray = eval_both(data, tmp_path, *args)
        # each escalated row was asked for once by each engine
        assert len(server.requests) == 2 * round(0.25 * 24)
    escalated = [r["id"] for r in records(on_ray) if r["judged_by"] != "offline"]
    assert len(escalated) == 6
    assert escalated == [r["id"] for r in records(local) if r["judged_by"] != "offline"]
    assert_same_run(local, on_ray)
    assert (on_ray / "triage-screen" / "judgments.jsonl").is_file()
