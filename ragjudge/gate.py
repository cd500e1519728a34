"""Stage 7: the CI quality gate — checks a run's metrics against thresholds and a baseline.

`run_gate` reads a run folder written by `ragjudge eval`: the whole-run figures from
`summary.json`, and per-group figures and failing examples from the records themselves (through
`ragjudge.runfolder`, computed with the metric declarations of `ragjudge.metrics` exactly as the
summary computes them). It returns a `GateResult`: one `Check` per threshold and group, each
passed or failed with its reason. `ragjudge.gate_report` renders the result (table, Markdown,
JUnit XML); `ragjudge.api.gate` is the whole gate behind `ragjudge gate`.

Exit codes: 0 every check passed, 1 a check failed, 2 a usage or input error (`UsageError`).

Baseline regressions (`max_drop`): the drop is `baseline.mean - run.mean` for metrics where
higher is better and `run.mean - baseline.mean` for the rates where lower is better
(`hallucination_rate`, `unsupported_sentence_rate`, `failed_rate`). A check fails when the drop
is larger than allowed *and* the drop is significant: by default that means the run's whole
bootstrap confidence interval lies beyond the allowed limit (for higher-is-better metrics,
`run.ci_high < baseline.mean - max_drop`; for rates, `run.ci_low > baseline.mean + max_drop`),
so even the optimistic end of the interval shows a drop bigger than allowed. With `strict`, the
point estimates alone decide. A metric without a confidence interval is compared by its point
estimate.
"""

from __future__ import annotations

import difflib
import heapq
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from ragjudge.errors import UsageError
from ragjudge.metrics import BY_NAME, NAMES
from ragjudge.record import Record, Status
from ragjudge.report.summary import MISSING_GROUP, SummaryBuilder
from ragjudge.runfolder import JUDGMENTS, RunFolder

METRICS = NAMES
#: absorbs rounding in means read back from JSON, so `--min adherence=0.9` passes at 0.9
_EPS = 1e-9

Kind = Literal["min", "max", "max_drop"]
KINDS: tuple[Kind, ...] = ("min", "max", "max_drop")


# --- thresholds --------------------------------------------------------------------------


@dataclass(frozen=True)
class Threshold:
    """One limit on one metric. `group` ("column=value") restricts it to one group; a threshold
    without a group applies to the whole run and to every group of every `--group-by` column."""

    metric: str
    kind: Kind
    value: float
    group: str | None = None

    @property
    def key(self) -> tuple[str, str, str | None]:
        return (self.metric, self.kind, self.group)

    def describe(self) -> str:
        if self.kind == "min":
            return f">= {self.value:g}"
        if self.kind == "max":
            return f"<= {self.value:g}"
        return f"drop <= {self.value:g}"


_SPEC = re.compile(
    r"""^\s*(?P<metric>[A-Za-z_][A-Za-z0-9_]*)\s*
        (?:\[\s*(?P<column>[^\]=]+?)\s*=\s*(?P<value>[^\]]*?)\s*\])?\s*
        =\s*(?P<number>[^=]+?)\s*$""",
    re.VERBOSE,
)


def parse_thresholds(specs: Iterable[str], kind: Kind) -> list[Threshold]:
    """Parse `METRIC=VALUE` specs (several may be joined with commas) into thresholds.

    `METRIC[COLUMN=VALUE]=NUMBER` limits one group, e.g. `adherence[model=gpt-4o]=0.95`.
    `min`/`max` values must lie in [0, 1] (every metric does) and `max_drop` values in [0, 1].
    Raises `UsageError` for an unknown metric, a malformed spec or a value out of range.
    """
    if kind not in KINDS:
        raise UsageError(f"unknown threshold kind {kind!r} (use one of {', '.join(KINDS)})")
    flag = "--" + kind.replace("_", "-")
    thresholds = []
    for joined in specs:
        for spec in _split_specs(joined):
            match = _SPEC.match(spec)
            if match is None:
                raise UsageError(
                    f"{flag} {spec!r}: expected METRIC=NUMBER or METRIC[COLUMN=VALUE]=NUMBER, "
                    "for example adherence=0.9"
                )
            metric = match["metric"]
            _check_metric(metric, flag)
            try:
                value = float(match["number"])
            except ValueError:
                raise UsageError(f"{flag} {spec!r}: {match['number']!r} is not a number") from None
            if not (math.isfinite(value) and 0.0 <= value <= 1.0):
                raise UsageError(f"{flag} {spec!r}: the value must lie between 0 and 1")
            group = f"{match['column']}={match['value']}" if match["column"] else None
            thresholds.append(Threshold(metric, kind, value, group))
    return thresholds


