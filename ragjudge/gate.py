"""Stage 7: the CI quality gate — checks a run folder's metrics against thresholds and a baseline.

`run_gate` reads `summary.json` (and `examples.csv` for per-group figures and the worst examples)
from a run folder written by `ragjudge eval`, and returns a `GateResult`: one `Check` per
threshold and group, each passed or failed with its reason. `format_table`, `write_junit` and
`write_markdown` render that result; `run_gate_command` is the `ragjudge gate` command.

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

import argparse
import difflib
import json
import math
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from xml.etree import ElementTree as ET

from ragjudge.errors import RagjudgeError, UsageError
from ragjudge.report.metrics import LOWER_IS_BETTER, METRICS, SCORE_METRICS

if TYPE_CHECKING:
    import pandas as pd

#: per-example score columns of examples.csv that are metrics as they stand
_PER_EXAMPLE = SCORE_METRICS
#: absorbs rounding in means read back from JSON, so `--min adherence=0.9` passes at 0.9
_EPS = 1e-9
#: the bootstrap settings of ragjudge.report, so group CIs computed here match its summaries
_BOOTSTRAP_SAMPLES = 1000
_BOOTSTRAP_SEED = 0

#: examples.csv columns that are not metadata (metadata columns follow them)
_FIXED_COLUMNS = frozenset(
    {*_PER_EXAMPLE, "id", "status", "n_sentences", "n_unsupported", "unsupported_keys"}
    | {"n_violations", "injection_suspected", "error"}
)
MISSING_GROUP = "(missing)"

Kind = Literal["min", "max", "max_drop"]
_KINDS: tuple[str, ...] = ("min", "max", "max_drop")


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
    if kind not in _KINDS:
        raise UsageError(f"unknown threshold kind {kind!r} (use one of {', '.join(_KINDS)})")
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
    parts, depth, current = [], 0, []
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
    if metric in METRICS:
        return
    close = difflib.get_close_matches(metric, METRICS, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise UsageError(
        f"{flag}: unknown metric {metric!r}{hint}; known metrics: {', '.join(METRICS)}"
    )


def thresholds_from_config(gate: Mapping[str, Any]) -> list[Threshold]:
    """The thresholds of a `[gate]` config table (`min`, `max`, `max_drop` sub-tables)."""
    thresholds: list[Threshold] = []
    for kind in _KINDS:
        table = gate.get(kind) or {}
        for metric, value in table.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise UsageError(f"config gate.{kind}.{metric} must be a number, not {value!r}")
            thresholds += parse_thresholds([f"{metric}={value}"], kind)  # type: ignore[arg-type]
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
    computed from `examples.csv` with the same definitions and a seeded bootstrap CI. A
    threshold with a group adds that group's column to `group_by`. A metric with no value
    (no judged examples, or a judge that gives no `support_score`) fails its check.
    Raises `UsageError` for a missing run folder or summary, or a group column the run lacks.
    """
    run = _Run(Path(run_dir))
    base = _Run(Path(baseline_dir)) if baseline_dir is not None else None
    if base is None and any(t.kind == "max_drop" for t in thresholds):
        raise UsageError("max_drop thresholds need a baseline run folder (--baseline DIR)")
    columns = list(dict.fromkeys([*group_by, *(_column(t.group) for t in thresholds if t.group)]))

    checks: list[Check] = []
    for threshold in thresholds:
        for group in _targets(threshold, run, columns):
            current = run.stat(threshold.metric, group)
            if threshold.kind == "max_drop":
                assert base is not None
                checks.append(_drop_check(threshold, group, current, base, strict))
            else:
                checks.append(_limit_check(threshold, group, current))

    failing = run.failing_examples()
    worst_rows = sorted(
        (f for f in failing if f.status in ("ok", "repaired")),
        key=lambda f: (_sort_value(f.support_score), _sort_value(f.supported_ratio)),
    )[: max(worst, 0)]
    texts = run.unsupported_sentences({f.id for f in worst_rows})
    worst_rows = [replace(f, unsupported_sentences=texts.get(f.id, ())) for f in worst_rows]
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


