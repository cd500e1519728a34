"""`ragjudge eval --from FORMAT`: ingested logs are judged, with citation accuracy and
span labels carried through to the CSVs."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ragjudge.cli import main

from .records import read_lines

INGEST = Path(__file__).parent / "data" / "ingest"


def test_cited_answers_get_citation_columns(tmp_path: Path) -> None:
    out = tmp_path / "out"
    src = str(INGEST / "cited" / "jp1_answers.jsonl")
    assert main(["eval", "--from", "cited-answer", src, "--out", str(out), "--quiet"]) == 0
    examples = pd.read_csv(out / "examples.csv")
    for column in ("n_citations", "n_citations_unresolved", "citation_precision"):
        assert column in examples.columns
    assert (examples["n_citations"] > 0).all()
    record = read_lines(out)[0]
    figures = record["citations"]
    assert figures["n_citations"] == len(record["metadata"]["citations"])
    resolved = [c for c in record["metadata"]["citations"] if c["resolved"]]
    assert sum(len(s["cited_sources"]) for s in record["sentences"]) == len(resolved)
    if figures["n_citations_unresolved"]:
        assert "unresolved_citation" in {v["code"] for v in record["violations"]}
    sentences = pd.read_csv(out / "sentences.csv")
    assert "cited_sources" in sentences.columns


def test_ragtruth_spans_become_gold_sentence_keys(tmp_path: Path) -> None:
    out = tmp_path / "out"
    src = str(INGEST / "ragtruth" / "joined.jsonl")
    assert main(["eval", "--from", "ragtruth", src, "--out", str(out), "--quiet"]) == 0
    records = read_lines(out)
    judged = [r for r in records if r["status"] in ("ok", "repaired")]
    assert judged
    labelled = [r for r in judged if r["metadata"].get("label_unsupported_spans")]
    assert labelled
    for r in labelled:
        keys = r["gold"]["unsupported_keys"]
        assert keys and set(keys) <= {k for k, _ in r["response_sentences"]}
        spans = r["metadata"]["label_unsupported_spans"]
        texts = {t for k, t in r["response_sentences"] if k in keys}
        assert any(span["text"][:10] in " ".join(texts) for span in spans if span.get("text"))
