"""Stage 7: render `report.html`, one self-contained page built from the records and summary.

The page needs no network and no script to be read; a small inline script (allowed by its hash
in a strict Content-Security-Policy) adds evidence highlighting, sorting and filtering. Every
string from the data is HTML-escaped; only http(s) document URLs become links.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import random
from collections.abc import Mapping, Sequence
from importlib import resources
from string import Template
from typing import Any
from urllib.parse import urlsplit

from ragjudge import __version__
from ragjudge.report import charts
from ragjudge.report.aggregate import (
    document_keys,
    example_verdict,
    is_scored,
    sentence_verdict,
)
from ragjudge.report.metrics import SCORE_METRICS
from ragjudge.types import SPECIAL_KEYS

VERDICT_LABELS = {
    "supported": "Supported",
    "partially": "Partially supported",
    "unsupported": "Unsupported",
    "none": "Not judged",
}
VERDICT_MARKS = {"supported": "✓", "partially": "◐", "unsupported": "✗", "none": "–"}
EXAMPLE_LABELS = {"adherent": "Adherent", "hallucination": "Hallucination", "none": "No verdict"}
#: longest raw reply kept in the page; the full text stays in judgments.jsonl
REPLY_LIMIT = 4000


def _e(value: Any) -> str:
    """Escape any value for HTML text or a double-quoted attribute."""
    return html.escape("" if value is None else str(value), quote=True)


def _json_for_script(data: Any) -> str:
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


def safe_url(url: Any) -> str | None:
    """The URL if it is a plain http(s) address, else None (it is then shown as text only)."""
    if not isinstance(url, str):
        return None
    url = url.strip()
    if any(ord(c) < 0x20 or c.isspace() for c in url):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    return url if parts.scheme.lower() in ("http", "https") and parts.netloc else None


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return float(value)


def _pct(value: Any, digits: int = 1) -> str:
    number = _number(value)
    return "–" if number is None else f"{number * 100:.{digits}f}%"


def _score(value: Any) -> str:
    number = _number(value)
    return "–" if number is None else f"{number:.3f}"


def _short(text: Any, limit: int) -> str:
    text = "" if text is None else str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _template(name: str) -> str:
    return resources.files("ragjudge.report").joinpath("templates", name).read_text("utf-8")


# --- choosing examples ---------------------------------------------------------------------


def _must_show(record: Mapping[str, Any]) -> bool:
    if record.get("status") in ("failed", "invalid_input"):
        return True
    scores = record.get("scores") if is_scored(record) else None
    if scores is None:
        return False
    return example_verdict(record) == "hallucination" or bool(scores.get("n_unsupported"))


def select_examples(records: Sequence[Mapping[str, Any]], limit: int, seed: int = 0) -> list[int]:
    """Positions of the examples the page shows, in input order.

    Every failed, invalid and unsupported example is kept, even past `limit`; the remaining
    room is filled with a seeded random sample of the others.
    """
    if len(records) <= limit:
        return list(range(len(records)))
    keep = [i for i, r in enumerate(records) if _must_show(r)]
    others = [i for i, r in enumerate(records) if not _must_show(r)]
    room = max(0, limit - len(keep))
    sample = random.Random(seed).sample(others, min(room, len(others)))
    return sorted(keep + sample)


# --- header, cards, tables -----------------------------------------------------------------


def _config(summary: Mapping[str, Any]) -> str:
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
    cells = "".join(
        f"<div><dt>{_e(label)}</dt><dd>{_e(value)}</dd></div>"
        for label, value in items
        if value not in (None, "")
    )
    return f'<dl class="config">{cells}</dl>'


CARDS: tuple[tuple[str, str, str, bool], ...] = (
    # metric, label, css class, shown as a percentage
    ("hallucination_rate", "Hallucination rate", "bad", True),
    ("unsupported_sentence_rate", "Unsupported sentences", "bad", True),
    ("adherence", "Adherence", "", False),
    ("relevance", "Relevance", "", False),
    ("utilization", "Utilization", "", False),
    ("completeness", "Completeness", "", False),
    ("support_score", "Support score", "", False),
    ("failed_rate", "Failed", "neutral", True),
)


def _cards(summary: Mapping[str, Any]) -> str:
    out = []
    for metric, label, css, as_pct in CARDS:
        block = summary["metrics"].get(metric) or {}
        if metric == "support_score" and not block.get("n"):
            continue
        fmt = _pct if as_pct else _score
        low, high = fmt(block.get("ci_low")), fmt(block.get("ci_high"))
        if as_pct:
            low = low.rstrip("%")
        ci = f"95% CI {low}–{high}" if block.get("ci_low") is not None else "no confidence interval"
        out.append(
            f'<div class="card {css}" data-metric="{_e(metric)}">'
            f'<div class="label">{_e(label)}</div>'
            f'<div class="value">{_e(fmt(block.get("mean")))}</div>'
            f'<div class="ci">{_e(ci)}<br>n = {_e(block.get("n", 0))}</div></div>'
        )
    return f'<div class="cards" id="headline">{"".join(out)}</div>'


def _status_panel(summary: Mapping[str, Any], records: Sequence[Mapping[str, Any]]) -> str:
    pills = "".join(
        f'<li class="pill st-{_e(status)}">{_e(status.replace("_", " "))} <b>{_e(n)}</b></li>'
        for status, n in summary["counts"].items()
        if status != "total"
    )
    injected = sum(1 for r in records if r.get("injection_suspected"))
    cached = sum(1 for r in records if r.get("cached"))
    extra = (
        f'<p class="note">{_e(injected)} example(s) with text that looks like instructions to the '
        f"judge (possible prompt injection) · {_e(cached)} judged from the cache</p>"
    )
    return (
        '<section class="panel" id="status"><h2>Status</h2>'
        f'<ul class="pills">{pills}</ul>{extra}</section>'
    )


def _violations_panel(summary: Mapping[str, Any]) -> str:
    violations = summary.get("violations") or {}
    if not violations:
        body = '<p class="note">No rule violations or normalisations.</p>'
    else:
        rows = "".join(
            f'<tr><td><code>{_e(code)}</code></td><td class="num">{_e(n)}</td></tr>'
            for code, n in violations.items()
        )
        body = (
            '<div class="scroll"><table><thead><tr><th>code</th><th class="num">count</th>'
            f"</tr></thead><tbody>{rows}</tbody></table></div>"
        )
    return f'<section class="panel" id="violations"><h2>Violations</h2>{body}</section>'


def _usage_panel(summary: Mapping[str, Any]) -> str:
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
    cells = "".join(f'<tr><td>{_e(k)}</td><td class="num">{_e(v)}</td></tr>' for k, v in rows)
    settings = json.dumps(summary.get("run") or {}, ensure_ascii=False, indent=2, default=str)
    return (
        '<section class="panel" id="usage"><h2>Usage</h2>'
        f'<table class="kv"><tbody>{cells}</tbody></table>'
        '<details class="small"><summary>All run settings</summary>'
        f'<pre class="reply">{_e(settings)}</pre></details></section>'
    )


def _charts_panel(records: Sequence[Mapping[str, Any]]) -> str:
    scored = [r for r in records if is_scored(r)]
    values = {
        metric: [_number(r["scores"].get(metric)) for r in scored]
        for metric in (
            "relevance",
            "utilization",
            "completeness",
            "supported_ratio",
            "support_score",
        )
    }
    svg = charts.score_distributions(values)
    if svg is None:
        return ""
    return (
        '<section class="panel charts" id="charts"><h2>Score distributions</h2>'
        '<p class="note">Judged examples (ok and repaired), ten bins from 0 to 1.</p>'
        f"{svg}</section>"
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


def _gold_panel(summary: Mapping[str, Any]) -> str:
    gold = summary.get("gold") or {}
    if not gold:
        return ""
    rows = []
    for part, field, label in GOLD_ROWS:
        block = gold.get(part)
        if not block:
            continue
        n = block.get("n", block.get("n_examples"))
        rows.append(
            f'<tr><td>{_e(label)}</td><td class="num">{_e(_score(block.get(field)))}</td>'
            f'<td class="num">{_e(n)}</td></tr>'
        )
    return (
        '<section class="panel" id="gold"><h2>Agreement with gold labels</h2>'
        '<table class="kv"><thead><tr><th>measure</th><th class="num">value</th>'
        f'<th class="num">n</th></tr></thead><tbody>{"".join(rows)}</tbody></table></section>'
    )


def _groups_panel(summary: Mapping[str, Any]) -> str:
    groups = summary.get("groups") or {}
    if not groups:
        return ""
    parts = ['<section class="panel charts" id="groups"><h2>By group</h2>']
    for column, entries in groups.items():
        head = (
            "<tr><th>value</th><th class='num'>examples</th><th class='num'>failed</th>"
            "<th class='num'>hallucination rate (95% CI)</th>"
            "<th class='num'>unsupported sentences</th><th class='num'>relevance</th>"
            "<th class='num'>utilization</th><th class='num'>completeness</th></tr>"
        )
        rows = []
        for entry in entries:
            m = entry["metrics"]
            h = m["hallucination_rate"]
            ci = f" ({_pct(h['ci_low'])} – {_pct(h['ci_high'])})" if h["ci_low"] is not None else ""
            rows.append(
                f"<tr><td>{_e(entry['value'])}</td>"
                f"<td class='num'>{_e(entry['counts']['total'])}</td>"
                f"<td class='num'>{_e(entry['counts'].get('failed', 0))}</td>"
                f"<td class='num'>{_e(_pct(h['mean']) + ci)}</td>"
                f"<td class='num'>{_e(_pct(m['unsupported_sentence_rate']['mean']))}</td>"
                f"<td class='num'>{_e(_score(m['relevance']['mean']))}</td>"
                f"<td class='num'>{_e(_score(m['utilization']['mean']))}</td>"
                f"<td class='num'>{_e(_score(m['completeness']['mean']))}</td></tr>"
            )
        svg = charts.group_bars(column, entries) or ""
        parts.append(
            f"<h3>by {_e(column)}</h3>{svg}<div class='scroll'><table><thead>{head}</thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>"
        )
    parts.append("</section>")
    return "".join(parts)


# --- examples ------------------------------------------------------------------------------


def _cited(sources: Any) -> str:
    items = sources if isinstance(sources, list) else [sources]
    out = []
    for item in items:
        if isinstance(item, Mapping):
            label = (
                item.get("title")
                or item.get("id")
                or item.get("url")
                or json.dumps(item, ensure_ascii=False, default=str)
            )
            url = safe_url(item.get("url"))
            out.append(
                f'<a href="{_e(url)}" rel="noopener noreferrer nofollow">{_e(label)}</a>'
                if url
                else _e(label)
            )
        else:
            url = safe_url(item)
            out.append(
                f'<a href="{_e(url)}" rel="noopener noreferrer nofollow">{_e(item)}</a>'
                if url
                else f"<code>{_e(item)}</code>"
            )
    return ", ".join(out)


class _ExampleView:
    """The pieces of one example's card and table row."""

    def __init__(self, n: int, record: Mapping[str, Any]) -> None:
        self.n = n
        self.record = record
        self.prefix = f"ex-{n}"
        self.doc_ids: dict[str, str] = {}
        for d, doc in enumerate(record.get("documents") or []):
            for s, pair in enumerate((doc or {}).get("sentences") or []):
                if pair:
                    self.doc_ids.setdefault(str(pair[0]), f"{self.prefix}-d{d}-{s}")
        self.valid_keys = document_keys(record)
        self.judged = {str(s.get("key")): s for s in record.get("sentences") or [] if s}
        pairs = record.get("response_sentences") or [
            [s.get("key"), s.get("text")] for s in record.get("sentences") or []
        ]
        self.response = [(str(p[0]), "" if p[1] is None else str(p[1])) for p in pairs if p]
        self.verdicts = {
            key: sentence_verdict(self.judged[key], self.valid_keys)
            if key in self.judged
            else "none"
            for key, _ in self.response
        }
        self.verdict = example_verdict(record)
        self.scores = record.get("scores") if is_scored(record) else None

    def evidence_ids(self, key: str) -> list[str]:
        sentence = self.judged.get(key) or {}
        return [
            self.doc_ids[str(k)]
            for k in sentence.get("supporting_keys") or []
            if str(k) in self.doc_ids
        ]

    def flags(self, short: bool = False) -> str:
        out = []
        if self.record.get("status") not in ("ok", None):
            status = str(self.record.get("status"))
            out.append(f'<span class="pill st-{_e(status)}">{_e(status.replace("_", " "))}</span>')
        if self.record.get("injection_suspected"):
            out.append(
                '<span class="badge b-warn injection" title="The data contains text that looks '
                f'like instructions to the judge">⚠ injection{"" if short else " suspected"}</span>'
            )
        if self.record.get("cached"):
            out.append('<span class="badge b-none">cached</span>')
        return "".join(out)

    def row(self) -> str:
        r, s = self.record, self.scores or {}
        data = {
            "i": self.n,
            "index": r.get("index", self.n),
            "id": r.get("id"),
            "status": r.get("status"),
            "verdict": self.verdict,
            "sv": " ".join(sorted(set(self.verdicts.values()))),
            "nviol": len(r.get("violations") or []),
        }
        for metric in (*SCORE_METRICS, "n_unsupported"):
            value = _number(s.get(metric))
            data[metric.replace("_", "")] = "" if value is None else repr(value)
        attrs = " ".join(f'data-{k}="{_e(v)}"' for k, v in data.items())
        unsupported = s.get("n_unsupported")
        total = s.get("n_sentences")
        return (
            f"<tr {attrs}>"
            f'<td class="num">{_e(data["index"])}</td>'
            f'<td class="idcell"><a class="exlink" href="#{self.prefix}">{_e(r.get("id"))}</a></td>'
            f'<td class="qcell" title="{_e(_short(r.get("question"), 300))}">'
            f"{_e(_short(r.get('question'), 160))}</td>"
            f'<td><span class="badge b-{self.verdict}">{EXAMPLE_LABELS[self.verdict]}</span> '
            f"{self.flags(short=True)}</td>"
            + "".join(
                f'<td class="num">{_e(_score(s.get(m)))}</td>'
                for m in ("relevance", "utilization", "completeness", "supported_ratio")
            )
            + f'<td class="num">{_e("–" if unsupported is None else f"{unsupported}/{total}")}</td>'
            + f'<td class="num">{_e(data["nviol"])}</td></tr>'
        )

    def _response_html(self) -> str:
        if not self.response:
            return '<p class="muted">No response sentences.</p>'
        spans = []
        for j, (key, text) in enumerate(self.response):
            verdict = self.verdicts[key]
            spans.append(
                f'<span class="rs v-{verdict}" id="{self.prefix}-r{j}" data-k="{_e(key)}" '
                f'data-ev="{" ".join(self.evidence_ids(key))}" tabindex="0" role="button" '
                f'title="{VERDICT_LABELS[verdict]}: select to highlight its evidence">'
                f"{_e(text)}</span>"
                f'<sup class="rk">{_e(key)}&#8239;{VERDICT_MARKS[verdict]}</sup> '
            )
        return f'<div class="response">{"".join(spans)}</div>'

    def _sentence_list(self) -> str:
        items = []
        for j, (key, text) in enumerate(self.response):
            verdict = self.verdicts[key]
            sentence = self.judged.get(key)
            links = []
            for k in (sentence or {}).get("supporting_keys") or []:
                k = str(k)
                if k in self.doc_ids:
                    links.append(
                        f'<a class="evl" href="#{self.doc_ids[k]}" data-rs="{self.prefix}-r{j}">'
                        f"{_e(k)}</a>"
                    )
                elif k in SPECIAL_KEYS:
                    links.append(f'<span class="spk">{_e(k)}</span>')
                else:
                    links.append(
                        f'<span class="badkey" title="not a key of this example">{_e(k)}</span>'
                    )
            evidence = " ".join(links) if links else '<span class="muted">no evidence</span>'
            extra = ""
            if sentence is not None:
                probability = _number(sentence.get("probability"))
                if probability is not None:
                    extra += f' <span class="muted">p(supported) = {probability:.2f}</span>'
            head = (
                f'<div class="head"><span class="badge b-{verdict}">'
                f"{VERDICT_LABELS[verdict]}</span><code>{_e(key)}</code> "
                f"<span class='muted'>evidence:</span> {evidence}{extra}</div>"
            )
            body = f'<div class="muted small">{_e(_short(text, 160))}</div>'
            if sentence is not None and sentence.get("explanation"):
                body += f'<div class="expl">{_e(sentence.get("explanation"))}</div>'
            if sentence is not None and sentence.get("cited_sources") not in (None, [], ""):
                body += f'<div class="small">cited: {_cited(sentence.get("cited_sources"))}</div>'
            items.append(f'<li data-verdict="{verdict}">{head}{body}</li>')
        return f'<ol class="sentlist">{"".join(items)}</ol>' if items else ""

    def _documents(self) -> str:
        judgment = (
            self.record.get("judgment") if isinstance(self.record.get("judgment"), Mapping) else {}
        )
        relevant = {str(k) for k in judgment.get("all_relevant_sentence_keys") or []}
        utilized = {str(k) for k in judgment.get("all_utilized_sentence_keys") or []}
        docs = []
        for d, doc in enumerate(self.record.get("documents") or []):
            doc = doc or {}
            title = doc.get("title") or f"Document {d + 1}"
            url = doc.get("url")
            link = safe_url(url)
            if link:
                url_html = (
                    f'<div class="url"><a href="{_e(link)}" rel="noopener noreferrer nofollow">'
                    f"{_e(link)}</a></div>"
                )
            elif url:
                url_html = f'<div class="url">{_e(url)}</div>'
            else:
                url_html = ""
            sentences = []
            for s, pair in enumerate(doc.get("sentences") or []):
                if not pair:
                    continue
                key = str(pair[0])
                text = pair[1] if len(pair) > 1 else ""
                css = (
                    "ds"
                    + (" rel" if key in relevant else "")
                    + (" util" if key in utilized else "")
                )
                # CSS draws the key from data-k: one element per sentence keeps big pages light
                sentences.append(
                    f'<span class="{css}" id="{self.prefix}-d{d}-{s}" data-k="{_e(key)}">'
                    f"{_e(text)}</span> "
                )
            docs.append(
                f'<div class="doc"><h4>{_e(title)}</h4>{url_html}'
                f"<div>{''.join(sentences)}</div></div>"
            )
        return "".join(docs) or '<p class="muted">No documents.</p>'

    def card(self) -> str:
        r, s = self.record, self.scores
        mini = ""
        if s is not None:
            mini = (
                f"rel {_score(s.get('relevance'))} · util {_score(s.get('utilization'))} · "
                f"comp {_score(s.get('completeness'))} · unsupported {s.get('n_unsupported', '–')}/"
                f"{s.get('n_sentences', '–')}"
            )
        summary = (
            f"<summary><span class='badge b-{self.verdict}'>{EXAMPLE_LABELS[self.verdict]}</span>"
            f"{self.flags()}<span class='exq'>{_e(_short(r.get('question'), 220))}</span>"
            f"<span class='exid'>#{_e(r.get('index', self.n))} · {_e(r.get('id'))}</span>"
            f"<span class='mini'>{_e(mini)}</span></summary>"
        )
        left = [f"<h3>Question</h3><p>{_e(r.get('question'))}</p>"]
        if r.get("error"):
            left.append(
                f'<div class="errorbox"><b>{_e(r.get("status"))}:</b> {_e(r.get("error"))}</div>'
            )
        left.append(
            "<h3>Response</h3>"
            + self._response_html()
            + '<p class="note ev-status" aria-live="polite">'
            "Select a sentence to highlight its evidence.</p>" + self._sentence_list()
        )
        judgment = r.get("judgment") if isinstance(r.get("judgment"), Mapping) else None
        if judgment:
            for field, label in (
                ("overall_supported_explanation", "Why (overall support)"),
                ("relevance_explanation", "Relevance"),
            ):
                if judgment.get(field):
                    left.append(f"<h3>{label}</h3><p class='small'>{_e(judgment.get(field))}</p>")
        violations = r.get("violations") or []
        if violations:
            items = "".join(
                f"<li><code>{_e(v.get('code'))}</code>"
                + (f" [{_e(v.get('key'))}]" if v.get("key") else "")
                + f" {_e(v.get('message'))}</li>"
                for v in violations
                if v
            )
            left.append(f"<h3>Violations</h3><ul class='viol'>{items}</ul>")
        replies = r.get("replies") or []
        if replies and r.get("status") in ("failed", "repaired"):
            shown = "".join(
                f'<pre class="reply">{_e(_short(reply, REPLY_LIMIT))}</pre>' for reply in replies
            )
            left.append(
                f"<details class='small'><summary>Raw judge replies ({len(replies)})</summary>"
                f"{shown}</details>"
            )
        right = f"<h3>Documents</h3><div class='docs'>{self._documents()}</div>"
        return (
            f'<details class="ex x-{self.verdict}" id="{self.prefix}" data-i="{self.n}">{summary}'
            f'<div class="exbody"><div>{"".join(left)}</div><div>{right}</div></div></details>'
        )


