"""Stage 7: render `report.html`, one self-contained page, from Jinja2 templates.

The markup lives in `templates/report.html.j2` (the page) and `templates/example.html.j2` (one
example's table row and card); both render with autoescaping and `StrictUndefined`, so every
value from the data is escaped and a missing one is an error, never a blank. The page needs no
network and no script to be read; a small inline script (allowed by its hash in a strict
Content-Security-Policy) adds evidence highlighting, sorting and filtering. Only http(s)
document URLs become links.

The page stays small whatever the batch size: `ExampleSelection` bounds the examples shown in
detail, a card that is itself huge keeps only the document sentences its judgment names, and
the examples give way, lowest rank first, when they would take more than `EXAMPLES_BUDGET`
bytes. Cards are rendered while records stream past and kept in a temporary file, not in memory.
"""

from __future__ import annotations

import base64
import hashlib
import json
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import IO, Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from ragjudge import __version__
from ragjudge.record import Record, Status
from ragjudge.report import DEFAULT_EXAMPLES, charts
from ragjudge.report.summary import SummaryBuilder
from ragjudge.report.views import (
    EXAMPLE_LABELS,
    VERDICT_LABELS,
    VERDICT_MARKS,
    Chosen,
    ExampleSelection,
    ExampleView,
    pct,
    safe_url,
    score,
    select_examples,
)

#: the bytes the detailed examples may take; the rest of the page is far smaller (< 10 MB)
EXAMPLES_BUDGET = 9_000_000
#: a card larger than this is drawn compact (only the document sentences its judgment names)
CARD_LIMIT = 300_000
#: groups listed per column (largest first); all are in summary.json and groups.csv
GROUP_ROWS = 100

CARDS: tuple[tuple[str, str, str, bool], ...] = (
    # metric, label, css class, shown as a percentage
    ("hallucination_rate", "Hallucination rate (flagged)", "bad", True),
    ("estimated_hallucination_rate", "Estimated hallucination rate", "bad", True),
    ("unsupported_sentence_rate", "Unsupported sentences", "bad", True),
    ("adherence", "Adherence", "", False),
    ("relevance", "Relevance", "", False),
    ("utilization", "Utilization", "", False),
    ("completeness", "Completeness", "", False),
    ("support_score", "Support score", "", False),
    ("failed_rate", "Failed", "neutral", True),
)
GOLD_ROWS: tuple[tuple[str, str, str], ...] = (
    ("adherence", "auroc", "Hallucination AUROC"),
    ("adherence", "accuracy", "Accuracy (judge's decision)"),
    ("adherence", "precision", "Hallucination precision"),
    ("adherence", "recall", "Hallucination recall"),
    ("adherence", "f1", "Hallucination F1"),
    ("unsupported_sentences", "precision", "Unsupported-sentence precision"),
    ("unsupported_sentences", "recall", "Unsupported-sentence recall"),
    ("unsupported_sentences", "f1", "Unsupported-sentence F1"),
    ("relevance_rmse", "rmse", "Relevance RMSE"),
    ("utilization_rmse", "rmse", "Utilization RMSE"),
    ("completeness_rmse", "rmse", "Completeness RMSE"),
)
TABLE_HEAD: tuple[tuple[str, str, bool], ...] = (
    # sort key (empty: not sortable), label, numeric
    ("index", "#", True),
    ("id", "id", False),
    ("", "question", False),
    ("verdict", "verdict", False),
    ("relevance", "relevance", True),
    ("utilization", "utilization", True),
    ("completeness", "completeness", True),
    ("supportedratio", "supported", True),
    ("nunsupported", "unsupported", True),
    ("nviol", "violations", True),
)
_DISTRIBUTIONS = ("relevance", "utilization", "completeness", "supported_ratio", "support_score")

_environment: Environment | None = None


def environment() -> Environment:
    global _environment
    if _environment is None:
        _environment = Environment(
            loader=PackageLoader("ragjudge.report", "templates"),
            autoescape=True,
            undefined=StrictUndefined,
            keep_trailing_newline=True,
        )
    return _environment


def _static(name: str) -> str:
    return resources.files("ragjudge.report").joinpath("templates", name).read_text("utf-8")


