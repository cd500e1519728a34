"""The Chinese, Korean, German and French samples: shape, labels, and the whole pipeline.

Each file is judged end to end with the offline judge into a run folder and an HTML report.
The tests assert structure and keys (every row judged, sentence keys and texts that match
the splitter, gold labels carried through, the report naming every example), not the
offline judge's accuracy in these languages.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import ragjudge
from ragjudge.sentences import detect_language, key_document, key_response
from ragjudge.types import SPECIAL_KEYS

DATASETS = Path(__file__).resolve().parent.parent / "datasets"
LANGS = ("zh", "ko", "de", "fr")


def read_rows(lang: str) -> list[dict[str, Any]]:
    lines = (DATASETS / f"sample_{lang}.jsonl").read_text("utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("lang", LANGS)
def test_sample_shape_and_labels(lang: str) -> None:
    rows = read_rows(lang)
    assert 10 <= len(rows) <= 24
    assert len({r["id"] for r in rows}) == len(rows)
    counts = Counter(r["category"] for r in rows)
    assert set(counts) == {"grounded", "partial", "ungrounded"}
    assert counts["grounded"] >= 3 and counts["partial"] >= 3 and counts["ungrounded"] >= 2
    assert {r["model"] for r in rows} == {"assistant-a", "assistant-b"}
    for r in rows:
        assert detect_language(r["question"] + r["response"]) == lang, r["id"]
        assert 2 <= len(r["documents"]) <= 4, r["id"]
        for doc in r["documents"]:
            assert doc["title"].strip() and doc["text"].strip(), r["id"]
            assert doc["url"].startswith("https://docs.example.com/"), r["id"]
            assert len(key_document(doc["text"], 0)) >= 1
        flagged = r["label_unsupported_sentences"]
        assert r["label_adherence"] == (not flagged) == (r["category"] == "grounded"), r["id"]
        # each flagged sentence is exactly one sentence of the response as ragjudge splits it
        sentences = [s.text for s in key_response(r["response"])]
        assert all(f in sentences for f in flagged), (r["id"], flagged, sentences)
        if r["category"] == "partial":
            assert 1 <= len(flagged) < len(sentences), r["id"]
        if r["category"] == "ungrounded":
            assert len(flagged) == len(sentences), r["id"]


@pytest.fixture(scope="module", params=LANGS)
def run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    lang = request.param
    out = tmp_path_factory.mktemp(f"run_{lang}")
    result = ragjudge.evaluate(
        DATASETS / f"sample_{lang}.jsonl", judge="offline", out=out, cache=False, lang="auto"
    )
    return lang, result


def test_every_row_is_judged_with_the_splitters_keys(run: Any) -> None:
    lang, result = run
    rows = {r["id"]: r for r in read_rows(lang)}
    assert result.summary["counts"]["total"] == len(rows)
    assert result.summary["counts"]["ok"] == len(rows)
    lines = (result.out_dir / "judgments.jsonl").read_text("utf-8").splitlines()
    judged = [json.loads(line) for line in lines]
    assert sorted(j["id"] for j in judged) == sorted(rows)
    for j in judged:
        row = rows[j["id"]]
        expected = [[s.key, s.text] for s in key_response(row["response"], lang)]
        assert j["response_sentences"] == expected
        for i, doc in enumerate(j["documents"]):
            keys = [k for k, _ in doc["sentences"]]
            assert keys == [s.key for s in key_document(row["documents"][i]["text"], i, lang)]
        assert [s["key"] for s in j["sentences"]] == [k for k, _ in expected]
        for s in j["sentences"]:
            assert isinstance(s["supported"], bool)
            # a document key of this example, or one of the labels a judgment may use instead
            assert set(s["supporting_keys"]) <= {
                k for d in j["documents"] for k, _ in d["sentences"]
            } | set(SPECIAL_KEYS)
        assert j["gold"]["adherence"] == row["label_adherence"]
        assert 0.0 <= j["scores"]["adherence"] <= 1.0


def test_report_names_every_example_in_its_language(run: Any) -> None:
    lang, result = run
    html = (result.out_dir / "report.html").read_text("utf-8")
    assert 'lang="' in html
    for row in read_rows(lang):
        assert row["id"] in html
    summary = json.loads((result.out_dir / "summary.json").read_text("utf-8"))
    assert summary["counts"]["total"] == len(read_rows(lang))
