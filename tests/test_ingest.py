"""Tests of ragjudge.ingest: every format turns the fixture logs in tests/data/ingest into the
exact rows expected, keeps provenance, never treats thoughts as evidence, and reports
malformed or partial traces with file and line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ragjudge.dataset import example_from_dict
from ragjudge.errors import InputError, UsageError
from ragjudge.ingest import FORMATS, IngestError, ingest, write_jsonl
from ragjudge.ingest.ragtruth import render_data, unsupported_sentence_keys
from ragjudge.sentences import key_response
from ragjudge.types import Example, Sentence, Source

DATA = Path(__file__).parent / "data" / "ingest"


def run(fmt: str, *names: str) -> tuple[list[dict[str, Any]], list[IngestError]]:
    paths = [str(DATA / name) for name in names]
    rows, errors = [], []
    for item in ingest(fmt, paths):
        (errors if isinstance(item, IngestError) else rows).append(item)
    return rows, errors


def path(name: str) -> str:
    return str(DATA / name)


def evidence(row: dict[str, Any]) -> str:
    return "\n".join(d["text"] for d in row["documents"])


# --- registry and API ----------------------------------------------------------------------


def test_registry_names_every_format() -> None:
    assert set(FORMATS) == {
        "bedrock-agent",
        "react",
        "cited-answer",
        "ctrlf",
        "ragtruth",
        "otlp",
        "langsmith",
        "langfuse",
    }
    for name, module in FORMATS.items():
        assert name == module.NAME
        assert module.SUMMARY


def test_unknown_format_and_missing_file_are_refused_before_reading() -> None:
    with pytest.raises(UsageError, match="unknown ingest format 'splunk'"):
        ingest("splunk", [path("react/paper_wiki.txt")])
    with pytest.raises(InputError, match=r"not a file: .*nope\.txt"):
        ingest("react", [path("react/paper_wiki.txt"), path("react/nope.txt")])


def test_ingest_error_names_file_and_line() -> None:
    err = IngestError("a/b.jsonl", 7, "no answer")
    assert str(err) == "a/b.jsonl:7: no answer"
    assert str(IngestError("a/b.jsonl", None, "cannot read")) == "a/b.jsonl: cannot read"
    with pytest.raises(AttributeError):
        err.line = 8  # type: ignore[misc]


def test_write_jsonl_writes_rows_and_returns_errors(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    n, errors = write_jsonl(
        ingest("react", [path("react/paper_wiki.txt"), path("react/partial.txt")]), out
    )
    assert n == 2
    assert [(e.file, e.line) for e in errors] == [(path("react/partial.txt"), 1)]
    lines = out.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["response"] for line in lines] == ["the Spree", "2003"]


def test_non_utf8_file_is_an_error_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("Question: caf\u00e9?\nThought: x\n".encode("latin-1"))
    [err] = list(ingest("react", [str(bad)]))
    assert isinstance(err, IngestError)
    assert err.line == 1
    assert "not UTF-8" in err.message


# --- react ---------------------------------------------------------------------------------


def test_react_jp1_chat_form_blocks_become_titled_documents_and_citations() -> None:
    rows, errors = run("react", "react/jp1_chat.txt")
    assert errors == []
    first, second = rows
    assert first["question"] == "ジョブが異常終了したときに通知を受け取るにはどうすればよいですか?"
    assert [(d["title"], d["url"]) for d in first["documents"]] == [
        (
            "JP1_AJS3_運用ガイド.pdf#page=112",
            "https://docs.example.jp/jp1/ajs3/ops-guide.pdf#page=112",
        ),
        ("JP1_IM_構築ガイド.pdf#page=45", "https://docs.example.jp/jp1/im/build-guide.pdf#page=45"),
        (
            "JP1_Base_コマンドリファレンス.pdf#page=230",
            "https://docs.example.jp/jp1/base/command-ref.pdf#page=230",
        ),
    ]
    # a content: value running over two lines stays one document text
    assert first["documents"][0]["text"] == (
        "ジョブが異常終了すると、JP1イベント(イベントID:00004104)が発行されます。\n"
        "JP1/IM - Manager の自動アクションにこのイベントを登録すると、メール通知を設定できます。"
    )
    assert first["response"] == (
        "ジョブが異常終了すると、イベントID 00004104 のJP1イベントが発行されます。\n"
        "このイベントを自動アクションに登録し、jimmail コマンドでメールを送信できます。"
    )
    assert "[sourcepage" not in first["response"]
    assert [
        (c["sources"], first["response"][c["start"] : c["end"]]) for c in first["citations"]
    ] == [
        ([0], "ジョブが異常終了すると、イベントID 00004104 のJP1イベントが発行されます。"),
        ([1], "このイベントを自動アクションに登録し、jimmail コマンドでメールを送信できます。"),
        ([2], "このイベントを自動アクションに登録し、jimmail コマンドでメールを送信できます。"),
    ]
    assert first["raw_response"].count("[sourcepage:") == 3
    assert first["history"] == [
        {"role": "user", "text": "JP1/AJS3のジョブネットを再実行する方法は?"},
        {"role": "assistant", "text": "ジョブネットモニタから「再実行」を選択します。"},
    ]
    assert first["react_form"] == "chat"
    assert first["thoughts"] == [
        "ジョブの異常終了時の通知方法をマニュアルで調べます。",
        "念のため、メール送信コマンドについても確認します。",
        "回答します。",
    ]
    assert (first["source_file"], first["line"], first["id"]) == (
        path("react/jp1_chat.txt"),
        2,  # line 1 is the executor's "> Entering new AgentExecutor chain..." banner
        "jp1_chat.txt#L2",
    )
    # the second transcript starts after the --- separator line
    assert (second["line"], second["question"]) == (
        35,
        "監視対象サーバを追加する手順を教えてください。",
    )
    assert second["history"] == []


def test_react_completion_form_skips_the_echoed_prompt_and_keeps_tool_errors_out() -> None:
    rows, errors = run("react", "react/jp1_completion.txt")
    assert errors == []
    assert [r["question"] for r in rows] == [
        "保存期間を30日に延長できますか?",
        "ディスク使用率のしきい値はどこで変更しますか?",
    ]
    first, second = rows
    assert first["line"] == 13
    assert first["history"] == [
        {"role": "user", "text": "バックアップの保存期間は?"},
        {"role": "assistant", "text": "標準では7日間です。"},
    ]
    assert [d["title"] for d in first["documents"]] == ["バックアップ運用手順書.docx"]
    assert first["tool_errors"] == ["user_content is not a valid tool, try one of [user_contents]."]
    assert "not a valid tool" not in evidence(first)
    assert first["response"] == (
        "はい、backup.conf の RETENTION_DAYS を30に設定すれば延長できます。"
        "設定できる範囲は1~90日です。"
    )
    assert [a["action"] for a in first["actions"]] == ["user_contents", "user_content"]
    assert first["react_form"] == "completion"
    assert "citations" not in first
    # a multi-line final answer keeps its lines; the blank line + Question: split is honoured
    assert (
        second["response"]
        == "監視テンプレートの「リソース監視」タブで変更します。\n既定値は警告80%、危険90%です。"
    )
    assert second["line"] == 35


def test_react_paper_form_observations_titled_by_action() -> None:
    rows, errors = run("react", "react/paper_wiki.txt")
    assert errors == []
    first, second = rows
    assert first["response"] == "the Spree"
    assert first["react_form"] == "paper"
    assert first["documents"] == [
        {
            "title": "Search[Brandenburg Gate]",
            "url": None,
            "text": "The Brandenburg Gate is an 18th-century neoclassical monument in Berlin. "
            "It was built on the orders of King Frederick William II of Prussia.",
            "action": "Search",
            "action_input": "Brandenburg Gate",
            "step": 1,
            "line": 4,
        },
        {
            "title": "Search[Berlin]",
            "url": None,
            "text": "Berlin is the capital and largest city of Germany. The city lies on the banks "
            "of the Spree, which flows into the Havel in the western borough of Spandau.",
            "action": "Search",
            "action_input": "Berlin",
            "step": 2,
            "line": 7,
        },
    ]
    assert [d["title"] for d in second["documents"]] == [
        "Search[Sydney Opera House]",
        "Lookup[Pritzker]",
        "Search[Jørn Utzon]",
    ]
    assert (second["response"], second["line"], second["step"]) == ("2003", 11, 3)


def test_react_thoughts_never_become_evidence() -> None:
    rows, _ = run("react", "react/jp1_chat.txt", "react/jp1_completion.txt", "react/paper_wiki.txt")
    assert len(rows) == 6
    for r in rows:
        assert r["thoughts"]
        for thought in r["thoughts"]:
            assert thought not in evidence(r)


def test_react_partial_and_malformed_transcripts_are_errors() -> None:
    rows, errors = run("react", "react/partial.txt", "react/malformed.txt")
    assert rows == []
    partial, malformed = errors
    assert (partial.file, partial.line) == (path("react/partial.txt"), 1)
    assert "no final answer" in partial.message and "partial" in partial.message
    assert (malformed.file, malformed.line) == (path("react/malformed.txt"), 3)
    assert "'Observation:' without a preceding 'Action:'" in malformed.message


def test_react_jsonl_log_field() -> None:
    rows, errors = run("react", "react/agent_logs.jsonl")
    [r] = rows
    assert (r["id"], r["trace_id"], r["line"]) == ("run-001", "run-001", 1)
    assert r["question"] == "What does error KAVB1234-E mean?"
    assert r["history"] == [
        {"role": "user", "text": "Hi"},
        {"role": "assistant", "text": "Hello, how can I help?"},
    ]
    assert r["model"] == "gpt-4o"
    assert "log" not in r
    assert [d["title"] for d in r["documents"]] == ["message_lookup: KAVB1234-E"]
    assert [(e.line, e.message.split(" (")[0]) for e in errors] == [
        (2, "transcript has no final answer"),
        (3, "expected an object with the transcript in a 'log' field"),
    ]


def test_react_jp1_block_without_content_is_malformed(tmp_path: Path) -> None:
    log = tmp_path / "bad_block.txt"
    log.write_text(
        "私の入力: 質問\nThought: 調べます。\nAction: user_contents\nAction Input: 質問\n"
        "Observation: -------------------------\nsourcepage: 手順書.pdf\n"
        "document_url: https://example.jp/a.pdf\n-------------------------\n"
        "Thought: 回答します。\nAI: 回答です。\n",
        encoding="utf-8",
    )
    [err] = list(ingest("react", [str(log)]))
    assert isinstance(err, IngestError)
    assert err.line == 6
    assert "'sourcepage:' and 'content:'" in err.message


# --- bedrock-agent -------------------------------------------------------------------------


def test_bedrock_trace_events_grouped_by_session_and_trace() -> None:
    rows, errors = run("bedrock-agent", "bedrock/trace_events.jsonl")
    assert errors == []
    weather, kb = rows
    assert weather["id"] == "sess-7f3a/b1c2d3e4-5f60-4a7b-8c9d-0e1f2a3b4c5d"
    assert weather["trace_id"] == "b1c2d3e4-5f60-4a7b-8c9d-0e1f2a3b4c5d"
    assert weather["question"] == "明日の東京の最高気温と、東京駅から千葉駅への行き方を教えて"
    assert [(d["title"], d["text"]) for d in weather["documents"]] == [
        ("GET::weather_search::search()", "12月18日 晴時々曇 最高気温 12℃ 最低気温 5℃ 降水確率 0%"),
        (
            'GET::transit_search::search(dest_station="千葉駅", dep_station="東京駅")',
            "東京 22:16発 → 千葉 22:55着 所要39分 乗換0回 "
            "JR総武線快速・千葉行 総武4番線発 IC優先 659円",
        ),
    ]
    assert weather["response"] == (
        "明日の東京の最高気温は12℃です。東京駅22:16発のJR総武線快速に乗ると、千葉駅に22:55に着きます。"
    )
    assert (weather["line"], weather["step"], weather["n_steps"]) == (1, 2, 3)
    assert weather["rationale"] == [
        "To answer this question, I will first call GET::weather_search::search for "
        "tomorrow's forecast.",
        "明日の最高気温は12℃です。次に乗換案内を検索します。",
    ]
    assert weather["preprocessing_rationale"] == [
        "The user asks for tomorrow's weather and a route. Category D."
    ]
    assert (weather["agent_id"], weather["session_id"]) == ("AGT01", "sess-7f3a")
    for thought in weather["rationale"]:
        assert thought not in evidence(weather)

    assert kb["question"] == "How many leave days can I carry over?"
    assert [(d["title"], d["url"], d["kind"]) for d in kb["documents"]] == [
        ("leave-policy.pdf", "s3://hr-handbook/policies/leave-policy.pdf", "knowledge_base"),
        ("carry-over.pdf", "s3://hr-handbook/policies/carry-over.pdf", "knowledge_base"),
    ]
    assert kb["documents"][1]["query"] == "leave carry over"
    assert kb["response"] == (
        "You can carry over up to 5 unused leave days into the next calendar year."
    )
    assert kb["line"] == 11


def test_bedrock_partial_and_failed_traces_are_errors() -> None:
    rows, errors = run("bedrock-agent", "bedrock/stream_partial.json")
    assert rows == []
    partial, failed = errors
    assert partial.line == 2
    assert "0f0f0f0f-aaaa-4bbb-8ccc-dddddddddddd" in partial.message
    assert "no final response" in partial.message
    assert failed.line == 60
    assert "Lambda function transit_search timed out" in failed.message


def test_bedrock_malformed_lines_name_their_line() -> None:
    rows, errors = run("bedrock-agent", "bedrock/malformed.jsonl")
    assert rows == []
    assert [e.line for e in errors] == [2, 3, 1]
    assert errors[0].message.startswith("invalid JSON")
    assert "not a Bedrock agent trace event" in errors[1].message
    assert "no final response" in errors[2].message


def test_bedrock_prompt_transcript_reads_only_the_assistant_turn() -> None:
    rows, errors = run("bedrock-agent", "bedrock/prompt_transcript.txt")
    [r] = rows
    assert r["question"] == "日本の総理大臣と、明日の最高気温を教えて"
    assert [d["title"] for d in r["documents"]] == [
        'get::wikipedia_search::search(search_text="日本の総理大臣")',
        "get::weather_search::search()",
    ]
    # the few-shot example inside the Human turn is not evidence
    assert "must not be read as evidence" not in evidence(r)
    assert r["documents"][0]["text"] == (
        "内閣総理大臣の一覧は、日本の行政府の長である内閣総理大臣を務めた人物の一覧である。"
        "2023年12月時点の内閣総理大臣は岸田文雄である。"
    )
    # the closing </answer> was cut by the stop sequence
    assert (
        r["response"] == "日本の総理大臣は岸田文雄です。明日(12月18日)の最高気温は12℃の予報です。"
    )
    assert (
        r["scratchpad"][-1]
        == "日本の現職の総理大臣は岸田文雄です。\n次に明日の最高気温を調べます。"
    )
    assert r["preprocessing_thinking"] == [
        "The user asks for the Prime Minister of Japan and tomorrow's maximum temperature; "
        "the wikipedia and weather functions can answer this. Category D."
    ]
    for thought in r["scratchpad"] + r["preprocessing_thinking"]:
        assert thought not in evidence(r)
    assert (r["line"], r["step"], r["bedrock_form"]) == (15, 2, "prompt-text")
    [partial] = errors
    assert partial.line == 44
    assert 'GET::transit_search::search(dest_station="京都駅", dep_station="新大阪駅")' in (
        partial.message
    )


def test_bedrock_invocation_logs_take_the_step_with_the_answer() -> None:
    rows, errors = run("bedrock-agent", "bedrock/invocation_logs.jsonl")
    [r] = rows
    assert (r["id"], r["trace_id"], r["line"]) == ("req-0003", "req-0003", 3)
    assert r["question"] == "ハンターハンターについて教えて"
    assert len(r["documents"]) == 1
    assert r["documents"][0]["title"] == (
        'GET::wikipedia_search::search(search_text="ハンターハンター")'
    )
    assert r["response"].startswith("『HUNTER×HUNTER』は冨樫義博による漫画で")
    assert r["modelId"] == "anthropic.claude-v2:1"
    assert r["preprocessing_thinking"] == [
        "The user asks about a manga; the wikipedia function can answer it. Category D."
    ]
    [partial] = errors
    assert partial.line == 4 and "no <answer>" in partial.message


def test_bedrock_search_results_split_into_documents(tmp_path: Path) -> None:
    log = tmp_path / "kb.txt"
    log.write_text(
        "\n\nHuman: The user input is <question>What is the SLA?</question>\n\nAssistant: "
        '<function_call>GET::x_knowledge_base::Search(searchQuery="SLA")</function_call>\n'
        "<function_result><search_results><search_result><content>Uptime is 99.9%.</content>"
        "<source>sla.pdf</source></search_result><search_result><content>Credits are 10%."
        "</content><source>credits.pdf</source></search_result></search_results>"
        "</function_result>\n<answer>The SLA is 99.9% uptime.</answer>",
        encoding="utf-8",
    )
    [r] = list(ingest("bedrock-agent", [str(log)]))
    assert isinstance(r, dict)
    assert [(d["title"], d["text"]) for d in r["documents"]] == [
        ("sla.pdf", "Uptime is 99.9%."),
        ("credits.pdf", "Credits are 10%."),
    ]


# --- cited-answer --------------------------------------------------------------------------


def test_cited_azure_evaluator_results() -> None:
    rows, errors = run("cited-answer", "cited/azure_results.jsonl")
    assert errors == []
    eye, preventive = rows
    assert [d["title"] for d in eye["documents"]] == [
        "Northwind_Health_Plus_Benefits_Details.pdf#page=44",
        "Northwind_Standard_Benefits_Details.pdf#page=21",
        "Benefit_Options.pdf#page=3",
    ]
    assert eye["documents"][1]["text"] == (
        "The Standard plan does not cover vision care. Members may buy a discount vision plan."
    )
    assert eye["response"] == (
        "Northwind Health Plus covers an eye exam once every 12 months. "
        "The Standard plan does not cover vision care."
    )
    assert eye["citations"] == [
        {
            "start": 0,
            "end": 61,
            "marker": "[Northwind_Health_Plus_Benefits_Details.pdf#page=44]",
            "sources": [0],
            "resolved": True,
        },
        {
            "start": 63,
            "end": 107,
            "marker": "[Northwind_Standard_Benefits_Details.pdf#page=21]",
            "sources": [1],
            "resolved": True,
        },
    ]
    assert eye["response"][63:107] == "The Standard plan does not cover vision care"
    # ratings and the reference answer are metadata
    assert (eye["gpt_groundedness"], eye["latency"], eye["has_citation"]) == (5, 3.41, True)
    assert eye["truth"].startswith("Northwind Health Plus covers one eye exam")
    assert "context" not in eye
    # page 60 is not in the context: unresolved, not matched to page 21 of the same file
    assert preventive["citations"][1] == {
        "start": 64,
        "end": 102,
        "marker": "[Northwind_Standard_Benefits_Details.pdf#page=60]",
        "sources": [],
        "resolved": False,
    }
    assert preventive["response"][64:102] == "Out-of-network visits cost a $40 copay"


def test_cited_jp1_markers_in_japanese() -> None:
    rows, errors = run("cited-answer", "cited/jp1_answers.jsonl")
    assert errors == []
    [r] = rows
    assert r["response"] == (
        "まずジョブネットモニタで遅延しているジョブを特定します。"
        "次に、ajsshow コマンドで開始予定時刻と実績を比べます。"
        "遅延の原因がCPU不足の場合は、同時実行数を下げてください。"
    )
    spans = [
        (r["response"][c["start"] : c["end"]], c["sources"], c["resolved"]) for c in r["citations"]
    ]
    assert spans == [
        ("まずジョブネットモニタで遅延しているジョブを特定します。", [0], True),
        ("次に、ajsshow コマンドで開始予定時刻と実績を比べます。", [1], True),
        ("遅延の原因がCPU不足の場合は、同時実行数を下げてください。", [], False),
    ]
    assert [(d["title"], d["url"]) for d in r["documents"]] == [
        (
            "JP1_AJS3_運用ガイド.pdf#page=88",
            "https://docs.example.jp/jp1/ajs3/ops-guide.pdf#page=88",
        ),
        (
            "JP1_AJS3_コマンドリファレンス.pdf#page=301",
            "https://docs.example.jp/jp1/ajs3/command-ref.pdf#page=301",
        ),
    ]
    assert (r["id"], r["thread_id"], r["user"]) == ("jp1-thread-7", "t-7", "ops-team")


def test_cited_doc_and_numeric_markers() -> None:
    rows, errors = run("cited-answer", "cited/ondata.json")
    assert errors == []
    oyd, numeric = rows
    assert oyd["question"] == "What is the PTO accrual rate?"
    assert oyd["response"] == (
        "Full-time employees accrue 1.5 days per month. Part-time employees accrue leave pro rata."
    )
    assert [(c["marker"], c["sources"], c["start"], c["end"]) for c in oyd["citations"]] == [
        ("[doc1]", [0], 0, 45),
        ("[doc2]", [1], 47, 88),
        ("[doc1]", [0], 47, 88),
    ]
    assert oyd["documents"][0] == {
        "title": "PTO Policy",
        "url": "https://intranet.example.com/hr/pto",
        "text": "Full-time employees accrue 1.5 days of PTO per month.",
        "filepath": "pto.docx",
        "chunk_id": "0",
    }
    assert numeric["response"] == "The library was founded in 1902, by the town council."
    assert [
        (numeric["response"][c["start"] : c["end"]], c["sources"], c["resolved"])
        for c in numeric["citations"]
    ] == [
        ("The library was founded in 1902", [0], True),
        ("by the town council", [1], True),
        ("by the town council", [], False),
    ]
    assert numeric["line"] == 23  # the line its object opens on in the JSON list


def test_cited_malformed_records() -> None:
    rows, errors = run("cited-answer", "cited/malformed.jsonl")
    assert rows == []
    assert [e.line for e in errors] == [1, 2, 3, 4]
    assert "no answer" in errors[0].message
    assert "sources[0] has no text" in errors[1].message
    assert errors[2].message.startswith("invalid JSON")
    assert "no sources" in errors[3].message


def test_cited_ordinary_brackets_stay_text() -> None:
    from ragjudge.ingest.cited import extract_citations

    clean, cites = extract_citations("Use [v1.2] of Node.js [Node.js] now [1].", [])
    assert clean == "Use [v1.2] of Node.js [Node.js] now."
    assert cites == [{"start": 0, "end": 35, "marker": "[1]", "sources": [], "resolved": False}]


# --- ctrlf ---------------------------------------------------------------------------------


def test_ctrlf_show_lines_are_keyed_sentences() -> None:
    rows, errors = run("ctrlf", "ctrlf/ginga.txt")
    assert errors == []
    ginga, manual = rows
    assert ginga["question"] == '『銀河鉄道の夜』でジョバンニたちが"白鳥の停車場"に着いたのはいつ?'
    assert ginga["response"] == "十一時"
    assert [key for key, _ in ginga["documents_sentences"][0]] == ["line176", "line177", "line178"]
    assert ginga["documents_sentences"][0][2] == [
        "line178",
        "「ああ、十一時かっきりには着《つ》くんだよ」",
    ]
    assert ginga["documents"][0]["text"] == "\n".join(t for _, t in ginga["documents_sentences"][0])
    assert "response_sentences" not in ginga
    # searches are metadata, never evidence
    assert [s["query"] for s in ginga["searches"]] == ["白鳥の停車場 ジョバンニ", "白鳥の停車場"]
    assert "**" not in evidence(ginga)
    assert ginga["cost"] == 13
    assert ginga["memos"][-1].endswith("3. line178 に「十一時かっきりには着くんだよ」とある。")
    for memo in ginga["memos"][1:]:  # the first memo is just "なし" (none)
        assert memo not in evidence(ginga)
    assert ginga["commands"] == [
        "search 白鳥の停車場 ジョバンニ",
        "search 白鳥の停車場",
        "show 176 177 178",
        "answer 十一時",
    ]
    assert (ginga["source_file"], ginga["line"]) == (path("ctrlf/ginga.txt"), 8)

    assert manual["response"] == "3 by default (up to 10 if the administrator raises it)"
    assert manual["answers"] == ["10", "3 by default (up to 10 if the administrator raises it)"]
    assert manual["answer_feedback"] == ["Wrong.", "Correct."]
    assert manual["lines_not_found"] == [990]
    assert [k for k, _ in manual["documents_sentences"][0]] == ["line42", "line43"]


def test_ctrlf_jsonl_messages_partial_and_malformed() -> None:
    rows, errors = run("ctrlf", "ctrlf/runs.jsonl", "ctrlf/malformed.txt")
    [r] = rows
    assert (r["id"], r["line"], r["model"]) == ("ginga-042", 1, "gpt-4")
    assert r["documents"][0]["title"] == "銀河鉄道の夜.txt"
    assert r["response"] == "水筒とスケッチ帳"
    assert [k for k, _ in r["documents_sentences"][0]] == ["line137", "line138"]
    assert "messages" not in r
    partial, bad_show, bad_command = errors
    assert (partial.file, partial.line) == (path("ctrlf/runs.jsonl"), 2)
    assert "without an 'answer' command" in partial.message
    assert bad_show.line == 3 and "'lineN: text'" in bad_show.message
    assert (bad_command.file, bad_command.line) == (path("ctrlf/malformed.txt"), 3)
    assert "unknown command 'grep warranty'" in bad_command.message


# --- ragtruth ------------------------------------------------------------------------------


def test_ragtruth_join_in_any_path_order() -> None:
    a, errors_a = run("ragtruth", "ragtruth/source_info.jsonl", "ragtruth/response.jsonl")
    b, errors_b = run("ragtruth", "ragtruth/response.jsonl", "ragtruth/source_info.jsonl")
    assert a == b
    assert [e.line for e in errors_a] == [4] == [e.line for e in errors_b]
    assert "source_id 's-999' not found" in errors_a[0].message
    qa, summary, data = a
    assert qa["question"] == "how tall is the eiffel tower"
    assert [(d["title"], d["text"]) for d in qa["documents"]] == [
        (
            "passage 1",
            "The Eiffel Tower was completed in 1889 for the World's Fair in Paris. "
            "It is 330 metres tall.",
        ),
        (
            "passage 2",
            "Gustave Eiffel's company designed and built the tower. "
            "It was the tallest man-made structure until 1930.",
        ),
    ]
    assert qa["label_unsupported_spans"] == [
        {
            "start": 66,
            "end": 100,
            "label_type": "Evident Baseless Info",
            "text": "designed by Gustave Eiffel himself",
        }
    ]
    assert qa["label_adherence"] is False
    assert (qa["task_type"], qa["model"], qa["source_id"], qa["line"]) == (
        "QA",
        "llama-2-7b-chat",
        "s-101",
        1,
    )
    assert qa["source_file"] == path("ragtruth/response.jsonl")
    assert summary["question"] == "Summarize the following news within 40 words"
    # offsets that do not match the labelled text are moved to where the text is
    assert summary["label_unsupported_spans"][0]["start"] == summary["response"].index("3 million")
    assert summary["label_spans_relocated"] == 1
    assert data["label_adherence"] is True and data["label_unsupported_spans"] == []
    assert data["question"].startswith("Write an objective overview about the following")
    assert "review_text: Great oat latte and friendly staff." in data["documents"][0]["text"]


def test_ragtruth_prejoined_rows() -> None:
    rows, errors = run("ragtruth", "ragtruth/joined.jsonl")
    qa, data = rows
    assert qa["question"] == "who designed the eiffel tower" and qa["label_adherence"] is True
    assert data["documents"][0]["text"] == "name: Night Owl Books\nis_open: no"
    assert data["label_unsupported_spans"][0]["text"] == "open late every day"
    [err] = errors
    assert err.line == 3 and "QA source_info must be an object" in err.message


def test_render_data_is_readable() -> None:
    text = render_data({"name": "X", "hours": {"Mon": "9-5"}, "tags": ["a", {"k": 1}], "n": None})
    assert text == "name: X\nhours:\n  Mon: 9-5\ntags:\n  - a\n  - k: 1\nn: none"


def test_unsupported_sentence_keys_by_overlap() -> None:
    response = (
        "The Eiffel Tower is 330 metres tall. "
        "It was completed in 1889 and designed by Gustave Eiffel himself."
    )
    sentences = key_response(response)
    spans = [{"start": 66, "end": 100}]
    assert [s.key for s in sentences] == ["a", "b"]
    assert unsupported_sentence_keys(spans, sentences) == ["b"]
    touching = [{"start": 0, "end": sentences[0].end}]
    assert unsupported_sentence_keys(touching, sentences) == ["a"]
    assert unsupported_sentence_keys([], sentences) == []
    presplit = [Sentence("a", "x"), Sentence("b", "y", 0, 10)]
    assert unsupported_sentence_keys([{"start": 0, "end": 5}], presplit) == ["b"]


# --- loader round trip ---------------------------------------------------------------------

ALL = {
    "react": ["react/jp1_chat.txt", "react/jp1_completion.txt", "react/paper_wiki.txt"],
    "bedrock-agent": [
        "bedrock/trace_events.jsonl",
        "bedrock/prompt_transcript.txt",
        "bedrock/invocation_logs.jsonl",
    ],
    "cited-answer": [
        "cited/azure_results.jsonl",
        "cited/jp1_answers.jsonl",
        "cited/ondata.json",
    ],
    "ctrlf": ["ctrlf/ginga.txt", "ctrlf/runs.jsonl"],
    "ragtruth": ["ragtruth/response.jsonl", "ragtruth/source_info.jsonl"],
}


@pytest.mark.parametrize("fmt", sorted(ALL))
def test_rows_load_as_examples(fmt: str) -> None:
    rows, _ = run(fmt, *ALL[fmt])
    assert rows
    for i, r in enumerate(json.loads(json.dumps(r, ensure_ascii=False)) for r in rows):
        ex = example_from_dict(r, source=Source(r["source_file"], r["line"]), index=i)
        assert isinstance(ex, Example), ex
        assert ex.response == r["response"] and len(ex.documents) == len(r["documents"])
        assert ex.metadata["format"] == fmt
        if fmt == "ctrlf":
            assert ex.presplit_documents is not None
            assert ex.presplit_documents[0][0][0].startswith("line")
        if fmt == "ragtruth":
            assert "adherence" in ex.gold
