"""Triage: the offline judge decides the clear cases, the LLM judge only the uncertain ones.

Every row is judged by the offline judge first (the *screen*). Its calibrated probability
that the answer holds a hallucination decides whether the row is *escalated* to the LLM judge:

- `fraction`: the given share of the rows whose probability lies nearest the screen's
  decision threshold (in log-odds) is escalated. Choosing them needs every probability first,
  so the engine runs the screen over the whole input before judging (`choose_rows`).
- `band`: every row whose probability lies in `[low, high]` is escalated, decided row by row
  as the input streams.
- `budget_usd`, with either: escalation stops once the LLM calls made so far cost that much by
  the price table (calls in flight at that moment still finish).

An escalated row keeps the LLM judge's record; every other row keeps the screen's. Both carry
`judged_by`, the screen's `triage_probability` and its verdict (`triage_verdict`), so the
report can say how the escalated verdicts changed. Stage-wise this sits between keying and the
records: `triage_record` replaces `pipeline.record_for` when a run triages.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Coroutine, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ragjudge.errors import UsageError
from ragjudge.judges.base import Judge
from ragjudge.pipeline import AskFn, PipelineOptions, record_for
from ragjudge.pricing import cost_usd
from ragjudge.record import BUDGET_SPENT, SCREEN, Record
from ragjudge.types import Example, RowError

#: the only screen there is today: the built-in offline judge
SCREENS = (SCREEN,)


@dataclass(frozen=True)
class TriagePlan:
    """Which rows go to the LLM judge: `fraction` of them (nearest the screen's threshold) or
    those whose hallucination probability lies in `band`, within `budget_usd` if given."""

    fraction: float | None = None
    band: tuple[float, float] | None = None
    budget_usd: float | None = None

    def __post_init__(self) -> None:
        if (self.fraction is None) == (self.band is None):
            raise UsageError("triage needs one of --escalate FRACTION or --escalate-band LO:HI")
        if self.fraction is not None and not 0.0 <= self.fraction <= 1.0:
            raise UsageError(f"--escalate takes a fraction from 0 to 1, got {self.fraction}")
        if self.band is not None:
            low, high = self.band
            if not 0.0 <= low <= high <= 1.0:
                raise UsageError(
                    f"--escalate-band takes LO:HI with 0 <= LO <= HI <= 1, got {low}:{high}"
                )
        if self.budget_usd is not None and not self.budget_usd > 0:
            raise UsageError(f"--escalate-budget-usd must be above 0, got {self.budget_usd}")

    @property
    def budgeted(self) -> bool:
        """Whether escalation stops at a spending budget."""
        return self.budget_usd is not None

    @property
    def needs_all_rows(self) -> bool:
        """Whether the rows to escalate can only be chosen after screening all of them."""
        return self.fraction is not None

    def describe(self) -> dict[str, Any]:
        """The plan as `run.json` keeps it (a resume with another plan is refused)."""
        return {
            "screen": SCREEN,
            "escalate": self.fraction,
            "escalate_band": list(self.band) if self.band else None,
            "escalate_budget_usd": self.budget_usd,
        }


def parse_band(text: str) -> tuple[float, float]:
    """`"0.15:0.85"` as `(0.15, 0.85)`; `UsageError` for anything else."""
    low, sep, high = text.partition(":")
    try:
        if not sep:
            raise ValueError
        return float(low), float(high)
    except ValueError:
        raise UsageError(f"--escalate-band takes LO:HI, such as 0.15:0.85; got {text!r}") from None


def uncertainty(probability: float, threshold: float) -> float:
    """How far a hallucination probability lies from the decision threshold, in log-odds:
    0 on the threshold, growing as the screen grows sure either way."""

    def log_odds(p: float) -> float:
        p = min(max(p, 1e-6), 1 - 1e-6)
        return math.log(p / (1 - p))

    return abs(log_odds(probability) - log_odds(threshold))


def choose_rows(
    probabilities: Iterable[tuple[int, float]], threshold: float, fraction: float
) -> frozenset[int]:
    """The indexes of the `fraction` of the screened rows nearest the threshold (rounded to
    the nearest row; ties go to the earlier row, so the choice is the same in any run)."""
    ranked = sorted(probabilities, key=lambda pair: (uncertainty(pair[1], threshold), pair[0]))
    count = round(fraction * len(ranked))
    return frozenset(index for index, _ in ranked[:count])


class Ledger(Protocol):
    """What escalated calls have cost so far: kept in the process (local engine) or by an
    actor every Ray worker reports to."""

    async def add(self, usd: float) -> None: ...

    async def total(self) -> float: ...


class LocalLedger:
    def __init__(self) -> None:
        self.spent = 0.0

    async def add(self, usd: float) -> None:
        self.spent += usd

    async def total(self) -> float:
        return self.spent


class Escalation:
    """The routing of one run: which rows the plan escalates, and what their calls cost
    against the budget (by the run's `pricing`, as run.json keeps it)."""

    def __init__(
        self,
        plan: TriagePlan,
        decision_probability: float,
        chosen: frozenset[int] | None = None,
        ledger: Ledger | None = None,
        pricing: Mapping[str, Any] | None = None,
    ) -> None:
        if plan.needs_all_rows and chosen is None:
            raise ValueError("a fraction plan needs the chosen rows (choose_rows)")
        self.plan = plan
        self.decision_probability = decision_probability
        self.chosen = chosen
        self.ledger = ledger or LocalLedger()
        self.pricing = pricing

    def wants(self, index: int, probability: float) -> bool:
        if self.plan.band is not None:
            low, high = self.plan.band
            return low <= probability <= high
        return self.chosen is not None and index in self.chosen

    async def affordable(self) -> bool:
        if self.plan.budget_usd is None:
            return True
        return await self.ledger.total() < self.plan.budget_usd

    async def charge(self, record: Record) -> None:
        """Count what an escalated record's calls cost (a cached answer costs nothing)."""
        if self.plan.budget_usd is None or record.cached:
            return
        usd = cost_usd(record.usage.input_tokens, record.usage.output_tokens, self.pricing)
        if usd:
            await self.ledger.add(usd)


@dataclass(frozen=True)
class TriageSetup:
    """A run's triage: its `plan`, the offline screen's support-score threshold (its verdict
    threshold, `--offline-threshold`), and, for a fraction plan, the rows chosen once every
    row was screened (`chosen`, indexes)."""

    plan: TriagePlan
    screen_threshold: float
    chosen: frozenset[int] | None = None

    @property
    def screen_spec(self) -> str:
        """The screen as a judge spec, for engines that build it where they run."""
        return f"{SCREEN}:{self.screen_threshold!r}"

    @property
    def decision_probability(self) -> float:
        """The hallucination probability at which the screen's verdict flips."""
        return 1.0 - self.screen_threshold

    def screen(self) -> Judge:
        from ragjudge.judges.offline import OfflineJudge

        return OfflineJudge(threshold=self.screen_threshold)

    def escalation(
        self, ledger: Ledger | None = None, pricing: Mapping[str, Any] | None = None
    ) -> Escalation:
        return Escalation(self.plan, self.decision_probability, self.chosen, ledger, pricing)

    def describe(self) -> dict[str, Any]:
        return {**self.plan.describe(), "offline_threshold": self.screen_threshold}


def judge_label(identity: dict[str, Any]) -> str:
    """How `judged_by` names the LLM judge: `provider:model` (or its kind)."""
    provider, model = identity.get("provider"), identity.get("model")
    if provider and model:
        return f"{provider}:{model}"
    return str(model or identity.get("kind"))


async def triage_record(
    item: Example | RowError,
    index: int,
    *,
    screen: Judge,
    judge: Judge,
    options: PipelineOptions,
    escalation: Escalation,
    ask: AskFn | None = None,
) -> Record:
    """The record of one row in a triaged run: the screen's, or the LLM judge's when the row
    is escalated. A row the screen could not judge (invalid input) is not escalated."""
    screened = await record_for(item, index, screen, options)
    if not screened.scored or screened.scores is None:
        return screened
    support = screened.scores.support_score
    probability = 1.0 - support if support is not None else 1.0 - screened.scores.adherence

    def marked(record: Record, judged_by: str, note: str | None = None) -> Record:
        return replace(
            record,
            judged_by=judged_by,
            triage_probability=round(probability, 4),
            triage_verdict=screened.verdict,
            triage_note=note,
        )

    if not escalation.wants(index, probability):
        return marked(screened, SCREEN)
    if not await escalation.affordable():
        return marked(screened, SCREEN, BUDGET_SPENT)
    judged = await record_for(item, index, judge, options, ask)
    await escalation.charge(judged)
    return marked(judged, judge_label(dict(judge.identity())))


#: judges one input row (at its index) into its record
RowFn = Callable[[Example | RowError, int], Coroutine[Any, Any, Record]]


def row_function(
    judge: Judge,
    options: PipelineOptions,
    ask: AskFn | None = None,
    triage: TriageSetup | None = None,
    escalation: Escalation | None = None,
) -> RowFn:
    """What judges one row, on either engine: `pipeline.record_for`, or in a triaged run
    `triage_record` (the screen first, `judge` for the escalated rows)."""
    if triage is None or escalation is None:

        async def plain(item: Example | RowError, index: int) -> Record:
            return await record_for(item, index, judge, options, ask)

        return plain
    screen = triage.screen()

    async def triaged(item: Example | RowError, index: int) -> Record:
        return await triage_record(
            item,
            index,
            screen=screen,
            judge=judge,
            options=options,
            escalation=escalation,
            ask=ask,
        )

    return triaged


__all__ = [
    "BUDGET_SPENT",
    "SCREEN",
    "SCREENS",
    "Escalation",
    "Ledger",
    "LocalLedger",
    "RowFn",
    "TriagePlan",
    "TriageSetup",
    "choose_rows",
    "judge_label",
    "parse_band",
    "row_function",
    "triage_record",
    "uncertainty",
]