TABLE_HEAD: tuple[tuple[str, str, str], ...] = (
    ("index", "#", "num"),
    ("id", "id", ""),
    ("", "question", ""),
    ("verdict", "verdict", ""),
    ("relevance", "relevance", "num"),
    ("utilization", "utilization", "num"),
    ("completeness", "completeness", "num"),
    ("supportedratio", "supported", "num"),
    ("nunsupported", "unsupported", "num"),
    ("nviol", "violations", "num"),
)


def _examples_section(records: Sequence[Mapping[str, Any]], shown: Sequence[int]) -> str:
    views = [_ExampleView(i, records[i]) for i in shown]
    heads = []
    for key, label, kind in TABLE_HEAD:
        css = ' class="num"' if kind == "num" else ""
        if key:
            type_attr = ' data-type="num"' if kind == "num" else ""
            heads.append(
                f'<th{css} aria-sort="none"><button type="button" data-sort="{key}"{type_attr}>'
                f"{label}</button></th>"
            )
        else:
            heads.append(f"<th{css}>{label}</th>")
    if len(shown) < len(records):
        note = (
            f"Showing {len(shown)} of {len(records)} examples: every failed, invalid and "
            "unsupported example, plus a random sample of the rest. All examples are in "
            "examples.csv and judgments.jsonl."
        )
    else:
        note = f"All {len(records)} examples."
    legend = (
        '<div class="legend"><span>Sentence verdicts:</span>'
        + "".join(
            f'<span><span class="rs v-{v}">{VERDICT_MARKS[v]} {VERDICT_LABELS[v]}</span></span>'
            for v in ("supported", "partially", "unsupported", "none")
        )
        + '<span><span class="ds ev-hl">evidence</span></span>'
        '<span><span class="ds rel">relevant</span> / <span class="ds util">utilized</span>'
        " document sentence</span></div>"
    )
    controls = (
        '<div class="controls js-only" hidden>'
        '<label>Verdict <select id="f-verdict"><option value="">all</option>'
        '<option value="hallucination">hallucination</option>'
        '<option value="adherent">adherent</option><option value="none">no verdict</option>'
        "</select></label>"
        '<label>Status <select id="f-status"><option value="">all</option>'
        + "".join(
            f'<option value="{s}">{s}</option>'
            for s in ("ok", "repaired", "failed", "invalid_input")
        )
        + "</select></label>"
        '<label>Has a sentence <select id="f-sentence"><option value="">any</option>'
        '<option value="unsupported">unsupported</option>'
        '<option value="partially">partially supported</option></select></label>'
        '<label>Search <input id="f-text" type="search" placeholder="id or question"></label>'
        '<button type="button" id="f-open">Expand all</button>'
        '<button type="button" id="f-close">Collapse all</button>'
        '<span class="muted" id="ex-count"></span></div>'
    )
    rows = "".join(v.row() for v in views)
    cards = "".join(v.card() for v in views)
    return (
        '<section class="panel" id="examples"><h2>Examples</h2>'
        f'<p class="note">{_e(note)} Sort by clicking a column title; open an example to see its '
        "sentences and their evidence.</p>"
        f"{controls}"
        f'<div class="table-box"><table id="ex-table"><thead><tr>{"".join(heads)}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div></section>"
        f'<section id="ex-section">{legend}<div id="ex-list">{cards}</div></section>'
    )