def _limit_check(threshold: Threshold, group: str | None, stat: _Stat | None) -> Check:
    common = dict(metric=threshold.metric, kind=threshold.kind, threshold=threshold.value)
    if stat is None or stat.mean is None:
        reason = "group not found in the run" if stat is None else "no value in the run"
        return Check(**common, group=group, value=None, ci=None, n=0, passed=False, message=reason)
    if threshold.kind == "min":
        passed = stat.mean >= threshold.value - _EPS
        word = "below" if not passed else "at or above"
    else:
        passed = stat.mean <= threshold.value + _EPS
        word = "above" if not passed else "at or below"
    message = f"{stat.mean:.3f} is {word} the {threshold.kind} {threshold.value:g}"
    return Check(
        **common, group=group, value=stat.mean, ci=stat.ci, n=stat.n, passed=passed,
        message=message,
    )  # fmt: skip


def _drop_check(
    threshold: Threshold, group: str | None, current: _Stat | None, base: _Run, strict: bool
) -> Check:
    common = dict(metric=threshold.metric, kind=threshold.kind, threshold=threshold.value)
    previous = base.stat(threshold.metric, group)
    if current is None or current.mean is None:
        reason = "group not found in the run" if current is None else "no value in the run"
        return Check(**common, group=group, value=None, ci=None, n=0, passed=False, message=reason)
    values = dict(group=group, value=current.mean, ci=current.ci, n=current.n)
    if previous is None or previous.mean is None:
        # a group or metric new in this run cannot have regressed
        return Check(**common, **values, passed=True, message="not in the baseline; not compared")

    allowed = threshold.value
    lower_better = threshold.metric in LOWER_IS_BETTER
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
    return Check(**common, **values, passed=passed, message=message, baseline=previous.mean)


# --- reading a run folder ----------------------------------------------------------------


