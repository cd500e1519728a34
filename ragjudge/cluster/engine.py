"""The Ray engine: the local engine's job, spread over a Ray cluster with Ray Data.

    read (ExampleSource, on the cluster) → judge (JudgeWorker actors) → driver: shards → merge

The driver connects to the cluster (or starts a local Ray), reads nothing itself, and only
collects results: each batch of records is appended to a shard file in the run folder as it
arrives (so a killed driver loses nothing finished), and at the end the shards are merged into
`judgments.jsonl` in input order. `run.json`, the reports and the gate are then built exactly as
for the local engine. A rerun into the same folder resumes: rows already judged are left out
at the source and their records kept.

Ray Data retries the batches of a lost node on the remaining actors; a row whose batch was
retried is written once, because the driver only ever receives a batch's output once, and
the merge keeps one record per row in any case.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import sys
import warnings
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ragjudge.cluster import shards as sh
from ragjudge.cluster.source import DriverRows, ExampleSource
from ragjudge.errors import InputError, RagjudgeError, UsageError
from ragjudge.progress import Progress
from ragjudge.runfolder import RunFolder
from ragjudge.runner import (
    RunConfig,
    RunStats,
    Totals,
    finish_run,
    start_run,
)

#: environment variables a judge reads on the node it runs on; the driver's values are sent
_JUDGE_ENV = ("OPENAI_BASE_URL", "OPENAI_API_KEY")
_CPU_ROWS_PER_BATCH = 32
_ACTOR_START_S = 300


@dataclass(frozen=True)
class RayOptions:
    """Where and how wide to run. `address`: `auto`, `ray://host:port`, `host:port`, or None
    for a new local Ray instance on 127.0.0.1. `actors`: judge actors (default: one per CPU
    of the cluster, and no more than `--concurrency` for LLM judges)."""

    address: str | None = None
    actors: int | None = None


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise UsageError(
            "--engine ray needs Ray: pip install 'ragjudge[ray]' (or pip install 'ray[data]')"
        ) from None
    return ray


@contextlib.contextmanager
def _native_stderr_silenced() -> Iterator[None]:
    """Ray's C++ core prints a notice of its own log level to file descriptor 2 as it starts;
    the Python errors of a failed start are raised as usual."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _is_loopback(address: str) -> bool:
    """A `host:port` on this machine's loopback (a `ray://` client address is not joined)."""
    if "://" in address:
        return False
    host = address.rsplit(":", 1)[0].strip("[]")
    return host in ("127.0.0.1", "localhost", "::1")


def _connect(ray: Any, address: str | None) -> bool:
    """Connect to the cluster; returns whether this call started Ray (and so shuts it down)."""
    if ray.is_initialized():
        return False
    # one progress display, not a scroll of worker logs: Ray's own notices are kept to errors
    os.environ.setdefault("RAY_BACKEND_LOG_LEVEL", "fatal")
    quiet = {"log_to_driver": False, "logging_level": logging.ERROR}
    try:
        with _native_stderr_silenced():
            if address and _is_loopback(address):
                # a cluster on loopback (one machine, e.g. ray.cluster_utils): without this
                # Ray swaps 127.0.0.1 for the machine's own address and waits for a GCS there
                os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
                ray.init(address=address, _node_ip_address="127.0.0.1", **quiet)
            elif address:
                ray.init(address=address, **quiet)
            else:
                # "local": a new instance, never a cluster this machine happens to be part
                # of; it is this job's alone, so every process of it listens on loopback only
                os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
                ray.init(
                    address="local",
                    _node_ip_address="127.0.0.1",
                    include_dashboard=False,
                    **quiet,
                )
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = address or "local"
        raise UsageError(f"cannot connect to the Ray cluster at {where}: {exc}") from None
    return True


def _configure_ray_data(ray: Any, actors: int, cpus: int) -> None:
    ctx = ray.data.DataContext.get_current()
    ctx.enable_progress_bars = False
    ctx.print_on_execution_start = False
    # start judging once every actor is up, so that all nodes share the work from the first
    # batch (when the pool fits the cluster; a larger pool starts as actors come)
    ctx.wait_for_min_actors_s = _ACTOR_START_S if actors <= cpus else 0
    # an actor lost while it starts (its node gone) is replaced, not the end of the job
    ctx.max_consecutive_actor_init_deaths = 3
    for name in ("ray", "ray.data"):
        logging.getLogger(name).setLevel(logging.ERROR)
    # an input of fewer rows than the pool has actors is no problem worth a warning
    warnings.filterwarnings("ignore", "The minimum number of concurrent actors", UserWarning)