def render_html(
    records: Sequence[Mapping[str, Any]],
    summary: Mapping[str, Any],
    *,
    max_examples: int = 2000,
    seed: int = 0,
) -> str:
    """The whole report page as one string (deterministic for the same inputs)."""
    script = _template("report.js")
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
    shown = select_examples(records, max_examples, seed)
    body = (
        f'<header class="top"><div class="wrap"><h1>ragjudge report'
        f'<span class="sub">{_e(run.get("dataset") or "")}</span></h1>'
        f"{_config(summary)}</div></header>"
        '<main class="wrap">'
        + _cards(summary)
        + '<div class="row">'
        + _status_panel(summary, records)
        + _violations_panel(summary)
        + _usage_panel(summary)
        + "</div>"
        + _gold_panel(summary)
        + _charts_panel(records)
        + _groups_panel(summary)
        + _examples_section(records, shown)
        + "</main>"
        + f'<footer class="wrap">Built by ragjudge {_e(__version__)} from judgments.jsonl. '
        "Confidence intervals: 95% percentile bootstrap over examples.</footer>"
    )
    return Template(_template("report.html")).substitute(
        csp=csp,
        version=_e(__version__),
        title=_e(title),
        css=_template("report.css"),
        body=body,
        summary_json=_json_for_script(summary),
        script=script,
    )