class _Run:
    """A run folder: summary.json read at once, examples.csv and judgments.jsonl when needed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        if not path.is_dir():
            raise UsageError(f"run folder {path} does not exist")
        summary_path = path / "summary.json"
        if not summary_path.is_file():
            raise UsageError(
                f"{path} has no summary.json: is it a run folder of `ragjudge eval`? "
                f"(`ragjudge report {path}` rebuilds it from judgments.jsonl)"
            )
        try:
            self.summary = json.loads(summary_path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise UsageError(f"{summary_path} is not valid JSON ({exc})") from exc
        if not isinstance(self.summary, dict) or not isinstance(
            self.summary.get("metrics", {}), dict
        ):
            raise UsageError(f"{summary_path} has no `metrics` object")
        self._frame: pd.DataFrame | None = None
        self._groups: dict[str, dict[str, dict[str, _Stat]]] = {}

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
            stored = (self.summary.get("groups") or {}).get(column)
            if isinstance(stored, list):
                self._groups[column] = {
                    _group_key(entry.get("value")): {
                        name: stat
                        for name, raw in (entry.get("metrics") or {}).items()
                        if (stat := _stat_from(raw)) is not None
                    }
                    for entry in stored
                }
            else:
                self._groups[column] = compute_group_metrics(self.frame(), column)
        return self._groups[column]

    def frame(self) -> pd.DataFrame:
        if self._frame is None:
            path = self.path / "examples.csv"
            if not path.is_file():
                raise UsageError(f"{self.path} has no examples.csv, needed for groups and examples")
            self._frame = read_examples_csv(path)
        return self._frame

    def failing_examples(self) -> list[ExampleFailure]:
        if not (self.path / "examples.csv").is_file():
            return []
        frame = self.frame()
        bad = frame["status"].isin(["failed", "invalid_input"])
        if "adherence" in frame:
            bad |= frame["status"].isin(["ok", "repaired"]) & (frame["adherence"] == 0)
        rows = []
        for row in frame[bad].to_dict("records"):
            rows.append(
                ExampleFailure(
                    id=str(row["id"]),
                    status=str(row["status"]),
                    supported_ratio=_number(row.get("supported_ratio")),
                    support_score=_number(row.get("support_score")),
                    unsupported_keys=tuple(str(row.get("unsupported_keys") or "").split()),
                    error=str(row["error"]) if row.get("error") else None,
                )
            )
        return rows

    def unsupported_sentences(self, ids: set[str]) -> dict[str, tuple[tuple[str, str], ...]]:
        path = self.path / "judgments.jsonl"
        found: dict[str, tuple[tuple[str, str], ...]] = {}
        if not ids or not path.is_file():
            return found
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue  # the summary was built already; a damaged line only costs text
                if not isinstance(record, dict) or str(record.get("id")) not in ids:
                    continue
                found[str(record["id"])] = tuple(
                    (str(s.get("key")), str(s.get("text")))
                    for s in record.get("sentences") or []
                    if not s.get("supported")
                )
                if len(found) == len(ids):
                    break
        return found


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


def read_examples_csv(path: str | Path) -> pd.DataFrame:
    """examples.csv with text columns as strings and the score columns as floats
    (booleans written as True/False become 1.0/0.0, blanks NaN)."""
    import pandas as pd

    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    for column in (*_PER_EXAMPLE, "n_sentences", "n_unsupported"):
        if column in frame:
            text = frame[column].str.strip().str.lower()
            text = text.replace({"true": "1", "false": "0", "": "nan", "none": "nan"})
            frame[column] = pd.to_numeric(text, errors="coerce").astype("float64")
    if "status" not in frame or "id" not in frame:
        raise UsageError(f"{path} lacks the id and status columns of an examples.csv")
    return frame


# --- per-group metrics from examples.csv -------------------------------------------------


def compute_group_metrics(frame: pd.DataFrame, column: str) -> dict[str, dict[str, _Stat]]:
    """Every metric for each value of `column`, with the definitions and the seeded bootstrap
    of `ragjudge.report` (so the figures match a summary written with `--group-by`): quality
    metrics over `ok`/`repaired` rows, `failed_rate` over all rows. A metadata key that
    shadows a fixed column is found under its `meta_` name; a blank value is `(missing)`."""
    if column not in frame and f"meta_{column}" in frame:
        column = f"meta_{column}"
    if column not in frame:
        known = [c for c in frame.columns if c not in _FIXED_COLUMNS]
        raise UsageError(
            f"--group-by {column}: the run has no such column "
            f"(metadata columns: {', '.join(known) or 'none'})"
        )
    found = {_group_key(value): rows for value, rows in frame.groupby(column, sort=False)}
    # the order of ragjudge.report: by label, the missing group last
    order = sorted(found, key=lambda label: (label == MISSING_GROUP, label))
    return {label: _metrics_of(found[label]) for label in order}


def _metrics_of(rows: pd.DataFrame) -> dict[str, _Stat]:
    judged = rows[rows["status"].isin(["ok", "repaired"])]
    stats: dict[str, _Stat] = {}
    for name in _PER_EXAMPLE:
        if name in judged:
            stats[name] = _mean_stat(judged[name].to_numpy(dtype=float), name)
    if "adherence" in judged:
        hallucination = 1.0 - judged["adherence"].to_numpy(dtype=float)
        stats["hallucination_rate"] = _mean_stat(hallucination, "hallucination_rate")
    if "n_sentences" in judged and "n_unsupported" in judged:
        both = judged[judged["n_sentences"] > 0][["n_unsupported", "n_sentences"]].dropna()
        stats["unsupported_sentence_rate"] = _ratio_stat(
            both["n_unsupported"].to_numpy(dtype=float),
            both["n_sentences"].to_numpy(dtype=float),
            "unsupported_sentence_rate",
        )
    failed = (rows["status"] == "failed").to_numpy(dtype=float)
    stats["failed_rate"] = _mean_stat(failed, "failed_rate")
    return stats


def _mean_stat(values: Any, name: str) -> _Stat:
    import numpy as np

    values = values[np.isfinite(values)]
    return _ratio_stat(values, np.ones(len(values)), name)


def _ratio_stat(numerators: Any, denominators: Any, name: str) -> _Stat:
    from ragjudge.report.aggregate import bootstrap_ratio

    n = len(numerators)
    if n == 0 or not denominators.sum():
        return _Stat(None, None, n)
    low, high = bootstrap_ratio(
        numerators, denominators, seed=_BOOTSTRAP_SEED, name=name, n_boot=_BOOTSTRAP_SAMPLES
    )
    ci = (low, high) if low is not None and high is not None else None
    return _Stat(float(numerators.sum() / denominators.sum()), ci, n)


# --- rendering ---------------------------------------------------------------------------


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def _fmt_ci(ci: tuple[float, float] | None) -> str:
    return "—" if ci is None else f"[{ci[0]:.3f}, {ci[1]:.3f}]"


def _check_rows(result: GateResult) -> list[list[str]]:
    rows = []
    for check in result.checks:
        threshold = check.describe_threshold()
        if check.baseline is not None:
            threshold += f" (base {check.baseline:.3f})"
        rows.append(
            [
                check.metric,
                check.group or "all",
                _fmt(check.value),
                _fmt_ci(check.ci),
                str(check.n),
                threshold,
                "pass" if check.passed else "FAIL",
            ]
        )
    return rows


_HEADERS = ["metric", "group", "value", "95% CI", "n", "threshold", "result"]


def _headline(result: GateResult) -> str:
    total = f"{len(result.checks)} check{'s' if len(result.checks) != 1 else ''}"
    failed = f"FAILED ({len(result.failures)} of {total} failed)"
    verdict = f"passed ({total})" if result.passed else failed
    where = f"run {result.run_dir}"
    if result.baseline_dir is not None:
        mode = "strict" if result.strict else "CI-aware"
        where += f", baseline {result.baseline_dir} ({mode})"
    return f"ragjudge gate {verdict}: {where}"


def format_table(result: GateResult) -> str:
    """A plain-text report: one line per check, the failures' reasons and the worst examples."""
    rows = [_HEADERS, *_check_rows(result)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_HEADERS))]
    lines = [_headline(result), ""]
    for row in rows:
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    if result.failures:
        lines += ["", "Failed checks:"]
        lines += [f"  {check.name}: {check.message}" for check in result.failures]
    if result.worst_examples:
        lines += ["", "Worst examples (not adherent, lowest support first):"]
        id_width = max(len(example.id) for example in result.worst_examples)
        for example in result.worst_examples:
            lines.append(
                f"  {example.id.ljust(id_width)}  supported_ratio={_fmt(example.supported_ratio)}"
                f"  support_score={_fmt(example.support_score)}"
                f"  unsupported={' '.join(example.unsupported_keys) or '—'}"
            )
            for key, text in example.unsupported_sentences:
                lines.append(f"      {key}: {_shorten(text, 100)!r}")
    return "\n".join(lines) + "\n"