def json_for_script(data: Any) -> str:
    """JSON that is safe inside a `<script type="application/json">` element."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=False)
    for char, escaped in (
        ("&", "\\u0026"),
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(char, escaped)
    return text


# --- the detailed examples ------------------------------------------------------------------


@dataclass(frozen=True)
class _Rendered:
    position: int
    rank: int
    row: str
    offset: int  # of the card in the spool file, in bytes
    length: int  # its size in bytes


class ExampleCards:
    """Renders the chosen examples' rows and cards while records stream past (second pass),
    spooling the cards to a temporary file; `shown()` then keeps what fits the budget."""

    def __init__(self, chosen: Chosen, budget: int = EXAMPLES_BUDGET) -> None:
        self.chosen = chosen
        self.budget = budget
        template = environment().get_template("example.html.j2")
        self._row = template.module.row  # type: ignore[attr-defined]
        self._card = template.module.card  # type: ignore[attr-defined]
        # closed by close(); a temporary file is removed by the OS even if that is missed
        self._spool: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115
        self._offset = 0
        self._rendered: list[_Rendered] = []

    def see(self, position: int, record: Record) -> None:
        rank = self.chosen.ranks.get(position)
        if rank is None:
            return
        view = ExampleView(position, record)
        card = str(self._card(view))
        if len(card) > CARD_LIMIT:
            card = str(self._card(ExampleView(position, record, compact=True)))
        row = str(self._row(view))
        data = card.encode("utf-8")
        self._spool.write(data)
        self._rendered.append(_Rendered(position, rank, row, self._offset, len(data)))
        self._offset += len(data)

    def shown(self) -> list[_Rendered]:
        """The rendered examples that fit the budget, best ranks first, in input order."""
        used = 0
        kept = []
        for item in sorted(self._rendered, key=lambda r: r.rank):
            cost = item.length + len(item.row.encode("utf-8"))
            if used + cost > self.budget:
                continue
            used += cost
            kept.append(item)
        return sorted(kept, key=lambda r: r.position)

    def cards(self, shown: Sequence[_Rendered]) -> Iterator[Markup]:
        self._spool.flush()
        for item in shown:
            self._spool.seek(item.offset)
            # our own template's output, escaped as it was rendered
            yield Markup(self._spool.read(item.length).decode("utf-8"))

    def close(self) -> None:
        self._spool.close()


# --- the page ------------------------------------------------------------------------------------


def _config(summary: Mapping[str, Any]) -> list[tuple[str, Any]]:
    run = summary.get("run") or {}
    prompt = run.get("prompt") or {}
    prompt_text = " ".join(
        str(p)
        for p in (
            prompt.get("name"),
            f"v{prompt['version']}" if prompt.get("version") else None,
            f"({str(prompt['template_hash'])[:12]})" if prompt.get("template_hash") else None,
        )
        if p
    )
    items = [
        ("Judge", run.get("judge")),
        ("Provider", run.get("provider")),
        ("Model", run.get("model")),
        ("Prompt", prompt_text or None),
        ("Dataset", run.get("dataset")),
        ("Created", run.get("created")),
        ("Examples", summary["counts"]["total"]),
    ]
    return [(label, value) for label, value in items if value not in (None, "")]


def _cards(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    out = []
    for metric, label, css, as_pct in CARDS:
        block = summary["metrics"].get(metric) or {}
        if metric in ("support_score", "estimated_hallucination_rate") and not block.get("n"):
            continue
        fmt = pct if as_pct else score
        low, high = fmt(block.get("ci_low")), fmt(block.get("ci_high"))
        if as_pct:
            low = low.rstrip("%")
        ci = f"95% CI {low}–{high}" if block.get("ci_low") is not None else "no confidence interval"
        out.append(
            {
                "metric": metric,
                "label": label,
                "css": css,
                "value": fmt(block.get("mean")),
                "ci": ci,
                "n": block.get("n", 0),
            }
        )
    return out


def _usage(summary: Mapping[str, Any]) -> list[tuple[str, str]]:
    usage = summary.get("usage") or {}
    latency = summary.get("latency") or {}
    estimated = " (estimated)" if usage.get("estimated") else ""
    rows = [
        ("Input tokens", f"{usage.get('input_tokens', 0):,}{estimated}"),
        ("Output tokens", f"{usage.get('output_tokens', 0):,}{estimated}"),
        ("Judge time, total", f"{latency.get('total_s') or 0:.1f} s"),
        (
            "Judge time, mean",
            "–" if latency.get("mean_s") is None else f"{latency['mean_s']:.2f} s",
        ),
    ]
    if usage.get("cost_usd") is not None:
        rows.append(("Cost", f"${usage['cost_usd']:.4f}"))
    return rows


_CHANGES = {
    "hallucination -> adherent": "flagged by the offline judge, cleared by the LLM judge",
    "adherent -> hallucination": "passed by the offline judge, flagged by the LLM judge",
    "hallucination -> hallucination": "flagged by both",
    "adherent -> adherent": "passed by both",
}


def _triage_rows(summary: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What a triaged run escalated, what it cost, and how the escalated verdicts changed."""
    triage = summary.get("triage")
    if not triage:
        return []
    rows = [
        ("Rows judged by the offline judge only", f"{triage['kept_offline']:,}"),
        (
            "Rows escalated to the LLM judge",
            f"{triage['escalated']:,} ({pct(triage['escalated_share'])})",
        ),
    ]
    if triage.get("not_escalated_budget_spent"):
        rows.append(("Not escalated: budget spent", f"{triage['not_escalated_budget_spent']:,}"))
    if triage.get("escalated_cost_usd") is not None:
        rows.append(("Cost of the escalated calls", f"${triage['escalated_cost_usd']:.4f}"))
    for change, n in (triage.get("verdict_changes") or {}).items():
        before, _, after = change.partition(" -> ")
        label = _CHANGES.get(change, f"{before} by the offline judge, {after} after escalation")
        rows.append((f"Escalated: {label}", f"{n:,}"))
    return rows