def _judge_env() -> dict[str, str]:
    return {k: os.environ[k] for k in _JUDGE_ENV if os.environ.get(k)}


def _check_input(data: str) -> None:
    from ragjudge.dataset import file_kind

    if data == "-":
        raise UsageError("--engine ray reads files, folders or URIs, not standard input")
    if "://" in data:
        return
    path = Path(data)
    if not path.exists():
        raise InputError(f"{data}: no such file")
    if path.is_file():
        file_kind(data)  # an unknown type is reported as the local engine reports it


def _unwrap(exc: BaseException) -> BaseException:
    """The error a Ray task raised, when it is one of ours."""
    seen = exc
    for _ in range(8):
        cause = getattr(seen, "cause", None) or seen.__cause__
        if cause is None:
            break
        if isinstance(cause, RagjudgeError):
            return cause
        seen = cause
    return exc


@dataclass(frozen=True)
class _Plan:
    actors: int
    share: int  # judge calls in flight per actor
    batch_rows: int  # rows of a block, and of one task of an actor
    tasks_per_actor: int  # tasks an actor runs at once


def _plan(cpus: int, config: RunConfig, options: RayOptions) -> _Plan:
    """How to spread the job.

    LLM judges split `--concurrency` evenly between the actors, so the whole job never has
    more calls in flight than asked. A task is one round of an actor's calls, and each actor
    runs three at once on its event loop: while one task waits for its slowest call, the
    rows of the next ones already fill the free places, so the actor's share stays busy.
    Ray Data hands a task to an actor on the node that holds its block while that actor has
    room, so an actor that ran one task at a time took every block of the node that read
    the file while the others idled.

    CPU-bound judges get one actor per CPU and blocks of 32 rows: small enough that no CPU
    idles at the end while another has a queue.
    """
    cpus = max(1, cpus)
    if config.judge.uses_prompt:
        concurrency = max(1, config.concurrency)
        actors = max(1, min(options.actors or cpus, concurrency))
        share = concurrency // actors
        return _Plan(actors, share, share, 3)
    return _Plan(max(1, options.actors or cpus), 1, _CPU_ROWS_PER_BATCH, 1)


