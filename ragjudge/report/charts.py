"""Stage 7: the report's charts, drawn by matplotlib as inline SVG text.

Text stays text (`svg.fonttype: none`) so the page's font stack renders it, Japanese included;
a fixed hash salt and no date metadata make the same data give byte-identical SVG.
"""

from __future__ import annotations

import html
import math
import re
import warnings
from collections.abc import Mapping, Sequence
from io import StringIO
from typing import Any

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

#: colour-blind-safe palette (Okabe & Ito)
BLUE = "#0072B2"
VERMILLION = "#D55E00"
GREY = "#6b7280"
INK = "#1f2937"

#: matplotlib settings (typed loosely: matplotlib spells out every settings key as a literal)
_STYLE: dict[Any, Any] = {
    "svg.fonttype": "none",
    "font.family": "sans-serif",
    "font.sans-serif": ["DejaVu Sans", "IPAGothic", "Noto Sans CJK JP"],
    "font.size": 9,
    "axes.edgecolor": "#c7ccd4",
    "axes.labelcolor": INK,
    "axes.titlesize": 10,
    "axes.titleweight": "bold",
    "axes.spines.top": False,
    "axes.spines.right": False,
    "xtick.color": GREY,
    "ytick.color": GREY,
    "axes.grid": True,
    "grid.color": "#eceef2",
    "grid.linewidth": 0.8,
    "axes.axisbelow": True,
}

_HEADER = re.compile(r"^.*?(?=<svg)", re.DOTALL)


def _label(text: str, limit: int = 28) -> str:
    # a `$` would switch matplotlib into math mode; data must stay literal
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return text.replace("$", r"\$")


def _to_svg(fig: Figure, name: str) -> str:
    buffer = StringIO()
    # one salt per chart keeps clip-path ids from colliding between charts on the same page
    with matplotlib.rc_context({**_STYLE, "svg.hashsalt": f"ragjudge-{name}"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    svg = _HEADER.sub("", buffer.getvalue(), count=1)
    svg = re.sub(r"\s*<metadata>.*?</metadata>", "", svg, count=1, flags=re.DOTALL)
    # natural size as a maximum: the chart shrinks on narrow screens but never blows up
    svg = re.sub(
        r'(<svg[^>]*?) width="([^"]*)" height="[^"]*"',
        r'\1 style="max-width: \2"',
        svg,
        count=1,
    )
    return svg.replace("<svg ", f'<svg role="img" aria-label="{html.escape(name)} chart" ', 1)


def score_distributions(values: Mapping[str, Sequence[float]]) -> str | None:
    """Histograms (0–1, ten bins) of each score that has values; None when none has."""
    panels = {k: [v for v in vs if v is not None and math.isfinite(v)] for k, vs in values.items()}
    panels = {k: v for k, v in panels.items() if v}
    if not panels:
        return None
    with matplotlib.rc_context(_STYLE), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fig = Figure(figsize=(2.3 * len(panels), 2.0), layout="constrained")
        axes = fig.subplots(1, len(panels), sharey=False, squeeze=False)[0]
        for ax, (name, data) in zip(axes, panels.items(), strict=True):
            ax.hist(data, bins=10, range=(0.0, 1.0), color=BLUE, alpha=0.85, edgecolor="white")
            ax.set_title(_label(name.replace("_", " ")), loc="left")
            ax.set_xlim(0, 1)
            ax.set_xticks([0, 0.5, 1])
            ax.grid(axis="x", visible=False)
            ax.tick_params(length=0)
        axes[0].set_ylabel("examples")
        return _to_svg(fig, "score distributions")


def group_bars(column: str, entries: Sequence[Mapping[str, Any]], limit: int = 20) -> str | None:
    """Per-group hallucination rate and unsupported-sentence rate, with 95 % CI whiskers.

    Shows the `limit` largest groups; None when no group has a scored example.
    """
    rows = [e for e in entries if (e["metrics"]["hallucination_rate"]["n"] or 0) > 0]
    rows = sorted(rows, key=lambda e: -e["counts"]["total"])[:limit]
    if not rows:
        return None
    rows = sorted(rows, key=lambda e: str(e["value"]), reverse=True)
    labels = [f"{_label(str(e['value']))} (n={e['counts']['total']})" for e in rows]
    panels = (
        ("hallucination_rate", "hallucination rate", VERMILLION),
        ("unsupported_sentence_rate", "unsupported sentences", BLUE),
    )
    with matplotlib.rc_context(_STYLE), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fig = Figure(figsize=(8.0, 0.8 + 0.32 * len(rows)), layout="constrained")
        axes = fig.subplots(1, 2, sharey=True, squeeze=False)[0]
        positions = list(range(len(rows)))
        for ax, (metric, title, colour) in zip(axes, panels, strict=True):
            means, low, high = [], [], []
            for entry in rows:
                block = entry["metrics"][metric]
                mean = block["mean"] if block["mean"] is not None else math.nan
                means.append(mean)
                low.append(max(0.0, mean - block["ci_low"]) if block["ci_low"] is not None else 0)
                high.append(
                    max(0.0, block["ci_high"] - mean) if block["ci_high"] is not None else 0
                )
            ax.barh(positions, means, color=colour, alpha=0.85, height=0.6)
            ax.errorbar(
                means, positions, xerr=[low, high], fmt="none", ecolor=INK, elinewidth=1, capsize=2
            )
            ax.set_title(f"{title} by {_label(column)}", loc="left")
            ax.set_xlim(0, 1)
            ax.xaxis.set_major_formatter(PercentFormatter(1.0))
            ax.grid(axis="y", visible=False)
            ax.tick_params(length=0)
        axes[0].set_yticks(positions, labels)
        return _to_svg(fig, f"groups by {column}")
