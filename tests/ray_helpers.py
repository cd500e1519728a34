"""A real two-node Ray cluster on loopback for the Ray engine's tests, and comparisons of run
folders between engines.

`RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0` is set on import, before any Ray process starts: on
Linux it makes every node listen on 127.0.0.1, so no test binds or calls another address.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"

import ray
from ray.cluster_utils import Cluster

from .records import read_lines

#: fields that may differ between two runs of the same judgments: timing and placement
RUN_FIELDS = ("latency_s", "worker")


@dataclass
class TwoNodes:
    cluster: Cluster
    head: Any
    worker: Any

    @property
    def node_ids(self) -> set[str]:
        return {n["NodeID"] for n in ray.nodes() if n["Alive"]}


def start_two_nodes() -> TwoNodes:
    """A head and a worker node with one CPU each, and this process connected as a driver.

    Returns once the cluster counts both CPUs, so that no job is planned while it counts one
    (it would size its pool for one actor, and one node would judge every row)."""
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    worker = cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, log_to_driver=False)
    deadline = time.monotonic() + 60
    while ray.cluster_resources().get("CPU", 0) < 2:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the cluster counts {ray.cluster_resources()} after 60 s")
        time.sleep(0.1)
    return TwoNodes(cluster, cluster.head_node, worker)


def stop(nodes: TwoNodes) -> None:
    ray.shutdown()
    nodes.cluster.shutdown()


def two_nodes_fixture() -> Iterator[TwoNodes]:
    nodes = start_two_nodes()
    try:
        addresses = {n["NodeManagerAddress"] for n in ray.nodes()}
        assert addresses == {"127.0.0.1"}, addresses
        yield nodes
    finally:
        stop(nodes)


def records(run: Path) -> list[dict[str, Any]]:
    return read_lines(run)


def without_run_fields(
    recs: list[dict[str, Any]], ignore: tuple[str, ...] = ()
) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k not in RUN_FIELDS + ignore} for r in recs]


def assert_same_run(local: Path, other: Path, *, ignore: tuple[str, ...] = ()) -> None:
    """Same ids, statuses, judgments and scores, record for record, and the same reports.
    `ignore` names further record fields that may differ (`cached` for a cached rerun)."""
    a, b = records(local), records(other)
    assert [r["index"] for r in b] == list(range(len(b)))
    assert without_run_fields(a, ignore) == without_run_fields(b, ignore)
    for name in ("examples.csv", "sentences.csv"):
        assert (local / name).read_bytes() == (other / name).read_bytes(), name
    sa = json.loads((local / "summary.json").read_text(encoding="utf-8"))
    sb = json.loads((other / "summary.json").read_text(encoding="utf-8"))
    assert sa["counts"] == sb["counts"]
    for part in ("metrics", "violations", "gold", "groups"):
        assert sa.get(part) == sb.get(part), part
    assert (other / "report.html").stat().st_size > 0


def workers(run: Path) -> set[str]:
    return {r["worker"] for r in records(run)}


def actors(run: Path) -> int:
    """The judge actors a Ray run planned (one per CPU the cluster counted, for the offline
    judge): a run planned with one cannot have used both nodes."""
    info = json.loads((run / "run.json").read_text(encoding="utf-8"))
    return int(info["options"]["actors"])
