"""The run folder: the one module that knows its file names and reads and writes them.

    judgments.jsonl   one `Record` per example, in input order (the source of truth)
    run.json          the run's configuration and engine figures
    examples.csv, sentences.csv, groups.csv, summary.json, report.html   the reports
    gate.md           the gate's Markdown summary
    shards/           the Ray engine's results while it runs

Every other module asks a `RunFolder` for a path or for the records. Records are read as a
stream (`records()`), migrated from older format versions on the way, and written one line at
a time (`RecordWriter`), so no stage holds a whole run in memory.

Resume (both engines): `prepare` checks that a folder holding judgments belongs to the same
run (dataset, judge, judging options) or refuses it, folds in what an interrupted resume left
(`judgments.jsonl.resume`), and says whether there are records to keep; `PreviousRecords`
walks them beside the input.
"""

from __future__ import annotations

import contextlib
import heapq
import json
import os
import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from ragjudge.codec import CodecError
from ragjudge.errors import InputError, UsageError
from ragjudge.record import FORMAT_VERSION, Record, Status

JUDGMENTS = "judgments.jsonl"
RUN_INFO = "run.json"
SUMMARY = "summary.json"
EXAMPLES_CSV = "examples.csv"
SENTENCES_CSV = "sentences.csv"
GROUPS_CSV = "groups.csv"
REPORT_HTML = "report.html"
GATE_MARKDOWN = "gate.md"
#: a run over traces: one score line per trace, for the tracing tools' upload APIs
SCORES = "scores.jsonl"
#: a triaged run that escalates a fraction of its rows: the offline screen's own run folder
SCREEN = "triage-screen"
SHARDS = "shards"
_RESUME = JUDGMENTS + ".resume"
_MERGE = JUDGMENTS + ".merge"

#: the options that change a judgment; a resume refuses a folder where any of them differ
IDENTITY_OPTIONS = ("template", "max_repairs", "clean_keys", "lang", "triage")


def default_out_dir(base: str | Path = "reports") -> Path:
    """A new folder under `base` named for the current time (`reports/20260101-120000`)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(base) / stamp
    n = 1
    while path.exists():
        n += 1
        path = Path(base) / f"{stamp}-{n}"
    return path


def dataset_id(dataset: str | None) -> str | None:
    """What identifies a run's input: the absolute path of a local file, else the name given."""
    if dataset and dataset != "-" and Path(dataset).exists():
        return str(Path(dataset).resolve())
    return dataset


def parse_record(line: str | bytes, where: str = "record") -> Record:
    """One line of `judgments.jsonl` as a `Record`; raises `InputError` naming `where`."""
    try:
        obj = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{where} is not valid JSON ({exc})") from None
    try:
        return Record.from_json(obj)
    except CodecError as exc:
        raise InputError(f"{where}: {exc}") from None


def record_line(record: Record) -> str:
    """The line `judgments.jsonl` stores for `record` (without the newline)."""
    return json.dumps(record.to_json(), ensure_ascii=False)


