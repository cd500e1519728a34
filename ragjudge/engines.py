"""The engines that run a batch, behind one `Engine` protocol, chosen by name in one place.

    local   asyncio in this process (`ragjudge.runner`): any input, streamed
    ray     a Ray cluster with Ray Data (`ragjudge.cluster`): files, folders and URIs read on
            the cluster, logs (`--from`) read on the driver; the judge is rebuilt on every
            worker from its name

Both judge each row with `pipeline.record_for`, write the same run folder through
`ragjudge.runfolder`, resume the same way, and return the run information and their
`RunStats`. The reports are built afterwards, the same for either (`runner.build_reports`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ragjudge.errors import UsageError

if TYPE_CHECKING:
    # this module is read by the command line before any engine runs: nothing heavy here
    from ragjudge.calls import RunStats
    from ragjudge.runner import RunConfig
    from ragjudge.types import Example, RowError


@dataclass(frozen=True)
class Job:
    """What to judge. `data` is a file path (JSONL, JSON, CSV, Parquet), `-` for JSONL on
    standard input, a folder or URI (Ray engine), a pandas DataFrame or an iterable of dicts;
    with `from_format`, the log files of that ingest format (a path or a list of paths), or a
    trace store's address (`mlflow`) read with `source_options` (`experiment`,
    `filter_string`). `judge` names the judge (`make_judge` spec) with its `judge_options`,
    for engines that build it again where they run."""

    data: Any
    mapping: Mapping[str, str] = field(default_factory=dict)
    from_format: str | None = None
    source_options: Mapping[str, Any] = field(default_factory=dict)
    judge: str | None = None
    judge_options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def paths(self) -> list[str]:
        """The data as a list of paths (for log files and the Ray engine)."""
        if isinstance(self.data, str | Path):
            return [str(self.data)]
        if isinstance(self.data, Sequence) and all(isinstance(p, str | Path) for p in self.data):
            return [str(p) for p in self.data]
        return []

    @property
    def is_path(self) -> bool:
        return isinstance(self.data, str | Path)

    def dataset_name(self) -> str:
        """How `run.json` names the input."""
        if self.from_format:
            from ragjudge.ingest import source_label

            return source_label(self.from_format, self.paths)
        if self.is_path:
            return str(self.data)
        return type(self.data).__name__

    def total(self) -> int | None:
        """The rows to expect, when a local file tells cheaply (for the progress ETA)."""
        from ragjudge.progress import count_rows

        if self.from_format or not self.is_path or str(self.data) == "-":
            return None
        path = Path(self.data)
        return count_rows(path) if path.is_file() else None


class Engine(Protocol):
    """Runs a job into a run folder; no reports are built."""

    name: str

    def execute(
        self, job: Job, out_dir: Path, config: RunConfig
    ) -> tuple[dict[str, Any], RunStats]: ...


class LocalEngine:
    """asyncio in this process: rows are streamed in and records written in input order."""

    name = "local"

    def items(self, job: Job) -> Iterator[Example | RowError] | Iterable[Example | RowError]:
        from ragjudge.dataset import iter_examples, load_examples

        if job.from_format:
            from ragjudge.ingest import ingested_examples

            return ingested_examples(
                job.from_format, job.paths, job.mapping, **dict(job.source_options)
            )
        if job.is_path:
            return iter_examples(job.data, mapping=job.mapping)
        examples, errors = load_examples(job.data, mapping=job.mapping)
        # load_examples returns the two lists apart; put errors back at their source rows
        merged: list[Example | RowError] = [*examples, *errors]
        return sorted(merged, key=lambda x: x.source.row if x.source else 0)

    def execute(
        self, job: Job, out_dir: Path, config: RunConfig
    ) -> tuple[dict[str, Any], RunStats]:
        from ragjudge.runner import JudgeRecipe, execute

        # a judge given by name can be built again by worker processes
        recipe = JudgeRecipe(job.judge, dict(job.judge_options)) if job.judge else None
        return execute(self.items(job), out_dir, config, recipe=recipe)


class RayEngine:
    """A Ray cluster (`address`: `auto`, `host:port`, `ray://…`; None starts a local Ray, or
    uses the one this process is connected to) with `actors` judge actors."""

    name = "ray"

    def __init__(self, address: str | None = None, actors: int | None = None) -> None:
        if actors is not None and actors < 1:
            raise UsageError("--ray-actors must be 1 or more")
        self.address = address
        self.actors = actors

    def execute(
        self, job: Job, out_dir: Path, config: RunConfig
    ) -> tuple[dict[str, Any], RunStats]:
        from ragjudge.cluster import RayOptions, execute_ray

        if job.from_format:
            data: str | list[str] = job.paths
        elif job.is_path:
            data = str(job.data)
        else:
            raise UsageError(
                "engine='ray' needs data as a path or URI (a file, a folder of files, or logs "
                "with from_format)"
            )
        return execute_ray(
            data,
            out_dir,
            config,
            judge_spec=job.judge,
            judge_options=dict(job.judge_options),
            mapping=job.mapping,
            ray_options=RayOptions(address=self.address, actors=self.actors),
            from_format=job.from_format,
            source_options=dict(job.source_options),
        )


class TriageEngine:
    """Another engine, with triage (`config.triage`): when the plan escalates a fraction of
    the rows, the offline screen first judges every row into the run folder's screen folder
    (on the same engine; a rerun resumes it), the rows to escalate are chosen from its
    probabilities, then the run itself goes ahead. A band plan needs no first pass."""

    def __init__(self, inner: Engine) -> None:
        self.inner = inner
        self.name = inner.name

    def execute(
        self, job: Job, out_dir: Path, config: RunConfig
    ) -> tuple[dict[str, Any], RunStats]:
        from dataclasses import replace

        from ragjudge.runfolder import RunFolder
        from ragjudge.triage import choose_rows

        setup = config.triage
        if setup is None or not setup.plan.needs_all_rows or setup.chosen is not None:
            return self.inner.execute(job, out_dir, config)
        if job.is_path and str(job.data) == "-":
            raise UsageError(
                "--escalate FRACTION screens every row before judging, so it cannot read "
                "standard input; give a file, or use --escalate-band LO:HI"
            )
        screen_folder = RunFolder(out_dir).screen_folder()
        if not config.quiet:
            print(f"ragjudge: screening every row with the offline judge ({screen_folder.path})")
        screen_config = replace(
            config,
            judge=setup.screen(),
            triage=None,
            reports=False,
            quiet=True,
            use_cache=False,
            concurrency=max(config.concurrency, 8),
            workers=None,
        )
        screen_job = replace(job, judge=setup.screen_spec, judge_options={})
        self.inner.execute(screen_job, screen_folder.path, screen_config)
        probabilities = [
            (record.index, 1.0 - record.scores.support_score)
            for record in screen_folder.records()
            if record.scored
            and record.scores is not None
            and record.scores.support_score is not None
        ]
        chosen = choose_rows(probabilities, setup.decision_probability, setup.plan.fraction or 0.0)
        return self.inner.execute(
            job, out_dir, replace(config, triage=replace(setup, chosen=chosen))
        )


#: every engine by name
ENGINES: dict[str, type[LocalEngine] | type[RayEngine]] = {
    LocalEngine.name: LocalEngine,
    RayEngine.name: RayEngine,
}


def get_engine(
    name: str, *, ray_address: str | None = None, ray_actors: int | None = None
) -> Engine:
    """The engine called `name` (`local` or `ray`) with its options."""
    if name == RayEngine.name:
        return RayEngine(ray_address, ray_actors)
    if name == LocalEngine.name:
        if ray_address or ray_actors:
            raise UsageError("--ray-address and --ray-actors go with --engine ray")
        return LocalEngine()
    raise UsageError(f"unknown engine {name!r}: use {' or '.join(repr(n) for n in ENGINES)}")


__all__ = ["ENGINES", "Engine", "Job", "LocalEngine", "RayEngine", "TriageEngine", "get_engine"]
