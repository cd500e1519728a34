"""`ragjudge split --jsonl`: many texts split in one process, one JSON line out per line in."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from ragjudge.cli import main
from ragjudge.sentences import LANGS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[dict[str, object]]]:
    code = main(["split", *argv])
    return code, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_jsonl_file_gives_one_line_per_text_with_offsets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = [
        "Dr. Müller kam am 1. Mai. Er blieb z. B. zwei Tage.",
        "¿Dónde está el Sr. García? No lo sé.",
        "이 식당은 정말 맛있어요 다음에 또 오고 싶네요.",
        "我们明天去北京。你去吗？",
    ]
    path = tmp_path / "texts.jsonl"
    path.write_text("".join(json.dumps({"text": t}) + "\n" for t in texts), "utf-8")
    code, out = run(capsys, "--jsonl", str(path), "--response", "--lang", "auto")
    assert code == 0
    assert len(out) == len(texts)
    for text, line in zip(texts, out, strict=True):
        sentences = line["sentences"]
        assert isinstance(sentences, list) and len(sentences) == 2
        for i, s in enumerate(sentences):
            assert s["key"] == "ab"[i]
            assert text[s["start"] : s["end"]] == s["text"]
    assert out[0]["sentences"][0]["text"] == "Dr. Müller kam am 1. Mai."  # type: ignore[index]


def test_jsonl_from_stdin_keys_as_a_document_and_reports_bad_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ['{"text": "One. Two."}', "", "not json", '{"txt": "x"}', '{"text": "Three."}']
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out = run(capsys, "--jsonl", "-", "--doc-index", "3", "--lang", "en")
    assert code == 2
    assert [s["key"] for s in out[0]["sentences"]] == ["3a", "3b"]  # type: ignore[union-attr]
    assert out[1]["line"] == 3 and "error" in out[1]
    assert out[2]["line"] == 4 and "text" in str(out[2]["error"])
    assert out[3]["sentences"][0]["text"] == "Three."  # type: ignore[index]


def test_lang_choices_are_the_splitter_constant(capsys: pytest.CaptureFixture[str]) -> None:
    for lang in LANGS:
        assert main(["split", "Ein Satz. Noch einer.", "--lang", lang]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as exc:
        main(["split", "text", "--lang", "xx"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
