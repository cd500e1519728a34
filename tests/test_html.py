"""The HTML report as a parser sees it: escaping, CSP, no network, sampling, verdict classes."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ragjudge.record import Record
from ragjudge.report import load_records, summarize
from ragjudge.report.html import json_for_script, render_html, safe_url, select_examples
from ragjudge.report.views import ExampleSelection

SAMPLE = Path(__file__).parent / "data" / "report" / "sample"


class Page(HTMLParser):
    """Collects every element (tag, attributes) and the text of script elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._in_script: dict[str, str | None] | None = None
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        if tag == "script":
            self._in_script = dict(attrs)
            self.scripts.append((dict(attrs), ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = None

    def handle_data(self, data: str) -> None:
        if self._in_script is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)
        else:
            self.text.append(data)

    def by_id(self, element_id: str) -> dict[str, str | None]:
        return next(a for _, a in self.elements if a.get("id") == element_id)


@pytest.fixture(scope="module")
def records() -> list[Record]:
    return load_records(SAMPLE)


@pytest.fixture(scope="module")
def page_html(records: list[Record]) -> str:
    return render_html(records, summarize(records, group_by=["model"]))


@pytest.fixture(scope="module")
def page(page_html: str) -> Page:
    parser = Page()
    parser.feed(page_html)
    return parser


def test_injected_markup_stays_text(page: Page, page_html: str) -> None:
    tags = {tag for tag, _ in page.elements}
    assert "img" not in tags
    assert "&lt;b&gt;Injected&lt;/b&gt; page" in page_html  # a title with markup stays text
    # exactly our two script elements: the JSON data block and the page script
    assert len(page.scripts) == 2
    assert all("__pwned" not in text for _, text in page.scripts[1:])
    for _, attrs in page.elements:
        assert not any(name.startswith("on") for name in attrs), attrs
        href = (attrs.get("href") or "").strip().lower()
        assert not href.startswith("javascript:")
    text = "".join(page.text)
    assert "<script>window.__pwned=1</script>" in text
    assert '<img src=x onerror="window.__pwned=2">' in text
    assert "javascript:window.__pwned=3" in text  # the bad URL is shown, not linked
    assert "&lt;script&gt;window.__pwned=4&lt;/script&gt;" in page_html


def test_only_http_urls_become_links(page: Page) -> None:
    links = [a["href"] for tag, a in page.elements if tag == "a" and a.get("href")]
    external = [h for h in links if not h.startswith("#")]
    assert "https://example.org/paris?a=1&b=2" in external
    assert all(h.startswith(("http://", "https://")) for h in external)
    assert safe_url("https://example.org/x") == "https://example.org/x"
    for bad in ("javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,x", "//x.org", None):
        assert safe_url(bad) is None


def test_strict_csp_allows_exactly_the_page_script(page: Page) -> None:
    csp = next(
        a["content"]
        for tag, a in page.elements
        if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy"
    )
    assert "default-src 'none'" in csp
    assert "img-src data:" in csp
    script = page.scripts[1][1]
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in csp
    assert "unsafe-inline'; img" in csp and "script-src 'unsafe-inline'" not in csp


def test_no_network_at_view_time(page: Page, page_html: str) -> None:
    for tag, attrs in page.elements:
        assert "src" not in attrs, (tag, attrs)
        if tag == "link":
            pytest.fail(f"external resource: {attrs}")
    assert "@import" not in page_html
    assert not re.search(r"url\((?!#)", page_html)


def test_summary_json_block_round_trips(page: Page, records: list[Record]) -> None:
    attrs, text = page.scripts[0]
    assert attrs == {"type": "application/json", "id": "rj-summary"}
    assert json.loads(text) == json.loads(json.dumps(summarize(records, group_by=["model"])))


def test_json_for_script_escapes_markup_and_line_separators() -> None:
    text = json_for_script({"x": "</script><b>&\u2028\u2029"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert "\u2028" not in text and "\u2029" not in text
    assert json.loads(text) == {"x": "</script><b>&\u2028\u2029"}


def test_utf8_japanese_and_font_stack(page: Page, page_html: str) -> None:
    assert any(tag == "meta" and a.get("charset") == "utf-8" for tag, a in page.elements)
    assert "東京タワーの高さは333メートルです。" in page_html
    for font in ('"Noto Sans CJK JP"', '"IPAGothic"', '"Hiragino Sans"', '"Yu Gothic"'):
        assert font in page_html


def test_sentence_verdict_classes_and_evidence_links(page: Page) -> None:
    # ex-halluc is the second record: a supported, b partially, c unsupported
    classes = [page.by_id(f"ex-1-r{j}")["class"] for j in range(3)]
    assert classes == ["rs v-supported", "rs v-partially", "rs v-unsupported"]
    assert page.by_id("ex-1-r1")["data-ev"] == "ex-1-d1-0"
    assert page.by_id("ex-1-d1-0")["data-k"] == "1a"
    assert page.by_id("ex-1-r2")["data-ev"] == ""  # key 9z is not a document key
    # the failed example's sentence has no verdict
    assert page.by_id("ex-3-r0")["class"] == "rs v-none"
    # every evidence id points at an element of the page
    ids = {a.get("id") for _, a in page.elements}
    for _, attrs in page.elements:
        for target in (attrs.get("data-ev") or "").split():
            assert target in ids


def test_headline_cards_and_marks(page: Page, page_html: str) -> None:
    assert 'data-metric="hallucination_rate"' in page_html
    assert ">25.0%<" in page_html
    assert "⚠ injection suspected" in page_html
    assert "cited:" in page_html and 'href="https://example.org/paris"' in page_html
    assert page_html.count("<svg") == 2  # score distributions + groups by model


def test_select_examples_keeps_failures_then_lowest_support_then_a_sample(
    records: list[Record],
) -> None:
    many = []
    for copy in range(50):
        many += [replace(r, id=f"{r.id}-{copy}") for r in records]
    failing = [i for i, r in enumerate(many) if r.status in ("failed", "invalid_input")]
    assert len(failing) == 100
    kept = select_examples(many, limit=120, seed=0)
    # bounded: never more than the limit, every failed and invalid example first
    assert len(kept) == 120 and set(failing) <= set(kept)
    assert kept == sorted(kept) == select_examples(many, limit=120, seed=0)
    # of the 20 left, three quarters are the lowest support: copies of the hallucinated
    # example (supported ratio 1/3), the earliest first; the rest a random sample of the others
    selection = ExampleSelection(120, seed=0)
    for position, record in enumerate(many):
        selection.see(position, record)
    chosen = selection.chosen()
    assert (chosen.failed, chosen.lowest, chosen.sampled) == (100, 15, 5)
    by_rank = sorted(chosen.ranks, key=chosen.ranks.__getitem__)
    lowest = by_rank[100:115]
    halluc = [i for i, r in enumerate(many) if r.id.startswith("ex-halluc")]
    assert lowest == halluc[:15]
    assert set(by_rank[115:]).isdisjoint(failing + lowest)
    assert selection.chosen() == chosen  # asking again gives the same choice
    # a limit below the failures keeps the first failures only
    assert select_examples(many, limit=30, seed=0) == failing[:30]
    assert select_examples(many, limit=1000, seed=0) == list(range(len(many)))
    assert select_examples(many, limit=120, seed=1) != kept


def test_sampled_page_says_so(records: list[Record]) -> None:
    html = render_html(records, summarize(records), max_examples=4)
    assert (
        "Showing 4 of 6 examples: all 2 failed or invalid and the 2 with the lowest support."
        in html
    )
    assert html.count('<details class="ex ') == 4
    for kept in ("ex-1", "ex-3", "ex-4", "ex-5"):  # unsupported, failed, invalid, support 0.9
        assert f'id="{kept}"' in html


def _with_long_documents(record: Record, repeat: int) -> Record:
    """The record with each document sentence repeated `repeat` times, under new keys."""
    documents = tuple(
        replace(
            doc,
            sentences=tuple(
                (f"{key}{n}", f"{text} (copy {n})")
                for n in range(repeat)
                for key, text in doc.sentences
            ),
        )
        for doc in record.documents
    )
    return replace(record, documents=documents)


def test_a_huge_batch_keeps_the_page_small(records: list[Record]) -> None:
    # about 50 kB per card: 250 of them would make a 12 MB page
    many = [
        replace(_with_long_documents(records[1], 100), id=f"big-{n}", index=n) for n in range(250)
    ]
    html = render_html(many, summarize(many[:3]), max_examples=250)
    size = len(html.encode("utf-8"))
    assert 8_000_000 < size < 10_000_000
    shown = html.count('<details class="ex ')
    assert 150 < shown < 250
    assert f"Showing {shown} of 250 examples: the {shown} with the lowest support" in html
    assert f"{250 - shown} more were chosen but left out to keep the page under 10 MB" in html


def test_a_huge_example_keeps_only_the_sentences_its_judgment_names(
    records: list[Record],
) -> None:
    huge = _with_long_documents(records[1], 3000)  # about 1 MB of documents
    html = render_html([huge], summarize([huge]), max_examples=10)
    assert len(html.encode("utf-8")) < 300_000
    # the evidence of the sentences is still there, and the page says what was left out
    assert 'id="ex-0-d0-0" data-k="0a0"' not in html  # 0a0 is not named by the judgment
    assert "other sentence(s) of this document not shown" in html
    assert "judgments.jsonl has its full text" in html