def _gold_rows(summary: Mapping[str, Any]) -> list[tuple[str, str, Any]]:
    gold = summary.get("gold") or {}
    rows = []
    for part, field, label in GOLD_ROWS:
        block = gold.get(part)
        if block:
            rows.append((label, score(block.get(field)), block.get("n", block.get("n_examples"))))
    return rows


def _largest(entries: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    if len(entries) <= GROUP_ROWS:
        return list(entries)
    keep = sorted(range(len(entries)), key=lambda i: -entries[i]["counts"]["total"])[:GROUP_ROWS]
    return [entries[i] for i in sorted(keep)]


def _groups(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    out = []
    for column, entries in (summary.get("groups") or {}).items():
        listed = _largest(entries)
        rows = []
        for entry in listed:
            m = entry["metrics"]
            h = m["hallucination_rate"]
            ci = f" ({pct(h['ci_low'])} – {pct(h['ci_high'])})" if h["ci_low"] is not None else ""
            rows.append(
                (
                    entry["value"],
                    entry["counts"]["total"],
                    entry["counts"].get("failed", 0),
                    pct(h["mean"]) + ci,
                    pct(m["unsupported_sentence_rate"]["mean"]),
                    score(m["relevance"]["mean"]),
                    score(m["utilization"]["mean"]),
                    score(m["completeness"]["mean"]),
                )
            )
        out.append(
            {
                "column": column,
                # matplotlib writes the chart; its text is escaped as SVG text
                "svg": Markup(charts.group_bars(column, entries) or ""),
                "rows": rows,
                "left_out": len(listed) < len(entries),
                "shown": len(listed),
                "total": len(entries),
            }
        )
    return out


def _page_summary(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The summary embedded in the page, its group lists cut as the page's tables are."""
    groups = summary.get("groups") or {}
    return {**summary, "groups": {c: _largest(entries) for c, entries in groups.items()}}


def write_page(
    handle: IO[str],
    summary: Mapping[str, Any],
    facts: SummaryBuilder,
    cards: ExampleCards,
) -> None:
    """Write the page for a run whose summary, figures (`facts`) and example cards are built."""
    script = _static("report.js")
    if "</script" in script.lower():
        raise ValueError("report.js must not contain a closing script tag")
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    csp = (
        f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    run = summary.get("run") or {}
    title = " · ".join(
        str(p) for p in ("ragjudge report", run.get("dataset"), run.get("model")) if p
    )
    values = {name: facts.run.values.arrays(name)[0].tolist() for name in _DISTRIBUTIONS}
    shown = cards.shown()
    context = {
        "csp": csp,
        "version": __version__,
        "title": title,
        "css": Markup(_static("report.css")),  # our own stylesheet
        "dataset": run.get("dataset") or "",
        "config": _config(summary),
        "cards": _cards(summary),
        "statuses": [(s, n) for s, n in summary["counts"].items() if s != "total"],
        "injected": facts.injection_suspected,
        "cached": facts.cached,
        "violations": list((summary.get("violations") or {}).items()),
        "usage": _usage(summary),
        "triage_rows": _triage_rows(summary),
        "settings": json.dumps(summary.get("run") or {}, ensure_ascii=False, indent=2, default=str),
        "gold_rows": _gold_rows(summary),
        "distributions": Markup(charts.score_distributions(values) or ""),
        "groups": _groups(summary),
        "examples_note": cards.chosen.note([item.position for item in shown]),
        "status_names": [s.value for s in Status],
        "table_head": TABLE_HEAD,
        "rows": [Markup(item.row) for item in shown],  # rendered above
        "legend": [
            (v, VERDICT_MARKS[v], VERDICT_LABELS[v])
            for v in ("supported", "partially", "unsupported", "none")
        ],
        "examples": cards.cards(shown),
        "summary_json": Markup(json_for_script(_page_summary(summary))),
        "script": Markup(script),  # ours, allowed by its hash
    }
    for chunk in environment().get_template("report.html.j2").generate(context):
        handle.write(chunk)


def render_html(
    records: Sequence[Record],
    summary: Mapping[str, Any],
    *,
    max_examples: int = DEFAULT_EXAMPLES,
    seed: int = 0,
) -> str:
    """The whole report page of `records` as one string (deterministic for the same inputs)."""
    import io

    facts = SummaryBuilder().add_all(records)
    selection = ExampleSelection(max_examples, seed)
    for position, record in enumerate(records):
        selection.see(position, record)
    cards = ExampleCards(selection.chosen())
    try:
        for position, record in enumerate(records):
            cards.see(position, record)
        out = io.StringIO()
        write_page(out, summary, facts, cards)
        return out.getvalue()
    finally:
        cards.close()


__all__ = [
    "EXAMPLE_LABELS",
    "ExampleCards",
    "json_for_script",
    "render_html",
    "safe_url",
    "select_examples",
    "write_page",
]
