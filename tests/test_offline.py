"""Tests for the offline judge: judgment rules on real RAGBench rows, evidence keys for copied
sentences, rejection of changed numbers and invented names, refusals, Japanese, and a floor on
hallucination-detection AUROC."""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import numpy as np
import pandas as pd
import pytest

from ragjudge.judges.base import Judge
from ragjudge.judges.offline import OfflineJudge
from ragjudge.types import SPECIAL_KEYS, Example, KeyedExample, Message, Sentence, Usage

SIX_FIELDS = {
    "relevance_explanation",
    "all_relevant_sentence_keys",
    "overall_supported_explanation",
    "overall_supported",
    "sentence_support_information",
    "all_utilized_sentence_keys",
}


@pytest.fixture(scope="module")
def judge() -> OfflineJudge:
    return OfflineJudge()


def keyed(question: str, documents: list[list[str]], response: list[str]) -> KeyedExample:
    """Key documents `0a, 0b, …, 1a, …` and response sentences `a, b, …`."""
    docs = tuple(
        tuple(Sentence(f"{d}{chr(97 + i)}", text) for i, text in enumerate(doc))
        for d, doc in enumerate(documents)
    )
    resp = tuple(Sentence(chr(97 + i), text) for i, text in enumerate(response))
    example = Example(id="t", question=question, documents=(), response=" ".join(response))
    return KeyedExample(example=example, documents=docs, response=resp)


def keyed_row(row: Any) -> KeyedExample:
    documents = tuple(
        tuple(Sentence(str(k), str(t)) for k, t in doc) for doc in row["documents_sentences"]
    )
    response = tuple(Sentence(str(k), str(t)) for k, t in row["response_sentences"])
    example = Example(
        id=str(row["id"]), question=str(row["question"]), documents=(), response=row["response"]
    )
    return KeyedExample(example=example, documents=documents, response=response)


def rows(shared_data: Path, subset: str) -> pd.DataFrame:
    path = next((shared_data / "ragbench-validation" / subset).glob("*.parquet"))
    return pd.read_parquet(path)


def check_rules(item: KeyedExample, out: dict[str, Any]) -> None:
    schema = json.loads(
        resources.files("ragjudge").joinpath("schema").joinpath("judgment.schema.json").read_text()
    )
    jsonschema.validate(out, schema)
    assert set(out) == SIX_FIELDS | {"support_score"}
    allowed = set(item.document_keys) | set(SPECIAL_KEYS)
    infos = out["sentence_support_information"]
    assert [s["response_sentence_key"] for s in infos] == list(item.response_keys)
    for s in infos:
        assert set(s["supporting_sentence_keys"]) <= allowed
        if not s["supporting_sentence_keys"]:
            assert s["fully_supported"] is False
        assert 0.0 <= s["probability"] <= 1.0
        assert isinstance(s["explanation"], str) and s["explanation"]
    assert out["overall_supported"] == all(s["fully_supported"] for s in infos)
    assert 0.0 <= out["support_score"] <= 1.0
    assert out["support_score"] == min((s["probability"] for s in infos), default=1.0)
    doc_keys = set(item.document_keys)
    used = {k for s in infos for k in s["supporting_sentence_keys"] if k in doc_keys}
    assert set(out["all_utilized_sentence_keys"]) == used
    assert set(out["all_relevant_sentence_keys"]) <= doc_keys


MANUAL = [
    [
        "The Model X200 dishwasher has a capacity of 14 place settings.",
        "Its energy rating is A+++ and it uses 9.5 litres of water per cycle.",
        "The quick wash programme takes 30 minutes at 45 degrees.",
    ],
    [
        "To reset the dishwasher, hold the Start button for 3 seconds.",
        "The warranty covers parts and labour for 12 months from the date of purchase.",
        "Replacement filters can be ordered from the manufacturer's website.",
    ],
]


def sentence(out: dict[str, Any], key: str = "a") -> dict[str, Any]:
    return next(s for s in out["sentence_support_information"] if s["response_sentence_key"] == key)


def test_copied_sentence_is_supported_by_its_key(judge: OfflineJudge) -> None:
    item = keyed(
        "How long is the warranty?",
        MANUAL,
        ["The warranty covers parts and labour for 12 months from the date of purchase."],
    )
    out = judge.judge(item)
    check_rules(item, out)
    s = sentence(out)
    assert s["fully_supported"] is True
    assert "1b" in s["supporting_sentence_keys"]
    assert out["overall_supported"] is True
    assert "1b" in out["all_utilized_sentence_keys"]
    assert "1b" in out["all_relevant_sentence_keys"]


def test_changed_number_is_not_supported(judge: OfflineJudge) -> None:
    good = judge.judge(keyed("How long?", MANUAL, ["The quick wash programme takes 30 minutes."]))
    item = keyed("How long?", MANUAL, ["The quick wash programme takes 50 minutes."])
    out = judge.judge(item)
    check_rules(item, out)
    s = sentence(out)
    assert sentence(good)["fully_supported"] is True
    assert s["fully_supported"] is False
    assert s["supporting_sentence_keys"] == []
    assert "'50'" in s["explanation"]
    assert out["overall_supported"] is False
    assert out["support_score"] < good["support_score"]


