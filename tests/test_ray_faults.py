"""The Ray engine loses a node mid-run: a two-node cluster on loopback whose worker node is
removed without warning while it is judging. Its unfinished batches are judged again on the
head node; the run folder holds every row once and matches the local engine's."""

from __future__ import annotations

import json
import threading
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
        result: dict[str, int] = {}
        run = threading.Thread(
            target=lambda: result.update(code=main([*args, "--engine", "ray", "--out", str(out)]))
        )
        run.start()
        deadline = time.monotonic() + 180
        while True:
            assert run.is_alive(), f"the run ended before the worker node judged anything: {result}"
            assert time.monotonic() < deadline, "the worker node never judged a row"
            done = _finished_by_node(out) if RunFolder(out).shards.exists() else {}
            if done.get(worker_id):
                break
            time.sleep(0.05)
        assert sum(done.values()) < n  # the run is still going
        nodes.cluster.remove_node(nodes.worker, allow_graceful=False)
        run.join(timeout=300)
        assert not run.is_alive() and result["code"] == 0

    recs = records(out)
    assert len(recs) == n and len({r["index"] for r in recs}) == n
    assert workers(out) == {head_id, worker_id}
    # calls that finished in a lost batch were cached: its rows, judged again, may be answered
    # from the cache (marked `cached`), with the same judgments
    assert_same_run(local, out, ignore=("cached",))
