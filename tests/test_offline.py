"""Tests for the offline judge: judgment rules on real RAGBench rows, evidence keys for copied
sentences, rejection of changed numbers and invented names, refusals, Japanese, structured
records and bare-phrase answers, calibrated support scores and verdicts, and a floor on
hallucination-detection AUROC."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Sequence
from functools import partial
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

import jsonschema
import numpy as np
import pandas as pd
import pytest

from ragjudge.judges._glosses import (
    broken_down,
    converted_numbers,
    counted_lists,
    formula_constants,
    worked_out,
)
from ragjudge.judges._tokens import exact_counts, tokenize
from ragjudge.judges.base import Judge
from ragjudge.judges.offline import OfflineJudge
from ragjudge.types import SPECIAL_KEYS, Example, KeyedExample, Message, Sentence, Usage

from .test_samples import read_rows

SUBSETS = ("covidqa", "delucionqa", "emanual", "expertqa", "hagrid", "hotpotqa", "msmarco")
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


def check_rules(item: KeyedExample, out: dict[str, Any], judge: OfflineJudge | None = None) -> None:
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
    judge = judge or OfflineJudge()
    if infos and item.document_keys:
        # the answer's verdict is its calibrated support score against the threshold
        assert out["overall_supported"] == (out["support_score"] >= judge.threshold)
    if not out["overall_supported"] and item.document_keys:
        # a flagged answer's unsupported sentences are its weak ones, or else its weakest
        weak = {
            s["response_sentence_key"]
            for s in infos
            if s["probability"] < judge.model.sentence_threshold
        }
        weakest = min(infos, key=lambda s: s["probability"])["response_sentence_key"]
        unsupported = {s["response_sentence_key"] for s in infos if not s["fully_supported"]}
        assert unsupported == (weak or {weakest})
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


@pytest.mark.parametrize(
    ("docs", "said"),
    [
        # a hyphenated name the documents write apart, or whose parts they name
        (
            ["The identification of B cells that target this site has spurred research."],
            "The studies on B-cells have spurred research.",
        ),
        (
            ["Ohlin credited Heckscher as co-developer of the trade model he published in 1933."],
            "The Heckscher-Ohlin trade model was published in 1933.",
        ),
        # a country the documents name by its people's word, and the reverse
        (
            ["The raid was to keep the German nuclear weapon project from heavy water."],
            "The raid was to keep Germany from getting heavy water for nuclear weapons.",
        ),
        (
            ["Saboteurs from Norway destroyed the heavy water plant in 1943."],
            "In 1943, Norwegian saboteurs destroyed the heavy water plant.",
        ),
        # with the accents the documents leave off, or the reverse
        (
            ["Venizelos, as prime minister, was the effective ruler with the Entente."],
            "Real power was held by Prime Minister Venizélos and the Entente.",
        ),
        (
            ["The company moved its offices from Zürich to Geneva in 2004."],
            "In 2004 the company moved its offices from Zurich to Geneva.",
        ),
        # a unit is no name
        (
            ["For reheating pizza, preheat the oven to 450 – 475 degrees."],
            "Preheat the oven to 475 degrees Fahrenheit to reheat pizza.",
        ),
        (
            ["The battery stores 2 kWh and charges in 3 hours."],
            "The battery stores 2 kWh and takes 3 hours to charge.",
        ),
        # a name in lower case with a capital inside, as the documents write it
        (
            ["The app runs on iOS and Android phones."],
            "The app runs on iOS and on Android phones.",
        ),
    ],
)
def test_a_name_the_documents_write_another_way_is_no_new_name(
    judge: OfflineJudge, docs: list[str], said: str
) -> None:
    out = first_verdict(judge, "What should I know?", docs, said)
    assert "name" not in out["explanation"], out["explanation"]


@pytest.mark.parametrize("name", ["iPhone", "eBay", "macOS"])
def test_a_name_in_lower_case_with_a_capital_inside_is_a_name(
    judge: OfflineJudge, name: str
) -> None:
    """ "iPhone" starts in lower case, so it is no capitalised word: a name written with a
    capital inside is read as a name all the same, at the start of a sentence too."""
    docs = ["The app is available for Android phones only."]
    for said in (f"The app is available for {name} only.", f"{name} users can get the app."):
        out = first_verdict(judge, "Which phones can run the app?", docs, said)
        assert f"name '{name}' not found in the documents" in out["explanation"], out


def test_a_capital_after_an_item_dash_is_grammar_but_a_dashed_list_still_names() -> None:
    """An item's text after its heading and a dash ("Trail orientation - Ensure the trail …")
    starts a sentence, so its first word is no name; in a list whose dashes separate names
    ("Paris - Berlin - Vienna"), each item is still one."""
    docs = [
        "Make sure the trail runs straight up and down, not across the incline.",
        "The tour visits Paris.",
    ]
    judge = OfflineJudge()
    item = first_verdict(
        judge,
        "What should I check?",
        docs,
        "Trail orientation - Ensure the trail runs straight up and down.",
    )
    assert "name" not in item["explanation"], item["explanation"]
    cities = first_verdict(judge, "Where?", docs, "The tour visits Paris - Berlin - Vienna.")
    assert "name 'Berlin', 'Vienna' not found in the documents" in cities["explanation"], cities


def test_a_name_near_another_is_still_new() -> None:
    """Two names that share their first letters are not one another's people or country
    unless one of them ends as such words do ("Johnston" is not "Johnson")."""
    from ragjudge.judges._features import _demonym_known, build_evidence

    ev = build_evidence(keyed("Who?", [["The Johnston family ran the mill near Roma."]], ["x"]))
    assert not _demonym_known("johnson", ev)
    assert not _demonym_known("french", ev)
    assert _demonym_known("roman", ev)


@pytest.mark.parametrize(
    ("docs", "said", "swapped"),
    [
        (
            ["The camera uses a sensor made by Sony and takes sharp pictures in the dark."],
            "The camera uses a sensor made by Canon and takes sharp pictures in the dark.",
            ("Canon", "Sony"),
        ),
        # at the sentence's end, with one word more before it
        (
            ["The camera uses a sensor made by Sony and takes sharp pictures in the dark."],
            "The camera uses a sensor made by Canon.",
            ("Canon", "Sony"),
        ),
        (
            ["カメラはソニー製のセンサーを採用し、暗い場所でも鮮明に撮影できる。"],
            "カメラはキヤノン製のセンサーを採用している。",
            ("キヤノン", "ソニー"),
        ),
        # a person by a title, and a firm at the sentence's start, read on the one side
        (
            ["同社の山田太郎社長は記者会見で「年間100万台の販売を目指す」と述べた。"],
            "同社の鈴木社長は記者会見で販売目標を述べた。",
            ("鈴木", "山田太郎"),
        ),
        (
            ["アクメ社は2023年4月、新型スマートフォンを発売した。"],
            "ベータ社は2023年4月、新型スマートフォンを発売した。",
            ("ベータ", "アクメ"),
        ),
        (
            ["同社の山田太郎社長は記者会見で「年間100万台の販売を目指す」と述べた。"],
            "同社の山田社長は記者会見で販売目標を述べた。",
            None,
        ),
        # the documents' name; one they write with a space; a new name in a phrase of its own
        (
            ["The camera uses a sensor made by Sony."],
            "The camera uses a sensor made by Sony.",
            None,
        ),
        (
            ["The West African Ebola virus outbreak began in Guinea."],
            "The West African Ebolavirus outbreak began in Guinea.",
            None,
        ),
        (["The camera uses a sensor made by Sony."], "Canon also makes good cameras.", None),
        # the words before it alone, in a copy of the document's sentence that goes on in
        # its own words; not in a sentence that says something else after them
        (
            ["Northwind, which is based in Chicago, also announced a $500 million buyback."],
            "Northwind, based in Boston, announced a $500 million buyback.",
            ("Boston", "Chicago"),
        ),
        (
            ["Northwind, which is based in Chicago, also announced a $500 million buyback."],
            "Its rival, based in Boston, cut jobs.",
            None,
        ),
        # any word in kanji with none of the documents' word's characters (but a last one
        # both end in), between characters that are not kana alone
        (
            ["道内の病院で初めての導入となる。"],
            "全国の病院で初めての導入となる。",
            ("全国", "道内"),
        ),
        (
            ["購入費は約1200万円で、大阪市の企業が製造した。"],
            "購入費は約1200万円で、東京都の企業が製造した。",
            ("東京都", "大阪市"),
        ),
        (
            ["1993年には法隆寺とともに世界遺産に登録された。"],
            "1993年には東大寺とともに世界遺産に登録された。",
            ("東大寺", "法隆寺"),
        ),
        (
            ["薬剤部長の佐藤恵子氏は「300時間を減らせた」と述べた。"],
            "看護部長の佐藤恵子氏は「300時間を減らせた」と述べた。",
            ("看護部長", "薬剤部長"),
        ),
        (["半年間の試験運用を経て稼働した。"], "半年間の試行を経て稼働した。", None),
        # a word that refers to one already named (同病院: "the hospital")
        (["札幌市の市立病院はロボット導入を発表した。"], "同病院はロボット導入を発表した。", None),
        (["さらに2台を追加する方針だ。"], "さらに2台を追加する予定だ。", None),
        # a word in katakana spelt another way, and one in no copied phrase
        (["新型スマートフォンを発売した。"], "新型スマホを発売した。", None),
        (["カメラはソニー製のセンサーを採用している。"], "アマゾンで購入できる。", None),
    ],
)
def test_a_name_put_in_the_place_of_another_is_caught(
    judge: OfflineJudge, docs: list[str], said: str, swapped: tuple[str, str] | None
) -> None:
    """A name the documents lack, in a phrase they copy with another name in its place, is
    a swap ("made by Canon" where they say "made by Sony"), not a name they merely leave out;
    in Japanese, where katakana writes names and borrowed words alike, it is the one way a
    new word in katakana is read as a name. A word in kanji that shares a character with
    theirs (試行 for 試験運用) may be a paraphrase, and kana alone around it ("する…だ")
    make no phrase."""
    out = first_verdict(judge, "What does it have?", docs, said)
    if swapped is None:
        assert "stands where the documents have" not in out["explanation"], out["explanation"]
    else:
        name, other = swapped
        assert out["fully_supported"] is False, out["explanation"]
        assert f"'{name}' stands where the documents have '{other}' (0a)" in out["explanation"]


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


@pytest.mark.parametrize(
    "said",
    [
        "The documents do not explain how to descale the dishwasher.",
        "The context provided does not cover the price of the dishwasher.",
        "The manual does not explicitly mention a child lock.",
    ],
)
def test_refusal_with_documents_as_subject(judge: OfflineJudge, said: str) -> None:
    """A refusal may say the documents do not explain, cover or explicitly mention something;
    its subject (descaling, a child lock) is missing from the documents by its nature."""
    out = first_verdict(judge, "How do I descale it?", ["\n".join(MANUAL[0] + MANUAL[1])], said)
    assert out["supporting_sentence_keys"] == ["supported_without_sentence"]
    assert out["fully_supported"] is True


def test_claim_that_something_is_not_covered_is_no_refusal(judge: OfflineJudge) -> None:
    """With the warranty, not the documents, as its subject, "does not cover" is a claim, and
    one the documents do not make."""
    docs = ["\n".join(MANUAL[0] + MANUAL[1])]
    out = first_verdict(
        judge, "Is water damage covered?", docs, "The warranty does not cover water damage."
    )
    assert out["supporting_sentence_keys"] != ["supported_without_sentence"]
    assert not out["explanation"].startswith("States that the documents")


HOTEL = [
    "Every room rate at the Harbour Inn includes breakfast, served from 7 to 10 am.",
    "Room service runs until 11 pm, and parking costs 15 euros a night.",
]


@pytest.mark.parametrize(
    "claim",
    [
        "Breakfast is not included in the room rate.",
        "The Harbour Inn does not include breakfast in its rates.",
        "Parking is not available at the Harbour Inn.",
        # the same hedging words about the world, or not about the documents
        "A passport is required to determine the room rate for foreign guests.",
        "Guests who are not clear about the details of their rate can ask at reception.",
    ],
)
def test_negative_claim_about_the_world_is_no_refusal(judge: OfflineJudge, claim: str) -> None:
    """ "Not included", "not available" and "does not include" say something of the world
    unless the sentence speaks of the documents; such a claim is checked like any other."""
    out = first_verdict(judge, "What does the room rate include?", HOTEL, claim)
    assert out["supporting_sentence_keys"] != ["supported_without_sentence"]
    assert not out["explanation"].startswith("States that the documents")


@pytest.mark.parametrize(
    "said",
    [
        "The price of a suite is not provided in the given context.",
        "The documents do not include the price of a suite.",
        # hedges: what the answer cannot tell from the documents, or what it would take
        "It is unclear from the given context what a suite costs.",
        "The passages do not appear to mention the price of a suite.",
        "Based on the provided context, it is difficult to determine what a suite costs.",
        "More details would be needed to determine the price of a suite.",
        "From the documents it is hard to pinpoint who designed the suites.",
        "Further sources would be needed to answer this question accurately.",
    ],
)
def test_same_words_about_the_documents_are_a_refusal(judge: OfflineJudge, said: str) -> None:
    out = first_verdict(judge, "What does a suite cost?", HOTEL, said)
    assert out["supporting_sentence_keys"] == ["supported_without_sentence"]


def test_an_unsupported_sentence_names_the_words_the_documents_lack(judge: OfflineJudge) -> None:
    said = "The Harbour Inn also runs a rooftop spa, a casino and a private marina."
    out = first_verdict(judge, "What does the hotel offer?", HOTEL, said)
    assert out["fully_supported"] is False
    assert "words not in the documents: 'rooftop', 'spa', 'casino', 'private'" in out["explanation"]
    # a supported sentence keeps its explanation short
    kept = first_verdict(judge, "What does the hotel offer?", HOTEL, HOTEL[0])
    assert "words not in the documents" not in kept["explanation"]
    # in Japanese, runs of kanji or katakana are quoted
    docs = ["このサービスは無料で利用できます。"]
    out = first_verdict(judge, "更新は？", docs, "管理画面から自動で更新を予約できます。")
    assert "words not in the documents: '管理画面', '自動', '更新', '予約'" in out["explanation"]


def test_an_unsupported_refusal_says_what_it_names(judge: OfflineJudge) -> None:
    """A refusal is not checked against a sentence, but one that names what the documents do
    not hold may still be judged unsupported; its explanation then says what."""
    said = "Sources on the Grand Palace Hotel in Lisbon would be needed to answer this question."
    out = first_verdict(judge, "What does a suite cost?", HOTEL, said)
    assert out["fully_supported"] is False
    assert out["explanation"].startswith("States that the documents")
    assert "'Grand', 'Palace', 'Hotel', not in the documents" in out["explanation"]


@pytest.mark.parametrize(
    ("docs", "step"),
    [
        (
            ["Stop the console service with systemctl stop watch-console before you renew it."],
            "1. `systemctl stop watch-console` stops the console service.",
        ),
        (
            ["更新の前に、systemctl stop watch-consoleでコンソールサービスを停止します。"],
            "1. `systemctl stop watch-console`でコンソールサービスを停止します。",
        ),
        (
            ["新しい証明書と秘密鍵を、/opt/watch/console/ssl/にコピーします。"],
            "2. 新しい証明書と秘密鍵を、/opt/watch/console/ssl/にコピーします。",
        ),
        # a step named by its number refers to the list; it is no number of the world
        (
            ["Select the channels you want to delete.", "Select Delete."],
            "Repeat step 6 to select all the channels you want to delete. 8.",
        ),
        (
            ["Select the channels you want to delete.", "Select Delete."],
            "Repeat steps 6-7 to select all the channels you want to delete.",
        ),
    ],
)
def test_a_step_number_is_no_claim(judge: OfflineJudge, docs: list[str], step: str) -> None:
    """A numbered step that opens with a command or with Chinese or Japanese text is numbered
    like any other: its number is not a number the documents lack."""
    out = first_verdict(judge, "How do I renew the certificate?", docs, step)
    assert "not found" not in out["explanation"], out["explanation"]
    assert out["fully_supported"] is True


def test_japanese_refusal_with_wa(judge: OfflineJudge) -> None:
    """「…についての記載はありません」 says the documents do not tell, as 「記載が
    ありません」 does."""
    docs = ["バックアップ先には、ローカルディスク、NFS共有、テープ装置を指定できます。"]
    said = "提示された資料には、別リージョンへの自動複製についての記載はありません。"
    out = first_verdict(judge, "別リージョンに複製できますか？", docs, said)
    assert out["supporting_sentence_keys"] == ["supported_without_sentence"]


def test_supported_sentence_with_little_coverage_is_not_called_covered(
    judge: OfflineJudge,
) -> None:
    """An explanation says "covered by" only of a sentence whose best document sentences hold
    at least half of its content words; a sentence supported on less is shown its closest
    document sentences instead."""
    from ragjudge.dataset import iter_examples
    from ragjudge.sentences import key_example

    data = Path(__file__).resolve().parents[1] / "datasets" / "sample_en.jsonl"
    low = 0
    for example in iter_examples(data):
        assert isinstance(example, Example)
        for s in judge.judge(key_example(example))["sentence_support_information"]:
            share = re.search(r"\((\d+)% of content words", s["explanation"])
            if share is None:
                continue
            if s["explanation"].startswith("Covered by"):
                assert int(share.group(1)) >= 50, s["explanation"]
            elif s["fully_supported"]:
                low += 1
    assert low, "no supported sentence below half coverage in the sample: nothing was checked"


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


ASTRONAUTS = [
    "Sigmund Jähn (born 13 February 1937) was the first German in space, aboard Soyuz 31.",
    "Reinhard Furrer (born 25 November 1940) flew on the Spacelab D1 mission in 1985.",
]


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        # the order it claims against the dates it gives, in one sentence or across two
        (
            "Reinhard Furrer was born first, on November 25, 1940, while Sigmund Jähn was born "
            "on February 13, 1937.",
            True,
        ),
        (
            "Reinhard Furrer is older. Sigmund Jähn was born in 1937 and Reinhard Furrer was born "
            "in 1940.",
            True,
        ),
        ("Sigmund Jähn is younger, born in 1937, while Reinhard Furrer was born in 1940.", True),
        (
            "Sigmund Jähn was born first, on February 13, 1937, while Reinhard Furrer was born "
            "on November 25, 1940.",
            False,
        ),
        ("Sigmund Jähn is older, born in 1937, while Reinhard Furrer was born in 1940.", False),
        # a date for something else than the births compared says nothing of their order
        (
            "Reinhard Furrer was born first. Reinhard Furrer flew in 1985, Sigmund Jähn in 1978.",
            False,
        ),
    ],
)
def test_comparison_its_own_dates_contradict(judge: OfflineJudge, answer: str, wrong: bool) -> None:
    """Every word of a comparison answer may be in the documents while the order it claims
    contradicts the dates it gives itself: then its claim is unsupported, and the explanation
    quotes both dates."""
    out = judge.judge(
        real("Who was born first, Sigmund Jähn or Reinhard Furrer?", ASTRONAUTS, answer)
    )
    claim = out["sentence_support_information"][0]
    if wrong:
        assert claim["fully_supported"] is False and out["overall_supported"] is False
        assert "its own dates are" in claim["explanation"]
        assert "1937" in claim["explanation"] and "1940" in claim["explanation"]
    else:
        assert "its own dates" not in claim["explanation"]


COUNCIL = [
    "The council voted 7 to 2 to rebuild the Elm Street bridge. Mayor Helen Ortiz said the vote "
    "ended months of uncertainty for commuters. Council member Dan Reyes argued that a cheaper "
    'repair had not been studied. "We are spending fifty million dollars blind," he added. '
    "Public works director Tom Becker told the council that a repair would extend the bridge's "
    'life by only ten years. "Every month it stays closed costs us customers," said Maria '
    "Gonzalez, who owns a bakery on Elm Street. The new bridge will have a protected bike lane. "
    "Council member Sara Lind voted against the plan."
]


@pytest.mark.parametrize(
    ("answer", "given_to"),
    [
        ("Reyes said a repair would extend the bridge's life by only ten years.", "Tom Becker"),
        (
            "According to Dan Reyes, a repair would extend the bridge's life by only ten years.",
            "Tom Becker",
        ),
        # a role in lower case may lead the name
        (
            "According to council member Dan Reyes, a repair would extend the bridge's life by"
            " only ten years.",
            "Tom Becker",
        ),
        (
            "According to public works director Tom Becker, a repair would extend the bridge's"
            " life by only ten years.",
            None,
        ),
        (
            "Every month the bridge stays closed costs customers, said Helen Ortiz.",
            "Maria Gonzalez",
        ),
        (
            "Mayor Helen Ortiz said every month the bridge stays closed costs customers.",
            "Maria Gonzalez",
        ),
        ("Gonzalez said the vote ended months of uncertainty for commuters.", "Mayor Helen Ortiz"),
        # a person the documents name in full, though they never quote her
        ("Sara Lind said a repair would extend the bridge's life by only ten years.", "Tom Becker"),
        # the statement's own speaker, by any part of the name or a pronoun that follows it
        ("Becker said a repair would extend the bridge's life by only ten years.", None),
        ("Maria Gonzalez said every month the bridge stays closed costs her customers.", None),
        ("Reyes said the city was spending fifty million dollars blind.", None),
        ("Ortiz said the vote ended months of uncertainty for commuters.", None),
        # a speaker named by the role that leads their name in the documents
        ("The mayor said a repair would extend the bridge's life by only ten years.", "Tom Becker"),
        (
            "The public works director said the vote ended months of uncertainty for commuters.",
            "Mayor Helen Ortiz",
        ),
        ("The mayor said the vote ended months of uncertainty for commuters.", None),
        ("The director said a repair would extend the bridge's life by only ten years.", None),
        # who did what: a deed the documents give to another of their people
        ("Mayor Helen Ortiz owns a bakery on Elm Street.", "Maria Gonzalez"),
        ("Tom Becker owns a bakery on Elm Street.", "Maria Gonzalez"),
        ("Maria Gonzalez owns a bakery on Elm Street.", None),
        # a deed of the council may be the mayor's too
        ("Mayor Helen Ortiz voted to rebuild the Elm Street bridge.", None),
        # a speaker the documents never quote, and a statement no speaker makes, are not judged
        ("Officials said a repair would extend the bridge's life by only ten years.", None),
        ("According to Tom Becker, the new bridge will have a protected bike lane.", None),
        ("The council said a repair would extend the bridge's life by only ten years.", None),
    ],
)
def test_a_statement_given_to_another_speaker_is_caught(
    judge: OfflineJudge, answer: str, given_to: str | None
) -> None:
    """Every word of "Reyes said a repair would …" may be in the documents while the statement
    is Becker's: a summary that gives a quotation (or a deed: "Tom Becker owns a bakery") to
    the wrong person is caught, and the explanation names whose it is. Only speakers the
    documents quote or name in full are checked; one named by a role alone ("the mayor
    said …") is the one whose name the role leads there ("Mayor Helen Ortiz")."""
    claim = first_verdict(judge, "Summarize the news.", COUNCIL, answer)
    if given_to is None:
        assert "the documents give this to" not in claim["explanation"], claim["explanation"]
    else:
        assert claim["fully_supported"] is False, claim["explanation"]
        assert f"the documents give this to '{given_to}'" in claim["explanation"]


def test_a_japanese_statement_given_to_another_speaker_is_caught(judge: OfflineJudge) -> None:
    """A Japanese speaker is a name with a title or an honorific, before the statement
    (鈴木社長は…と述べた) or after its quotation (…と鈴木社長は述べた); a statement the
    documents give to another is caught as in English, and the same name with another title
    (田中氏 for 田中部長) is the same speaker."""
    docs = [
        "田中部長は「新製品の発売は来年になる」と述べた。一方、鈴木社長は「価格は据え置く」と語った。"
    ]
    verdict = partial(first_verdict, judge, "要約してください。", docs)
    for said in (
        "鈴木社長は、新製品の発売は来年になると述べた。",
        "新製品の発売は来年になると鈴木社長は述べた。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "the documents give this to '田中部長' (0a), not to '鈴木社長'" in out["explanation"]
    for said in (
        "田中部長は、新製品の発売は来年になると述べた。",
        "田中氏は、新製品の発売は来年になると述べた。",
    ):
        out = verdict(said)
        assert "the documents give this to" not in out["explanation"], (said, out["explanation"])


def said_opposite(claim: dict[str, Any], opposite: str | None, whole: bool = False) -> None:
    """The verdict quotes `opposite` (its start, or all of it when `whole`) as what the
    documents say the other way round, and fails; or, for None, quotes nothing so."""
    if opposite is None:
        assert "the documents say the opposite" not in claim["explanation"], claim["explanation"]
        return
    assert claim["fully_supported"] is False, claim["explanation"]
    quoted = f"'{opposite}'" if whole else f"'{opposite}"
    assert f"the documents say the opposite: {quoted}" in claim["explanation"]


def caught(claim: dict[str, Any], quote: str | None, mark: str) -> None:
    """The verdict fails and its explanation holds `quote`; or, for None, holds no `mark`
    (the words every explanation of that check holds)."""
    if quote is None:
        assert mark not in claim["explanation"], claim["explanation"]
        return
    assert claim["fully_supported"] is False, claim["explanation"]
    assert quote in claim["explanation"], claim["explanation"]


def theirs_named(
    verdict: Callable[[str], dict[str, Any]],
    wrong: Sequence[tuple[str, str]],
    right: Sequence[str],
    mark: str = "where the documents say",
) -> None:
    """Each of `wrong` (a sentence, and the documents' words it stands against) fails with
    "where the documents say '<their words>" in its explanation; each of `right` holds no
    `mark`."""
    for said, theirs in wrong:
        caught(verdict(said), f"where the documents say '{theirs}", "where the documents say")
    for said in right:
        caught(verdict(said), None, mark)


CARE_MANUAL = [
    "Press and hold the Power button for 5 seconds to reset the remote. Do not use benzene or "
    "thinner to clean the screen. The warranty does not cover damage caused by power surges. "
    "You cannot change the region after setup. If the remote does not pair automatically, "
    "point it at the TV. The remote pairs automatically when the TV is first turned on. "
    "The remote works not only with the TV but also with the soundbar. The speaker is not "
    "waterproof. The charger is incompatible with older models. Firmware updates are "
    "installed automatically. Never expose the TV to direct sunlight. Turn the knob clockwise "
    "to raise the volume. Use cold water to clean the filter."
]


NEWS = [
    "The Tigers won the final against the Bears on Sunday. Shares of the company fell 5 percent "
    "after the report. The jury found the defendant guilty of fraud. Two hikers were found "
    "alive near the summit. No one was injured in the fire at the plant, officials said. "
    "The tenants' union supports the rent cap and the longer notice period, its chair said. "
    "Ticket sales at the museum have fallen by about a fifth since the fee was introduced. "
    "Attendance at the zoo dropped by a third last winter. The agency expects fares to fall "
    "next year."
]


@pytest.mark.parametrize(
    ("documents", "answer", "opposite"),
    [
        (CARE_MANUAL, "Use benzene or thinner to clean the screen.", "Do not use benzene"),
        (CARE_MANUAL, "The warranty covers damage caused by power surges.", "The warranty does"),
        (CARE_MANUAL, "You can change the region after setup.", "You cannot change the region"),
        # a clause of two words
        (CARE_MANUAL, "This speaker is waterproof.", "The speaker is not waterproof."),
        # a word that says the opposite of another, and one that only stresses a clause
        (CARE_MANUAL, "The charger is compatible with older models.", "The charger is"),
        (CARE_MANUAL, "Firmware updates must be installed manually.", "Firmware updates"),
        (CARE_MANUAL, "Always expose the TV to direct sunlight.", "Never expose the TV"),
        (CARE_MANUAL, "Turn the knob counterclockwise to raise the volume.", "Turn the knob"),
        (CARE_MANUAL, "Use hot water to clean the filter.", "Use cold water"),
        # said as the documents say it, or as a clause they state both ways
        (CARE_MANUAL, "Do not use benzene or thinner to clean the screen.", None),
        (CARE_MANUAL, "Never use benzene or thinner on the screen.", None),
        (CARE_MANUAL, "The remote pairs automatically.", None),
        (CARE_MANUAL, "The remote does not pair automatically.", None),
        (CARE_MANUAL, "The soundbar is waterproof.", None),
        (CARE_MANUAL, "The charger is incompatible with older models.", None),
        (CARE_MANUAL, "Firmware updates are installed automatically.", None),
        (CARE_MANUAL, "Never expose the TV to direct sunlight.", None),
        (CARE_MANUAL, "Turn the knob clockwise to raise the volume.", None),
        # "not only" denies nothing
        (CARE_MANUAL, "The remote works with the TV.", None),
        # a condition or a test is no claim of either side
        (
            CARE_MANUAL,
            "If the warranty covers damage caused by power surges, keep the receipt.",
            None,
        ),
        # a news article: a word turned to its opposite, or a count where it says "no one"
        (NEWS, "The Tigers lost the final against the Bears on Sunday.", "The Tigers won"),
        (NEWS, "Shares of the company rose 5 percent after the report.", "Shares of the"),
        (NEWS, "The jury found the defendant innocent of fraud.", "The jury found the defendant"),
        (NEWS, "Two hikers were found dead near the summit.", "Two hikers were found alive"),
        (NEWS, "The Tigers won the final against the Bears on Sunday.", None),
        (NEWS, "The defendant was found guilty of fraud by the jury.", None),
        # a count or a quantifier where the article says "no one"
        (NEWS, "Several people were injured in the fire at the plant.", "No one was injured"),
        (NEWS, "Three people were injured in the fire at the plant.", "No one was injured"),
        (NEWS, "Nobody was injured in the fire at the plant.", None),
        # "opposes" of "supports", as "opposed" of "supported"
        (
            NEWS,
            "The tenants' union opposes the rent cap and the longer notice period.",
            "The tenants' union supports",
        ),
        (NEWS, "The tenants' union supports the rent cap and the longer notice period.", None),
        # "risen" of "fallen", and "rose" of "dropped" (and "dropped" says what "fallen" says)
        (NEWS, "Attendance at the zoo rose by a third last winter.", "Attendance at the zoo"),
        (
            NEWS,
            "Ticket sales at the museum have risen by about a fifth since the fee was introduced.",
            "Ticket sales at the museum",
        ),
        (
            NEWS,
            "Ticket sales at the museum dropped by about a fifth after the fee was introduced.",
            None,
        ),
        # "to rise" of "to fall"
        (NEWS, "The agency expects fares to rise next year.", "The agency expects fares"),
        (NEWS, "The agency expects fares to fall next year.", None),
    ],
)
def test_a_clause_copied_with_its_negation_flipped_is_caught(
    judge: OfflineJudge, documents: list[str], answer: str, opposite: str | None
) -> None:
    """ "Use benzene or thinner to clean the screen", where the manual says "Do not use …",
    holds every word of the documents: a clause copied with its negation dropped (or added)
    is caught, and the explanation quotes the documents' clause. So is one with a word turned
    to its opposite (won and lost, fell and rose), or one that counts what the documents say
    nobody was ("several people were injured" where no one was). Nothing is claimed where
    the documents say it both ways or under a condition ("if the remote does not pair …"),
    as troubleshooting manuals do."""
    question = "How do I care for it?" if documents is CARE_MANUAL else "Summarize the article."
    claim = first_verdict(judge, question, documents, answer)
    said_opposite(claim, opposite)


CONTRACT = [
    "The agreement does not include a provision the union had sought to limit the "
    "number of standardized tests given each year. Never park your vehicle over dry grass or "
    "other combustible materials. An earlier plan, which included no rent from the team, was "
    "withdrawn last fall after it failed to win a majority on the council."
]


@pytest.mark.parametrize(
    ("answer", "opposite"),
    [
        (
            "The agreement includes the union's proposal to limit the number of "
            "standardized tests given each year.",
            "The agreement does not include a provision",
        ),
        (
            "The agreement does not include the union's proposal to limit the number "
            "of standardized tests given each year.",
            None,
        ),
        # a word that denies as a negation does, and one that says the same as "failed to"
        ("Avoid parking your vehicle over dry grass or other combustible materials.", None),
        (
            "An earlier plan, which included no rent from the team, was withdrawn last fall "
            "after failing to win a council majority.",
            None,
        ),
    ],
)
def test_a_long_clause_flipped_with_one_word_of_its_own_is_caught(
    judge: OfflineJudge, answer: str, opposite: str | None
) -> None:
    """A clause of seven words or more copied with its negation flipped may put one word of
    its own for one of the documents' ("the union's proposal" of "a provision the union had
    sought"), and is still caught. A word that denies without being a negation ("avoid
    parking" of "never park") is not read as the clause said the other way, and "failing
    to" denies as "failed to" does."""
    claim = first_verdict(judge, "Summarize the article.", CONTRACT, answer)
    said_opposite(claim, opposite)


BRIDGE = [
    "Construction is expected to begin in September and to last about 18 months. Local "
    "business owners said the closure had cut their sales by as much as 40 percent. Commuters "
    "have faced detours of up to 20 minutes. Residents can comment on the design at a public "
    "meeting on June 14.",
    "Studio Ghibli made the film. It was founded on 15 June 1985 by Hayao Miyazaki.",
]


@pytest.mark.parametrize(
    ("answer", "strayed"),
    [
        ("Construction is expected to last about 14 months.", "'14' only in 0d"),
        ("The closure had cut sales by as much as 20 percent.", "'20' only in 0c"),
        ("Construction is expected to begin in June.", "'June' only in 0d"),
        # the numbers where the documents give them
        ("Construction is expected to last about 18 months.", None),
        ("Construction is expected to begin in September.", None),
        ("The closure had cut sales by as much as 40 percent.", None),
        # a step of a chain shares a word with the number's sentence ("founded")
        ("Studio Ghibli, which made the film, was founded in 1985.", None),
    ],
)
def test_a_number_or_month_of_a_sentence_about_something_else_is_caught(
    judge: OfflineJudge, answer: str, strayed: str | None
) -> None:
    """A summary that takes a number or a month from a sentence about something else keeps
    every word: "cut sales by 20 percent" where the article's 20 counts the minutes of a
    detour and its closest sentence says 40 percent, "begin in June" where June is the month
    of a meeting. The explanation names the sentence the value is from; a sentence that
    shares a word with the value's is a step of a chain, not caught."""
    claim = first_verdict(judge, "Summarize the article.", BRIDGE, answer)
    if strayed is None:
        assert "about something else" not in claim["explanation"], claim["explanation"]
        return
    assert claim["fully_supported"] is False, claim["explanation"]
    assert f"the documents give {strayed}, about something else" in claim["explanation"]


DETOUR = [
    "The Mercer Avenue Bridge, which carries about 31,000 vehicles a day across the river, was "
    "closed on Thursday. The closure forces drivers onto a detour of about 7 miles using the "
    "Route 12 bridge to the north, which already carries about 24,000 vehicles a day. The "
    "county paid Tellington $275,000 in 2023 to settle a lawsuit. The cameras will be bought "
    "with a $610,000 grant from the Department of Justice. Undergraduate enrollment has "
    "dropped 12 percent since 2019. Graduate enrollment has fallen more steeply, by 19 percent "
    "since 2019. The final offer was 19 percent over six years, plus a one-time $3,000 bonus. "
    "Shipping by rail costs about $1,100 more per container.",
    "Bathroom wall tile, national averages.\n"
    "$4.85 per square foot (labor only, tile provided by customer) (Range: $3.13 - $6.57).\n"
    "$7.53 per square foot (including labor and a mid-grade tile) (Range: $6.56 - $8.49).\n"
    "$4.97 per square foot (including labor and a mid-grade tile) (Range: $4.49 - $5.44).\n"
    "$1.19 per square foot (labor only, tile provided by customer) (Range: $0.88 - $1.50).",
]


@pytest.mark.parametrize(
    ("answer", "swapped"),
    [
        (
            "The Route 12 bridge, which drivers must now use as a detour, already carries "
            "about 31,000 vehicles a day.",
            ("31,000", "24,000"),
        ),
        (
            "The Route 12 bridge, which drivers must now use as a detour, already carries "
            "about 24,000 vehicles a day.",
            None,
        ),
        ("The Mercer Avenue Bridge carries about 31,000 vehicles a day across the river.", None),
        # an amount beside a year is no end of a range
        (
            "The county paid Tellington $610,000 in 2023 to settle his lawsuit.",
            ("$610,000", "$275,000"),
        ),
        ("The county paid Tellington $275,000 in 2023 to settle his lawsuit.", None),
        # a share beside a year; an amount of four figures, which a year's are too
        (
            "Graduate enrollment has fallen 12 percent since 2019.",
            ("12 percent", "19 percent"),
        ),
        ("Graduate enrollment has fallen 19 percent since 2019.", None),
        (
            "The final offer was 19 percent over six years plus a one-time $1,100 bonus.",
            ("$1,100", "$3,000"),
        ),
        ("The final offer was 19 percent over six years plus a one-time $3,000 bonus.", None),
        # a sentence joining two statements, each with its own number
        (
            "Labor costs for ceramic tile installation on bathroom walls can range from $1.19 "
            "per square foot (for labor only, with the tile provided by the customer) to $7.53 "
            "per square foot (including labor and a mid-grade tile).",
            None,
        ),
    ],
)
def test_a_number_from_a_statement_told_alike_is_caught_in_a_copy_of_another(
    judge: OfflineJudge, answer: str, swapped: tuple[str, str] | None
) -> None:
    """ "Already carries about 31,000 vehicles a day" is told of two bridges in the same
    words, so the words about the number cannot tell which bridge the sentence means; its
    other words can: it copies the statement about the Route 12 bridge, which gives
    24,000, and holds its other number (12), so 31,000 is the other bridge's. A sentence
    that joins two statements, each giving one of its numbers, copies neither. An amount
    beside a year ("$610,000 in 2023", "12 percent since 2019") is read on its own, as no
    end of a range, and an amount of four figures ("$1,100") is no year."""
    out = first_verdict(judge, "Summarize the article.", DETOUR, answer)
    quote = f"'{swapped[0]}' where the documents say '{swapped[1]}' (0" if swapped else None
    caught(out, quote, "where the documents say")


PETITION = [
    "Merchants are weighing a petition drive to put the Alder Avenue portion of the plan on "
    "the ballot. That would require about 4,200 valid signatures within 60 days of the "
    "council vote. About 1,850 people signed an earlier petition against the plan. The owner "
    "said she would rather open a year and a half late with the right shop than on time "
    "with the wrong one. The shop will open about 18 months later than planned. Dryers cost "
    "a quarter for 8 minutes, and my comforter took about 40 minutes to dry. I left the "
    "dryer number (#17) with the office."
]


@pytest.mark.parametrize(
    ("answer", "swapped"),
    [
        (
            "A ballot petition on the Alder portion would need about 1,850 valid signatures "
            "within 60 days of the vote.",
            ("1,850", "4,200"),
        ),
        (
            "A ballot petition on the Alder portion would need about 4,200 valid signatures "
            "within 60 days of the vote.",
            None,
        ),
        # the same span in another unit; a number that names a thing
        (
            "The owner would rather open 18 months late with the right shop than on time with "
            "the wrong one.",
            None,
        ),
        ("A reviewer lost $6 in quarters to dryer #17, which took 40 minutes to dry.", None),
    ],
)
def test_a_number_put_in_a_loose_copy_of_a_statement_is_caught(
    judge: OfflineJudge, answer: str, swapped: tuple[str, str] | None
) -> None:
    """A sentence may join the words of two statements, so that neither holds three fifths
    of its words: "would need about 1,850 valid signatures within 60 days of the vote" takes
    the ballot from one and the signatures from the next, which gives 4,200; 1,850 counts
    the signers of another petition. In English, a statement holding half of its words is
    read so where it lacks the number and at most one of the sentence's others. "18 months"
    is "a year and a half" in another unit, and "dryer #17" names a dryer."""
    out = first_verdict(judge, "Summarize the reviews.", PETITION, answer)
    quote = f"'{swapped[0]}' where the documents say '{swapped[1]}' (0" if swapped else None
    caught(out, quote, "where the documents say")


def test_a_japanese_number_of_a_sentence_about_something_else_is_caught(
    judge: OfflineJudge,
) -> None:
    """A Japanese number stands next to its counter (14か月): it is read on its own all the
    same, so 約14か月 where the works last about 18 months and 14 is the day of a meeting is
    caught as in English."""
    docs = ["工事は9月に始まり、約18か月続く予定です。設計についての説明会は6月14日に開かれます。"]
    for said, strayed in (
        ("工事は約14か月続く予定です。", "'14' only in 0b"),
        ("工事は約18か月続く予定です。", None),
    ):
        claim = first_verdict(judge, "工事の期間は？", docs, said)
        if strayed is None:
            assert "about something else" not in claim["explanation"], claim["explanation"]
        else:
            assert f"the documents give {strayed}, about something else" in claim["explanation"]


def test_a_changed_month_or_day_of_a_japanese_date_is_caught(judge: OfflineJudge) -> None:
    """2023年5月 where the documents say 2023年4月 changes the date though 5 is in the
    documents (ネオ5) and the question; a span (5日間) is no date, and a month the question
    gives is the asker's."""
    docs = ["アクメ社は2023年4月、新型スマートフォン「ネオ5」を発売した。電池は5日間持つ。"]
    verdict = partial(first_verdict, judge, "ネオ5について教えてください。", docs)
    moved = verdict("アクメ社は2023年5月にネオ5を発売した。")
    assert moved["fully_supported"] is False, moved["explanation"]
    assert "number '5月' not found in the documents" in moved["explanation"]
    for said in ("アクメ社は2023年4月にネオ5を発売した。", "電池は5日間持つ。"):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    asked = first_verdict(
        judge, "2023年5月に何が発売されましたか？", docs, "ネオ5が2023年5月に発売された。"
    )
    assert "'5月'" not in asked["explanation"], asked["explanation"]


def test_a_short_english_question_and_answer_are_read_as_english(judge: OfflineJudge) -> None:
    """ "How?" and "A positive test result means no infection." hold no frequent English word
    but "a" and "no", which Portuguese and Spanish use too: the answer is still read as
    English, so the English check of a flipped clause reads it."""
    docs = ["Store the kit at room temperature. A negative test result means no infection."]
    claim = first_verdict(judge, "How?", docs, "A positive test result means no infection.")
    said_opposite(claim, "A negative test result means no infection.")


@pytest.mark.parametrize(
    ("answer", "opposite"),
    [
        ("Children over 12 years must be accompanied.", "under 12"),
        ("The battery lasts less than 10 hours.", "more than 10"),
        ("Do not use less than 5 ml per dose.", "more than 5"),
        ("Patients aged 65 or younger are at higher risk.", "65 or older"),
        # the bound as the documents give it, in other words
        ("Children under 12 must be accompanied.", None),
        ("Use at most 5 ml per dose.", None),
        ("Use no more than 5 ml per dose.", None),
        ("Patients over 65 are at higher risk.", None),
        # a bound under a condition says what happens outside it
        ("The TV needs at least 10 Mbps.", None),
        # the end of a range is no bound
        ("A well costs $3,500-$20,000 or less.", None),
    ],
)
def test_a_bound_turned_the_other_way_is_caught(
    judge: OfflineJudge, answer: str, opposite: str | None
) -> None:
    """ "More than 10 hours" where the documents say "less than 10 hours" keeps every word and
    number: a bound turned the other way is caught, and the explanation quotes theirs. A
    negation turns a bound ("do not use more than 5 ml" is at most 5 ml); a bound after a
    condition ("if the speed is less than 10 Mbps, the TV cannot connect") and the end of a
    range are not read as bounds."""
    docs = [
        "Children under 12 years must be accompanied. The battery lasts more than 10 hours. "
        "Do not use more than 5 ml per dose. Patients aged 65 or older are at higher risk. "
        "If the network speed is less than 10 Mbps, the TV cannot connect. A well costs "
        "$3,500-$20,000 or more."
    ]
    claim = first_verdict(judge, "What are the limits?", docs, answer)
    said_opposite(claim, opposite)


def test_a_japanese_bound_turned_the_other_way_is_caught(judge: OfflineJudge) -> None:
    """18歳未満 where the documents say 18歳以上 is the Japanese "under 18" for "18 or over"."""
    docs = ["本サービスは18歳以上の方のみご利用いただけます。"]
    flipped = first_verdict(
        judge, "誰が使えますか?", docs, "本サービスは18歳未満の方のみご利用いただけます。"
    )
    assert flipped["fully_supported"] is False, flipped["explanation"]
    assert "the documents say the opposite: '18歳以上'" in flipped["explanation"]
    kept = first_verdict(judge, "誰が使えますか?", docs, docs[0])
    assert kept["fully_supported"] is True, kept["explanation"]


@pytest.mark.parametrize(
    ("answer", "opposite"),
    [
        ("The museum is open on Mondays.", "The museum is closed on Mondays."),
        ("Parking is paid for guests.", "Parking is free for guests."),
        ("Smoking is allowed in all rooms.", "Smoking is prohibited in all rooms."),
        ("Parking is not free for guests.", "Parking is free for guests."),
        # said as the documents say it, in their words or with a negation
        ("The museum is closed on Mondays.", None),
        ("The museum is not open on Mondays.", None),
        ("Smoking is not allowed in all rooms.", None),
        # a shortened copy that keeps all its words but the one turned
        (
            "A shuttle will run between downtown and the west side.",
            "A free shuttle will run between downtown and the east side during construction.",
        ),
        ("A shuttle will run between downtown and the east side.", None),
        # a verb of a change turned ("lowered" for "raised")
        (
            "The museum lowered its full-year visitor forecast.",
            "The museum raised its full-year visitor forecast.",
        ),
        (
            "The museum cut its full-year visitor forecast.",
            "The museum raised its full-year visitor forecast.",
        ),
        ("The museum raised its full-year visitor forecast.", None),
        # a word of a name is no opposite: "West Virginia" is no "east" turned
        (
            "The West Virginia Mountaineers baseball team, which is coached by Randy Mazey, won.",
            None,
        ),
    ],
)
def test_a_copied_clause_with_a_word_turned_to_its_opposite_is_caught(
    judge: OfflineJudge, answer: str, opposite: str | None
) -> None:
    """ "Open on Mondays" where the documents say "closed on Mondays", "paid" for "free": a
    word that says the opposite of another reads as that word negated, so a copied clause
    with it turned is caught as a flipped negation is, and "not open" restates "closed"."""
    docs = [
        "The museum is closed on Mondays. Parking is free for guests. Smoking is prohibited in "
        "all rooms. A free shuttle will run between downtown and the east side during "
        "construction. The West Virginia Mountaineers baseball team represents West Virginia "
        "University in the 2016 season. The museum raised its full-year visitor forecast."
    ]
    claim = first_verdict(judge, "What should visitors know?", docs, answer)
    said_opposite(claim, opposite, whole=True)


@pytest.mark.parametrize(
    ("said", "flipped"),
    [
        (
            "Adults who walked at least 7,000 steps a day had a 47% higher risk of dying.",
            True,
        ),
        ("Adults who walked at least 7,000 steps a day had a 47% lower risk of dying.", False),
        # a negation beside a bound turns the bound, which `_bound_flipped` reads
        ("Do not give children more than 5 ml a day.", False),
    ],
)
def test_a_turned_word_beside_a_bound_or_a_number_with_a_comma_is_caught(
    judge: OfflineJudge, said: str, flipped: bool
) -> None:
    """ "At least 7,000 steps … a 47% higher risk" where the study says a lower risk: the
    comma of 7,000 split the clause, and a bound ("at least") kept it from the check, which
    leaves out bounds only for the negation that may turn them ("not more than")."""
    docs = [
        "Adults who walked at least 7,000 steps a day had a 47% lower risk of dying than those "
        "who walked fewer than 4,000. Give children no more than 5 ml a day."
    ]
    out = first_verdict(judge, "What did the study find?", docs, said)
    assert ("the documents say the opposite" in out["explanation"]) is flipped, out


SIBLINGS = [
    "Every month the bridge stays closed costs the shop customers. Tom is the son of the "
    "founder, Jane Hill. Press the green button to stop the machine. The shop opens every "
    "day at nine, and its red awning faces the square. The shop reopened in March after a "
    "six-month refit. The new till saved staff about 30 hours of queueing in its first month. "
    "Great spot for a cheap lunch: I had the chicken noodle bowl and it was fresh. Jane's son "
    "Tom was named after Ed Cole, who was also Tom's godfather. Vitamin D helps the body "
    "absorb calcium. Tom's first goal since returning from a hamstring injury won the game. "
    "In the trial, 120 adults took the drug or a placebo for 12 weeks. The shop's annual rent "
    "is $40,000."
]


@pytest.mark.parametrize(
    ("said", "swapped"),
    [
        ("Every week the bridge stays closed costs the shop customers.", ("week", "month")),
        ("Tom is the grandson of the founder, Jane Hill.", ("grandson", "son")),
        ("Press the red button to stop the machine.", ("red", "green")),
        # their word; a sentence that holds it; one of the kind in a statement of its own
        ("Every month the bridge stays closed costs the shop customers.", None),
        ("The shop opens every day at nine.", None),
        ("The shop has a red awning.", None),
        # how often, said by its unit of time ("yearly" for "annual"), or by another
        ("The shop's yearly rent is $40,000.", None),
        ("The shop's monthly rent is $40,000.", ("monthly", "annual")),
        # a month no document gives, in a loose copy of their sentence
        ("The store reopened in May after a six-month refit.", ("May", "March")),
        ("The store reopened in March after a six-month refit.", None),
        # a quantity of time beside it is no second word of the kind
        (
            "The new till saved staff about 30 hours of queueing in its first year.",
            ("year", "month"),
        ),
        ("The new till saved staff about 30 hours of queueing in its first month.", None),
        # a meal, a meat: a word no document gives, in a loose copy
        ("It is a great spot for a cheap dinner.", ("dinner", "lunch")),
        ("One reviewer praised the beef noodle bowl, calling it fresh.", ("beef", "chicken")),
        ("One reviewer praised the chicken noodle bowl, calling it fresh.", None),
        ("Vitamin D helps the body absorb iron.", ("iron", "calcium")),
        ("In the trial, 120 children took the drug for 12 weeks.", ("children", "adults")),
        # a joint or a limb
        ("It was Tom's first goal since he returned from a knee injury.", ("knee", "hamstring")),
        ("It was Tom's first goal since he returned from a hamstring injury.", None),
        # a relative is told from another side in a loose copy, not swapped
        ("Tom was named after his father's close friend Ed Cole.", None),
    ],
)
def test_a_word_put_for_another_of_its_kind_is_caught(
    judge: OfflineJudge, said: str, swapped: tuple[str, str] | None
) -> None:
    """ "Every week" where the documents say "every month", "grandson" for "son", "red" for
    "green": a copied statement with one word put for another of its kind (a unit of time, a
    colour, a medal, a relative) says something else, though it keeps their other words;
    "yearly" for "annual" says the same. A month (or a day) that the documents never give
    needs only a loose copy, as a summary makes: it is as new as a number they lack."""
    out = first_verdict(judge, "What do the documents say?", SIBLINGS, said)
    # a word with a hyphen is read by its parts, which the documents hold
    assert "'six-month'" not in out["explanation"]
    quote = f"'{swapped[0]}' where the documents say '{swapped[1]}' (0" if swapped else None
    caught(out, quote, "where the documents say")


ORDER = [
    "Wissa equalised five minutes after half-time with a header from a Lewis-Potter cross. "
    "Frank admitted his side had been second best in the first half. Schade scored the "
    "winner, his first goal since returning from injury in October. Wash the filter before "
    "refitting it and after every use. The plant in Lyon will close by the end of next year. "
    "About half of those on the drug reported fewer headaches after twelve weeks."
]


@pytest.mark.parametrize(
    ("said", "swapped"),
    [
        (
            "Wissa equalised with a header from a Lewis-Potter cross shortly before half-time.",
            ("before", "after"),
        ),
        ("Wissa equalised with a header from a Lewis-Potter cross after half-time.", None),
        ("Frank admitted his side had been second best in the second half.", ("second", "first")),
        ("Frank admitted his side had been second best in the first half.", None),
        ("It was Schade's second goal since returning from injury.", ("second", "first")),
        ("It was Schade's last goal since returning from injury.", ("last", "first")),
        ("The plant in Lyon will close by the end of this year.", ("this", "next")),
        ("The plant in Lyon will close by the end of next year.", None),
        # a share made larger, not smaller
        ("All of those on the drug reported fewer headaches.", ("all", "half")),
        ("Some of those on the drug reported fewer headaches.", None),
        # the sentence gives both, or the documents give its own order elsewhere
        ("Wash the filter before and after every use.", None),
        ("Wash the filter before refitting it.", None),
    ],
)
def test_a_word_of_order_turned_in_a_copied_statement_is_caught(
    judge: OfflineJudge, said: str, swapped: tuple[str, str] | None
) -> None:
    """ "Shortly before half-time" where the report says "five minutes after half-time",
    "in the second half" for "in the first half": a word of order (before, after, above,
    below, first, second, last, next, this) turned before the same words, in a copied
    statement; and a share made larger ("all of those" for "half of those")."""
    out = first_verdict(judge, "What happened?", ORDER, said)
    quote = f"'{swapped[0]}' where the documents say '{swapped[1]}' (0" if swapped else None
    caught(out, quote, "where the documents say")


@pytest.mark.parametrize(
    ("said", "swapped"),
    [
        ("Everton beat Brentford 2-1 on Saturday.", "Everton beat Brentford"),
        ("Jane Doe hired Google from Apple in March.", "Jane Doe hired Google"),
        # as the documents join them, in the passive, or by another verb
        ("Brentford beat Everton 2-1 on Saturday.", None),
        ("Everton were beaten 2-1 by Brentford on Saturday.", None),
        ("Everton lost 2-1 to Brentford on Saturday.", None),
        ("Google hired Jane Doe from Apple in March.", None),
        ("Brentford and Everton met on Saturday.", None),
    ],
)
def test_a_doer_and_a_receiver_traded_are_caught(
    judge: OfflineJudge, said: str, swapped: str | None
) -> None:
    """ "Everton beat Brentford" where the report says "Brentford came from behind to beat
    Everton": two names a one-way verb joins, the other way round from a copied statement."""
    docs = [
        "Google hired Jane Doe from Apple in March to lead its chip team. Brentford came "
        "from behind to beat Everton 2-1 on Saturday."
    ]
    out = first_verdict(judge, "What happened?", docs, said)
    quote = f"'{swapped}' where the documents say '" if swapped else None
    caught(out, quote, "where the documents say")


REPORT = [
    "A fire at a warehouse in Rotterdam on Tuesday injured three firefighters. Police said "
    "the cause of the fire was not yet known. The council approved the plan by 31 votes to "
    "24. The plan includes a new primary school. Last year, a smaller fire at the same site "
    "was blamed on faulty wiring. The broth is rich and the portions are huge for the "
    "price. Service was quick even on a busy Friday night. Parking on the street can be "
    "tricky at noon. The bank held interest rates at 5.25% on Thursday. Michael Hart, 58, "
    "pleaded guilty at Leeds Crown Court to 14 counts of fraud. Voters re-elected Mayor Dana "
    "Ruiz on Tuesday with 54% of the vote, defeating Tom Becker, who won 41%. Ruiz, a "
    "Democrat, has promised to hire ten more police officers during her second term. "
    "Turnout was 38%, down from 45% four years ago."
]


@pytest.mark.parametrize(
    ("said", "quote", "mark"),
    [
        # a harm, a level of school: words of a kind
        (
            "A fire at a warehouse in Rotterdam on Tuesday killed three firefighters.",
            "'killed' where the documents say 'injured'",
            "where the documents say",
        ),
        ("The plan includes a new secondary school.", "'secondary' where", "where the"),
        # a pair of numbers set against each other, the other way round
        (
            "The council approved the plan by 24 votes to 31.",
            "'24 votes to 31' where the documents say '31 votes to 24'",
            "where the documents say",
        ),
        ("The council approved the plan by 31 votes to 24.", None, "votes to"),
        # a cause where the documents say it is not known
        (
            "Police said the fire was caused by faulty wiring.",
            "a cause where the documents say it is not known: 'Police said the cause",
            "it is not known",
        ),
        ("Police said the fire may have been caused by faulty wiring.", None, "not known"),
        ("Last year a smaller fire at the same site was blamed on faulty wiring.", None, "known"),
        ("Police said the cause of the fire was not yet known.", None, "it is not known"),
        # one end of a scale for the other
        ("Service was slow even on a busy Friday night.", "'slow' where", "where the"),
        ("The broth is rich and the portions are small for the price.", "'small' where", "where"),
        ("Parking on the street can be easy at noon.", "'easy' where the documents", "where"),
        ("Service was fast even on a busy Friday night.", None, "where the documents say"),
        # a scale of more than two ends: held, raised, cut
        ("The bank raised interest rates at 5.25% on Thursday.", "'raised' where", "where"),
        ("The bank kept interest rates at 5.25% on Thursday.", None, "where the documents"),
        # a plea turned, though the report's clause holds more than the summary keeps
        (
            "Michael Hart pleaded not guilty to 14 counts of fraud.",
            "the documents say the opposite: 'Michael Hart, 58, pleaded guilty",
            "the opposite",
        ),
        ("Michael Hart pleaded guilty to 14 counts of fraud.", None, "the opposite"),
        # shares traded between two names; a party; an ordinal
        (
            "Tom Becker won the election with 54% of the vote.",
            "the documents give '54%' to Mayor Dana Ruiz (0",
            "the documents give",
        ),
        ("Dana Ruiz was re-elected with 41% of the vote.", "'41%' to Tom Becker (0", "give '41%'"),
        ("Dana Ruiz was re-elected with 54% of the vote.", None, "the documents give"),
        # the value before a change given as the value
        (
            "Turnout in Millbrook rose to 45%.",
            "the documents give '45%' as the value before a change (0",
            "before a change",
        ),
        ("Turnout in Millbrook fell to 38%, down from 45%.", None, "before a change"),
        (
            "Ruiz, a Republican, has promised to hire ten more police officers.",
            "'Republican' where",
            "where",
        ),
        (
            "Ruiz has promised to hire ten more police officers during her third term.",
            "'third' where the documents say 'second'",
            "where the documents say",
        ),
        ("The portions are large for the price.", None, "where the documents say"),
    ],
)
def test_a_summary_that_turns_what_a_report_says_is_caught(
    judge: OfflineJudge, said: str, quote: str | None, mark: str
) -> None:
    """What a summary of a report or of reviews gets wrong while it keeps their words:
    "killed" for "injured", "24 votes to 31" for "31 votes to 24", a cause where the report
    says it is not known, "slow" where a review says "quick" (but not "fast")."""
    caught(first_verdict(judge, "Summarize the report.", REPORT, said), quote, mark)


STANCES = [
    "Northline Rail's chief executive, Graham Petrie, apologised to passengers but denied "
    "reports that the company had ignored earlier complaints from drivers about rough running "
    "on the route. The regulator confirmed that the line had been inspected in March. Mission "
    "director Rachel Okonjo said one of the lander's six legs had caught on a boulder in the "
    "final seconds of the descent, though it was not clear whether the leg had broken. A "
    "spokesperson declined to say whether the agency would reduce payments under its contract "
    "if the instrument failed. "
    "Investigators said it was not clear whether a blocked drain beneath the embankment had "
    'played a role. "We believe a small number of cells were damaged during manufacturing, but '
    'we are still testing," said Dana Whitfield. We believe that newer data will confirm our '
    "initial conclusions. Whitfield declined to name the supplier. The museum refused to give "
    "an estimate of the portrait's value. France refused to recognize Haiti's sovereignty until "
    "1825."
]


@pytest.mark.parametrize(
    ("said", "quote", "mark"),
    [
        # a denial told as an admission, and the other way round
        (
            "Graham Petrie acknowledged that drivers had complained about rough running on the "
            "route.",
            "the documents say the opposite: 'Northline Rail's chief executive",
            "the opposite",
        ),
        (
            "The regulator denied that the line had been inspected in March.",
            "the documents say the opposite: 'The regulator confirmed",
            "the opposite",
        ),
        (
            "Petrie denied that drivers' complaints about rough running on the route had been "
            "ignored.",
            None,
            "the opposite",
        ),
        ("The regulator confirmed that the line was inspected in March.", None, "the opposite"),
        # what a document leaves open, told as settled
        (
            "Okonjo confirmed that one of the lander's legs had broken.",
            "told as settled where the documents leave it open: 'Mission director",
            "leave it open",
        ),
        (
            "A spokesperson said the agency would reduce payments under its contract.",
            "told as settled where the documents leave it open: 'A spokesperson declined",
            "leave it open",
        ),
        (
            "Investigators confirmed that a blocked drain beneath the embankment caused it.",
            "told as settled where the documents leave it open: 'Investigators said",
            "leave it open",
        ),
        (
            "Whitfield said testing had confirmed that a small number of cells were damaged "
            "during manufacturing.",
            "told as settled where the documents leave it open: '\"We believe",
            "leave it open",
        ),
        (
            "Whitfield said a small number of cells were damaged during manufacturing.",
            None,
            "leave it open",
        ),
        # an "if" of the open claim itself leaves the sentence no more open
        (
            "A spokesperson said the agency would reduce payments if the instrument failed.",
            "leave it open: 'A spokesperson declined",
            "leave it open",
        ),
        ("Okonjo said one of the lander's legs may have broken.", None, "leave it open"),
        # a stance where the report says the person declined to comment
        (
            "Graham Petrie declined to comment on reports that the company had ignored "
            "earlier complaints from drivers.",
            "the documents say the opposite: 'Northline Rail's chief executive",
            "the opposite",
        ),
        # a deed someone refused, told as done; a refusal that ended is none
        ("Whitfield named the supplier.", "leave it open: 'Whitfield declined", "leave it open"),
        (
            "The museum estimated the portrait's value at 2.3 million pounds.",
            "leave it open: 'The museum refused",
            "leave it open",
        ),
        ("Whitfield declined to name the supplier.", None, "leave it open"),
        ("France recognized Haiti's sovereignty in 1825.", None, "leave it open"),
        # "confirm" of the belief itself is no certainty the sentence adds
        ("One conclusion is that newer data will confirm the initial conclusions.", None, "open"),
        ("It was not clear whether the leg had broken.", None, "leave it open"),
        ("One of the lander's legs caught on a boulder.", None, "leave it open"),
    ],
)
def test_a_stance_turned_or_an_open_question_settled_is_caught(
    judge: OfflineJudge, said: str, quote: str | None, mark: str
) -> None:
    """ "Acknowledged" where a report says "denied" (and "denied" where it says
    "confirmed"), and a thing told as settled where the report leaves it open ("not clear
    whether", "declined to say whether"), believes it ("we believe" told as "testing
    confirmed") or says it was refused ("declined to name the supplier"); said the report's
    way, none is claimed."""
    caught(first_verdict(judge, "Summarize the report.", STANCES, said), quote, mark)


STUDY = [
    "People who ate leafy greens every day had a 21% lower risk of dementia, the study found. "
    "The study was observational, so it cannot show that leafy greens prevent dementia. "
    "The team now plans a randomised trial with 2,000 participants, starting next year. "
    "It was led by Maria Santos and funded by the Portuguese Science Foundation."
]


@pytest.mark.parametrize(
    ("said", "quote", "mark"),
    [
        (
            "The study proves that leafy greens prevent dementia.",
            "the documents say the opposite: 'The study was observational",
            "the opposite",
        ),
        ("The study shows that leafy greens prevent dementia.", "the opposite", "the opposite"),
        ("The study cannot prove that leafy greens prevent dementia.", None, "the opposite"),
        ("The study found that leafy greens lower the risk of dementia.", None, "the opposite"),
        # a plan "starting next year" told as done; "a randomised trial" is told as nothing
        (
            "The team has started a randomised trial with 2,000 participants.",
            "told as done where the documents give a plan",
            "told as done",
        ),
        ("The team plans a randomised trial with 2,000 participants.", None, "told as done"),
        # a name inside another word of theirs is no name of theirs
        (
            "The study was led by Maria Santos of the University of Porto.",
            "'Porto' not found in the documents",
            "'Porto'",
        ),
        ("The study was funded by a Portuguese science foundation.", None, "not found"),
    ],
)
def test_a_summary_that_claims_more_than_a_study_says_is_caught(
    judge: OfflineJudge, said: str, quote: str | None, mark: str
) -> None:
    """A study said to prove what it says it cannot show, a planned trial told as started,
    a university the article never names ("Porto" is not in "Portuguese")."""
    caught(first_verdict(judge, "Summarize the article.", STUDY, said), quote, mark)


def test_a_japanese_cause_where_the_documents_say_it_is_not_known_is_caught(
    judge: OfflineJudge,
) -> None:
    """出火原因は漏電だった where the article says 出火原因はまだ分かっていない; a cause left
    open (とみられる) or the article's own words pass."""
    docs = ["警察によると、火元は1階の倉庫とみられ、出火原因はまだ分かっていない。"]
    verdict = partial(first_verdict, judge, "要約してください。", docs)
    caught(verdict("警察によると、出火原因は漏電だった。"), "it is not known: '警察によると", "")
    for said in ("出火原因は漏電とみられる。", "出火原因はまだ分かっていない。"):
        caught(verdict(said), None, "it is not known")


@pytest.mark.parametrize(
    ("said", "quote"),
    [
        ("The painting went on public display on May 17.", "'The painting will go"),
        (
            "The painting went on public display on May 17 after conservators removed a layer "
            "of yellowed varnish.",
            "'The painting will go",
        ),
        ("A replacement model became available on November 4.", "'A replacement model will"),
        ("The painting will go on public display on May 17.", None),
        ("The painting may go on public display in May.", None),
        ("A replacement model will be available from November 4.", None),
    ],
)
def test_a_plan_told_as_done_is_caught_past_a_month_a_condition_and_a_state(
    judge: OfflineJudge, said: str, quote: str | None
) -> None:
    """ "Went on display on May 17" where it "will go on display on May 17": "May" the month
    leaves nothing open, "once conservators have removed" is a condition of the plan, "of
    yellowed varnish" holds no deed, and "became available" tells as done what "will be
    available" plans."""
    docs = [
        "The painting will go on public display on May 17, once conservators have removed a "
        "layer of yellowed varnish. A replacement model will be available from November 4."
    ]
    out = first_verdict(judge, "Summarize the article.", docs, said)
    mark = (
        "told as done where the documents give a plan, a possibility or a decision still to "
        "be made: "
    )
    caught(out, None if quote is None else mark + quote, mark)


@pytest.mark.parametrize(
    ("said", "quote"),
    [
        (
            "Velara's net loss narrowed to $158 million from $212 million.",
            "'narrowed to $158 million from $212 million' where the documents say '$212 "
            "million for 2023, up from $158 million'",
        ),
        (
            "The fire had shrunk to 6,200 acres by Sunday, down from 23,500 acres.",
            "where the documents say '23,500 acres by Sunday morning, up from 6,200'",
        ),
        ("Velara's net loss widened to $212 million from $158 million.", None),
        ("The fire grew from 6,200 acres to 23,500 acres.", None),
        # the two amounts of one document sentence, with a verb that goes against them
        (
            "Brightline's net loss narrowed to $18.2 million from $9.7 million.",
            "'narrowed to $18.2 million from $9.7 million' where the documents say 'Brightline "
            "posted a net loss of $18.2 million",
        ),
        ("Brightline's net loss widened to $18.2 million from $9.7 million.", None),
        (
            "Bell's suspension was announced by the AIU on Thursday, June 4.",
            "'Thursday' where the documents say 'Tuesday'",
        ),
        ("Bell's suspension was announced by the AIU on Tuesday, June 4.", None),
        ("Bell's suspension was announced by the AIU on Tuesday 4 June.", None),
        # "unanimously" where the report gives a split vote
        (
            "The council unanimously approved the plan.",
            "'unanimously' where the documents say '31 votes to 24'",
        ),
        ("The council approved the plan by 31 votes to 24.", None),
        ("The board unanimously approved the budget.", None),
        (
            "The committee voted unanimously to keep rates unchanged.",
            "'unanimously' where the documents say 'while two voted'",
        ),
    ],
)
def test_a_change_turned_round_a_date_given_another_weekday_or_a_split_vote_is_caught(
    judge: OfflineJudge, said: str, quote: str | None
) -> None:
    """ "Narrowed to $158 million from $212 million" where the loss was "$212 million, up
    from $158 million", and "Thursday, June 4" where the report says "Tuesday, June 4" (and
    gives another date a Thursday), "narrowed to $18.2 million from $9.7 million" where one
    sentence gives both losses, and "unanimously" where the report gives a split vote; the
    change, the date or the vote given the report's way passes."""
    docs = [
        "Velara reported a net loss of $212 million for 2023, up from $158 million a year "
        "earlier. The fire had burned 23,500 acres by Sunday morning, up from 6,200 acres on "
        "Friday night. Bell has been suspended after testing positive for a banned steroid, "
        "the AIU said on Tuesday, June 4. He was tested on Thursday, April 18.",
        "The council voted on Thursday to approve the plan. The proposal passed by 31 votes to "
        "24. Sales rose from 2019 to 2021.",
        "The board approved the budget, with all nine members voting in favour.",
        "Six members of the committee voted to keep rates unchanged, while two voted for a cut.",
        "Brightline posted a net loss of $18.2 million, or 21 cents a share, compared with a "
        "loss of $9.7 million a year earlier.",
    ]
    out = first_verdict(judge, "Summarize the report.", docs, said)
    caught(out, quote, "where the documents say")


@pytest.mark.parametrize(
    ("said", "quote"),
    [
        # a verb going the way the amounts do not
        (
            "Operating profit rose to £18.6 million in the year to March from £22.1 million.",
            "'rose to £18.6 million in the year to March from £22.1 million' where the "
            "documents say '£18.6 million in the year to March, down from £22.1 million'",
        ),
        ("Operating profit fell to £18.6 million in the year to March from £22.1 million.", None),
        # two numbers in each other's place
        (
            "Chest infections were reported by 31.4% of the placebo group and 32.1% of those "
            "taking vitamin D.",
            "'31.4 … 32.1' where the documents say",
        ),
        (
            "Kell said 71% of members who voted backed strike action, on a turnout of 87%.",
            "'71 … 87' where the documents say",
        ),
        (
            "Chest infections were reported by 32.1% of the placebo group and 31.4% of those "
            "taking vitamin D.",
            None,
        ),
        ("Kell said 87% of the members who voted backed a strike, on a turnout of 71%.", None),
    ],
)
def test_a_change_against_its_own_amounts_or_two_numbers_swapped_are_caught(
    judge: OfflineJudge, said: str, quote: str | None
) -> None:
    """ "Rose to £18.6 million from £22.1 million" where profit fell, and two numbers of one
    statement given each other's place; the report's way passes."""
    docs = [
        "Northway reported an operating profit of £18.6 million in the year to March, down "
        "from £22.1 million a year earlier. Chest infections were reported by 31.4% of those "
        "taking the vitamin, compared with 32.1% in the placebo group.",
        "Kell said 87% of members who voted in the ballot backed strike action, on a turnout "
        "of 71%.",
    ]
    out = first_verdict(judge, "Summarize the report.", docs, said)
    caught(out, quote, "where the documents say")


def test_a_negation_dropped_from_what_a_speaker_said_is_caught(judge: OfflineJudge) -> None:
    """ "Greaney said his client would appeal" where "Greaney said after the hearing that his
    client would not appeal", "Ortiz, who was involved in the study" where he "was not
    involved": the statement is read apart from who makes it, a relative clause apart from
    whom it tells of."""
    docs = [
        "Greaney said after the hearing that his client would not appeal the sentence. "
        "Dr. Samuel Ortiz, a dermatologist at the University of Michigan who was not involved "
        "in the study, called the results impressive."
    ]
    verdict = partial(first_verdict, judge, "Summarize the article.", docs)
    out = verdict("Greaney said his client would appeal the sentence.")
    caught(out, "the documents say the opposite: 'his client would not appeal", "opposite")
    out = verdict("Dr. Samuel Ortiz, who was involved in the study, called the results impressive.")
    caught(out, "the documents say the opposite: 'was not involved in the study'", "opposite")
    for said in (
        "Greaney said his client would not appeal the sentence.",
        "Dr. Samuel Ortiz, who was not involved in the study, called the results impressive.",
    ):
        caught(verdict(said), None, "the documents say the opposite")


def test_japanese_admission_where_the_article_gives_a_denial_in_other_words(
    judge: OfflineJudge,
) -> None:
    """遅れたことを認めて謝罪した where the mayor said 「判断が遅れたとは考えていない」, and
    過失があったことを認めていた where the prefecture 過失はなかったと主張していた: a denial
    need not say 否定."""
    docs = [
        "市長は記者会見で、避難指示の発令が遅れたとの指摘について「判断が遅れたとは考えて"
        "いない」と述べた。県側は、顧問の対応に過失はなかったと主張していた。"
    ]
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", docs)
    for said in (
        "市長は、避難指示の発令が遅れたことを認めて謝罪した。",
        "県側は、顧問の対応に過失があったことを認めていた。",
    ):
        caught(verdict(said), "the documents say the opposite", "opposite")
    out = verdict("市長は、避難指示の発令が遅れたとの指摘を否定した。")
    caught(out, None, "the documents say the opposite")


def test_a_possibility_or_a_hope_told_as_certain_is_caught(judge: OfflineJudge) -> None:
    """ "Will cost" where a document says "could cost", "would reopen" where the charity
    "hoped to reopen", and "will withhold … if" where the state "may withhold … if"; the
    sentence that keeps the hedge, a condition the document does not set, and a manual's
    "the channel you want to delete … will be deleted", are not claimed."""
    docs = [
        "The traders' association estimated that each day of the strike could cost city-centre "
        "shops about £1.2 million in lost trade. Boyce said the charity hoped to reopen one of "
        "its closed sites by next September. Move to a channel you want to delete from the "
        "favorites list, and then press the Select button. If fewer than a quarter of the "
        "guests find housing, the state may withhold part of the second grant. The county "
        "might close the shelter in winter."
    ]
    verdict = partial(first_verdict, judge, "Summarize the article.", docs)
    mark = "told as certain where the documents give a possibility"
    for said in (
        "Each day of the strike will cost city-centre shops about £1.2 million in lost trade.",
        "Boyce said the charity would reopen one of its closed sites by next September.",
        "The state will withhold part of the second grant if fewer than a quarter of the "
        "guests find housing.",
    ):
        caught(verdict(said), mark, mark)
    for said in (
        "Each day of the strike could cost city-centre shops about £1.2 million in lost trade.",
        "Boyce said the charity hoped to reopen one of its closed sites by next September.",
        "The selected channel will be deleted from the favorites list.",
        "The county will close the shelter in winter if it must.",
    ):
        caught(verdict(said), None, mark)


def test_a_place_the_documents_name_for_something_else_is_caught(judge: OfflineJudge) -> None:
    """ "Horses stabled in New Hampshire" where they were "stabled in Kentucky" and New
    Hampshire is where the house was: a place swapped for another of the documents'. A
    passage that gives the statement with the sentence's place, and a label in quotes, are
    no swap."""
    docs = [
        "Prosecutors said about $1.1 million went toward three thoroughbred horses stabled in "
        "Kentucky, and $640,000 toward a house on a lake in New Hampshire.",
        "The name Davina is of Scottish origin.",
        "Davina is a name of Hebrew origin that means beloved.",
    ]
    verdict = partial(first_verdict, judge, "Summarize the article.", docs)
    out = verdict("Prosecutors said $1.1 million went on three horses stabled in New Hampshire.")
    caught(out, "'New Hampshire' where the documents say 'Kentucky'", "where the documents say")
    for said in (
        "Prosecutors said $1.1 million went on three horses stabled in Kentucky.",
        "The name Davina is of Hebrew origin.",
    ):
        caught(verdict(said), None, "where the documents say")


def test_a_japanese_change_turned_and_a_plan_told_as_already_done_are_caught(
    judge: OfflineJudge,
) -> None:
    """31.5%増 where the article says 31.5%減, and 既に設置した where it is 設置する方針:
    "already" does not hide the plan. Said the article's way, neither is claimed."""
    docs = [
        "営業利益は前年同期比31.5%減の97億円だった。売上高は2.1%増の1200億円だった。"
        "今月中に外部の専門家を交えた調査委員会を設置する方針だ。"
        "投票率は41.27%で、前回の33.85%を7.42ポイント上回った。"
        "県内の感染性胃腸炎の患者数は、1医療機関あたり8.2人と、前週の約1.5倍に増えている。"
    ]
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", docs)
    out = verdict("営業利益は前年同期比31.5%増の97億円となった。")
    caught(out, "'31.5%増' where the documents say '31.5%減'", "where the documents say")
    # (上回った is a rise, 低下した a fall)
    out = verdict("投票率は41.27%と、前回の33.85%から7.42ポイント低下した。")
    caught(
        out, "'7.42ポイント減' where the documents say '7.42ポイント増'", "where the documents say"
    )
    # (a rise told as a fall without an amount to compare)
    out = verdict("県内の感染性胃腸炎の患者数は1医療機関あたり8.2人と、前週より減少した。")
    caught(out, "'減少' where the documents say '増え'", "where the documents say")
    out = verdict("県内の感染性胃腸炎の患者数は1医療機関あたり8.2人と、前週より減少しなかった。")
    assert "where the documents say" not in out["explanation"], out["explanation"]
    out = verdict("同社は、外部の専門家を交えた調査委員会を既に設置した。")
    caught(out, "told as done where the documents give a plan", "told as done")
    for said in (
        "営業利益は前年同期比31.5%減の97億円となった。",
        "同社は、外部の専門家を交えた調査委員会を設置する方針だ。",
        "投票率は41.27%と、前回の33.85%から7.42ポイント上昇した。",
        "県内の感染性胃腸炎の患者数は1医療機関あたり8.2人と、前週より増加した。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


@pytest.mark.parametrize(
    ("said", "quote"),
    [
        (
            "Crews were focusing on the fire's south flank to keep it from the highway.",
            "'south' where the documents say 'north'",
        ),
        ("A hospital in southern England uses a robot to deliver medicines.", "'southern'"),
        ("A woman in her 30s was taken to hospital with burns to her hands.", "'woman'"),
        ("The fire destroyed 42 homes on the west side of the creek.", "'destroyed'"),
        ("Crews were focusing on the fire's north flank to keep it from the highway.", None),
        ("Evacuees stayed overnight on Saturday at the county fairground.", None),
    ],
)
def test_a_direction_a_sex_or_a_degree_of_harm_swapped_is_caught(
    judge: OfflineJudge, said: str, quote: str | None
) -> None:
    """Words of a kind that news summaries swap: a direction, a person's sex, how badly a
    thing was harmed. The report's own word, and "overnight" for its "night", pass."""
    docs = [
        "Crews were focusing on the fire's north flank to keep it from the highway. A hospital "
        "in northern England uses a robot to deliver medicines. A man in his 30s was taken to "
        "hospital with burns to his hands. The fire damaged 42 homes on the west side of the "
        "creek. Evacuees spent Saturday night at the county fairground."
    ]
    out = first_verdict(judge, "Summarize the report.", docs, said)
    caught(out, quote, "where the documents say")


def test_a_plan_told_as_done_by_a_company_the_report_calls_the_company(
    judge: OfflineJudge,
) -> None:
    """ "Velara has begun selling Dermavix" where "the company plans to begin selling" it:
    the name that opens the sentence may be "the company" in the report."""
    docs = [
        "Velara won approval for Dermavix on Friday. The company plans to begin selling "
        "Dermavix in the United States in early January."
    ]
    verdict = partial(first_verdict, judge, "Summarize the article.", docs)
    mark = "told as done where the documents give a plan"
    caught(verdict("Velara has begun selling Dermavix in the United States."), mark, mark)
    caught(verdict("Velara plans to begin selling Dermavix in the United States."), None, mark)
    # (and a body's name with the function words in it: "Neighbors for a Clean Hollow")
    docs = [
        "Neighbors for a Clean Hollow said it would fight the permit. Residents packed the "
        "meeting. The group has retained an attorney and plans to file an appeal with the "
        "state Environmental Hearing Board."
    ]
    verdict = partial(first_verdict, judge, "Summarize the article.", docs)
    said = "Neighbors for a Clean Hollow has filed an appeal with the state Environmental Board."
    caught(verdict(said), mark, mark)
    caught(verdict(said.replace("has filed", "plans to file")), None, mark)


def test_a_preference_told_the_other_way_round_is_caught(judge: OfflineJudge) -> None:
    """ "Asked the public to donate canned goods rather than cash" where the food bank asks
    "for cash donations rather than canned goods" reverses the preference; told the
    article's way, or with another pair the article does not order, it passes."""
    doc = (
        "Moravec said the food bank is asking the public for cash donations rather than "
        "canned goods, because it can buy food wholesale. The pantry gives out fresh produce "
        "instead of frozen meals on Saturdays."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("Moravec asked the public to donate canned goods rather than cash.")
    assert (
        "'donate canned goods rather than cash' where the documents say 'for cash donations "
        "rather than canned goods'" in out["explanation"]
    ), out["explanation"]
    for sentence in (
        "Moravec asked the public to donate cash rather than canned goods.",
        "On Saturdays the pantry gives out fresh produce instead of frozen meals.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])


def test_a_reason_the_documents_never_give_is_caught(judge: OfflineJudge) -> None:
    """ "Resigned in 2023 after donors demanded his removal" where he "resigned in 2023" and
    no document speaks of donors or a demand. A reason the documents give, and "named
    after his father", are not claimed."""
    docs = [
        "The charity's former board chair, Philip Marchetti, who resigned in 2023, said the "
        "board had relied on annual audits. Operating profit fell because fuel and insurance "
        "costs rose. The ship was named after his father, a captain."
    ]
    verdict = partial(first_verdict, judge, "Summarize the article.", docs)
    mark = "a reason or a circumstance the documents do not give"
    out = verdict(
        "Former board chair Philip Marchetti resigned in 2023 after donors demanded his removal."
    )
    caught(out, f"{mark}: 'after donors demanded his removal'", mark)
    for said in (
        "Former board chair Philip Marchetti resigned in 2023.",
        "Operating profit fell because fuel and insurance costs rose.",
        "The ship was named after his father, a captain.",
    ):
        caught(verdict(said), None, mark)


def test_a_quotation_with_a_word_the_speaker_never_said_is_caught(judge: OfflineJudge) -> None:
    """A quote is the speaker's own words: one with a word the documents lack ("jobs" for
    "routes", 「撤回する」 for 「検討する」) is a changed value. The quote as given, with an
    ellipsis, and a label in quotes that no one says are not."""
    docs = [
        'Kell said the latest offer was "the best we can afford without cutting routes, and '
        'we will not go further". Select "More Options" to see the list. 市長は「計画を検討'
        "する」と述べた。"
    ]
    verdict = partial(first_verdict, judge, "Summarize the article.", docs)
    for said, quote in (
        (
            'Kell said the offer was "the best we can afford without cutting jobs".',
            "'\"the best we can afford without cutting jobs\"' not found in the documents",
        ),
        ("市長は「計画を撤回する」と述べた。", "'「計画を撤回する」' not found in the documents"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False and quote in out["explanation"], out
    for said in (
        'Kell said the offer was "the best we can afford without cutting routes".',
        'Kell said the offer was "the best we can afford … and we will not go further".',
        'Select "More Options" to see the list.',
        "市長は「計画を検討する」と述べた。",
    ):
        out = verdict(said)
        assert "not found in the documents" not in out["explanation"], (said, out)


def test_worked_out_changes_hyphened_places_and_roles_of_one_stem_are_no_errors(
    judge: OfflineJudge,
) -> None:
    """A change the answer works out from the documents' amounts ("grown by about 700 … to
    roughly 4,800" from 4,100 and 4,800; "a drop of about 16%"), "Edinburgh-led" where the
    documents name Edinburgh, and "finance chief" for "Chief Financial Officer" are the
    documents' own; a wrong change is still caught."""
    docs = [
        "Corvane employed 4,100 people at the end of last year and about 4,800 now. "
        "Operating profit fell to £18.6 million from £22.1 million. "
        "Chief Financial Officer Rajiv Menon said list prices will rise 6% from January. "
        "The study was led by researchers at the University of Edinburgh."
    ]
    verdict = partial(first_verdict, judge, "Summarize the report.", docs)
    for said in (
        "Corvane's workforce has grown by about 700 people since the end of last year, to "
        "roughly 4,800.",
        "Operating profit fell to £18.6 million from £22.1 million, a drop of about 16%.",
        "Finance chief Rajiv Menon said list prices will rise 6% from January.",
        "The University of Edinburgh-led study was run by researchers.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    for said, number in (
        ("Corvane's workforce has grown by about 900 people since the end of last year.", "900"),
        ("Operating profit fell to £18.6 million from £22.1 million, a drop of 26%.", "26"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False and f"'{number}'" in out["explanation"], out
    assert worked_out({"35"}, ["60"], "has 35 rooms and 60 guests", ["25"]) == set()
    assert worked_out({"700"}, ["4800"], "grown by about 700 to 4,800", ["4100"]) == {"700"}


def test_a_japanese_stance_turned_a_cause_under_study_and_a_start_planned_are_caught(
    judge: OfflineJudge,
) -> None:
    """対応の遅れを認めた where the official 否定した; a cause given where the company 原因
    について…調べている; 検証を始めた where a committee 検証する方針. Said the article's way,
    none is claimed."""
    docs = [
        "市の担当者は「基準に沿って適切に発表した」として対応の遅れを否定した。"
        "配線が劣化した原因について、会社は海外の工場での組み立て工程に問題があった可能性もある"
        "とみて調べている。来月から外部の専門家を交えた調査委員会を設置し、原因を検証する方針である。"
    ]
    verdict = partial(first_verdict, judge, "要約してください。", docs)
    caught(verdict("市の担当者は対応の遅れを認めた。"), "the opposite: '市の担当者は", "")
    caught(verdict("市の担当者は対応の遅れを否定した。"), None, "the opposite")
    out = verdict("配線の劣化は海外の工場での組み立て工程の問題が原因だった。")
    caught(out, "it is not known: '配線が劣化した原因について", "")
    out = verdict("外部の専門家を交えた調査委員会を設置し、原因の検証を始めた。")
    caught(out, "a decision still to be made: '来月から", "")
    out = verdict("外部の専門家を交えた調査委員会を設置し、原因を検証する方針だ。")
    caught(out, None, "a decision still to be made")


def test_a_denial_held_whole_inside_a_longer_claim_is_caught(judge: OfflineJudge) -> None:
    """ "Cascadia was not lobbying to change the rule", held whole and without its negation
    in a sentence that adds the rule's name from another sentence, is caught; the sentence
    that keeps the negation passes, and so does a paraphrase of a warning ("riding with the
    seatback reclined can be dangerous" of "do not ride with the seatback reclined")."""
    doc = (
        "The 1,500-hour rule for first officers has been blamed for the shortage. Okafor said "
        "she supported a conversation about training but said Cascadia was not lobbying to "
        "change the rule. Do not ride with the seatback reclined in a collision."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Okafor said Cascadia is lobbying to change the 1,500-hour rule for first officers."
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "the documents say the opposite" in out["explanation"], out["explanation"]
    out = verdict(
        "Okafor said Cascadia was not lobbying to change the 1,500-hour rule for first officers."
    )
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("Riding with the seatback reclined can be dangerous in a collision.")
    assert "the documents say the opposite" not in out["explanation"], out["explanation"]


def test_a_decision_the_documents_leave_open_told_as_made_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "No decision had been made about whether to seek a rehearing" and "did not examine
    whether the particles pose a risk" leave their claims open, up to the clause after them
    (", which must be requested within 15 days"): a sentence that tells either as settled is
    caught; one that keeps it open ("no decision has been made") passes."""
    doc = (
        "Attorney General Daniel Reyes said he was disappointed. He said no decision had been "
        "made about whether to seek a rehearing, which must be requested within 15 days. The "
        "study did not examine whether the particles pose a risk to human health, and Villanueva "
        "emphasized that point. Whitaker said the company had not decided whether to close "
        "either office entirely."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said in (
        "Reyes announced that the state would seek a rehearing of the case.",
        "The study concluded that the particles in tap water pose a risk to human health.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "leave it open" in out["explanation"], (said, out["explanation"])
    for said in (
        "Reyes said no decision had been made about whether to seek a rehearing.",
        "Whitaker said no decision has been made on closing either office entirely.",
    ):
        out = verdict(said)
        assert "leave it open" not in out["explanation"], (said, out["explanation"])


@pytest.mark.parametrize(
    ("said", "quote"),
    [
        # each stance with its own clause: one granted, one denied in one sentence
        ("係長は、意図的に書類を放置したことを認めた。", "the opposite: '係長は市の聞き取り"),
        ("係長は、書類を自宅に持ち帰ったこと自体を否定している。", "the opposite: '係長は市の"),
        ("係長は、書類を自宅に持ち帰ったことを認めた。", None),
        ("係長は、意図的に書類を放置したことを否定した。", None),
        # a thing not known, or not commented on, told as found or made known
        ("市の調査で、ほかの職員は関与していなかったことが分かった。", "leave it open: 'ほかの"),
        ("大森社長は、乗客への補償の内容を会見で明らかにした。", "leave it open: '乗客への"),
        ("会社の調査で、金具が外れたのは部品の劣化が原因だったことが分かった。", "open: '会社は"),
        ("ほかの職員が関与していたかどうかは分かっていない。", None),
    ],
)
def test_a_japanese_stance_in_its_clause_and_a_thing_left_open_are_read(
    judge: OfflineJudge, said: str, quote: str | None
) -> None:
    """認めた and 否定した in one sentence of the article each speak of their own clause; a
    thing the article says is not known (かどうかは分かっておらず, 理由は分かっておらず) or
    not commented on (については…コメントを控えた), told as found (分かった, 明らかにした), is
    caught; "the investigation found" (調査で) leaves nothing open."""
    docs = [
        "係長は市の聞き取りに対し、書類を自宅に持ち帰ったことを認めた一方、「隠すつもりはなかった」"
        "と話し、意図的に放置したことは否定した。ほかの職員が関与していたかどうかは分かっておらず、"
        "市は第三者委員会を設ける予定だ。乗客への補償の内容については「検討中だ」として、コメントを"
        "控えた。会社は、金具が外れたことが原因の可能性があるとみているが、金具が外れた理由は分かって"
        "おらず、詳しい原因を調べている。"
    ]
    out = first_verdict(judge, "要約してください。", docs, said)
    caught(out, quote, "the opposite" if "認め" in said or "否定" in said else "leave it open")


def test_a_span_in_a_word_of_its_own_is_its_number(judge: OfflineJudge) -> None:
    """ "Over ten years" where the report says "over a decade" (and "a dozen" for 12) is no
    number the documents lack; "twenty years" is, and the scale of "£2.3 million" is no
    word they lack."""
    docs = ["Hart stole £2.3 million from a dozen customers over a decade."]
    verdict = partial(first_verdict, judge, "What happened?", docs)
    out = verdict("Over ten years Hart stole £2.3 million from 12 customers.")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("Over twenty years Hart stole £2.3 million from 12 customers.")
    caught(out, "words not in the documents: 'twenty'", "")
    assert "'million'" not in out["explanation"], out["explanation"]


def test_a_japanese_day_no_document_gives_is_caught(judge: OfflineJudge) -> None:
    """水曜日 where the article says 火曜日 (in another of its sentences, as a summary joins
    them), 翌日夜 for 同日夜; the article's own days pass."""
    docs = [
        "火曜日の午前4時ごろ、大阪市北区の倉庫から火が出た。この火事で消防隊員3人がけがをした。"
        "住民は同日夜、自宅に戻ることが許された。"
    ]
    verdict = partial(first_verdict, judge, "要約してください。", docs)
    for said, ours, theirs in (
        ("水曜日の火事で、消防隊員3人がけがをした。", "水曜日", "火曜日"),
        ("住民は翌日夜、自宅に戻ることが許された。", "翌日", "同日"),
    ):
        caught(verdict(said), f"'{ours}' where the documents say '{theirs}'", "")
    for said in (
        "火曜日の火事で、消防隊員3人がけがをした。",
        "住民は同日夜、自宅に戻ることが許された。",
    ):
        caught(verdict(said), None, "where the documents say")


def test_a_number_that_ends_a_statement_is_read_and_a_list_number_is_not(
    judge: OfflineJudge,
) -> None:
    """A number after a word that asks for one ("the score is 33.") is a claim, though it
    ends the sentence as the next item's number would ("Go to Settings 2.")."""
    docs = ["The average ACT score at Princeton is 34. Go to Settings to change the clock."]
    out = first_verdict(
        judge, "What is the score?", docs, "The average ACT score at Princeton is 33."
    )
    caught(out, "number '33' not found", "")
    out = first_verdict(judge, "How do I set the clock?", docs, "Go to Settings 2.")
    assert "not found" not in out["explanation"], out["explanation"]


def test_a_japanese_period_put_for_another_is_caught(judge: OfflineJudge) -> None:
    """月間100万台 where the documents say 年間100万台, 毎週 for 毎月: a rate's or a period's
    unit of time put for another, between the same characters as theirs."""
    docs = ["山田社長は「年間100万台の販売を目指す」と述べた。点検は毎月行います。"]
    verdict = partial(first_verdict, judge, "目標は？", docs)
    for said, ours, theirs in (
        ("山田社長は「月間100万台の販売を目指す」と述べた。", "月間", "年間"),
        ("点検は毎週行います。", "毎週", "毎月"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"'{ours}' where the documents say '{theirs}' (0" in out["explanation"]
    for said in docs[0].split("。")[:2]:
        out = verdict(said + "。")
        assert "stands where the documents have" not in out["explanation"], (said, out)


@pytest.mark.parametrize(
    ("answer", "opposite"),
    [
        ("駐車場は無料です。", "駐車場は有料です。"),
        ("売上は前年より増加しました。", "売上は前年より減少しました。"),
        ("駐車場は無料ではありません。", None),
        ("売上は前年より減少しました。", None),
        ("販売は海外の家電量販店で行う。", "販売は国内の家電量販店で行う。"),
        ("説明会は午前中に開かれる。", "説明会は午後に開かれる。"),
        # a verb's stem: 減り for 増え
        (
            "入場者数は修理後に減り、286万人を記録した。",
            "入場者数は修理後に増え、286万人を記録した。",
        ),
        ("入場者数は修理後に増え、286万人を記録した。", None),
        ("販売は国内の家電量販店で行う。", None),
        ("一部の患者に重い吐き気がみられた。", "一部の患者に軽い吐き気がみられた。"),
        ("一部の患者に軽い吐き気がみられた。", None),
    ],
)
def test_a_japanese_word_turned_to_its_opposite_is_caught(
    judge: OfflineJudge, answer: str, opposite: str | None
) -> None:
    """無料 for 有料, 増加 for 減少, 海外 for 国内, 午前 for 午後: a Japanese word that says the
    opposite of another reads as it negated, as in English, so 無料ではありません restates
    有料."""
    docs = [
        "駐車場は有料です。売上は前年より減少しました。販売は国内の家電量販店で行う。"
        "説明会は午後に開かれる。入場者数は修理後に増え、286万人を記録した。"
        "一部の患者に軽い吐き気がみられた。"
    ]
    said_opposite(first_verdict(judge, "概要は?", docs, answer), opposite, whole=True)


CARE_MANUAL_JA = [
    "画面の清掃にベンジンやシンナーを使用しないでください。柔らかい布で拭いてください。"
    "本製品は防水ではありません。水に濡らさないでください。"
    "この保証は落雷による損傷を対象としていません。必ず電源を切ってから掃除してください。"
    "このルーターはWPA3に対応しています。本機は消費電力が少ないです。"
    "電源が入らない場合は、電源コードが接続されているか確認してください。"
    "このモードは晴れの日しか使えません。本体は耐熱仕様ではありません。"
    "ファームウェアの更新は自動で行われます。ノブを時計回りに回すと音量が上がります。"
]
NEWS_JA = [
    "懸念も出たが、病院は人員削減は行わないとしている。ロボットは3月から稼働している。"
    "重い副作用は報告されなかった。"
]
CARE_MANUAL_ZH = ["该路由器不支持WPA3。请勿使用苯或稀释剂清洁屏幕。本保修不包括雷击造成的损坏。"]


@pytest.mark.parametrize(
    ("documents", "answer", "opposite"),
    [
        (CARE_MANUAL_JA, "画面の清掃にはベンジンやシンナーを使用してください。", "画面の清掃に"),
        (CARE_MANUAL_JA, "柔らかい布で拭かないでください。", "柔らかい布で拭いて"),
        (CARE_MANUAL_JA, "本製品は防水です。", "本製品は防水ではありません"),
        (CARE_MANUAL_JA, "水に濡らしてください。", "水に濡らさないで"),
        # a word the documents hold in a compound (耐熱 in 耐熱仕様)
        (CARE_MANUAL_JA, "この本体は耐熱です。", "本体は耐熱仕様ではありません"),
        # a word that says the opposite of another (手動 of 自動, 反時計 of 時計)
        (CARE_MANUAL_JA, "ファームウェアの更新は手動で行われます。", "ファームウェアの更新は"),
        (CARE_MANUAL_JA, "ノブを反時計回りに回すと音量が上がります。", "ノブを時計回りに"),
        (CARE_MANUAL_JA, "この保証は落雷による損傷を対象としています。", "この保証は"),
        (CARE_MANUAL_JA, "このルーターはWPA3に対応していません。", "このルーターは"),
        (CARE_MANUAL_JA, "電源を切らずに掃除してください。", "必ず電源を切って"),
        # a statement quoted (行わないとしている) is no condition, and how it is put (方針) is
        # no part of it
        (NEWS_JA, "病院は人員削減を行う方針だ。", "病院は人員削減は行わない"),
        (NEWS_JA, "病院は人員削減を行わない方針だ。", None),
        # a past negative (報告されなかった)
        (NEWS_JA, "重い副作用が報告された。", "重い副作用は報告されなかった"),
        (NEWS_JA, "重い副作用は報告されなかった。", None),
        (CARE_MANUAL_ZH, "该路由器支持WPA3。", "该路由器不支持"),
        (CARE_MANUAL_ZH, "请使用苯或稀释剂清洁屏幕。", "请勿使用"),
        (CARE_MANUAL_ZH, "本保修包括雷击造成的损坏。", "本保修不包括"),
        # said as the documents say it: "few" (少ない) and "surely" (必ず) are no negations
        (CARE_MANUAL_JA, "画面の清掃にベンジンやシンナーを使用しないでください。", None),
        (CARE_MANUAL_JA, "本製品は防水ではありません。", None),
        (CARE_MANUAL_JA, "この本体は耐熱ではありません。", None),
        (CARE_MANUAL_JA, "ファームウェアの更新は自動で行われます。", None),
        (CARE_MANUAL_JA, "本機は消費電力が少ないです。", None),
        (CARE_MANUAL_JA, "必ず電源を切ってから掃除してください。", None),
        (CARE_MANUAL_ZH, "该路由器不支持WPA3。", None),
        # しか … ない is "only": "it can be used only on sunny days"
        (CARE_MANUAL_JA, "このモードは晴れの日に使えます。", None),
        # a condition or a test is no claim of either side
        (CARE_MANUAL_JA, "電源コードが接続されていることを確認してください。", None),
    ],
)
def test_a_japanese_or_chinese_clause_with_its_negation_flipped_is_caught(
    judge: OfflineJudge, documents: list[str], answer: str, opposite: str | None
) -> None:
    """Japanese negates a verb by its ending (対応していません) and Chinese by a character
    before it (不支持): a copied clause with its negation dropped or added holds every word
    of the documents but one kana or one character, and is caught as the English one is,
    though the kana of the verb change with it (拭かない, 拭いて), and a Japanese word may
    stand for a compound of the documents that holds it (耐熱 for 耐熱仕様)."""
    question = "如何保养?" if documents is CARE_MANUAL_ZH else "手入れの方法は?"
    claim = first_verdict(judge, question, documents, answer)
    said_opposite(claim, opposite)


JA_LIBRARY = [
    "市立図書館は来月から本館の改修工事に入る。本館は休館するが、分館での本の貸し出しは続ける。"
    "市内の量販店では、白菜の店頭価格が平年より約3割高い1玉400円前後で推移している。"
    "補助は5年間の時限措置で、その後の財源の確保策は決まっていない。"
]


@pytest.mark.parametrize(
    ("answer", "opposite"),
    [
        # the last piece of a clause, which holds its verb, read on its own (取りやめる of 続ける)
        ("本館の改修に合わせ、分館での本の貸し出しも取りやめる。", "分館での本の貸し出しは続ける"),
        ("本館の改修中も、分館での本の貸し出しは続ける。", None),
        # a word turned to its opposite with one word of the line's own (安い水準 of 高い1玉…)
        (
            "市内の量販店では、白菜の店頭価格が平年より約3割安い水準で推移している。",
            "市内の量販店では、白菜の店頭価格が平年より約3割高い",
        ),
        ("市内の量販店では、白菜の店頭価格が平年より約3割高い水準で推移している。", None),
        # the last piece of a document sentence held whole, with one word more (町)
        (
            "補助は5年間の時限措置だが、その後の財源の確保策についても町はすでに決めている。",
            "その後の財源の確保策は決まっていない",
        ),
        ("補助は5年間の時限措置で、その後の財源の確保策は決まっていない。", None),
    ],
)
def test_a_japanese_piece_of_a_clause_said_the_other_way_is_caught(
    judge: OfflineJudge, answer: str, opposite: str | None
) -> None:
    """A Japanese clause runs on through its commas (合わせ、…取りやめる; 時限措置で、…決まって
    いない), so a line that says one piece of it the other way shares too few of its words
    to be read against the whole: the piece that holds the verb is read against a document
    piece of its size."""
    said_opposite(first_verdict(judge, "要約してください。", JA_LIBRARY, answer), opposite)


def test_rows_contradicting_their_own_comparison_are_flagged(
    judge: OfflineJudge, shared_data: Path
) -> None:
    """On RAGBench's hotpotqa rows, the answers whose comparison their own dates contradict
    are found, and flagged, and the faithful comparisons of the same kind are not touched."""
    from ragjudge.judges._comparisons import comparison_conflicts

    df = rows(shared_data, "hotpotqa")
    found = []
    for _, row in df.iterrows():
        item = keyed_row(row)
        if comparison_conflicts([s.text for s in item.response]):
            found.append((item, bool(row["adherence_score"])))
    assert len(found) >= 2, "no answer contradicts its own comparison: nothing was checked"
    assert sum(not adherent for _, adherent in found) >= 2
    for item, _ in found:
        assert judge.judge(item)["overall_supported"] is False


VISAS = [
    "UK student visa applications are processed within 3 weeks (15 working days) of the "
    "completed application being lodged.",
    "Travellers to India need a passport that is valid for at least six months.",
]


def test_the_question_subject_joined_to_another_documents_fact_is_read(
    judge: OfflineJudge,
) -> None:
    """An answer that puts the question's subject ("India") on a fact of a document about
    another one (UK visas) repeats a word of the question that some document has, but none of
    the documents its closest sentences come from."""
    from ragjudge.judges._features import build_evidence, example_features

    question = "How long does it take to process a student visa to India?"
    grafted = "Student visa applications to India are processed within 3 weeks by the consulate."
    faithful = "UK student visa applications are processed within 3 weeks by the consulate."
    read = {}
    for said in (grafted, faithful):
        item = real(question, VISAS, said)
        read[said] = example_features(item, build_evidence(item))[0].elsewhere
    assert read == {grafted: ["india"], faithful: []}
    scores = [first_verdict(judge, question, VISAS, s)["probability"] for s in (grafted, faithful)]
    assert scores[0] < scores[1]
    # an unsupported sentence's explanation names the word, as the sentence writes it
    said = f"{grafted[: -len('consulate.')]}consulates in Mumbai and Delhi."
    out = first_verdict(judge, question, VISAS, said)
    assert out["fully_supported"] is False
    assert "'India', from the question, in none of the documents it draws on" in out["explanation"]
    kept = first_verdict(
        judge, question, VISAS, faithful.replace("consulate", "consulates in Mumbai and Delhi")
    )
    assert "from the question" not in kept["explanation"]
    # of such words only names are quoted: a common word of the question says little
    docs = [VISAS[0], "The embassy in Paris issues passports. Travellers to India need visas."]
    question = "How long does the embassy take to process a student visa to India?"
    said = (
        "Student visa applications to India are processed by the embassy within 3 weeks in "
        "Mumbai and Delhi."
    )
    out = first_verdict(judge, question, docs, said)
    assert out["fully_supported"] is False
    assert "'India', from the question" in out["explanation"]
    assert "'embassy'" not in out["explanation"]
    # a name that opens the sentence is quoted when a document writes it so in mid-sentence
    out = first_verdict(
        judge,
        question,
        docs,
        said.replace("Student visa applications to India", "India student visa applications"),
    )
    assert "'India', from the question" in out["explanation"]
    # Japanese marks no names by capitals: the bundled sample's answer that repeats 停止 ("stop")
    # from the question is read, and the word is not quoted
    row = next(r for r in read_rows("sample_ja.jsonl") if r["id"] == "ja-016")
    item = real(row["question"], row["documents"], row["response"])
    assert any(f.elsewhere for f in example_features(item, build_evidence(item)))
    verdicts = judge.judge(item)["sentence_support_information"]
    assert not any("from the question" in v["explanation"] for v in verdicts)


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
    assert reply.latency_s > 0


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


def real(question: str, documents: list[str], response: str) -> KeyedExample:
    """An example keyed by the real loader and splitter, as `ragjudge eval` keys it."""
    from ragjudge.dataset import example_from_dict
    from ragjudge.sentences import key_example

    example = example_from_dict(
        {"question": question, "documents": documents, "response": response}, source=None
    )
    assert isinstance(example, Example)
    return key_example(example)


def first_verdict(
    judge: OfflineJudge, question: str, documents: list[str], response: str
) -> dict[str, Any]:
    """The judgment of the first response sentence of a really keyed example."""
    return sentence(judge.judge(real(question, documents, response)))


CAFE = {
    "name": "Blue Fern Cafe",
    "address": "12 Harbor St",
    "city": "Portland",
    "hours": {"Monday": "7:00-15:00", "Saturday": "8:00-14:00"},
    "attributes": {"WiFi": "free", "OutdoorSeating": False, "DogsAllowed": True},
    "business_stars": 4.5,
}


def test_a_date_written_as_records_write_it_reads_as_the_date_in_words(
    judge: OfflineJudge,
) -> None:
    """A review dated "2021-06-02" is a review from June 2021 (or June 2, 2021); one said to
    be from March names a month the record does not hold."""
    review = {"review_stars": 5.0, "review_date": "2021-06-02", "review_text": "Lovely latte."}
    doc = json.dumps({**CAFE, "review_info": [review]})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])

    for said in (
        "A reviewer in June 2021 gave Blue Fern Cafe 5 stars for its lovely latte.",
        "On June 2, 2021, a reviewer gave Blue Fern Cafe 5 stars for its lovely latte.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True and "June" not in out["explanation"], said
    moved = verdict("A reviewer in March 2021 gave Blue Fern Cafe 5 stars for its lovely latte.")
    assert "'March'" in moved["explanation"]
    assert tokenize("1649-54").numbers == {"1649", "1654"}  # a range of years, not a date
    # also before a comma or a full stop, which no number goes on after
    assert tokenize("the budget for 2024-25, up 3.2%").numbers == {"2024", "2025", "3.2"}
    assert tokenize("the budget for 2024-25.").numbers == {"2024", "2025"}
    assert tokenize("between 1990-95,000 people").numbers == {"1990", "95000"}


def test_a_town_with_its_state_is_no_speaker_and_a_permission_is_what_may_gives(
    judge: OfflineJudge,
) -> None:
    """ "Marisa Toller, a technician at the closing store in Ashby, S.C., said …" gives the
    statement to no speaker called Ashby; "anglers will be allowed one cod" says what
    "anglers may keep one cod" permits, no possibility told as certain. A statement given
    to another named speaker, and a possibility told as sure, are still caught."""
    doc = (
        "Marisa Toller, a pharmacy technician at the Bellwood store in Ashby, S.C., which is "
        'closing, said she learned the news in a staff meeting. "A lot of our customers are '
        "elderly and don't drive far,\" Toller said. Anglers on party and charter boats may keep "
        "one cod per person per day, down from two. Landings could fall by half, said Ron Ames."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    for said in (
        "Marisa Toller, a technician at the closing store in Ashby, S.C., said many of its "
        "elderly customers do not drive far.",
        "Party and charter boat anglers will be allowed one cod per person per day, down from two.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    out = verdict("Ron Ames said many of the elderly customers do not drive far.")
    assert "not to 'Ron Ames'" in out["explanation"], out["explanation"]
    out = verdict("Ron Ames said landings will fall by half.")
    assert "told as certain where the documents give a possibility" in out["explanation"], out


def test_a_count_of_a_part_of_a_whole_is_not_the_wholes_count(judge: OfflineJudge) -> None:
    """ "Forty-one of the stores … are in North Carolina" counts a part of the 62 stores
    the article says will close: the count in words is not read as "41 stores" against
    "62 stores"; a count of the whole in words that the article gives otherwise is, and so
    is a part the article counts otherwise ("three of the large dryers" for "two of …")."""
    doc = (
        "Bellwood Pharmacy said Wednesday it will close 62 stores by the end of September. "
        "Of the closing stores, 41 are in North Carolina, 15 in South Carolina and six in "
        "Virginia."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict(
        "Forty-one of the stores slated to close are in North Carolina, 15 are in South "
        "Carolina and six are in Virginia."
    )
    assert "not found in the documents" not in out["explanation"], out["explanation"]
    out = verdict("Bellwood Pharmacy said it will close forty-one stores by the end of September.")
    assert "number '41' not found" in out["explanation"], out["explanation"]
    # a part the documents count too, otherwise, is a changed count
    doc = "Two of the large dryers had out-of-order signs, so I waited 40 minutes."
    out = first_verdict(
        judge,
        "Summarize the following news article.",
        [doc],
        "The reviewer waited 40 minutes because three of the large dryers were out of order.",
    )
    assert "number 'three' not found" in out["explanation"], out["explanation"]


def test_a_count_in_words_joined_to_its_unit_is_exact(judge: OfflineJudge) -> None:
    """ "A four-star review" gives a rating, as "a 4-star review" does: against a review of 5
    stars it is a changed number, not a loose count; "two-way" is an idiom, not a count."""
    review = {"review_stars": 5.0, "review_text": "The lavender latte was lovely."}
    doc = json.dumps({**CAFE, "review_info": [review]})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])

    assert verdict("One reviewer gave a five-star review to the lavender latte.")["fully_supported"]
    changed = verdict("One reviewer gave a four-star review to the lavender latte.")
    assert changed["fully_supported"] is False and "'four'" in changed["explanation"]
    assert exact_counts("a two-hour drive") == {"2"}
    assert exact_counts("two-way sharing") == set()
    assert exact_counts("a twenty-five-year-old") == set()  # one number, read as a count


def test_open_every_day_against_hours_for_fewer_days_is_caught(judge: OfflineJudge) -> None:
    """A record whose hours list six days does not say the place is open seven days a week or
    daily; one that lists all seven does, and "Monday through Saturday" restates six."""
    days = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    six = json.dumps({"name": "Blue Fern Cafe", "hours": {d: "7:0-15:0" for d in days[:6]}})
    seven = json.dumps({"name": "Blue Fern Cafe", "hours": {d: "7:0-15:0" for d in days}})
    verdict = partial(first_verdict, judge, "Write an overview of the business.")

    for said in (
        "Blue Fern Cafe is open seven days a week from 7 AM to 3 PM.",
        "Blue Fern Cafe is open daily, 7 AM to 3 PM.",
    ):
        wrong = verdict([six], said)
        assert wrong["fully_supported"] is False, wrong["explanation"]
        assert "the record says otherwise" in wrong["explanation"]
        assert verdict([seven], said)["fully_supported"] is True
    six_days = verdict([six], "Blue Fern Cafe is open Monday through Saturday, 7 AM to 3 PM.")
    assert six_days["fully_supported"] is True


def test_a_day_said_closed_or_open_against_the_hours_is_caught(judge: OfflineJudge) -> None:
    """A day the hours leave out is one the place is closed: "closed on Sundays" restates
    them, while "closed on Mondays" (listed), "open on Sundays" and "open on weekends" do
    not. A closing time ("closes at 3 PM on Mondays") and a day named as an exception or in
    passing are no claim about which days it opens. A time given for a day is that day's
    ("until 8 PM on Fridays" where 8 PM is Thursday's is caught). Hours from midnight to
    midnight, as Yelp's data writes some days, read as open round the clock or closed."""
    days = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
    doc = json.dumps(
        {
            "name": "Blue Fern Cafe",
            "hours": {d: "7:0-15:0" for d in days},
            "reviews": [{"stars": 5, "text": "We came on a Sunday for the lavender latte."}],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    for said in (
        "Blue Fern Cafe is closed on Sundays.",
        "Blue Fern Cafe closes at 3 PM on Mondays.",
        "Blue Fern Cafe is open every day except Sunday.",
        "Blue Fern Cafe is open Monday through Saturday and closed on Sunday.",
        "Blue Fern Cafe is close to the river and open on Mondays.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    for said in (
        "Blue Fern Cafe is closed on Mondays.",
        "Blue Fern Cafe is open on Sundays from 7 AM.",
        "Blue Fern Cafe is open on weekends.",
        "Blue Fern Cafe is closed on weekends.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "the record says otherwise" in out["explanation"], said
    # a time is the day's it is given for: Friday closes at 6 pm, Thursday at 8
    week = {"Tuesday": "10:0-19:0", "Thursday": "10:0-20:0", "Friday": "9:0-18:0"}
    doc = json.dumps({"name": "Shear Bliss", "hours": week})
    timed = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    for said in (
        "Shear Bliss is open until 8 PM on Thursdays.",
        "It is open from 10 AM to 7 PM on Tuesday, until 8 PM on Thursday, and 9 AM to 6 PM"
        " on Friday.",
        "It is open Tuesday through Friday except Wednesday.",
    ):
        assert timed(said)["fully_supported"] is True, (said, timed(said)["explanation"])
    for said, day in (
        ("Shear Bliss is open until 8 PM on Fridays.", "Friday"),
        ("It opens at 9 AM on Tuesdays.", "Tuesday"),
    ):
        out = timed(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"the record says otherwise: 'hours.{day}:" in out["explanation"], said
    # hours from midnight to midnight (Yelp's "0:0-0:0") say open round the clock, or closed
    hours = {d: "0:0-0:0" if d == "Monday" else "7:0-15:0" for d in days}
    doc = json.dumps({"name": "Blue Fern Cafe", "hours": hours})
    either = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    for said in ("Blue Fern Cafe is closed on Mondays.", "It is open 24 hours on Mondays."):
        assert either(said)["fully_supported"] is True, said
    assert either("Blue Fern Cafe is closed on Tuesdays.")["fully_supported"] is False


def test_hours_given_for_several_days_must_hold_on_each(judge: OfflineJudge) -> None:
    """A time given for several days ("until 10 PM on weekends", "on weekdays") or for every
    day ("daily from 11 AM to 9 PM", "closes at 9 PM every day") must be one of each day's
    times: a day among them with none of the sentence's times is caught, and the
    explanation names it. Times split among the days ("11 AM Monday through Saturday and
    noon on Sundays") are not."""
    week = {d: "11:0-21:0" for d in ("Monday", "Tuesday", "Wednesday", "Thursday")}
    week |= {"Friday": "11:0-22:0", "Saturday": "11:0-22:0", "Sunday": "12:0-20:0"}
    doc = json.dumps({"name": "Luna Grill", "city": "Reno", "hours": week})
    hours_read(
        partial(first_verdict, judge, "Write an overview of the business.", [doc]),
        kept=(
            "It is open until 10 PM on Fridays and Saturdays.",
            "It is open from 11 AM to 9 PM Monday to Thursday, and until 10 PM on Fridays and"
            " Saturdays.",
            "It opens at 11 AM Monday through Saturday and at noon on Sundays.",
            "It is open daily, until 10 PM on Fridays.",
            "On Sundays it is open from 12 PM to 8 PM.",
            "It is open on weekdays and weekends.",
        ),
        caught=(
            ("It stays open until 10 PM on weekends.", "Sunday"),
            ("It is open daily from 11 AM to 9 PM.", "Sunday"),
            ("It closes at 9 PM every day.", "Friday"),
            ("It closes at 9 PM on weekdays.", "Friday"),
        ),
    )


ROBOT = [
    "The hospital paid £120,000 for the robot, which was built by a company in Sheffield. The "
    "hospital plans to buy two more robots next year if funding is approved by the NHS trust's "
    "board. The new ward would open in May. The company said it would apply for approval in "
    "the United States next year. The team also hopes to test bottled water, which earlier "
    "studies have found contains higher concentrations than tap water. The county will issue "
    "a request for proposals for the robot's maintenance in March."
]


@pytest.mark.parametrize(
    ("said", "told_done"),
    [
        # "proposals" is a thing, no hedge ("a request for proposals")
        ("The county has already issued a request for proposals for the robot's upkeep.", True),
        # a passive perfect tells a deed done
        ("Two more robots have already been bought by the hospital.", True),
        ("The hospital has already bought two more robots.", True),
        ("The NHS trust's board has approved funding for two more robots.", True),
        ("The new ward opened in May.", True),
        # a verb in -ied ("applied": apply), beside a name that ends as a past does ("United")
        ("The company has applied for approval in the United States.", True),
        ("The company will apply for approval in the United States.", False),
        # one deed planned and one done, both told as done
        ("The team has already tested bottled water and found higher concentrations.", True),
        ("Earlier studies have found higher concentrations in bottled water.", False),
        # the plan as a plan, a deed the documents tell as done, and too little to tell
        ("The hospital plans to buy two more robots next year.", False),
        ("The hospital will buy two more robots if the board approves the funding.", False),
        ("The hospital bought the robot for £120,000.", False),
        ("The hospital bought the robot.", False),
        ("The robot was built by a company in Sheffield.", False),
    ],
)
def test_a_plan_told_as_done_is_caught(judge: OfflineJudge, said: str, told_done: bool) -> None:
    """ "Has already bought two more robots" where the hospital "plans to buy two more robots
    if funding is approved": a plan, an expectation or a condition of the documents told as
    done is caught, and the explanation quotes their sentence. A passive or a state ("is
    connected"), which manuals state of what always holds, is not read."""
    out = first_verdict(judge, "Summarize the news.", ROBOT, said)
    if told_done:
        assert out["fully_supported"] is False, out["explanation"]
        assert "told as done where the documents give a plan" in out["explanation"]
    else:
        assert "told as done" not in out["explanation"], out["explanation"]


def test_one_unit_of_time_counted_as_more_is_caught_and_passage_labels_are_no_numbers(
    judge: OfflineJudge,
) -> None:
    """ "For two hours" where the documents say "for one hour": "one" is no number token, so
    the count is read from the documents' words. And "Passage 2:" labels a document: its 2
    is no number of theirs that "two hours" could be."""
    docs = [
        "Passage 1: Rinse the pan with hot water while it is still warm.",
        "Passage 2: Coat the pan with oil and bake it upside down at 450 degrees for one hour.",
    ]
    verdict = partial(first_verdict, judge, "How do I season a pan?", docs)
    wrong = verdict("Bake it upside down at 450 degrees for two hours.")
    assert wrong["fully_supported"] is False, wrong["explanation"]
    assert "'two'" in wrong["explanation"], wrong["explanation"]
    kept = verdict("Bake it upside down at 450 degrees for one hour.")
    assert kept["fully_supported"] is True, kept["explanation"]


@pytest.mark.parametrize(
    ("said", "theirs"),
    [
        ("Dr. Karen Walsh, the hospital's chief executive, said the robot saved time.", "Walsh"),
        ("Chief executive Karen Walsh said the robot saved staff time.", "Walsh"),
        ("Hospital spokesman Mark Dunn said members had been reassured.", "Dunn"),
        # their role, a part of it, another word for it that shares one, their initials
        ("Chief pharmacist Karen Walsh said the robot saved staff time.", None),
        ("Pharmacist Karen Walsh said the robot saved staff time.", None),
        ("Mark Dunn, a union official, said members had been reassured.", None),
        ("CEO Ann Lee said the robot was built in Sheffield.", None),
        # a role the documents give before the name, after a comma; a name with an accent
        ("Dr. Elin Hagström, the museum's chief curator, noticed the monogram.", "Hagström"),
        ("Dr. Elin Hagström, a visiting researcher, noticed the monogram.", None),
    ],
)
def test_a_person_given_another_role_is_caught(
    judge: OfflineJudge, said: str, theirs: str | None
) -> None:
    """ "Karen Walsh, the hospital's chief executive" where she is its chief pharmacist: a
    person given a role the documents never give them, where they give another, is caught,
    and the explanation quotes their role. A word that ranks a role ("chief") is no part of
    it."""
    docs = [
        "Chief pharmacist Dr. Karen Walsh said the robot saved staff 300 hours. Union "
        "representative Mark Dunn said members had been reassured. Chief Executive Officer Ann "
        "Lee said the robot was built in Sheffield. It was re-examined after a visiting "
        "researcher, Dr. Elin Hagström of Uppsala University, noticed the monogram."
    ]
    out = first_verdict(judge, "Summarize the news.", docs, said)
    if theirs is None:
        assert "where the documents call" not in out["explanation"], out["explanation"]
    else:
        assert out["fully_supported"] is False, out["explanation"]
        assert "where the documents call" in out["explanation"] and theirs in out["explanation"]


def test_a_menu_path_of_a_manual_names_no_one(judge: OfflineJudge) -> None:
    """A manual's menu path ("External Device Manager Device Connect Manager Try Now …")
    holds role words and capitals, yet names no one whose role could change."""
    docs = [
        "Settings General External Device Manager Device Connect Manager Try Now Access "
        "Notification Set whether to display a notification when a device connects."
    ]
    said = "Device Connect Manager Try Now Access Notification Set whether to display it."
    out = first_verdict(judge, "Where is the access notification option?", docs, said)
    assert "where the documents call" not in out["explanation"], out["explanation"]


def test_a_plan_told_as_done_in_a_joined_sentence_or_by_a_dated_passive_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Northwind has begun onshore construction, including work on …" where it "would
    begin onshore construction this fall" is read by its first clause, and "the cranes were
    installed earlier this year" where the company "plans to install" them by a passive
    told with a time gone by, and "has already begun paying" what a fund "will pay" by the
    verb after "begun"; so are "has already posted guidance" where the department "would
    begin posting" it, and "met … to decide whether to pay" where the board "would meet";
    the plans as told pass."""
    doc = (
        "Lindqvist said the company was grateful for a fair process and would begin onshore "
        "construction this fall. The union's strike fund will pay members $500 a week starting "
        "in the strike's second week. The company plans an upgraded port terminal in Searsport for "
        "turbine assembly. The company plans to install 12 remote-controlled cranes by 2027 as "
        "part of a $450 million modernization project. Quintero said the department would begin "
        "posting guidance for employers on its website in July. Lindqvist said the board would "
        "meet in closed session at 6 p.m. Thursday to decide whether to pay the ransom."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said in (
        # (what is to begin is to come; a question reported is no hedge of the deed)
        "The department has already posted guidance for employers on its website.",
        "The board met in closed session Thursday to decide whether to pay the ransom.",
        "The company has begun onshore construction, including work on upgrading the port "
        "terminal in Searsport for turbine assembly.",
        "The 12 remote-controlled cranes were installed earlier this year as part of the $450 "
        "million modernization.",
        "The union has already begun paying striking members $500 a week from its strike fund.",
    ):
        out = verdict(said)
        assert "told as done where the documents give a plan" in out["explanation"], (said, out)
    for said in (
        "The company will begin onshore construction this fall, Lindqvist said.",
        "The union's strike fund will pay striking members $500 a week from the second week.",
        "The company plans to install 12 remote-controlled cranes by 2027 as part of a $450 "
        "million modernization.",
        "The department will begin posting guidance for employers on its website in July.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_thanks_given_in_saying_one_wants_to_give_them_are_no_plan(judge: OfflineJudge) -> None:
    """ "I want to thank the bargaining teams …" thanks them: "he thanked both bargaining
    teams" tells no plan as done. A plan to thank them later still is one."""
    doc = (
        '"I want to thank the bargaining teams on both sides who stayed at the table all '
        'night," Whitlow said. The mayor plans to thank the volunteers at a ceremony next month.'
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("Whitlow thanked the bargaining teams on both sides for staying at the table.")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("The mayor thanked the volunteers at a ceremony.")
    assert "told as done where the documents give a plan" in out["explanation"], out


def test_a_plan_told_as_done_in_a_verb_of_its_own_is_caught(judge: OfflineJudge) -> None:
    """ "The city council on Wednesday passed a resolution urging both sides to settle" where
    it "is scheduled to vote Wednesday on a resolution …", and "the new rates are already
    displayed on the parking app" where the app "will begin showing the new rates", tell a
    plan as done in another verb. A document sentence that tells a deed done beside its
    plan ("… may terminate with 180 days' notice, and the notice letter was sent"), a
    possibility ("it might be tough") and a reviewer's speech tell no plan so."""
    doc = (
        "The Saltmere City Council is scheduled to vote Wednesday on a nonbinding resolution "
        "urging both sides to settle quickly. The city's parking app, ParkKB, will begin "
        "showing the new meter rates on Dec. 29. Under the agreement, either side may "
        "terminate the loan with 180 days' written notice, and Morrow said the notice letter "
        "was sent to the foundation Thursday morning. Heads up that the salon is on the second "
        "floor up a steep, narrow staircase, so it might be tough for some."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said in (
        "The Saltmere City Council on Wednesday passed a nonbinding resolution urging both "
        "sides to settle quickly.",
        "The new meter rates are already displayed on the city's ParkKB parking app.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "told as done where the documents give a plan" in out["explanation"], out
    for said in (
        "The Saltmere City Council will vote Wednesday on a nonbinding resolution urging both "
        "sides to settle quickly.",
        "Morrow said the 180-day written notice to terminate the loan went to the foundation "
        "on Thursday morning.",
        "A reviewer cautioned that the salon is on the second floor, up a steep and narrow "
        "staircase.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_japanese_view_told_in_the_present_is_no_deed_to_come(judge: OfflineJudge) -> None:
    """…のではないかと懸念する, as news tells a view in the present, is no deed still to come:
    a summary's 懸念している tells the same view, not a plan told as done. A plan's own verb
    in the present (…を追加する。) still is one."""
    doc = (
        "中野昭会長は「家族連れが良い場所から締め出されるのではないか」と懸念する。"
        "病院は来年度、手術支援ロボットを2台追加する。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("中野昭会長は、家族連れが良い場所から締め出されるのではないかと懸念している。")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("病院は手術支援ロボットを2台追加した。")
    assert "told as done where the documents give a plan" in out["explanation"], out


def test_a_japanese_plan_told_as_done_is_caught(judge: OfflineJudge) -> None:
    """2台を追加した where the hospital plans it (追加する方針だ, if the budget passes), and
    要望書を提出した where it is to be handed in (提出する予定だ) though the sentence names
    another's plan (減便計画): caught as in English; the plan as a plan, and a deed the
    documents tell as done, are not."""
    docs = [
        "病院は来年度、予算が認められればさらに2台を追加する方針だ。札幌市の病院はロボットを導入した。"
        "協議会は21日、同社に減便計画の撤回を求める要望書を提出する予定だ。"
    ]
    verdict = partial(first_verdict, judge, "要約してください。", docs)
    for said in (
        "病院はすでに2台を追加した。",
        "病院は来年度、さらに2台を追加した。",
        # (a plan named by a noun, 減便計画, leaves the deed told as done)
        "協議会は21日、同社に減便計画の撤回を求める要望書を提出した。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "told as done where the documents give a plan" in out["explanation"]
    for said in ("病院は来年度、さらに2台を追加する方針だ。", "札幌市の病院はロボットを導入した。"):
        out = verdict(said)
        assert "told as done" not in out["explanation"], (said, out["explanation"])


def told_as_done(claim: dict[str, Any], told: bool) -> None:
    """The verdict reads the line as a plan told as done, and fails, when `told`; else it
    does neither."""
    assert ("told as done where the documents give a plan" in claim["explanation"]) is told, claim[
        "explanation"
    ]
    assert claim["fully_supported"] is not told, claim["explanation"]


JA_PLANS = [
    "町は10月に役場で、移住を希望する人向けの相談会を開く。"
    "市は12月から、市民センターでシニア向けのパソコン教室を開き、オンライン申請の方法を教える予定だ。"
    "県は今月中に、国土交通省に要望書を提出する予定だ。"
    "県は国に対し、被災した県道の早期復旧を強く求めていく。"
    "町の空き家は約1,200戸に上る。"
    "商工会の村田会長は「客足は戻りつつあるが、人手が足りない」と話す。"
    "町の人口は2040年には約8,000人まで減る見込みだ。"
    "町は来年3月に地域公共交通の基本計画をまとめ、4月から町内3カ所で住民説明会を開く。"
]


@pytest.mark.parametrize(
    ("answer", "told"),
    [
        # a native verb told in the past where the article tells it in the plain present
        ("町は10月に役場で、移住を希望する人向けの相談会を開いた。", True),
        ("町は10月に役場で、移住を希望する人向けの相談会を開く。", False),
        # … or told as going on where the article plans it
        (
            "市は市民センターでシニア向けのパソコン教室を開き、オンライン申請の方法を教えている。",
            True,
        ),
        ("市はすでに市民センターでシニア向けのパソコン教室を開いている。", True),
        # … in a clause of its own, before one that tells what comes next; 計画 inside a noun
        # (基本計画) is the deed's object, not a plan of the sentence's
        ("町はすでに地域公共交通の基本計画をまとめており、4月から町内3カ所で説明会を開く。", True),
        ("町は来年3月に地域公共交通の基本計画をまとめ、4月から町内3カ所で説明会を開く。", False),
        # a deed planned in one sentence, with words of another
        ("県は今月、国土交通省に県道の早期復旧を求める要望書を提出した。", True),
        # an amount (…に上る), a view reported (…と話す) and an expectation are no plans
        ("町の空き家は約1,200戸に上った。", False),
        ("商工会の村田会長は、客足は戻りつつあるが人手が足りないと話した。", False),
        ("町の人口は2040年には約8,000人まで減ると見込まれている。", False),
    ],
)
def test_a_japanese_plan_told_with_a_native_verb_or_from_two_sentences_is_caught(
    judge: OfflineJudge, answer: str, told: bool
) -> None:
    """News tells a deed to come in the plain present (相談会を開く。) or as a plan (教える予定
    だ): a line that tells it in the past (開いた) or as going on (教えている) is caught,
    though its verb is a native one whose forms do not pair as 提出する and 提出した do, and
    so is a line whose plan the article gives with words of another sentence. A verb of an
    amount, a view told in the present, and an expectation are no deeds to come."""
    out = first_verdict(judge, "要約してください。", JA_PLANS, answer)
    told_as_done(out, told)


def test_a_japanese_deed_told_as_already_done_is_read_in_its_clause_and_whole(
    judge: OfflineJudge,
) -> None:
    """すでに…決定しており、… is read in its own clause and, where that finds no plan (another
    sentence with the clause's words tells of a draft published), in the whole sentence, which
    the article gives as a plan (…決定し、…提出する予定だ); the article's telling passes."""
    doc = [
        "北山町は1月15日、老朽化した町営住宅を建て替える基本計画案を公表した。"
        "住民の意見を踏まえて6月に基本計画を決定し、9月議会に設計費を盛り込んだ補正予算案を"
        "提出する予定だ。"
    ]
    told = first_verdict(
        judge,
        "以下のニュース記事を要約してください。",
        doc,
        "町はすでに6月に基本計画を決定しており、9月議会に設計費の補正予算案を提出する。",
    )
    told_as_done(told, True)
    planned = first_verdict(
        judge,
        "以下のニュース記事を要約してください。",
        doc,
        "町は6月に基本計画を決定し、9月議会に設計費の補正予算案を提出する予定だ。",
    )
    told_as_done(planned, False)


JA_FLOOD = [
    "大雨で、町中心部から約5キロ離れた松原地区の住宅3棟が浸水した。"
    "9月3日には山あいの北沢町で住宅の裏山が崩れ、県道が半日通行止めになった。"
    "記者会見した小野寺真弓市長は「早急に支援策をまとめたい」と述べた。"
    "12月にはシンガポールで開かれる水産見本市に、漁協として初めて出展する。"
]


@pytest.mark.parametrize(
    ("answer", "theirs"),
    [
        ("大雨で、町中心部から約5キロ離れた松本地区の住宅3棟が浸水した。", "松原"),
        ("9月3日には北川町で住宅の裏山が崩れ、県道が半日通行止めになった。", "北沢"),
        ("小野田真弓市長は、早急に支援策をまとめたいと述べた。", "小野寺真弓"),
        # (a place abroad, in katakana)
        ("漁協は12月に、マレーシアで開かれる水産見本市に初めて出展する。", "シンガポール"),
        ("9月3日には北沢町で住宅の裏山が崩れ、県道が半日通行止めになった。", None),
        ("漁協は12月に、シンガポールで開かれる水産見本市に初めて出展する。", None),
        ("小野寺真弓市長は、早急に支援策をまとめたいと述べた。", None),
    ],
)
def test_a_japanese_name_swapped_in_other_words_around_it_is_caught(
    judge: OfflineJudge, answer: str, theirs: str | None
) -> None:
    """A name with its suffix or title (北川町, 松本地区, 小野田真弓市長), or a place in
    katakana (マレーシア), that the documents lack, where the sentence the line copies gives
    another with that suffix, or before the same characters, in other words around it
    (…には北川町で… of …には山あいの北沢町で…): the line names the wrong place or person,
    though no two characters on each side of the name are the article's."""
    out = first_verdict(judge, "要約してください。", JA_FLOOD, answer)
    if theirs is None:
        assert out["fully_supported"] is True, out["explanation"]
        return
    assert out["fully_supported"] is False, out["explanation"]
    assert f"the documents have '{theirs}" in out["explanation"] or (
        f"the documents say '{theirs}" in out["explanation"]
    ), out["explanation"]


NURSES_AGREEMENT = [
    "The hospital's board of trustees is expected to formally approve the nurses' agreement "
    "at its Dec. 3 meeting, a step the chair described as a formality. "
    "The company said it would apply for approval in Canada next year."
]


@pytest.mark.parametrize(
    ("answer", "told"),
    [
        (
            "The hospital's board of trustees formally approved the nurses' agreement at its "
            "Dec. 3 meeting.",
            True,
        ),
        (
            "The hospital's board of trustees is expected to approve the nurses' agreement on "
            "Dec. 3.",
            False,
        ),
        # (a verb in -ly is no adverb: "would apply for approval")
        ("The company has applied for approval in Canada.", True),
    ],
)
def test_a_plan_told_past_an_adverb_is_caught(judge: OfflineJudge, answer: str, told: bool) -> None:
    """A plan the article tells with an adverb before its verb ("is expected to formally
    approve"), told as done, is caught though the article's sentence also tells a deed
    done ("the chair described"); the plan as a plan is not."""
    out = first_verdict(judge, "Summarize the article.", NURSES_AGREEMENT, answer)
    told_as_done(out, told)


REGENTS = [
    "The Board of Regents is scheduled to meet Thursday, when it is expected to approve the "
    "search firm's contract, which the athletic director said would cost no more than "
    "$150,000.",
    "The term breakthrough bleeding or breakthrough spotting is usually used for women using "
    "hormonal contraceptives, such as IUDs or oral contraceptives, in which it refers to "
    "bleeding or spotting between any expected withdrawal bleedings, or bleeding or spotting "
    "at any time if none is expected. Breakthrough bleeding is a common side effect of "
    "hormonal contraceptives.",
    "The library plans to install a book locker at the Eastgate branch, so residents can pick "
    "up holds around the clock.",
]


@pytest.mark.parametrize(
    ("answer", "told"),
    [
        (
            "The Board of Regents on Thursday approved the search firm's contract, which will "
            "cost no more than $150,000.",
            True,
        ),
        (
            "The Board of Regents on Thursday is expected to approve the search firm's "
            "contract, which will cost no more than $150,000.",
            False,
        ),
        # (a purpose's "can" hedges the purpose, not the deed)
        (
            "The library has already installed a book locker at the Eastgate branch so "
            "residents can pick up holds around the clock.",
            True,
        ),
        # (a relative clause left out, the rest tells nothing done)
        (
            "Breakthrough bleeding, which refers to bleeding or spotting between any expected "
            "withdrawal bleedings, is a common side effect of hormonal contraceptives.",
            False,
        ),
    ],
)
def test_a_plan_told_as_done_beside_a_relative_clause_that_hedges_is_caught(
    judge: OfflineJudge, answer: str, told: bool
) -> None:
    """ "Approved the search firm's contract, which will cost no more than $150,000" tells the
    approval as done, where the board is expected to approve it: the "will" of the relative
    clause hedges the cost, not the approval, so the clause is left out when the sentence is
    read for a plan told as done; its words too, so "expected" in a clause that defines a
    term tells nothing done. So is a purpose's "can" ("so residents can pick up holds")."""
    out = first_verdict(judge, "Summarize the article.", REGENTS, answer)
    told_as_done(out, told)


JA_RAIL = [
    "北浜鉄道は3日、山岡線を来年10月で廃止し、バスに転換すると発表した。"
    "同社の木下浩一社長は記者会見で「地域の足を守るために手を尽くしてきたが、苦渋の決断だ」と"
    "述べた。沿線の3市町村は、転換後も運行を支援する方針だ。利用者は最盛期の1割以下に減って"
    "いる。同線は1931年に全線開通した。同社の社員は約120人。県は地元での雇用の確保を求めて"
    "いる。"
]


@pytest.mark.parametrize(
    ("answer", "clause"),
    [
        # a clause after 述べ、 of words the article lacks
        (
            "木下浩一社長は記者会見で「苦渋の決断だ」と述べ、来年度には運賃の値下げも検討する考えを示した。",
            "来年度には運賃の値下げも検討する考えを示した",
        ),
        # … or of words it gives only scattered, none near the statement
        (
            "木下浩一社長は記者会見で「苦渋の決断だ」と述べ、社員の雇用は守ると約束した。",
            "社員の雇用は守ると約束した",
        ),
        ("木下浩一社長は記者会見で「苦渋の決断だ」と述べた。", None),
        # (the sentence after the statement goes on with it)
        (
            "木下浩一社長は記者会見で苦渋の決断だと述べ、沿線の3市町村は転換後も運行を支援する方針だ。",
            None,
        ),
    ],
)
def test_a_japanese_clause_joined_after_a_statement_is_caught(
    judge: OfflineJudge, answer: str, clause: str | None
) -> None:
    """A summary line copies a statement and joins a claim of its own after the verb's
    joining form (述べ、, 求め、): the last clause is read alone, and is added where the
    article lacks most of its words, or gives them only scattered, none in the statement's
    sentence or the two after it and fewer than half in any one."""
    mark = "a clause the documents give nothing of"
    out = first_verdict(judge, "要約してください。", JA_RAIL, answer)
    caught(out, clause and f"{mark}: '{clause}'", mark)


JA_VIEWS = [
    "桜川町は来年4月から給食費を無償にする。"
    "地方財政に詳しい県立大の山口浩教授は「国の制度が固まれば、町独自の財源を別の子育て施策に"
    "回せる可能性がある」とみている。"
    "町議会の石田由紀子議員は「長期的な財源の見通しを示すべきだ」と指摘する。"
]


@pytest.mark.parametrize(
    ("answer", "theirs"),
    [
        (
            "石田由紀子議員は、国の制度が固まれば町独自の財源を別の子育て施策に回せる可能性があるとみている。",
            "山口浩教授",
        ),
        (
            "山口浩教授は、国の制度が固まれば町独自の財源を別の子育て施策に回せる可能性があるとみている。",
            None,
        ),
        ("石田由紀子議員は、長期的な財源の見通しを示すべきだと指摘した。", None),
    ],
)
def test_a_japanese_view_given_to_another_person_is_caught(
    judge: OfflineJudge, answer: str, theirs: str | None
) -> None:
    """A view news reports with …とみている is a statement as …と述べた is: given to another
    person the article names, it is misattributed; given to its own, it is not."""
    mark = "the documents give this to"
    out = first_verdict(judge, "要約してください。", JA_VIEWS, answer)
    caught(out, theirs and f"{mark} '{theirs}'", mark)


JA_ORCHARD = [
    "桐野市でりんご園を営む平野勝さん（64）の園地では、ふじの約6割が落ちた。"
    "「1年間の苦労が一晩で消えた」と肩を落とした。"
    "JA岩根中央の石川浩二組合長は、加工用果実の受け入れ枠を例年の1.5倍に広げたことを明らかにした。"
]


@pytest.mark.parametrize(
    ("answer", "theirs"),
    [
        ("石川組合長は「1年間の苦労が一晩で消えた」と肩を落とした。", "平野勝さん"),
        ("平野勝さんは「1年間の苦労が一晩で消えた」と肩を落とした。", None),
    ],
)
def test_a_japanese_quotation_of_the_person_named_before_it_is_theirs(
    judge: OfflineJudge, answer: str, theirs: str | None
) -> None:
    """A Japanese quotation that opens its sentence with no speaker (「…」と肩を落とした。) is
    the words of the one person the sentence before names (平野勝さん（64）の園地では…): given
    to another, it is misattributed."""
    mark = "the documents give this to"
    out = first_verdict(judge, "要約してください。", JA_ORCHARD, answer)
    caught(out, theirs and f"{mark} '{theirs}'", mark)


JA_TYPHOON = [
    "台風の影響で、県内では収穫前のりんごの落果や枝折れが相次いだ。"
    "交通政策に詳しい北浜大の河合直人教授は「利用者が少ない路線では、鉄道よりバスの方が住民の"
    "利便性は高まる場合がある」と話す。"
    "町営バスは全3路線を来年3月末で廃止する。"
    "市営バスで廃止するのは、利用者の少ない郊外の上砂線、柳平線の2路線だ。"
]


@pytest.mark.parametrize(
    ("answer", "word"),
    [
        ("県内のりんご園は、いずれも台風による落果や枝折れの被害を受けた。", "いずれも"),
        (
            "河合直人教授は、利用者が少ない路線では、鉄道よりバスの方が住民の利便性は必ず高まると話した。",
            "必ず",
        ),
        # (全3路線 is all three, and so are the two lines the article counts)
        ("町営バスは3路線すべてを来年3月末で廃止する。", None),
        ("市営バスで廃止されるのは上砂線と柳平線で、いずれも利用者が少ない郊外の路線だ。", None),
        ("県内では台風の影響で、収穫前のりんごの落果や枝折れが相次いだ。", None),
    ],
)
def test_a_japanese_word_of_all_or_of_certainty_the_article_lacks_is_caught(
    judge: OfflineJudge, answer: str, word: str | None
) -> None:
    """A Japanese line that tells of all (いずれも, 全員, 軒並み), of most (多くが) or as
    certain (必ず, 確実に) what the article says of some or as possible (相次いだ, 高まる場合が
    ある) is caught; one whose article says it so too (全3路線, or the two lines it counts) is
    not."""
    mark = "where the documents say it of some or as possible"
    out = first_verdict(judge, "要約してください。", JA_TYPHOON, answer)
    caught(out, word and f"'{word}' {mark}", mark)


JA_ORCHARDS = [
    "県によると、県内の果樹農家は約1万1000戸で、5年前より約15%減っている。"
    "果樹栽培に詳しい岩根大学の中西准教授は、台風の被害を受けた園地では収穫の再開までに4～5年"
    "かかると話す。今年も台風による落果が相次いだ。"
]


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (
            "県内の果樹農家が5年前より約15%減ったのは、相次ぐ台風被害で離農が進んだためだ。",
            "相次ぐ台風被害で離農が進んだ",
        ),
        ("県内の果樹農家は約1万1000戸で、5年前より約15%減っている。", None),
    ],
)
def test_a_japanese_reason_the_article_gives_no_statement_is_caught(
    judge: OfflineJudge, answer: str, reason: str | None
) -> None:
    """A reason a Japanese line claims (…のは…ためだ) for a statement the article gives
    without one, with words it gives elsewhere (台風) but not beside the statement, is an
    addition, as "because …" is in English."""
    mark = "a reason or a circumstance"
    out = first_verdict(judge, "要約してください。", JA_ORCHARDS, answer)
    caught(out, reason and f"'{reason}'", mark)


SHELTER = [
    "Brennick County will open a 96-bed emergency shelter for homeless adults on Monday. "
    "Harbor Light's executive director, Dwayne Okafor, said the organization expects the "
    "shelter to be full within its first month. The county has contracted with Harbor Light "
    "Community Services to run the facility under a two-year agreement. Neighbors have "
    "objected to the site for three years. Families at other shelters often wait weeks for "
    "a bed."
]


@pytest.mark.parametrize(
    ("answer", "clause"),
    [
        (
            "Okafor said he expects the shelter to be full within its first month and that "
            "Harbor Light has already started a waiting list.",
            "that Harbor Light has already started a waiting list",
        ),
        (
            "Okafor said he expects the shelter to be full within its first month and that "
            "Harbor Light will run it under a two-year agreement.",
            None,
        ),
    ],
)
def test_a_clause_about_a_name_the_statement_gives_is_read_by_what_it_says(
    judge: OfflineJudge, answer: str, clause: str | None
) -> None:
    """A last clause whose subject is a name the matched sentence gives ("… and that Harbor
    Light has already started a waiting list") is read by what it says of the name: the
    name's words are the sentence's own and hide that the documents lack the rest."""
    mark = "a clause the documents give nothing of"
    out = first_verdict(judge, "Summarize the following news article.", SHELTER, answer)
    caught(out, clause and f"{mark}: '{clause}'", mark)


def test_days_a_week_are_an_exact_count(judge: OfflineJudge) -> None:
    """ "Open seven days a week" counts exactly, as a number in digits does: a listing without
    hours does not hold it, one open every day does."""
    days = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    unknown = str({"name": "Blue Fern Cafe", "city": "Portland", "hours": None, "stars": 4.0})
    daily = json.dumps({"name": "Blue Fern Cafe", "hours": dict.fromkeys(days, "9:0-17:0")})
    said = "Blue Fern Cafe is open seven days a week."
    for doc, grounded in ((unknown, False), (daily, True)):
        out = first_verdict(judge, "Write an overview.", [doc], said)
        assert out["fully_supported"] is grounded, (doc, out["explanation"])
        assert ("'seven' not found" in out["explanation"]) is not grounded


def test_a_bound_the_documents_give_with_another_number_is_changed(judge: OfflineJudge) -> None:
    """ "Over 150 reviews" where the listing counts 153 is a rounded bound; "adults over 50"
    where the documents say "adults over 70" is their bound changed, not one met."""
    docs = ["Adults over 70 should get 800 IU of vitamin D per day. The listing has 153 reviews."]
    verdict = partial(first_verdict, judge, "How much vitamin D do adults need?", docs)
    out = verdict("Adults over 50 should get 800 IU of vitamin D per day.")
    assert out["fully_supported"] is False and "'50'" in out["explanation"], out["explanation"]
    assert verdict("Adults over 70 should get 800 IU of vitamin D per day.")["fully_supported"]
    assert verdict("The listing has over 150 reviews.")["fully_supported"]


def test_hours_between_two_clock_times_are_worked_out(judge: OfflineJudge) -> None:
    """ "A 12-hour day, from 8am to 8pm" works its 12 out of the two times it gives, as "10
    hours, from 11 AM to 9 PM" does its 10: no number the documents lack, nor one they give
    about something else (the 10 of a date)."""
    docs = [
        "The robot can only work between 8am and 8pm. The pharmacy counter is open from 11 AM "
        "to 9 PM. The robot arrived on 10 March after a trial."
    ]
    verdict = partial(first_verdict, judge, "Summarize the news.", docs)
    for said in (
        "The robot works a 12-hour day, from 8am to 8pm.",
        "The pharmacy counter is open 10 hours, from 11 AM to 9 PM.",
    ):
        out = verdict(said)
        assert "not found" not in out["explanation"], out["explanation"]
        assert "about something else" not in out["explanation"], out["explanation"]
    assert verdict("The robot works a 12-hour day, from 8am to 8pm.")["fully_supported"] is True
    wrong = verdict("The robot works a 14-hour day.")
    assert wrong["fully_supported"] is False, wrong["explanation"]


def test_a_null_value_says_nothing_of_its_field() -> None:
    """`RestaurantsDelivery: None` is no fact: the record neither offers delivery nor denies
    it, so no sentence about delivery can draw on it, while `Alcohol: 'none'` still says no."""
    from ragjudge.judges._records import record_facts

    doc = str(
        {
            "name": "Blue Fern Cafe",
            "hours": None,
            "attributes": {"RestaurantsDelivery": None, "Alcohol": "u'none'"},
        }
    )
    facts = record_facts(doc) or []
    labels = [f.label for f in facts]
    assert not any("Delivery" in label or label.startswith("hours") for label in labels), labels
    alcohol = [f for f in facts if "Alcohol" in f.label]
    assert len(alcohol) == 1 and alcohol[0].negated, labels


def test_a_value_that_says_not_allowed_denies_its_field(judge: OfflineJudge) -> None:
    """`Pets: Not allowed` denies the field as `Pets: no` does: "pets are welcome" is caught,
    "pets are not allowed" restates it."""
    doc = "Name: Harbor View Inn\nCity: Halifax\nPets: Not allowed\nBreakfast: Not included\n"
    verdict = partial(first_verdict, judge, "Describe the hotel.", [doc])
    for said, quoted in (
        ("Pets are welcome.", "'Pets: Not allowed'"),
        ("Breakfast is included.", "'Breakfast: Not included'"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"the record says otherwise: {quoted}" in out["explanation"]
    for said in ("Pets are not allowed.", "Breakfast is not included."):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_closing_time_is_read_as_the_hour_it_names(judge: OfflineJudge) -> None:
    """The 10 of "until 10 PM" is 22:00, not a 10 that the record gives elsewhere (the
    minutes of a review's time stamp): the sentence is checked against the hours."""
    week = {d: "11:0-21:0" for d in ("Monday", "Tuesday", "Wednesday", "Thursday")}
    week |= {"Friday": "11:0-22:0", "Saturday": "12:0-22:0"}
    doc = str(
        {
            "name": "Marigold Noodle House",
            "city": "Tucson",
            "hours": week,
            "review_info": [
                {
                    "review_stars": 4.0,
                    "review_date": "2021-11-02 12:10:44",
                    "review_text": "Great spot for a cheap lunch.",
                }
            ],
        }
    )
    hours_read(
        partial(first_verdict, judge, "Write an overview of the business.", [doc]),
        kept=(
            "It is open until 10 PM on Friday and Saturday.",
            "On Saturday it is open from noon to 10 PM.",
        ),
        caught=(("It is open until 10 PM on Thursdays.", "Thursday"),),
    )


def hours_read(
    verdict: Callable[[str], dict[str, Any]],
    kept: Sequence[str],
    caught: Sequence[tuple[str, str]],
) -> None:
    """Each sentence of `kept` is supported; each of `caught` is contradicted, and the
    explanation quotes the hours of its day."""
    for said in kept:
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    for said, day in caught:
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"the record says otherwise: 'hours.{day}:" in out["explanation"], said


def test_noon_and_midnight_are_the_hours_that_say_them(judge: OfflineJudge) -> None:
    """ "Until midnight" is a closing time of 0:00, not the ":0" minutes of every other
    hour: it holds on the days that close at midnight and is caught on the others, as "at
    noon" is."""
    week = {d: "11:0-21:0" for d in ("Monday", "Tuesday", "Wednesday", "Thursday")}
    week |= {"Friday": "11:0-0:0", "Saturday": "11:0-0:0", "Sunday": "12:0-20:0"}
    doc = json.dumps({"name": "Luna Grill", "city": "Reno", "hours": week})
    hours_read(
        partial(first_verdict, judge, "Write an overview of the business.", [doc]),
        kept=(
            "It is open until midnight on Fridays and Saturdays.",
            "It opens at noon on Sundays.",
        ),
        caught=(
            ("It is open until midnight on Thursdays.", "Thursday"),
            ("It stays open until midnight on weekends.", "Sunday"),
            ("It opens at noon on Mondays.", "Monday"),
        ),
    )


def test_a_day_the_hours_mark_closed_is_not_an_open_day(judge: OfflineJudge) -> None:
    """`Sunday: Closed` lists Sunday, but as a day the place does not open: "open seven days a
    week", "open daily" and "open on Sundays" are caught, "closed on Sundays" restates it, in
    JSON and in `key: value` lines alike."""
    days = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    hours = {d: "Closed" if d == "Sunday" else "7:0-15:0" for d in days}
    as_json = json.dumps({"name": "Blue Fern Cafe", "city": "Tampa", "hours": hours})
    as_lines = "name: Blue Fern Cafe\ncity: Tampa\nhours:\n" + "".join(
        f"  {d}: {h}\n" for d, h in hours.items()
    )
    for doc in (as_json, as_lines):
        verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
        for said in (
            "Blue Fern Cafe is closed on Sundays.",
            "Blue Fern Cafe is open Monday through Saturday from 7 AM to 3 PM.",
        ):
            out = verdict(said)
            assert out["fully_supported"] is True, (said, out["explanation"])
        for said in (
            "Blue Fern Cafe is open seven days a week.",
            "Blue Fern Cafe is open daily from 7 AM.",
            "Blue Fern Cafe is open on Sundays.",
        ):
            out = verdict(said)
            assert out["fully_supported"] is False, (said, out["explanation"])
            assert "closed on Sunday" in out["explanation"], said
    # the same schedule with Sunday open is open every day
    open_all = json.dumps({"name": "Blue Fern Cafe", "hours": dict.fromkeys(days, "7:0-15:0")})
    out = first_verdict(judge, "Describe it.", [open_all], "Blue Fern Cafe is open daily.")
    assert out["fully_supported"] is True, out["explanation"]


def test_structured_record_is_read_fact_by_fact(judge: OfflineJudge) -> None:
    """A JSON record is compared field by field: a sentence that restates fields is
    supported by the keyed sentence holding them; one that contradicts a false field is not."""
    doc = json.dumps(CAFE, indent=2)
    question = "Write an overview of the business."
    facts = real(question, [doc], "Blue Fern Cafe is located at 12 Harbor St in Portland.")
    out = judge.judge(facts)
    check_rules(facts, out, judge)
    s = sentence(out)
    assert s["fully_supported"] is True
    holding = {k for k, text in ((x.key, x.text) for x in facts.documents[0]) if "Harbor" in text}
    assert holding and set(s["supporting_sentence_keys"]) & holding

    dogs = judge.judge(real(question, [doc], "Blue Fern Cafe allows dogs inside."))
    seating = judge.judge(real(question, [doc], "Blue Fern Cafe offers outdoor seating."))
    # the record says OutdoorSeating: false, so the second claim contradicts a fact
    assert sentence(seating)["probability"] < sentence(dogs)["probability"]


def test_tables_and_key_value_lines_are_records(judge: OfflineJudge) -> None:
    table = "| Year | Team | Goals |\n|---|---|---|\n| 2001 | Ajax | 12 |\n| 2002 | PSV | 8 |"
    right = judge.judge(real("Goals?", [table], "He scored 12 goals for Ajax in 2001."))
    wrong = judge.judge(real("Goals?", [table], "He scored 12 goals for PSV in 2002."))
    assert sentence(right)["fully_supported"] is True
    # every word of the wrong claim is in the table, but 12 goals sit in Ajax's row
    assert right["support_score"] > wrong["support_score"]

    lines = "Model: X200\nCapacity: 14 place settings\nNoise level: 44 dB\nWarranty: 2 years"
    out = judge.judge(real("How loud is it?", [lines], "The X200 runs at 44 dB."))
    assert sentence(out)["fully_supported"] is True
    assert out["overall_supported"] is True


def test_a_table_inside_prose_is_read_row_by_row_and_triples_stay_triples(
    judge: OfflineJudge,
) -> None:
    """A markdown table between paragraphs (a page converted to text) gives one fact per row
    and the prose around it one per sentence; `a | b | c` triples are not a table whose first
    triple is the header; lines of links set off by bars are not a table."""
    from ragjudge.judges._records import record_facts

    table = "| Year | Team | Goals |\n|---|---|---|\n| 2001 | Ajax | 12 |\n| 2002 | PSV | 8 |"
    page = f"Jan Vos is a Dutch striker. He was born in Utrecht.\n\n{table}\n\nHe retired in 2004."
    facts = record_facts(page)
    assert facts is not None
    assert [f.text for f in facts] == [
        "Jan Vos is a Dutch striker.",
        "He was born in Utrecht.",
        "Year 2001; Team Ajax; Goals 12",
        "Year 2002; Team PSV; Goals 8",
        "He retired in 2004.",
    ]
    assert page[facts[2].start : facts[2].end] == "| 2001 | Ajax | 12 |"
    right = judge.judge(real("Goals?", [page], "He scored 12 goals for Ajax in 2001."))
    wrong = judge.judge(real("Goals?", [page], "He scored 12 goals for PSV in 2002."))
    assert right["support_score"] > wrong["support_score"]

    triples = (
        "Alan_Bean | occupation | Test_pilot\nAlan_Bean | birthPlace | Wheeler,_Texas\n"
        "Alan_Bean | mission | Apollo_12\nApollo_12 | operator | NASA"
    )
    read = record_facts(triples)
    assert read is not None and len(read) == 4
    assert read[0].text == "Alan Bean Alan_Bean occupation Test pilot Test_pilot"
    links = "\n\n".join(
        f"{n}. A study of sleep. PubMed Abstract | CrossRef Full Text | Google Scholar"
        for n in range(3)
    )
    assert record_facts(links) is None


def test_sentences_with_a_comma_each_are_prose_not_a_csv_table(judge: OfflineJudge) -> None:
    """Pre-split sentences are read back one to a line; three with one comma each are not a
    comma-separated table whose first sentence is the header, so "$59,108" stays one number."""
    from ragjudge.judges._records import record_facts

    sentences = [
        "The average teacher salary in Fairfax County Public Schools is $59,108.",
        "To learn how to become a teacher in Fairfax County, read our guide.",
        "For salary information, read our article on Virginia.",
    ]
    assert record_facts("\n".join(sentences) + "\n") is None
    csv = "name,city,stars\nBlue Fern Cafe,Portland,4.5\nCasa Lupita,Tucson,4\n"
    assert [f.text for f in record_facts(csv) or []] == [
        "name Blue Fern Cafe; city Portland; stars 4.5",
        "name Casa Lupita; city Tucson; stars 4",
    ]
    item = keyed(
        "How much do teachers earn in Fairfax County?",
        [sentences],
        ["The average teacher salary in Fairfax County is $59,108."],
    )
    out = judge.judge(item)
    assert sentence(out)["fully_supported"] is True
    assert "number" not in sentence(out)["explanation"]


def test_colons_of_times_verses_and_links_are_no_fields() -> None:
    """Lines whose colons sit between digits, inside parentheses or in a link are prose, not
    `key: value` lines; a record's own lines still are."""
    from ragjudge.judges._records import record_facts

    verses = (
        "Angels are created (Psalm 148:2, 5; Col. 1:16), spirit beings (Heb. 1:14).\n"
        "They are immortal (Luke 20:36), innumerable (Heb.\n"
        "12:22), invisible (Num.\n"
        "22:22-31), and do the will of God (Psalm 103:20).\n"
    )
    assert record_facts(verses) is None
    links = "".join(f"https://example.org/page{n} lists the opening hours.\n" for n in range(3))
    assert record_facts(links) is None
    lines = "Model: X200\nCapacity: 14 place settings\nHours: 9:00-17:00\n"
    assert [f.name for f in record_facts(lines) or []] == ["Model", "Capacity", "Hours"]


def test_a_value_given_to_another_row_or_list_item_is_caught(judge: OfflineJudge) -> None:
    """A number that stands in one row of a table (or one record of a list) given to another
    row the sentence names is a changed fact, though every word is in the record; numbers of
    two rows said of each, or of rows the sentence does not single out, are not."""
    table = "| Year | Team | Goals |\n|---|---|---|\n| 2001 | Ajax | 12 |\n| 2002 | PSV | 8 |"

    def judged(docs: list[str], response: str) -> dict[str, Any]:
        out = judge.judge(real("What do the records say?", docs, response))
        check_rules(real("What do the records say?", docs, response), out, judge)
        return out

    right = judged([table], "He scored 12 goals for Ajax in 2001.")
    both = judged([table], "He scored 12 goals in 2001 and 8 in 2002.")
    wrong = judged([table], "He scored 12 goals for PSV in 2002.")
    assert sentence(right)["fully_supported"] and sentence(both)["fully_supported"]
    assert not wrong["overall_supported"]
    assert "'12' belongs to another row" in sentence(wrong)["explanation"]
    assert wrong["support_score"] < right["support_score"] - 0.2

    products = json.dumps(
        [
            {"product": "Aqua X200", "price": "$499", "noise": "44 dB"},
            {"product": "Aqua X300", "price": "$699", "noise": "42 dB"},
        ]
    )
    fine = judged([products], "The Aqua X200 costs $499.")
    swapped = judged([products], "The Aqua X300 costs $499.")
    assert sentence(fine)["fully_supported"] and not swapped["overall_supported"]

    reviews = json.dumps(
        {
            "name": "Rosario's",
            "reviews": [
                {"stars": 5, "date": "2021-03-14", "text": "The burrito hit the spot."},
                {"stars": 2, "date": "2021-05-02", "text": "The horchata was too sweet."},
            ],
        }
    )
    general = judged([reviews], "Reviewers in 2021 liked the burrito.")
    assert "belongs to another" not in sentence(general)["explanation"]
    misread = judged([reviews], "A 5-star review found the horchata too sweet.")
    assert "'5' belongs to another" in sentence(misread)["explanation"]


WIKI_PAGE = """<h2>Results</h2>
<p>Goals by season.<sup class="reference">[1]</sup> Ajax led the league in 2001.</p>
<script>var counter = "Ajax scored 99";</script>
<table class="wikitable sortable"><caption>Top scorers by season</caption>
<tbody><tr><th scope="col">Season</th><th scope="col">Club</th><th scope="col">Goals</th></tr>
<tr><th scope="row" rowspan="2">2001</th><td><a href="/wiki/AFC_Ajax">Ajax</a></td>
<td>12<sup class="reference">[2]</sup></td></tr>
<tr><td>PSV</td><td>8</td></tr>
<tr><td>2002</td><td colspan="2">not held</td></tr>
</tbody></table>
<table class="infobox"><tr><th>Founded</th><td>18 March 1900</td></tr>
<tr><th>Women's team</th><td>No</td></tr></table>"""


def test_an_html_table_is_read_row_by_row(judge: OfflineJudge) -> None:
    """A page's HTML tables are records, as a markdown table is: each row a statement with its
    cells under their column headers (a cell that spans rows or columns stands in each, a
    footnote mark is no value), a table of names and values (an infobox) a set of fields;
    the page's other text, and a caption, sentence by sentence; a script is no text. So a
    value given to another row, or a field said otherwise, is caught."""
    from ragjudge.judges._records import record_facts

    facts = record_facts(WIKI_PAGE)
    assert facts is not None
    texts = [f.text for f in facts]
    assert texts == [
        "Results",
        "Goals by season.",
        "Ajax led the league in 2001.",
        "Top scorers by season",
        "Season 2001; Club Ajax; Goals 12",
        "Season 2001; Club PSV; Goals 8",
        "Season 2002; Club not held; Goals not held",
        "Founded 18 March 1900",
        "Women's team No",
    ]
    assert [f.group for f in facts if f.group] == ["tables/1/0", "tables/1/1", "tables/1/2"]
    assert [f.negated for f in facts if f.field] == [False, True]
    assert all(f.start <= g.start for f, g in pairwise(facts))
    assert WIKI_PAGE[facts[4].start :].startswith('<tr><th scope="row"')
    # under a header row, a row led by its own <th> is a row of the table, not a field
    winners = (
        "<table><tr><th>Year</th><th>Winner</th></tr><tr><th>2001</th><td>Ajax</td></tr>"
        "<tr><th>2002</th><td>PSV</td></tr></table>"
    )
    rows_read = record_facts(winners) or []
    assert [(f.text, f.field) for f in rows_read] == [
        ("Year 2001; Winner Ajax", False),
        ("Year 2002; Winner PSV", False),
    ]

    verdict = partial(first_verdict, judge, "Who scored most?", [WIKI_PAGE])
    for said in (
        "Ajax scored 12 goals in the 2001 season.",
        "In 2001, Ajax scored 12 goals and PSV scored 8.",
        "The club was founded on 18 March 1900.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    moved = verdict("PSV scored 12 goals in 2001.")
    assert "'12' belongs to another row" in moved["explanation"], moved["explanation"]
    assert "'99'" in verdict("Ajax scored 99 goals in 2001.")["explanation"]
    team = verdict("The club has a women's team.")
    assert "the record says otherwise: 'Women's team: No'" in team["explanation"]


def test_a_weekly_schedule_reads_as_answers_say_it(judge: OfflineJudge) -> None:
    """Opening hours by weekday also read as the number of days they list ("open 7 days a
    week", "daily") or the days they leave out ("closed on Sunday"), and as noon and
    midnight, so a faithful overview is not flagged for a number the record holds only as a
    count of its days."""
    from ragjudge.judges._records import record_facts

    days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    every_day = {"name": "Rosario's Taqueria", "hours": {d: "10:0-21:0" for d in days}}
    four = {"name": "Rosario's Taqueria", "hours": {d: "11:0-0:0" for d in days[:4]}}
    texts = [f.text for f in record_facts(json.dumps(four)) or []]
    assert "hours open 4 days a week, closed on Friday, Saturday, Sunday" in texts
    assert "hours Monday 11:0-0:0 (11 am, 12 am, midnight)" in texts

    def score(record: dict[str, Any], response: str) -> float:
        return float(
            judge.judge(real("Overview?", [json.dumps(record)], response))["support_score"]
        )

    said = "Rosario's Taqueria is open 7 days a week from 10 am to 9 pm."
    assert judge.judge(real("Overview?", [json.dumps(every_day)], said))["overall_supported"]
    assert score(four, "It is open 4 days a week until midnight.") > score(
        four, "It is open 7 days a week until midnight."
    )


def test_numbers_are_read_at_their_value_however_they_are_written(judge: OfflineJudge) -> None:
    """Numbers are read at their value ("1.2 million" is 1,200,000, "3:30 pm" is 15:30), so
    restating a figure in another form is supported, while a changed figure is caught and
    named as the answer wrote it."""
    from ragjudge.judges._tokens import tokenize

    assert tokenize("1.2 million").digits == tokenize("1,200,000").digits == {"1200000"}
    assert tokenize("12k").digits == {"12000"} and tokenize("$2.5bn").digits == {"2500000000"}
    assert tokenize("3:30 pm").seq == tokenize("15:30").seq == ["#15", "#30"]
    assert tokenize("3 p.m.").seq == tokenize("15:00").seq == ["#15"]

    def judged(document: str, response: str) -> dict[str, Any]:
        return judge.judge(real("What does it say?", [document], response))

    steel = "The plant produced 1,200,000 tonnes of steel in 2019."
    assert sentence(judged(steel, "It produced 1.2 million tonnes of steel in 2019."))[
        "fully_supported"
    ]
    changed = judged(steel, "It produced 1.2 billion tonnes of steel in 2019.")
    assert not changed["overall_supported"]
    assert "number '1.2 billion' not found" in sentence(changed)["explanation"]

    hours = "The shop opens at 9:00 and closes at 17:00."
    assert sentence(judged(hours, "The shop is open from 9 AM to 5 PM."))["fully_supported"]
    late = sentence(judged(hours, "The shop is open from 9 AM to 6 PM."))
    assert "number '6 PM' not found" in late["explanation"] and "name" not in late["explanation"]


def test_a_decimal_comma_is_read_where_the_language_writes_one(judge: OfflineJudge) -> None:
    from ragjudge.judges._tokens import tokenize

    assert tokenize("1,5 Mio. Euro", lang="de").digits == {"1500000"}
    assert tokenize("1.500.000 Euro", lang="de").digits == {"1500000"}
    assert tokenize("3,5 %", lang="fr").digits == {"3.5"}
    assert tokenize("1.234,5", lang="en").digits == {"1234.5"}  # unambiguous anywhere
    assert tokenize("1,5", lang="en").digits == {"15"}  # not a decimal in English

    sales = "Der Umsatz des Unternehmens stieg im Jahr 2023 auf 1.500.000 Euro."
    question = "Wie hoch war der Umsatz 2023?"
    same = judge.judge(real(question, [sales], "Der Umsatz stieg 2023 auf 1,5 Mio. Euro."))
    other = judge.judge(real(question, [sales], "Der Umsatz stieg 2023 auf 2,5 Mio. Euro."))
    assert sentence(same)["fully_supported"] and not other["overall_supported"]


def test_chinese_and_japanese_numbers_are_read_at_their_value(judge: OfflineJudge) -> None:
    """Myriads (万, 億, 亿, 만, 억), 午後 hours (both ends of 午後7時から11時), shares in
    tenths (割) and years of a Japanese era (令和6年) read as the digits they stand for."""
    from ragjudge.judges._tokens import tokenize

    assert tokenize("1万2000円", lang="ja").digits == tokenize("12,000円", lang="ja").digits
    assert tokenize("1億2000万", lang="ja").digits == {"120000000"}
    assert tokenize("3亿", lang="zh").digits == {"300000000"}
    assert tokenize("午後3時30分", lang="ja").seq[:3] == tokenize("15時30分", lang="ja").seq[:3]
    # (午後 goes for both ends of a span of one afternoon, not past midnight)
    assert tokenize("午後7時から11時まで", lang="ja").digits == {"19", "23"}
    assert tokenize("午後10時から2時まで", lang="ja").digits == {"22", "2"}
    assert tokenize("千葉県", lang="ja").digits == set()  # a place name, not a thousand
    # a myriad multiplies its whole group, a thousand only the digits before it
    assert tokenize("5千万円", lang="ja").digits == {"50000000"}
    assert tokenize("2千円", lang="ja").digits == tokenize("2,000円", lang="ja").digits
    assert tokenize("2億5千万円", lang="ja").digits == {"250000000"}
    assert tokenize("1만 2천원", lang="ko").digits == {"12000"}
    assert tokenize("5천만 원", lang="ko").digits == {"50000000"}
    # a whole hour before a kana ("17:00まで") and half past ("9時半")
    assert tokenize("17:00まで", lang="ja").digits == tokenize("17時まで", lang="ja").digits
    assert tokenize("9時半", lang="ja").digits == tokenize("9:30", lang="ja").digits
    # Chinese times of day: 下午3点 is 15:00, 晚上8点半 20:30
    assert tokenize("下午3点", lang="zh").digits == tokenize("15:00", lang="zh").digits
    assert tokenize("晚上8点半", lang="zh").digits == tokenize("20:30", lang="zh").digits
    assert tokenize("오후 3시 반에", lang="ko").digits == tokenize("15:30", lang="ko").digits
    assert tokenize("3시 반드시", lang="ko").digits == {"3"}  # 반드시 is "surely"

    price = "この製品の価格は12,000円です。"
    same = judge.judge(real("価格は？", [price], "この製品の価格は1万2000円です。"))
    other = judge.judge(real("価格は？", [price], "この製品の価格は1万3000円です。"))
    assert sentence(same)["fully_supported"] and not other["overall_supported"]
    assert "'1万3000'" in sentence(other)["explanation"]

    # a share in tenths: 2割 is 20%, 2割5分 is 25%, also in kanji numerals
    assert tokenize("2割", lang="ja").digits == tokenize("20%", lang="ja").digits == {"20"}
    assert tokenize("2割5分", lang="ja").digits == {"25"}
    assert tokenize("三割", lang="ja").digits == {"30"}
    share = "回答者の30%が賛成しました。"
    same = judge.judge(real("賛成は？", [share], "回答者の3割が賛成しました。"))
    other = judge.judge(real("賛成は？", [share], "回答者の4割が賛成しました。"))
    assert sentence(same)["fully_supported"] and not other["overall_supported"]
    assert "'4割'" in sentence(other)["explanation"]

    # a year of a Japanese era is the Gregorian year: 令和6年 is 2024, 平成元年 1989
    assert tokenize("令和6年", lang="ja").digits == tokenize("2024年", lang="ja").digits
    assert tokenize("令和六年", lang="ja").digits == {"2024"}
    assert tokenize("平成元年", lang="ja").digits == {"1989"}
    deadline = "申請の締切は2024年3月15日です。"
    same = judge.judge(real("締切は？", [deadline], "申請の締切は令和6年3月15日です。"))
    other = judge.judge(real("締切は？", [deadline], "申請の締切は令和7年3月15日です。"))
    assert sentence(same)["fully_supported"] and not other["overall_supported"]
    assert "'令和7年'" in sentence(other)["explanation"]


def test_a_record_nested_too_deep_to_read_is_judged_as_text(judge: OfflineJudge) -> None:
    """Brackets nested deeper than Python's parsers go are neither a record nor a crash: the
    document is split and judged like any text."""
    from ragjudge.judges._records import record_facts

    for deep in ("[" * 50_000 + "]" * 50_000 + "\n\n\n", '{"a":\n' * 2_000 + "1" + "}" * 2_000):
        assert record_facts(deep) is None
        out = judge.judge(
            real("What is a?", [deep, "The value of a is 1."], "The value of a is 1.")
        )
        assert out["overall_supported"] is True


#: a listing shaped like Yelp's open data (made up): Python-literal strings as values, and
#: nested attributes written as strings of Python dicts
LISTING = {
    "name": "Copper Kettle Diner",
    "city": "Tucson",
    "state": "AZ",
    "categories": "Diners, Breakfast & Brunch",
    "attributes": {
        "WiFi": "u'no'",
        "RestaurantsTakeOut": "True",
        "DogsAllowed": "True",
        "Ambience": "{'romantic': False, 'casual': True, 'classy': False}",
        "BusinessParking": "{'garage': False, 'street': True, 'lot': False}",
    },
    "business_stars": 4.0,
}


def test_record_values_written_as_python_literals_are_read_as_their_fields() -> None:
    from ragjudge.judges._records import record_facts

    facts = {f.text: f.negated for f in record_facts(json.dumps(LISTING)) or []}
    assert facts["attributes Wi Fi WiFi no"] is True  # u'no' denies the field
    assert facts["attributes Ambience romantic no"] is True
    assert facts["attributes Ambience casual (atmosphere, ambiance, vibe) yes"] is False
    assert facts["attributes Business Parking BusinessParking street yes"] is False
    # run-together parts of a CamelCase name are read too: answers write "takeout"
    assert any("TakeOut" in text for text in facts)


def test_records_dumped_as_python_or_inside_a_prompt_read_as_json_does() -> None:
    """`str()` of a dict (single quotes, `False`) and a record introduced by a line of prose
    ("Structured data: {…}") give the same facts as the JSON text, each placed inside the
    record; the prose around it is not a fact."""
    from ragjudge.judges._records import record_facts

    def read(text: str) -> list[tuple[str, bool]]:
        facts = record_facts(text)
        assert facts is not None
        return [(f.text, f.negated) for f in facts]

    as_json = read(json.dumps(LISTING))
    assert read(str(LISTING)) == as_json
    intro = "Instruction:\nWrite an objective overview of the business.\n\nStructured data:\n"
    for dumped in (json.dumps(LISTING, indent=2), str(LISTING)):
        prompt = f"{intro}{dumped}\nOverview:"
        facts = record_facts(prompt)
        assert facts is not None and [(f.text, f.negated) for f in facts] == as_json
        assert all(len(intro) <= f.start < len(intro) + len(dumped) for f in facts)
    # prose that merely contains braces, or a record that is a small part of the text, is prose
    code = "Call the hook like this: {'retries': 3, 'timeout': 10} before the first request."
    assert record_facts(code) is None
    long_intro = "The listing below was exported from the partner site last week. " * 20
    assert record_facts(f"{long_intro}\nData: {json.dumps(CAFE)}") is None


def test_a_long_text_value_is_read_sentence_by_sentence() -> None:
    """A review or a description inside a record is a passage: one fact per sentence (not
    fields), so a claim is compared with the sentence that could support it."""
    from ragjudge.judges._records import record_facts

    review = (
        "We stopped in after a long hike and the carne asada burrito hit the spot. The salsa "
        "bar has six different salsas and the green one is fantastic. Portions are generous."
    )
    facts = record_facts(json.dumps({**CAFE, "reviews": [{"stars": 5, "text": review}]}))
    assert facts is not None
    passage = [f for f in facts if f.text.startswith("reviews text")]
    assert [f.text for f in passage] == [
        "reviews text We stopped in after a long hike and the carne asada burrito hit the spot.",
        "reviews text The salsa bar has six different salsas and the green one is fantastic.",
        "reviews text Portions are generous.",
    ]
    assert not any(f.field for f in passage)
    assert any(f.text == "reviews stars (rating, rated) 5" and f.field for f in facts)


def test_a_contradicted_field_is_caught_however_the_record_is_written(
    judge: OfflineJudge,
) -> None:
    question = "Write an overview of the business."
    claim = "Blue Fern Cafe offers outdoor seating."
    written = [
        json.dumps(CAFE),
        str(CAFE),
        f"Structured data:\n{CAFE}\nOverview:",
    ]
    scores = {judge.judge(real(question, [doc], claim))["support_score"] for doc in written}
    assert len(scores) == 1  # the same facts, so the same verdict
    dogs = judge.judge(real(question, [written[2]], "Blue Fern Cafe allows dogs inside."))
    assert dogs["support_score"] > scores.pop()


PATIO = {
    "name": "Blue Fern Cafe",
    "city": "Portland",
    "categories": "Cafes, Breakfast & Brunch",
    "attributes": {
        "OutdoorSeating": True,
        "RestaurantsDelivery": "True",
        "DogsAllowed": False,
        "RestaurantsTakeOut": True,
    },
}


@pytest.mark.parametrize(
    ("said", "wrong"),
    [
        # denies what the record affirms
        ("It does not offer outdoor seating.", True),
        ("There is no outdoor seating.", True),
        ("It offers no delivery or takeout.", True),
        # affirms what the record denies after a negation of something else
        ("It has no TV, but dogs are welcome.", True),
        ("Dogs are allowed.", True),
        # the negation belongs to the denied field only
        ("Dogs are not allowed.", False),
        ("Dogs are not allowed, but it offers outdoor seating and delivery.", False),
        ("It does not allow dogs, and it has outdoor seating.", False),
        # a negation reaches the list after it, not the clauses with verbs before it
        ("It offers delivery, dogs are allowed, and there is no TV.", True),
        ("Dogs and a TV are not allowed.", False),
        ("Dogs, smoking and a TV are not allowed.", False),
    ],
)
def test_a_negation_is_read_in_its_clause_against_the_record(
    judge: OfflineJudge, said: str, wrong: bool
) -> None:
    """A sentence contradicts a record when a clause denies a field the record affirms or
    affirms one it denies; a negation reaches its own clause, not the next one after "but"
    or "and", nor the clauses before it that have verbs of their own ("…, dogs are allowed,
    and there is no TV"). A contradiction is unsupported, and the explanation says so."""
    question = "Write an overview of the business."
    opening = "Blue Fern Cafe is a cafe in Portland serving breakfast and brunch."
    out = judge.judge(real(question, [json.dumps(PATIO)], f"{opening} {said}"))
    claim = out["sentence_support_information"][1]
    assert ("the record says otherwise" in claim["explanation"]) is wrong, claim["explanation"]
    if wrong:
        assert claim["fully_supported"] is False and out["overall_supported"] is False


def test_markdown_headings_frame_and_bullets_state_fields(judge: OfflineJudge) -> None:
    """A chat model's markdown: headings ("## Hours and amenities", "**What guests say**",
    "**Amenities:**") name what follows and claim nothing, so a faithful answer written so
    is supported; a bullet that gives a field the other value ("- Outdoor seating: No"
    against `OutdoorSeating: true`) contradicts the record."""
    question = "Write an overview of the business."
    faithful = (
        "## Blue Fern Cafe\n\n"
        "**Blue Fern Cafe** is a cafe in Portland serving breakfast and brunch.\n\n"
        "**Amenities:**\n- Outdoor seating: Yes\n- Delivery: Yes\n- Dogs allowed: No\n\n"
        "**What guests say**\n- Takeout is available."
    )
    item = real(question, [json.dumps(PATIO)], faithful)
    out = judge.judge(item)
    framing = [
        s.text
        for s, verdict in zip(item.response, out["sentence_support_information"], strict=True)
        if verdict["explanation"].startswith("A framing")
    ]
    assert framing == ["## Blue Fern Cafe", "**Amenities:**", "**What guests say**"], framing
    assert out["overall_supported"] is True
    wrong = judge.judge(
        real(
            question,
            [json.dumps(PATIO)],
            faithful.replace("Outdoor seating: Yes", "Outdoor seating: No"),
        )
    )
    bullet = next(
        s for s in wrong["sentence_support_information"] if "says otherwise" in s["explanation"]
    )
    assert bullet["fully_supported"] is False and wrong["overall_supported"] is False


def test_a_heading_keyed_apart_from_its_marks_still_frames(judge: OfflineJudge) -> None:
    """Keyed data split elsewhere may key a heading's "##" apart from its words; the heading
    still claims nothing."""
    item = keyed(
        "Write an overview of the business.",
        [["Blue Fern Cafe is a cafe in Portland serving breakfast and brunch."]],
        ["##", "Hours and amenities", "Blue Fern Cafe is a cafe in Portland."],
    )
    out = judge.judge(item)
    check_rules(item, out)
    heading = sentence(out, "b")
    assert heading["explanation"].startswith("A framing"), heading["explanation"]
    assert out["overall_supported"] is True


def test_a_field_named_by_one_word_of_its_own_is_caught_when_denied(judge: OfflineJudge) -> None:
    """A denied field is named by a word of its name that no other fact has, even when the
    rest of the name is shared ("delivery" for `RestaurantsDelivery`, "brunch" under
    `GoodForMeal`), also in a plural or a run-together form ("kid-friendly" for
    `GoodForKids`, "late-night" for `latenight`); a word other facts also have ("good") names
    none of them."""
    from ragjudge.judges._features import build_evidence, example_features

    record = {
        "name": "Blue Fin Sushi",
        "city": "Boise",
        "food": "good",
        "attributes": {
            "RestaurantsTakeOut": "True",
            "RestaurantsReservations": "True",
            "RestaurantsDelivery": "None",
            "GoodForKids": "False",
            "GoodForMeal": "{'lunch': True, 'latenight': False, 'brunch': False}",
        },
    }
    doc = json.dumps(record)
    question = "Write an overview of the business."

    def contradicted(response: str) -> list[bool]:
        item = real(question, [doc], response)
        return [bool(f.contradicted) for f in example_features(item, build_evidence(item))]

    denied = [
        "It offers delivery.",
        "It is a popular brunch spot.",
        "It is open for late-night meals.",
        "It is kid-friendly.",
    ]
    assert contradicted(" ".join(denied)) == [True] * len(denied)
    said = ["The food is good.", "It offers takeout and reservations.", "It is good for lunch."]
    assert contradicted(" ".join(said)) == [False] * len(said)
    # denying what the record denies is no contradiction
    assert contradicted("It does not offer delivery.") == [False]
    faithful = judge.judge(real(question, [doc], " ".join(said)))
    for claim in denied:
        wrong = judge.judge(real(question, [doc], f"{said[0]} {said[1]} {claim}"))
        assert wrong["overall_supported"] is False
        assert wrong["support_score"] < faithful["support_score"] - 0.2


def test_a_listing_value_said_as_another_of_its_scale_is_caught(judge: OfflineJudge) -> None:
    """A listing's value on a scale (`NoiseLevel: loud`, `WiFi: paid`, a price range) is
    contradicted by another value of the same field ("a quiet spot", "free WiFi", "upscale"),
    and a field by its other names ("family-friendly" for `GoodForKids: False`, "a full bar"
    for `Alcohol: none`). Said as the record has it, in its own words or others, it is
    supported; a word that names another thing ("free parking", "the salsa bar",
    "family-owned") or a negated clause ("not noisy") contradicts nothing."""
    from ragjudge.judges._features import build_evidence, example_features

    def listing(**attributes: str) -> str:
        return json.dumps(
            {
                "name": "Casa Lupita",
                "city": "Tucson",
                "categories": "Mexican, Restaurants",
                "attributes": {"RestaurantsTakeOut": "True", **attributes},
                "reviews": [{"stars": 5.0, "text": "The salsa bar has six kinds of salsa."}],
            }
        )

    question = "Write an overview of the business."

    def contradicted(doc: str, response: str) -> list[bool]:
        item = real(question, [doc], response)
        return [bool(f.contradicted) for f in example_features(item, build_evidence(item))]

    plain = listing(
        WiFi="u'paid'",
        NoiseLevel="u'loud'",
        Alcohol="u'none'",
        GoodForKids="False",
        RestaurantsPriceRange2="1",
        RestaurantsAttire="u'casual'",
    )
    wrong = [
        "It offers free WiFi.",
        "It has a quiet atmosphere.",
        "It serves a full bar.",
        "It serves beer and wine.",
        "It is family-friendly.",
        "It is an upscale restaurant.",
        "The dress code is formal.",
    ]
    assert contradicted(plain, " ".join(wrong)) == [True] * len(wrong)
    right = [
        "WiFi is available for a fee.",
        "It can be noisy.",
        "It does not serve alcohol.",
        "It is an inexpensive restaurant.",
        "The attire is casual.",
        "Free parking is available.",
        "The salsa bar has six kinds of salsa.",
        "It is a family-owned restaurant.",
        "It is not quiet.",
    ]
    assert contradicted(plain, " ".join(right)) == [False] * len(right)

    fancy = listing(
        WiFi="u'free'",
        NoiseLevel="u'quiet'",
        Alcohol="u'full_bar'",
        GoodForKids="True",
        RestaurantsPriceRange2="3",
    )
    said = [
        "It offers free Wi-Fi.",
        "It is a quiet, peaceful place with a full bar.",
        "It is family-friendly.",
        "It is a pricey spot.",
    ]
    assert contradicted(fancy, " ".join(said)) == [False] * len(said)
    assert contradicted(fancy, "It is cheap. It is not family-friendly.") == [True, True]
    assert contradicted(fancy, "Prices are affordable.") == [True]  # $$$ is not affordable
    out = judge.judge(real(question, [fancy], " ".join(said)))
    assert out["overall_supported"] is True, out["sentence_support_information"]
    for claim in wrong[:5]:
        out = judge.judge(real(question, [plain], f"Casa Lupita is in Tucson. {claim}"))
        assert out["overall_supported"] is False, claim
        assert "the record says otherwise" in out["sentence_support_information"][1]["explanation"]


def test_a_listing_field_is_read_past_its_own_names_and_a_review_that_agrees(
    judge: OfflineJudge,
) -> None:
    """Fields whose reading other words of the record used to hide:

    - `Alcohol: beer_and_wine` is not "a full bar", though the field's own line lists "full
      bar" among its other names, or "full" in a review and "bar" in the categories, or
      "cocktails" in a review that says there are none;
    - `WiFi: no` is contradicted by "free WiFi" when a review also says "there is no WiFi":
      a review that agrees does not take the word from the field;
    - `WiFi: free` (or paid) says the place has WiFi, so "there is no WiFi" is contradicted,
      while "no charge for WiFi" denies a cost, not the WiFi, and so does a yes field's;
    - `RestaurantsPriceRange2: 2` is moderate, neither upscale nor cheap."""
    from ragjudge.judges._features import build_evidence, example_features

    question = "Write an overview of the business."

    def contradicted(
        response: str, review: str = "Tasty tacos.", **attributes: object
    ) -> list[bool]:
        doc = json.dumps(
            {
                "name": "Casa Lupita",
                "city": "Tucson",
                "attributes": attributes,
                "reviews": [{"stars": 3.0, "text": review}],
            }
        )
        item = real(question, [doc], response)
        return [bool(f.contradicted) for f in example_features(item, build_evidence(item))]

    assert contradicted("It has a full bar.", Alcohol="u'beer_and_wine'") == [True]
    assert contradicted("It serves beer and wine.", Alcohol="u'beer_and_wine'") == [False]
    review = "Tasty tacos, though there is no WiFi."
    assert contradicted("Guests can use free WiFi.", review, WiFi="u'no'") == [True]
    assert contradicted("It does not offer WiFi.", review, WiFi="u'no'") == [False]
    for value in ("u'free'", "u'paid'"):
        assert contradicted("There is no WiFi.", WiFi=value) == [True], value
        assert contradicted("WiFi is not available.", WiFi=value) == [True], value
    free = ["There is no charge for WiFi.", "It does not charge for WiFi."]
    assert contradicted(" ".join(free), WiFi="u'free'") == [False, False]
    assert contradicted("There is no fee for bike parking.", BikeParking=True) == [False]
    assert contradicted("There is no bike parking.", BikeParking=True) == [True]
    # "full" in one unit and "bar" in another is no "full bar" of the record's; a review
    # that says "no cocktails" agrees with beer and wine
    review = "A full house on Friday, and they only serve beer and sake, no cocktails."
    beer = {"Alcohol": "u'beer_and_wine'", "categories": "Sushi Bars"}
    assert contradicted("It has a full bar.", review, **beer) == [True]
    assert contradicted("It serves cocktails.", review, **beer) == [True]
    moderate = {"RestaurantsPriceRange2": 2}
    assert contradicted("It is a cheap place. It is pricey.", **moderate) == [True, True]
    said = "It is moderately priced. It is affordable."
    assert contradicted(said, **moderate) == [False, False]
    doc = json.dumps({"name": "Casa Lupita", "attributes": {"WiFi": "u'free'"}})
    out = judge.judge(real(question, [doc], "Casa Lupita has no WiFi."))
    assert out["overall_supported"] is False
    assert "attributes.WiFi: free" in out["sentence_support_information"][0]["explanation"]


def test_days_with_yes_or_no_are_no_opening_hours(judge: OfflineJudge) -> None:
    """`BestNights` gives days with yes or no: they are options of the place, not the days it
    opens, so "open Wednesday to Sunday" is read against the hours alone, and Tuesday, which
    the hours leave out, is still a day it is closed."""
    listing = {
        "name": "Velvet Hour",
        "hours": {"Wednesday": "18:0-2:0", "Thursday": "18:0-2:0", "Friday": "17:0-2:0"},
        "attributes": {
            "BestNights": "{'monday': False, 'tuesday': False, 'wednesday': False, "
            "'thursday': True, 'friday': True}"
        },
    }
    verdict = partial(first_verdict, judge, "Write an overview.", [json.dumps(listing)])
    out = verdict("Velvet Hour opens at 6 p.m. on Wednesdays and Thursdays.")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("Velvet Hour is open Tuesday through Friday.")
    assert out["fully_supported"] is False, out["explanation"]


def test_reviewers_said_to_say_what_one_review_says_is_caught(judge: OfflineJudge) -> None:
    """ "Reviewers rave about the carnitas tacos" where one review does is an overview's
    claim of many; "two reviewers praised …" counts them itself, and "customers praised the
    tacos and the churros" joins what two reviews say."""
    from ragjudge.judges._features import build_evidence, example_features

    listing = {
        "name": "La Palma",
        "review_info": [
            {"review_stars": 4.0, "review_text": "The carnitas tacos were juicy."},
            {"review_stars": 2.0, "review_text": "The chile relleno was greasy."},
            {"review_stars": 4.0, "review_text": "The kids loved the churros."},
        ],
    }
    question = "Write an overview."

    def overcounted(said: str) -> bool:
        item = real(question, [json.dumps(listing)], said)
        return example_features(item, build_evidence(item))[0].overcounted is not None

    assert overcounted("Reviewers rave about the juicy carnitas tacos.")
    assert overcounted("Overall, customers praised the juicy carnitas tacos.")
    assert not overcounted("Two reviewers praised the juicy carnitas tacos and the churros.")
    assert not overcounted("Customers praised the carnitas tacos and the churros.")


def test_a_listings_stars_are_its_rating(judge: OfflineJudge) -> None:
    """`stars: 4.5` is what an overview calls "a 4.5-star rating" or "rated 4.5 stars": every
    word of it is the record's; another number is still one the record lacks."""
    doc = json.dumps({"name": "Casa Lupita", "city": "Tucson", "stars": 4.5, "review_count": 212})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    for said in ("Casa Lupita has a 4.5-star rating.", "Casa Lupita is rated 4.5 stars."):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
        assert "(100% of content words)" in out["explanation"], said
    out = verdict("Casa Lupita has a 3.5-star rating.")
    assert out["fully_supported"] is False and "'3.5'" in out["explanation"]


def test_what_a_field_costs_and_a_prefix_negation_are_read(judge: OfflineJudge) -> None:
    """Any field whose value says what it costs ("paid, $15 per night") is contradicted by
    "free" beside its name (within three words: "free breakfast and parking"), though "free"
    is said of another field ("free breakfast"), and a free one by "for a fee"; "non-smoking"
    denies smoking, so it does not contradict `smoking: false`, while "smoking is allowed"
    does."""
    hotel = {
        "name": "Harbor View Inn",
        "city": "Monterey",
        "amenities": ["outdoor pool", "free breakfast"],
        "parking": "paid, $15 per night",
        "shuttle": "free",
        "valet": "$25 per night",
        "smoking": False,
    }
    verdict = partial(first_verdict, judge, "Describe the hotel.", [json.dumps(hotel)])
    for said in (
        "Parking is free.",
        "Free parking is available.",
        "Guests get free breakfast and parking.",
        "The shuttle costs a fee.",
        "Valet service is free.",
        "Smoking is allowed.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "the record says otherwise" in out["explanation"], said
    for said in (
        "Breakfast is free.",
        "Parking is available for a fee.",
        # "free" said of a thing far before the field's name, in a list
        "Guests get free breakfast, an outdoor pool and a shuttle, and parking is available.",
        "The shuttle is free.",
        "It is a non-smoking hotel.",
    ):
        out = verdict(said)
        assert "the record says otherwise" not in out["explanation"], (said, out["explanation"])


@pytest.mark.parametrize(
    ("said", "thing"),
    [
        ("The hotel also features a rooftop terrace with harbour views.", "a rooftop terrace"),
        ("It offers a relaxed dining experience.", "a relaxed dining experience"),
        ("There is a spa on the top floor.", "a spa"),
        ("The hotel offers plenty of vegan options.", "plenty of vegan options"),
        # what the record or a review names, a thing denied, a number
        ("The hotel offers free WiFi and a fitness center.", None),
        ("It has harbour views and an excellent breakfast.", None),
        ("The hotel does not offer a spa.", None),
        ("The hotel has 42 rooms.", None),
        # a perfect, those a thing is given to, an amount alone
        ("The hotel has been praised for its breakfast.", None),
        ("The hotel provides guests with free WiFi.", None),
        ("There is something for everyone.", None),
    ],
)
def test_a_thing_no_field_or_review_names_is_caught(
    judge: OfflineJudge, said: str, thing: str | None
) -> None:
    """A record lists what its subject has: "features a rooftop terrace" where no field or
    review names a terrace or a rooftop is made up, however well the sentence's other words
    match."""
    hotel = {
        "name": "Harbor View Inn",
        "rooms": 42,
        "amenities": {"free_wifi": True, "fitness_center": True, "pool": False},
        "reviews": [{"text": "Lovely harbour views and the breakfast was excellent."}],
    }
    out = first_verdict(judge, "Write an overview of the hotel.", [json.dumps(hotel)], said)
    quote = f"'{thing}' is in no field or review of the record" if thing else None
    caught(out, quote, "is in no field or review")


def test_a_word_that_pictures_a_records_subject_unsaid_lowers_its_support(
    judge: OfflineJudge,
) -> None:
    """ "A charming hotel" where neither the record nor its reviews call it charming adds what
    neither says: the explanation names the word and the sentence's support falls; a word
    a review gives, or any such word in prose documents, is not named."""
    hotel = {
        "name": "Harbor View Inn",
        "rooms": 42,
        "reviews": [{"text": "A cozy room with lovely harbour views."}],
    }
    record = [json.dumps(hotel)]
    verdict = partial(first_verdict, judge, "Write an overview of the hotel.")
    plain = verdict(record, "Harbor View Inn is a hotel with 42 rooms.")
    out = verdict(record, "Harbor View Inn is a charming hotel with 42 rooms.")
    assert "'charming' is in no field or review of the record" in out["explanation"]
    assert out["probability"] < plain["probability"] - 0.1, (out, plain)
    out = verdict(record, "Harbor View Inn is a cozy hotel with 42 rooms.")
    assert "is in no field or review" not in out["explanation"], out["explanation"]
    prose = ["Harbor View Inn is a hotel with 42 rooms."]
    out = verdict(prose, "Harbor View Inn is a charming hotel with 42 rooms.")
    assert "is in no field or review" not in out["explanation"], out["explanation"]


def test_who_runs_a_business_and_on_what_warrant_unsaid_lowers_its_support(
    judge: OfflineJudge,
) -> None:
    """ "A family-run Indian restaurant", "a licensed and insured plumbing company" and "a
    small-batch creamery" describe who runs a business and on what warrant where the record
    and its reviews say none of it; a review that says "family-run" gives it."""
    record = [
        json.dumps(
            {
                "name": "Saffron Lantern",
                "categories": "Indian, Restaurants, Plumbing, Ice Cream & Frozen Yogurt",
                "reviews": [{"text": "Great lamb curry and friendly staff."}],
            }
        )
    ]
    verdict = partial(first_verdict, judge, "Write an overview of the business.")
    for sentence, phrase in (
        ("Saffron Lantern is a family-run Indian restaurant.", "family-run"),
        ("Saffron Lantern is a licensed and insured plumbing company.", "licensed"),
        ("Saffron Lantern is a small-batch ice cream shop.", "small-batch"),
    ):
        out = verdict(record, sentence)
        assert f"'{phrase}' is in no field or review of the record" in out["explanation"], out
    record = [record[0].replace("Great lamb curry", "A family-run spot with great lamb curry")]
    out = verdict(record, "Saffron Lantern is a family-run Indian restaurant.")
    assert "is in no field or review" not in out["explanation"], out["explanation"]


def test_many_reviews_said_to_say_what_one_says_lowers_its_support(judge: OfflineJudge) -> None:
    """ "Many reviewers praised the pho" where one review of the record does: the explanation
    names the claim of many and that review; what two reviews say may be said of many."""
    cafe = {
        "name": "Marigold Noodle House",
        "reviews": [
            {"text": "The pho here is the best in town. The staff were friendly."},
            {"text": "Friendly staff and a cheap lunch."},
            {"text": "The spring rolls were soggy."},
        ],
    }
    verdict = partial(first_verdict, judge, "Write an overview.", [json.dumps(cafe)])
    one = verdict("One reviewer praised the pho as the best in town.")
    many = verdict("Many reviewers praised the pho as the best in town.")
    assert "'many reviewers' where only one item of the record says it (0" in many["explanation"]
    assert many["probability"] < one["probability"] - 0.1, (many, one)
    for said in (
        "Several reviewers praised the friendly staff.",
        "One reviewer found the spring rolls soggy.",
    ):
        out = verdict(said)
        assert "only one item" not in out["explanation"], out["explanation"]


def test_an_option_of_a_group_goes_by_the_groups_other_names(judge: OfflineJudge) -> None:
    """`casual: True` under `Ambience` is "a casual atmosphere" (or vibe) in an overview; an
    option the record denies is still contradicted under the group's other names."""
    ambience = "{'romantic': False, 'casual': True, 'trendy': False}"
    doc = json.dumps({"name": "Luna Diner", "city": "Reno", "attributes": {"Ambience": ambience}})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    from ragjudge.judges._features import build_evidence, unmatched_words

    said = "Luna Diner has a casual atmosphere."
    assert verdict(said)["fully_supported"] is True
    item = real("Write an overview of the business.", [doc], said)
    assert unmatched_words(said, build_evidence(item)) == []  # "atmosphere" is the record's
    for said in ("Luna Diner has a romantic atmosphere.", "Luna Diner has a trendy vibe."):
        out = verdict(said)
        assert out["fully_supported"] is False and "the record says otherwise" in out["explanation"]


def test_one_review_said_with_the_words_of_another_is_caught(judge: OfflineJudge) -> None:
    """A clause about one review ("one reviewer", "a customer", "one of the reviews") whose
    words each belong to a different review ("tacos" to one, "dry" to another) joins what two
    reviews say. A clause about several reviews, each review in its own clause, or words the
    listing's own fields also hold, join nothing wrongly."""
    listing = {
        "name": "Casa Lupita",
        "city": "Tucson",
        "attributes": {"OutdoorSeating": "True"},
        "review_info": [
            {"review_stars": 5.0, "review_text": "The carne asada tacos were amazing."},
            {"review_stars": 3.0, "review_text": "Strong margaritas but a long wait."},
            {"review_stars": 4.0, "review_text": "Great patio. The churros were a bit dry."},
        ],
    }
    doc = json.dumps(listing)
    question = "Write an overview of the business."
    verdict = partial(first_verdict, judge, question, [doc])
    for said in (
        "One reviewer found the tacos a bit dry.",
        "One of the reviewers praised the tacos and the strong margaritas.",
        "A customer loved the churros and the tacos.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "it joins what different items of the record say" in out["explanation"], said
        assert "'tacos'" in out["explanation"], out["explanation"]
    for said in (
        "One reviewer found the churros a bit dry.",
        "Reviewers praised the tacos and the margaritas.",
        "One reviewer loved the tacos, while another found the churros a bit dry.",
        "One reviewer loved the tacos and another found the margaritas strong.",
        "One reviewer praised the tacos and the patio.",  # the patio is the listing's too
        # several customers first, then what one of them said
        "Customers praised the tacos and the churros, with one reviewer calling the tacos amazing.",
    ):
        out = verdict(said)
        assert "joins what" not in out["explanation"], (said, out["explanation"])
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_day_of_the_hours_said_of_a_review_is_caught(judge: OfflineJudge) -> None:
    """A review's "Friday night" retold as "Saturday night" keeps every word of the listing,
    since Saturday is in its hours; but that Saturday is the hours', and the review gives
    another day. A day said of the hours is theirs."""
    listing = {
        "name": "Casa Lupita",
        "city": "Tucson",
        "hours": {"Friday": "11:0-22:0", "Saturday": "10:0-22:0"},
        "review_info": [
            {
                "review_stars": 3.0,
                "review_text": "Food was good but we waited 40 minutes for a table on a"
                " Friday night. The margaritas are strong.",
            },
        ],
    }
    verdict = partial(
        first_verdict, judge, "Write an overview of the business.", [json.dumps(listing)]
    )
    out = verdict("One reviewer waited 40 minutes for a table on a Saturday night.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "the documents give 'Saturday' only in" in out["explanation"], out["explanation"]
    for said in (
        "One reviewer waited 40 minutes for a table on a Friday night.",
        "Casa Lupita opens at 10 AM on Saturday.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_contradiction_quotes_the_field_and_an_action_names_no_field(
    judge: OfflineJudge,
) -> None:
    """The explanation of a contradiction quotes the fields as the record writes them, so a
    reader need not search the record; and a word of a field's name that says what a place
    does ("take" in `RestaurantsTakeOut`, "accepts" in `BusinessAcceptsCreditCards`) names no
    field by itself: "it does not take reservations" speaks of reservations only. Nor does
    one part of a name whose other part is as much its own ("seating" of `OutdoorSeating`)."""
    doc = json.dumps(
        {
            "name": "Casa Lupita",
            "attributes": {
                "RestaurantsTakeOut": "True",
                "RestaurantsReservations": "False",
                "BusinessAcceptsCreditCards": "True",
                "NoiseLevel": "u'loud'",
                "BusinessParking": "{'garage': False, 'street': True}",
                "OutdoorSeating": "False",
                "RestaurantsTableService": "False",
            },
            "hours": {d: "11:0-21:0" for d in ("Monday", "Tuesday", "Wednesday")},
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    for said in (
        "Casa Lupita does not take reservations.",
        # "restaurant" and "take" are both words of `RestaurantsTakeOut`, yet the clause
        # names reservations
        "The restaurant does not take reservations.",
        "It does not accept reservations.",
        "It accepts both cash and credit cards.",
        # one part of a field's name does not name it when another part is its own too
        "Seating is indoors only.",
        "The service is friendly.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    for said, quoted in (
        ("Casa Lupita takes reservations.", "'attributes.RestaurantsReservations: False'"),
        ("It does not take credit cards.", "'attributes.BusinessAcceptsCreditCards: True'"),
        ("Payment is cash only.", "'attributes.BusinessAcceptsCreditCards: True'"),
        ("It has a quiet dining room.", "'attributes.NoiseLevel: loud'"),
        ("It offers garage parking.", "'BusinessParking.garage: false'"),
        ("It is open every day.", "'hours: open 3 days a week, closed on Thursday, Friday,"),
        ("It offers outdoor dining.", "'attributes.OutdoorSeating: False'"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"the record says otherwise: {quoted}" in out["explanation"], out["explanation"]
        assert "TakeOut" not in out["explanation"], out["explanation"]


@pytest.mark.parametrize("as_lines", [False, True])
def test_a_group_of_options_says_whether_the_place_offers_the_thing(
    judge: OfflineJudge, as_lines: bool
) -> None:
    """`BusinessParking` with every option false says there is no parking at all, and one
    option true that there is: "parking is available" and "there is no parking" are read
    against the group, in JSON and in `key: value` lines alike, while a clause naming an
    option ("street parking") or another field ("bike parking") is read against that one.
    An option that says there is none (`no_music`) offers nothing; a group that describes
    the place (`Ambience`, every option false) denies nothing of the place as a whole."""
    from ragjudge.ingest.ragtruth import render_data

    def listing(parking: str, music: str) -> str:
        record = {
            "name": "Corner Bakery",
            "attributes": {
                "BusinessParking": parking,
                "BikeParking": "True",
                "Music": music,
                "Ambience": "{'romantic': False, 'casual': False, 'classy': False}",
            },
        }
        return render_data(record) if as_lines else json.dumps(record)

    none = "{'garage': False, 'street': False, 'validated': False, 'lot': False}"
    street = "{'garage': False, 'street': True, 'validated': False, 'lot': False}"
    silent = "{'dj': False, 'no_music': True, 'live': False}"
    playing = "{'dj': True, 'no_music': False, 'live': False}"
    question = "Write an overview of the business."
    cases = [
        (none, silent, "Parking is available.", "'BusinessParking: none of garage, street"),
        (none, silent, "The bakery offers parking.", "'BusinessParking: none of garage"),
        (none, silent, "The bakery plays music.", "'Music: none of dj, live'"),
        (street, playing, "There is no parking.", "'BusinessParking: street'"),
        (street, playing, "The bakery does not play any music.", "'Music: dj'"),
        (none, silent, "There is no parking.", None),
        (none, silent, "It offers bike parking.", None),
        (none, silent, "There is no music.", None),
        (street, playing, "Parking is available.", None),
        (street, playing, "Street parking is available.", None),
        (street, playing, "It has no parking lot.", None),
        (street, playing, "The bakery has an ambience of its own.", None),
    ]
    for parking, music, said, quoted in cases:
        out = first_verdict(judge, question, [listing(parking, music)], said)
        if quoted is None:
            assert "the record says otherwise" not in out["explanation"], (said, out)
        else:
            assert out["fully_supported"] is False, (said, out["explanation"])
            assert f"the record says otherwise: {quoted}" in out["explanation"], out


def test_where_an_answer_places_a_listing_must_be_in_the_record(judge: OfflineJudge) -> None:
    """ "Located in downtown Reno" where the listing gives only the city puts the place
    somewhere the record does not say: the place's words are names, capitalised or not. In
    prose a part "located on the outer side" of a seat is no such claim."""
    doc = json.dumps({"name": "Luna Grill", "city": "Reno", "state": "NV", "stars": 4.0})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict("Luna Grill is located in downtown Reno.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "name 'downtown' not found in the documents" in out["explanation"]
    kept = verdict("Luna Grill is located in Reno, NV.")
    assert kept["fully_supported"] is True, kept["explanation"]
    manual = ["Turn the control knob on the side of the driver's seat to adjust lumbar support."]
    prose = first_verdict(
        judge, "How?", manual, "Turn the control knob located on the outer side of the seat."
    )
    assert "name 'outer' not found" not in prose["explanation"], prose["explanation"]


def test_days_a_record_writes_short_are_its_days(judge: OfflineJudge) -> None:
    """ "Mon-Fri 7:00-15:00" names five days: "open Monday to Friday from 7 AM to 3 PM" is
    the record's, Saturday is not among them, and "Sun Valley" names no Sunday."""
    doc = "Name: Blue Fern Cafe\nCity: Sun Valley\nOpening hours: Mon-Fri 7:00-15:00\nWiFi: Free"
    verdict = partial(first_verdict, judge, "When is it open?", [doc])
    kept = verdict("Blue Fern Cafe is open Monday to Friday from 7 AM to 3 PM.")
    assert kept["fully_supported"] is True, kept["explanation"]
    for day in ("Saturday", "Sunday"):
        out = verdict(f"Blue Fern Cafe is open on {day}.")
        assert f"name '{day}' not found" in out["explanation"], out["explanation"]


def test_a_business_placed_where_its_record_does_not_say_is_caught(judge: OfflineJudge) -> None:
    """ "A vegetarian cafe in Seattle" (or one "located at 12 Oak St in Seattle") where the
    record's city is Portland contradicts its location fields, in JSON and in key: value
    lines; a place the record holds, or one it does not name for a business ("popular in
    Tucson"), contradicts nothing."""
    listing = json.dumps({"name": "Casa Lupita", "address": "418 W Main St", "city": "Tucson"})
    lines = "Name: Blue Fern Cafe\nCity: Portland\nCuisine: Vegetarian\nRating: 4.5"
    for doc, said, field in (
        (listing, "Casa Lupita is a Mexican restaurant in Phoenix.", "'city: Tucson'"),
        (listing, "Casa Lupita is located in downtown Phoenix.", "'city: Tucson'"),
        (listing, "Casa Lupita is located at 418 W Main St in Phoenix.", "'city: Tucson'"),
        (listing, "It is located on Main Street, in Phoenix.", "'city: Tucson'"),
        (lines, "Blue Fern Cafe is a vegetarian cafe in Seattle.", "'City: Portland' (0b)"),
    ):
        out = first_verdict(judge, "Write an overview of the business.", [doc], said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "the record says otherwise" in out["explanation"] and field in out["explanation"]
    for doc, said in (
        (listing, "Casa Lupita is a Mexican restaurant in Tucson."),
        (listing, "Casa Lupita is located in downtown Tucson, at 418 W Main St."),
        (listing, "Casa Lupita is located at 418 W Main St in Tucson."),
        (lines, "Blue Fern Cafe is a vegetarian cafe in Portland."),
        (listing, "Casa Lupita is popular in Tucson for its tacos."),
    ):
        out = first_verdict(judge, "Write an overview of the business.", [doc], said)
        assert "the record says otherwise" not in out["explanation"], (said, out["explanation"])


def test_an_overview_that_turns_a_field_a_day_or_a_review_is_caught(judge: OfflineJudge) -> None:
    """Errors of record overviews the words of reviews or of other days hid, each caught:
    reservations denied where a review also speaks of one, "by appointment only" for
    `ByAppointmentOnly: False`, a city after the street address, the street's direction
    turned ("E Bell Rd" for "W Bell Rd"), hours wrong for one day by their minutes, "every
    weekday" where a weekday is missing, "moderately priced" for price range 1, and "all of
    the reviewers" for what one review says. The record's own facts, written as overviews
    write them ("Suite" for "Ste", "West" for "W", "closed on Mondays and opens … Tuesday
    through Friday", "a third reviewer"), pass."""
    record = "Structured data: " + repr(
        {
            "name": "Lotus Bloom",
            "address": "7350 W Bell Rd, Ste 104",
            "city": "Glendale",
            "hours": {
                "Tuesday": "9:30-19:0",
                "Wednesday": "9:30-19:0",
                "Thursday": "9:30-19:0",
                "Friday": "9:30-19:30",
                "Saturday": "9:0-18:0",
            },
            "attributes": {
                "RestaurantsReservations": True,
                "ByAppointmentOnly": False,
                "RestaurantsPriceRange2": "1",
            },
            "review_info": [
                {
                    "review_text": "We had a reservation for six on Friday night, the server was "
                    "friendly and quick, and the mango sticky rice was great."
                },
                {
                    "review_text": "Booked an appointment for a pedicure and still waited 35 "
                    "minutes past my time. The tea they offered was cold."
                },
                {
                    "review_text": "Kim did my brows quickly for $15, and a dip powder nail that "
                    "lifted was fixed for free."
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said, field in (
        ("It does not take reservations.", "RestaurantsReservations: true"),
        ("Services are by appointment only.", "ByAppointmentOnly: false"),
        ("Lotus Bloom is a salon at 7350 W Bell Rd, Suite 104, in Phoenix.", "city: Glendale"),
        ("It is open Tuesday through Friday from 9:30 a.m. to 7 p.m.", "hours.Friday: 9:30-19:30"),
        ("It opens at 9:30 a.m. every weekday.", "hours.Tuesday"),
        ("Lotus Bloom is moderately priced.", "RestaurantsPriceRange2: 1"),
        ("Lotus Bloom is a salon at 7350 E Bell Rd in Glendale.", "address: 7350 W Bell Rd"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "the record says otherwise" in out["explanation"], (said, out["explanation"])
        assert field in out["explanation"], (said, out["explanation"])
    out = verdict("All of the reviewers praised the mango sticky rice.")
    assert out["fully_supported"] is False and "'all of the reviewers'" in out["explanation"]
    for said in (
        "Lotus Bloom is a salon at 7350 W Bell Road, Suite 104, in Glendale.",
        "Lotus Bloom is a salon at 7350 West Bell Road in Glendale.",
        "It is closed on Mondays and opens at 9:30 a.m. from Tuesday through Friday.",
        "It is open Tuesday through Thursday from 9:30 a.m. to 7 p.m.",
        "A third reviewer had her brows done quickly by Kim for $15, and a dip powder nail "
        "that lifted was fixed for free.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    for said in ("Reservations are accepted.", "Lotus Bloom is inexpensive."):
        assert "the record says otherwise" not in verdict(said)["explanation"], said


def test_reviews_stars_given_as_their_range_and_one_reviewer_after_with(
    judge: OfflineJudge,
) -> None:
    """ "Its reviews range from 2 to 5 stars", where the least of the reviews' stars is 2 and
    the most 5, speaks of all the reviews, not of the one with 2 stars; a range the reviews do
    not span is caught. "Comments were mixed, with one reviewer praising server Minh …" speaks
    of that one reviewer from "with one reviewer" on, so the earlier "service" (another
    review's word) joins nothing."""
    record = "Structured data: " + repr(
        {
            "name": "Pho Saigon",
            "business_stars": 4.0,
            "review_info": [
                {
                    "review_stars": 5.0,
                    "review_text": "Our server Minh was friendly and quick. Pho Saigon is "
                    "our spot.",
                },
                {
                    "review_stars": 2.0,
                    "review_text": "Service was slow and our comments were ignored, and Kevin "
                    "forgot an order.",
                },
                {"review_stars": 4.0, "review_text": "The broth was rich and the rolls crisp."},
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict("Pho Saigon has a 4-star rating, with its reviews ranging from 2 to 5 stars.")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("Pho Saigon has a 4-star rating, with its reviews ranging from 1 to 5 stars.")
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict(
        "Comments on service were mixed, with one reviewer calling server Minh friendly, while "
        "another said Kevin forgot an order."
    )
    assert "joins what different items" not in out["explanation"], out["explanation"]


def test_all_where_the_documents_give_most_or_a_share_is_caught(judge: OfflineJudge) -> None:
    """ "Found in every tap water sample" where "in 94 percent of tap water samples", and "took
    all of their assigned pills" where "at least four-fifths of" them, are caught, the
    documents' share named (not the sentence's own "84% of"); said as the documents say
    it, or where a document sentence says all too, they pass."""
    docs = [
        "Researchers found microplastic particles in 94 percent of tap water samples collected "
        "from homes in five states. Roughly 84% of participants took at least four-fifths of "
        "their assigned pills. All of the bottled water samples held fibers."
    ]
    verdict = partial(first_verdict, judge, "Summarize the article.", docs)
    theirs_named(
        verdict,
        (
            (
                "Microplastic particles were found in every tap water sample from homes.",
                "94 percent",
            ),
            ("Roughly 84% of participants took all of their assigned pills.", "four-fifths of"),
        ),
        (
            "Microplastic particles were found in 94 percent of tap water samples from homes.",
            "Fibers were found in every one of the bottled water samples.",
        ),
        mark="stands where the documents have",
    )


def test_most_or_nearly_all_where_the_documents_give_a_smaller_share_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Most residents ride the bus every week" where "42 percent" of those surveyed do, and
    "nearly every day" where "on 19 of the past 30 days", are caught, the documents' share
    named. Said with the share, where the document gives a share that is most ("64 percent
    backed the levy and 30 percent opposed it"), or as a superlative ("the most crowded
    route"), they pass."""
    docs = [
        "In a county survey of 800 residents, 42 percent said they ride the bus at least once "
        "a week. The outdoor pool was open on 19 of the past 30 days because of storms. In "
        "the same survey, 64 percent backed the transit levy and 30 percent opposed it. "
        "Route 9 carries about 6,100 riders a day, 31 percent of all bus trips in the county."
    ]
    verdict = partial(first_verdict, judge, "Summarize the article.", docs)
    theirs_named(
        verdict,
        (
            (
                "Most residents ride the bus at least once a week, a county survey found.",
                "42 percent",
            ),
            ("The outdoor pool was open nearly every day of the past 30 days.", "19 of the past"),
        ),
        (
            "About 42 percent of residents ride the bus at least once a week, a county survey "
            "found.",
            "Most residents in the county survey backed the transit levy.",
            "Route 9 is the most crowded bus route in the county, with about 6,100 riders a day.",
        ),
    )


def test_research_said_to_show_what_the_article_gives_of_some_of_it_is_caught(
    judge: OfflineJudge,
) -> None:
    """In a summary, "research shows that later start times raise attendance" where the
    article says "some studies have found" it, or calls the research mixed, is caught; said
    with the limit, or where the article says research shows it, it passes."""
    docs = [
        "Some studies have found that later school start times raise attendance among "
        "teenagers. Research on the effect of homework limits on grades is mixed, the "
        "district's consultant said. "
        "Research shows that teenagers who sleep less than seven hours miss more school."
    ]
    verdict = partial(first_verdict, judge, "Summarize the following news article.", docs)
    theirs_named(
        verdict,
        (
            (
                "Research shows that later school start times raise attendance among teenagers.",
                "Some",
            ),
            (
                "The district's consultant said research shows homework limits improve grades.",
                "mixed",
            ),
        ),
        (
            "Some studies have found that later school start times raise attendance among teens.",
            "Research shows that teenagers who sleep less than seven hours miss more school.",
        ),
    )


def test_a_person_of_one_review_given_what_another_review_alone_tells_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Dr. Raman placed a crown on a cracked molar" where the one review with the crown and
    the molar names Dr. Ellery, and Dr. Raman only other reviews, is caught; Dr. Ellery
    there passes, and so does a sentence about several reviews ("reviewers praised …").
    "The reviewer who needed a crown … was offered nitrous oxide" joins two reviews."""
    record = "Structured data: " + repr(
        {
            "name": "Brightwater Dental",
            "review_info": [
                {
                    "review_text": "Dr. Priya Raman walked me through my x-rays and did not try "
                    "to sell me anything."
                },
                {
                    "review_text": "I needed a crown on a cracked molar and Dr. Marcus Ellery did "
                    "a great job. He explained why a crown made more sense than a large filling."
                },
                {"review_text": "Dr. Raman was patient and offered nitrous oxide for my fillings."},
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict("Dr. Raman placed a crown on a cracked molar instead of a large filling.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "it joins what different items of the record say" in out["explanation"]
    assert "'Raman'" in out["explanation"], out["explanation"]
    out = verdict("Dr. Ellery placed a crown on a cracked molar instead of a large filling.")
    assert "it joins what different items" not in out["explanation"], out["explanation"]
    # "the reviewer who …" speaks of one review too
    out = verdict("The reviewer who needed a crown on a cracked molar was offered nitrous oxide.")
    assert "it joins what different items of the record say" in out["explanation"], out
    out = verdict("The reviewer who needed a crown on a cracked molar praised Dr. Ellery.")
    assert "it joins what different items" not in out["explanation"], out["explanation"]
    out = verdict("Reviewers praised Dr. Raman and a crown on a cracked molar.")
    assert "it joins what different items" not in out["explanation"], out["explanation"]


def test_walk_ins_welcome_goes_against_by_appointment_only(judge: OfflineJudge) -> None:
    """A sentence saying "walk-ins are welcome" names none of `ByAppointmentOnly`'s words,
    and still says what `ByAppointmentOnly: True` denies; a sentence that says walk-ins are
    not taken agrees with it, and where a review tells of walk-ins being taken the sentence
    is the review's."""

    def record(review: str) -> str:
        return "Structured data: " + repr(
            {
                "name": "Sudsy Paws",
                "categories": "Pets, Pet Groomers",
                "attributes": {"ByAppointmentOnly": True, "BusinessAcceptsCreditCards": True},
                "review_info": [{"review_text": review}],
            }
        )

    question = "Write an overview of the business."
    strict = record("They do not take walk-ins, even for a quick nail trim, so book ahead.")
    out = first_verdict(judge, question, [strict], "Walk-ins are welcome for quick nail trims.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "ByAppointmentOnly: true" in out["explanation"], out["explanation"]
    out = first_verdict(judge, question, [strict], "Walk-ins are not accepted for nail trims.")
    assert "the record says otherwise" not in out["explanation"], out["explanation"]
    lenient = record("They kept taking walk-ins first, so my nail trim started late.")
    out = first_verdict(judge, question, [lenient], "The groomer also takes walk-ins.")
    assert "the record says otherwise" not in out["explanation"], out["explanation"]


def test_hours_of_several_day_groups_in_one_sentence_are_each_checked(
    judge: OfflineJudge,
) -> None:
    """A sentence that gives two groups of days their hours ("until 7 p.m. on Tuesdays and
    closes at 6 p.m. on the other weekdays", "from 11 a.m. to 7 p.m. on Sundays, and on
    Saturdays from 9 a.m. to 7 p.m.") is checked group by group, and "opens at 8 a.m. on
    Sundays" against Sunday's own opening time; the record's hours, told the same ways,
    pass."""
    record = "Structured data: " + repr(
        {
            "name": "Cedar Hollow Animal Hospital",
            "hours": {
                "Monday": "7:30-18:0",
                "Tuesday": "7:30-18:0",
                "Wednesday": "7:30-18:0",
                "Thursday": "7:30-19:0",
                "Friday": "7:30-18:0",
                "Saturday": "9:0-19:0",
                "Sunday": "11:0-17:0",
            },
            "review_info": [
                {"review_text": "We came in at 8 on a Sunday for the clinic's walk-in."}
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said in (
        "The clinic stays open until 7 p.m. on Tuesdays and closes at 6 p.m. on the other "
        "weekdays.",
        "On Sundays it is open from 11 a.m. to 7 p.m., and on Saturdays from 9 a.m. to 7 p.m.",
        "On Sundays the clinic opens at 8 a.m. and closes at 5 p.m.",
    ):
        out = verdict(said)
        assert "the record says otherwise" in out["explanation"], (said, out["explanation"])
    # days closed after a day's hours: the hours are read too
    shop = "Structured data: " + repr(
        {
            "name": "Sharp & Steady Barber Co.",
            "hours": {d: "9:0-19:0" for d in ("Tuesday", "Wednesday", "Thursday", "Friday")}
            | {"Saturday": "8:0-16:0"},
        }
    )
    out = first_verdict(
        judge,
        "Write an overview of the business.",
        [shop],
        "Saturday hours are 9 a.m. to 4 p.m., and the shop is closed on Sundays and Mondays.",
    )
    assert "hours.Saturday: 8:0-16:0" in out["explanation"], out["explanation"]
    for said in (
        "The clinic stays open until 7 p.m. on Thursdays and closes at 6 p.m. on the other "
        "weekdays.",
        "On Sundays it is open from 11 a.m. to 5 p.m., and on Saturdays from 9 a.m. to 7 p.m.",
        "On Saturday it opens at 9 a.m. and closes at 7 p.m., and on Sunday it runs from 11 "
        "a.m. to 5 p.m.",
        "It is open from 7:30 a.m. to 6 p.m. Monday through Wednesday and on Friday, and until "
        "7 p.m. on Thursday.",
        "On Saturdays it is open from 9 a.m. to 7 p.m., on Sundays from 11 a.m. to 5 p.m., and "
        "it opens at 7:30 a.m. on weekdays.",
    ):
        out = verdict(said)
        assert "the record says otherwise" not in out["explanation"], (said, out["explanation"])


def test_what_reviews_say_against_a_field_and_a_review_named_by_its_stars_pass(
    judge: OfflineJudge,
) -> None:
    """ "A five-star regular paid Marcus $45" names a review by its stars (as "a five-star
    reviewer" does), not the place's rating; "a day when it was cash only" and "the 6 a.m.
    sessions are quiet" are what reviews say, whatever the fields say of cards and noise;
    "African American hair" is the record's `africanamerican`. The fields still count
    against a claim of the place's own ("a 5-star rating", "the shop is a quiet spot")."""
    record = "Structured data: " + repr(
        {
            "name": "Sharp & Steady Barber Co.",
            "business_stars": 4.0,
            "attributes": {
                "BusinessAcceptsCreditCards": True,
                "NoiseLevel": "u'loud'",
                "HairSpecializesIn": "{'africanamerican': True, 'curly': True, 'asian': False}",
            },
            "review_info": [
                {
                    "review_stars": 5.0,
                    "review_text": "Marcus gave me a skin fade with a beard trim for $45. The "
                    "6 a.m. sessions are quiet, and the music is not blasting yet.",
                },
                {
                    "review_stars": 2.0,
                    "review_text": "The card machine was down that day so it was cash only.",
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said in (
        "A five-star regular paid Marcus $45 for a skin fade with a beard trim.",
        "A two-star reviewer said it was cash only on a day the card machine was down.",
        "A five-star regular finds the 6 a.m. sessions quiet.",
        "Its barbers specialize in curly hair and African American hair.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    for said, wrong in (
        ("The shop has a 5-star rating.", "belongs to another row"),
        ("The shop is a quiet spot.", "NoiseLevel: loud"),
        ("Its barbers specialize in Asian hair.", "asian: false"),
    ):
        out = verdict(said)
        assert wrong in out["explanation"], (said, out["explanation"])


def test_a_guest_who_came_without_a_reservation_says_nothing_of_the_place(
    judge: OfflineJudge,
) -> None:
    """A review's "we showed up around 9 without a reservation" and an overview's "arrived
    around 9 p.m. without a reservation" tell of a guest, not of whether the place takes
    reservations: a line that says it does not take them goes against
    `RestaurantsReservations: True`, and the guest's line passes."""
    record = "Structured data: " + repr(
        {
            "name": "Riverbend Lanes & Tap",
            "attributes": {"RestaurantsReservations": "True", "HasTV": "True"},
            "review_info": [
                {
                    "review_stars": 4.0,
                    "review_text": "We showed up around 9 without a reservation and waited "
                    "about 40 minutes for a lane.",
                }
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict("The venue has TVs but does not take reservations.")
    assert "'attributes.RestaurantsReservations: True'" in out["explanation"], out
    out = verdict(
        "A four-star reviewer who arrived around 9 p.m. without a reservation waited about 40 "
        "minutes for a lane."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_guests_own_appointment_says_nothing_of_by_appointment_only(
    judge: OfflineJudge,
) -> None:
    """A reviewer's own appointment ("a 3:15 appointment", "a 6 p.m. acrylics appointment")
    neither affirms `ByAppointmentOnly: False` nor, in a negated clause, denies
    `ByAppointmentOnly: True`; "by appointment only" still goes against the first."""

    def record(only: bool, review: str) -> str:
        return "Structured data: " + repr(
            {
                "name": "Lotus Nail Studio",
                "categories": "Beauty & Spas, Nail Salons",
                "attributes": {"ByAppointmentOnly": only, "BusinessAcceptsCreditCards": True},
                "review_info": [{"review_stars": 2.0, "review_text": review}],
            }
        )

    question = "Write an overview of the business."
    late = "I had a 3:15 appointment and we weren't called back until almost 4:30."
    out = first_verdict(
        judge,
        question,
        [record(True, late)],
        "A two-star reviewer with a 3:15 appointment was not called back until almost 4:30.",
    )
    assert "the record says otherwise" not in out["explanation"], out["explanation"]
    seated = "My appointment for acrylics was at 6 p.m. and I wasn't seated until 6:40."
    out = first_verdict(
        judge,
        question,
        [record(False, seated)],
        "A two-star reviewer was seated 40 minutes late for a 6 p.m. acrylics appointment.",
    )
    assert "the record says otherwise" not in out["explanation"], out["explanation"]
    out = first_verdict(
        judge, question, [record(False, seated)], "The studio works by appointment only."
    )
    assert "ByAppointmentOnly: false" in out["explanation"], out["explanation"]


def test_japanese_places_joined_and_a_comment_withheld_are_the_articles_own(
    judge: OfflineJudge,
) -> None:
    """福岡県朝倉市 where the article names 福岡県 and then 同県朝倉市, 岐阜県立高校 where it
    names 岐阜県 and its 県立関北高校, コメントしなかった where it says コメントを控えた, and a
    margin worked out from its numbers (26ポイント上回った) are the article's own; a place it
    never names, a thing it withheld told as made known, and a wrong margin are not."""
    docs = [
        "福岡県では19日、記録的な大雨となった。同県朝倉市では70代の男性が亡くなった。"
        "県教委は処分の有無についてはコメントを控えた。岐阜県の県立関北高校で生徒が倒れた。"
        "新しい検査法の正答率は91%で、従来の検査の65%を上回った。"
    ]
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", docs)
    for said in (
        "福岡県朝倉市では70代の男性が亡くなった。",
        "県教委は処分の有無についてコメントしなかった。",
        "岐阜県立高校で生徒が倒れた。",
        "新しい検査法の正答率は91%で、従来の検査を26ポイント上回った。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    for said in (
        "福岡県久留米市では70代の男性が亡くなった。",
        "県教委は処分の有無を明らかにした。",
        "新しい検査法の正答率は91%で、従来の検査を16ポイント上回った。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])


def test_a_listing_as_key_value_lines_is_read_as_its_json(judge: OfflineJudge) -> None:
    """A listing written as indented `key: value` lines, with "- " items for its reviews (as
    YAML writes it, and as the RAGTruth reader renders Data2txt sources), is read as the same
    record in JSON is: the same verdicts on every sentence, whether it restates the listing or
    contradicts it (a day, a day's hours, a field inside a Python literal, a price range, one
    review's stars given as the listing's, one review said with another's words)."""
    from ragjudge.ingest.ragtruth import render_data

    listing = {
        "name": "Shear Bliss Salon",
        "city": "Philadelphia",
        "business_stars": 4.5,
        "attributes": {
            "ByAppointmentOnly": "True",
            "WheelchairAccessible": "False",
            "BusinessParking": "{'garage': False, 'street': True, 'lot': False}",
            "RestaurantsPriceRange2": "3",
            "WiFi": "u'free'",
        },
        "hours": {
            "Tuesday": "10:0-19:0",
            "Thursday": "10:0-20:0",
            "Friday": "9:0-18:0",
            "Saturday": "9:0-16:0",
        },
        "review_info": [
            {"review_stars": 5.0, "review_text": "Jenna gave me the best haircut in years."},
            {"review_stars": 4.0, "review_text": "My stylist Marco was patient with my curls."},
        ],
    }
    lines = render_data(listing)
    assert "  - review_stars: 5.0" in lines and "RestaurantsPriceRange2: 3" in lines
    said = [
        "Shear Bliss Salon in Philadelphia has a 4.5-star rating.",
        "It is closed on Sundays and Mondays.",
        "Street parking is available and WiFi is free.",
        "One reviewer praised Jenna for the best haircut in years.",
        "It is open until 8 PM on Fridays.",
        "It is wheelchair accessible.",
        "It offers parking in a lot.",
        "Prices are affordable.",
        "It has a 5-star rating.",
        "One reviewer praised Marco for a great haircut.",
    ]
    question = "Write an overview of the business."
    for doc in (json.dumps(listing), lines):
        verdicts = [first_verdict(judge, question, [doc], s)["fully_supported"] for s in said]
        assert verdicts == [True] * 4 + [False] * 6, (doc[:30], verdicts)


def test_key_value_lines_in_markdown_or_yaml_are_read_as_their_record(
    judge: OfflineJudge,
) -> None:
    """Keys in markdown's strong emphasis ("**WiFi:** paid") are keys, and a key's items at
    its own indentation ("Hours:" then "- Monday: …", as YAML allows) are its value; one-key
    items under distinct keys are one object, so the days still sum up as a schedule."""
    doc = (
        "**Name:** Casa Lupita\n**City:** Tucson\n**WiFi:** paid\n**GoodForKids:** False\n"
        "**Hours:**\n- Monday: 11:0-21:0\n- Tuesday: 11:0-21:0\n- Wednesday: 11:0-21:0\n"
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    for said in ("Casa Lupita offers free WiFi.", "It is family-friendly.", "It is open daily."):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "the record says otherwise" in out["explanation"], out["explanation"]
    for said in ("Casa Lupita in Tucson charges for WiFi.", "It is closed on Sundays."):
        assert verdict(said)["fully_supported"] is True, said


def test_a_key_written_again_keeps_every_value() -> None:
    """`key: value` lines that repeat a key lose none of its values, and the fact starts at
    the first of them."""
    from ragjudge.judges._records import record_facts

    text = "Step: open the lid\nStep: remove the filter\nStep: rinse it\nModel: X200\n"
    facts = record_facts(text) or []
    assert [f.text for f in facts] == [
        "Step open the lid, remove the filter, rinse it",
        "Model X200",
    ]
    assert facts[0].start == 0 and facts[1].start == text.index("Model")


def test_a_listing_restated_as_answers_write_it_is_supported(judge: OfflineJudge) -> None:
    """A state's postal code read as its name ("ID", "Boise, Idaho"), an acronym's plural as
    the acronym ("no TVs", `HasTV`), and the values of one field of every review said together
    ("rated 5 and 4 stars") as what they are, not as one review's value given to another;
    while a review's stars given as the listing's rating are caught."""
    listing = {
        "name": "Blue Fin Sushi",
        "city": "Boise",
        "state": "ID",
        "attributes": {"HasTV": "False", "NoiseLevel": "u'average'"},
        "business_stars": 4.5,
        "reviews": [
            {"stars": 5.0, "date": "2022-01-08", "text": "Best rolls in town."},
            {"stars": 4.0, "date": "2022-02-11", "text": "Nice lunch spot downtown."},
        ],
    }
    doc = json.dumps(listing)
    question = "Write an overview of the business."

    verdict = partial(first_verdict, judge, question, [doc])

    for said in (
        "Blue Fin Sushi is in Boise, Idaho, and has a 4.5-star rating.",
        "The noise level is average and there are no TVs.",
        "Reviewers rated it 5 and 4 stars.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    assert "Oregon" in verdict("Blue Fin Sushi is in Boise, Oregon.")["explanation"]
    misread = verdict("A 4-star review called it the best rolls in town.")
    assert "'4' belongs to another" in misread["explanation"]
    # a review's stars are not the listing's own rating (4.5), unless the sentence says so
    for said in ("Blue Fin Sushi has a 5-star rating.", "It is rated 4 stars."):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "belongs to another row or item of the record" in out["explanation"], said
    for said in ("Reviewers gave it 5 stars.", "One reviewer gave it 4 stars."):
        assert verdict(said)["fully_supported"] is True, said


def test_short_plurals_meet_their_singular() -> None:
    from ragjudge.judges._tokens import stem, tokenize

    assert (
        tokenize("open 7 days a week, good for kids").seq
        == tokenize("open 7 day a week, good for kid").seq
    )
    assert [stem(w) for w in ("news", "bias", "axis", "plus", "less")] == [
        "news",
        "bias",
        "axis",
        "plus",
        "less",
    ]


def test_a_word_meets_its_other_forms() -> None:
    """Four-letter words in e meet their plurals and pasts ("time", "times", "timed"), and an
    irregular past meets its plain form ("began", "begin"); a past that is also another word
    ("found", "left") keeps its own."""
    from ragjudge.judges._tokens import tokenize

    assert (
        tokenize("the times and files were named; construction began, it was used and bought").seq
        == tokenize("the time and file were name; construction begins, it was use and buy").seq
    )
    assert tokenize("found, left").seq != tokenize("find, leave").seq


def test_signs_and_ordinals_read_as_the_words_they_stand_for(judge: OfflineJudge) -> None:
    from ragjudge.judges._tokens import tokenize

    def same(a: str, b: str) -> bool:
        return sorted(tokenize(a).seq) == sorted(tokenize(b).seq)

    assert same("rose 80%", "rose 80 percent") and same("80 per cent", "80 percent")
    assert same("costs $5", "costs 5 dollars") and same("€12", "12 euros")
    assert same("heat to 70°F", "heat to 70 degrees") and same("1 degree", "1 degrees")
    assert same("on May 5th", "on May 5") and same("the 21st", "the 21")
    assert same("a .300 average", "a 0.300 average") and not same("end.300 runs", "end 0.3 runs")
    # typographic apostrophes, possessives and contractions
    assert same("Shelley's novel", "Shelley novel") and same("the museum’s hours", "museum hours")
    assert tokenize("It doesn’t open on Sundays").negated
    assert tokenize("they’re open").seq == tokenize("they're open").seq == ["open"]
    assert not same("80%", "90 percent")
    docs = ["Unemployment fell to 4 percent in the second quarter, the lowest in 20 years."]
    question = "What was the unemployment rate?"
    right = judge.judge(real(question, docs, "Unemployment fell to 4% in the second quarter."))
    wrong = judge.judge(real(question, docs, "Unemployment fell to 6% in the second quarter."))
    assert right["overall_supported"] is True and wrong["overall_supported"] is False


def test_a_reference_to_a_passage_by_its_number_is_no_claim(judge: OfflineJudge) -> None:
    """An answer that says where its claims come from ("according to passage 1", "(Documents 1
    and 2)", "[Context 2]") is judged on the claims; the passage's number is not a number the
    documents lack."""
    docs = [
        "The Louvre is the most visited museum in the world. It opens at 9 am every day "
        "except Tuesday.",
        "The museum received 8.7 million visitors in 2023.",
    ]
    question = "When does the Louvre open?"
    plain = (
        "The Louvre opens at 9 am every day except Tuesday. It had 8.7 million visitors in 2023."
    )
    cited = [
        "According to passage 1, the Louvre opens at 9 am every day except Tuesday. "
        "Passage 2 states that it had 8.7 million visitors in 2023.",
        "The Louvre opens at 9 am every day except Tuesday [Context 1]. "
        "It had 8.7 million visitors in 2023 (Documents 1 and 2).",
        "Based on the provided passages, the Louvre opens at 9 am every day except Tuesday "
        "(see document 1). It had 8.7 million visitors in 2023 [1 and 2].",
    ]
    base = judge.judge(real(question, docs, plain))
    assert base["overall_supported"] is True
    for response in cited:
        out = judge.judge(real(question, docs, response))
        assert out["overall_supported"] is True, response
        assert abs(out["support_score"] - base["support_score"]) < 0.1
    changed = judge.judge(
        real(question, docs, "According to passage 1, the Louvre opens at 10 am every day.")
    )
    assert changed["overall_supported"] is False
    assert "10" in sentence(changed)["explanation"]


LOUVRE = ["The Louvre opens at 9 am every day except Tuesday. Admission costs 22 euros."]


def test_a_chat_models_pleasantries_are_no_claims(judge: OfflineJudge) -> None:
    docs = LOUVRE
    question = "When does the Louvre open?"
    chatty = (
        "Hello! I'd be happy to help you with that. The Louvre opens at 9 am every day except "
        "Tuesday. I hope this helps! Please let me know if you have any other questions."
    )
    out = judge.judge(real(question, docs, chatty))
    assert out["overall_supported"] is True
    keys = [s["supporting_sentence_keys"] for s in out["sentence_support_information"]]
    assert keys[0] == keys[1] == keys[3] == keys[4] == ["general"] and keys[2] == ["0a"]
    wrong = judge.judge(real(question, docs, "Hello! The Louvre opens at 8 am. I hope this helps!"))
    assert wrong["overall_supported"] is False


def test_what_a_chat_model_says_of_itself_is_no_claim(judge: OfflineJudge) -> None:
    """ "As an AI language model, I do not have personal opinions", "I'm sorry, but" and "I
    can provide you with information about" speak of the model, not of the world."""
    docs = LOUVRE
    question = "What do you think of the Louvre's opening hours?"
    chatty = (
        "As an AI language model, I do not have personal opinions. However, I can provide you "
        "with information about the Louvre. The Louvre opens at 9 am every day except Tuesday."
    )
    out = judge.judge(real(question, docs, chatty))
    assert out["overall_supported"] is True
    keys = [s["supporting_sentence_keys"] for s in out["sentence_support_information"]]
    assert keys == [["general"], ["general"], ["0a"]]
    sorry = judge.judge(real(question, docs, "I'm sorry, but the Louvre opens at 8 am."))
    assert sorry["overall_supported"] is False
    assert "'8 am'" in sentence(sorry)["explanation"]


def test_an_answer_drawn_as_a_table_is_judged_row_by_row(judge: OfflineJudge) -> None:
    """The header of a markdown table in the answer names columns and claims nothing; each
    row is a claim."""
    docs = [
        "The Louvre opens at 9 am every day except Tuesday. Admission costs 22 euros. "
        "The Musée d'Orsay opens at 9:30 am and closes on Mondays. Admission there costs "
        "16 euros."
    ]
    question = "Compare the two museums."
    rows = [
        "| Museum | Opens | Closed | Price |",
        "|---|---|---|---|",
        "| Louvre | 9 am | Tuesday | 22 euros |",
        "| Musée d'Orsay | 9:30 am | Monday | 16 euros |",
    ]
    out = judge.judge(real(question, docs, "\n".join(rows)))
    assert out["overall_supported"] is True
    keys = [s["supporting_sentence_keys"] for s in out["sentence_support_information"]]
    assert keys[0] == keys[1] == ["general"]
    rows[2] = "| Louvre | 9 am | Tuesday | 18 euros |"
    wrong = judge.judge(real(question, docs, "\n".join(rows)))
    assert wrong["overall_supported"] is False
    assert "18" in wrong["sentence_support_information"][2]["explanation"]


def test_a_japanese_answer_may_cite_its_documents_by_number(judge: OfflineJudge) -> None:
    docs = ["東京タワーは1958年に完成した電波塔です。高さは333メートルです。"]
    question = "東京タワーの高さは？"
    for cited in (
        "文書1によると、東京タワーの高さは333メートルです。",
        "高さは333メートルです【1】。",
    ):
        assert judge.judge(real(question, docs, cited))["overall_supported"] is True, cited
    wrong = judge.judge(real(question, docs, "文書1によると、東京タワーの高さは350メートルです。"))
    assert wrong["overall_supported"] is False


def test_a_count_written_as_a_word_is_caught_when_the_documents_count_otherwise(
    judge: OfflineJudge,
) -> None:
    docs = [
        "A fire at a warehouse in Oakland killed two firefighters and injured five others. "
        "More than 80 firefighters fought the fire for nearly four hours."
    ]
    question = "Summarize the news."

    verdict = partial(first_verdict, judge, question, docs)

    assert verdict("The fire killed two firefighters and injured five others.")["fully_supported"]
    for changed, word in (
        ("The fire killed three firefighters and injured five others.", "three"),
        ("Firefighters fought the fire for nearly six hours.", "six"),
    ):
        out = verdict(changed)
        assert out["fully_supported"] is False and f"'{word}'" in out["explanation"]
    # a count the documents give no other number for is a loose count, not a changed one
    assert "number" not in verdict("Two main concerns about the fire were raised.")["explanation"]
    # a number they give about something else ("three months") still counts otherwise what
    # a sentence it copies counts; the sentence they count it in is theirs
    docs = [
        "Net income for the three months to June climbed to $312 million. The company will "
        "close two older plants in Ohio."
    ]
    verdict = partial(first_verdict, judge, question, docs)
    out = verdict("The company will close three older plants in Ohio.")
    assert out["fully_supported"] is False and "'three'" in out["explanation"], out
    assert verdict("Net income for the three months to June climbed.")["fully_supported"]


def test_a_compound_count_in_words_is_the_number_in_digits(judge: OfflineJudge) -> None:
    """ "Twenty-five" is 25, not 20 and 5: an answer that writes the documents' compound count
    in digits copies it, and one that changes it is caught."""
    docs = ["The Harbour Inn has twenty-five rooms, and sixty guests can dine on its terrace."]
    verdict = partial(first_verdict, judge, "How big is the Harbour Inn?", docs)

    same = verdict("The Harbour Inn has 25 rooms, and 60 guests can dine on its terrace.")
    assert same["fully_supported"] is True and "number" not in same["explanation"]
    changed = verdict("The Harbour Inn has 35 rooms, and 60 guests can dine on its terrace.")
    assert changed["fully_supported"] is False and "'35'" in changed["explanation"]


def test_a_decimal_spoken_in_words_is_the_number_in_digits(judge: OfflineJudge) -> None:
    """A manual that spells out a voice command ("tune to ninety-five-point-five FM") gives
    95.5; "point" that is not followed by digits stays a word."""
    docs = [
        'To change the station, push the VR button and say "tune to ninety-five-point-five FM".',
        "The five point inspection takes one point five hours.",
    ]
    verdict = partial(first_verdict, judge, "How do I change the radio station?", docs)

    same = verdict('Push the VR button and say "tune to 95.5 FM".')
    assert same["fully_supported"] is True and "number" not in same["explanation"]
    changed = verdict('Push the VR button and say "tune to 97.5 FM".')
    assert changed["fully_supported"] is False and "'97.5'" in changed["explanation"]
    assert tokenize("one point five hours").numbers == {"1.5"}
    assert tokenize("three point one four").numbers == {"3.14"}
    assert tokenize("The five point inspection").seq == ["#5", "point", "inspection"]


def test_a_percentage_whose_decimal_point_was_stripped_is_read_whole(
    judge: OfflineJudge,
) -> None:
    """Web text stripped of its punctuation writes 39.6% as "39 6 %"; the answer's 39.6%
    is the documents' number, and 38.6% is not."""
    docs = ["what s new is that gains in the new 39 6 % tax bracket will be taxed at a 20 % rate"]
    verdict = partial(first_verdict, judge, "long term tax rate", docs)

    same = verdict("Gains in the 39.6% tax bracket are taxed at a 20% rate.")
    assert same["fully_supported"] is True and "not found" not in same["explanation"]
    changed = verdict("Gains in the 38.6% tax bracket are taxed at a 20% rate.")
    assert "'38.6'" in changed["explanation"]


def test_a_count_in_words_takes_its_scale_and_a_raised_dot_is_a_decimal_point(
    judge: OfflineJudge,
) -> None:
    """ "Five million" is 5,000,000, as "5 million" is; medical journals print "37·9"."""
    docs = [
        "Up to five million people left Wuhan before the city was closed.",
        "The mean age of the participants was 37·9 years.",
    ]
    verdict = partial(first_verdict, judge, "How many people left Wuhan?", docs)

    assert verdict("Up to 5 million people left Wuhan before it was closed.")["fully_supported"]
    assert verdict("The participants' mean age was 37.9 years.")["fully_supported"]
    changed = verdict("The participants' mean age was 39.7 years.")
    assert changed["fully_supported"] is False and "'39.7'" in changed["explanation"]
    assert tokenize("two hundred thousand").numbers == {"200000"}
    assert tokenize("the third million").numbers == {"3", "1000000"}  # not a count
    assert tokenize("3・4月").numbers == {"3", "4"}  # a Japanese list dot is no decimal point


def test_a_short_year_range_holds_its_last_year(judge: OfflineJudge) -> None:
    """ "(1649–54)" ends in 1654: an answer that writes the year in full copies it."""
    docs = ['The longest novel is "Artamène", originally published (1649–54) in ten parts.']
    verdict = partial(first_verdict, judge, "When was Artamène published?", docs)

    assert verdict("Artamène was published between 1649 and 1654.")["fully_supported"] is True
    changed = verdict("Artamène was published between 1649 and 1656.")
    assert changed["fully_supported"] is False and "'1656'" in changed["explanation"]


def test_a_year_run_into_the_next_date_is_read_apart(judge: OfflineJudge) -> None:
    """Text drawn from Wikipedia loses the dash between a birth and a death date: "9 October
    19408 December 1980" still gives 1940."""
    docs = [
        "John Winston Ono Lennon (born John Winston Lennon; 9 October 19408 December 1980) was "
        "an English singer and songwriter who co-founded the Beatles."
    ]
    verdict = partial(first_verdict, judge, "When was John Lennon born?", docs)

    born = verdict("John Lennon was born on October 9, 1940.")
    assert born["fully_supported"] is True and "number" not in born["explanation"]
    assert "'1941'" in verdict("John Lennon was born on October 9, 1941.")["explanation"]


def test_a_measure_given_again_in_other_units_is_no_new_number(judge: OfflineJudge) -> None:
    """ "160°F (71°C)": the answer converts the documents' number itself; a wrong conversion
    is still a number the documents lack."""
    docs = ["Cook pork tenderloin to an internal temperature of 160°F and let it rest."]
    verdict = partial(first_verdict, judge, "How hot should pork tenderloin be?", docs)

    same = verdict("Cook pork tenderloin to an internal temperature of 160°F (71°C).")
    assert same["fully_supported"] is True and "not found" not in same["explanation"]
    assert "'71' worked out by the answer itself" in same["explanation"]
    wrong = verdict("Cook pork tenderloin to an internal temperature of 160°F (80°C).")
    assert "'80'" in wrong["explanation"]


def test_a_fraction_or_multiple_in_words_reads_as_its_percentage(judge: OfflineJudge) -> None:
    """The documents' "one third", "two-thirds" or "doubled" may be given in digits ("33%",
    "67%", "rose 100%"); another share is still a number they lack. Only the documents' words
    are read so: an answer's "half" claims no 50."""
    from ragjudge.judges._tokens import implied_numbers

    docs = ["One third of the budget went to roads. Two-thirds of voters agreed."]
    verdict = partial(first_verdict, judge, "Where did the budget go?", docs)
    for said in ("About 33% of the budget went to roads.", "About 67% of voters agreed."):
        out = verdict(said)
        assert out["fully_supported"] is True and "not found" not in out["explanation"], said
    wrong = verdict("About 25% of the budget went to roads.")
    assert wrong["fully_supported"] is False and "number '25'" in wrong["explanation"]
    assert implied_numbers("the price doubled") == {"2", "100"}
    assert implied_numbers("in the first half of the season") == set()


def test_an_acronym_or_compound_the_documents_spell_out_is_theirs(judge: OfflineJudge) -> None:
    """An acronym whose words the documents write in full ("US" for "United States", "DoD"
    for "Department of Defense") and a hyphenated name whose parts they write apart
    ("London-based" for "based in London") are theirs; other acronyms and names are not."""
    docs = [
        "Chief Executive Officer Maria Lopez said the United States market grew fastest. "
        "The firm, based in London, sells to the Department of Defense."
    ]
    verdict = partial(first_verdict, judge, "Who buys from the firm?", docs)
    for said in (
        "CEO Maria Lopez said the US market grew fastest.",
        "The London-based firm sells to the DoD.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True and "name" not in out["explanation"], said
    for said, name in (
        ("The Paris-based firm sells to the Department of Defense.", "'Paris-based'"),
        ("The firm sells to the FDA.", "'FDA'"),
    ):
        assert f"name {name} not found" in verdict(said)["explanation"], said


def test_an_ordinal_in_digits_is_the_documents_ordinal_word(judge: OfflineJudge) -> None:
    """ "The 1st model" restates "the first model" of the sentence it rests on; an ordinal
    that sentence does not write ("2nd" where another sentence says "second") is missing."""
    docs = ["It was the first model with WiFi. The second phase starts in May."]
    verdict = partial(first_verdict, judge, "Which model had WiFi?", docs)
    assert verdict("It was the 1st model with WiFi.")["fully_supported"] is True
    assert verdict("The 2nd phase starts in May.")["fully_supported"] is True
    wrong = verdict("It was the 2nd model with WiFi.")
    assert wrong["fully_supported"] is False and "number '2'" in wrong["explanation"]


def test_a_quantity_restated_in_other_units_is_the_documents(judge: OfflineJudge) -> None:
    """A quantity the documents give in one unit may be restated in another of the same
    measure ("60 minutes" for "1 hour", "14 days" for "2 weeks", "two weeks" for "14
    days", 約60分 for 約1時間); a different quantity is still caught, and so is another
    number in the same unit, however close."""
    docs = [
        "The procedure takes about 1 hour. The cable is 2 meters long. "
        "Results arrive within 2 weeks. The warranty lasts 18 years."
    ]
    verdict = partial(first_verdict, judge, "What should I know?", docs)
    for said in (
        "The procedure takes about 60 minutes.",
        "The cable is 200 centimeters long.",
        "Results arrive within 14 days.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
        assert "not found" not in out["explanation"], out["explanation"]
    # a count in words, in the answer or the documents: "two weeks" for "14 days"
    out = first_verdict(
        judge,
        "When?",
        ["Customers will be notified at least 14 days ahead."],
        "Customers will be notified at least two weeks ahead.",
    )
    assert "not found" not in out["explanation"], out["explanation"]
    for said, number in (
        ("The procedure takes about 90 minutes.", "'90'"),
        ("Results arrive within 3 weeks.", "'3'"),
        ("The warranty lasts 18.5 years.", "'18.5'"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"number {number}" in out["explanation"], out["explanation"]
    ja = ["作業には約1時間かかります。"]
    same = first_verdict(judge, "時間は？", ja, "作業には約60分かかります。")
    other = first_verdict(judge, "時間は？", ja, "作業には約90分かかります。")
    assert same["fully_supported"] is True and other["fully_supported"] is False


def test_units_written_short_and_currency_codes_read_as_their_names(judge: OfflineJudge) -> None:
    """A record writes "250 g" and "USD 199" where an overview writes "250 grams" and "199
    dollars": the same words to the judge, and "250 kg" is the documents' 250 in another
    unit. "5G" is a network, not five grams."""
    assert tokenize("250 g").seq == tokenize("250 grams").seq == ["#250", "gram"]
    assert tokenize("5mm").seq == tokenize("5 millimeters").seq
    assert tokenize("USD 199").seq == ["dollar", "#199"]
    assert "gram" not in tokenize("a 5G network").seq
    spec = json.dumps({"product": "Aqua X200", "weight": "250 g", "price": "USD 199"})
    verdict = partial(first_verdict, judge, "Describe the product.", [spec])
    for said in ("The Aqua X200 weighs 250 grams.", "The Aqua X200 costs 199 dollars."):
        out = verdict(said)
        assert out["fully_supported"] is True and "not in the documents" not in out["explanation"]
    heavy = verdict("The Aqua X200 weighs 250 kg.")
    assert "'250 kg' where the documents give '250 g'" in heavy["explanation"]


def test_a_path_or_address_the_documents_lack_is_a_changed_value(judge: OfflineJudge) -> None:
    """A file path or a web address is copied or made up: one the documents lack is caught as
    a changed number is, in English and in Japanese text, and named; the documents' own, or
    a shorter form of it, is not. Slashes that are no path ("and/or", "24/7") are not read."""
    docs = [
        "The configuration file is /opt/watch/conf/agent.conf. Check https://status.example.com"
        "/outages for outages. Support is available 24/7 by phone and/or e-mail."
    ]
    verdict = partial(first_verdict, judge, "Where is it?", docs)
    for said, literal in (
        ("The configuration file is /etc/watch/agent.conf.", "/etc/watch/agent.conf"),
        ("Check https://help.example.com for outages.", "https://help.example.com"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"'{literal}' not found in the documents" in out["explanation"]
    for said in (
        "The configuration file is /opt/watch/conf/agent.conf.",
        "Check status.example.com/outages/ for outages.",
        "Support is available 24/7 by phone and/or e-mail.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    ja = ["設定ファイルは/opt/watch/conf/agent.confです。"]
    changed = first_verdict(judge, "場所は？", ja, "設定ファイルは/etc/watch/agent.confです。")
    assert "'/etc/watch/agent.conf' not found" in changed["explanation"]
    kept = first_verdict(judge, "場所は？", ja, "設定ファイルは/opt/watch/conf/agent.confです。")
    assert kept["fully_supported"] is True, kept["explanation"]


def test_rows_giving_addresses_the_documents_lack_are_flagged(
    judge: OfflineJudge, shared_data: Path
) -> None:
    """On RAGBench's hagrid rows, the answer sentences that cite a web address their
    documents lack are all labelled unsupported; the judge names the address in each."""
    df = rows(shared_data, "hagrid")
    found = 0
    for _, row in df.iterrows():
        item = keyed_row(row)
        if not any("www." in s.text or "://" in s.text for s in item.response):
            continue
        out = judge.judge(item)
        labels = {
            s["response_sentence_key"]: s["fully_supported"]
            for s in row["sentence_support_information"]
        }
        for s in out["sentence_support_information"]:
            if "not found in the documents" in s["explanation"] and "'www." in s["explanation"]:
                found += 1
                assert labels[s["response_sentence_key"]] is False, s["explanation"]
    assert found >= 3, "no sentence cites an address its documents lack: nothing was checked"


def test_a_half_in_words_is_a_number(judge: OfflineJudge) -> None:
    """ "Half an hour" (and "a half hour") is 0.5 hour and so 30 minutes, "an hour and a
    half" 1.5 hours, "two and a half years" 2.5 years: a quantity with a half in words is
    read at its value, so that it restates the documents' quantity in other units or is
    caught as another one, and the explanation quotes it as written. "Half of the
    patients" is no quantity."""
    from ragjudge.judges._tokens import tokenize

    assert tokenize("It takes an hour and a half.").digits == {"1.5"}
    # (and "a half mile", "half day", as an article may write it)
    assert tokenize("within a half mile").digits == tokenize("within half a mile").digits
    assert tokenize("$30 per half day").digits == {"30", "0.5"}
    assert tokenize("Half of the patients recovered.").digits == set()
    docs = ["The battery charges fully in 30 minutes. The warranty lasts 2 years."]
    verdict = partial(first_verdict, judge, "How long?", docs)
    for said in ("The battery charges fully in half an hour.", "It charges fully in half an hour."):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    for said, written in (
        ("The battery charges fully in an hour and a half.", "an hour and a half"),
        ("The warranty lasts two and a half years.", "two and a half years"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"'{written}'" in out["explanation"], out["explanation"]


def test_the_month_may_is_a_word_and_the_verb_is_not(judge: OfflineJudge) -> None:
    """ "May" after a date's number or a preposition ("since May", "May 5", "31 May 1961") is
    the month, which must be in the documents as another month would; the verb ("you may
    see cracks") stays a function word."""
    from ragjudge.judges._tokens import tokenize

    assert "maymonth" in tokenize("closed since May after cracks").seq
    assert "maymonth" in tokenize("South Africa became a republic on 31 May 1961.").seq
    assert not any("may" in t for t in tokenize("You may see cracks. May I help?").seq)
    docs = ["The bridge has been closed since March, when inspectors found cracks."]
    verdict = partial(first_verdict, judge, "When did the bridge close?", docs)
    out = verdict("The bridge has been closed since May, when inspectors found cracks.")
    assert "name 'May' not found in the documents" in out["explanation"], out["explanation"]
    kept = verdict("The bridge has been closed since March, when inspectors found cracks.")
    assert "not found" not in kept["explanation"], kept["explanation"]
    verb = first_verdict(judge, "What?", ["You may see cracks in it."], "You may see cracks.")
    assert verb["fully_supported"] is True, verb["explanation"]


def test_a_number_rounded_to_a_bound_is_the_documents_number(judge: OfflineJudge) -> None:
    """ "Over 150 reviews" for a listing's 153, "about 40%" for 41.6%, 約150件, 150多条: a
    number given as a lower bound or an approximation that a number of the statement it
    restates meets is no made-up number. One that no such number meets ("over 200 reviews",
    "about 30%") is, and so is an upper bound ("less than 100 mg/dL" is a limit of its own,
    not a rounding)."""
    listing = json.dumps({"name": "Luna Grill", "stars": 4.5, "review_count": 153})
    report = ["Turnout rose to 41.6% in the 2019 election, and 65 candidates stood."]
    cases = [
        (listing, "Luna Grill has over 150 reviews.", True),
        (listing, "Luna Grill has more than 100 reviews.", True),
        (listing, "Luna Grill has about 150 reviews.", True),
        (listing, "Luna Grill has over 200 reviews.", False),
        (listing, "Luna Grill has about 200 reviews.", False),
        (report[0], "Turnout rose to about 40% in the 2019 election.", True),
        (report[0], "Turnout rose to about 30% in the 2019 election.", False),
        (report[0], "Turnout rose to 41.6%, and less than 70 candidates stood.", False),
    ]
    ja = "このレストランのレビューは153件あり、評価は4.5です。"
    zh = "该餐厅共有153条评论，评分为4.5。"
    cases += [
        (ja, "このレストランには約150件のレビューがあります。", True),
        (ja, "このレストランには150件以上のレビューがあります。", True),
        (ja, "このレストランには200件以上のレビューがあります。", False),
        (zh, "该餐厅约有150条评论。", True),
        (zh, "该餐厅有150多条评论。", True),
        (zh, "该餐厅有200多条评论。", False),
    ]
    for doc, said, grounded in cases:
        out = first_verdict(judge, "Write an overview.", [doc], said)
        assert ("not found in the documents" not in out["explanation"]) is grounded, (said, out)
        assert out["fully_supported"] is grounded, (said, out["explanation"])


def test_a_number_given_in_another_unit_is_a_changed_quantity(judge: OfflineJudge) -> None:
    """ "Every 60 minutes" where the documents say "every 60 seconds" keeps the number and
    changes the quantity: it is caught as a changed number, and the explanation names the
    documents' quantity. The same quantity in other units, in words, or glossed in
    parentheses is not."""
    docs = [
        "The agent reports its status every 60 seconds. Logs rotate when they reach 20 MB. "
        "The warranty lasts 2 years, and the sequel came out three years later."
    ]
    verdict = partial(first_verdict, judge, "How does it work?", docs)
    for said, quantity, theirs in (
        ("The agent reports its status every 60 minutes.", "60 minutes", "60 seconds"),
        ("Logs rotate when they reach 20 GB.", "20 GB", "20 MB"),
        ("The warranty lasts 2 months.", "2 months", "2 years"),
        # an approximation of their number in another unit is no approximation of theirs
        ("The warranty lasts about 2 months.", "2 months", "2 years"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"'{quantity}' where the documents give '{theirs}'" in out["explanation"]
        assert "not found" not in out["explanation"], out["explanation"]
    for said in (
        "The agent reports its status every 60 seconds.",
        "The agent reports its status every minute.",
        "Logs rotate when they reach 20 megabytes.",
        "The warranty lasts 24 months.",
        "The sequel came out 3 years later.",
        "The warranty lasts 2 years (24 months).",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
        assert "where the documents give" not in out["explanation"], said
    ja = ["エージェントは60秒ごとに状態を送信します。ログは20MBに達するとローテーションされます。"]
    for said in (
        "エージェントは60分ごとに状態を送信します。",
        "ログは20GBに達するとローテーションされます。",
    ):
        out = first_verdict(judge, "仕組みは？", ja, said)
        assert out["fully_supported"] is False and "where the documents give" in out["explanation"]
    kept = first_verdict(judge, "仕組みは？", ja, "エージェントは60秒ごとに状態を送信します。")
    assert kept["fully_supported"] is True, kept["explanation"]


def test_a_japanese_number_with_another_counter_is_a_changed_quantity(
    judge: OfflineJudge,
) -> None:
    """3か月 where the documents give 3 only as a month (3月), 1年 where they say 1か月: the
    number is theirs, what it counts is not. The same counter written otherwise (ヶ月, 名
    for 人), a particle after the number (9に) and a number they give on its own are."""
    docs = [
        "ロボットは半年間の試験運用を経て3月から稼働している。最初の1か月で約300時間を削減した。"
        "説明会には12人が参加した。対応OSはRHEL 9です。"
    ]
    verdict = partial(first_verdict, judge, "概要は？", docs)
    for said, quantity, theirs in (
        ("ロボットは3か月間の試験運用を経て稼働している。", "3か月間", "3月"),
        ("最初の1年で約300時間を削減した。", "1年", "1か月"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"'{quantity}' where the documents give '{theirs}'" in out["explanation"]
    for said in (
        "ロボットは3月から稼働している。",
        "最初の1ヶ月で約300時間を削減した。",
        "説明会には12名が参加した。",
        "RHEL 9に対応しています。",
    ):
        out = verdict(said)
        assert "where the documents give" not in out["explanation"], (said, out["explanation"])


@pytest.mark.parametrize(
    ("docs", "said"),
    [
        (
            ["Never exceed the GCWR when towing a trailer."],
            "Never exceed the Gross Combination Weight Rating (GCWR) when towing a trailer.",
        ),
        (
            ["A computed tomography scan can show blood around the brain."],
            "A computed tomography (CT) scan can show blood around the brain.",
        ),
        (
            ["Push the VR button on the steering wheel and wait for the beep."],
            "Push the VR (Voice Recognition) button on the steering wheel and wait for the beep.",
        ),
    ],
)
def test_an_acronym_spelled_out_in_place_is_no_new_name(
    judge: OfflineJudge, docs: list[str], said: str
) -> None:
    """An acronym the answer spells out, or whose words it adds, is explained by the answer
    itself when the documents have the other half."""
    out = first_verdict(judge, "What should I know?", docs, said)
    assert "name" not in out["explanation"], out["explanation"]
    assert out["fully_supported"] is True


@pytest.mark.parametrize(
    ("text", "known", "converted"),
    [
        ("between 145°F (63°C) and 160°F (71°C)", {"145", "160"}, {"63", "71"}),
        ("a 5 mile (8 km) trail", {"5"}, {"8"}),
        ("it weighs 100 lbs (45 kg)", {"100"}, {"45"}),
        ("20 degrees Celsius (68 degrees Fahrenheit)", {"20"}, {"68"}),
        ("a 5 mile (12 km) trail", {"5"}, set()),  # not 5 miles
        ("the 2019 season (12 games)", {"2019"}, set()),  # no units
        # the documents' number may stand in the parentheses, and the answer's before them
        ("about 2.6 pints (1.2 liters) of blood", {"1.2"}, {"2.6"}),
        ("up to 180 minutes (3 hours)", {"180"}, {"3"}),
        ("within 2 weeks (14 days)", {"14"}, {"2"}),
        ("an 8 oz (227 g) cup", {"8"}, {"227"}),
        ("a 2 gallon (7.6 liter) tank", {"2"}, {"7.6"}),
        ("after 10 minutes (10 miles)", {"10"}, set()),  # time is not distance
        ("a 5 mile (8 km) trail", {"12"}, set()),  # neither number is the documents'
    ],
)
def test_conversions_are_read_with_their_units(
    text: str, known: set[str], converted: set[str]
) -> None:
    assert converted_numbers(text, known) == converted


def test_a_count_of_the_answers_own_list_or_the_questions_number_is_no_new_number(
    judge: OfflineJudge,
) -> None:
    """ "3 members (A, B and C)" counts what the sentence lists; a number the question gives
    is the asker's premise. A count that does not match its list is still a new number."""
    docs = [
        "Band of Skulls are Russell Marsden, Emma Richardson and Matt Hayward.",
        "Eatza Pizza and Pizza Fusion are restaurant chains.",
    ]
    verdict = partial(first_verdict, judge, "Which band has more members?", docs)
    counted = verdict("Band of Skulls has 3 members (Russell Marsden, Emma Richardson, and Matt)")
    assert "not found" not in counted["explanation"], counted["explanation"]
    assert "'3' worked out by the answer itself" in counted["explanation"]
    miscounted = verdict("Band of Skulls has 4 members (Russell Marsden, Emma Richardson, Matt)")
    assert "'4'" in miscounted["explanation"]
    asked = first_verdict(
        judge,
        "Eatza Pizza and Pizza Fusion, which have more than 10 locations, are considered what?",
        docs,
        "Eatza Pizza and Pizza Fusion, with more than 10 locations, are restaurant chains.",
    )
    assert asked["fully_supported"] is True and "number" not in asked["explanation"]
    assert counted_lists("It comes in 2 colours: red and blue.") == {"2"}
    assert counted_lists("It has 3 modes: eco, sport.") == set()


def test_a_count_the_answers_own_parts_add_up_to_is_no_new_number(judge: OfflineJudge) -> None:
    """ "Three infants, two in Iowa and one in Missouri" adds up the parts the answer tells
    right after the count: no new number. A count its parts do not make is still one."""
    docs = ["The FDA has reports of two infants in Iowa and one in Missouri who fell ill."]
    verdict = partial(first_verdict, judge, "Summarize the article.", docs)
    added = verdict("The FDA has reports of three infants, two in Iowa and one in Missouri.")
    assert "'three' worked out by the answer itself" in added["explanation"], added
    assert added["fully_supported"] is True, added["explanation"]
    wrong = verdict("The FDA has reports of four infants, two in Iowa and one in Missouri.")
    assert "number 'four' not found" in wrong["explanation"], wrong["explanation"]
    assert broken_down("12 schools (5 in the north and 7 in the south) closed.") == {"12"}
    assert broken_down("Three infants, two of them in Iowa, fell ill.") == set()


def test_the_top_of_a_rating_scale_is_no_value(judge: OfflineJudge) -> None:
    """ "4 out of 5 stars" gives a rating of 4; its 5 is the scale's, neither a number the
    listing lacks nor the 5 stars of one review. "3 out of 5 reviewers" counts reviewers."""
    listing = {
        "name": "Casa Lupita",
        "stars": 4.0,
        "review_info": [
            {"review_stars": 5.0, "review_text": "The carne asada tacos were amazing."},
            {"review_stars": 3.0, "review_text": "Strong margaritas but a long wait."},
        ],
    }
    verdict = partial(
        first_verdict, judge, "Write an overview of the business.", [json.dumps(listing)]
    )
    for said in (
        "Casa Lupita has a rating of 4 out of 5 stars.",
        "Casa Lupita is rated 4 stars out of 5 on Yelp.",
        "Casa Lupita is rated 4.0/5 by its customers.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    made_up = verdict("Casa Lupita has a rating of 4.5 out of 5 stars.")
    assert "number '4.5' not found" in made_up["explanation"], made_up["explanation"]
    counted = first_verdict(
        judge,
        "How was it?",
        ["Two reviewers praised the tacos."],
        "3 out of 7 reviewers praised the tacos.",
    )
    assert "'7'" in counted["explanation"], counted["explanation"]


def test_the_length_an_instruction_asks_for_is_no_premise(judge: OfflineJudge) -> None:
    """ "The overview should be 100 - 200 words" asks for a length: an answer's "over 200
    reviews" takes nothing from it, while a number the question states is still the asker's."""
    from ragjudge.judges._features import _length_asked

    listing = json.dumps({"name": "Casa Lupita", "city": "Tucson", "review_count": 48})
    asked = "Write an overview of the business. The overview should be 100 - 200 words."
    made_up = first_verdict(judge, asked, [listing], "Casa Lupita has over 200 reviews.")
    assert made_up["fully_supported"] is False, made_up["explanation"]
    assert "number '200' not found" in made_up["explanation"], made_up["explanation"]
    premise = "Casa Lupita, with its 200 seats, is in which city?"
    kept = first_verdict(judge, premise, [listing], "Casa Lupita, with 200 seats, is in Tucson.")
    assert "number" not in kept["explanation"], kept["explanation"]
    assert _length_asked("Summarize the following news within 116 words:") == {"#116"}
    assert _length_asked("Write a 500-word essay. 要約は200文字以内で。") == {"#500", "#200"}
    assert _length_asked("How many words are in 200 pages?") == set()


def test_an_age_worked_out_from_a_birth_and_an_event_is_no_new_number(
    judge: OfflineJudge,
) -> None:
    """ "42 years old when the album went gold" is the years from the singer's birth to the
    certification, or one less; an age that is neither is still a new number, and years of
    sentences that share nothing with the answer work out no age."""
    docs = [
        "William DuVall (born September 6, 1967) is an American musician. The album was "
        "certified gold by the RIAA on May 26, 2010. The band toured Japan in 1994."
    ]
    question = "How old was William DuVall when the album was certified gold?"
    verdict = partial(first_verdict, judge, question, docs)
    for age in (42, 43):
        said = f"William DuVall was {age} years old when the album was certified gold."
        out = verdict(said)
        assert "not found" not in out["explanation"], (said, out["explanation"])
    for said in (
        "William DuVall was 45 years old when the album was certified gold.",
        # 1994 - 1967, but the tour is no part of what the answer restates
        "William DuVall was 27 years old when the album was certified gold.",
    ):
        out = verdict(said)
        assert "number '" in out["explanation"] and "not found" in out["explanation"], said


def test_a_number_worked_out_from_the_documents_is_no_new_number(judge: OfflineJudge) -> None:
    """A share or a margin the answer works out from the documents' numbers is not made up;
    a wrong one still is."""
    docs = [
        "India reported 16044 confirmed cases and 537 deaths. "
        "Salazar polled 41% of the votes and Cunhal 19%."
    ]
    verdict = partial(first_verdict, judge, "What do the figures say?", docs)

    for said in (
        "With 537 deaths among 16044 cases, 3.35% of those infected in India died.",
        "Salazar won with 41% of the votes, a margin of 22% over Cunhal's 19%.",
        "Of the 16044 cases in India, (537 / 16044) * 100 = 3.35% died.",
    ):
        out = verdict(said)
        assert "not found" not in out["explanation"], out["explanation"]
        assert "worked out by the answer itself" in out["explanation"]
    wrong = verdict("With 537 deaths among 16044 cases, 4.35% of those infected in India died.")
    assert "'4.35'" in wrong["explanation"], wrong["explanation"]
    assert formula_constants("(deaths / confirmed cases) * 100") == {"100"}
    assert formula_constants("a 20 × 100 cm board") == set()  # a size, not a percentage


@pytest.mark.parametrize(
    ("values", "operands", "text", "found"),
    [
        ({"3.35"}, ["537", "16044"], "3.35% died", {"3.35"}),
        ({"3.35"}, ["537", "16044"], "a ratio of 3.35", set()),  # a share, not written as one
        ({"22"}, ["41", "19"], "a margin of 22 points", {"22"}),
        ({"20"}, ["19", "1"], "hold 20 ml", set()),  # a neighbour of 19, not a sum
        ({"40"}, ["4", "10"], "up to 40 ml", set()),  # no product, no whole-number ratio
    ],
)
def test_worked_out_numbers(
    values: set[str], operands: list[str], text: str, found: set[str]
) -> None:
    assert worked_out(values, operands, text) == found


def test_an_acronym_whose_letters_do_not_match_is_still_a_name(judge: OfflineJudge) -> None:
    docs = ["Push the VR button on the steering wheel and wait for the beep."]
    out = first_verdict(
        judge, "What should I know?", docs, "Push the VR (Voice Command) button and wait."
    )
    assert "'Command'" in out["explanation"], out["explanation"]


def test_a_count_in_kanji_numerals_is_a_number(judge: OfflineJudge) -> None:
    """「七世代」 is 7 generations: an answer may write it 「7世代」, and 「八世代」 changes it.
    Numerals that are part of a word (一般, 唯一, 十分) stay words."""
    docs = ["ログファイルは最大七世代まで保持されます。設定方法は二つあります。"]
    verdict = partial(first_verdict, judge, "ログは何世代保持されますか？", docs)

    for same in ("ログファイルは最大7世代まで保持されます。", "設定方法は2つあります。"):
        out = verdict(same)
        assert out["fully_supported"] is True and "number" not in out["explanation"], same
    for changed, written in (
        ("ログファイルは最大8世代まで保持されます。", "8"),
        ("ログファイルは最大八世代まで保持されます。", "八"),
    ):
        out = verdict(changed)
        assert out["fully_supported"] is False and f"'{written}'" in out["explanation"]
    for words in ("一般的に、ログは十分に保持されます。", "ログは一時的に保持されます。"):
        assert "number" not in verdict(words)["explanation"], words


def test_a_japanese_name_the_documents_lack_is_named(judge: OfflineJudge) -> None:
    docs = [
        "台風10号は29日午前、鹿児島県薩摩川内市付近に上陸した。"
        "九州南部では記録的な大雨となった。岸田文雄首相は警戒を呼びかけた。"
    ]
    question = "次のニュースを要約してください。"

    verdict = partial(first_verdict, judge, question, docs)

    right = verdict("台風10号は29日に鹿児島県に上陸しました。")
    moved = verdict("台風10号は29日に宮崎県に上陸しました。")
    assert right["fully_supported"] is True and "name" not in right["explanation"]
    assert "宮崎県" in moved["explanation"] and moved["probability"] < right["probability"] - 0.1
    # a name written shorter than the documents write it is theirs ("岸田首相", 岸田文雄首相)
    assert "name" not in verdict("岸田首相は警戒を呼びかけました。")["explanation"]
    assert "石破首相" in verdict("石破首相は警戒を呼びかけました。")["explanation"]


def test_japanese_people_firms_sites_and_quoted_terms_are_names(judge: OfflineJudge) -> None:
    """A person by a title (鈴木部長), a firm (株式会社アオバ技研), a site (名古屋工場) and a term
    in corner brackets (「アクアブルー」) are names: one the documents lack is named and lowers
    the sentence as a capitalised name does in English, while the documents' own, written
    shorter or with its brackets elsewhere, is not. In Chinese, 都 after a phrase is the
    adverb "both", not a capital's suffix."""
    docs = [
        "2023年4月、株式会社ミドリ技研は水質センサー「アクアミル」を発表した。"
        "開発を率いたのは田中健一部長で、製品は大阪工場で生産される。"
        "設定は「詳細設定」タブで変更できる。"
    ]
    verdict = partial(first_verdict, judge, "発表の内容は？", docs)
    for own in (
        "ミドリ技研は水質センサー「アクアミル」を発表しました。",
        "開発を率いたのは田中部長です。",
        "製品は大阪工場で生産されます。",
        "株式会社ミドリ技研が発表しました。",
        "設定は「詳細設定タブ」で変更できます。",
    ):
        out = verdict(own)
        assert "name" not in out["explanation"], (own, out["explanation"])
    for changed, name in (
        ("ミドリ技研は水質センサー「アクアブルー」を発表しました。", "アクアブルー"),
        ("開発を率いたのは鈴木健一部長です。", "鈴木健一部長"),
        ("製品は名古屋工場で生産されます。", "名古屋工場"),
        ("株式会社アオバ技研が発表しました。", "株式会社アオバ技研"),
    ):
        out = verdict(changed)
        assert f"name '{name}' not found" in out["explanation"], (changed, out["explanation"])
    right = verdict("製品は大阪工場で生産されます。")
    moved = verdict("製品は名古屋工場で生産されます。")
    assert moved["probability"] < right["probability"] - 0.1

    zh = ["监控代理通过 TCP 端口 20280 发送事件。管理服务器通过 TCP 端口 20281 下发配置。"]
    both = first_verdict(judge, "端口？", zh, "这两个端口都需要在防火墙中放行。")
    assert "name" not in both["explanation"], both["explanation"]


def test_a_word_in_latin_letters_is_a_name_in_japanese_text(judge: OfflineJudge) -> None:
    """In Japanese text a file or command written in Latin letters stands out as a capitalised
    name does in English: one the documents lack is named; the documents' own is not, nor is
    an English sentence that quotes a Chinese character."""
    docs = [
        "バックアップから除外するディレクトリーには、.nobackupという名前の空ファイルを置きます。"
        "設定はbackup.confに書きます。"
    ]
    verdict = partial(first_verdict, judge, "除外するには？", docs)

    own = verdict("除外したいディレクトリーに、.nobackupという空ファイルを置きます。")
    assert "name" not in own["explanation"]
    made_up = verdict("除外したいディレクトリーに、bkpignoreという空ファイルを置きます。")
    assert "'bkpignore'" in made_up["explanation"]
    assert made_up["probability"] < own["probability"] - 0.1
    english = first_verdict(
        judge,
        "What does 了 mark?",
        ["The particle 了 marks a completed action."],
        'The particle "了" (le) marks a completed action.',
    )
    assert "name" not in english["explanation"]


def test_a_bare_phrase_says_its_share_counts_the_questions_words(judge: OfflineJudge) -> None:
    """A bare phrase is read with the question's words ("Older models" answers which models
    the charger does not fit), and those count in the share its explanation gives: a copy
    of the document's sentence with a question word the document lacks is not at 100%, so
    the explanation says the question's words were read with it."""
    docs = ["The charger is incompatible with older models."]
    question = "Which models does the charger not fit?"
    phrase = first_verdict(judge, question, docs, "Older models.")
    assert phrase["fully_supported"] is True
    assert re.search(r"\(\d+% of content words, read with the question's\)", phrase["explanation"])
    longer = first_verdict(
        judge, question, docs, "The charger is incompatible with older models of the phone."
    )
    assert "read with the question's" not in longer["explanation"], longer["explanation"]


def test_a_tagged_citation_is_no_claim(judge: OfflineJudge) -> None:
    """A citation tag an answer carries ("[sourcepage: …]", "[document_url: …]") says where a
    claim comes from; its words are not words the documents lack."""
    docs = ["Run jnshow with the -d option to print a jobnet's definition in file format."]
    said = (
        "Run jnshow with -d to print a jobnet's definition in file format"
        "[sourcepage: jnshow command][document_url: https://manual.example.com/jnshow.html]."
    )
    out = first_verdict(judge, "How do I print a jobnet's definition?", docs, said)
    assert out["fully_supported"] is True
    assert out["explanation"].startswith("Covered by 0a (100% of content words)")


def test_a_span_of_years_may_give_its_length(judge: OfflineJudge) -> None:
    docs = ["Kamehameha III was king of Hawaii from 1825 to 1854. He issued the first coins."]
    question = "How long did Kamehameha III rule?"
    right = judge.judge(real(question, docs, "He ruled for 29 years, from 1825 to 1854."))
    wrong = judge.judge(real(question, docs, "He ruled for 35 years, from 1825 to 1854."))
    assert right["overall_supported"] is True
    assert wrong["overall_supported"] is False and "35" in sentence(wrong)["explanation"]


def test_a_sentence_restating_several_fields_is_supported_by_them_together(
    judge: OfflineJudge,
) -> None:
    doc = json.dumps(LISTING)
    question = "Write an overview of the business from its listing."

    def score(response: str) -> float:
        out = judge.judge(real(question, [doc], response))
        return float(sentence(out)["probability"])

    listed = judge.judge(
        real(question, [doc], "It has a 4-star rating, offers takeout and allows dogs.")
    )
    assert sentence(listed)["fully_supported"] is True
    # each claim below differs from a supported one only in what the record denies
    assert score("It has a casual ambience.") > score("It has a romantic ambience.")
    assert score("Parking is on the street.") > score("Parking is in a garage.")
    assert score("It allows dogs.") > score("It offers WiFi.")


def test_meaning_representation_slots_are_fields(judge: OfflineJudge) -> None:
    """E2E-style slots (`name[The Eagle], food[French], …`) are read one field each, and a
    sentence that restates several of them is supported by them together."""
    from ragjudge.judges._records import record_facts

    mr = (
        "name[The Eagle], eatType[coffee shop], food[French], priceRange[moderate], "
        "area[riverside], familyFriendly[no], near[Burger King]"
    )
    facts = record_facts(mr)
    assert facts is not None and len(facts) == 7 and all(f.field for f in facts)
    assert [f.negated for f in facts if "family" in f.text] == [True]
    question = "Describe the restaurant."
    right = judge.judge(real(question, [mr], "The Eagle is a French coffee shop near Burger King."))
    wrong = judge.judge(real(question, [mr], "The Eagle is an Italian coffee shop near a school."))
    assert sentence(right)["fully_supported"] is True
    assert right["support_score"] > wrong["support_score"]


def test_paragraphs_under_run_in_headings_are_prose_not_records() -> None:
    from ragjudge.judges._records import record_facts

    page = (
        "Procedures:\n"
        "Drainage: A surgical incision and drainage is the most common treatment for this kind "
        "of abscess and is usually successful in the first attempt.\n"
        "Fistulotomy: The surgeon opens the whole tract so that it can heal from the inside "
        "out, which takes several weeks of careful aftercare at home.\n"
        "Recovery: Most patients return to work within a week, although full healing of the "
        "wound can take a month or more depending on its size."
    )
    assert record_facts(page) is None
    spec = "Model: X200\nCapacity: 14 place settings\nNoise level: 44 dB\nWarranty: 2 years"
    assert record_facts(spec) is not None


def test_bare_phrase_answer_is_checked_with_its_question(judge: OfflineJudge) -> None:
    docs = [
        "Johnny Herbert won the 1995 British Grand Prix at Silverstone. "
        "Damon Hill started the race from pole position.",
    ]
    question = "Which driver won the 1995 British Grand Prix?"
    winner = judge.judge(real(question, docs, "Johnny Herbert"))
    pole = judge.judge(real(question, docs, "Damon Hill"))
    assert winner["overall_supported"] is True
    assert sentence(winner)["supporting_sentence_keys"] == ["0a"]
    # a bare phrase is a claim, not a framing sentence that needs no evidence
    assert sentence(pole)["supporting_sentence_keys"] != ["general"]
    assert winner["support_score"] > pole["support_score"]


def test_calibrators_are_strictly_increasing(judge: OfflineJudge) -> None:
    grid = np.linspace(-30, 30, 2001)
    for calibrate in (judge.model.sentence_calibration, judge.model.example_calibration):
        values = calibrate(grid)
        assert np.all(np.diff(values) > 0)
        assert 0 < values[0] < values[-1] < 1


def test_an_answer_never_loses_support_when_a_sentence_gains_it(judge: OfflineJudge) -> None:
    """The answer's hallucination probability falls (or stays) whenever any one of its
    sentences is better supported, whatever the others are; and one weak sentence among
    faithful ones still lowers the answer's support."""
    rng = np.random.default_rng(0)
    model = judge.model
    for _ in range(300):
        z = rng.normal(2.0, 2.0, size=int(rng.integers(1, 9)))
        base = model.hallucination_probability(z, 20)
        i = int(rng.integers(len(z)))
        raised = z.copy()
        raised[i] += float(rng.uniform(0.05, 3.0))
        assert model.hallucination_probability(raised, 20) <= base + 1e-12
    faithful = [3.2, 1.9, 1.9, 2.2, 2.9, 2.3]
    one_invented = [*faithful, 1.0]
    assert model.hallucination_probability(one_invented, 20) > (
        model.hallucination_probability(faithful, 20) + 0.03
    )


def test_question_reading_reads_the_question_words_an_answer_repeats() -> None:
    """How the documents hold the question's words that the answer repeats: the largest
    share in one document, and the share of claims drawn from documents that hold at least
    half of them; a refusal's words, an instruction the answer does not repeat and a single
    repeated word read as fully held."""
    from ragjudge.judges._features import build_evidence, example_features, question_reading
    from ragjudge.judges._model import QUESTION_COVERED, QuestionReading

    docs = [
        "The Louvre opens at 9 am every day except Tuesday.",
        "Tickets for the Eiffel Tower cost 29 euros.",
    ]

    def reading(question: str, answer: str, documents: list[str] = docs) -> QuestionReading:
        item = real(question, documents, answer)
        ev = build_evidence(item)
        return question_reading(ev, example_features(item, ev))

    asked = "When does the Louvre open, and what do Louvre tickets cost?"
    # louvre, opens, tickets, cost: two in each document, none holds more
    split = reading(asked, "The Louvre opens at 9 am, and Louvre tickets cost 29 euros.")
    assert split == QuestionReading(coverage=0.5, on_question=1.0, claims=1)
    together = [*docs, "Louvre tickets cost 22 euros; the Louvre opens at 9 am."]
    joined = reading(asked, "The Louvre opens at 9 am, and tickets cost 22 euros.", together)
    assert joined == QuestionReading(coverage=QUESTION_COVERED, on_question=1.0, claims=1)
    # the second claim comes from a document about something else
    off = reading(
        "When does the Louvre open on Mondays?",
        "The Louvre opens at 9 am on Mondays. Eiffel Tower tickets cost 29 euros.",
        ["The Louvre opens at 9 am on Mondays.", docs[1]],
    )
    assert off == QuestionReading(coverage=QUESTION_COVERED, on_question=0.5, claims=2)
    # what a refusal repeats is what the documents lack
    refusal = "The documents do not mention what Louvre tickets cost."
    assert reading("What do Louvre tickets cost?", refusal) == QuestionReading()
    # an instruction the answer does not repeat, and one repeated word, tell nothing
    summary = "The Louvre opens at 9 am except on Tuesdays."
    assert reading("Summarize the following notes within 50 words.", summary) == QuestionReading()
    assert reading("Is the museum busy today?", "The museum opens at 9 am.") == QuestionReading()


def test_the_overall_explanation_says_when_the_documents_do_not_hold_the_question(
    judge: OfflineJudge,
) -> None:
    docs = ["The Louvre opens at 9 am on Mondays.", "Tickets for the Eiffel Tower cost 29 euros."]
    asked = "When does the Louvre open on Mondays?"
    tail = "holding less than half of the question's words it repeats"

    def overall(question: str, answer: str) -> dict[str, Any]:
        return judge.judge(real(question, docs, answer))

    two = overall(asked, "The Louvre opens at 9 am on Mondays. Eiffel Tower tickets cost 35 euros.")
    assert two["overall_supported"] is False
    assert f"1 of its 2 claims comes from documents {tail}" in two["overall_supported_explanation"]
    one = overall(asked, "Eiffel Tower tickets cost 35 euros on Mondays at the Louvre.")
    assert f"its claim comes from a document {tail}" in one["overall_supported_explanation"]
    # louvre and mondays in one document, tickets and cost in the other: neither holds half
    children = overall(
        "How much do Louvre tickets cost for children on Mondays?",
        "Louvre tickets for children cost 35 euros on Mondays.",
    )
    assert (
        "no document holds half of the question's words it repeats"
        in (children["overall_supported_explanation"])
    )
    faithful = overall(asked, "The Louvre opens at 9 am on Mondays.")
    assert faithful["overall_supported"] is True
    assert "question" not in faithful["overall_supported_explanation"]


def test_an_answer_loses_support_as_its_documents_hold_less_of_the_question(
    judge: OfflineJudge,
) -> None:
    from ragjudge.judges._model import QuestionReading

    model = judge.model
    rng = np.random.default_rng(1)
    for _ in range(100):
        z = rng.normal(2.0, 2.0, size=int(rng.integers(1, 6)))
        for reading in (
            [QuestionReading(coverage=c) for c in (0.0, 0.25, 0.5, 0.75)],
            [QuestionReading(on_question=o) for o in (0.0, 0.5, 1.0)],
        ):
            p = [model.hallucination_probability(z, 20, r) for r in reading]
            assert p == sorted(p, reverse=True)
            assert p[0] > p[-1]


def test_support_scores_estimate_the_hallucination_rate(
    judge: OfflineJudge, shared_data: Path
) -> None:
    """On real rows the mean of 1 - support_score estimates the share of hallucinated
    answers, and the verdicts flag about as many answers as are hallucinated (the previous
    judge flagged twice as many). The model was fitted on these rows, so this checks that
    the calibration is wired through, not how well it generalises (bench/bench_offline.py
    measures that, leaving each subset out)."""
    truth, estimate, flagged = [], [], []
    for subset in SUBSETS:
        # every other row of each subset keeps the test quick and the mix of subsets intact
        df = rows(shared_data, subset).iloc[::2]
        for _, row in df.iterrows():
            out = judge.judge(keyed_row(row))
            truth.append(not bool(row["adherence_score"]))
            estimate.append(1 - out["support_score"])
            flagged.append(not out["overall_supported"])
    rate = float(np.mean(truth))
    assert abs(float(np.mean(estimate)) - rate) < 0.03
    assert abs(float(np.mean(flagged)) - rate) < 0.05


def test_threshold_moves_the_verdicts(judge: OfflineJudge, shared_data: Path) -> None:
    items = [keyed_row(r) for _, r in rows(shared_data, "hagrid").head(120).iterrows()]
    counts = []
    for threshold in (0.5, judge.threshold, 0.95):
        other = OfflineJudge(threshold=threshold)
        counts.append(sum(not other.judge(i)["overall_supported"] for i in items))
    assert counts[0] < counts[1] < counts[2]
    # the threshold moves verdicts, never the scores themselves
    a, b = OfflineJudge(threshold=0.5).judge(items[0]), judge.judge(items[0])
    assert a["support_score"] == b["support_score"]


def test_words_are_read_in_the_answers_language() -> None:
    from ragjudge.judges._tokens import tokenize

    # French and Italian elide articles onto the next word; their function words are dropped
    assert (
        tokenize("L'entreprise a été fondée", lang="fr").seq
        == tokenize("entreprise fondée", lang="fr").seq
    )
    assert "dell" not in " ".join(tokenize("dell'acqua", lang="it").seq)
    # negations of other languages flag the text, not its tokens
    for text, lang in [
        ("Das Gerät hat kein WLAN.", "de"),
        ("Il n'y a pas de WiFi.", "fr"),
        ("El hotel no tiene piscina.", "es"),
        ("В отеле нет бассейна.", "ru"),
        ("酒店没有游泳池。", "zh"),
        ("호텔에는 수영장이 없습니다.", "ko"),
    ]:
        assert tokenize(text, lang=lang).negated, text
    # English function words stay out in every language; German ones only in German
    assert "die" in tokenize("Fish die without water", lang="en").seq[1]
    assert tokenize("die Katze", lang="de").seq == ["katz"]


@pytest.mark.parametrize(
    ("lang", "question", "docs", "grounded", "refusal"),
    [
        (
            "de",
            "Wie lange gilt die Garantie?",
            ["Die Garantie gilt 24 Monate ab Kaufdatum. Der Akku ist ausgenommen."],
            "Die Garantie gilt 24 Monate ab dem Kaufdatum.",
            "Der Preis wird im Text nicht erwähnt.",
        ),
        (
            "fr",
            "Combien de temps dure la garantie ?",
            ["La garantie dure 24 mois à partir de l'achat. La batterie est exclue."],
            "La garantie dure 24 mois à partir de l'achat.",
            "Le prix n'est pas mentionné dans les documents.",
        ),
        (
            "es",
            "¿Cuánto dura la garantía?",
            ["La garantía dura 24 meses desde la compra. La batería está excluida."],
            "La garantía dura 24 meses desde la compra.",
            "El precio no se menciona en el contexto.",
        ),
        (
            "zh",
            "保修期多长？",
            ["保修期为自购买之日起24个月。电池不在保修范围内。"],
            "保修期为自购买之日起24个月。",
            "文档中没有提到价格。",
        ),
        (
            "ko",
            "보증 기간은 얼마나 됩니까?",
            ["보증 기간은 구입일로부터 24개월입니다. 배터리는 제외됩니다."],
            "보증 기간은 구입일로부터 24개월입니다.",
            "가격은 문서에 언급되어 있지 않습니다.",
        ),
    ],
)
def test_other_languages_copied_changed_and_refusal(
    judge: OfflineJudge, lang: str, question: str, docs: list[str], grounded: str, refusal: str
) -> None:
    from ragjudge.judges._features import build_evidence

    good = real(question, docs, grounded)
    assert build_evidence(good).lang == lang
    out = judge.judge(good)
    assert out["overall_supported"] is True
    changed = judge.judge(real(question, docs, grounded.replace("24", "36")))
    assert changed["overall_supported"] is False
    assert "'36'" in sentence(changed)["explanation"]
    declined = judge.judge(real(question, docs, refusal))
    assert sentence(declined)["supporting_sentence_keys"] == ["supported_without_sentence"]


@pytest.mark.parametrize(
    ("question", "docs", "refusal"),
    [
        (
            "How much does it cost?",
            ["The warranty lasts 24 months from purchase. The battery is excluded."],
            "The price is not mentioned in the documents.",
        ),
        (
            "Wie viel kostet es?",
            ["Die Garantie gilt 24 Monate ab Kaufdatum. Der Akku ist ausgenommen."],
            "Der Preis wird im Text nicht erwähnt.",
        ),
        (
            "Combien ça coûte ?",
            ["La garantie dure 24 mois à partir de l'achat. La batterie est exclue."],
            "Le prix n'est pas mentionné dans les documents.",
        ),
        (
            "价格是多少？",
            ["保修期为自购买之日起24个月。电池不在保修范围内。"],
            "文档中没有提到价格。",
        ),
        (
            "가격은 얼마입니까?",
            ["보증 기간은 구입일로부터 24개월입니다. 배터리는 제외됩니다."],
            "가격은 문서에 언급되어 있지 않습니다.",
        ),
        (
            "価格はいくらですか？",
            ["保証期間は購入日から24か月です。バッテリーは対象外です。"],
            "価格については文書に記載されていません。",
        ),
    ],
)
def test_declining_a_question_the_documents_do_not_answer_is_not_flagged(
    judge: OfflineJudge, question: str, docs: list[str], refusal: str
) -> None:
    # the right answer of a RAG system here; its subject is missing from the documents by
    # its nature, which must not count against it
    out = judge.judge(real(question, docs, refusal))
    assert out["overall_supported"] is True
    assert out["support_score"] > judge.threshold + 0.03
    assert sentence(out)["supporting_sentence_keys"] == ["supported_without_sentence"]


def test_german_nouns_are_not_taken_for_names(judge: OfflineJudge) -> None:
    docs = ["Das Gerät wird mit einem Netzteil und einer Fernbedienung geliefert."]
    out = judge.judge(real("Was ist im Lieferumfang?", docs, "Im Karton liegt eine Tasche."))
    # capitalised nouns missing from the documents weigh as missing words, not as names
    assert "name" not in sentence(out)["explanation"]


INN = "Structured data: " + repr(
    {
        "name": "Gull Rock Inn",
        "city": "Rockport",
        "attributes": {"WiFi": "u'free'", "DogsAllowed": True, "Caters": False},
        "review_info": [
            {
                "review_stars": 5.0,
                "review_text": "Our room was spotless and the crab omelette at breakfast was "
                "the best thing we ate all week. Ines left us a handwritten map of the "
                "coastal trail. The Wi-Fi was slow in the attic room.",
            },
            {
                "review_stars": 4.0,
                "review_text": "Walked in with my dog after a long drive and nobody minded, "
                "they even found him a blanket without being asked. Tomas carried our bags.",
            },
            {
                "review_stars": 3.0,
                "review_text": "Fine stay, but the shower needed a replacement head. Tomas was "
                "friendly at check-in and every guest got a welcome drink.",
            },
        ],
    }
)


def test_one_review_retold_in_its_own_words_is_not_read_as_two(judge: OfflineJudge) -> None:
    """A clause about one review that borrows a common word only another review has (a
    "guest" that names the reviewer) reads as that review alone, and so does one with a
    name that review shares with others; a name only other reviews give still joins two
    ("Tomas left a handwritten map", where Ines did). "Have access to" names no thing of
    its own."""
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [INN])
    for said in (
        "Another guest found the room spotless and the crab omelette at breakfast the best "
        "thing they ate all week, though the Wi-Fi was slow in the attic room.",
        "One reviewer said Tomas carried their bags and staff found a blanket for their dog.",
        "Guests have access to free Wi-Fi.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    out = verdict("One reviewer said Tomas left them a handwritten map of the coastal trail.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "joins what different items of the record say" in out["explanation"]
    assert "'Tomas'" in out["explanation"], out["explanation"]


def test_a_field_keeps_its_name_where_reviews_only_mention_the_thing(
    judge: OfflineJudge,
) -> None:
    """A review that speaks of a dog in a clause of its own, beside a negated one ("without
    being asked"), or of the Wi-Fi without its price, leaves "dogs" and "Wi-Fi" the names of
    `DogsAllowed` and `WiFi`: a sentence that denies dogs or puts a price on the Wi-Fi goes
    against the record."""
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [INN])
    for said, field in (
        ("Dogs are not permitted at the inn.", "DogsAllowed: true"),
        ("Wi-Fi costs extra.", "WiFi: free"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert field in out["explanation"], (said, out["explanation"])
    for said in ("Dogs are welcome at the inn.", "The inn offers free Wi-Fi."):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


MATCH_REPORT = [
    "Harbour Town came from behind to beat Millfield 2-1 on Saturday.",
    "Millfield led through a Sam Ortega header in the 19th minute.",
    "Leon Grady had come on for Tom Pell in the 58th minute.",
    "Grady equalised with a low shot from the edge of the box in the 74th.",
    "Captain Ross Kerr scored the winner from the penalty spot, his ninth goal of the season.",
    "Harbour Town had not won at home since March 4.",
    "The club said 11,240 people attended, and the next fixture is on March 14.",
]


def test_a_number_moved_from_another_statement_of_the_article_is_caught(
    judge: OfflineJudge,
) -> None:
    """A number that stands where the article's statement gives another, while the article
    gives it only about something else (the minute of a substitution, the date of the next
    game), is caught and named with the article's number; so is a date that ends the
    sentence, which is no list's number. Numbers the statement gives, and a sentence joining
    two statements, pass."""
    verdict = partial(first_verdict, judge, "Summarize the match report.", [" ".join(MATCH_REPORT)])
    out = verdict(
        "Leon Grady equalised with a low shot from the edge of the box in the 58th minute."
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "'58th' where the documents say '74th'" in out["explanation"], out["explanation"]
    out = verdict("Harbour Town had not won a home game since March 14.")
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict("Harbour Town had not won a home game since March 5.")
    assert out["fully_supported"] is False and "'5'" in out["explanation"], out["explanation"]
    wards = (
        "Councillor Raymond Tulle, who represents Ward 4, voted against the plan. Councillor "
        "Priya Banerjee of Ward 2 chairs the planning committee."
    )
    out = first_verdict(
        judge,
        "Summarize the article.",
        [wards],
        "Raymond Tulle, the Ward 2 councillor, voted against the plan.",
    )
    assert "'2' where the documents say '4'" in out["explanation"], out["explanation"]
    for said in (
        "Leon Grady, a 58th-minute substitute, equalised with a low shot in the 74th minute.",
        "Harbour Town had not won at home since March 4.",
        "The attendance was 11,240, and the next fixture is on March 14.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_found_guilty_is_convicted(judge: OfflineJudge) -> None:
    """ "Convicted" where a report says "found guilty … and acquitted on two others" is the
    report's word, not its other verdict; "acquitted" where it says only "found guilty" is."""
    doc = (
        "The former director of Kestrel Homes was found guilty on Monday of three counts of "
        "fraud, and acquitted on two others, after a six-week trial at Wexley Crown Court."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "The former Kestrel Homes director was convicted on three counts of fraud after a "
        "six-week trial at Wexley Crown Court."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_japanese_date_given_another_day_of_the_week_is_caught(judge: OfflineJudge) -> None:
    """14日(水) where the article writes 14日（火） is the date's wrong day of the week, full-
    width brackets or not; the article's own day passes."""
    doc = "北都鉄道の列車が10月14日（火）午後4時50分ごろ、南砺市内で脱線した。けが人はいなかった。"
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    for said in (
        "列車は10月14日（水）の午後4時50分ごろ脱線した。",
        "列車は14日(水曜日)の夕方に脱線した。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "'水曜日' where the documents say '火曜日'" in out["explanation"], out["explanation"]
    out = verdict("列車は10月14日（火）の午後4時50分ごろ脱線した。")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_role_the_article_gives_in_a_clause_is_the_persons_role(judge: OfflineJudge) -> None:
    """ "Planning committee chair Priya Banerjee" where the article names "Councillor Priya
    Banerjee, who chairs the council's planning committee" gives her a role the article
    gives her; "Mayor Priya Banerjee" does not."""
    doc = (
        "Councillor Priya Banerjee, who chairs the council's planning committee, said the "
        "framework had been through 14 public meetings. Mayor Denise Okafor said the vote "
        "was the most important housing decision in a generation."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Planning committee chair Priya Banerjee said the framework had been through 14 "
        "public meetings."
    )
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("Mayor Priya Banerjee said the framework had been through 14 public meetings.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "where the documents call Priya Banerjee 'Councillor'" in out["explanation"]


def test_a_business_placed_in_another_state_is_caught(judge: OfflineJudge) -> None:
    """ "In Franklin, Kentucky" where the record's state is TN goes against its location
    fields; "Franklin, Tennessee", "Franklin, TN" and a country after the city pass."""
    record = "Structured data: " + repr(
        {"name": "Sweet Fern", "address": "218 Main St", "city": "Franklin", "state": "TN"}
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict("Sweet Fern is a bakery in Franklin, Kentucky.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "state: TN" in out["explanation"], out["explanation"]
    for said in (
        "Sweet Fern is a bakery in Franklin, Tennessee.",
        "Sweet Fern is a bakery located at 218 Main St in Franklin, TN.",
    ):
        out = verdict(said)
        assert "the record says otherwise" not in out["explanation"], (said, out["explanation"])
    out = verdict("Sweet Fern is a bakery in Franklin, USA.")
    assert "the record says otherwise" not in out["explanation"], out["explanation"]


def test_a_japanese_share_of_another_figure_in_the_same_statement_is_caught(
    judge: OfflineJudge,
) -> None:
    """営業利益 given the 34.0％減 that the article's same sentence gives 純利益 is caught and
    named with the article's 21.6％; the article's own pairing, and a number of another
    counter beside it, pass."""
    doc = (
        "北斗電機工業は7日、中間決算を発表した。売上高は前年同期比8.3％増の2846億円と過去最高を"
        "更新した一方、営業利益は同21.6％減の187億円、純利益は同34.0％減の112億円だった。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("営業利益は前年同期比34.0％減の187億円だった。")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'34.0％' where the documents say '21.6％'" in out["explanation"], out["explanation"]
    for said in (
        "営業利益は前年同期比21.6％減の187億円だった。",
        "純利益は前年同期比34.0％減の112億円だった。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_every_review_said_to_agree_where_one_says_the_opposite_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "All reviewers praised the fast service" where one review found the service slow is
    caught and names that review's word; the same praise without "all", and "all" of a thing
    no review puts at the other end, are not read as disputed."""
    record = "Structured data: " + repr(
        {
            "name": "La Palma",
            "review_info": [
                {"review_text": "Our server was fast and the tacos were excellent."},
                {"review_text": "Service at lunch was slow, but the salsa was fresh."},
                {"review_text": "Fast service, fresh salsa and friendly staff."},
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict("All reviewers praised the fast service.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'all reviewers' where one item of the record says 'slow'" in out["explanation"]
    for said in (
        "Two reviewers praised the fast service.",
        "All reviewers praised the fresh salsa.",
    ):
        out = verdict(said)
        assert "where one item of the record says" not in out["explanation"], (said, out)


def test_hours_denied_offered_or_given_to_the_minute_are_read_against_the_record(
    judge: OfflineJudge,
) -> None:
    """A day said not to open is a closed day ("is not open on Saturdays" restates hours
    that leave Saturday out; "does not open on Fridays" goes against Friday's hours), while a
    negation after the day's hours ("for those who cannot come on weekdays") denies nothing
    of them. "Saturday morning hours" say the place opens that day. A time is checked to the
    minute: "opens at 7 a.m." where the day opens at 7:30 is caught."""
    week = {
        "Monday": "8:0-17:0",
        "Tuesday": "8:0-17:0",
        "Wednesday": "7:30-16:0",
        "Thursday": "8:0-18:0",
        "Friday": "8:0-13:0",
    }
    record = "Structured data: " + repr({"name": "Brightside Dental", "hours": week})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said in (
        "Brightside Dental is not open on Saturdays.",
        "Brightside Dental does not open on Saturdays or Sundays.",
        "On Wednesday, Brightside Dental is open from 7:30 a.m. to 4 p.m.",
        "Brightside Dental is open Monday and Tuesday from 8 a.m. to 5 p.m.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    for said in (
        "Brightside Dental does not open on Fridays.",
        "Brightside Dental also offers Saturday morning hours.",
        "It offers Saturday hours for patients who cannot visit during the week.",
        "Brightside Dental opens at 7 a.m. on Wednesdays.",
        "On Monday, Brightside Dental is open from 8:30 a.m. to 5 p.m.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "the record says otherwise: 'hours" in out["explanation"], (said, out)


def test_a_number_of_one_review_in_a_sentence_that_turns_to_another_is_that_reviews(
    judge: OfflineJudge,
) -> None:
    """ "From no wait at 1 p.m. on a Saturday to almost an hour on another Saturday" speaks
    of two reviews, so the 1 p.m. of the second is no value moved from another item; the
    same time given to the first review's wait alone still is."""
    record = "Structured data: " + repr(
        {
            "name": "Koji Ramen",
            "review_info": [
                {"review_text": "The wait on a Saturday was almost an hour, which is a lot."},
                {"review_text": "No wait at all on a Saturday at 1 p.m. The kids loved it."},
                {"review_text": "Great gyoza at 7 dollars for six."},
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict(
        "Reported waits varied widely, from no wait at all at 1 p.m. on a Saturday to almost "
        "an hour on another Saturday."
    )
    assert "belongs to another row or item" not in out["explanation"], out["explanation"]
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("One reviewer waited almost an hour at 1 p.m. on a Saturday, which is a lot.")
    assert "belongs to another row or item" in out["explanation"], out["explanation"]


def test_words_that_deny_and_a_chief_officers_initials_read_as_the_article_writes_them(
    judge: OfflineJudge,
) -> None:
    """ "Does not currently have" is what "currently lacks" says, and "has yet to act" what
    "has not yet acted" says: neither is a flipped negation. "CEO" is "chief executive":
    no missing name and no other role. "A 9 percent increase" where revenue "rose 9
    percent" (beside jobs "cut") is no word put for another. Their counterparts stay
    caught: "has acted" where it has not, "CFO" where she is chief executive."""
    doc = (
        "Harrowgate will invest $150 million at the Carver Falls campus. The plans include "
        "a cardiac lab, which St. Brendan's currently lacks. The state Department of "
        "Environmental Protection has not yet acted on the wetlands permit application. "
        "Chief executive Hannah Lindqvist said the layoffs would fall mainly on sales teams. "
        "Revenue rose 9 percent from a year earlier, but the company will cut about 1,100 "
        "jobs."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said in (
        "The plans include a cardiac lab that St. Brendan's does not currently have.",
        "The Department of Environmental Protection has yet to act on the wetlands permit "
        "application.",
        "CEO Hannah Lindqvist said the layoffs would fall mainly on sales teams.",
        "Revenue saw a 9 percent increase from a year earlier, but the company will cut "
        "about 1,100 jobs.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    out = verdict("CFO Hannah Lindqvist said the layoffs would fall mainly on sales teams.")
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict("The Department of Environmental Protection has acted on the wetlands permit.")
    assert out["fully_supported"] is False, out["explanation"]


def test_a_number_moved_within_the_statement_that_gives_it_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Revenue rose 6 percent" where the one statement gives "revenue rose 9 percent" and
    "6 percent of its workforce" is caught, with two more words about the number needed
    than where it is given. A number is compared only with one of its kind: a share with a
    share, not "6 million" with "35%", nor a day with a year ("21st January" with the
    "2019" of "2019-nCoV"). A sentence that works a number out of the statement's ("grown
    by about 700 … to roughly 4,800" of "4,800, up from 4,100") keeps its own."""
    doc = (
        "Veridian said its third-quarter revenue rose 9 percent from a year earlier, but it "
        "would cut about 1,100 jobs, roughly 6 percent of its workforce. Corvane employs "
        "about 4,800 people, up from 4,100 at the end of last year. Rio de Janeiro is home "
        "to more than 6 million people, accounting for about 35% of the population of Rio de "
        "Janeiro State. "
        "The time series data of 2019-nCoV cases were released by the National Health "
        "Commission of China after 21 January 2020."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("Veridian's third-quarter revenue rose 6 percent to $2.34 billion.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'6 percent' where the documents say '9 percent'" in out["explanation"]
    for said in (
        "Corvane's workforce has grown by about 700 people since the end of last year, to "
        "roughly 4,800.",
        "Based on the given contexts, the population of Rio, Brazil is more than 6 million .",
        "The time series data from after 21st January 2020 were released by the National "
        "Health Commission of China.",
    ):
        out = verdict(said)
        assert "stands where the documents have" not in out["explanation"], (said, out)


def test_a_japanese_quotation_or_post_given_to_another_person_is_caught(
    judge: OfflineJudge,
) -> None:
    """A Japanese quotation is its speaker's even where the article's holds sentences of its
    own, gives an age after the name (松浦正則院長（62）は「…。…」と頭を下げた) or closes with
    とのコメントを出した; given to another person, it is caught, and the summary's quotation
    alone is the statement looked for, whatever clause follows it (と述べ、…に意欲を示した). A
    person given another's post (小野寺真理子社長 where she is 専務, or 部長の松浦正則氏 with the
    post before the name) is caught too; the same person with their own post, or with an
    honorific, is not."""
    doc = (
        "記者会見した松浦正則院長（62）は「地域の皆さんに大きな不安をおかけすることになり、"
        "申し訳ない。力が及ばなかった」と頭を下げた。県健康福祉部の岩田千秋部長は「あくまで"
        "休止であり、廃止ではない。医師が確保できれば再開したい」と説明した。財務担当の"
        "小野寺真理子専務は「株主還元と成長投資の両立を図る」と説明した。高瀬浩一社長は"
        "「需要の回復にはなお時間がかかる」と語った。"
    )
    verdict = partial(first_verdict, judge, "要約してください。", [doc])
    for said, theirs in (
        (
            "高瀬浩一社長は「地域の皆さんに大きな不安をおかけすることになり、申し訳ない」と陳謝した。",
            "松浦正則院長",
        ),
        (
            "高瀬浩一社長は「あくまで休止であり、廃止ではない」と述べ、医師確保後の再開に意欲を示した。",
            "岩田千秋部長",
        ),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"the documents give this to '{theirs}'" in out["explanation"], out
    out = verdict("小野寺真理子社長は、株主還元と成長投資の両立を図ると説明した。")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'小野寺真理子社長' where the documents say '小野寺真理子専務'" in out["explanation"]
    # a post written before the name, which then takes an honorific
    out = verdict("県健康福祉部長の松浦正則氏は「力が及ばなかった」と頭を下げた。")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'部長の松浦正則氏' where the documents say '松浦正則院長'" in out["explanation"]
    for said in (
        "松浦院長は「地域の皆さんに大きな不安をおかけすることになり、申し訳ない」と陳謝した。",
        "岩田部長は「あくまで休止であり、廃止ではない」と述べ、医師確保後の再開に意欲を示した。",
        "小野寺専務は、株主還元と成長投資の両立を図ると説明した。",
        "小野寺氏は、株主還元と成長投資の両立を図ると説明した。",
        "院長の松浦正則氏は「力が及ばなかった」と頭を下げた。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_an_award_or_ranking_no_part_of_the_record_gives_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Voted the best …", "recognized as … retailer of the year" and "award-winning" are
    claims a record would make if they were true: where no field or review uses their verb,
    they are caught. A review's own "best" is no award."""
    record = "Structured data: " + repr(
        {
            "name": "Koji Ramen",
            "city": "Ann Arbor",
            "review_info": [
                {"review_text": "Best tonkotsu in Ann Arbor, hands down. The broth is rich."},
                {"review_text": "Solid ramen, a little pricey, and the wait was long."},
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said in (
        "Koji Ramen was voted the best ramen shop in Ann Arbor by a local magazine.",
        "Koji Ramen was recognized as Ann Arbor's ramen shop of the year.",
        "Koji Ramen serves an award-winning tonkotsu.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert "is in no field or review of the record" in out["explanation"], out
    out = verdict("One reviewer called it the best tonkotsu in Ann Arbor.")
    assert "is in no field or review of the record" not in out["explanation"], out


def test_a_changed_tally_or_a_number_in_words_moved_from_another_statement_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Approved the merger 9-1" where the board "approved it 8-1" is caught even though the
    article gives a 9 elsewhere; a range of days is no tally. "Over three years" where the
    investment runs "over five years" (three counting something else) is caught as a
    number moved from another statement, in words as the article writes it; a number in
    words is not read against one in figures."""
    doc = (
        "St. Brendan's board approved it 8-1, with Gail Serrano casting the only vote "
        "against. The hospital has 9 operating rooms. Harrowgate will invest $150 million "
        "at the campus over five years. Three surgeons will join the staff. Patients wait "
        "2-3 days for a bed."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("St. Brendan's board approved the merger 9-1, with Gail Serrano against.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'9-1' where the documents say '8-1'" in out["explanation"]
    out = verdict("Harrowgate will invest $150 million at the campus over three years.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'three' where the documents say 'five'" in out["explanation"]
    for said in (
        "St. Brendan's board approved the merger 8-1, with Gail Serrano against.",
        "Harrowgate will invest $150 million at the campus over five years.",
        "Patients wait 2-3 days for a bed.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    # "eight" joins the second statement to the first, whose numbers are in figures
    doc = (
        "The menopause transition typically begins between 40 and 50 years of age (average "
        "47.5). The duration of perimenopause may be for up to eight years."
    )
    out = first_verdict(
        judge,
        "When does menopause start?",
        [doc],
        "The menopause transition typically begins between 40 and 50 years of age and may "
        "last up to eight years.",
    )
    assert "where the documents say" not in out["explanation"], out["explanation"]


def test_a_short_quotation_given_to_another_speaker_is_caught(judge: OfflineJudge) -> None:
    """A quotation too short for its content words to tell where it comes from ("We
    followed the advice we were given at the time") is found where the article writes it
    word for word, and given to another speaker it is caught, also where the summary's
    sentence ends inside the quotation; given to its own speaker it is not."""
    doc = (
        'Board chair Douglas Pruitt defended the vote. "We followed the advice we were given '
        'at the time," Pruitt said. Supervisor Janet Okoye, who voted against the rezoning, '
        "declined to comment. Chief financial officer Marcus Obi said several deals had "
        'slipped. "We haven\'t lost those deals. They are taking longer," Obi said.'
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said, theirs in (
        (
            'Supervisor Janet Okoye said, "We followed the advice we were given at the time."',
            "Pruitt",
        ),
        (
            "Janet Okoye said of the deals, \"We haven't lost those deals. They are taking "
            'longer."',
            "Obi",  # who closes the quotation
        ),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"the documents give this to '{theirs}'" in out["explanation"], out
    out = verdict('Pruitt said, "We followed the advice we were given at the time."')
    assert "the documents give this to" not in out["explanation"], out["explanation"]
    # a quotation is found from a word's start to a word's end: "taking long" is not
    # Obi's "taking longer"
    out = verdict('Janet Okoye said, "They are taking long."')
    assert "the documents give this to" not in out["explanation"], out["explanation"]


def test_a_statement_is_found_past_the_words_that_describe_its_speaker(
    judge: OfflineJudge,
) -> None:
    """ "CDC epidemiologist Anil Mehta said …": the words before the name describe who
    speaks, so the statement the article gives to the FDA's spokeswoman is found without
    them, and given to Mehta it is caught; given to her it is not."""
    doc = (
        "Dr. Anil Mehta, a CDC epidemiologist leading the investigation, said the true number "
        "of illnesses is likely higher. Agency spokeswoman Carla Benitez said a plumbing "
        'repair in April "may have been a contributing factor," but that the investigation '
        "was continuing."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    said = "an April plumbing repair may have contributed to the contamination."
    out = verdict(f"CDC epidemiologist Anil Mehta said {said}")
    assert out["fully_supported"] is False, out["explanation"]
    assert "the documents give this to 'Carla Benitez'" in out["explanation"], out
    out = verdict(f"FDA spokeswoman Carla Benitez said {said}")
    assert "the documents give this to" not in out["explanation"], out["explanation"]


def test_a_quotation_of_several_sentences_is_given_to_who_closes_it(
    judge: OfflineJudge,
) -> None:
    """A quotation that runs over several sentences names its speaker where it closes
    ('"We have cut where we could. We have delayed what we could. Without this increase,
    …," Okafor said.') or where it opens ('Jones said: "We must act now. The cuts hurt
    readers."'): its other sentences are that speaker's too, so given to another they are
    caught. A sentence after a quotation that has closed is in none."""
    doc = (
        "Vice president for finance Leon Sato presented the budget. President Samuel Okafor "
        'spoke next. "We have cut where we could. We have delayed what we could. Without '
        'this increase, we would be cutting programs," Okafor said.'
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    said = 'said the university had "cut where we could" and "delayed what we could."'
    out = verdict(f"Leon Sato {said}")
    assert out["fully_supported"] is False, out["explanation"]
    assert "the documents give this to 'Okafor' (0c, 0d)" in out["explanation"], out
    out = verdict(f"Samuel Okafor {said}")
    assert "the documents give this to" not in out["explanation"], out["explanation"]
    # a sentence after a quotation that has closed is in none: its speaker is not the one
    # who opens the next quotation
    doc = (
        '"We will appeal. The ruling was unfair," Smith said. The council voted to cut the '
        'library budget by half. Jones said: "We must act now. The cuts hurt readers."'
    )
    out = first_verdict(
        judge,
        "Summarize the article.",
        [doc],
        "Smith said the council voted to cut the library budget by half.",
    )
    assert "the documents give this to" not in out["explanation"], out["explanation"]
    # a quotation's later sentence is its opener's where the opener names the speaker
    out = first_verdict(
        judge, "Summarize the article.", [doc], 'Smith said, "The cuts hurt readers."'
    )
    assert "the documents give this to 'Jones' (0e)" in out["explanation"], out["explanation"]


def test_a_role_given_after_the_name_without_an_article_is_the_persons(
    judge: OfflineJudge,
) -> None:
    """ "Dana Whitcombe, president of the Linwood Nurses Association" gives her a role as
    "Karen Walsh, the hospital's chief pharmacist" does: "board member Dana Whitcombe" is
    caught, "union president Dana Whitcombe" is not."""
    doc = (
        "Dana Whitcombe, president of the Linwood Nurses Association, said the union would "
        "press for the job commitment to be written into its contract."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Board member Dana Whitcombe said the union would press for the job commitment to be "
        "written into its contract."
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "where the documents call Dana Whitcombe 'president'" in out["explanation"]
    out = verdict(
        "Union president Dana Whitcombe said the union would press for the job commitment to "
        "be written into its contract."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_role_after_a_speech_verb_is_the_persons(judge: OfflineJudge) -> None:
    """In '"…," said Superintendent Gary Fenwick' the role is "superintendent", not "said
    superintendent", and a summary's "superintendent" in lower case is the same word: the
    summary restates his role. "Principal Gary Fenwick" is still another role."""
    doc = (
        '"The court told the state what every teacher already knew," said Superintendent Gary '
        "Fenwick of the Carter County School District, the lead plaintiff."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Gary Fenwick, superintendent of the Carter County School District, said the court "
        "told the state what every teacher already knew."
    )
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict(
        "Principal Gary Fenwick said the court told the state what every teacher already knew."
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "'Superintendent'" in out["explanation"], out["explanation"]


def test_a_number_that_counts_what_the_documents_count_with_it_is_theirs(
    judge: OfflineJudge,
) -> None:
    """ "Cedar Valley's 15 turnovers" where the article gives "The Wolves committed 15
    turnovers" and no other number of turnovers is the article's 15, though its sentence
    about Cedar Valley gives 2 (of two games); a wrong count of points is still caught."""
    doc = (
        "Ridgeway State lost to Cedar Valley 2 times in the regular season, by 11 points in "
        "January and 6 points in February. The Wolves committed 15 turnovers, which Ridgeway "
        "State converted into 19 points. Brooks led Ridgeway State with 27 points. Reyes "
        "finished with 24 points and 11 rebounds for Cedar Valley."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("Ridgeway State scored 19 points off Cedar Valley's 15 turnovers.")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("Brooks led Ridgeway State with 24 points.")
    assert out["fully_supported"] is False, out["explanation"]


def test_a_person_put_in_anothers_place_in_a_copied_statement_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Dr. Patel … let their son pick a prize from the treasure box" where the review that
    says so names Dr. Nguyen is caught; the right name passes. A manual's capitalised label
    ("press Pause", where the manual also writes "pause" as a word) and a quoted label are
    no person's name."""
    record = "Structured data: " + repr(
        {
            "name": "Brightside Dental",
            "review_info": [
                {"review_text": "Dr. Patel is the best dentist I've had, thorough but gentle."},
                {
                    "review_text": "Dr. Nguyen is great with children and let my son pick a "
                    "prize from the treasure box afterward."
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict(
        "A parent said Dr. Patel was great with children and let their son pick a prize from "
        "the treasure box."
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "'Patel' where the documents say 'Nguyen'" in out["explanation"]
    out = verdict(
        "A parent said Dr. Nguyen was great with children and let their son pick a prize from "
        "the treasure box."
    )
    assert out["fully_supported"] is True, out["explanation"]
    manual = "While the video is playing, press the Select button. You can pause it at any time."
    out = first_verdict(
        judge,
        "How do I pause a video?",
        [manual],
        "While the video is playing, press the Pause button.",
    )
    assert "where the documents say" not in out["explanation"], out["explanation"]


def test_a_value_that_ends_a_clause_the_field_leads_is_the_fields(judge: OfflineJudge) -> None:
    """ "Wi-Fi is available to patients for a small fee" gives `WiFi: free` another value
    though "fee" stands past the reach a value has from its field's name: the field leads
    the clause and the value ends it. A fee of another statement ("…, and the office
    charges a small fee") is not the Wi-Fi's."""
    record = "Structured data: " + repr(
        {"name": "Brightside Dental", "attributes": {"WiFi": "u'free'"}}
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict("Wi-Fi is available to patients for a small fee.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "the record says otherwise" in out["explanation"], out["explanation"]
    out = verdict("Wi-Fi is available to patients, and the office charges a small fee.")
    assert "the record says otherwise" not in out["explanation"], out["explanation"]


def test_a_japanese_decision_the_article_says_is_still_weighed_is_caught(
    judge: OfflineJudge,
) -> None:
    """…ことを決めた where the article says the prefecture is still weighing it (検討してい
    る) is caught; a decision the article gives as made, though it was weighed before
    (検討していたが、…決めた), is not."""
    doc = (
        "県は、国に激甚災害の指定を求める方向で検討している。"
        "市は仮設住宅の建設を検討していたが、16日に建設を決めた。"
    )
    verdict = partial(first_verdict, judge, "要約してください。", [doc])
    out = verdict("県は、国に激甚災害の指定を求めることを決めた。")
    assert out["fully_supported"] is False, out["explanation"]
    assert "told as done where the documents give a plan" in out["explanation"]
    out = verdict("市は、16日に仮設住宅の建設を決定した。")
    assert "told as done where the documents give a plan" not in out["explanation"], out
    # whether to do it is not yet decided (…開くかどうかはまだ決まっていない)
    out = first_verdict(
        judge,
        "要約してください。",
        ["同審議会が利用者の意見を聞く公聴会を開くかどうかはまだ決まっていない。"],
        "運輸審議会は、利用者の意見を聞く公聴会を開くことを決めた。",
    )
    assert "told as done where the documents give a plan" in out["explanation"], out
    # a use the article leaves undecided (跡地の活用方法は未定), given one the article lacks
    # (物流拠点), and a committee's name (検討委員会) that weighs nothing by itself
    doc = (
        "滋賀工場の跡地の活用方法は未定だという。検討委員会は年度内に報告書をまとめ、町はそれを"
        "踏まえて条例案を議会に提出するかどうかを判断する方針だ。"
    )
    verdict = partial(first_verdict, judge, "要約してください。", [doc])
    for said in (
        "滋賀工場の跡地は、物流拠点として活用することが決まった。",
        "町は検討委員会の報告書を踏まえ、条例案を議会に提出することを決めた。",
    ):
        out = verdict(said)
        assert "told as done where the documents give a plan" in out["explanation"], out
    out = verdict("町は検討委員会の報告書を踏まえ、条例案を議会に提出するかどうかを判断する。")
    assert "told as done where the documents give a plan" not in out["explanation"], out


def test_a_japanese_year_written_with_its_last_two_digits_is_the_full_year(
    judge: OfflineJudge,
) -> None:
    """Japanese news writes the year before a month or a fiscal year with its last two
    digits (26年4月, 30年度): a summary that writes it in full restates it, and one that
    names another year is caught."""
    doc = (
        "両行は統合に先立ち、26年4月から、互いのATMで預金を引き出す際の手数料を無料にすることを"
        "決めた。ホームドアを30年度までに全駅に設置する。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    for said in (
        "両行は2026年4月から互いのATMで預金を引き出す際の手数料を無料にする。",
        "ホームドアを2030年度までに全駅に設置する。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    out = verdict("両行は2027年4月から互いのATMで預金を引き出す際の手数料を無料にする。")
    assert out["fully_supported"] is False, out["explanation"]


def test_a_japanese_two_digit_year_after_a_full_year_is_in_its_century(
    judge: OfflineJudge,
) -> None:
    """After a full year, Japanese news writes a second one with its last two digits
    (2024年は…19年の約2.4倍): a summary that writes 19年 so restates the article's 2019年, and
    one that gives 18年 there is caught. A span (19年ぶり, 過去10年で) is no year."""
    doc = (
        "2024年に町を訪れた外国人観光客は約86万人で、新型コロナウイルス禍前の2019年の約2.4倍"
        "に増えた。町内の旅館が19年ぶりに新築された。駅東地区では1990年代後半から造成が進み、"
        "過去10年で人口が約1.6倍に増えた。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("外国人観光客は2024年に約86万人と、コロナ禍前の19年の約2.4倍に増えた。")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("外国人観光客は2024年に約86万人と、コロナ禍前の18年の約2.4倍に増えた。")
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict("2024年には町内の旅館が19年ぶりに新築された。")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("駅東地区では造成が進み、人口は過去10年で約1.6倍に増えた。")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_number_given_as_a_bound_or_a_total_of_the_documents_numbers(
    judge: OfflineJudge,
) -> None:
    """A bound in points (7ポイント余り for 7.42ポイント) is met by the documents' figure,
    though they give 7 for a month; a total of two of their numbers given as one ("合わせて
    約3900人", "about 3,900 people combined" of 2,100 and 1,800) is worked out from them; a
    share given as approximate is rounded to points, so "about 88%" is not their 92%."""
    ja = partial(
        first_verdict,
        judge,
        "次のニュース記事を要約してください。",
        [
            "投票率は41.27％で、前回の33.85％を7.42ポイント上回った。任期は7月1日から。"
            "両行の従業員数は越前中央銀行が約2100人、加賀ひかり銀行が約1800人。"
        ],
    )
    en = partial(
        first_verdict,
        judge,
        "Summarize the article.",
        [
            "Harbor Bank employs 2,100 people and Lakeside Bank employs 1,800. Ridership last "
            "year was 92% of its 2019 level, the company said."
        ],
    )
    for verdict, said, supported in (
        (ja, "投票率は41.27％で、前回の33.85％から7ポイント余り上昇した。", True),
        (ja, "投票率は41.27％で、前回の33.85％から9ポイント余り上昇した。", False),
        (ja, "両行の従業員数は合わせて約3900人。", True),
        (ja, "両行の従業員数は合わせて約4200人。", False),
        (en, "The two banks employ about 3,900 people combined.", True),
        (en, "The two banks employ about 4,300 people combined.", False),
        (en, "Ridership last year was about 91% of its 2019 level.", True),
        (en, "Ridership last year was about 88% of its 2019 level.", False),
        (en, "Ridership last year was around 88% of its 2019 level.", False),
    ):
        out = verdict(said)
        assert out["fully_supported"] is supported, (said, out["explanation"])


def test_a_decision_the_article_says_is_not_made_is_caught(judge: OfflineJudge) -> None:
    """A decision or a deed told as made ("has decided to sue", "has already hired", "have
    agreed to provide") where the article says no decision has been made, or that it will
    consider whether, is caught; told as open, or as the article tells it, it is not."""
    doc = (
        "Finch said the city may sue the bank that processed the checks but that no decision "
        "has been made. Delgado said the council will consider in April whether to hire a "
        "full-time internal auditor. Superintendent Helen Marsh said the district was looking "
        "into chartering private buses but had not made a decision. The council has hired "
        "an outside accounting firm to review every account."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said, supported in (
        ("The city has decided to sue the bank that processed the checks.", False),
        ("The City Council has already hired a full-time internal auditor.", False),
        ("The school district has chartered private buses.", False),
        ("The city may sue the bank that processed the checks.", True),
        ("The city has not decided whether to sue the bank that processed the checks.", True),
        ("The district is weighing whether to charter private buses.", True),
        ("The council has hired an outside accounting firm to review every account.", True),
    ):
        out = verdict(said)
        assert out["fully_supported"] is supported, (said, out["explanation"])
    out = verdict("The city has decided to sue the bank that processed the checks.")
    assert "no decision has been made" in out["explanation"], out["explanation"]


def test_a_day_given_otherwise_in_a_copied_statement_is_caught(judge: OfflineJudge) -> None:
    """A day of a month given otherwise in a copied statement ("began their inspection …
    on July 27" where the article says July 24, and July 27 is when production stopped) is
    caught; a sentence that joins two statements, each with its own day, is not, nor is a
    day the question gives."""
    doc = (
        "Investigators from the Food and Drug Administration found listeria at the company's "
        "plant in Kettle Ridge during an inspection that began July 24. The company halted "
        "production at the plant on July 27. Carl Friedrich Gauss was born on 30 April 1777 "
        "in Brunswick. He died in Göttingen on February 23, 1855. Syngman Rhee was elected "
        "president by the National Assembly on July 20, 1948. He was inaugurated on August "
        "15, 1948. Emmy Noether was born in Erlangen on 23 March 1882. The mathematician's "
        "death came on April 14, 1935."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("FDA investigators began their inspection of the Kettle Ridge plant on July 27.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'July 27' where the documents say 'July 24'" in out["explanation"], out
    for said in (
        "Investigators began their inspection of the Kettle Ridge plant on July 24.",
        "Carl Friedrich Gauss was born on April 30, 1777 in Brunswick and died in Göttingen "
        "on February 23, 1855.",
        # the rest of the sentence is the statement that gives its day
        "Syngman Rhee was inaugurated as president on August 15, 1948, after being elected "
        "by the National Assembly.",
        # every day the statement gives, the sentence gives too
        "Emmy Noether was born in Erlangen on 23 March 1882 and died on April 14, 1935.",
    ):
        out = verdict(said)
        assert "stands where the documents have" not in out["explanation"], (said, out)
    asked = first_verdict(
        judge,
        "What happened at the Kettle Ridge plant on July 27?",
        [doc],
        "Investigators began their inspection of the Kettle Ridge plant on July 27.",
    )
    assert "where the documents say" not in asked["explanation"], asked["explanation"]


def test_a_day_given_otherwise_in_a_sentence_that_joins_statements_is_caught(
    judge: OfflineJudge,
) -> None:
    """A changed day in a sentence that goes on to another statement ("expired on July 30,
    and 22 negotiating sessions failed …") is read by its clause, and one in a sentence that
    joins a dated statement to an undated one ("scheduled to vote Feb. 15 on the
    reserve-fund transfer to cover any shortfall") by the dated one; the right days pass,
    and so does a day another sentence gives for the statement ("released on December 16,
    2006 in Japan", where the sentence before names the first film)."""
    doc = (
        "The union's previous contract expired on June 30. Negotiators met 22 times over four "
        "months but failed to agree on wages. Jennings said the city would cover any shortfall "
        "in the library's budget this year from a reserve fund. The city council must still "
        "approve that transfer, which is scheduled for a vote on Feb. 12. The campaign starts "
        "Feb. 15. All four feature films were directed by Noriyuki Abe. The first film was "
        "released in Japan on December 16, 2006. The second film was released to Japanese "
        "theaters on December 22, 2007."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "The union's previous contract expired on July 30, and 22 negotiating sessions failed "
        "to produce a new one."
    )
    assert "'July 30' where the documents say 'June 30'" in out["explanation"], out
    out = verdict(
        "The city council is scheduled to vote Feb. 15 on the reserve-fund transfer to cover "
        "any shortfall."
    )
    assert "'Feb. 15' where the documents say 'Feb. 12'" in out["explanation"], out
    for said in (
        "The union's previous contract expired on June 30, and 22 negotiating sessions failed "
        "to produce a new one.",
        "The city council is scheduled to vote Feb. 12 on the reserve-fund transfer to cover "
        "any shortfall.",
        "The first film by Noriyuki Abe was released on December 16, 2006 in Japan.",
    ):
        out = verdict(said)
        assert "where the documents say" not in out["explanation"], (said, out["explanation"])


def test_daily_qualifying_a_thing_is_no_opening_day_and_a_moderate_price_is_a_level(
    judge: OfflineJudge,
) -> None:
    """ "Calling with daily updates" says nothing of the days a shop opens, while "open
    daily" does; "moderately priced" (or "a moderate price range") is another level than
    `RestaurantsPriceRange2: 3`."""
    shop = {
        "name": "Ridgeline Auto Care",
        "hours": {d: "7:30-17:30" for d in ("Monday", "Tuesday", "Wednesday", "Thursday")},
        "attributes": {"RestaurantsPriceRange2": "3", "WiFi": "free"},
        "review_info": [
            {
                "review_stars": 5.0,
                "review_text": "Kendra at the service desk called me each afternoon with an "
                "update on the repair, which I really appreciated.",
            }
        ],
    }
    verdict = partial(
        first_verdict,
        judge,
        "Write an objective overview of the business based only on the structured data.",
        [f"Structured data: {shop}"],
    )
    for said, supported in (
        ("Kendra at the service desk is praised for calling with daily updates.", True),
        ("Ridgeline Auto Care is open daily.", False),
        ("Ridgeline Auto Care is moderately priced.", False),
        ("Ridgeline Auto Care falls in a moderate price range.", False),
    ):
        out = verdict(said)
        assert out["fully_supported"] is supported, (said, out["explanation"])


def test_a_claim_widened_to_all_or_to_certain_is_caught_in_a_summary(
    judge: OfflineJudge,
) -> None:
    """ "Drivers who leave all go to Ridgeline" where the article says "some of them go",
    "workers were certain to lose hours" where "some were likely to", "usually fatal" where it
    is "rare but can be deadly", "the district's mechanics are all" where "four of" them,
    小中学校ではすべて where it names 3校: caught in a summary, the article's narrower word
    named. Not where the article says all too, nor where the sentence keeps the part, nor for
    "the only issue" or "every few days", nor in an answer to a question, which may say "all"
    of what its document lists."""
    doc = (
        "Aldana said the district trains new drivers and then some of them go down the road to "
        "the Ridgeline warehouse for better pay. She said some farm workers were likely to lose "
        "hours because of the water cuts. All of the buses were inspected in August. The "
        "infection is rare but can be deadly in newborns. Four of the district's six mechanics "
        "are due to retire next year. Some of the buses are washed at the depot twice a week."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    for said, theirs in (
        (
            "Aldana said drivers the district trains all go to the Ridgeline warehouse for pay.",
            "some",
        ),
        ("She said farm workers were certain to lose hours because of the water cuts.", "likely"),
        ("The infection is usually fatal in newborns.", "rare"),
        # a count given in words
        ("The district's mechanics are all due to retire next year.", "Four of"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"where the documents say '{theirs}'" in out["explanation"], out["explanation"]
    for said in (
        "Aldana said some of the drivers it trains go to the Ridgeline warehouse for pay.",
        "All of the buses were inspected in August.",
        # a span's recurrence claims no all
        "Buses are washed at the depot every few days.",
    ):
        out = verdict(said)
        assert "where the documents say" not in out["explanation"], (said, out["explanation"])
    pizza = [
        "We got a large pepperoni and wings. The only issue was that one pizza was supposed to "
        "be half cheese and came out full pepperoni, but the kids did not care."
    ]
    said = "One pizza meant to be half cheese came out entirely pepperoni."
    out = first_verdict(judge, "Summarize the review.", pizza, said)
    assert "where the documents say" not in out["explanation"], out["explanation"]
    asked = first_verdict(
        judge,
        "Where do the drivers the district trains go?",
        [doc],
        "Aldana said drivers the district trains all go to the Ridgeline warehouse for pay.",
    )
    assert "where the documents say" not in asked["explanation"], asked["explanation"]
    ja = (
        "県教委によると、クマの出没を受けて、県内の小中学校のうち3校で教職員が登下校に付き添う。"
        "警報は今月末まで続く。"
    )
    out = first_verdict(
        judge,
        "以下のニュース記事を要約してください。",
        [ja],
        "クマの出没を受けて、県内の小中学校ではすべて、教職員が登下校に付き添う。",
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "'すべて' where the documents say '3校'" in out["explanation"], out["explanation"]


def test_a_reason_the_article_tells_only_of_another_matter_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "The school system is dropping routes mainly because of a projected budget deficit"
    where the article tells of the deficit paragraphs away from the routes, and of nothing
    causing the other: caught in a summary, the deficit's sentence named; so, in Japanese,
    is 柴田大輔さんの手取りが減ったのは、今年の水揚げ量が…落ち込んだためだ where the
    catch is told far from his pay. A reason the article gives beside its statement passes,
    as does one the statement's speaker gives, and an answer to a question is not read so."""
    doc = (
        "The Halden Valley district will eliminate 14 of its 62 daily bus routes starting "
        "Monday. Superintendent Ketter said the district could not find enough drivers to run "
        "them, even after raising hourly pay. Parents at Thursday's meeting asked for earlier "
        "notice. Several elementary schools will also start ten minutes later. The board "
        "approved new science textbooks for the middle school. Separately, the treasurer "
        "reported a projected $1.2 million budget deficit for next year. The football "
        "stadium's lights will be replaced in spring."
    )
    summary = "Summarize the following news article."
    said = "The school system is dropping routes mainly because of a projected budget deficit."
    out = first_verdict(judge, summary, [doc], said)
    assert out["fully_supported"] is False, out["explanation"]
    told = "a reason the documents tell only of another matter: 'a projected budget deficit'"
    assert told in out["explanation"], out["explanation"]
    assert "(0f)" in out["explanation"], out["explanation"]
    linked = "The district is eliminating 14 bus routes because it could not find enough drivers."
    # (a reason for the last statement before it alone: "…, but took off a star because …")
    review = (
        "Came in for a blowout before a wedding and Jess did a great job with my thick hair. "
        "The blowout was $55 and took about 45 minutes. They offered me sparkling water. The "
        "Wi-Fi was free. My 8 a.m. appointment started about 20 minutes late. Jess apologized "
        "and worked quickly. Knocking off one star for the late start."
    )
    out = first_verdict(
        judge,
        "Write an overview of the business.",
        [review],
        "A reviewer said Jess did a $55 blowout with thick hair before a wedding, but took off "
        "a star because the 8 a.m. appointment started about 20 minutes late.",
    )
    assert "only of another matter" not in out["explanation"], out["explanation"]
    # (a reason its speaker gives is his: Ketter is named with it)
    quoted = doc + ' "Families are moving away," Ketter said.'
    own = "Superintendent Ketter backs dropping routes because families are moving away."
    out = first_verdict(judge, summary, [quoted], own)
    assert "only of another matter" not in out["explanation"], out["explanation"]
    for question, line in ((summary, linked), ("Why is the district cutting routes?", said)):
        out = first_verdict(judge, question, [doc], line)
        assert "only of another matter" not in out["explanation"], (line, out["explanation"])
    ja = (
        "ホタテ漁師の柴田大輔さんの手取りは、2年前の半分近くまで減った。輸出先の停止で浜値が"
        "下がったためだ。組合は新たな販路を探している。町は加工場の建て替えを検討している。"
        "港では新しい冷蔵倉庫の工事が始まった。今年の水揚げ量は大幅に落ち込んだ。"
    )
    ask = "以下のニュース記事を要約してください。"
    pay = "ホタテ漁師の柴田大輔さんの手取りが減ったのは、"
    out = first_verdict(judge, ask, [ja], pay + "今年の水揚げ量が大幅に落ち込んだためだ。")
    told = "only of another matter: '今年の水揚げ量が大幅に落ち込んだ' (0f)"
    assert told in out["explanation"], out["explanation"]
    out = first_verdict(judge, ask, [ja], pay + "輸出先の停止で浜値が下がったためだ。")
    assert "only of another matter" not in out["explanation"], out["explanation"]


def test_all_of_a_whole_the_article_gives_a_part_of_is_caught(judge: OfflineJudge) -> None:
    """ "All 19 people sickened were hospitalized" where the article says "Seventeen of the
    19", "every one of the 45 wards" where "38 of the 45": caught. Not where the article
    says all of them too, nor where the part is of another whole."""
    doc = (
        "Nineteen people in six states were sickened. Seventeen of the 19 patients were "
        "hospitalized. All 19 have since recovered. Turnout fell in 38 of the assembly's 45 wards. "
        "Service stopped on all 48 bus routes, stranding many of the roughly 85,000 riders. "
        "Four of the 12 crew members were injured, and all 12 were rescued."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said, theirs in (
        ("All 19 people sickened in the outbreak were hospitalized.", "Seventeen of the 19"),
        ("Turnout fell in every one of the assembly's 45 wards.", "38 of the assembly's 45"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"where the documents say '{theirs}'" in out["explanation"], out
    for said in (
        "All 19 people sickened in the outbreak recovered.",
        "The strike halted service on all 48 bus routes.",
        "All 12 crew members were rescued.",
    ):
        out = verdict(said)
        assert "stands where the documents have" not in out["explanation"], (said, out)


def test_a_japanese_statement_is_found_with_more_posts_fields_and_verbs(
    judge: OfflineJudge,
) -> None:
    """A speaker's field after the name (岡部真一教授（金融論）は), a chamber's head (会頭)
    and a criticism (と批判した) are read as the speaker and the statement's verb, so a
    statement given to another of the article's speakers is caught."""
    doc = (
        "福井商工会議所の川村隆会頭は「統合後も地元企業への融資姿勢が変わらないことを期待したい」と"
        "話した。東都大学の岡部真一教授（金融論）は「システム統合で過去に障害を起こした例も多く、"
        "慎重な準備が欠かせない」と指摘している。小野寺氏は、病院計画は住民への説明が不十分なまま"
        "進められたと批判した。竹内氏は移転計画の凍結を主張した。"
        "保健所の島田恭子課長は、症状がなくても感染している場合があるとして、調理前の手洗いの徹底を"
        "呼びかけた。店主の川瀬さんは「深くおわびする」と話した。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    for said, theirs in (
        (
            "川村会頭は、システム統合で過去に障害が起きた例も多く、慎重な準備が欠かせないと指摘した。",
            "岡部真一教授",
        ),
        ("竹内氏は、病院計画は住民への説明が不十分なまま進められたと批判した。", "小野寺氏"),
        # (a call for something, …の徹底を呼びかけた, is a statement too)
        (
            "店主の川瀬さんは、症状がなくても感染している場合があるとして、調理前の手洗いの徹底を"
            "呼びかけた。",
            "島田恭子課長",
        ),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"the documents give this to '{theirs}'" in out["explanation"], out
    out = verdict("小野寺氏は、病院計画は住民への説明が不十分なまま進められたと批判した。")
    assert "the documents give this to" not in out["explanation"], out["explanation"]


def test_a_japanese_quotation_over_sentences_and_a_view_shown_keep_their_speaker(
    judge: OfflineJudge,
) -> None:
    """A quotation that holds sentences of its own (「…とした。…要因になる」と説明した), a
    post joined to the name by a dot (長谷川由美・最高財務責任者（CFO）), a short quotation
    in a sentence that goes on from that speaker (また、…「そうした事実はない」と否定した),
    an analyst (村上亮アナリスト) and a view shown (…とは難しいとの見方を示した) are each
    read with their speaker, so a statement given to another speaker is caught; given to
    its own, it passes."""
    doc = (
        "小野寺健一社長は「国内の家電市場は買い替え需要が一巡し、想定以上に厳しい」と述べた。"
        "長谷川由美・最高財務責任者（CFO）は、為替について「下期の想定レートは1ドル＝145円とした。"
        "円高が進めば、さらに利益を押し下げる要因になる」と説明した。また、白物家電事業の一部を"
        "他社に売却するとの一部報道については「そうした事実はない」と否定した。"
        "東都証券の村上亮アナリストは「空調事業の成長は評価できる」と話した。"
        "北斗大学の西田健吾教授は、料金だけで観光客の数を大きく減らすのは難しいとの見方を示した。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    for said, theirs in (
        (
            "村上アナリストは、円高が進めばさらに利益を押し下げる要因になると指摘した。",
            "長谷川由美",
        ),
        ("小野寺社長は、一部売却の報道について「そうした事実はない」と否定した。", "長谷川由美"),
        (
            "長谷川CFOは「国内の家電市場は買い替え需要が一巡し、想定以上に厳しい」と述べた。",
            "小野寺",
        ),
        (
            "村上アナリストは、料金だけで観光客の数を大きく減らすのは難しいとの見方を示した。",
            "西田",
        ),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"the documents give this to '{theirs}" in out["explanation"], out
    for said in (
        "長谷川CFOは、円高が進めばさらに利益を押し下げる要因になると説明した。",
        "長谷川CFOは、一部売却の報道について「そうした事実はない」と否定した。",
    ):
        out = verdict(said)
        assert "the documents give this to" not in out["explanation"], out["explanation"]


def test_a_japanese_amount_kept_told_as_changed_is_caught(judge: OfflineJudge) -> None:
    """An amount the article says is kept (据え置いた, 維持する), told as raised or cut
    (引き上げられた, 減配する), 全会一致 told as 賛成多数 and 否決 as 可決, are caught; told
    as kept, it passes, and so does a sentence that gives both ends of two things as the
    article does (据え置く一方…引き下げた)."""
    doc = (
        "売上高は従来予想の2兆5000億円を据え置いたが、営業利益は従来の1650億円から1400億円へと"
        "250億円引き下げた。一方、年間配当は従来予想通り1株あたり60円を維持する。"
        "市議会は9月定例会で、見直しを求める意見書を全会一致で可決した。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    for said, theirs in (
        ("通期の売上高予想は、従来の2兆5000億円から引き上げられた。", "'引き上げ' where"),
        ("年間配当は従来予想の1株あたり60円から減配する。", "'減配' where"),
        ("市議会は9月定例会で、見直しを求める意見書を賛成多数で可決した。", "'賛成多数' where"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert theirs in out["explanation"], out["explanation"]
    for said in (
        "年間配当は従来予想通り1株あたり60円を維持する。",
        "売上高予想は2兆5000億円に据え置く一方、営業利益予想は1400億円に引き下げた。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    # a bill voted down, told as passed (where the article passes nothing)
    out = first_verdict(
        judge,
        "次のニュース記事を要約してください。",
        ["県議会は10月、住民投票条例案を本会議で否決した。"],
        "県議会は10月、住民投票条例案を本会議で可決した。",
    )
    assert "'可決' where the documents say '否決'" in out["explanation"], out["explanation"]


def test_approved_and_declined_are_two_ends(judge: OfflineJudge) -> None:
    """ "Ownership declined to pay the luxury tax" where the article says ownership approved
    paying it is caught; said the article's way, it is not."""
    doc = (
        "Prescott said ownership approved paying the luxury tax this season. The team halted "
        "practice on Monday."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("Ownership declined to pay the luxury tax this season.")
    assert "'declined' where the documents say 'approved'" in out["explanation"], out
    # a ruling upheld is no ruling overturned
    out = first_verdict(
        judge,
        "Summarize the article.",
        [
            "In a 5-2 decision, the court upheld a 2022 trial court ruling and ordered the state "
            "to adopt a new funding system by July 1."
        ],
        "In a 5-2 decision, the court overturned a 2022 trial court ruling and ordered the "
        "state to adopt a new funding system by July 1.",
    )
    assert "'overturned' where the documents say 'upheld'" in out["explanation"], out
    out = verdict("Ownership approved paying the luxury tax this season.")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_deed_given_to_another_agency_named_by_its_initials_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "The CDC found listeria …" where investigators from the Food and Drug Administration
    found it is caught, the agency named whole; "The FDA found …" is the same agency by its
    initials, and is not."""
    doc = (
        "Investigators from the Food and Drug Administration found listeria in samples taken "
        "from a drain near a packaging line at the plant. The CDC said 19 people were sickened."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    said = "found listeria in samples taken from a drain near a packaging line at the plant."
    out = verdict(f"The CDC {said}")
    assert out["fully_supported"] is False, out["explanation"]
    assert "the documents give this to 'Food and Drug Administration'" in out["explanation"]
    out = verdict(f"The FDA {said}")
    assert "the documents give this to" not in out["explanation"], out["explanation"]


def test_a_number_of_a_range_or_of_a_part_and_its_whole_is_no_other_number(
    judge: OfflineJudge,
) -> None:
    """ "40 inpatient beds have been closed" (in a sentence joining two of the article's)
    where "40 of the system's roughly 1,150 inpatient beds had been closed" gives both
    numbers joined as a part and its whole: no number is put for 1,150. Two numbers of a
    list ("fragments at 22% and small beads at 10%") or two set against each other ("140
    watts, compared with the roughly 600 watts") stay apart."""
    doc = (
        "A hospital spokeswoman, Carla Benning, said all five hospitals remained open but that "
        "40 of the system's roughly 1,150 inpatient beds had been temporarily closed and some "
        "non-urgent surgeries at two sites had been postponed. She said emergency departments "
        "were operating normally. Most of the particles were "
        "fibres, which made up 68% of the total, followed by fragments at 22% and small beads "
        "at 10%. The solar panels were generating about 140 watts, compared with the roughly "
        "600 watts the lander needs to run all of its instruments."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Spokeswoman Carla Benning said all five hospitals remain open and emergency "
        "departments are working normally, although 40 inpatient beds have been temporarily "
        "closed."
    )
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("Fibres made up 68% of the particles found, followed by fragments at 10%.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'10%' where the documents say '22%'" in out["explanation"]
    out = verdict(
        "The solar panels were generating about 600 watts, far less than the lander needs."
    )
    assert out["fully_supported"] is False, out["explanation"]


def test_a_dates_day_decades_and_a_products_number_are_no_counts(judge: OfflineJudge) -> None:
    """A day of the dateline ("Jan 29") is no number an age is put for; "more than two
    decades" is "over 20 years"; the number of a product's name ("VT-118") is its name's."""
    doc = (
        "LONDON, Jan 29 (Wire) - Harbury United have signed Brazilian winger Caio Mendes from "
        "Sporting Braga, the club said on Wednesday. Mendes, 22, has signed a "
        "five-and-a-half-year contract with the option of a further year. Westbridge will cap "
        "daily bus and tram fares at 4.50 pounds from November, in the biggest overhaul of its "
        "fare system in more than two decades. Some riders will pay 20 pence more per trip. "
        "Patients taking the drug, known as VT-118, had 4.6 fewer migraine days, and 10 "
        "percent stopped treatment."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for sentence in (
        "Harbury United have signed 22-year-old Brazilian winger Caio Mendes from Sporting Braga.",
        "Westbridge will cap daily bus and tram fares, the biggest overhaul of its fare system "
        "in over 20 years.",
        "Patients taking VT-118 had 4.6 fewer migraine days.",
        "Mendes has agreed a deal of five and a half years with the option of a further year.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])
    out = verdict(
        "Mendes has agreed a deal of six and a half years with the option of a further year."
    )
    assert out["fully_supported"] is False, out["explanation"]


def test_a_wish_is_no_deed_done_nor_a_lacking_thing_offered(judge: OfflineJudge) -> None:
    """ "He wanted longer-term safety data" where "he would want to see longer-term safety
    data" tells of no deed; a reviewer who "wished the restaurant offered delivery" says it
    does not, which `RestaurantsDelivery: False` holds too."""
    doc = (
        "Dr. Luis Ortiz, who was not involved in the trial, said he would want to see "
        "longer-term safety data, noting that 12 weeks was a relatively short window."
    )
    out = first_verdict(
        judge,
        "Summarize the article.",
        [doc],
        "Ortiz added that he wanted longer-term safety data, since 12 weeks was a short window.",
    )
    assert out["fully_supported"] is True, out["explanation"]
    record = "Structured data: " + repr(
        {
            "name": "Kaito Sushi Bar",
            "attributes": {"RestaurantsTakeOut": True, "RestaurantsDelivery": False},
            "review_info": [
                {
                    "review_stars": 4.0,
                    "review_text": "The $32 chirashi bowl for takeout was ready in exactly 20 "
                    "minutes. I just wish they would bring it to my door.",
                }
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict(
        "A reviewer praised the $32 chirashi bowl ordered for takeout, though they wished the "
        "restaurant offered delivery."
    )
    assert "the record says otherwise" not in out["explanation"], out["explanation"]
    out = verdict("Kaito Sushi Bar offers delivery in addition to takeout.")
    assert "the record says otherwise" in out["explanation"], out["explanation"]


def test_killed_is_said_by_died_and_framing_words_join_no_reviews(judge: OfflineJudge) -> None:
    """ "Two people were killed" where "Two people died" says the same (and "killed" where
    only "injured" is said is still caught); a summary's "loved" or "people" are no words of
    another review where the rest is one review's."""
    doc = "The bridge gave way on May 17. Two people died and 19 were injured, four seriously."
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    assert verdict("Two people were killed and 19 were hurt, four of them seriously.")[
        "fully_supported"
    ]
    doc = "The bridge gave way on May 17, and 19 people were injured, four of them seriously."
    out = first_verdict(
        judge,
        "Summarize the article.",
        [doc],
        "The bridge gave way on May 17, and 19 people were killed, four of them seriously.",
    )
    assert out["fully_supported"] is False, out["explanation"]
    record = "Structured data: " + repr(
        {
            "name": "Saltgrass Studio",
            "review_info": [
                {"review_stars": 2.0, "review_text": "I really wanted to love this place."},
                {
                    "review_stars": 4.0,
                    "review_text": "Marco's Saturday 9 am slow flow is the highlight of my week. "
                    "The changing area is cramped and there are only two showers.",
                },
                {"review_stars": 5.0, "review_text": "No one was judging and people were kind."},
            ],
        }
    )
    out = first_verdict(
        judge,
        "Write an overview of the business.",
        [record],
        "A four-star reviewer loved Marco's Saturday 9 am slow flow class but found the "
        "changing area cramped, with only two showers.",
    )
    assert "it joins what different items" not in out["explanation"], out["explanation"]


def test_a_japanese_name_in_its_short_form_is_the_documents(judge: OfflineJudge) -> None:
    """国交省 is 国土交通省, 高橋准教授 is 高橋美穂准教授 and 田辺仙台支社長 is
    田辺浩之・仙台支社長: each a short form of a name the article gives; a name put for
    another (鈴木准教授) is still no name of theirs."""
    doc = (
        "国土交通省は15日、鉄道局の担当者を現地に派遣した。"
        "山形大学の高橋美穂准教授は「再開発の見直しには課題が多い」と指摘した。"
        "JR東日本の田辺浩之・仙台支社長は15日夕に記者会見し、早期の再開を目指すと述べた。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    for sentence in (
        "国交省は15日、鉄道局の担当者を現地に派遣した。",
        "高橋准教授は、再開発の見直しには課題が多いと指摘した。",
        "田辺仙台支社長は15日に記者会見し、早期の再開を目指すと述べた。",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])
    out = verdict("鈴木准教授は、再開発の見直しには課題が多いと指摘した。")
    assert out["fully_supported"] is False, out["explanation"]


def test_a_number_before_what_the_article_counts_with_another_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Cedar Valley had won 12 straight games" where the article counts games with five
    alone and 12 counts Ashby's points; "19 turnovers" where a copied sentence gives "19
    points off Cedar Valley's 15 turnovers". A number a copied sentence gives with other
    words is theirs ("61 points from 40 games" of "40 matches"), and so is a measure."""
    doc = (
        "Ridgeway State scored 19 points off Cedar Valley's 15 turnovers. Ashby finished with "
        "12 points and five assists. The Falcons had lost three of their last five "
        "regular-season games. Rovers have 61 points from 40 matches, one more than City. "
        "The canal ran 73 miles, and the other was a 102-mile canal."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("Cedar Valley had won 12 straight games before Sunday's loss.")
    assert out["fully_supported"] is False, out["explanation"]
    assert (
        "'12 straight games' where the documents say 'five regular-season games'"
        in (out["explanation"])
    )
    out = verdict("Ridgeway State converted Cedar Valley's 19 turnovers into 15 points.")
    assert out["fully_supported"] is False, out["explanation"]
    for sentence in (
        "Rovers now have 61 points from 40 games, one more than City.",
        "The canal ran 73 miles.",
        "Ashby had 12 points and five assists.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])


def test_a_deed_the_article_says_is_not_done_told_as_done_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Full data from CLARION-2 have been published" where "Full data have not yet been
    published" (a negated perfect, with no name before it) and "Halburn police have opened
    a criminal investigation after reviewing the findings" where they "were reviewing the
    findings but have not opened a criminal investigation": the clause about the findings
    says another thing, not the deed the negation governs."""
    doc = (
        "Veltrane presented results from CLARION-2 at a conference. Full data have not yet "
        "been published in a peer-reviewed journal; the company said it had submitted a "
        "manuscript. Halburn police said in a statement that they were reviewing the "
        "inquiry's findings but have not opened a criminal investigation."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for sentence in (
        "Full data from CLARION-2 have been published in a peer-reviewed journal, the company "
        "said.",
        "Halburn police have opened a criminal investigation after reviewing the inquiry's "
        "findings.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is False, (sentence, out["explanation"])
        assert "the documents say the opposite" in out["explanation"], out["explanation"]
    out = verdict("Halburn police are reviewing the inquiry's findings.")
    assert out["fully_supported"] is True, out["explanation"]


def test_ahead_for_behind_and_one_side_of_a_pair_changed_are_caught(
    judge: OfflineJudge,
) -> None:
    """ "four points ahead of the fifth-placed team" where "four points behind" it, and
    "constipation by 6% versus 2%" where "6% versus 3%"."""
    doc = (
        "Harbury are eighth in the Premier League, four points behind the fifth-placed team. "
        "The most common side effects were nausea, reported by 9% of patients on the drug "
        "versus 4% on placebo, and constipation, reported by 6% versus 3%."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Harbury are eighth in the Premier League, four points ahead of the fifth-placed team."
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "'ahead of' where the documents say 'behind'" in out["explanation"]
    out = verdict(
        "Nausea was reported by 9% of patients versus 4% on placebo, and constipation by 6% "
        "versus 2%."
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "'6% versus 2%' where the documents say '6% versus 3%'" in out["explanation"]
    for sentence in (
        "Harbury are eighth in the Premier League, four points behind the fifth-placed team.",
        "Nausea was reported by 9% of patients versus 4% on placebo, and constipation by 6% "
        "versus 3%.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])


def test_a_review_named_by_stars_it_did_not_give_is_caught(judge: OfflineJudge) -> None:
    """ "A four-star reviewer said Dale found the alternator was fine" where the one review
    telling of the alternator gave five stars; the five-star reviewer passes, and so does a
    sentence about several reviews."""
    record = "Structured data: " + repr(
        {
            "name": "Halvorsen Auto Repair",
            "review_info": [
                {
                    "review_stars": 5.0,
                    "review_text": "The dealership wanted to replace my alternator. Dale hooked "
                    "the car up to the scanner, found the alternator was fine, and only a new "
                    "battery was needed, $189 installed.",
                },
                {
                    "review_stars": 4.0,
                    "review_text": "Bought four tires for $680 and Andre showed me the old "
                    "tread depth. Took off a star for the tiny waiting room.",
                },
                {
                    "review_stars": 2.0,
                    "review_text": "Waited almost three hours for a basic oil change.",
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict(
        "A four-star reviewer said Dale found that the alternator was fine and only a new "
        "battery was needed, at $189 installed."
    )
    # (the business's own rating names no review: "holds a 4-star rating, with one reviewer …")
    rated = verdict(
        "Halvorsen holds a 4-star rating, with one reviewer saying Dale found that the "
        "alternator was fine and only a new battery was needed."
    )
    assert "the documents give this to" not in rated["explanation"], rated["explanation"]
    assert out["fully_supported"] is False, out["explanation"]
    assert "the documents give this to 'the 5-star review'" in out["explanation"]
    for sentence in (
        "A five-star reviewer said Dale found that the alternator was fine and only a new "
        "battery was needed, at $189 installed.",
        "A four-star reviewer bought four tires for $680 and Andre showed them the old tread "
        "depth.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])


def test_a_feeling_a_review_of_those_stars_does_not_give_is_caught(judge: OfflineJudge) -> None:
    """ "A five-star reviewer felt the full color was overpriced" and "a one-star reviewer was
    otherwise satisfied", where no review of those stars says so, are caught, the review's
    stars named; a complaint a five-star review makes itself, and feelings that agree with
    the stars, pass."""
    record = "Structured data: " + repr(
        {
            "name": "Juniper Hair Studio",
            "review_info": [
                {
                    "review_stars": 5.0,
                    "review_text": "Mia did a full color and cut for $140 and it is the best "
                    "my hair has looked in years. My only complaint is the parking on Elm "
                    "Street.",
                },
                {
                    "review_stars": 1.0,
                    "review_text": "They lost my appointment, made me wait 50 minutes and then "
                    "rushed the blowout. The front desk was rude about it.",
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said, word in (
        (
            "A five-star reviewer felt the $140 full color and cut by Mia was overpriced.",
            "overpriced",
        ),
        ("A one-star reviewer waited 50 minutes but was otherwise satisfied.", "satisfied"),
        # (words of the reviewer's own between the stars and the reviewer)
        ("The five-star color client found Mia's work merely passable.", "passable"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"'{word}' where the documents say 'review_info" in out["explanation"], out
    for said in (
        "A five-star reviewer complained about the parking on Elm Street.",
        "A one-star reviewer was frustrated by a 50-minute wait and a rushed blowout.",
        "A five-star reviewer praised the $140 full color and cut by Mia.",
    ):
        out = verdict(said)
        assert "where the documents say" not in out["explanation"], (said, out["explanation"])


def test_a_feeling_of_a_thing_that_the_reviews_sentence_about_it_denies_is_caught(
    judge: OfflineJudge,
) -> None:
    """A two-star reviewer said to be let down by the iced tea, where that review calls the
    tea great, and a four-star reviewer said to enjoy the wait, where that review calls it
    awful, are caught with the review's word quoted. A feeling the review's sentence gives
    itself, one turned with "but", and a review's word a negation turns ("nothing arrived
    soggy") pass."""
    record = "Structured data: " + repr(
        {
            "name": "Lotus Street Kitchen",
            "review_info": [
                {
                    "review_stars": 2.0,
                    "review_text": "We waited 40 minutes for two noodle plates. The pad see ew "
                    "was bland and greasy. The iced tea was great though.",
                },
                {
                    "review_stars": 4.0,
                    "review_text": "The curry is delicious and the portions are generous. The "
                    "wait for a table was awful on Saturday. Takeout is packed well, so "
                    "nothing arrived soggy.",
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    theirs_named(
        verdict,
        [
            ("The two-star reviewer was let down by the iced tea.", "great"),
            ("The four-star reviewer enjoyed the Saturday wait for a table.", "awful"),
        ],
        [
            "The two-star reviewer was disappointed by the bland pad see ew.",
            "The four-star reviewer enjoyed the generous portions of curry.",
            "The four-star reviewer liked the curry but not the Saturday wait for a table.",
            "The four-star reviewer was pleased that the takeout arrived well packed.",
        ],
    )


def test_a_habit_no_review_tells_is_caught(judge: OfflineJudge) -> None:
    """ "Reviewers consistently report long waits" and "the staff always bring extra napkins",
    where the reviews tell of one visit each and never of a habit, are caught; a habit a
    review tells ("they remember my order every time"), and "every day", which a record's
    hours tell, pass. So in a summary: "tuition freezes always end up costing more" where
    the article says one did."""
    record = "Structured data: " + repr(
        {
            "name": "Tidewater Noodle Bar",
            "hours": {d: "11:0-21:0" for d in ("Monday", "Tuesday", "Wednesday", "Thursday")},
            "review_info": [
                {
                    "review_stars": 3.0,
                    "review_text": "We waited 40 minutes for a table on Friday. The staff "
                    "brought extra napkins for the kids.",
                },
                {
                    "review_stars": 5.0,
                    "review_text": "My weekly lunch spot. They remember my order every time.",
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said, word in (
        ("Reviewers consistently report waits of 40 minutes for a table.", "consistently"),
        ("The staff always bring extra napkins for the kids.", "always"),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert f"'{word}" in out["explanation"], out["explanation"]
        assert "the documents tell of no such habit" in out["explanation"]
    for said in (
        "A five-star regular said the staff remember their order every time.",
        "It is open every day from 11 a.m.",
    ):
        out = verdict(said)
        assert "no such habit" not in out["explanation"], out["explanation"]
    article = [
        "Hale said the last tuition freeze ended up costing the university more in the long "
        "run. Every fall, the board sets tuition for the next year."
    ]
    out = first_verdict(
        judge,
        "Summarize the following news article.",
        article,
        "Hale said tuition freezes always end up costing the university more in the long run.",
    )
    assert "'always': the documents tell of no such habit" in out["explanation"], out
    out = first_verdict(
        judge,
        "Summarize the following news article.",
        article,
        "The board sets tuition for the next year every fall.",
    )
    assert "no such habit" not in out["explanation"], out["explanation"]


def test_a_japanese_plan_weighed_or_pledged_told_as_begun_or_decided_is_caught(
    judge: OfflineJudge,
) -> None:
    """販売し始めた where the supermarket 販売することを検討している; エアコン設置を決定した
    where it is one of the new mayor's pledges (公約); 臨時株主総会での承認 told as done where
    the whole document sentence ends in a plan (…統合する計画だ)."""
    doc = (
        "首都圏で42店舗を展開するスーパー「ベルマート」は、備蓄米を使ったブレンド米を5キロ3480円で"
        "販売することを検討している。村瀬氏は公約として、給食費の無償化や、市内の全小中学校の"
        "体育館へのエアコン設置などを掲げている。今年11月に最終契約を結び、来年1月に開く両社の"
        "臨時株主総会での承認を経て、正式に経営統合する計画だ。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    for sentence in (
        "ベルマートは備蓄米を使ったブレンド米を5キロ3480円で販売し始めた。",
        "村瀬氏は当選後、全小中学校の体育館へのエアコン設置を決定した。",
        "両社の経営統合は、来年1月の臨時株主総会ですでに承認された。",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is False, (sentence, out["explanation"])
        assert "told as done where the documents give a plan" in out["explanation"]
    out = verdict("ベルマートは備蓄米を使ったブレンド米を5キロ3480円で販売することを検討している。")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_record_or_superlative_the_article_gives_nothing_like_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "making it the largest migraine prevention trial to date" of a trial the article only
    counts, and 過去最高となった of a turnout it only compares, are caught; a superlative the
    article says in other words ("the biggest in its history" of "the largest in its
    history", "conference-best" of "conference-leading", "the largest ever" of "a record")
    is theirs."""
    doc = (
        "The phase 3 study enrolled 1,214 adults at 148 sites. Lamont described the 9% offer "
        "as the largest in its history. Ellery averages 11.4 points and a conference-leading "
        "6.8 assists."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "The phase 3 study enrolled 1,214 adults at 148 sites, making it the largest migraine "
        "prevention trial to date."
    )
    assert out["fully_supported"] is False, out["explanation"]
    # ("largest" is a word of the article's, of another thing; "to date" is not)
    assert "give nothing like: 'largest migraine prevention trial to date'" in out["explanation"]
    for sentence in (
        "Lamont called the 9% offer the biggest in the system's history.",
        "Ellery averages 11.4 points and a conference-best 6.8 assists.",
        "The phase 3 study enrolled 1,214 adults at 148 sites.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])
    doc = "A crowd of 6,842 attended the game at Municipal Auditorium, a record for the final."
    out = first_verdict(
        judge,
        "Summarize the article.",
        [doc],
        "The crowd of 6,842 was the largest ever for the final.",
    )
    assert out["fully_supported"] is True, out["explanation"]
    doc = "朝陽市長選の投票率は52.31%で、前回を8.23ポイント上回った。"
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("投票率は52.31%で前回を8.23ポイント上回り、過去最高となった。")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'過去最高'" in out["explanation"], out["explanation"]
    out = verdict("投票率は52.31%で、前回を8.23ポイント上回った。")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_first_or_a_superlative_against_a_place_the_article_never_ranks_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "the first unplanned closure in its history", "the strictest limit of any city in the
    state" and "the first district in its county" rank what the article only tells; the
    same ranks pass where the article gives them."""
    doc = (
        "The Kessing Area School District called off classes for its 9,400 students on Monday "
        "after a weekend ransomware attack. Whole-home rentals will be limited to 90 nights a "
        "year. The board voted 5-2 to adopt the four-day week."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for sentence, ranked in (
        (
            "The Kessing Area School District called off classes for its 9,400 students on "
            "Monday, the first unplanned closure in its history, after a ransomware attack.",
            "first unplanned closure in its history",
        ),
        (
            "Whole-home rentals will be capped at 90 nights a year, the strictest limit of any "
            "city in the state.",
            "strictest limit of any",
        ),
        (
            "The board voted 5-2 to adopt the four-day week, making the district the first in "
            "its county to do so.",
            "first in its county",
        ),
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is False, (sentence, out["explanation"])
        assert f"give nothing like: '{ranked}'" in out["explanation"], out["explanation"]
    doc += (
        " It is the first unplanned closure in the district's history. No other city in the "
        "state limits rentals as strictly: the cap is the strictest of any city in the state."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for sentence in (
        "The district called off classes on Monday, the first unplanned closure in its history.",
        "Whole-home rentals will be capped at 90 nights a year, the strictest of any city in "
        "the state.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])


def test_a_span_of_hours_a_named_day_does_not_keep_is_caught(judge: OfflineJudge) -> None:
    """ "from 5 PM to 10 PM Tuesday through Friday" where Friday closes at 11 PM, and "from
    8:00 AM to 3:00 PM on Saturdays" where Saturday closes at 1 PM (though a review's time
    stamp gives 15 elsewhere), go against the record's hours; the days that keep them pass."""
    record = "Structured data: " + repr(
        {
            "name": "Kaito Sushi Bar",
            "hours": {
                "Tuesday": "17:0-22:0",
                "Wednesday": "17:0-22:0",
                "Thursday": "17:0-22:0",
                "Friday": "17:0-23:0",
                "Saturday": "8:0-13:0",
            },
            "review_info": [
                {"review_date": "2023-06-02 15:48:09", "review_text": "Lovely omakase."}
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for sentence in (
        "The restaurant is open from 5:00 PM to 10:00 PM Tuesday through Friday.",
        "On Saturdays, the restaurant is open from 8:00 AM to 3:00 PM.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is False, (sentence, out["explanation"])
        assert "the record says otherwise" in out["explanation"], out["explanation"]
    for sentence in (
        "The restaurant is open from 5:00 PM to 10:00 PM Tuesday through Thursday.",
        "On Saturdays, the restaurant is open from 8:00 AM to 1:00 PM.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])


def test_a_summary_s_own_words_for_what_the_article_gives_pass(judge: OfflineJudge) -> None:
    """A summary may give what the article says in other words: "24 hours a day" for "around
    the clock", "MMR" for "measles, mumps and rubella", "PTO" for "parent-teacher
    organization", "Harwick-based Tollefson Excavating" for "Tollefson Excavating of
    Harwick", "Warehouse Union Local 44" for "Local 44 of the … Warehouse Union", and a
    number's comma ("about 2,400 metered spaces") parts no clause. What it adds is caught."""
    doc = (
        "The shelter will be the county's first facility open around the clock, every day of "
        "the year. Students can return sooner if they receive a first dose of the measles, "
        "mumps and rubella vaccine within 72 hours of exposure. Marcus Oyelaran, president of "
        "the school's parent-teacher organization, said families had been calling him. "
        "Tollefson Excavating of Harwick, which submitted the lowest of four bids, will begin "
        "work Oct. 20. The walkout by Local 44 of the Coastal Longshore and Warehouse Union is "
        "the first at the port since 2002. The new rates, which take effect Monday, Jan. 5, "
        "apply to about 2,400 metered spaces in the downtown core."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for sentence in (
        "The shelter will be the county's first facility open 24 hours a day.",
        "Students can return sooner if they get a first MMR dose within 72 hours of exposure.",
        "PTO president Marcus Oyelaran said families had been calling him.",
        "Harwick-based Tollefson Excavating, the lowest of four bidders, will begin work Oct. 20.",
        "The walkout by Coastal Longshore and Warehouse Union Local 44 is the port's first "
        "since 2002.",
        "Beginning Monday, Jan. 5, the new rates will apply to about 2,400 metered spaces in the "
        "downtown core.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])
    # (the words of a web address's path spell nothing out)
    out = first_verdict(
        judge,
        "Summarize the article.",
        [
            "Source: http://example.org/colregs/international-regulations-for-preventing-"
            "collisions-at-sea-colregs Rule 19 covers conduct of vessels in restricted visibility."
        ],
        "Rule 19 of the IRPCS covers conduct of vessels in restricted visibility.",
    )
    assert "name 'IRPCS' not found in the documents" in out["explanation"], out["explanation"]
    for sentence, wrong in (
        ("The shelter will be open 12 hours a day.", "number '12' not found"),
        (
            "Beginning Monday, Jan. 5, the new rates will apply to about 2,400 metered spaces "
            "in the downtown core, which drivers have long complained are too scarce.",
            "a clause the documents give nothing of: 'drivers have long complained are too scarce'",
        ),
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is False, (sentence, out["explanation"])
        assert wrong in out["explanation"], out["explanation"]


def test_a_clause_inside_an_overview_line_may_restate_the_sentence_before(
    judge: OfflineJudge,
) -> None:
    """ "A bride … said Claire came in slightly under the $3,200 budget, and her bouquet …
    held up" restates a review's two sentences in their order, the first before the one
    matched; a clause that no sentence near them tells is still caught."""
    record = "Structured data: " + repr(
        {
            "name": "Magnolia & Moss Floral Studio",
            "review_info": [
                {
                    "review_stars": 5.0,
                    "review_date": "2022-04-16 17:48:55",
                    "review_text": "We used Magnolia & Moss for our wedding last weekend. We had "
                    "our first consult with Claire in January. She was patient with all of my "
                    "screenshots, and she worked within our $3,200 budget and actually came in "
                    "a little under it. My bridal bouquet mixed fresh flowers with dried grasses "
                    "and it held up through an outdoor ceremony in 80-degree heat.",
                },
                {
                    "review_stars": 2.0,
                    "review_date": "2023-02-14 21:33:07",
                    "review_text": "Our order showed up late and three roses were drooping. I "
                    "called the shop several times and it went to voicemail.",
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict(
        "A bride who used the studio for her April wedding said Claire came in slightly under "
        "the $3,200 budget, and her bouquet of fresh flowers and dried grasses held up through "
        "an outdoor ceremony in 80-degree heat."
    )
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict(
        "A bride, a longtime member of the studio's weekly subscription club, said Claire came "
        "in under the $3,200 budget, and her bouquet of fresh flowers and dried grasses held "
        "up through an outdoor ceremony in 80-degree heat."
    )
    assert out["fully_supported"] is False, out["explanation"]


def test_hours_that_leave_a_day_unlisted_say_it_is_closed(judge: OfflineJudge) -> None:
    """ "no hours are listed for Monday" and "no Sunday hours are listed" tell a day the
    record leaves out as one without hours, beside the hours of the days they give; a day
    the record lists is caught."""
    record = "Structured data: " + repr(
        {
            "name": "Trattoria Sorelle",
            "hours": {
                "Tuesday": "16:0-21:0",
                "Wednesday": "16:0-21:0",
                "Thursday": "16:0-21:30",
                "Friday": "16:0-22:30",
                "Saturday": "12:0-22:30",
            },
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for sentence in (
        "On Saturday it opens at noon, staying open until 10:30 p.m., and no hours are listed "
        "for Monday.",
        "On Fridays it stays open until 10:30 p.m., and no Sunday hours are listed.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])
    out = verdict("On Fridays it stays open until 10:30 p.m., and no Tuesday hours are listed.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "the record says otherwise" in out["explanation"], out["explanation"]


def test_hours_of_the_other_days_and_a_time_that_goes_on_are_read_by_their_days(
    judge: OfflineJudge,
) -> None:
    """ "closes at 9 p.m. on the other days it is open" gives the hours of the days the
    sentence has not named, and "opens at noon Tuesday through Friday, and at 11 a.m. on
    weekends" gives the weekend's opening with the verb before it: each is read against
    those days, and a wrong hour of them is caught."""
    record = "Structured data: " + repr(
        {
            "name": "Barkley Pet Supply",
            "hours": {
                "Tuesday": "12:0-21:0",
                "Wednesday": "12:0-21:0",
                "Thursday": "12:0-21:0",
                "Friday": "12:0-22:30",
                "Saturday": "11:0-22:30",
                "Sunday": "11:0-21:0",
            },
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for sentence in (
        "It stays open until 10:30 p.m. on Fridays and Saturdays and closes at 9 p.m. on the "
        "other days it is open.",
        "The shop is closed on Mondays and opens at noon Tuesday through Friday, and at 11 a.m. "
        "on weekends.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])
    for sentence in (
        "It stays open until 10:30 p.m. on Fridays and Saturdays and closes at 8 p.m. on the "
        "other days it is open.",
        "The shop is closed on Mondays and opens at noon Tuesday through Friday, and at 10 a.m. "
        "on weekends.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is False, (sentence, out["explanation"])
        assert "the record says otherwise" in out["explanation"], out["explanation"]


def test_a_review_is_read_as_one_account_of_its_numbers_and_times(judge: OfflineJudge) -> None:
    """A review's number in the sentence that goes on from the one matched ("promised by 5pm.
    They showed up at 7:40pm"), a bare hour it gives ("around 9" as 9 p.m.), in any of its
    sentences ("He showed up at 4:10"), and a price no
    field has ("$5 each for shoes", though another review gives 5 stars) are the review's;
    the seconds of a review's time stamp (…11:30:21) are no number of it, and a price told
    of another thing in the review ("the wax was cheap at $12") is still caught."""
    record = "Structured data: " + repr(
        {
            "name": "Riverbend Lanes",
            "business_stars": 3.5,
            "review_info": [
                {
                    "review_stars": 4.0,
                    "review_date": "2021-11-14 01:18:40",
                    "review_text": "We showed up around 9 without a reservation and waited "
                    "about 40 minutes for a lane. A lane is $42 an hour, plus $5 each for "
                    "shoes.",
                },
                {
                    "review_stars": 2.0,
                    "review_date": "2023-02-14 19:33:07",
                    "review_text": "I ordered red roses for $120 and was promised delivery by "
                    "5pm. They showed up at 7:40pm, after she had already left. I had also "
                    "booked a drain cleaning for a window of 8 to noon and nobody came. He "
                    "showed up at 4:10.",
                },
                {
                    "review_stars": 5.0,
                    "review_date": "2022-04-16 11:30:21",
                    "review_text": "The eyebrow wax was quick and cheap at $12. But the dip "
                    "powder manicure was just okay: streaky on two nails, and chipped after 10 "
                    "days.",
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for sentence in (
        "A two-star reviewer said the red roses, promised by 5 p.m., arrived at 7:40 p.m.",
        "A four-star reviewer who arrived around 9 p.m. without a reservation waited about 40 "
        "minutes for a lane.",
        "That group paid $42 an hour for a lane plus $5 each for shoes.",
        # (a bare hour of another sentence of the review)
        "A two-star reviewer's drain cleaning was booked for a window of 8 to noon, but the "
        "technician did not arrive until 4:10 p.m.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])
    for sentence, wrong in (
        (
            "A four-star reviewer who arrived around 8 p.m. without a reservation waited about "
            "40 minutes for a lane.",
            "number '8 p.m.' not found in the documents",
        ),
        (
            "A five-star reviewer said the dip powder manicure cost $12 and came out slightly "
            "streaky on two nails.",
            "the documents give '12' only in",
        ),
        (
            "A two-star reviewer said the roses, promised by 5 p.m., arrived at 7:21 p.m.",
            "number '7:21 p.m.' not found in the documents",
        ),
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is False, (sentence, out["explanation"])
        assert wrong in out["explanation"], out["explanation"]


def test_a_japanese_view_told_in_the_present_or_as_an_appraisal_keeps_its_speaker(
    judge: OfflineJudge,
) -> None:
    """高橋美穂准教授（政治学）は「…」と分析する (a view told in the present) speaks the next
    sentence's quotation too (そのうえで「…」と指摘した), and 川口社長は…と評価した is an
    appraisal told: each given to another speaker of the article is caught."""
    doc = (
        "市選管の佐藤和夫委員長は、期日前投票所の新設が投票率の上昇につながったとみている。"
        "山形大学の高橋美穂准教授（政治学）は「長期市政への不満が重なった結果だ」と分析する。"
        "そのうえで「再開発の見直しには課題も多く、新市長の手腕が問われる」と指摘した。"
        "朝霧食品の川口社長は、単独では難しかった海外展開や研究開発への投資を加速できると評価した。"
        "SMBC証券の吉岡アナリストは、中堅メーカー同士の統合は今後も続く可能性があると話す。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict(
        "市選管の佐藤委員長は、再開発の見直しには課題が多く、新市長の手腕が問われると指摘した。"
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "'高橋美穂准教授'" in out["explanation"], out["explanation"]
    out = verdict(
        "吉岡アナリストは、単独では難しかった海外展開や研究開発への投資を加速できると評価した。"
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "'川口社長'" in out["explanation"], out["explanation"]
    out = verdict("高橋准教授は、再開発の見直しには課題が多く、新市長の手腕が問われると指摘した。")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_quotation_after_a_stressed_view_is_given_to_who_stressed_it(
    judge: OfflineJudge,
) -> None:
    """ "Bergstrom stressed the findings were preliminary" names a speaker, so the quotation
    after it ('"Nothing in this report …," she said') is hers, and the mayor given it is
    caught."""
    doc = (
        "Halburn Mayor Diane Okoro said the city accepted the report's recommendations. The "
        "report did not assign blame to any company, and Bergstrom stressed the findings were "
        'preliminary. "Nothing in this report should be read as a conclusion about '
        'responsibility," she said.'
    )
    out = first_verdict(
        judge,
        "Summarize the article.",
        [doc],
        "Mayor Diane Okoro said nothing in the report should be read as a conclusion about "
        "responsibility.",
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "the documents give this to 'Bergstrom'" in out["explanation"], out["explanation"]


def test_a_japanese_decrease_told_as_a_verb_where_the_article_gives_its_noun_is_no_flip(
    judge: OfflineJudge,
) -> None:
    """営業利益は…25%減った beside a negation of its own clause (十分転嫁できず) says what the
    article's …同25%減となった says: the word of the opposite (減っ) is no turned negation
    where the article's clause holds 減 too."""
    doc = (
        "両社とも前期は増収を確保したものの、原材料費の上昇分を価格に十分転嫁できず、"
        "北辰食品は営業利益が前期比18%減、朝霧食品は同25%減となった。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict(
        "両社はともに前期は増収だったが、原材料費の上昇を価格に十分転嫁できず、営業利益は"
        "北辰食品が18%、朝霧食品が25%減った。"
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_number_word_as_the_part_of_a_whole_in_figures_is_read(judge: OfflineJudge) -> None:
    """ "At least five of the bridge's 22 vertical hangers" where the report gives "at least
    three of the bridge's 22": a number word before "of" is read where a whole in figures
    follows it."""
    doc = (
        "The interim report said at least three of the bridge's 22 vertical steel hangers had "
        "lost more than 40% of their cross-section to corrosion. At least five lawsuits have "
        "been filed against the city."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "At least five of the bridge's 22 vertical hangers had lost more than 40% of their "
        "cross-section to corrosion."
    )
    assert out["fully_supported"] is False, out["explanation"]
    assert "'five' where the documents say 'three'" in out["explanation"], out["explanation"]
    out = verdict(
        "At least three of the bridge's 22 vertical hangers had lost more than 40% of their "
        "cross-section to corrosion."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_many_reviews_said_to_say_what_one_alone_says_whole_lowers_its_support(
    judge: OfflineJudge,
) -> None:
    """ "Multiple reviewers report being waitlisted for reformer classes", where two reviews
    speak of reformer classes but one alone of a waitlist, and that one holds the whole
    claim, is a claim of many that one review makes; where two reviews tell of the waitlist,
    it is theirs."""
    record = "Structured data: " + repr(
        {
            "name": "Saltgrass Studio",
            "review_info": [
                {"review_text": "The reformer classes are capped at eight, so Priya sees you."},
                {
                    "review_text": "The reformer classes book out so fast that I have been "
                    "waitlisted three times in the last month."
                },
                {"review_text": "Marco's slow flow class is the highlight of my week."},
            ],
        }
    )
    sentence = "Multiple reviewers report being waitlisted for reformer classes."
    out = first_verdict(judge, "Write an overview of the business.", [record], sentence)
    assert "where only one item of the record says it" in out["explanation"], out["explanation"]
    record = record.replace("Marco's slow flow class", "Getting off the reformer class waitlist")
    out = first_verdict(judge, "Write an overview of the business.", [record], sentence)
    assert "where only one item of the record says it" not in out["explanation"], out


def test_many_reviews_said_to_say_what_one_says_a_third_of_lowers_its_support(
    judge: OfflineJudge,
) -> None:
    """ "Several reviewers praise the charred, chewy crust that comes from the brick oven",
    where one review praises the charred crust in other words and no other review says two
    words of it, is a claim of many that one review makes; where a second review tells of
    the chewy crust too, it is theirs."""
    record = "Structured data: " + repr(
        {
            "name": "Fornaio Pizza",
            "review_info": [
                {"review_text": "The crust comes out charred at the edges and still soft."},
                {"review_text": "Delivery took an hour and the driver was rude to my wife."},
                {"review_text": "Great garlic knots, and the Sicilian slice is enormous."},
            ],
        }
    )
    sentence = "Several reviewers praise the charred, chewy crust that comes from the brick oven."
    out = first_verdict(judge, "Write an overview of the business.", [record], sentence)
    assert "where only one item of the record says it" in out["explanation"], out["explanation"]
    record = record.replace("Great garlic knots", "The chewy crust is great")
    out = first_verdict(judge, "Write an overview of the business.", [record], sentence)
    assert "where only one item of the record says it" not in out["explanation"], out


def test_a_japanese_amount_in_myriads_with_a_thousands_comma_is_one_number(
    judge: OfflineJudge,
) -> None:
    """1万5,000円 is 15,000 yen, as 1万5000円 is: the comma of the thousands after the myriad
    does not make it a number the documents lack."""
    assert tokenize("1万5,000円", lang="ja").numbers == {"15000"}
    assert tokenize("2億3,000万円", lang="ja").numbers == {"230000000"}
    doc = "県は猟友会員への出動報酬を、1回8,000円から1万5,000円に引き上げると発表した。"
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("県は猟友会員の出動報酬を1回8,000円から1万5,000円へ引き上げる。")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("県は猟友会員の出動報酬を1回8,000円から1万8,000円へ引き上げる。")
    assert out["fully_supported"] is False, out["explanation"]


def test_a_japanese_deed_worded_otherwise_is_no_name_put_in_anothers_place(
    judge: OfflineJudge,
) -> None:
    """38.6メートルを記録した where the article says 38.6メートルを観測した words a deed its own
    way (a word in kanji made a verb by する), which is no name swapped; a word in kanji that
    is no deed, in the same place, still is."""
    doc = (
        "最大瞬間風速38.6メートルを観測した桐野市を中心に、収穫を控えたりんごの落果が相次いだ。"
        "市立病院の薬剤部長は人員の確保を急ぐと述べた。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("最大瞬間風速38.6メートルを記録した桐野市を中心に、りんごの落果が相次いだ。")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("市立病院の看護部長は人員の確保を急ぐと述べた。")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'看護部長' stands where the documents have '薬剤部長'" in out["explanation"]


def test_a_japanese_fall_told_with_another_word_of_falling_is_no_flip(
    judge: OfflineJudge,
) -> None:
    """1.5ポイント低下した where the article says 1.5ポイント下がった (in a sentence that also
    speaks of 減収) tells the fall the article's way; 上昇した tells it the other way."""
    doc = (
        "一方、県によると、災害による減収を補う果樹共済の加入率は県内で約28%にとどまり、"
        "前年から1.5ポイント下がった。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("果樹共済の県内加入率は約28%にとどまり、前年から1.5ポイント低下した。")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("県内の果樹共済の加入率は約28%で、前年より1.5ポイント上昇した。")
    assert out["fully_supported"] is False, out["explanation"]


def test_held_at_a_price_where_the_article_says_frozen_is_the_same_end(
    judge: OfflineJudge,
) -> None:
    """ "Voted to hold tuition at $14,850" where the board "voted to freeze tuition at $14,850"
    is said the article's way, though the same sentence plans "to cut costs"; "voted to raise
    tuition" is not."""
    doc = (
        "The board of trustees voted on Thursday to freeze in-state tuition at $14,850 for a "
        "third consecutive year and outlined plans to cut costs and draw down its reserves."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("The trustees voted on Thursday to hold in-state tuition at $14,850.")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("The trustees voted on Thursday to raise in-state tuition for a third year.")
    assert out["fully_supported"] is False, out["explanation"]


def test_a_number_before_a_comma_counts_nothing_after_it(judge: OfflineJudge) -> None:
    """ "to 20,100 students from 21,400" where the article says "from 21,400 students to
    20,100, Fischbach said": the 20,100 there counts no Fischbach, so giving it to the
    students is the article's own count."""
    doc = (
        "Total enrollment has fallen about 6 percent since 2019, from 21,400 students to "
        "20,100, Fischbach said. The university employs 1,900 people."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Enrollment has dropped about 6 percent since 2019, to 20,100 students from 21,400."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_listing_fields_kind_word_alone_names_no_field(judge: OfflineJudge) -> None:
    """ "The business does not offer catering" denies `Caters`, not `BusinessAcceptsCreditCards`
    ("business" says what kind of place a field is for); "the business does not accept
    credit cards" denies the cards."""
    doc = json.dumps(
        {
            **CAFE,
            "attributes": {"BusinessAcceptsCreditCards": True, "Caters": False, "HasTV": False},
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict("There is no TV, and the business does not offer catering.")
    assert "the record says otherwise" not in out["explanation"], out["explanation"]
    out = verdict("There is no TV, and the business does not accept credit cards.")
    assert "the record says otherwise" in out["explanation"], out["explanation"]


def test_a_clause_about_more_than_one_review_joins_nothing_wrongly(judge: OfflineJudge) -> None:
    """ "Slow turnaround comes up in more than one review, with one bike sitting for six days"
    speaks of several reviews, so words of different reviews are no blend; "one reviewer"
    who is given the words of two is."""
    reviews = [
        {
            "review_stars": 4.0,
            "review_text": "Dev told me the chain just needed cleaning. "
            "I dropped the bike off and it sat for six days.",
        },
        {
            "review_stars": 2.0,
            "review_text": "I was told the repair would take three days and "
            "it took two weeks. Nobody called with updates, and it all comes down to staffing.",
        },
    ]
    doc = json.dumps({**CAFE, "review_info": reviews})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict(
        "Slow turnaround comes up in more than one review, with one bike sitting for six days "
        "and another repair taking two weeks instead of three days."
    )
    assert "joins what different items" not in out["explanation"], out["explanation"]
    out = verdict("One reviewer said nobody called with updates and the bike sat for six days.")
    assert "joins what different items" in out["explanation"], out["explanation"]


def test_a_wish_for_another_opening_day_says_nothing_against_the_hours(
    judge: OfflineJudge,
) -> None:
    """A reviewer who "wished the shop opened on Mondays" tells of a day it is closed; "the
    shop opens on Mondays" contradicts the hours that leave Monday out."""
    days = ("Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
    review = {"review_stars": 3.0, "review_text": "I wish they opened on Mondays, my day off."}
    doc = json.dumps(
        {"name": "Spoke Works", "hours": {d: "10:0-18:0" for d in days}, "review_info": [review]}
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict("A three-star reviewer wished the shop opened on Mondays.")
    assert "the record says otherwise" not in out["explanation"], out["explanation"]
    out = verdict("A three-star reviewer said the shop opens on Mondays.")
    assert "the record says otherwise" in out["explanation"], out["explanation"]


def test_the_largest_where_the_article_says_among_the_largest_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "The return is the largest ever made by a British institution" where the article says
    it "is among the largest by a British institution" ranks first what the article ranks
    among others; "one of the largest" keeps its rank, and a sentence of the article that
    ranks something first with the word leaves the claim alone."""
    doc = (
        "The return is among the largest by a British institution. Several European museums "
        "have returned looted objects in recent years."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("The return is the largest ever made by a British institution.")
    assert out["fully_supported"] is False, out["explanation"]
    assert "where the documents say 'among the largest'" in out["explanation"]
    out = verdict("The return is one of the largest made by a British institution.")
    assert out["fully_supported"] is True, out["explanation"]
    first = doc.replace("among the largest", "the largest, and among the largest in Europe,")
    out = first_verdict(
        judge,
        "Summarize the article.",
        [first],
        "The return is the largest made by a British institution.",
    )
    assert "where the documents say" not in out["explanation"], out["explanation"]


def test_a_japanese_deed_the_article_tells_as_to_come_told_as_done_is_caught(
    judge: OfflineJudge,
) -> None:
    """佐伯知事は5日、被災園地を視察した where the article says 佐伯知事は5日、被災園地を視察
    する。: a news sentence that ends in a deed in the plain present tells it as to come."""
    doc = (
        "台風14号で県内のりんご園に大きな被害が出た。佐伯知事は5日、桐野市などの被災園地を"
        "視察する。県は支援策を検討している。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("佐伯知事は5日、桐野市などの被災園地を視察した。")
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict("佐伯知事は5日、桐野市などの被災園地を視察する。")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_japanese_speaker_with_a_title_of_a_cooperative_or_a_repeated_kanji_is_read(
    judge: OfflineJudge,
) -> None:
    """吉岡組合長 (the head of a cooperative) and 佐々木社長 (a name that repeats a kanji with
    々) are speakers: a statement the article gives to another is caught as misattributed."""
    doc = (
        "大原町梨生産組合の吉岡和夫組合長は「組合員の半数近くが70代以上だ」と話した。"
        "岩根大学の中西健准教授は「苗木を植え替えてから再び収穫できるまで4～5年かかる」と"
        "指摘した。北辰食品の佐々木浩二社長は「来春の値上げは避けられない」と述べた。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("吉岡組合長は、苗木を植え替えてから再び収穫できるまで4～5年かかると指摘した。")
    assert "the documents give this to '中西健准教授'" in out["explanation"], out["explanation"]
    out = verdict("佐々木社長は「組合員の半数近くが70代以上だ」と話した。")
    assert "the documents give this to '吉岡和夫組合長'" in out["explanation"], out
    out = verdict("佐々木社長は「来春の値上げは避けられない」と述べた。")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_day_of_the_week_changed_in_a_reviews_account_is_caught(judge: OfflineJudge) -> None:
    """ "Dropped off a bike on a Thursday" where the review says Tuesday, and "visiting on a
    Friday night" where the review's sentence before says Saturday night: Thursday and Friday
    are given only in the hours and in other reviews. The words every review has ("review")
    tie the sentence to none of them; the day a review gives in one sentence is the day of
    its account."""
    days = ("Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
    reviews = [
        {
            "review_stars": 4.0,
            "review_text": "I dropped the bike off on a Tuesday and it sat "
            "for six days because they were backed up with tune-ups.",
        },
        {
            "review_stars": 3.0,
            "review_text": "Service on a Saturday night was slow. We waited "
            "45 minutes for our entrees.",
        },
        {
            "review_stars": 5.0,
            "review_text": "They run a free class on the first Thursday of "
            "each month. Highly recommend booking ahead on Fridays.",
        },
    ]
    doc = json.dumps(
        {"name": "Spoke Works", "hours": {d: "10:0-18:0" for d in days}, "review_info": reviews}
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict("One reviewer dropped off a bike on a Thursday, and it sat for six days.")
    assert "the documents give 'Thursday' only in" in out["explanation"], out["explanation"]
    out = verdict("One reviewer dropped off a bike on a Tuesday, and it sat for six days.")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("A three-star reviewer visiting on a Friday night waited 45 minutes for entrees.")
    assert "the documents give 'Friday' only in" in out["explanation"], out["explanation"]
    out = verdict("A three-star reviewer on a Saturday night waited 45 minutes for entrees.")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_quantity_of_time_given_another_unit_is_caught(judge: OfflineJudge) -> None:
    """ "The book arrived in four weeks" where the review says "it arrived in four days": the
    number the matched sentence gives with another unit of time, and no document with the
    sentence's; "twenty-five years" is no "five years"."""
    doc = (
        "Priya offered to special-order the book, and it arrived in four days. The shop has "
        "been on Lexington Avenue for twenty-five years."
    )
    verdict = partial(first_verdict, judge, "Summarize the reviews.", [doc])
    out = verdict("Priya special-ordered the book, which arrived in four weeks.")
    assert "'four weeks' where the documents say 'four days'" in out["explanation"], out
    out = verdict("Priya special-ordered the book, which arrived in four days.")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("The shop has been on Lexington Avenue for twenty-five years.")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_deed_a_will_leads_to_or_one_due_to_be_done_told_as_done_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "The city has doubled annual pipe-replacement spending" where the mayor "would ask the
    council next month to double annual replacement spending" (the deed a will leads to, told
    with a word or two the article puts elsewhere), and "the minister has presented a budget"
    where it is "due to be presented on Oct. 14", tell plans as done; the plans told as plans
    are the article's."""
    doc = (
        "Mayor Gregory Tamsin said he would ask the council next month to double annual "
        "replacement spending, from $25 million to $50 million, partly funded by a proposed "
        "increase in water rates. The city has about 400 miles of cast-iron pipe. He said the "
        "government's own budget, due to be presented on Oct. 14, would include measures to "
        "support investment."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "The city has doubled annual pipe-replacement spending from $25 million to $50 "
        "million, funded partly by higher water rates."
    )
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict(
        "The mayor will ask the council to double annual replacement spending from $25 "
        "million to $50 million."
    )
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict(
        "The government has presented a budget that includes measures to support investment."
    )
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict(
        "The government's budget, due on Oct. 14, will include measures to support investment."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_move_by_an_amount_told_the_other_way_is_caught(judge: OfflineJudge) -> None:
    """ "The yield rose 9 basis points to 3.61 percent" where the article says it "fell 9
    basis points to 3.61 percent" turns the move; "fell" or "dropped" keeps it, and a move
    the article gives both ways is left alone."""
    doc = (
        "The mark weakened 0.6 percent against the euro after the decision, while the yield on "
        "two-year government bonds fell 9 basis points to 3.61 percent."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("The yield on two-year government bonds rose 9 basis points to 3.61 percent.")
    assert "'rose 9' where the documents say 'fell 9'" in out["explanation"], out["explanation"]
    out = verdict("The yield on two-year government bonds dropped 9 basis points to 3.61 percent.")
    assert out["fully_supported"] is True, out["explanation"]
    both = doc + " The ten-year yield rose 9 basis points."
    out = first_verdict(
        judge,
        "Summarize the article.",
        [both],
        "The yield on two-year government bonds rose 9 basis points to 3.61 percent.",
    )
    assert "'rose 9' where" not in out["explanation"], out["explanation"]


def test_a_superlative_whose_ranking_words_the_article_gives_apart_is_added(
    judge: OfflineJudge,
) -> None:
    """ "Its largest one-day fall since March" where the article speaks of the fall without
    ranking it, and says "largest" and "since" only of other things, ranks what the article
    does not; an article that ranks the fall so ("its largest one-day fall since March")
    holds it."""
    doc = (
        "The mark weakened 0.6 percent against the euro after the decision. Meridian is the "
        "largest lender in the country. Rates have been cut twice since January."
    )
    said = "The mark weakened 0.6 percent against the euro, its largest one-day fall since March."
    out = first_verdict(judge, "Summarize the article.", [doc], said)
    assert "a record or a superlative the documents give nothing like" in out["explanation"], out
    ranked = doc.replace(
        "after the decision.", "after the decision, its largest one-day fall since March."
    )
    out = first_verdict(judge, "Summarize the article.", [ranked], said)
    assert out["fully_supported"] is True, out["explanation"]


def test_a_reason_a_review_does_not_give_is_caught(judge: OfflineJudge) -> None:
    """An overview's reason for what one review tells, where that review gives none ("the
    order took 35 minutes because the kitchen had lost the phone order"), is caught; the
    review's own reason, the record's own fact given as a reason, and a circumstance
    ("after staff had first said …") pass."""
    record = "Structured data: " + repr(
        {
            "name": "Trattoria Sorelle",
            "attributes": {"BusinessParking": "{'garage': False, 'street': True, 'lot': False}"},
            "review_info": [
                {
                    "review_stars": 2.0,
                    "review_text": "Called ahead and ordered the gnocchi, $52 total. They told "
                    "me 20 minutes, and I ended up standing at the bar for 35 minutes waiting "
                    "for the bag. The staff first said it was already out for delivery.",
                },
                {
                    "review_stars": 4.0,
                    "review_text": "The sympathy arrangement was $95 and looked beautiful. The "
                    "reason for four stars instead of five is that the card had a typo in the "
                    "family's last name.",
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for sentence in (
        "A two-star reviewer said the takeout order took 35 minutes because the kitchen had "
        "lost the phone order.",
        "A two-star reviewer stood at the bar for 35 minutes because the hostess had "
        "forgotten to send the order to the kitchen.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is False, (sentence, out["explanation"])
    for sentence in (
        "A four-star reviewer gave four stars instead of five because the card had a typo in "
        "the family's last name.",
        "A two-star reviewer waited 35 minutes for a takeout order of gnocchi, after staff had "
        "first said it was already out for delivery.",
        "Parking is on the street because the restaurant has no garage or lot.",
    ):
        out = verdict(sentence)
        assert out["fully_supported"] is True, (sentence, out["explanation"])


def test_a_reason_the_documents_give_for_another_thing_is_caught(judge: OfflineJudge) -> None:
    """ "He attributed the widening deficit mainly to lost tuition revenue" where the article
    says he "attributed the widening shortfall to three main factors: declining enrollment,
    flat state funding and rising health-insurance costs", and tells of tuition revenue
    elsewhere, gives a fact of the article as a reason it does not give; the article's own
    reason passes, and a cause inside a clause ("injury due to infection can …") is no
    reason given for the sentence."""
    doc = (
        "Fischbach attributed the widening shortfall to three main factors: declining "
        "enrollment, flat state funding and a sharp rise in employee health-insurance costs. "
        "Three consecutive tuition freezes have cost the university about $9 million in "
        "tuition revenue."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("Fischbach attributed the widening deficit mainly to lost tuition revenue.")
    assert "where the documents give 'three main factors" in out["explanation"], out
    out = verdict(
        "Fischbach attributed the widening shortfall to declining enrollment, flat state "
        "funding and rising health-insurance costs."
    )
    assert "the reason" not in out["explanation"], out["explanation"]
    review = {
        "review_stars": 4.0,
        "review_text": "Good lunch spot. I'm taking off a star because my last takeout order "
        "was missing the rice. Parking is a little tight in their small lot.",
    }
    doc = json.dumps({**CAFE, "review_info": [review]})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict("A four-star reviewer took off a star because parking in the small lot is tight.")
    assert "where the documents give 'my last takeout order" in out["explanation"], out
    out = verdict("A four-star reviewer took off a star because a takeout order was missing rice.")
    assert "the reason" not in out["explanation"], out["explanation"]


def test_a_japanese_reason_the_article_gives_for_another_thing_is_caught(
    judge: OfflineJudge,
) -> None:
    """夜間救急を休止するのは、…赤字に陥ったためだ where the article gives, in the sentence
    after the one that tells of the closing, another reason (医師が相次いで退職し、…維持で
    きなくなったためだ) and tells of the deficit elsewhere; the article's own reason passes."""
    doc = (
        "緑川市は7日、市立緑川市民病院の夜間救急外来を11月1日から当面休止すると発表した。"
        "内科や外科の医師が相次いで退職し、夜間の当直体制を維持できなくなったためだ。"
        "同病院の昨年度の経常収支は約6億3000万円の赤字だった。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("夜間救急を休止するのは、病院の経常収支が約6億3,000万円の赤字に陥ったためだ。")
    assert "where the documents give '内科や外科の医師が" in out["explanation"], out
    out = verdict(
        "夜間救急を休止するのは、医師が相次いで退職し、当直体制を維持できなくなったためだ。"
    )
    assert "the reason" not in out["explanation"], out["explanation"]


def test_a_review_named_by_stars_it_did_not_give_is_told_by_two_words_of_its_own(
    judge: OfflineJudge,
) -> None:
    """ "A three-star reviewer found the free WiFi reliable enough to work from", where the
    five-star review alone says the WiFi "is reliable enough to work from" ("free WiFi" is
    also the record's attribute, and the three-star review speaks of "working"): the stars
    name one review, so two words of another review alone tell that the sentence gives its
    words to the wrong one."""
    reviews = [
        {
            "review_stars": 5.0,
            "review_text": "My favorite rainy-day spot. The free WiFi is "
            "reliable enough to work from.",
        },
        {
            "review_stars": 3.0,
            "review_text": "Cafe seating is limited to eight tables, and "
            "people with laptops camp out for hours. The barista was the only one working.",
        },
    ]
    doc = json.dumps({**CAFE, "review_info": reviews})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict("A three-star reviewer found the free WiFi reliable enough to work from.")
    assert "not to 'three-star reviewer'" in out["explanation"], out["explanation"]
    out = verdict("A five-star reviewer found the free WiFi reliable enough to work from.")
    assert out["fully_supported"] is True, out["explanation"]


def test_another_thing_than_a_review_does_not_make_a_sentence_speak_of_several(
    judge: OfflineJudge,
) -> None:
    """ "A three-star reviewer credited Greg with fixing a brake bleed that another shop had
    given up on", where the three-star review credits Dev: "another shop" is no other review,
    so the sentence still speaks of one, and Greg is caught as the wrong person; "another
    reviewer" speaks of two."""
    reviews = [
        {"review_stars": 2.0, "review_text": "The owner, Greg, took the pads off the bill."},
        {
            "review_stars": 3.0,
            "review_text": "Dev sorted out a tricky hydraulic brake bleed that another shop had "
            "given up on.",
        },
    ]
    doc = json.dumps({**CAFE, "review_info": reviews})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict(
        "A three-star reviewer credited Greg with fixing a tricky hydraulic brake bleed that "
        "another shop had given up on."
    )
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict(
        "A three-star reviewer credited Dev with fixing a tricky hydraulic brake bleed that "
        "another shop had given up on."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_japanese_name_the_article_gives_elsewhere_put_in_anothers_place_is_caught(
    judge: OfflineJudge,
) -> None:
    """奥川町では10月3日、…駆除した where the article says 白沢市では10月3日、…駆除した and
    tells of 奥川町 elsewhere (a town for a city), and 「ふじ」や「新高」 where it says 「豊水」や
    「新高」 (ふじ being an apple it names elsewhere); 同町 ("the same town") names the town
    named before it, so 奥川町の川端町長 of 同町の川端茂町長 is no swap."""
    doc = (
        "白沢市では10月3日、住宅街の倉庫に居座ったクマ1頭を、県内で初めて緊急銃猟で駆除した。"
        "奥川町でも目撃が相次いでいる。同町の川端茂町長は「子どもの安全が第一だ」と話した。"
        "りんごは「ふじ」などが落ちた。なしは「豊水」や「新高」が木から落ちた。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("奥川町では10月3日、住宅街の倉庫に居座ったクマを県内で初めて緊急銃猟で駆除した。")
    assert "'奥川町' where the documents say '白沢市'" in out["explanation"], out["explanation"]
    out = verdict("白沢市では10月3日、住宅街の倉庫に居座ったクマを県内で初めて緊急銃猟で駆除した。")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("なしは「ふじ」や「新高」が木から落ちた。")
    assert "'ふじ' where the documents say '豊水'" in out["explanation"], out["explanation"]
    out = verdict("奥川町の川端町長は「子どもの安全が第一だ」と話した。")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_japanese_term_in_brackets_the_article_lacks_in_anothers_place_is_caught(
    judge: OfflineJudge,
) -> None:
    """酒造好適米「山田錦」 where the article says 酒造好適米「五百万石」, and 産科医院「みさか
    レディースクリニック」 for 「さくらレディースクリニック」, put a term the article never gives
    in the place of its own; the article's own terms, and a shortened one, pass."""
    doc = (
        "原料となる酒米は、地元の農家12戸と契約して栽培している酒造好適米「五百万石」を使う。"
        "市内では、民間の産科医院「さくらレディースクリニック」が、2022年3月に分娩の取り扱いを"
        "やめている。町長は「休止であって廃止ではない。再開を目指したい」と述べた。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("原料には、地元の農家と契約して栽培している酒造好適米「山田錦」が使われている。")
    assert "'山田錦' stands where the documents have '五百万石'" in out["explanation"], out[
        "explanation"
    ]
    out = verdict(
        "市内の民間産科医院「みさかレディースクリニック」は、2022年3月に分娩をやめている。"
    )
    assert "where the documents have 'さくらレディースクリニック'" in out["explanation"], out
    for said in (
        "原料には、地元の農家と契約して栽培している酒造好適米「五百万石」が使われている。",
        "市内の民間産科医院「さくらレディースクリニック」は、2022年3月に分娩をやめている。",
        "町長は「再開を目指したい」と述べた。",
    ):
        out = verdict(said)
        assert "stands where the documents have" not in out["explanation"], (said, out)


def test_a_japanese_person_given_another_name_of_their_surname_is_caught(
    judge: OfflineJudge,
) -> None:
    """加藤実町議 where the article writes 加藤誠町議 gives the member another given name,
    and 中川由美 for 中村由美 another surname (the names share their first and last
    characters, and no other); the article's names, and its surname alone, pass."""
    doc = (
        "反対討論に立った加藤誠町議は「物価高で旅行の費用を切り詰める人が多い中、家族連れや"
        "団体客の足が遠のきかねない」と主張した。市都市整備部の中村由美・住宅政策課長は"
        "「補助制度の周知が課題になる」と話した。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    said = "反対討論に立った{}町議は、物価高の中で家族連れや団体客の足が遠のきかねないと訴えた。"
    out = verdict(said.format("加藤実"))
    assert "'加藤実町議' where the documents say '加藤誠町議'" in out["explanation"], out
    for name in ("加藤誠", "加藤"):
        out = verdict(said.format(name))
        assert out["fully_supported"] is True, (name, out["explanation"])
    said = "市都市整備部の{}・住宅政策課長は、補助制度の周知が課題になると話した。"
    out = verdict(said.format("中川由美"))
    assert "'中川由美' stands where the documents have '中村由美'" in out["explanation"], out
    out = verdict(said.format("中村由美"))
    assert out["fully_supported"] is True, out["explanation"]


def test_a_japanese_name_that_keeps_the_articles_beginning_or_a_place_is_caught(
    judge: OfflineJudge,
) -> None:
    """旧市民体育館 where the article says 旧市民会館 (the two share 旧市民 and 館, and nothing
    else), 瀬名中央駅 for 瀬名川駅, and 港町車庫 for 川端車庫 (港町 being a place the article
    names, 車庫 no place) put another name in the article's; its own names pass, and so does
    a place within a place it names (福岡県朝倉市 of 福岡県 and 同県朝倉市)."""
    doc = (
        "新庁舎は、現庁舎の北側にある旧市民会館の跡地に建てる。帰りの時間帯には最寄りの瀬名川駅"
        "周辺で大きな混雑が起きている。路線は港町方面へ延びる。既存の川端車庫だけでは車両を"
        "収容しきれない。福岡県では大雨となった。同県朝倉市では男性が亡くなった。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    for said, ours, theirs in (
        (
            "新庁舎は現庁舎の北側にある旧市民体育館の跡地に建てられる。",
            "旧市民体育館",
            "旧市民会館",
        ),
        (
            "帰りの時間帯には最寄りの瀬名中央駅周辺で大きな混雑が起きている。",
            "瀬名中央駅周辺",
            "瀬名川駅周辺",
        ),
        ("既存の港町車庫だけでは車両を収容しきれない。", "港町車庫", "川端車庫"),
    ):
        out = verdict(said)
        assert f"'{ours}' stands where the documents have '{theirs}'" in out["explanation"], out
    for said in (
        "新庁舎は現庁舎の北側にある旧市民会館の跡地に建てられる。",
        "既存の川端車庫だけでは車両を収容しきれない。",
        "福岡県朝倉市では男性が亡くなった。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_two_names_each_put_in_the_others_place_are_caught(judge: OfflineJudge) -> None:
    """ "Passed the state House in March but has not been taken up by the Senate" where the
    article says "passed the state Senate in March but has not been taken up by the House"
    swaps the two; a list of the two in another order is no swap."""
    doc = (
        "A bill that would raise state funding for public universities by 2 percent passed the "
        "state Senate in March but has not been taken up by the House. The Senate and the "
        "House meet again in January."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "The bill to raise state funding for public universities by 2 percent passed the state "
        "House in March but has not been taken up by the Senate."
    )
    assert "'House' where the documents say 'Senate'" in out["explanation"], out["explanation"]
    out = verdict(
        "The bill to raise state funding for public universities by 2 percent passed the state "
        "Senate in March but has not been taken up by the House."
    )
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("The House and the Senate meet again in January.")
    assert out["fully_supported"] is True, out["explanation"]


def test_all_of_a_kind_where_the_article_counts_some_of_it_is_caught(judge: OfflineJudge) -> None:
    """ "All public schools in Carrow Falls were closed" where the article says "three public
    schools in the advisory zone … closed" makes a count all; "three public schools" keeps
    it ("nearly all" and "all three" claim no whole kind), and an article that closes all of
    them too holds it."""
    doc = (
        "A water main broke under Delancey Avenue in Carrow Falls on Tuesday. Three public "
        "schools in the advisory zone closed for the day, the school district said."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("All public schools in Carrow Falls were closed on Tuesday after the break.")
    assert (
        "'All public schools' where the documents say 'Three public schools'" in out["explanation"]
    ), out["explanation"]
    out = verdict("Three public schools in Carrow Falls were closed on Tuesday after the break.")
    assert out["fully_supported"] is True, out["explanation"]
    for said in ("Nearly all public schools closed.", "All three public schools closed."):
        assert "where the documents say 'Three" not in verdict(said)["explanation"], said
    closed = doc + " By noon all public schools in the city had closed."
    out = first_verdict(
        judge,
        "Summarize the article.",
        [closed],
        "All public schools in Carrow Falls were closed on Tuesday after the break.",
    )
    assert "where the documents say 'Three" not in out["explanation"], out["explanation"]


def test_a_japanese_clause_the_article_gives_nothing_of_is_caught(judge: OfflineJudge) -> None:
    """潮見市の岡本市長は、市の税収を景観整備などに重点的に使う考えを示し、市の税額の引き下げ
    も検討するとした joins a clause of its own (lowering the city's tax, which the article
    never speaks of) to the mayor's copied words; the sentence without it passes, and the
    commas of a quotation cut no clause."""
    doc = (
        "潮見市の岡本健市長は「県と役割を分担し、市の税収は市街地の景観整備などに重点的に使い"
        "たい」と述べた。同市の昨年度の宿泊税収は約3億2000万円だった。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict(
        "潮見市の岡本市長は、市の税収を景観整備などに重点的に使う考えを示し、市の税額の引き"
        "下げも検討するとした。"
    )
    assert (
        "a clause the documents give nothing of: '市の税額の引き下げも検討するとした'"
        in out["explanation"]
    ), out["explanation"]
    out = verdict("潮見市の岡本市長は、市の税収を景観整備などに重点的に使う考えを示した。")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict(
        "岡本市長は「県と役割を分担し、市の税収は市街地の景観整備などに重点的に使いたい」と述べた。"
    )
    assert "a clause the documents" not in out["explanation"], out["explanation"]


def test_a_participle_another_review_also_uses_joins_no_reviews(judge: OfflineJudge) -> None:
    """ "Dev recommended cleaning the chain rather than selling a new drivetrain", where the
    review with Dev and the drivetrain speaks of an upsell and another review says "they
    sell refurbished bikes": a participle of one word of another review is how a paraphrase
    words a deed, and of two reviews with one word each of their own, the one that holds
    more of the sentence is the one it tells of. A refurbished bike given to that review is
    still another review's."""
    reviews = [
        {
            "review_stars": 4.0,
            "review_text": "I went in braced for an upsell on a whole new drivetrain, and instead "
            "Dev told me my chain just needed a good cleaning.",
        },
        {"review_stars": 5.0, "review_text": "They sell refurbished steel frames in the back."},
        {
            "review_stars": 3.0,
            "review_text": "Dev is great. My new chain squeaked until a cleaning at home.",
        },
    ]
    doc = json.dumps({**CAFE, "review_info": reviews})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict(
        "One reviewer appreciated that Dev recommended cleaning the chain rather than selling "
        "a new drivetrain."
    )
    assert "joins what different items" not in out["explanation"], out["explanation"]
    out = verdict("One reviewer said Dev cleaned the chain and found a refurbished steel frame.")
    assert "joins what different items" in out["explanation"], out["explanation"]


def test_a_cause_told_actively_where_the_article_has_not_determined_it_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "The sharp drop in temperatures over the weekend caused the main to break" where the
    article says the department "had not determined what caused the break, but … examining
    whether a sharp drop in temperatures over the weekend … had contributed": a cause told
    where the documents leave it open, though the sentence that leaves it open says
    "caused" too; the open claim passes."""
    doc = (
        "Okafor said the department had not determined what caused the break, but that "
        "investigators were examining whether a sharp drop in temperatures over the weekend "
        "had contributed."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "The department said the sharp drop in temperatures over the weekend caused the main "
        "to break."
    )
    assert "a cause where the documents say it is not known" in out["explanation"], out
    out = verdict(
        "Investigators were examining whether the sharp drop in temperatures over the weekend "
        "had contributed to the break."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_japanese_plan_told_as_done_in_other_compounds_or_a_joined_deed_is_caught(
    judge: OfflineJudge,
) -> None:
    """研修資金貸与制度を新設した where the article says 研修資金を貸与し、…返済を免除する制度
    を新設する方針だ (the same words in other compounds), and システムを導入し、搬送先の選定を
    早めた where the system is 12月に導入する予定だ (a deed joined on to a sentence told in the
    past is told as done); the plans told as plans pass."""
    doc = (
        "市は医師確保策として、市内の病院で働く医師に最大1000万円の研修資金を貸与し、5年以上"
        "勤務すれば返済を免除する制度を新設する方針だ。同本部は搬送先の選定を早めるため、病院と"
        "患者情報を共有するシステムを12月に導入する予定だ。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    for said in (
        "市は、5年以上の勤務で返済を免除する最大1,000万円の研修資金貸与制度を新設した。",
        "同本部は病院と患者情報を共有するシステムを導入し、搬送先の選定を早めた。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
    for said in (
        "市は、5年以上の勤務で返済を免除する最大1,000万円の研修資金貸与制度を新設する方針だ。",
        "同本部は病院と患者情報を共有するシステムを12月に導入する予定だ。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_japanese_change_given_roughly_told_the_other_way_is_caught(judge: OfflineJudge) -> None:
    """3割ほど増えた where the article says 3割ほど減った: an amount given roughly (ほど, 程度,
    近く …) is still a change with a direction."""
    doc = (
        "県猟友会によると、会員数は約1900人で、10年前と比べて3割ほど減った。平均年齢は68歳"
        "に達し、捕獲の担い手不足が深刻になっている。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict(
        "県猟友会の会員数は約1,900人と10年前より3割ほど増えた一方、平均年齢は68歳に達している。"
    )
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict(
        "県猟友会の会員数は約1,900人と10年前より3割ほど減った一方、平均年齢は68歳に達している。"
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_month_given_another_year_than_the_article_gives_it_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "A peak of 9.4 percent in October 2023" where the article says "in October 2022" (and
    speaks of 2023 elsewhere) changes the date; the article's year passes, and a month the
    article gives with both years is no change."""
    doc = (
        "Annual inflation eased to 2.9 percent in August from a peak of 9.4 percent in October "
        "2022. The bank raised rates 11 times between February 2022 and July 2023."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Inflation fell to 2.9 percent in August from a peak of 9.4 percent in October 2023."
    )
    assert "'October 2023' where the documents say 'October 2022'" in out["explanation"], out
    out = verdict(
        "Inflation fell to 2.9 percent in August from a peak of 9.4 percent in October 2022."
    )
    assert out["fully_supported"] is True, out["explanation"]
    both = doc + " Rates were first cut in October 2023."
    out = first_verdict(
        judge,
        "Summarize the article.",
        [both],
        "Inflation fell to 2.9 percent in August from a peak of 9.4 percent in October 2023.",
    )
    assert "'October 2023' where" not in out["explanation"], out["explanation"]
    # (May is read as the documents write it, though `normalise` spells it "maymonth")
    doc = "The bank raised rates in May 2022 and cut them in May 2023."
    out = first_verdict(judge, "Summarize the article.", [doc], "The bank cut rates in May 2023.")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_japanese_date_given_otherwise_in_a_copied_statement_is_caught(
    judge: OfflineJudge,
) -> None:
    """県は10月26日、初めてとなるクマ出没警報を発令した where the article says 県は9月26日、
    「クマ出没警報」を初めて発令した (and 10月 and 26日 are dates of other things); the
    article's date passes."""
    doc = (
        "こうした状況を受け、県は9月26日、「クマ出没警報」を初めて発令した。白沢市では10月3日、"
        "クマ1頭を駆除した。県議会は11月26日に開会する。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("県は10月26日、初めてとなるクマ出没警報を発令した。")
    assert "'10月26日' where the documents say '9月26日'" in out["explanation"], out
    out = verdict("県は9月26日、初めてとなるクマ出没警報を発令した。")
    assert out["fully_supported"] is True, out["explanation"]


def test_two_japanese_counts_each_given_to_the_other_thing_are_caught(
    judge: OfflineJudge,
) -> None:
    """外科医4人、内科医2人 where the article says 内科医4人、外科医2人 swaps the counts; the
    article's counts pass."""
    doc = "今年度だけで内科医4人、外科医2人の計6人が退職し、うち4人は大学病院の医局に戻った。"
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("今年度に退職したのは外科医4人、内科医2人の計6人だった。")
    assert "'外科医4人' where the documents say '外科医2人'" in out["explanation"], out
    out = verdict("今年度に退職したのは内科医4人、外科医2人の計6人だった。")
    assert out["fully_supported"] is True, out["explanation"]


def test_the_place_itself_tells_no_review_in_a_claim_of_many(judge: OfflineJudge) -> None:
    """ "Several reviewers mention attending the store's author readings", where one review
    tells of an author reading and another of the store's authors table: "store" is the place
    every review is about, so the claim is one review's; where two reviews tell of readings,
    it is theirs."""
    reviews = [
        {"review_stars": 4.0, "review_text": "Lovely store with a strong local authors table."},
        {"review_stars": 5.0, "review_text": "Went to the Thursday night author reading."},
        {"review_stars": 2.0, "review_text": "The cafe service was slow."},
    ]
    doc = json.dumps({**CAFE, "review_info": reviews})
    said = "Several reviewers mention attending the store's author readings."
    out = first_verdict(judge, "Write an overview of the business.", [doc], said)
    assert "where only one item of the record says it" in out["explanation"], out["explanation"]
    reviews[2]["review_text"] = "The author readings on Fridays are a treat."
    doc = json.dumps({**CAFE, "review_info": reviews})
    out = first_verdict(judge, "Write an overview of the business.", [doc], said)
    assert "where only one item of the record says it" not in out["explanation"], out


def test_an_entire_amount_where_the_article_says_most_of_it_is_caught(judge: OfflineJudge) -> None:
    """ "Plans to spend its entire $6.2 billion capital budget this year on the Cedar Bluff
    site" where the article says "capital spending of $6.2 billion this year, most of it on
    the Cedar Bluff site" makes most of it all of it; "most of its" keeps it."""
    doc = (
        "Kaleka said Solvane expected capital spending of $6.2 billion this year, most of it on "
        "the Cedar Bluff site."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Solvane plans to spend its entire $6.2 billion capital budget this year on the Cedar "
        "Bluff site."
    )
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict(
        "Solvane plans to spend most of its $6.2 billion capital budget this year on the Cedar "
        "Bluff site."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_pronoun_that_starts_a_review_sentence_is_no_name_the_answer_swaps(
    judge: OfflineJudge,
) -> None:
    """ "Priya gives options for every pose" where the review says "Priya's 6 a.m. class …
    She gives options for every pose" names whom "She" stands for; another teacher there is
    still a name in the wrong place."""
    reviews = [
        {
            "review_stars": 5.0,
            "review_text": (
                "I've been taking Priya's 6 a.m. vinyasa class since September. She gives "
                "options for every pose, so as a beginner I never feel left behind."
            ),
        },
        {"review_stars": 3.0, "review_text": "Dana's power flow class was oversubscribed."},
    ]
    doc = json.dumps({**CAFE, "name": "Lotus Lane Yoga", "review_info": reviews})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict(
        "That reviewer said Priya gives options for every pose, so beginners never "
        "feel left behind."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_field_named_by_all_its_words_is_not_one_that_shares_its_first(
    judge: OfflineJudge,
) -> None:
    """ "Good for kids, but not marked as good for groups" denies `RestaurantsGoodForGroups`
    (false), not `GoodForKids` (true), whose own words "good" is not: the groups' field has
    it too, though the kids' field is a long unit, read as a review mentioning it is; "not
    good for kids" still denies the kids' field."""
    doc = json.dumps(
        {
            **CAFE,
            "attributes": {
                "RestaurantsTakeOut": "True",
                "GoodForKids": "True",
                "RestaurantsGoodForGroups": "False",
                "WheelchairAccessible": "True",
            },
            "review_info": [
                {
                    "review_stars": 4.0,
                    "review_text": (
                        "The lunch bento came with salmon nigiri, a California roll and tempura "
                        "shrimp, and it was a good value for the neighborhood."
                    ),
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict("The cafe is good for kids, but it is not marked as good for groups.")
    assert "the record says otherwise" not in out["explanation"], out["explanation"]
    out = verdict("The cafe is not good for kids.")
    assert "the record says otherwise" in out["explanation"], out["explanation"]


def test_a_lack_of_a_days_hours_says_the_place_is_closed_that_day(judge: OfflineJudge) -> None:
    """ "The lack of Sunday hours" where the record lists no Sunday agrees with it, as "no
    Sunday hours" does; "lacks Saturday hours" where it lists Saturday does not."""
    hours = {d: "8:0-18:0" for d in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")}
    doc = json.dumps({**CAFE, "hours": {**hours, "Saturday": "8:0-16:0"}})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict("One reviewer found the lack of Sunday hours inconvenient.")
    assert "the record says otherwise" not in out["explanation"], out["explanation"]
    out = verdict("The cafe lacks Saturday hours.")
    assert "the record says otherwise: 'hours.Saturday" in out["explanation"], out["explanation"]


def test_a_japanese_person_given_their_post_in_short_is_no_new_name(judge: OfflineJudge) -> None:
    """石田由紀子町議 of 町議会の石田由紀子議員, 松本達也財政課長 of 町財政課の松本達也課長
    and 同組合所属 of 同組合に所属する give names and posts the article gives, as does
    協議会会長 of 「…協議会」の会長; 石田由紀子課長 gives her another post."""
    doc = (
        "町はこれまで、第2子以降の給食費を半額補助してきたが、2021年度に始めたこの制度は"
        "無償化に伴い廃止する。町議会の石田由紀子議員は無償化には賛成としつつ、「寄付が減った"
        "年にも無償化を続けられるのか、長期的な財源の見通しを示すべきだ」と指摘する。これに"
        "対し、町財政課の松本達也課長は「寄付金の一部を基金として積み立てており、少なくとも"
        "5年間は継続できる財源を確保している」と説明した。町教委の藤井恵子学校教育課長は"
        "「無償化によって食材の質や量を落とすことはない」と話す。汐見市の汐見港で、今季の"
        "サンマの水揚げが低迷している。同組合に所属するサンマ漁船は、10年前の14隻から6隻に"
        "減った。「汐見線活性化協議会」の会長を務める汐見町の木村典子町長は、減便に反発している。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    for said in (
        "石田由紀子町議は無償化に賛成しつつも、長期的な財源の見通しを示すべきだと指摘した。",
        "松本達也財政課長は、寄付金の一部を基金に積み立てており、少なくとも5年間は続けられる"
        "財源を確保していると説明した。",
        "同組合所属のサンマ漁船は、10年前の14隻から6隻に減った。",
        "協議会会長の木村典子町長は、減便に反発している。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    out = verdict(
        "石田由紀子課長は無償化に賛成しつつも、長期的な財源の見通しを示すべきだと指摘した。"
    )
    assert out["fully_supported"] is False, out["explanation"]


def test_a_deed_due_owed_or_awaited_told_as_done_is_caught(judge: OfflineJudge) -> None:
    """ "Opened in March" where the first stretch is "due to open in March", "ratified the
    agreement" where members "must still ratify the deal", and "completed their
    certification" where the timetable returns "once two officers complete their
    certification" tell as done what is to come; the plans as the article tells them pass."""
    doc = (
        "Osei told the council that 14 kilometres of new protected bike lanes were funded, with "
        "the first stretch, along Harbour Avenue, due to open in March. Union members must "
        "still ratify the deal in a vote scheduled for Feb. 11 and 12. Keldmoor said it planned "
        "to restore the full timetable in spring, once two newly trained deck officers complete "
        "their certification, which is expected in February."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said in (
        "The first stretch of new protected bike lane, along Harbour Avenue, opened in March.",
        "Union members ratified the agreement in a vote held on Feb. 11 and 12.",
        "Two newly trained deck officers completed their certification in February.",
    ):
        out = verdict(said)
        assert "told as done where the documents give a plan" in out["explanation"], said
    for said in (
        "The first stretch of bike lane, along Harbour Avenue, is due to open in March.",
        "Union members must still ratify the deal in a vote on Feb. 11 and 12.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_deed_done_told_as_still_to_come_is_caught(judge: OfflineJudge) -> None:
    """ "Would return to its original supplier" where Kessler said Brightway "had returned"
    to it, and "is expected to declare a drought emergency" where the board "declared" one,
    tell a deed done as one to come; the deeds told as done pass, and so does a wish the
    documents word as a state ("if you want to disable this function" of "want this
    function disabled")."""
    doc = (
        "Kessler said Brightway had returned to its original supplier for the buckle part in "
        "December. The county board of supervisors declared a local drought emergency on June "
        "24, a step that allows farmers to apply for low-interest state loans. If you want this "
        "function disabled, use the Select button to turn it off. Court Administrator Janet Hsu "
        "said the courts have added two senior judges for criminal cases."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said in (
        "Kessler said Brightway would return to its original supplier for the buckle part.",
        "The county board of supervisors is expected to declare a local drought emergency.",
        # (the word of the plan is no word of what is planned)
        "Hsu said the courts plan to add two senior judges to handle criminal cases.",
    ):
        out = verdict(said)
        assert "told as still to come where the documents tell it as done" in out["explanation"]
    for said in (
        "Kessler said Brightway had returned to its original supplier for the buckle part.",
        "The county board of supervisors declared a local drought emergency on June 24.",
        "If you want to disable this function, use the Select button to turn it off.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_negation_dropped_from_the_first_of_two_deeds_of_one_subject_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "The town council had been consulted before the decision was made" copies the first
    of two deeds ("had not been consulted … and would formally ask the minister to
    reconsider") without its negation; the copy with it passes."""
    doc = (
        "Mayor Linda Carrow said the town council had not been consulted before the decision "
        "was made and would formally ask the minister to reconsider."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Carrow said the town council had been consulted before the decision was made but would "
        "still ask the minister to reconsider."
    )
    assert "the documents say the opposite" in out["explanation"], out["explanation"]
    out = verdict(
        "Carrow said the town council had not been consulted before the decision was made."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_negation_dropped_before_a_while_that_sets_another_statement_beside_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "It plans to bring in replacement workers while its managers keep equipment running"
    drops the negation of "had no plans to bring in replacement workers": "while" after a
    statement sets another beside it and puts neither under a condition. A manual's "while"
    that opens the sentence, or before a doing, still does ("while charging, do not …")."""
    doc = (
        "Meridian said it had no plans to bring in replacement workers and would keep its 200 "
        "managers on site to maintain equipment. Do not use the charger while bathing."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Meridian said it plans to bring in replacement workers while its 200 managers keep "
        "equipment running."
    )
    assert "the documents say the opposite" in out["explanation"], out["explanation"]
    out = verdict(
        "Meridian said it had no plans to bring in replacement workers while its 200 managers "
        "keep equipment running."
    )
    assert "the documents say the opposite" not in out["explanation"], out["explanation"]
    out = verdict("Use the charger while bathing.")
    assert "the documents say the opposite" not in out["explanation"], out["explanation"]


def test_two_deeds_ordered_the_other_way_round_are_caught(judge: OfflineJudge) -> None:
    """ "NHTSA had completed its review before Brightway agreed to a voluntary recall" where
    Brightway "had agreed to a voluntary recall before the agency completed its review"
    turns the order; the article's order passes, and so does a rule that orders no deeds
    done ("a public disclosure before the filing can negate a patent")."""
    doc = (
        "NHTSA said it had opened a preliminary evaluation in December, and that Brightway had "
        "agreed to a voluntary recall before the agency completed its review. A patent "
        "application must be filed before the first public disclosure of the invention."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict("NHTSA had completed its review before Brightway agreed to a voluntary recall.")
    assert "where the documents say 'Brightway had agreed" in out["explanation"], out
    out = verdict("Brightway agreed to a voluntary recall before NHTSA completed its review.")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict(
        "A public disclosure of the invention before the filing of a patent application can "
        "negate a patent."
    )
    assert "where the documents say" not in out["explanation"], out["explanation"]


def test_a_known_name_put_in_anothers_place_in_a_near_copy_is_caught(
    judge: OfflineJudge,
) -> None:
    """A near copy of a sentence with a name the article gives elsewhere in another's place
    ("Ridgefield Consumer Group" for "Harlan Consumer Group", "north of Halverston" for
    "north of Ashcombe", "Voltway's regional manager" for "Zippa's", "Health Canada" for
    "Transport Canada") is caught; the copies with the article's names pass, and so does a
    first word capitalised by grammar ("Open the …")."""
    doc = (
        "HALVERSTON, June 10 -- Analysts at Ridgefield Securities estimated the recall would "
        "cost $12 million. Shares in Brightway's parent company, Harlan Consumer Group, fell "
        "6.3 percent in New York trading on Wednesday. Administrators said the longest journey "
        "times would affect residents of the farming communities north of Ashcombe, such as "
        "Dunmore. The three operators are Zippa, Glide and Voltway. Zippa's regional manager, "
        "Sophie Brandt, called the fleet cap arbitrary. Transport Canada said it was "
        "coordinating with U.S. regulators and that about 31,000 of the affected seats had been "
        "sold in Canada. Start the SmartThings app on your mobile device."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said, swap in (
        (
            "Shares in Brightway's parent company, Ridgefield Consumer Group, fell 6.3 percent "
            "in New York trading on Wednesday.",
            "'Ridgefield' where the documents say 'Harlan'",
        ),
        (
            "Administrators said the longest journey times would affect farming communities "
            "north of Halverston, such as Dunmore.",
            "'Halverston' where the documents say 'Ashcombe'",
        ),
        (
            "Voltway's regional manager, Sophie Brandt, called the fleet cap arbitrary.",
            "'Voltway' where the documents say 'Zippa'",
        ),
        (
            "Health Canada said it was coordinating with U.S. regulators and that about 31,000 of "
            "the affected seats had been sold in Canada.",
            "'Health' where the documents say 'Transport'",
        ),
    ):
        out = verdict(said)
        assert swap in out["explanation"], (said, out["explanation"])
    for said in (
        "Shares in Brightway's parent company, Harlan Consumer Group, fell 6.3 percent in New "
        "York trading on Wednesday.",
        "Zippa's regional manager, Sophie Brandt, called the fleet cap arbitrary.",
        "Open the SmartThings app on your mobile device.",
    ):
        out = verdict(said)
        assert "stands where the documents have" not in out["explanation"], (said, out)


def test_a_likelihood_a_consideration_or_a_thing_not_ruled_out_told_as_certain_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Were certain to lose hours" where workers "were likely to lose hours", "will mount a
    legal challenge" where the council "was considering a legal challenge", "will appeal"
    where an alliance "would consider appealing", "will open" what "would likely open", and
    "would examine" what officials "had not ruled out examining" tell a possibility as
    certain; the possibilities as the article gives them pass."""
    doc = (
        "Nina Hallberg said some farm workers were likely to lose hours or jobs, but added that "
        "it was too early to say how many. Duncan said the council was considering a legal "
        "challenge against the cuts. An agency spokeswoman said officials had not ruled out "
        "examining whether the same supplier provided parts to other manufacturers. The "
        "Maine Lobstermen's Alliance said it would consider appealing to the state's Supreme "
        "Judicial Court. Officials have said the new jail would likely open in 2028."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said in (
        "Hallberg said farm workers were certain to lose hours or jobs.",
        "The Maine Lobstermen's Alliance said it will appeal the decision to the state's "
        "Supreme Judicial Court.",
        "Duncan said the council will mount a legal challenge against the cuts.",
        "Officials said they would examine parts from the same supplier to other manufacturers.",
        "Officials have said the new jail will open in 2028.",
    ):
        out = verdict(said)
        assert "told as certain where the documents give a possibility" in out["explanation"]
    for said in (
        "Hallberg said some farm workers were likely to lose hours or jobs.",
        "Duncan said the council was considering a legal challenge against the cuts.",
        "The alliance said it would consider appealing to the Supreme Judicial Court.",
        "Officials have said the new jail would likely open in 2028.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_more_reasons_given_for_what_the_article_explains_otherwise_are_caught(
    judge: OfflineJudge,
) -> None:
    """ "Because of mechanical faults" where the vessels were out of service "because they
    could not be legally crewed" (a reason the article never gives, for a statement it
    copies), "was prompted by a faulty harness buckle" where the 2022 recall was "because
    of mislabeled weight limits", and "came after the union dropped its demand" where it
    "came after the district agreed to fund nurses" are caught; the article's reasons
    pass."""
    doc = (
        "The company said two of its vessels had been taken out of service for a combined 41 "
        "days last winter because they could not be legally crewed. Brightway is recalling "
        "214,000 seats because the harness buckle can fail to latch. In 2022, the company "
        "recalled about 18,000 convertible car seats because of mislabeled weight limits. "
        "Mediator Jonathan Reyes said the breakthrough came after the district agreed to fund "
        "nurses from its general budget. The union had originally demanded a 20 percent raise."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said in (
        "Two of the company's vessels were taken out of service for a combined 41 days last "
        "winter because of mechanical faults.",
        "Brightway's 2022 recall of about 18,000 convertible car seats was prompted by a faulty "
        "harness buckle.",
        "Reyes said the breakthrough came after the union dropped its demand for a 20 percent "
        "raise.",
    ):
        out = verdict(said)
        assert "where the documents give" in out["explanation"], (said, out["explanation"])
    for said in (
        "Two of the company's vessels were taken out of service for a combined 41 days last "
        "winter because they could not be legally crewed.",
        "Brightway's 2022 recall of about 18,000 convertible car seats was prompted by "
        "mislabeled weight limits.",
        "Reyes said the breakthrough came after the district agreed to fund nurses.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_purpose_or_a_response_given_as_a_reason_is_read_as_one(judge: OfflineJudge) -> None:
    """A purpose ("to pay for repairs to the garage roof", "to avoid the holiday shopping
    season") and a response ("in response to complaints from drivers") are reasons: one the
    article gives another reason in place of ("to cover the cost of new lighting", "after a
    crash killed two people", "because schools are closed") is caught, and so is one
    attached to a statement the article gives without a reason; the article's own pass."""
    doc = (
        "The transit board raised parking fees at the Elm Street garage last spring to cover "
        "the cost of new lighting. Inspectors found leaks in the garage roof in May. The county "
        "adopted the speed limit on Route 9 in 2015 after a crash killed two people. Drivers "
        "have filed complaints about the limit for years. Bus fares will rise 25 cents in "
        "January. The city scheduled the repaving of Main Street for August because schools "
        "are closed then. Merchants on Main Street depend on the holiday shopping season."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said, told in (
        (
            "The transit board raised parking fees at the Elm Street garage last spring to pay "
            "for repairs to the garage roof.",
            "where the documents give",
        ),
        (
            "The county adopted the speed limit on Route 9 in 2015 in response to complaints "
            "from drivers.",
            "where the documents give",
        ),
        (
            "Bus fares will rise 25 cents in January to help pay for new electric buses.",
            "a reason or a circumstance the documents do not give",
        ),
        (
            "The city scheduled the repaving of Main Street for August to avoid the holiday "
            "shopping season.",
            "where the documents give",
        ),
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])
        assert told in out["explanation"], (said, out["explanation"])
    for said in (
        "The transit board raised parking fees at the Elm Street garage last spring to cover "
        "the cost of new lighting.",
        "The county adopted the speed limit on Route 9 in 2015 after a crash killed two people.",
        "The city scheduled the repaving of Main Street for August because schools are closed.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_another_reason_for_a_statement_whose_reason_is_one_word_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Voted against the contract because he believed the policy gave deputies too much
    discretion" where the commissioner cast the lone vote against it "citing cost": of a
    statement the sentence copies, a reason of one word is a reason, and the sentence gives
    another; the documents' reason passes."""
    doc = (
        "Commissioners voted 4-1 to approve a five-year, $2.37 million camera contract. "
        "Commissioner Floyd Hagerty cast the lone vote against the contract, citing cost. "
        "Some deputies said the policy gave them too much discretion over when to record."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Hagerty voted against the contract because he believed the policy gave deputies too "
        "much discretion over when to record."
    )
    assert "where the documents give" in out["explanation"], out["explanation"]
    out = verdict("Hagerty cast the lone vote against the contract because of its cost.")
    assert "where the documents give" not in out["explanation"], out["explanation"]


def test_a_clause_a_summary_appends_to_a_copied_sentence_is_caught(judge: OfflineJudge) -> None:
    """In a summary, "…, the deepest cut in its history" appended to a copy of the article's
    sentence is a claim the article gives nothing of; the copy alone passes, and so does
    the same sentence in an answer to a question, where an explanation of one's own is
    common (RAGBench labels most such clauses supported)."""
    doc = (
        "The Tolano Irrigation District will cut water deliveries to member farms by 40 "
        "percent for the rest of the season, the board decided on Monday. Villalobos said "
        "nobody on the board enjoyed the vote."
    )
    added = (
        "The Tolano Irrigation District will cut water deliveries to member farms by 40 percent "
        "for the rest of the season, the deepest cut in its history."
    )
    out = first_verdict(judge, "Summarize the following news article.", [doc], added)
    assert (
        "a clause the documents give nothing of: 'the deepest cut in its history'"
        in (out["explanation"])
    ), out["explanation"]
    copied = added.replace(", the deepest cut in its history", "")
    out = first_verdict(judge, "Summarize the following news article.", [doc], copied)
    assert out["fully_supported"] is True, out["explanation"]
    out = first_verdict(judge, "How much will water deliveries be cut?", [doc], added)
    assert "a clause the documents give nothing of" not in out["explanation"], out
    # a clause of two words must lack both
    doc = "The company said it had received 63 reports of buckles releasing unexpectedly."
    added = (
        "The company said it had received 63 reports of buckles releasing unexpectedly, most "
        "of them during the winter months."
    )
    out = first_verdict(judge, "Summarize the following news article.", [doc], added)
    assert "a clause the documents give nothing of" in out["explanation"], out["explanation"]


def test_a_clause_a_summary_sets_inside_a_copied_sentence_is_caught(
    judge: OfflineJudge,
) -> None:
    """A clause set between commas inside a copy of the article's sentence ("…, who warned
    that menu prices would rise, …") is a claim the article gives nothing of, as an
    appended one is; the copy alone passes, and so does a clause that only sets the copy's
    deed in time in other words ("due to finish by December")."""
    doc = (
        "Restaurant owners had lobbied against the tipped-wage provision that the Senate "
        "added late in the process. The provost's office has said the review of 14 programs "
        "will be completed by December."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    added = (
        "Restaurant owners, who warned that menu prices would rise, had lobbied against the "
        "tipped-wage provision that the Senate added late in the process."
    )
    out = verdict(added)
    assert (
        "a clause the documents give nothing of: 'warned that menu prices would rise'"
        in out["explanation"]
    ), out["explanation"]
    out = verdict(added.replace(", who warned that menu prices would rise,", ""))
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict(
        "The provost's office said the review of 14 programs, due to finish by December, "
        "will be completed."
    )
    assert "a clause the documents give nothing of" not in out["explanation"], out


def test_a_relative_clause_set_inside_a_line_that_words_its_own_way_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Commissioner Lyle Dunmore, who is up for re-election next year, cast the lone vote
    against the operating contract in August" sets a clause the article lacks inside a
    statement it words its own way ("cast the lone vote" of "was the only commissioner to
    vote against the contract"); the statement alone passes."""
    doc = (
        "The shelter's operating contract with Harbor Light was approved in August. "
        "Commissioner Lyle Dunmore was the only commissioner to vote against the contract in "
        "August."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict(
        "Commissioner Lyle Dunmore, who is up for re-election next year, cast the lone vote "
        "against the operating contract in August."
    )
    assert (
        "a clause the documents give nothing of: 'is up for re-election next year'"
        in out["explanation"]
    ), out["explanation"]
    out = verdict("Commissioner Lyle Dunmore cast the lone vote against the operating contract.")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_clause_of_the_documents_words_put_to_a_claim_they_do_not_make_is_caught(
    judge: OfflineJudge,
) -> None:
    """ ", which it says matches recent settlements at other West Coast ports" after a copy of
    the article's sentence uses words the article has, but none of the copied sentence's
    and never half of them in one sentence: a claim it does not make. A clause that says
    what the next sentences go on to say (", a delay staff blamed on an emergency surgery")
    passes."""
    doc = (
        "Meridian has offered raises of 14% over four years. The union wants 22%. Recent talks "
        "stalled. Settlements were reached in Canada. Ports are busy. Rain hit the West Coast. "
        "I had "
        "a 3:15 appointment and was not called back until almost 4:30. They were running "
        "behind because an emergency surgery had come in. The bill came to $212. Staff are kind."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict(
        "Meridian has offered raises of 14% over four years, which it says matches recent "
        "settlements at other West Coast ports."
    )
    assert (
        "a clause the documents give nothing of: 'it says matches recent settlements"
        in (out["explanation"])
    ), out["explanation"]
    out = verdict(
        "The reviewer had a 3:15 appointment and was not called back until almost 4:30, a "
        "delay staff blamed on an emergency surgery."
    )
    assert "a clause the documents give nothing of" not in out["explanation"], out


def test_a_japanese_time_told_relative_to_now_given_otherwise_is_caught(
    judge: OfflineJudge,
) -> None:
    """県が今年春に…実施したアンケート where the article says 昨年秋, and 新商品を今春発売した
    where it is to come 来年春, give another time than the article's; its times pass."""
    doc = (
        "県が昨年秋に65歳以上の約3000人を対象に実施したアンケートでは、「返納を考えたことが"
        "ある」と答えた人が46％に上った。同社は来年春、マイワシを使ったオイル漬けの新商品を"
        "発売する予定で、首都圏の百貨店での販路開拓を進める方針だ。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict(
        "県が今年春に65歳以上の約3000人を対象に実施したアンケートでは、46％が返納を考えたことが"
        "あると答えた。"
    )
    assert "'今年春' where the documents say '昨年秋'" in out["explanation"], out["explanation"]
    out = verdict("同社は、マイワシを使ったオイル漬けの新商品を今春発売した。")
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict(
        "県が昨年秋に65歳以上の約3000人を対象に実施したアンケートでは、46％が返納を考えたことが"
        "あると答えた。"
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_japanese_school_named_for_another_town_of_the_article_is_caught(
    judge: OfflineJudge,
) -> None:
    """県立川内高校 where the article says 県立奥山高校 (and names 川内町 elsewhere) is another
    school: the prefecture's 県立 before a name joins no place of the article."""
    doc = (
        "沿線の北浜市、川内町、奥山村の3市町村でつくる協議会が転換案を了承した。沿線の県立奥山"
        "高校では全校生徒の約4割にあたる130人が同線で通学している。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("沿線の県立川内高校では全校生徒の約4割にあたる130人が山岡線で通学している。")
    assert out["fully_supported"] is False, out["explanation"]
    out = verdict("沿線の県立奥山高校では全校生徒の約4割にあたる130人が同線で通学している。")
    assert out["fully_supported"] is True, out["explanation"]


def test_japanese_deeds_told_at_the_wrong_time_are_caught(judge: OfflineJudge) -> None:
    """…増やし、運賃を…据え置いた where the article plans both (…増やす計画で、…据え置く方針
    だ) tells native verbs' plans as done, and 調理設備の一部を更新する予定だ where it says
    すでに更新した tells a deed done as to come; the article's tellings pass, and so does a
    plan reported in the past (…と述べ、…続ける考えを示した)."""
    doc = (
        "運行本数は現在の1日14往復から22往復に増やす計画で、運賃は当面、鉄道と同じ水準に据え"
        "置く方針だ。町は今年度、給食センターの調理設備の一部をすでに更新した。市は来年度も"
        "補助制度を続ける方針だ。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("運行本数を1日14往復から22往復に増やし、運賃を鉄道と同じ水準に据え置いた。")
    assert "told as done where the documents give a plan" in out["explanation"], out
    out = verdict("町は今後、給食センターの調理設備の一部を更新する予定だ。")
    assert "told as still to come where the documents tell it as done" in out["explanation"]
    for said in (
        "運行本数を1日14往復から22往復に増やす計画で、運賃は鉄道と同じ水準に据え置く方針だ。",
        "町は今年度、給食センターの調理設備の一部を更新した。",
        "市長は、来年度も補助制度を続ける考えを示した。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_japanese_decision_put_off_where_it_was_made_is_caught(judge: OfflineJudge) -> None:
    """転換案の了承を見送った where the council "approved" it (了承した) turns the decision,
    though the article's sentence also names the three towns the summary counts; the
    article's telling passes."""
    doc = (
        "沿線の北浜市、川内町、奥山村の3市町村でつくる山岡線活性化協議会が同日の会合で転換案を"
        "了承した。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("沿線3市町村でつくる山岡線活性化協議会は、同日の会合で転換案の了承を見送った。")
    assert "the documents say the opposite" in out["explanation"], out["explanation"]
    out = verdict("沿線3市町村でつくる山岡線活性化協議会は、同日の会合で転換案を了承した。")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_japanese_reason_given_by_wo_riyuu_ni_or_against_wo_uke_is_caught(
    judge: OfflineJudge,
) -> None:
    """…は、経営難を理由に…分娩をやめた where the article gives 医師の高齢化を理由に, and
    …落ち込んだのは、輸出向けの生産を優先したためだ where it says 市場の縮小を受け、…落ち込んで
    いる, give reasons the article does not; the article's reasons pass, and so does one it
    gives as a reason in another sentence (流通の停滞を理由とした放出)."""
    doc = (
        "市内では、民間の産科医院「さくらレディースクリニック」が、院長を務める医師の高齢化を"
        "理由に、2022年3月に分娩の取り扱いをやめている。一方、国内の日本酒市場の縮小を受け、"
        "国内向けの出荷量は10年前の約7割に落ち込んでいる。政府は備蓄米を放出すると決めた。"
        "これまで大規模な災害時に限られてきた。流通の停滞を理由とした放出は今回が初めてと"
        "なる。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict(
        "市内の産科医院「さくらレディースクリニック」は、経営難を理由に2022年3月に分娩をやめた。"
    )
    assert (
        "the reason '経営難' where the documents give '院長を務める医師の高齢化'"
        in (out["explanation"])
    ), out["explanation"]
    out = verdict(
        "国内向けの出荷量が10年前の約7割に落ち込んだのは、輸出向けの生産を優先したためだ。"
    )
    assert "where the documents give '国内の日本酒市場の縮小'" in out["explanation"], out
    for said in (
        "市内の産科医院「さくらレディースクリニック」は、医師の高齢化を理由に2022年3月に分娩を"
        "やめた。",
        "国内向けの出荷量が10年前の約7割に落ち込んだのは、国内の日本酒市場が縮小したためだ。",
        "これまで大規模な災害時に限られてきた備蓄米の放出が、流通の停滞を理由に行われるのは初めてだ。",
    ):
        out = verdict(said)
        assert "the reason" not in out["explanation"], (said, out["explanation"])


def test_a_japanese_reason_where_the_article_gives_another_two_sentences_on_is_caught(
    judge: OfflineJudge,
) -> None:
    """山岡線の利用者が減ったのは、運行本数の少なさと運賃の高さが主な要因だ where the article
    gives, two sentences after the ridership, 沿線人口の減少と自家用車の普及が主な要因だ; its
    reason passes."""
    doc = (
        "同社によると、山岡線の1日平均利用者は412人で、ピークだった1975年度の1割に満たない。"
        "前年度と比べても6%減った。沿線人口の減少と自家用車の普及が主な要因だ。運行本数は1日"
        "14往復で、運賃は鉄道と同じ水準だ。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    out = verdict("山岡線の利用者が減ったのは、運行本数の少なさと運賃の高さが主な要因だ。")
    assert "where the documents give '沿線人口の減少と自家用車の普及'" in out["explanation"], out
    out = verdict("山岡線の利用者が減ったのは、沿線人口の減少と自家用車の普及が主な要因だ。")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_reviews_person_given_another_reviews_name_is_caught(judge: OfflineJudge) -> None:
    """ "A three-star reviewer said manager Dana refunded the $22 drop-in fee" where that
    review says "The manager, Whitney, refunded my drop-in fee of $22" (and Dana teaches
    another class) swaps the person, though a review's first word reads as a name after its
    field's label and the stars name no statement; Whitney passes."""
    reviews = [
        {
            "review_stars": 3.0,
            "review_text": (
                "I signed up for the power flow with Dana and the class was oversubscribed. "
                "The manager, Whitney, refunded my drop-in fee of $22 without argument, which I "
                "appreciated."
            ),
        },
        {"review_stars": 5.0, "review_text": "Dana's power flow is challenging."},
    ]
    doc = json.dumps({**CAFE, "name": "Lotus Lane Yoga", "review_info": reviews})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict(
        "A three-star reviewer said manager Dana refunded the $22 drop-in fee without argument."
    )
    assert "'Dana' where the documents say 'Whitney'" in out["explanation"], out["explanation"]
    out = verdict(
        "A three-star reviewer said manager Whitney refunded the $22 drop-in fee without argument."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_claim_of_several_reviews_that_one_makes_fails_the_verdict(judge: OfflineJudge) -> None:
    """ "Several reviewers praised the store's smell of sawdust and old wood floors" where one
    review tells of it is no supported sentence (not merely a weaker one); where two reviews
    tell of it, it is."""
    reviews = [
        {"review_stars": 5.0, "review_text": "The store smells like sawdust and old wood floors."},
        {"review_stars": 4.0, "review_text": "Key cutting was $2.50 a key and quick."},
        {"review_stars": 2.0, "review_text": "The paint counter was closed all week."},
    ]
    said = "Several reviewers praised the store's smell of sawdust and old wood floors."
    doc = json.dumps({**CAFE, "name": "Bancroft Hardware", "review_info": reviews})
    out = first_verdict(judge, "Write an overview of the business.", [doc], said)
    assert out["fully_supported"] is False, out["explanation"]
    reviews[1]["review_text"] = "I love the smell of sawdust and the old wood floors."
    doc = json.dumps({**CAFE, "name": "Bancroft Hardware", "review_info": reviews})
    out = first_verdict(judge, "Write an overview of the business.", [doc], said)
    assert out["fully_supported"] is True, out["explanation"]


def test_a_share_given_anothers_figure_beside_a_span_of_time_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Reduce winter frequencies by up to 45 percent with four weeks' notice" where the
    contract allows "up to 40 percent" (and 45 percent is another operator's cut): a span
    of time after the share is no end of a range of it; 40 percent passes."""
    doc = (
        "Price said the contract allowed the operator to reduce winter frequencies by up to 40 "
        "percent with four weeks' notice. Ainsley noted that a neighbouring operator cut its "
        "winter services by 45 percent two years ago."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "The contract allows the operator to reduce winter frequencies by up to 45 percent "
        "with four weeks' notice."
    )
    assert "'45 percent' where the documents say '40 percent'" in out["explanation"], out
    out = verdict(
        "The contract allows the operator to reduce winter frequencies by up to 40 percent "
        "with four weeks' notice."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_short_clause_a_japanese_summary_appends_to_a_copy_is_caught(
    judge: OfflineJudge,
) -> None:
    """…据え置くが、3年後に見直す方針だ appends to a copy of the article's sentence a plan
    it gives nothing of, and …販路開拓に加え、海外への輸出も視野に入れている a market; the
    copies alone pass."""
    doc = (
        "運行本数は現在の1日14往復から22往復に増やす計画で、運賃は当面、鉄道と同じ水準に据え"
        "置く方針だ。同社は来年春、マイワシを使ったオイル漬けの新商品を発売する予定で、首都圏"
        "の百貨店や通信販売での販路開拓を進める方針だ。"
    )
    verdict = partial(first_verdict, judge, "次のニュース記事を要約してください。", [doc])
    for said in (
        "運行本数は1日14往復から22往復に増やし、運賃は当面、鉄道と同じ水準に据え置くが、3年後"
        "に見直す方針だ。",
        "同社は来年春に新商品を発売する予定で、首都圏での販路開拓に加え、海外への輸出も視野に"
        "入れている。",
    ):
        out = verdict(said)
        assert "a clause the documents give nothing of" in out["explanation"], (said, out)
    for said in (
        "運行本数は1日14往復から22往復に増やし、運賃は当面、鉄道と同じ水準に据え置く方針だ。",
        "同社は来年春に新商品を発売する予定で、首都圏での販路開拓を進める方針だ。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_figure_or_a_quotation_given_to_another_speaker_is_caught(judge: OfflineJudge) -> None:
    """ "Whitfield estimated the strike could cost the area $95 million a day" where the
    Chamber of Commerce estimated it, and "Tan said measles is one of the most contagious
    diseases" where the quotation is followed by "said county health officer Dr. Miriam
    Castellano" (the role's words in lower case before the name), give a statement to
    another of the article's speakers; the article's own speakers pass, and "said that the
    Senate …" names no speaker."""
    doc = (
        "The Long Harbor Chamber of Commerce estimated the strike could cost the area about "
        "$95 million a day. The port's other terminals operated normally, said executive "
        'director Sandra Whitfield. "Measles is one of the most contagious diseases we know '
        'of," said county health officer Dr. Miriam Castellano. Superintendent Gregory Tan '
        "said 340 students were ordered to stay home. Tan said that the State Board would meet."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict("Sandra Whitfield estimated the strike could cost the area $95 million a day.")
    assert "not to 'Sandra Whitfield'" in out["explanation"], out["explanation"]
    out = verdict("Tan said measles is one of the most contagious diseases known.")
    assert "the documents give this to 'Miriam Castellano'" in out["explanation"], out
    for said in (
        "The Chamber of Commerce estimated the strike could cost the area $95 million a day.",
        "Castellano said measles is one of the most contagious diseases known.",
        "Tan said that the State Board would meet.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_statement_given_to_another_speaker_before_a_clause_of_its_own_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Dr. Helen Marsh said she understood the anger in Ashcombe, noting that she had been
    born in its maternity ward" gives Okafor's statement to Marsh; the clause it goes on
    with is no part of the statement the speakers are compared on. Okafor's passes."""
    doc = (
        '"A unit that cannot guarantee a specialist is not a safe unit," said Dr. Helen Marsh, '
        "the chief medical officer. Okafor said he understood the anger in Ashcombe."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    out = verdict(
        "Dr. Helen Marsh said she understood the anger in Ashcombe, noting that she had been "
        "born in its maternity ward."
    )
    assert "the documents give this to 'Okafor'" in out["explanation"], out["explanation"]
    out = verdict("Okafor said he understood the anger in Ashcombe.")
    assert out["fully_supported"] is True, out["explanation"]


def test_an_order_word_turned_before_another_owner_of_the_same_thing_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Whitney talked with them about modifications after their first class" where the review
    says "talked with me for ten minutes before my first class about modifications": whose
    class it is the summary tells its own way; "before their first class" passes."""
    reviews = [
        {
            "review_stars": 5.0,
            "review_text": (
                "I came to the studio after a back injury, but Whitney talked with me for ten "
                "minutes before my first class about modifications."
            ),
        },
        {"review_stars": 3.0, "review_text": "The booking system needs work."},
    ]
    doc = json.dumps({**CAFE, "name": "Lotus Lane Yoga", "review_info": reviews})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict(
        "A five-star reviewer said Whitney talked with them about modifications after their "
        "first class."
    )
    assert "'after' where the documents say 'before'" in out["explanation"], out["explanation"]
    out = verdict(
        "A five-star reviewer said Whitney talked with them about modifications before their "
        "first class."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_officials_for_one_of_them_and_a_question_asked_again_are_no_errors(
    judge: OfflineJudge,
) -> None:
    """ "Officials said it was too early to say when residents could return" where the fire
    chief said it names a body for one of its members; "declined to say whether … or whether
    …" leaves open what the article leaves open. A named speaker put for another is still
    caught."""
    doc = (
        "County officials said the fire had burned 12,000 acres. Fire Chief Ana Delgado said it "
        "was too early to say when residents could return to their homes. Whitman declined to "
        "say whether the hospital had received a ransom demand or whether it would pay one. "
        "Okafor said he understood the anger of the families in Ashcombe."
    )
    verdict = partial(first_verdict, judge, "Summarize the article.", [doc])
    for said in (
        "Officials said it was too early to say when residents could return to their homes.",
        "Whitman declined to say whether the hospital had received a ransom demand or whether "
        "it would pay one.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    out = verdict("Delgado said she understood the anger of the families in Ashcombe.")
    assert "the documents give this to 'Okafor'" in out["explanation"], out["explanation"]


def test_a_days_hours_and_a_visits_time_are_read_apart_from_the_weeks_count(
    judge: OfflineJudge,
) -> None:
    """ "On Sunday it opens at 8 a.m." is no number put for the 5 of "open 5 days a week", and
    a review's "out the door at 8am on a Saturday" tells of a visit, not of Saturday's hours
    (7 to 3); "open until 8 p.m. on Saturdays" still gives Saturday another day's hours."""
    hours = {d: "7:0-14:0" for d in ("Wednesday", "Thursday", "Friday")}
    reviews = [
        {
            "review_stars": 5.0,
            "review_text": (
                "Get here early on a Saturday. I arrived at 8am and the line was already out "
                "the door, but it moved fast and I waited maybe twenty minutes."
            ),
        },
        {"review_stars": 4.0, "review_text": "The cardamom bun is the real star here."},
    ]
    doc = json.dumps(
        {
            **CAFE,
            "name": "Crumb & Hearth Bakery",
            "hours": {**hours, "Saturday": "7:0-15:0", "Sunday": "8:0-20:0"},
            "review_info": reviews,
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    for said in (
        "On Sunday it opens at 8 a.m. and closes at 8 p.m.",
        "One reviewer waited about twenty minutes in a line that was out the door at 8am on a "
        "Saturday.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    out = verdict("The bakery is open until 8 p.m. on Saturdays.")
    assert "the record says otherwise" in out["explanation"], out["explanation"]


def test_a_customers_deed_worded_as_another_review_words_one_is_no_blend(
    judge: OfflineJudge,
) -> None:
    """ "One reviewer buys the sourdough weekly and also recommends the seeded rye", of a review
    that says "Their sourdough is my weekly loaf now … The seeded rye is also excellent",
    words the deed with another review's "bought"; that joins nothing."""
    reviews = [
        {
            "review_stars": 5.0,
            "review_text": (
                "I arrived at 8am and the line was out the door. I bought a country sourdough "
                "loaf for $9 and an almond croissant."
            ),
        },
        {
            "review_stars": 4.0,
            "review_text": (
                "Their sourdough is my weekly loaf now: great crust, open crumb, and it keeps "
                "for days. The seeded rye is also excellent."
            ),
        },
        {"review_stars": 2.0, "review_text": "The cases were almost empty at lunchtime."},
    ]
    doc = json.dumps({**CAFE, "name": "Crumb & Hearth Bakery", "review_info": reviews})
    said = "One reviewer buys the sourdough weekly and also recommends the seeded rye."
    out = first_verdict(judge, "Write an overview of the business.", [doc], said)
    assert out["fully_supported"] is True, out["explanation"]


def test_a_reason_a_summary_attaches_to_a_statement_told_without_one_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "The district will not extend free lunch to all students for now because federal
    reimbursement does not cover lunch" attaches to the article's statement a reason it does
    not give there (reimbursement is told of elsewhere); a reason the next sentence gives
    passes, and so does the statement alone."""
    doc = (
        "The district will not extend free lunch to all students for now. Board members said "
        "they wanted to see the breakfast program's results first. Breakfast will be served in "
        "classrooms. Ostrowski said most of the cost would be covered by federal reimbursement."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict(
        "The district will not extend free lunch to all students for now because federal "
        "reimbursement does not cover lunch."
    )
    assert "a reason or a circumstance the documents do not give" in out["explanation"], out
    for said in (
        "The district will not extend free lunch to all students for now because board members "
        "want to see the breakfast program's results first.",
        "The district will not extend free lunch to all students for now.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_a_reason_attached_to_a_statement_told_in_one_other_word_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Twenty-two seasonal employees will finish weeks early because the division's payroll
    budget has run out" tells the article's statement with one word of its own ("employees"
    for "workers") and attaches a reason the article does not give there: in prose, a
    statement of five words or more may lack one of them. The statement alone passes, and
    so does the reason the article gives. A review that gives its reason before the
    statement is not read so."""
    doc = (
        "The park will close its campgrounds three weeks early so crews can replace a water "
        "line. The early closure also means 22 seasonal workers will finish several weeks "
        "ahead of schedule. Campers will get full refunds. Day-use areas stay open. The "
        "division said its payroll budget for the season had run out in August."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict(
        "Twenty-two seasonal employees will finish weeks early because the division's payroll "
        "budget has run out."
    )
    assert "a reason or a circumstance the documents do not give" in out["explanation"], out
    for said in (
        "Twenty-two seasonal employees will finish weeks early.",
        "The park will close its campgrounds three weeks early because crews will replace a "
        "water line.",
    ):
        out = verdict(said)
        assert "a reason or a circumstance" not in out["explanation"], (said, out["explanation"])
    reviews = [
        {
            "review_stars": 2.0,
            "review_text": "They require 24-hour notice for cancellations, otherwise you pay, and "
            "there are no makeup lessons, period. My daughter woke up with a fever on a "
            "Tuesday and we got charged the full $38 anyway.",
        }
    ]
    record = json.dumps({**CAFE, "name": "Allegro Piano Studio", "review_info": reviews})
    out = first_verdict(
        judge,
        "Write an overview of the business.",
        [record],
        "A two-star reviewer was charged the full $38 when their daughter woke up with a fever, "
        "because the studio requires 24 hours' notice and offers no makeup lessons.",
    )
    assert "a reason or a circumstance" not in out["explanation"], out["explanation"]


def test_the_business_named_in_a_claim_of_several_reviews_ties_it_to_none(
    judge: OfflineJudge,
) -> None:
    """ "Several reviewers describe the laundromat as clean" where three reviews call it clean
    and one of them says "laundromat": the business's own name ties the claim to no one
    review; a claim one review makes is still caught."""
    reviews = [
        {"review_stars": 4.0, "review_text": "Floors were clean and the tables were wiped down."},
        {"review_stars": 2.0, "review_text": "The place itself was reasonably clean."},
        {"review_stars": 3.0, "review_text": "This laundromat is clean but the TV is loud."},
        {"review_stars": 5.0, "review_text": "Gloria helped me set up the app."},
    ]
    doc = json.dumps({**CAFE, "name": "Suds City Laundromat", "review_info": reviews})
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [doc])
    out = verdict("Several reviewers describe the laundromat as clean.")
    assert "where only one item of the record says it" not in out["explanation"], out
    out = verdict("Several reviewers say the TV in the laundromat is too loud.")
    assert "where only one item of the record says it" in out["explanation"], out


def test_what_a_deed_came_after_given_otherwise_is_caught(judge: OfflineJudge) -> None:
    """ "Stopped walking across it last summer after a section of its railing came loose"
    where he stopped "after noticing rust stains dripping onto the riverbank below" gives the
    deed another occasion; the article's passes, and so does a summary's own wording of it."""
    doc = (
        "Marcus Bell, a retired machinist who lives a few blocks from the bridge, said he had "
        "stopped walking across it last summer after noticing rust stains dripping onto the "
        "riverbank below. A section of the railing on the old ramp came loose in 2019."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict(
        "Marcus Bell, a retired machinist who lives near the bridge, said he stopped walking "
        "across it last summer after a section of its railing came loose."
    )
    assert "where the documents give 'noticing rust stains" in out["explanation"], out
    for said in (
        "Marcus Bell, a retired machinist who lives near the bridge, said he stopped walking "
        "across it last summer after noticing rust stains dripping onto the riverbank below.",
        "Marcus Bell said he stopped walking across the bridge last summer after he noticed rust "
        "stains dripping onto the riverbank.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])


def test_hours_in_the_records_own_notation_are_checked_against_their_day(
    judge: OfflineJudge,
) -> None:
    """ "On Sundays the store opens at noon and closes at 16:00" where Sunday runs 10:0-16:0,
    and "open from 11:00 to 19:00 on Sundays" where it closes at 16:00: a time written as the
    record writes its hours (or noon) is read against the day it is given for. Told as the
    record has it, it passes; beside a time with "p.m.", "7:30" is not read so."""
    record = "Structured data: " + repr(
        {
            "name": "Miller & Sons Hardware",
            "hours": {d: "7:30-19:0" for d in ("Monday", "Tuesday", "Wednesday", "Thursday")}
            | {"Friday": "7:30-19:0", "Saturday": "8:0-13:0", "Sunday": "10:0-16:0"},
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said in (
        "On Sundays the store opens at noon and closes at 16:00.",
        "On Sundays the store is open from 11:00 to 19:00.",
    ):
        out = verdict(said)
        assert "the record says otherwise: 'hours.Sunday" in out["explanation"], (said, out)
    for said in (
        "On Sundays the store opens at 10:00 and closes at 16:00.",
        "Saturday hours end at 1 p.m., with an early 7:30-to-9 drop-off window on weekdays.",
    ):
        out = verdict(said)
        assert "the record says otherwise" not in out["explanation"], (said, out["explanation"])


def test_a_level_a_review_gives_beside_its_thing_and_an_accented_word_pass(
    judge: OfflineJudge,
) -> None:
    """ "Found the café crowded and loud" where a review says "the space has gotten really
    crowded and loud" tells the review's word, whatever the record's NoiseLevel; and "café"
    meets the record's "Cafes" (accents are folded before a word is stemmed). A level said
    of the place ("quiet") still meets the record."""
    assert tokenize("café").seq == tokenize("cafe").seq == tokenize("Cafes").seq
    record = "Structured data: " + repr(
        {
            "name": "Tin Kettle Roasting Co.",
            "categories": "Coffee & Tea, Cafes",
            "attributes": {"NoiseLevel": "u'average'"},
            "review_info": [
                {
                    "review_stars": 3.0,
                    "review_text": "The Colombian on pour-over was bright. But the space has "
                    "gotten really crowded and loud since they opened the second room, and "
                    "this Saturday afternoon I could not hear my friend.",
                }
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict("A three-star reviewer found the café crowded and loud on a Saturday afternoon.")
    assert "the record says otherwise" not in out["explanation"], out["explanation"]
    out = verdict("The cafe is quiet.")
    assert "the record says otherwise: 'attributes.NoiseLevel" in out["explanation"], out


def test_a_field_word_in_a_visit_is_no_claim_about_the_field(judge: OfflineJudge) -> None:
    """A field's word told of one visit says nothing of the field: a count of things ("split
    into two groups", "came with two children") is no "good for groups" nor "good for
    kids", and "out for delivery when it had not yet been baked" denies the baking, not the
    delivery. Said of the place, the same words still meet the record."""
    record = "Structured data: " + repr(
        {
            "name": "Kumo Ramen Bar",
            "attributes": {
                "RestaurantsGoodForGroups": "False",
                "GoodForKids": "True",
                "RestaurantsDelivery": "True",
            },
            "review_info": [
                {
                    "review_stars": 2.0,
                    "review_text": "Our party of five had to split up at the counter. The "
                    "veggie ramen came out lukewarm and the replacement took 20 more minutes.",
                },
                {
                    "review_stars": 5.0,
                    "review_text": "We came Sunday afternoon with our two kids and the crew "
                    "brought smaller bowls without being asked. Kids' shoyu ramen is $9.",
                },
                {
                    "review_stars": 1.0,
                    "review_text": "Ordered at 7:15 on Friday and it showed up near 9, cold. "
                    "I called and they said it was out for delivery; later the girl on the "
                    "phone admitted it had not gone in the oven.",
                },
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said in (
        "A two-star reviewer's party of five had to split into two groups at the counter.",
        "A reviewer who came with two children said the crew brought smaller bowls without being "
        "asked.",
        "A one-star reviewer's order came cold, after staff had claimed it was out for "
        "delivery when it had not yet been baked.",
    ):
        out = verdict(said)
        assert "the record says otherwise" not in out["explanation"], (said, out["explanation"])
    for said in (
        "The restaurant is good for groups.",
        "The restaurant does not offer delivery.",
    ):
        out = verdict(said)
        assert "the record says otherwise" in out["explanation"], (said, out["explanation"])


def test_days_closed_before_hours_served_and_longer_hours_of_one_day_are_read_apart(
    judge: OfflineJudge,
) -> None:
    """ "Closed on Mondays and serves from 11 a.m. to 9:30 p.m. Tuesday through Thursday"
    closes Monday alone, and "…, staying open until 10:30 p.m. on Fridays" gives Friday's
    hours alone, also with times as records write them ("from 11:00 to 21:30 Tuesday through
    Thursday and … until midnight on Saturdays"); both pass against the record that gives
    them, and the wrong day or hour in either is still found."""
    record = "Structured data: " + repr(
        {
            "name": "Baan Krua Thai Kitchen",
            "hours": {d: "11:0-21:30" for d in ("Tuesday", "Wednesday", "Thursday")}
            | {"Friday": "11:0-22:30", "Saturday": "12:0-0:0", "Sunday": "12:0-21:0"},
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said in (
        "The restaurant is closed on Mondays and serves from 11 a.m. to 9:30 p.m. Tuesday "
        "through Thursday.",
        "It opens at 11 a.m. and closes at 9:30 p.m. Tuesday through Thursday, staying open "
        "until 10:30 p.m. on Fridays.",
        # (times as the record writes them: each day's hours apart all the same)
        "It is open from 11:00 to 21:30 Tuesday through Thursday and from noon until "
        "midnight on Saturdays.",
        "On weekends it opens at noon, staying open until midnight on Saturdays and closing "
        "at 21:00 on Sundays.",
    ):
        out = verdict(said)
        assert "the record says otherwise" not in out["explanation"], (said, out["explanation"])
    for said in (
        "The restaurant is closed on Mondays and serves from 11 a.m. to 9:30 p.m. Tuesday "
        "through Friday.",
        "It opens at 11 a.m. and closes at 9:30 p.m. Tuesday through Thursday, staying open "
        "until 10:30 p.m. on Sundays.",
    ):
        out = verdict(said)
        assert "the record says otherwise" in out["explanation"], (said, out["explanation"])


def test_a_reviews_day_told_in_another_of_its_sentences_and_another_reviewer_pass(
    judge: OfflineJudge,
) -> None:
    """A review that says "I get up early on Saturdays now" and then tells of "this
    morning" tells of a Saturday morning, though the sentence with the line out the door
    names no day (the review's date names a month); a day that only another review names,
    in words of its own, is still another statement's. "Another five-star reviewer" names
    a review by its order: the word "another" in a third review is no word of that one."""
    reviews = [
        {
            "review_stars": 5.0,
            "review_date": "2021-03-13 09:42:11",
            "review_text": "This bakery is the reason I get up early on Saturdays now. Got here "
            "around 8:15 this morning and the line was already out the door, but it moved "
            "fast. The cardamom morning bun ($4.25) is ridiculous. The owner remembered our "
            "order from last week.",
        },
        {
            "review_stars": 5.0,
            "review_text": "Colette's restorative class is the highlight of my week. All the "
            "props are provided, and if you forget your mat you can rent one for $3.",
        },
        {
            "review_stars": 2.0,
            "review_text": "I sent a doctor's note to freeze my membership and was billed for "
            "another month anyway. Just know they close at 1 on Sundays.",
        },
    ]
    record = json.dumps({**CAFE, "review_info": reviews}, indent=2)
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said in (
        "A five-star reviewer who came on a Saturday morning found a line out the door that "
        "moved quickly and raved about the $4.25 cardamom morning bun.",
        "Another five-star reviewer called Colette's restorative class the highlight of their "
        "week, noting that props are provided and mats can be rented for $3.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    out = verdict(
        "A five-star reviewer who came on a Sunday morning found a line out the door that "
        "moved quickly and raved about the $4.25 cardamom morning bun."
    )
    assert "the documents give 'Sunday' only in" in out["explanation"], out["explanation"]


def test_a_word_said_twice_and_a_scale_told_both_ways_are_no_flips(
    judge: OfflineJudge,
) -> None:
    """ "Those who paid … will be paid" says "paid" twice, which negates nothing twice over:
    it passes where the article says they "will receive payments"; a negation added to it
    is still caught. "Will keep flying twice a day, although … that will drop to one a
    day on weekends" tells both ends of a scale, as the article's "will continue, but it
    would cut them" does; and the part of that sentence before its "but" tells the flights
    go on, so "will keep flying twice a day" alone passes too. "Will raise" for its cut
    is still caught."""
    doc = (
        "Members who paid by credit card and whose records can be matched will receive "
        "payments automatically, the lawyer said. Twice-daily flights to the hub at Carlton "
        "International will continue, but SkyLark said it would cut them to one round trip a "
        "day on weekends starting May 1."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    for said in (
        "Members who paid by credit card and whose records can be matched will be paid "
        "automatically.",
        "SkyLark will keep flying twice a day to its Carlton International hub, although from "
        "May 1 that will drop to one round trip a day on weekends.",
        "SkyLark will keep flying twice a day to its Carlton International hub.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    out = verdict(
        "Members who paid by credit card and whose records can be matched will not be paid "
        "automatically."
    )
    assert "the documents say the opposite" in out["explanation"], out["explanation"]
    out = verdict("SkyLark will raise its service to one round trip a day on weekends.")
    assert "'raise' where the documents say 'cut'" in out["explanation"], out["explanation"]


def test_a_japanese_total_and_a_span_from_a_deed_the_article_tells_pass(
    judge: OfflineJudge,
) -> None:
    """小中学校計34校 gives the total the article gives (小学校23校と中学校11校の計34校),
    not 34 in place of 23; 2016年度の開設以来 counts from an opening the article tells
    (2016年度にバンクを開設し) and ranks nothing. 就任以来, of a term the article never
    mentions, is still a claim it gives nothing like."""
    doc = (
        "汐見市の川端直樹市長は20日の記者会見で、市立の小学校23校と中学校11校の計34校で、"
        "2026年4月から給食費を全額無償化すると発表した。市は2016年度に空き家バンクを開設し、"
        "これまでに延べ218件が登録され、131件が成約した。川端市長は公共交通の見直しについて、"
        "高齢者の通院に配慮したいと述べた。"
    )
    verdict = partial(first_verdict, judge, "以下のニュース記事を要約してください。", [doc])
    for said in (
        "汐見市は2026年4月から、市立の小中学校計34校で給食費を全額無償にすると発表した。",
        "2016年度の開設以来、空き家バンクには延べ218件が登録され、131件が成約した。",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    out = verdict(
        "川端市長は、就任以来掲げてきた公共交通の見直しについて、高齢者の通院に配慮したいと述べた。"
    )
    assert (
        "a record or a superlative the documents give nothing like: '以来'" in (out["explanation"])
    ), out["explanation"]


def test_a_relative_clause_or_a_purpose_a_summary_appends_after_its_last_comma_is_caught(
    judge: OfflineJudge,
) -> None:
    """Where no clause the usual cut finds is added, the last one is read again after a
    finer cut (at "that", "with", "including", "after", "following"): "…, ending a
    14-month dispute that had also delayed the opening of the hospital's new cardiac wing"
    adds the delay, and "… twice a month to meet with hospital clients" adds the purpose.
    The copies without them pass."""
    doc = (
        "Nurses at Ridgeline Regional Medical Center voted on Thursday to ratify a three-year "
        "contract, ending a 14-month dispute over staffing. Amy Tolliver, a sales manager at "
        "a medical-device maker, said she flies to Harborview about twice a month for work."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    for copied, added in (
        (
            "Nurses at Ridgeline Regional Medical Center voted Thursday to ratify a three-year "
            "contract, ending a 14-month dispute.",
            "Nurses at Ridgeline Regional Medical Center voted Thursday to ratify a three-year "
            "contract, ending a 14-month dispute that had also delayed the opening of the "
            "hospital's new cardiac wing.",
        ),
        (
            "Amy Tolliver, a sales manager at a medical-device maker, said she flies to "
            "Harborview about twice a month.",
            "Amy Tolliver, a sales manager at a medical-device maker, said she flies to "
            "Harborview about twice a month to meet with hospital clients.",
        ),
    ):
        out = verdict(copied)
        assert out["fully_supported"] is True, (copied, out["explanation"])
        out = verdict(added)
        assert "a clause the documents give nothing of" in out["explanation"], (
            added,
            out["explanation"],
        )


def test_a_name_a_summary_gives_that_the_article_lacks_fails_the_sentence(
    judge: OfflineJudge,
) -> None:
    """In a summary or an overview, a name the documents lack (a town, a brand, a month)
    is a claim they do not make, however much of the rest is copied; the copies without
    them pass."""
    doc = (
        "The Westbrook City Council voted 5-2 on Tuesday to ban gas-powered leaf blowers "
        "starting in 2027. Council member Priya Nandakumar, who sponsored the measure, called "
        "two-stroke blower engines absurdly dirty. Landscaping companies said the ban would "
        "raise their costs. The city will offer rebates of up to $200 for electric equipment. "
        "The council will review the rules in 2028. Fines start at $100 for a first offense."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    for copied, named in (
        (
            "Landscaping companies said the ban would raise their costs.",
            "Landscaping companies in Fairview said the ban would raise their costs.",
        ),
        (
            "The city will offer rebates of up to $200 for electric equipment.",
            "The city will offer rebates of up to $200 for electric equipment from Stihl.",
        ),
        (
            "The Westbrook City Council voted 5-2 on Tuesday to ban gas-powered leaf blowers "
            "starting in 2027.",
            "The Westbrook City Council voted 5-2 on Tuesday to ban gas-powered leaf blowers "
            "starting in January 2027.",
        ),
    ):
        out = verdict(copied)
        assert out["fully_supported"] is True, (copied, out["explanation"])
        out = verdict(named)
        assert out["fully_supported"] is False, (named, out["explanation"])
        assert "not found in the documents" in out["explanation"], out["explanation"]


def test_a_japanese_statement_given_to_another_speaker_of_the_article_is_caught(
    judge: OfflineJudge,
) -> None:
    """A Japanese statement told after a topic that describes its speaker (市PTA連合会の
    佐野美和会長は、…と述べた) is read without the topic's words; a secretary-general (幹事長)
    is a speaker; and a statement the article closes with と指摘。, と危機感をあらわにした or
    と注文をつける, or one the summary closes with と認めた, has its speaker too. Each
    given to another speaker of the article is caught; given to its own, it passes."""
    doc = (
        "川端市長は「給食は子どもたちの成長を支える教育の一部だ。住む地域や家庭の事情で差が出る"
        "べきではない」と強調した。市PTA連合会の佐野美和会長(44)は「本当にありがたい」と話した。"
        "一方、最大会派「汐見新政会」の岡本健一幹事長は「恒久的な財源の裏付けが弱い。基金が底を"
        "つけば、ほかの子育て支援を削ることになりかねない」と述べた。北洋大学の倉田昌平教授(水産"
        "経済学)は「中国に依存するリスクは以前から指摘されていた」と指摘。村井勝彦組合長は「海は"
        "いつも通りなのに、売り先だけがなくなった」と危機感をあらわにした。藤井正人議員は「補助を"
        "手厚くしても、肝心の物件が出てこなければ意味がない」と注文をつける。"
    )
    verdict = partial(first_verdict, judge, "以下のニュース記事を要約してください。", [doc])
    for own, other in (
        (
            "川端市長は、給食は教育の一部であり家庭の事情で差が出るべきではないと述べた。",
            "市PTA連合会の佐野美和会長は、給食は教育の一部であり家庭の事情で差が出るべきでは"
            "ないと述べた。",
        ),
        (
            "岡本健一幹事長は、基金が底をつけばほかの子育て支援を削ることになりかねないと述べた。",
            "川端市長は、基金が底をつけばほかの子育て支援を削ることになりかねないと述べた。",
        ),
        (
            "倉田昌平教授は、中国に依存するリスクは以前から指摘されていたと述べた。",
            "村井勝彦組合長は、中国に依存するリスクは以前から指摘されていたと認めた。",
        ),
        (
            "村井勝彦組合長は、海はいつも通りなのに売り先だけがなくなったと述べた。",
            "北洋大学の倉田昌平教授は、海はいつも通りなのに売り先だけがなくなったと述べた。",
        ),
        (
            "藤井正人議員は、補助を手厚くしても物件が出てこなければ意味がないと述べた。",
            "川端市長は、補助を手厚くしても物件が出てこなければ意味がないと述べた。",
        ),
    ):
        out = verdict(own)
        assert "the documents give this to" not in out["explanation"], (own, out["explanation"])
        out = verdict(other)
        assert "the documents give this to" in out["explanation"], (other, out["explanation"])


def test_days_excepted_a_guests_reservation_and_an_absence_are_read_as_such(
    judge: OfflineJudge,
) -> None:
    """ "Opens at 8 a.m. Tuesday through Friday and closes at 5 p.m., except on Thursdays,
    when it stays open until 7 p.m." gives Thursday its own hours; "a 7:30 Valentine's Day
    reservation" is one guest's, no word on whether the place takes them; and "the absence
    of alcohol" agrees with `Alcohol: none`. Each passes; told otherwise, each is caught."""
    record = "Structured data: " + repr(
        {
            "name": "Fern & Fig Grooming",
            "hours": {d: "8:0-17:0" for d in ("Tuesday", "Wednesday", "Friday")}
            | {"Thursday": "8:0-19:0", "Saturday": "9:0-15:0"},
            "attributes": {"RestaurantsReservations": "True", "Alcohol": "u'none'"},
            "review_info": [
                {
                    "review_stars": 1.0,
                    "review_text": "We had a 7:30 reservation on Valentine's Day and were not "
                    "seated until 8:15. The book club here was lovely, about 25 people, and "
                    "with no alcohol around it stayed low-key.",
                }
            ],
        }
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said in (
        "The salon opens at 8 a.m. Tuesday through Friday and closes at 5 p.m., except on "
        "Thursdays, when it stays open until 7 p.m.",
        "A one-star reviewer with a 7:30 Valentine's Day reservation was not seated until 8:15.",
        "About 25 people attended the book club, and the absence of alcohol kept it low-key.",
    ):
        out = verdict(said)
        assert "the record says otherwise" not in out["explanation"], (said, out["explanation"])
    for said in (
        "The salon opens at 8 a.m. Tuesday through Friday and closes at 5 p.m., except on "
        "Wednesdays, when it stays open until 7 p.m.",
        "The salon does not take reservations.",
        "The salon serves beer and wine.",
    ):
        out = verdict(said)
        assert "the record says otherwise" in out["explanation"], (said, out["explanation"])


def test_a_decade_and_a_share_in_tenths_written_as_news_writes_them_are_read(
    judge: OfflineJudge,
) -> None:
    """ "Since the 1990s" restates "since the '90s", and another decade is still a number
    the documents lack. A Japanese share in tenths is read as a share: 約3割 restates 約31%
    (told as near), 約3割 where they give 約4割 is caught, and 9割近く is not met by the
    87% the sentence itself gives for something else."""
    doc = (
        'Commissioner Teresa Lund said her constituents would rarely use the ballpark. "We '
        "have roads in my district that haven't been paved since the '90s,\" Lund said."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict("Lund said some roads in her district have not been paved since the 1990s.")
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("Lund said some roads in her district have not been paved since the 1980s.")
    assert "number '1980' not found" in out["explanation"], out["explanation"]
    doc = (
        "市内の水道管の総延長は約1420キロで、このうち法定耐用年数の40年を超えた管は約31%にあたる"
        "約440キロに上る。売上高に占めるサンマ製品の割合は約4割で、5年前の約8割から大きく低下した。"
        "購入者アンケートでは87%が満足と答えた。"
    )
    verdict = partial(first_verdict, judge, "以下のニュース記事を要約してください。", [doc])
    out = verdict(
        "水道管約1420キロのうち、約3割にあたる約440キロが法定耐用年数の40年を過ぎている。"
    )
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict("売上高に占めるサンマ製品の割合は、5年前の約8割から約3割に低下した。")
    assert out["fully_supported"] is False, out["explanation"]
    assert "'3割'" in out["explanation"], out["explanation"]
    out = verdict("購入者アンケートでは87%が満足と答え、来年も利用したい人が9割近くに上った。")
    assert "'9割' where the documents give" in out["explanation"], out["explanation"]


def test_a_quotation_told_again_with_its_year_is_no_clause_added(judge: OfflineJudge) -> None:
    """ "… and warned the district in 2022 that a shortage was coming" restates the
    quotation two sentences on ("We told them in 2022 this was coming"): its year counts
    among the words those sentences share with it."""
    doc = (
        "The district has cut 14 bus routes. Officials blame a shortage of drivers. Gary "
        "Demarco, the local's president, said members have been asking for a raise for "
        'two years. "Nobody at this table should be surprised," he said. "We told them in '
        '2022 this was coming."'
    )
    out = first_verdict(
        judge,
        "Summarize the following news article.",
        [doc],
        "Gary Demarco, the local's president, said members have sought a raise for two years "
        "and warned the district in 2022 that a shortage was coming.",
    )
    assert "a clause the documents give nothing of" not in out["explanation"], out["explanation"]


def test_a_last_clause_that_restates_a_number_in_other_words_is_no_clause_added(
    judge: OfflineJudge,
) -> None:
    """ "…, and the project was about 60 percent complete when the attack happened" says
    again, in other words, "the work was about 60 percent finished when the attack hit":
    its number and two words are the matched sentence's. A clause that only gives a year of
    it is still read as added."""
    doc = (
        "The district's technology director, Priya Menon, said an outside audit in 2022 had "
        "recommended moving backups offline, and that the work was about 60 percent finished "
        "when the attack hit."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict(
        "Priya Menon said a 2022 audit had recommended moving backups offline, and the project "
        "was about 60 percent complete when the attack happened."
    )
    assert "a clause the documents give nothing of" not in out["explanation"], out["explanation"]
    out = verdict(
        "Priya Menon said a 2022 audit had recommended moving backups offline, and the state "
        "paid for a new contractor in 2022."
    )
    assert "a clause the documents give nothing of" in out["explanation"], out["explanation"]


def test_initials_a_name_with_an_accent_a_chief_officer_and_a_closing_hour_read_as_theirs(
    judge: OfflineJudge,
) -> None:
    """Four readings of a summary that gives the article's facts in its own forms: "MFA"
    where it writes "master of fine arts", "Lorenzo Quiñones" read whole, "founder and
    CEO" where it says "founder and chief executive", and "closed at 6 p.m." beside a
    shuttle that runs "from 6 a.m." (a time, no value before a change). Initials it does
    not spell out ("MBA") are still a name it lacks."""
    doc = (
        "Among the programs being closed is the master of fine arts in creative writing. "
        "Lorenzo Quiñones, the association's director, called the findings troubling. The firm "
        "is owned by the brother-in-law of founder and chief executive Douglas Pruitt. The "
        "bridge was closed to all traffic at 6 p.m. Thursday. A free shuttle will run every 20 "
        "minutes from 6 a.m. to 10 p.m."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    for said in (
        "Programs being closed include the creative writing MFA.",
        "The association called the findings troubling, its director Lorenzo Quiñones said.",
        "The firm is owned by the brother-in-law of founder and CEO Douglas Pruitt.",
        "The bridge was closed to all traffic at 6 p.m. Thursday.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    out = verdict("Programs being closed include the creative writing MBA.")
    assert "name 'MBA' not found" in out["explanation"], out["explanation"]


def test_a_japanese_most_for_the_articles_chief_one_is_no_record_added(
    judge: OfflineJudge,
) -> None:
    """最も懸念している restates the chief concern the article names (反対の中心にあるのは
    …への懸念だ); where the article ranks nothing, 最も is still a superlative it lacks."""
    doc = "反対の中心にあるのは、温泉の湯量の減少や泉温の低下への懸念だ。源泉は28か所ある。"
    verdict = partial(first_verdict, judge, "以下のニュース記事を要約してください。", [doc])
    out = verdict("反対派が最も懸念しているのは、温泉の湯量の減少や泉温の低下だ。")
    assert "a record or a superlative" not in out["explanation"], out["explanation"]
    out = verdict("源泉は28か所あり、県内で最も多い。")
    assert "a record or a superlative the documents give nothing like" in out["explanation"], out[
        "explanation"
    ]


def test_a_deed_told_as_done_by_it_that_the_article_says_it_will_not_do_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Calloway said it will appeal the $2.35 million fine" where the article says "The
    hospital will not appeal the fine": the pronoun stands for the subject the article
    names, the currency goes with the number, and the negated sentence need not be the one
    the line is matched with best. Told the article's way, it passes."""
    doc = (
        "The state health department fined Calloway Regional Hospital $2.35 million on Monday "
        "over billing errors. The hospital will not appeal the fine, a spokeswoman said, but "
        "it has asked the department to review its findings on emergency room fees."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict("Calloway said it will appeal the $2.35 million fine.")
    assert "the documents say the opposite" in out["explanation"], out["explanation"]
    out = verdict("Calloway said it will not appeal the $2.35 million fine.")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_last_clause_of_other_words_joined_to_a_line_of_several_facts_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "There is a full bar with TVs, a happy hour and free Wi-Fi, and the bar hosts a weekly
    trivia night" joins the record's facts and ends on a clause that the matched sentence
    and the two after it share no word of, no sentence holds half of, and the documents
    lack two words of: it is caught. The same line ending on what a review says passes."""
    record = json.dumps(
        {
            **CAFE,
            "attributes": {"Alcohol": "u'full_bar'", "HasTV": True, "WiFi": "u'free'"},
            "review_info": [
                {
                    "review_stars": 5.0,
                    "review_text": "Happy hour is 4 to 7 on weekdays with $3 off well drinks. "
                    "The bar shows the Cardinals game every night. The wings are good.",
                },
                {
                    "review_stars": 3.0,
                    "review_text": "The lanes are showing their age, and the music is loud. "
                    "League night is every week.",
                },
            ],
        },
        indent=2,
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict(
        "There is a full bar with TVs, a happy hour and free Wi-Fi, and the bar hosts a weekly "
        "trivia night."
    )
    assert (
        "a clause the documents give nothing of: 'the bar hosts a weekly trivia night'"
        in out["explanation"]
    ), out["explanation"]
    out = verdict(
        "There is a full bar with TVs, a happy hour and free Wi-Fi, and the bar shows the "
        "Cardinals game every night."
    )
    assert out["fully_supported"] is True, out["explanation"]


def test_a_clause_added_to_a_line_joined_from_two_sentences_is_caught(
    judge: OfflineJudge,
) -> None:
    """An overview line that joins two sentences of a review ("apologized for the nick …"
    and "took $15 off the bill") and adds a clause of its own ("… and offered a free
    follow-up trim") is caught; the join alone passes."""
    record = json.dumps(
        {
            **CAFE,
            "review_info": [
                {
                    "review_stars": 3.0,
                    "review_text": "Our schnauzer came home with a small nick on his ear. "
                    "Dana, the owner, apologized for the nick right away. She took $15 off "
                    "the bill, which I appreciated. The cut itself looked tidy.",
                },
                {
                    "review_stars": 5.0,
                    "review_text": "Tasha saved most of our goldendoodle's matted coat. "
                    "Booking online was easy.",
                },
            ],
        },
        indent=2,
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    joined = (
        "The owner, Dana, apologized for the nick on the schnauzer's ear and took $15 off the bill."
    )
    out = verdict(joined)
    assert out["fully_supported"] is True, out["explanation"]
    out = verdict(
        joined.replace(" and took", ", took").replace(
            "bill.", "bill and offered a free follow-up trim."
        )
    )
    assert (
        "a clause the documents give nothing of: 'offered a free follow-up trim'"
        in (out["explanation"])
    ), out["explanation"]


def test_no_appointment_needed_against_an_appointment_only_record_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Grooming does not require an appointment" contradicts `ByAppointmentOnly: True`,
    as "walk-ins are welcome" does; a review's service taken without one ("walk-in nail
    trims on Thursday evenings, no appointment needed") is that review's word, and passes."""
    record = json.dumps(
        {
            "name": "Fern & Fig Grooming",
            "attributes": {"ByAppointmentOnly": "True", "BusinessAcceptsCreditCards": "True"},
            "review_info": [
                {
                    "review_stars": 4.0,
                    "review_text": "Tasha did a lovely lamb clip on our poodle. Another tip: on "
                    "Thursday evenings they do walk-in nail trims for $12, no appointment "
                    "needed.",
                }
            ],
        },
        indent=2,
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    out = verdict("Grooming does not require an appointment, and the business takes credit cards.")
    assert "'attributes.ByAppointmentOnly: True'" in out["explanation"], out["explanation"]
    for said in (
        "Grooming is by appointment only, and the business takes credit cards.",
        "A reviewer said walk-in nail trims are offered on Thursday evenings for $12, with no "
        "appointment needed.",
    ):
        out = verdict(said)
        assert "the record says otherwise" not in out["explanation"], (said, out["explanation"])


def test_a_plan_told_as_done_across_the_sentence_that_names_its_subject_is_caught(
    judge: OfflineJudge,
) -> None:
    """In a summary, "Construction on the Asian highlands exhibit has already begun" where
    the article names the exhibit in one sentence and plans its construction in the next
    ("The project is estimated to cost $9.5 million, with construction expected to begin
    next fall") is a plan told as done; "is expected to begin next fall" passes."""
    doc = (
        "Once the bears are gone, the zoo plans to turn their habitat into an Asian highlands "
        "exhibit featuring red pandas. The project is estimated to cost $9.5 million, with "
        "construction expected to begin next fall."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict("Construction on the Asian highlands exhibit has already begun.")
    assert "told as done where the documents give a plan" in out["explanation"], out["explanation"]
    out = verdict("Construction on the Asian highlands exhibit is expected to begin next fall.")
    assert out["fully_supported"] is True, out["explanation"]


def test_a_name_a_summary_puts_together_from_the_articles_words_is_caught(
    judge: OfflineJudge,
) -> None:
    """ "Ridgeway Power Co." where the article's dam owner is "Northfork Power Co." and a
    Ridgeway is named elsewhere, and "the Tassel River Tribe" of the Tassel River and the
    Wenasket Tribe, are names the article never gives, though it has each word. A name cut
    at a title ("Cedar Bluff Mayor Russell Eberly"), one with a given name left out
    ("Warden Pruitt" of "Warden Douglas Pruitt"), one behind a possessive ("Oduma's
    National Museum"), one after a first word the documents use as a common word
    ("Pulmonologist Elaine Foster") and one after an adjective the article makes of a name
    ("the Washington-based Parents' Food Safety Project") pass."""
    doc = (
        "The dam is owned by Northfork Power Co., which agreed in 2019 to remove it. Ridgeway "
        "Elementary closed for the day. Members of the Wenasket Tribe watched from the banks "
        "of the Tassel River. Warden Douglas Pruitt said the jail was full. Russell Eberly, "
        "the mayor of Cedar Bluff, spoke first. The artefacts will go to the National Museum "
        "in Oduma. Elaine Foster, a pulmonologist, told the council that blowers are loud. "
        "The vote followed years of lobbying by Fossil Free Classrooms. Raymond Koh directs "
        "food safety at the Parents' Food Safety Project, a Washington-based advocacy group."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    for said, name in (
        (
            "The dam is owned by Ridgeway Power Co., which agreed in 2019 to remove it.",
            "Ridgeway Power Co",
        ),
        ("Members of the Tassel River Tribe watched from the banks.", "Tassel River Tribe"),
        ("The vote followed years of lobbying by Fossil Free Schools.", "Fossil Free Schools"),
    ):
        out = verdict(said)
        assert f"a name the documents never give: '{name}'" in out["explanation"], out[
            "explanation"
        ]
    for said in (
        "The dam is owned by Northfork Power Co., which agreed in 2019 to remove it.",
        "Warden Pruitt said the jail was full.",
        "Cedar Bluff Mayor Russell Eberly spoke first.",
        "The artefacts will go to Oduma's National Museum.",
        "Pulmonologist Elaine Foster told the council that blowers are loud.",
        "Raymond Koh works at the Washington-based Parents' Food Safety Project.",
    ):
        out = verdict(said)
        assert "a name the documents never give" not in out["explanation"], (
            said,
            out["explanation"],
        )


def test_a_summary_sentence_the_article_holds_under_half_of_is_caught(
    judge: OfflineJudge,
) -> None:
    """A summary's sentence of nine content words or more that the article sentences it
    draws on hold under half of, and the article as a whole under four fifths of, tells
    more than the article: "would add more libraries as sign-up sites if residents waited
    in long lines" passed before on the article's words around it. A faithful restatement
    in other word order, a short sentence in words of its own, a summing up ("Overall, …")
    or a sentence about the article, and the same additions answering a question rather
    than summarising are not read so."""
    doc = (
        "The county will hand out 4,000 portable air purifiers to older residents and "
        "families with infants before the wildfire season, the health department said on "
        "Tuesday. The units cost about $120 each and are paid for by a state grant of "
        "$500,000. Residents can sign up online or at any public library starting June 2. "
        "Health director Mara Quill said smoke from last summer's fires sent dozens of people "
        "with asthma to the emergency room. Commissioner Ted Oyelaran voted against the "
        "grant, saying the county should instead pay to weatherize older homes."
    )
    mark = "most of it is in none of the sentences it draws on"
    added = (
        "Quill said the health department would add more libraries as sign-up sites if "
        "residents waited in long lines on June 2.",
        "Quill said families with infants would get their units first because smoke harms "
        "young lungs the most.",
    )
    summary = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    for said in added:
        caught(summary(said), mark, mark)
    for said in (
        "Dozens of people with asthma went to the emergency room because of smoke from last "
        "summer's fires, Quill said.",
        "Oyelaran wanted the money spent on weatherizing homes.",
        # (a summing up, and a sentence about the article, speak in words of their own)
        "Overall, the giveaway reflects growing worry about wildfire smoke among older "
        "residents and young families.",
        "The article describes a county effort to shield vulnerable residents from wildfire "
        "smoke this summer.",
    ):
        caught(summary(said), None, mark)
    asked = partial(first_verdict, judge, "What will the county hand out?", [doc])
    for said in added:
        caught(asked(said), None, mark)


def test_a_side_the_article_has_someone_take_the_other_way_is_caught(judge: OfflineJudge) -> None:
    """Someone said to oppose what the article has them back, to vote for what they voted
    against, or a group said to be opposed where it was supportive, fails with the two sides
    quoted. The same side in other words, a side on another thing, a side the article has
    them take on one thing and the other on another, and a side the article denies ("not
    opposed to") pass."""
    doc = (
        "The Harlow Teachers Union backed the district's plan to move to a four-day week. "
        "Board member Dana Whitlock, who voted against the calendar change, said she "
        "supported the goal of retaining teachers but worried about child care. Parents who "
        "spoke at Monday's hearing were largely supportive. Councilman Ray Osei opposed the "
        "new sales tax. The Harlow Chamber of Commerce was not opposed to the shorter week "
        "but asked for a study of its costs."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    mark = "where the documents say"
    theirs_named(
        verdict,
        [
            (
                "The Harlow Teachers Union opposed the district's plan for a four-day week.",
                "backed",
            ),
            ("Dana Whitlock voted in favor of the calendar change.", "voted against"),
            ("Parents who spoke at Monday's hearing were largely opposed to it.", "supportive"),
        ],
        [
            "The Harlow Teachers Union supported the district's four-day week plan.",
            "Whitlock voted against the calendar change but supported its goal of retaining "
            "teachers.",
            "Councilman Ray Osei supported the four-day week.",
            "The Harlow Chamber of Commerce supported the shorter week but asked for a study.",
        ],
        mark,
    )


def test_a_side_a_japanese_article_has_someone_take_the_other_way_is_caught(
    judge: OfflineJudge,
) -> None:
    """In Japanese, the doer a sentence opens with (up to its は) said to take the side
    against what the article has them welcome, or for what it has them oppose, fails with
    both sides quoted, as does one said to oppose what the article has them say they will not
    oppose. The same side, and a doer the article has take both sides, pass."""
    doc = (
        "港北市の山田一郎市長は、新しい図書館の整備計画を歓迎した。市民団体の「緑の会」は、"
        "公園の木を切ることになるとして計画に反対している。商工会議所は計画への支持を表明しつつ、"
        "費用の増加に懸念を示した。地元の自治会は計画に反対はしないとしている。"
    )
    verdict = partial(first_verdict, judge, "以下のニュース記事を要約してください。", [doc])
    theirs_named(
        verdict,
        [
            ("港北市の山田一郎市長は、図書館の整備計画に懸念を示した。", "歓迎"),
            ("市民団体の「緑の会」は、図書館の整備計画を支持している。", "反対"),
            ("地元の自治会は、図書館の整備計画に反対している。", "反対はしない"),
        ],
        [
            "港北市の山田一郎市長は、新しい図書館の整備計画を歓迎している。",
            "商工会議所は、図書館の整備計画を支持している。",
        ],
    )


def test_a_description_a_summary_sets_beside_a_name_is_read_against_the_sentences_naming_it(
    judge: OfflineJudge,
) -> None:
    """Words a summary sets beside a name to describe its bearer must be held, half of them,
    by a sentence naming them or one of the two after it: "Oyelaran, a retired firefighter"
    and "Quill, who grew up near the burn area" fail where the article says neither. A
    description the naming sentence gives in other forms ("the low bidder among four" of
    "submitted the lowest of four bids"), one the next sentence gives, a word opening the
    sentence that the article also writes in lower case, and the same descriptions in an
    answer to a question pass."""
    doc = (
        "Health director Mara Quill said smoke from last summer's fires sent dozens of people "
        "with asthma to the emergency room. Commissioner Ted Oyelaran voted against the grant. "
        "He has represented the county's eastern district since 2014. Brightline Supply, "
        "which submitted the lowest of four bids, will deliver the purifiers. The three "
        "health clinics will hand out the rest. Meanwhile, the state will pay for filters. "
        "Schools, meanwhile, will stay open."
    )
    mark = "the documents do not say this of"
    wrong = (
        (
            "Oyelaran, a retired firefighter, voted against the grant.",
            "'a retired firefighter': the documents do not say this of Oyelaran",
        ),
        (
            "Quill, who grew up near the burn area, said smoke sent dozens of people with "
            "asthma to the emergency room.",
            "'who grew up near the burn area': the documents do not say this of Quill",
        ),
    )
    summary = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    for said, quote in wrong:
        caught(summary(said), quote, mark)
    for said in (
        "Brightline Supply, the low bidder among four, will deliver the purifiers.",
        "Oyelaran, who has represented the eastern district since 2014, voted against the grant.",
        "Meanwhile, the three health clinics, which opened in May, will hand out the rest.",
    ):
        caught(summary(said), None, mark)
    asked = partial(first_verdict, judge, "Who voted against the grant?", [doc])
    for said, _ in wrong:
        caught(asked(said), None, mark)


def test_a_japanese_count_given_to_another_statement_is_caught(judge: OfflineJudge) -> None:
    """A Japanese count the article gives to one statement, put in another whose sentence
    gives a count of its own of the same counter, fails with both counts quoted: 約900人 of
    the whole staff given to the nurses, whom the article counts as 420人. The count its own
    statement gives, and a sentence with two counts of one counter, pass."""
    doc = (
        "南原市立病院の職員は計約900人で、来年度から給与体系を見直す。看護師は420人で、"
        "ピークだった2018年度と比べて1割減った。医師は2018年度の60人から52人に減った。"
        "夜勤の看護師は昨年より30人少ない。"
    )
    verdict = partial(first_verdict, judge, "以下のニュース記事を要約してください。", [doc])
    theirs_named(
        verdict,
        [("看護師は約900人で、ピークだった2018年度と比べて1割減った。", "420人")],
        [
            "看護師は420人で、ピークだった2018年度と比べて1割減った。",
            "医師は2018年度の60人から52人に減った。",
            "看護師は420人で、夜勤の看護師は昨年より30人少ない。",
        ],
    )


def test_a_records_rating_weekend_hours_a_so_clause_and_a_dated_visit_pass(
    judge: OfflineJudge,
) -> None:
    """Four readings of a business record: "a 4.5-star rating" in a line that also gives the
    price range is the record's `business_stars`, though every review has stars too;
    "weekend hours run from 9 a.m. to 5 p.m. on Saturday and from 11 a.m. to 4 p.m. on
    Sunday" gives each day its own; "broth is packed separately so the noodles don't get
    soggy" denies nothing of takeout; and a review dated on a Saturday that tells of "this
    morning" tells of a Saturday morning. Told otherwise, the hours and the rating are
    still caught."""
    record = json.dumps(
        {
            "name": "Spoke & Chain Cycle Works",
            "hours": {"Friday": "10:0-18:0", "Saturday": "9:0-17:0", "Sunday": "11:0-16:0"},
            "attributes": {"RestaurantsPriceRange2": "2", "RestaurantsTakeOut": "True"},
            "business_stars": 4.5,
            "review_info": [
                {
                    "review_stars": 1.0,
                    "review_date": "2018-11-03 12:20:40",
                    "review_text": "Went in this morning for a simple tune-up and was pushed "
                    "toward a $300 overhaul.",
                },
                {
                    "review_stars": 4.0,
                    "review_date": "2019-04-17 20:45:13",
                    "review_text": "They pack the broth for takeout separately so the noodles "
                    "stay firm. Open late on Fridays too.",
                },
            ],
        },
        indent=2,
    )
    verdict = partial(first_verdict, judge, "Write an overview of the business.", [record])
    for said in (
        "The shop has an overall rating of 4.5 stars and sits in the moderate price range.",
        "Weekend hours run from 9 a.m. to 5 p.m. on Saturday and from 11 a.m. to 4 p.m. on Sunday.",
        "A four-star reviewer said takeout broth is packed separately so the noodles don't "
        "get soggy.",
        "A one-star reviewer who came in on a Saturday morning was pushed toward a $300 overhaul.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is True, (said, out["explanation"])
    for said in (
        "Weekend hours run from 9 a.m. to 5 p.m. on Saturday and from 11 a.m. to 5 p.m. on Sunday.",
        "The shop has an overall rating of 4 stars and sits in the moderate price range.",
    ):
        out = verdict(said)
        assert out["fully_supported"] is False, (said, out["explanation"])


def test_japanese_words_of_a_part_or_a_bound_that_paraphrase_each_other_are_no_swap(
    judge: OfflineJudge,
) -> None:
    """助産師が中心となって restates 助産師が主体となって, and 1回あたり最大1万5,000円 restates
    1回あたり上限1万5,000円: words of a part or a bound paraphrase one another with no
    character in common, and are no name taken for another. A place's name in their slot
    is still a swap."""
    doc = (
        "病院は、助産師が主体となって正常分娩を担う「院内助産」を来年度中に導入する。"
        "県は出動報酬への補助を、1回あたり上限1万5,000円に引き上げる方針だ。"
        "現在の新庁舎は旧市民会館の跡地に建てられる。"
    )
    verdict = partial(first_verdict, judge, "以下のニュース記事を要約してください。", [doc])
    for said in (
        "病院は来年度中に、助産師が中心となって正常分娩を担う「院内助産」を導入する。",
        "県は出動報酬に対する補助を、1回あたり最大1万5,000円まで引き上げる方針だ。",
    ):
        out = verdict(said)
        assert "stands where the documents have" not in out["explanation"], (
            said,
            out["explanation"],
        )
    out = verdict("現在の新庁舎は旧市民体育館の跡地に建てられる。")
    assert "stands where the documents have" in out["explanation"], out["explanation"]


def test_a_clause_inside_a_line_that_gives_the_copied_sentences_year_again_is_no_addition(
    judge: OfflineJudge,
) -> None:
    """ "…, close to triple the 2019 total, …" restates "nearly three times the number in
    2019" of the sentence the line copies: a clause inside the line that gives a number of
    ten or more that sentence holds says a part of it again. A clause that gives none is
    still read."""
    doc = (
        "The agency canceled 412 sailings last year, nearly three times the number in 2019, "
        "largely because of engine failures on the older vessels. Ridership fell in 2019, "
        "and the total has not recovered."
    )
    verdict = partial(first_verdict, judge, "Summarize the following news article.", [doc])
    out = verdict(
        "The agency canceled 412 sailings last year, close to triple the 2019 total, mostly "
        "because of engine failures on older boats."
    )
    assert "a clause the documents give nothing of" not in out["explanation"], out["explanation"]
    out = verdict(
        "The agency canceled 412 sailings last year, a record for the state ferry system, "
        "largely because of engine failures on the older vessels."
    )
    assert "a clause the documents give nothing of" in out["explanation"], out["explanation"]


def test_minutes_between_two_times_the_documents_give_are_no_number_made_up(
    judge: OfflineJudge,
) -> None:
    """ "Seen 35 minutes after a 10:30 appointment" works out the minutes between the
    review's 10:30 and 11:05; "45 minutes" is no such gap and is still caught."""
    doc = "I had a 10:30 appointment and wasn't seen until 11:05. The hygienist was kind."
    verdict = partial(first_verdict, judge, "Summarize the review.", [doc])
    out = verdict("The reviewer was seen 35 minutes after a 10:30 appointment.")
    assert "'35'" not in out["explanation"], out["explanation"]
    out = verdict("The reviewer was seen 45 minutes after a 10:30 appointment.")
    assert "number '45' not found" in out["explanation"], out["explanation"]