def test_invented_name_is_not_supported(judge: OfflineJudge) -> None:
    item = keyed(
        "Who designed the dishwasher?",
        MANUAL,
        ["The Model X200 dishwasher was designed by Heinrich Vollmer at Siemens in Munich."],
    )
    out = judge.judge(item)
    check_rules(item, out)
    s = sentence(out)
    assert s["fully_supported"] is False
    assert "Vollmer" in s["explanation"]


def test_refusal_is_supported_without_sentence(judge: OfflineJudge) -> None:
    item = keyed(
        "What does the dishwasher cost?",
        MANUAL,
        [
            "The dishwasher has a capacity of 14 place settings.",
            "The documents do not mention the price of the dishwasher.",
        ],
    )
    out = judge.judge(item)
    check_rules(item, out)
    s = sentence(out, "b")
    assert s["supporting_sentence_keys"] == ["supported_without_sentence"]
    assert s["fully_supported"] is True


def test_japanese_copied_supported_invented_not(judge: OfflineJudge) -> None:
    docs = [
        [
            "東京タワーは1958年に完成した電波塔です。",
            "高さは333メートルで、当時は世界一高い自立式鉄塔でした。",
            "展望台は地上150メートルと250メートルにあります。",
        ],
        ["東京スカイツリーは2012年に開業しました。", "高さは634メートルです。"],
    ]
    item = keyed(
        "東京タワーはいつ完成しましたか？",
        docs,
        [
            "東京タワーは1958年に完成した電波塔です。",
            "設計者は大阪出身の山田花子で、建設費は五百億円でした。",
            "建設についての詳しい情報は記載されていません。",
        ],
    )
    out = judge.judge(item)
    check_rules(item, out)
    copied, invented, refusal = out["sentence_support_information"]
    assert copied["fully_supported"] is True
    assert "0a" in copied["supporting_sentence_keys"]
    assert invented["fully_supported"] is False
    assert refusal["supporting_sentence_keys"] == ["supported_without_sentence"]
    assert out["overall_supported"] is False


def test_empty_response_and_documents(judge: OfflineJudge) -> None:
    empty = keyed("Anything?", [], [])
    out = judge.judge(empty)
    check_rules(empty, out)
    assert out["overall_supported"] is True
    no_docs = keyed("Anything?", [], ["Paris is the capital of France."])
    out = judge.judge(no_docs)
    check_rules(no_docs, out)
    assert out["overall_supported"] is False


def test_rules_hold_on_real_rows(judge: OfflineJudge, shared_data: Path) -> None:
    for subset in ("expertqa", "hagrid", "covidqa"):
        for _, row in rows(shared_data, subset).head(40).iterrows():
            item = keyed_row(row)
            check_rules(item, judge.judge(item))


def auroc(labels: np.ndarray, scores: np.ndarray) -> float:
    ranks = pd.Series(scores).rank(method="average").to_numpy()
    pos = labels.sum()
    neg = len(labels) - pos
    return float((ranks[labels].sum() - pos * (pos + 1) / 2) / (pos * neg))


def test_hallucination_auroc_is_clearly_above_chance(
    judge: OfflineJudge, shared_data: Path
) -> None:
    df = rows(shared_data, "emanual")
    scores = np.asarray([judge.judge(keyed_row(r))["support_score"] for _, r in df.iterrows()])
    hallucinated = ~df["adherence_score"].astype(bool).to_numpy()
    assert auroc(hallucinated, 1 - scores) > 0.7


def test_identity_is_stable_and_ask_wraps_judge(judge: OfflineJudge) -> None:
    other = OfflineJudge()
    assert judge.identity() == other.identity()
    ident = judge.identity()
    assert ident["kind"] == "offline" and ident["provider"] == "ragjudge"
    assert ident["model"].startswith("offline-")
    assert json.loads(json.dumps(ident)) == ident
    assert OfflineJudge(threshold=0.5).identity()["params"] == {"threshold": 0.5}
    assert isinstance(judge, Judge)
    assert judge.kind == "offline" and judge.uses_prompt is False

    item = keyed("How long?", MANUAL, ["The quick wash programme takes 30 minutes."])
    reply = asyncio.run(judge.ask(item, [Message("user", "ignored")]))
    assert json.loads(reply.text) == judge.judge(item)
    assert reply.usage == Usage(0, 0)
    assert reply.latency_s >= 0


def test_threshold_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError):
        OfflineJudge(threshold=1.5)


def test_judgments_do_not_depend_on_the_process_hash_seed(tmp_path: Path) -> None:
    """String hashing is salted per process; a judgment must not follow set order, or the
    same row would be judged differently by two processes (two workers, two runs)."""
    import os
    import subprocess
    import sys

    data = Path(__file__).resolve().parents[1] / "datasets" / "sample_en.jsonl"
    script = (
        "import json, sys\n"
        "from ragjudge.dataset import iter_examples\n"
        "from ragjudge.judges.offline import OfflineJudge\n"
        "from ragjudge.pipeline import judge_example\n"
        "from ragjudge.runner import run_coroutine\n"
        "from ragjudge.sentences import key_example\n"
        "judge = OfflineJudge()\n"
        "for ex in iter_examples(sys.argv[1]):\n"
        "    r = run_coroutine(judge_example(key_example(ex), judge))\n"
        "    print(json.dumps([r['judgment'], r['scores']], sort_keys=True))\n"
    )
    outputs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", script, str(data)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.append(done.stdout)
    assert outputs[0].count("\n") == 24
    assert outputs[0] == outputs[1]
