"""The Ray engine loses a node mid-run: a two-node cluster on loopback whose worker node is
removed without warning while it is judging. Its unfinished batches are judged again on the
head node; the run folder holds every row once and matches the local engine's. The driver is
the command line in a process of its own."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ray", reason="the Ray engine needs Ray: pip install 'ragjudge[ray]'")

from ragjudge.cli import main
from ragjudge.runfolder import RunFolder

from .openai_server import OpenAIServer, valid_judgment, write_dataset
from .ray_helpers import (
    TwoNodes,
    assert_same_run,
    records,
    two_nodes_fixture,
    workers,
)


@pytest.fixture(scope="module")
def nodes() -> Iterator[TwoNodes]:
    yield from two_nodes_fixture()


def _finished_by_node(out: Path) -> dict[str, int]:
    """Records in the run's shards so far, by the node that judged them."""
    counts: dict[str, int] = {}
    for part in RunFolder(out).shards.glob("part-*.jsonl"):
        with open(part, "rb") as fh:
            for line in fh:
                if line.endswith(b"\n"):
                    worker = json.loads(line.split(b"\t", 1)[1])["worker"]
                    counts[worker] = counts.get(worker, 0) + 1
    return counts


def test_removing_the_worker_node_mid_run_loses_and_doubles_nothing(
    nodes: TwoNodes, tmp_path: Path
) -> None:
    n = 160
    data = write_dataset(tmp_path / "data.jsonl", n)
    worker_id = nodes.worker.node_id
    head_id = nodes.head.node_id
    with OpenAIServer(valid_judgment, latency=0.2) as server:
        args = [
            "eval",
            str(data),
            "--judge",
            "openai:gpt-4o-mini",
            "--base-url",
            server.base_url,
            "--concurrency",
            "4",
            "--quiet",
        ]
        local = tmp_path / "local"
        assert main([*args, "--no-cache", "--out", str(local)]) == 0

        out = tmp_path / "ray"
        # the driver is the command line in its own process, as a user runs it
        on_ray = ["--engine", "ray", "--out", str(out), "--ray-address", nodes.cluster.address]
        driver = subprocess.Popen(
            [sys.executable, "-m", "ragjudge", *args, *on_ray],
            env={**os.environ, "OPENAI_API_KEY": "not-needed"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 180
            while True:
                assert driver.poll() is None, (
                    "the run ended before the worker node judged anything: "
                    + (driver.stderr.read() if driver.stderr else "")
                )
                assert time.monotonic() < deadline, "the worker node never judged a row"
                done = _finished_by_node(out) if RunFolder(out).shards.exists() else {}
                if done.get(worker_id):
                    break
                time.sleep(0.05)
            # the fault really happens: the worker node has judged rows, and rows are left
            assert done[worker_id] > 0 and sum(done.values()) < n
            nodes.cluster.remove_node(nodes.worker, allow_graceful=False)
            # the cluster notices the loss once the node misses its health checks
            gone = time.monotonic() + 120
            while worker_id in nodes.node_ids:
                assert time.monotonic() < gone, "the worker node is still alive"
                time.sleep(0.2)
            _, err = driver.communicate(timeout=300)
            assert driver.returncode == 0, err
        finally:
            if driver.poll() is None:
                os.killpg(driver.pid, signal.SIGKILL)
                driver.wait()

    recs = records(out)
    assert len(recs) == n and len({r["index"] for r in recs}) == n
    # the rows the lost node finished are kept, the rest were judged on the head node
    assert workers(out) == {head_id, worker_id}
    judged = [r["worker"] for r in recs]
    assert judged.count(worker_id) >= done[worker_id]
    assert judged.count(head_id) + judged.count(worker_id) == n
    # calls that finished in a lost batch were cached: its rows, judged again, may be answered
    # from the cache (marked `cached`), with the same judgments
    assert_same_run(local, out, ignore=("cached",))