def _coordinator(ray: Any, config: RunConfig, out_path: Path) -> Any:
    """The actor holding the cache and rate limits, on this (the driver's) node."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    from ragjudge.cache import default_cache_path
    from ragjudge.cluster.worker import Coordinator

    cache = None
    if config.use_cache:
        cache = str(Path(config.cache or default_cache_path(out_path)).resolve())
    here = ray.get_runtime_context().get_node_id()
    actor = ray.remote(Coordinator).options(
        num_cpus=0,
        max_concurrency=1000,
        scheduling_strategy=NodeAffinitySchedulingStrategy(here, soft=False),
    )
    return actor.remote(cache, config.rpm, config.tpm)


def _source(
    data: str | Sequence[str],
    config: RunConfig,
    plan: _Plan,
    mapping: Mapping[str, str] | None,
    from_format: str | None,
    source_options: Mapping[str, Any] | None,
) -> ExampleSource | DriverRows:
    if from_format is not None:
        from ragjudge.ingest import ingested_examples

        paths = [data] if isinstance(data, str) else list(data)
        items = ingested_examples(from_format, paths, mapping, **dict(source_options or {}))
        return DriverRows(items, limit=config.limit, block_rows=plan.batch_rows)
    assert isinstance(data, str)
    try:
        # a block is one task: Ray Data returns a task's rows only when the whole task is
        # done, so small blocks keep results flowing and bound the work a lost node takes
        # with it
        return ExampleSource(data, mapping=mapping, limit=config.limit, block_rows=plan.batch_rows)
    except ValueError as exc:
        raise UsageError(f"{data}: {exc}") from None


def execute_ray(
    data: str | Sequence[str],
    out_dir: str | Path,
    config: RunConfig,
    *,
    judge_spec: str | None,
    judge_options: Mapping[str, Any] | None = None,
    mapping: Mapping[str, str] | None = None,
    ray_options: RayOptions = RayOptions(),
    from_format: str | None = None,
    source_options: Mapping[str, Any] | None = None,
) -> tuple[dict[str, Any], RunStats]:
    """Judge every row of `data` on a Ray cluster into `out_dir` (resuming a run found there)
    and write `run.json`; returns the run information and the engine's statistics.

    `data` is a data file, a folder of them (taken in name order) or a URI pyarrow can read;
    with `from_format`, the logs of that ingest format (a path or a list of paths, or a trace
    store's address with `source_options`), read on the driver. The judge is rebuilt on every
    actor from `judge_spec` and `judge_options` (as for `make_judge`); `config.judge` must be
    the same judge, built on the driver.
    """
    if from_format is None:
        assert isinstance(data, str)
        _check_input(data)
    ray = _import_ray()
    started = _connect(ray, ray_options.address)
    folder = RunFolder(out_dir)
    out_path = folder.path
    coordinator = None
    try:
        from ragjudge.cluster.worker import KEPT, JudgeWorker, WorkerSettings

        cpus = int(ray.cluster_resources().get("CPU", 0))
        plan = _plan(cpus, config, ray_options)
        _configure_ray_data(ray, plan.actors, cpus)
        run_info, resuming = start_run(
            folder,
            config,
            others=[folder.shards],
            engine="ray",
            actors=plan.actors,
        )
        source = _source(data, config, plan, mapping, from_format, source_options)
        ordinals = source.ordinals
        previous = sh.Sources(
            folder.judgments if resuming and folder.judgments.exists() else None,
            tuple(sh.shard_files(out_path)),
        )
        kept = sh.kept_rows(sh.latest_entries(previous.entries(ordinals)))
        source.skip_rows(kept)

        settings = WorkerSettings(
            judge_spec=judge_spec,
            judge_options=dict(judge_options or {}),
            pipeline=config.pipeline,
            share=plan.share,
            policy=config.retry,
            timeout=config.timeout,
            limited=bool(config.rpm or config.tpm),
            cached=config.use_cache,
            env=_judge_env(),
            triage=config.triage,
            pricing=run_info["pricing"] if config.triage is not None else None,
        )
        if config.judge.uses_prompt:
            coordinator = _coordinator(ray, config, out_path)
        read = source.dataset(at_least=plan.actors * plan.tasks_per_actor)
        dataset = read.map_batches(
            JudgeWorker,
            fn_constructor_kwargs={"settings": settings, "coordinator": coordinator},
            batch_size=None,  # a block is one batch: the source already cut it to size
            batch_format="numpy",
            compute=ray.data.ActorPoolStrategy(
                size=plan.actors,
                # one more than it runs, so an actor never waits for the driver between tasks
                max_tasks_in_flight_per_actor=plan.tasks_per_actor + 1,
                max_concurrent_calls_per_actor=plan.tasks_per_actor,
            ),
            num_cpus=1,
        )

        stats = RunStats()
        mode = "none" if config.quiet else config.progress
        total = config.total
        if total is not None and config.limit is not None:
            total = min(total, config.limit)
        progress = Progress(total, mode=mode)
        writer = sh.ShardWriter(out_path)
        present: set[int] = set()  # every row of this input, judged now or before
        try:
            for batch in dataset.iter_batches(batch_size=None, batch_format="numpy"):
                writer.write([line for line in batch["line"] if line])
                present.update(
                    sh.pack_key(int(f), int(r))
                    for f, r in zip(batch["file"], batch["row"], strict=True)
                )
                for status, cached, tokens, counts in zip(
                    batch["status"], batch["cached"], batch["tokens"], batch["stats"], strict=True
                ):
                    if counts:
                        stats.add(json.loads(counts))
                        progress.retries = stats.retries
                    if status == KEPT:
                        progress.done += 1
                        progress.resumed += 1
                        continue
                    progress.update(str(status), cached=bool(cached), tokens=int(tokens))
        except Exception as exc:
            cause = _unwrap(exc)
            if cause is not exc:
                raise cause from None
            raise
        finally:
            writer.close()
            progress.close()

        sources = sh.Sources(previous.records, tuple(sh.shard_files(out_path)))
        # records of rows no longer in the input (a shorter --limit, an edited file) go
        latest = {
            key: entry
            for key, entry in sh.latest_entries(sources.entries(ordinals)).items()
            if key in present
        }
        totals = Totals()
        # logs keep their ids as the local engine keeps them: repeated ids are not renamed
        progress.done = sh.merge(
            sources,
            folder.judgments,
            latest,
            len(ordinals) > 1,
            totals,
            rename_ids=from_format is None,
        )
        shutil.rmtree(folder.shards, ignore_errors=True)
        finish_run(folder, run_info, progress, totals, stats)
        return run_info, stats
    finally:
        if coordinator is not None:
            # the run's outcome matters more than a clean cache close
            with contextlib.suppress(Exception):
                ray.get(coordinator.close.remote(), timeout=30)
            ray.kill(coordinator)
        if started:
            ray.shutdown()


__all__ = ["RayOptions", "execute_ray"]