def _shorten(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def format_markdown(result: GateResult) -> str:
    """The result as GitHub-flavoured Markdown, for a pull-request comment or the step summary."""
    mark = "✅" if result.passed else "❌"
    lines = [f"### {mark} {_md_cell(_headline(result))}", ""]
    lines.append("| " + " | ".join(_HEADERS) + " |")
    lines.append("|" + "---|" * len(_HEADERS))
    for row, check in zip(_check_rows(result), result.checks, strict=True):
        row[-1] = "✅ pass" if check.passed else "❌ **fail**"
        lines.append("| " + " | ".join(_md_cell(cell) for cell in row) + " |")
    if result.failures:
        lines += ["", "**Failed checks**", ""]
        lines += [f"- `{check.name}`: {_md_cell(check.message)}" for check in result.failures]
    if result.worst_examples:
        lines += [
            "",
            "**Worst examples** (not adherent, lowest support first)",
            "",
            "| id | supported_ratio | support_score | unsupported sentences |",
            "|---|---|---|---|",
        ]
        for example in result.worst_examples:
            sentences = "<br>".join(
                f"`{key}` {_md_cell(_shorten(text, 120))}"
                for key, text in example.unsupported_sentences
            ) or " ".join(f"`{key}`" for key in example.unsupported_keys)
            lines.append(
                f"| `{_md_cell(example.id)}` | {_fmt(example.supported_ratio)} | "
                f"{_fmt(example.support_score)} | {sentences or '—'} |"
            )
    return "\n".join(lines) + "\n"


def write_markdown(result: GateResult, path: str | Path) -> Path:
    """Write `format_markdown(result)` to `path` (parent folders are created)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(format_markdown(result), encoding="utf-8")
    return target


def write_junit(result: GateResult, path: str | Path, include_examples: bool = False) -> Path:
    """Write JUnit XML: a `ragjudge.gate` suite with one testcase per check and, with
    `include_examples`, a `ragjudge.examples` suite with one failing testcase per example that
    is not adherent, failed or had invalid input."""
    root = ET.Element("testsuites", name="ragjudge")
    suite = _suite(root, "ragjudge.gate")
    for check in result.checks:
        case = ET.SubElement(
            suite, "testcase", classname="ragjudge.gate", name=check.name, time="0"
        )
        details = (
            f"value {_fmt(check.value)}, CI {_fmt_ci(check.ci)}, n {check.n}, "
            f"threshold {check.describe_threshold()}: {check.message}"
        )
        if check.passed:
            ET.SubElement(case, "system-out").text = details
        else:
            failure = ET.SubElement(case, "failure", message=check.message, type="threshold")
            failure.text = details
    if include_examples:
        examples = _suite(root, "ragjudge.examples")
        for example in result.failing_examples:
            case = ET.SubElement(
                examples, "testcase", classname="ragjudge.examples", name=example.id, time="0"
            )
            kind = "not_adherent" if example.status in ("ok", "repaired") else example.status
            ET.SubElement(case, "failure", message=example.describe(), type=kind).text = (
                f"status {example.status}, supported_ratio {_fmt(example.supported_ratio)}, "
                f"support_score {_fmt(example.support_score)}, "
                f"unsupported {' '.join(example.unsupported_keys) or '—'}"
            )
    for element in (root, *root):
        cases = list(element.iter("testcase"))
        element.set("tests", str(len(cases)))
        element.set("failures", str(sum(c.find("failure") is not None for c in cases)))
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(root).write(target, encoding="utf-8", xml_declaration=True)
    return target


def _suite(root: ET.Element, name: str) -> ET.Element:
    return ET.SubElement(root, "testsuite", name=name, errors="0", skipped="0", time="0")


# --- command line ------------------------------------------------------------------------


def add_gate_arguments(parser: argparse.ArgumentParser, *, include_run_dir: bool = True) -> None:
    """Add the gate's options to `parser`: the `ragjudge gate` subcommand, or `ragjudge eval`
    with `include_run_dir=False`, which adds `--gate` instead of the RUN_DIR argument and
    names the group option `--gate-group-by` (eval's own `--group-by` slices the report).
    An option the parser has already is left as it is and its value shared."""
    if include_run_dir:
        parser.add_argument("run_dir", metavar="RUN_DIR", help="a run folder of `ragjudge eval`")
    else:
        parser.add_argument(
            "--gate", action="store_true", help="check the run with the quality gate afterwards"
        )
    options: list[tuple[tuple[str, ...], dict[str, Any]]] = [
        (("--min",), dict(action="append", default=[], metavar="METRIC=VALUE",
                          help="fail when the metric's mean is below VALUE (repeatable)")),
        (("--max",), dict(action="append", default=[], metavar="METRIC=VALUE",
                          help="fail when the metric's mean is above VALUE (repeatable)")),
        (("--max-drop",), dict(action="append", default=[], metavar="METRIC=VALUE",
                               help="fail when the metric is worse than the baseline by more "
                                    "than VALUE (repeatable; needs --baseline)")),
        (("--baseline",), dict(metavar="DIR", help="a stored run folder to compare against")),
        (("--strict",), dict(action=argparse.BooleanOptionalAction, default=None,
                             help="compare point estimates against the baseline instead of "
                                  "requiring the whole CI to show the drop")),
        (("--gate-group-by" if not include_run_dir else "--group-by",),
         dict(action="append", default=None, metavar="COLUMN",
              dest="gate_group_by" if not include_run_dir else "group_by",
              help="apply the thresholds to each group of COLUMN too")),
        (("--junit",), dict(metavar="FILE", help="write JUnit XML (one testcase per check)")),
        (("--junit-examples",), dict(action="store_true",
                                     help="add one failing testcase per failing example")),
        (("--markdown",), dict(metavar="FILE",
                               help="write a Markdown summary (default: RUN_DIR/gate.md)")),
        (("--config",), dict(metavar="FILE",
                             help="read thresholds from FILE instead of the nearest "
                                  "ragjudge.toml / pyproject.toml")),
        (("--no-config",), dict(action="store_true", help="ignore any config file")),
    ]  # fmt: skip
    for flags, kwargs in options:
        try:
            parser.add_argument(*flags, **kwargs)
        except argparse.ArgumentError:
            continue  # the host command defines it already; both read the same value


def run_gate_command(args: argparse.Namespace, run_dir: str | Path | None = None) -> int:
    """Run the gate from parsed arguments; print the table and write the requested files.

    Returns 0 when every check passed and 1 when one failed; raises `UsageError` (exit code 2)
    for bad input. `run_dir` overrides `args.run_dir` (for `ragjudge eval --gate`). Flags
    override the config file's `[gate]` table metric by metric.
    """
    from ragjudge.config import load_config

    folder = Path(run_dir if run_dir is not None else args.run_dir)
    config: dict[str, Any] = {}
    if not getattr(args, "no_config", False):
        config = load_config(getattr(args, "config", None) or Path.cwd())
    gate = config.get("gate", {})

    cli: list[Threshold] = []
    for kind in _KINDS:
        cli += parse_thresholds(getattr(args, kind, None) or [], kind)  # type: ignore[arg-type]
    thresholds = merge_thresholds(thresholds_from_config(gate), cli)
    if not thresholds:
        raise UsageError(
            "nothing to check: give --min, --max or --max-drop, or a [gate] table in "
            "ragjudge.toml or [tool.ragjudge.gate] in pyproject.toml"
        )
    baseline = getattr(args, "baseline", None) or gate.get("baseline")
    if baseline is None and any(t.kind == "max_drop" for t in thresholds):
        raise UsageError("--max-drop needs a baseline run folder (--baseline DIR)")
    strict = args.strict if getattr(args, "strict", None) is not None else gate.get("strict")
    # under `eval`, --group-by slices the report; the gate's own groups are --gate-group-by
    group_by = getattr(args, "gate_group_by", getattr(args, "group_by", None))
    if isinstance(group_by, str):
        group_by = [group_by]
    columns = [c.strip() for g in (group_by or gate.get("group_by") or []) for c in g.split(",")]

    result = run_gate(
        folder,
        thresholds,
        baseline_dir=baseline,
        strict=bool(strict),
        group_by=[c for c in columns if c],
    )
    print(format_table(result), end="")
    if getattr(args, "junit", None):
        write_junit(result, args.junit, include_examples=bool(getattr(args, "junit_examples", 0)))
    markdown = getattr(args, "markdown", None)
    try:
        write_markdown(result, markdown or folder / "gate.md")
    except OSError as exc:
        if markdown:
            raise UsageError(f"cannot write {markdown}: {exc.strerror}") from exc
        print(f"ragjudge gate: could not write {folder / 'gate.md'}: {exc}", file=sys.stderr)
    return 0 if result.passed else 1


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m ragjudge.gate RUN_DIR …`: the gate on its own, with the same exit codes."""
    parser = argparse.ArgumentParser(prog="ragjudge gate", description=__doc__.split("\n")[0])
    add_gate_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return run_gate_command(args)
    except RagjudgeError as exc:
        print(f"ragjudge gate: error: {exc}", file=sys.stderr)
        return exc.exit_code


if __name__ == "__main__":
    sys.exit(main())