class RunFolder:
    """A run folder of `ragjudge eval` (which need not exist yet). A path to its
    `judgments.jsonl` is accepted too."""

    def __init__(self, path: str | Path) -> None:
        folder = Path(path)
        if folder.name == JUDGMENTS and folder.is_file():
            folder = folder.parent
        self.path = folder

    def __repr__(self) -> str:
        return f"RunFolder({str(self.path)!r})"

    def __truediv__(self, name: str) -> Path:
        return self.path / name

    @property
    def judgments(self) -> Path:
        return self.path / JUDGMENTS

    @property
    def run_info_path(self) -> Path:
        return self.path / RUN_INFO

    @property
    def summary_path(self) -> Path:
        return self.path / SUMMARY

    @property
    def shards(self) -> Path:
        return self.path / SHARDS

    def screen_folder(self) -> RunFolder:
        """The run folder of a triaged run's offline screen, inside this one."""
        return RunFolder(self.path / SCREEN)

    @property
    def resume_partial(self) -> Path:
        """Where a resume writes until it replaces `judgments.jsonl`."""
        return self.path / _RESUME

    def has_judgments(self) -> bool:
        return self.judgments.is_file()

    def require_judgments(self) -> RunFolder:
        """This folder, or `UsageError` when it holds no `judgments.jsonl`."""
        if not self.has_judgments():
            raise UsageError(f"{self.path} is not a run folder (no {JUDGMENTS})")
        return self

    # --- records ---------------------------------------------------------------------------

    def records(self) -> Iterator[Record]:
        """Every record of `judgments.jsonl`, in file order, read as a stream.

        A last line that does not parse is taken to be a write cut short by a crash and is
        dropped; a bad line anywhere else means the file is damaged and raises `InputError`.
        """
        path = self.judgments
        if not path.is_file():
            raise InputError(f"no {JUDGMENTS} found in {self.path}")
        with open(path, "rb") as handle:
            lines = (line for line in handle if line.strip())
            number = 0
            current = next(lines, None)
            while current is not None:
                number += 1
                following = next(lines, None)
                where = f"{path}: record {number}"
                try:
                    obj = json.loads(current)
                except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                    if following is None:
                        return
                    raise InputError(f"{where} is not valid JSON ({exc})") from None
                try:
                    yield Record.from_json(obj)
                except CodecError as exc:
                    raise InputError(f"{where}: {exc}") from None
                current = following

    def read_records(self) -> list[Record]:
        return list(self.records())

    # --- run.json --------------------------------------------------------------------------

    def read_run_info(self) -> dict[str, Any]:
        """`run.json` (empty when absent), lifted to the current format version."""
        path = self.run_info_path
        if not path.is_file():
            return {}
        try:
            info = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise InputError(f"{path} is not valid JSON ({exc})") from exc
        if not isinstance(info, dict):
            return {}
        if info.get("format_version", 1) < FORMAT_VERSION:
            info["format_version"] = FORMAT_VERSION
        return info

    def write_run_info(self, info: Mapping[str, Any]) -> None:
        data = {"format_version": FORMAT_VERSION, **info}
        self.write_text(RUN_INFO, json.dumps(data, indent=2, ensure_ascii=False) + "\n")

    def read_summary(self) -> dict[str, Any]:
        """`summary.json`; `UsageError` when it is absent or not a summary."""
        path = self.summary_path
        if not path.is_file():
            raise UsageError(
                f"{self.path} has no {SUMMARY}: is it a run folder of `ragjudge eval`? "
                f"(`ragjudge report {self.path}` rebuilds it from {JUDGMENTS})"
            )
        try:
            summary = json.loads(path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise UsageError(f"{path} is not valid JSON ({exc})") from exc
        if not isinstance(summary, dict) or not isinstance(summary.get("metrics", {}), dict):
            raise UsageError(f"{path} has no `metrics` object")
        return summary

    # --- writing reports ----------------------------------------------------------------------

    @contextlib.contextmanager
    def open_text(self, name: str) -> Iterator[IO[str]]:
        """Write the file `name` through a handle; it replaces the old file only when complete,
        so a reader never sees half a report."""
        target = self.path / name
        fd, tmp = tempfile.mkstemp(dir=self.path, prefix=f".{name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                yield handle
            # mkstemp makes the file private; reports get the permissions of any new file
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def write_text(self, name: str, text: str) -> None:
        with self.open_text(name) as handle:
            handle.write(text)

    # --- resume ----------------------------------------------------------------------------------

    def prepare(
        self, run_info: dict[str, Any], *, overwrite: bool, engine_files: Sequence[Path] = ()
    ) -> bool:
        """Make the folder ready for a run described by `run_info`; returns whether it holds
        records of the same run to resume from. A folder of another run is refused
        (`UsageError`) unless `overwrite`, which removes its results. `engine_files` are
        further files or folders of results an engine keeps here. Keeps the old `created`."""
        self.path.mkdir(parents=True, exist_ok=True)
        old_files = [self.judgments, self.resume_partial, *engine_files]
        if not any(path.exists() for path in old_files):
            return False
        if overwrite:
            for path in old_files:
                _remove(path)
            return False
        try:
            old = json.loads(self.run_info_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise UsageError(
                f"{self.path} holds judgments but no readable {RUN_INFO} ({exc}); pass "
                "--overwrite to replace them"
            ) from exc
        _check_same_run(old, run_info, self.path)
        run_info["created"] = old.get("created", run_info["created"])
        self._fold_interrupted_resume()
        return True

    def _fold_interrupted_resume(self) -> None:
        """Merge what an interrupted resume wrote into `judgments.jsonl`, by index; for an
        index in both, the newer record wins."""
        main, partial = self.judgments, self.resume_partial
        if not partial.exists():
            return
        merged = self.path / _MERGE
        streams = (
            ((old.index, 0, n, old) for n, old in enumerate(previous_lines(partial))),
            ((old.index, 1, n, old) for n, old in enumerate(previous_lines(main))),
        )
        last = None
        with open(merged, "w", encoding="utf-8") as out:
            for index, _, _, old in heapq.merge(*streams, key=lambda t: t[:3]):
                if index != last:
                    out.write(old.line + "\n")
                    last = index
        os.replace(merged, main)
        partial.unlink()

    def previous(self) -> PreviousRecords:
        """The records of the run being resumed, to walk beside the input."""
        return PreviousRecords(previous_lines(self.judgments))


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _check_same_run(old: Mapping[str, Any], new: Mapping[str, Any], where: Path) -> None:
    """Refuse to resume into a folder that holds a run of another dataset or judge."""
    differences = []
    if old.get("dataset_id", dataset_id(old.get("dataset"))) != new["dataset_id"]:
        differences.append(f"dataset {old.get('dataset')!r} ≠ {new['dataset']!r}")
    if _canonical(old.get("judge")) != _canonical(new["judge"]):
        differences.append(f"judge {_canonical(old.get('judge'))} ≠ {_canonical(new['judge'])}")
    old_options, new_options = old.get("options") or {}, new["options"]
    for name in IDENTITY_OPTIONS:
        if old_options.get(name) != new_options.get(name):
            differences.append(f"{name} {old_options.get(name)!r} ≠ {new_options.get(name)!r}")
    if differences:
        raise UsageError(
            f"{where} holds a different run ({'; '.join(differences)}); choose another "
            "--out, or pass --overwrite to replace it"
        )


@dataclass(frozen=True)
class PreviousLine:
    """A complete line of an earlier `judgments.jsonl`, with what a resume matches it by."""

    index: int
    id: str
    status: str
    line: str
    format_version: int

    def record_line(self) -> str:
        """The line to keep: as it was when it has the current format, else migrated."""
        if self.format_version == FORMAT_VERSION:
            return self.line
        return record_line(parse_record(self.line, f"record {self.id!r}"))

    def record(self) -> Record:
        return parse_record(self.line, f"record {self.id!r}")


def previous_lines(path: Path) -> Iterator[PreviousLine]:
    """The complete records of an earlier `judgments.jsonl`, streamed. A line that does not
    parse (a write cut short by a crash) is skipped: that example is judged again."""
    if not path.is_file():
        return
    with open(path, "rb") as handle:
        for raw in handle:
            try:
                obj = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError):
                continue
            if not isinstance(obj, dict) or not isinstance(obj.get("index"), int):
                continue
            version = obj.get("format_version", 1)
            yield PreviousLine(
                obj["index"],
                str(obj.get("id")),
                str(obj.get("status")),
                raw.decode("utf-8").rstrip("\r\n"),
                version if isinstance(version, int) else 1,
            )


def kept_on_resume(status: str) -> bool:
    """Whether a resume keeps a record of this status (see `Status.kept_on_resume`)."""
    try:
        return Status(status).kept_on_resume
    except ValueError:
        return False


class PreviousRecords:
    """Walks the records of the run being resumed alongside the input (both in index order)."""

    def __init__(self, lines: Iterator[PreviousLine]) -> None:
        self._lines = lines
        self._head: PreviousLine | None = next(lines, None)

    def take(self, index: int, item_id: str) -> PreviousLine | None:
        """The kept record of the row at `index` with id `item_id`, if the run has one."""
        while self._head is not None and self._head.index < index:
            self._head = next(self._lines, None)
        head = self._head
        if head is None or head.index != index:
            return None
        self._head = next(self._lines, None)
        if head.id != item_id or not kept_on_resume(head.status):
            return None
        return head

    def close(self) -> None:
        close = getattr(self._lines, "close", None)
        if close is not None:
            close()


class RecordWriter:
    """Writes records to a `judgments.jsonl` (or the file a resume fills first), one line each;
    `flush` hands complete lines to the OS, so a killed process leaves them on disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed by close())

    def write_line(self, line: str) -> None:
        self._handle.write(line + "\n")

    def write(self, record: Record) -> None:
        self.write_line(record_line(record))

    def flush(self) -> None:
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = [
    "EXAMPLES_CSV",
    "GATE_MARKDOWN",
    "GROUPS_CSV",
    "IDENTITY_OPTIONS",
    "JUDGMENTS",
    "REPORT_HTML",
    "RUN_INFO",
    "SENTENCES_CSV",
    "SHARDS",
    "SUMMARY",
    "PreviousLine",
    "PreviousRecords",
    "RecordWriter",
    "RunFolder",
    "dataset_id",
    "default_out_dir",
    "kept_on_resume",
    "parse_record",
    "previous_lines",
    "record_line",
]