def _split_specs(joined: str) -> list[str]:
    # commas inside a group's brackets belong to the group value
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in joined:
        depth += char == "["
        depth -= char == "]"
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [part for part in parts if part.strip()]


def _check_metric(metric: str, flag: str) -> None:
    if metric in BY_NAME:
        return
    close = difflib.get_close_matches(metric, METRICS, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise UsageError(
        f"{flag}: unknown metric {metric!r}{hint}; known metrics: {', '.join(METRICS)}"
    )


def thresholds_from_config(gate: Mapping[str, Any]) -> list[Threshold]:
    """The thresholds of a `[gate]` config table (`min`, `max`, `max_drop` sub-tables)."""
    thresholds: list[Threshold] = []
    for kind in KINDS:
        table = gate.get(kind) or {}
        for metric, value in table.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise UsageError(f"config gate.{kind}.{metric} must be a number, not {value!r}")
            thresholds += parse_thresholds([f"{metric}={value}"], kind)
    return thresholds


def merge_thresholds(base: Sequence[Threshold], overrides: Sequence[Threshold]) -> list[Threshold]:
    """`base` (from the config file) with each (metric, kind, group) in `overrides` replaced."""
    merged = {t.key: t for t in base}
    merged.update({t.key: t for t in overrides})
    return list(merged.values())


# --- results -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One threshold applied to the whole run (group None) or to one group."""

    metric: str
    kind: Kind
    threshold: float
    group: str | None
    value: float | None
    ci: tuple[float, float] | None
    n: int
    passed: bool
    message: str
    baseline: float | None = None

    @property
    def name(self) -> str:
        where = f" [{self.group}]" if self.group else ""
        return f"{self.kind} {self.metric}{where}"

    def describe_threshold(self) -> str:
        return Threshold(self.metric, self.kind, self.threshold, self.group).describe()


@dataclass(frozen=True)
class ExampleFailure:
    """An example that is not adherent (or failed): what the gate shows and reports."""

    id: str
    status: str
    supported_ratio: float | None
    support_score: float | None
    unsupported_keys: tuple[str, ...]
    error: str | None = None
    #: (key, text) of each unsupported sentence, when judgments.jsonl is there to read
    unsupported_sentences: tuple[tuple[str, str], ...] = ()

    def describe(self) -> str:
        if self.status in ("failed", "invalid_input"):
            return f"{self.status}: {self.error or 'no reason recorded'}"
        if self.unsupported_sentences:
            return "; ".join(f"{key}: {text!r}" for key, text in self.unsupported_sentences)
        keys = " ".join(self.unsupported_keys) or "none listed"
        return f"not adherent; unsupported sentences: {keys}"


@dataclass(frozen=True)
class GateResult:
    run_dir: Path
    checks: tuple[Check, ...]
    #: the lowest-scoring non-adherent examples (at most `worst` of them)
    worst_examples: tuple[ExampleFailure, ...] = ()
    #: every non-adherent, failed or invalid example, in input order
    failing_examples: tuple[ExampleFailure, ...] = ()
    baseline_dir: Path | None = None
    strict: bool = False
    group_by: tuple[str, ...] = field(default_factory=tuple)

    @property
    def passed(self) -> bool:
        return all(check.passed for check in self.checks)

    @property
    def failures(self) -> tuple[Check, ...]:
        return tuple(check for check in self.checks if not check.passed)


@dataclass(frozen=True)
class _Stat:
    mean: float | None
    ci: tuple[float, float] | None
    n: int


# --- the gate ----------------------------------------------------------------------------


def run_gate(
    run_dir: str | Path,
    thresholds: Sequence[Threshold],
    *,
    baseline_dir: str | Path | None = None,
    strict: bool = False,
    group_by: Sequence[str] = (),
    worst: int = 5,
) -> GateResult:
    """Check the run in `run_dir` against `thresholds` (and against `baseline_dir` for
    `max_drop` thresholds). See the module docstring for the regression rule.

    Group figures come from `summary.json`'s `groups` when it has the column, else they are
    computed from the records with the summary's own definitions and seeded bootstrap. A
    threshold with a group adds that group's column to `group_by`. A metric with no value
    (no judged examples, or a judge that gives no `support_score`) fails its check.
    Raises `UsageError` for a missing run folder or summary, or a group column the run lacks.
    """
    run = _Run(Path(run_dir))
    base = _Run(Path(baseline_dir)) if baseline_dir is not None else None
    if base is None and any(t.kind == "max_drop" for t in thresholds):
        raise UsageError("max_drop thresholds need a baseline run folder (--baseline DIR)")
    columns = list(dict.fromkeys([*group_by, *(_column(t.group) for t in thresholds if t.group)]))
    run.prepare_groups(columns)
    if base is not None:
        base.prepare_groups(columns)

    checks: list[Check] = []
    for threshold in thresholds:
        for group in _targets(threshold, run, columns):
            current = run.stat(threshold.metric, group)
            if threshold.kind == "max_drop":
                assert base is not None
                checks.append(_drop_check(threshold, group, current, base, strict))
            else:
                checks.append(_limit_check(threshold, group, current))

    failing, worst_rows = run.failing_examples(max(worst, 0))
    return GateResult(
        run_dir=run.path,
        checks=tuple(checks),
        worst_examples=tuple(worst_rows),
        failing_examples=tuple(failing),
        baseline_dir=base.path if base else None,
        strict=strict,
        group_by=tuple(columns),
    )


def _column(group: str) -> str:
    return group.split("=", 1)[0]


def _targets(threshold: Threshold, run: _Run, columns: Sequence[str]) -> list[str | None]:
    if threshold.group is not None:
        return [threshold.group]
    targets: list[str | None] = [None]
    for column in columns:
        targets += [f"{column}={value}" for value in run.group_values(column)]
    return targets


def _sort_value(value: float | None) -> float:
    return math.inf if value is None or math.isnan(value) else value


def _check(
    threshold: Threshold,
    group: str | None,
    stat: _Stat | None,
    passed: bool,
    message: str,
    baseline: float | None = None,
) -> Check:
    """A check of `threshold` on `group`; `stat` is None when the run has no value."""
    return Check(
        metric=threshold.metric,
        kind=threshold.kind,
        threshold=threshold.value,
        group=group,
        value=stat.mean if stat is not None else None,
        ci=stat.ci if stat is not None else None,
        n=stat.n if stat is not None else 0,
        passed=passed,
        message=message,
        baseline=baseline,
    )


def _limit_check(threshold: Threshold, group: str | None, stat: _Stat | None) -> Check:
    if stat is None or stat.mean is None:
        reason = "group not found in the run" if stat is None else "no value in the run"
        return _check(threshold, group, None, False, reason)
    if threshold.kind == "min":
        passed = stat.mean >= threshold.value - _EPS
        word = "below" if not passed else "at or above"
    else:
        passed = stat.mean <= threshold.value + _EPS
        word = "above" if not passed else "at or below"
    message = f"{stat.mean:.3f} is {word} the {threshold.kind} {threshold.value:g}"
    return _check(threshold, group, stat, passed, message)


def _drop_check(
    threshold: Threshold, group: str | None, current: _Stat | None, base: _Run, strict: bool
) -> Check:
    previous = base.stat(threshold.metric, group)
    if current is None or current.mean is None:
        reason = "group not found in the run" if current is None else "no value in the run"
        return _check(threshold, group, None, False, reason)
    if previous is None or previous.mean is None:
        # a group or metric new in this run cannot have regressed
        return _check(threshold, group, current, True, "not in the baseline; not compared")

    allowed = threshold.value
    lower_better = not BY_NAME[threshold.metric].higher_is_better
    drop = current.mean - previous.mean if lower_better else previous.mean - current.mean
    low, high = current.ci if current.ci else (current.mean, current.mean)
    if lower_better:
        limit = previous.mean + allowed
        significant = low > limit + _EPS
    else:
        limit = previous.mean - allowed
        significant = high < limit - _EPS
    too_big = drop > allowed + _EPS
    passed = not (too_big and (strict or significant))

    change = f"{'worse' if drop > 0 else 'better'} by {abs(drop):.3f} than the baseline "
    change += f"{previous.mean:.3f} (allowed drop {allowed:g})"
    if not too_big:
        message = change
    elif strict:
        message = f"{change}; strict: point estimates compared"
    elif significant:
        side = "below" if not lower_better else "above"
        message = f"{change}; the whole CI [{low:.3f}, {high:.3f}] lies {side} {limit:.3f}"
    else:
        message = (
            f"{change}, but the CI [{low:.3f}, {high:.3f}] reaches {limit:.3f}: "
            "not significant (--strict compares point estimates)"
        )
    return _check(threshold, group, current, passed, message, baseline=previous.mean)


# --- reading a run folder ----------------------------------------------------------------


class _Run:
    """A run folder: `summary.json` read at once, the records when groups or examples need
    them."""

    def __init__(self, path: Path) -> None:
        self.folder = RunFolder(path)
        self.path = path
        if not path.is_dir():
            raise UsageError(f"run folder {path} does not exist")
        self.summary = self.folder.read_summary()
        self._groups: dict[str, dict[str, dict[str, _Stat]]] = {}
        for column, stored in (self.summary.get("groups") or {}).items():
            if isinstance(stored, list):
                self._groups[column] = _parse_groups(stored)

    def stat(self, metric: str, group: str | None) -> _Stat | None:
        if group is None:
            return _stat_from(self.summary.get("metrics", {}).get(metric)) or _Stat(None, None, 0)
        column, value = group.split("=", 1)
        metrics = self.groups(column).get(value)
        if metrics is None:
            return None
        return metrics.get(metric) or _Stat(None, None, 0)

    def group_values(self, column: str) -> list[str]:
        return list(self.groups(column))

    def groups(self, column: str) -> dict[str, dict[str, _Stat]]:
        if column not in self._groups:
            self.prepare_groups([column])
        return self._groups[column]

    def _records(self, needed_for: str) -> Iterable[Record]:
        if not self.folder.has_judgments():
            raise UsageError(f"{self.path} has no {JUDGMENTS}, needed for {needed_for}")
        return self.folder.records()

    def prepare_groups(self, columns: Sequence[str]) -> None:
        """Compute, in one pass over the records, the groups `summary.json` does not hold."""
        missing = [c for c in columns if c not in self._groups]
        if not missing:
            return
        facts = SummaryBuilder(missing).add_all(self._records("groups"))
        for column, entries in facts.group_blocks().items():
            self._groups[column] = _parse_groups(entries)

    def failing_examples(self, worst: int) -> tuple[list[ExampleFailure], list[ExampleFailure]]:
        """Every example that is not adherent, failed or had invalid input, in input order;
        and the `worst` judged ones (lowest support first) with their unsupported sentences."""
        if not self.folder.has_judgments():
            return [], []
        failing: list[ExampleFailure] = []
        heap: list[tuple[tuple[float, float, int], ExampleFailure]] = []
        for position, record in enumerate(self.folder.records()):
            failure = _failure(record)
            if failure is None:
                continue
            failing.append(failure)
            if record.status.scored and worst > 0:
                key = (
                    _sort_value(failure.support_score),
                    _sort_value(failure.supported_ratio),
                    position,
                )
                texts = tuple((s.key, s.text) for s in record.unsupported_sentences())
                entry = ((-key[0], -key[1], -key[2]), replace(failure, unsupported_sentences=texts))
                if len(heap) < worst:
                    heapq.heappush(heap, entry)
                elif entry[0] > heap[0][0]:
                    heapq.heapreplace(heap, entry)
        worst_rows = [failure for _, failure in sorted(heap, key=lambda e: e[0], reverse=True)]
        return failing, worst_rows


def _failure(record: Record) -> ExampleFailure | None:
    scores = record.scores
    judged = record.status.scored and scores is not None
    if record.status in (Status.FAILED, Status.INVALID_INPUT):
        pass
    elif not (judged and scores is not None and scores.adherence == 0):
        return None
    return ExampleFailure(
        id=record.id,
        status=record.status.value,
        supported_ratio=_number(scores.supported_ratio) if scores is not None else None,
        support_score=_number(scores.support_score) if scores is not None else None,
        unsupported_keys=tuple(scores.unsupported_keys) if scores is not None else (),
        error=record.error or None,
    )


def _parse_groups(entries: Sequence[Any]) -> dict[str, dict[str, _Stat]]:
    return {
        _group_key(entry.get("value")): {
            name: stat
            for name, raw in (entry.get("metrics") or {}).items()
            if (stat := _stat_from(raw)) is not None
        }
        for entry in entries
        if isinstance(entry, Mapping)
    }


def _group_key(value: Any) -> str:
    # the labels of ragjudge.report: str() of the value, "(missing)" for none
    if value is None or value == "":
        return MISSING_GROUP
    return str(value)


def _stat_from(raw: Any) -> _Stat | None:
    if not isinstance(raw, Mapping):
        return None
    mean = _number(raw.get("mean"))
    low, high = _number(raw.get("ci_low")), _number(raw.get("ci_high"))
    ci = (low, high) if low is not None and high is not None else None
    n = raw.get("n")
    return _Stat(mean, ci, int(n) if isinstance(n, int | float) and not isinstance(n, bool) else 0)


def _number(value: Any) -> float | None:
    if value is None or isinstance(value, bool | str):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(number) else number


__all__ = [
    "KINDS",
    "METRICS",
    "MISSING_GROUP",
    "Check",
    "ExampleFailure",
    "GateResult",
    "Threshold",
    "merge_thresholds",
    "parse_thresholds",
    "run_gate",
    "thresholds_from_config",
]
