"""The Ray engine (`ragjudge eval --engine ray`): the same pipeline on a Ray cluster.

`source` reads the input with Ray Data on the cluster (stage 1), `worker` judges batches on
an actor pool (stages 2 to 6, through `pipeline.record_for`), `shards` keeps the results
and merges them into the run folder, and `engine` drives it all from the driver
(`ragjudge.engines.RayEngine` is its door; the reports are built as for the local engine). Ray
is an optional dependency (`pip install 'ragjudge[ray]'`); nothing here is imported by the local
engine.
"""

from __future__ import annotations

from ragjudge.cluster.engine import RayOptions, execute_ray

__all__ = ["RayOptions", "execute_ray"]
