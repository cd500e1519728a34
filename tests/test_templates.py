"""Your own prompt: `--prompt FILE` / `prompt=` takes a template file in the packaged format,
validated before any call; its name, version and hash go into every record and the cache key."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ragjudge.api import check, render_prompt
from ragjudge.cli import main
from ragjudge.errors import UsageError
from ragjudge.templates import load_template

from .openai_server import OpenAIServer, valid_judgment, write_dataset
from .records import read_lines

PACKAGED = json.loads(
    (
        Path(__file__).resolve().parent.parent / "ragjudge" / "prompts" / "groundedness-v2.json"
    ).read_text(encoding="utf-8")
)


def rubric(path: Path, *, version: str = "1", intro: str = "Be strict.", **changes: Any) -> Path:
    """A user's template: the packaged one with its own name, version and first words."""
    data = json.loads(json.dumps(PACKAGED))
    data.update(name="acme-rubric", version=version)
    data["messages"][1]["content"] = intro + "\n\n" + data["messages"][1]["content"]
    data.update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def eval_args(data: Path, out: Path, server: OpenAIServer, *extra: str) -> list[str]:
    return ["eval", str(data), "--judge", "openai:m", "--base-url", server.base_url,
            "--out", str(out), "--quiet", *extra]  # fmt: skip


def test_a_prompt_file_is_used_and_named_in_every_record(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 2)
    prompt = rubric(tmp_path / "rubric.json", intro="ACME HOUSE RULES apply.")
    cache = tmp_path / "cache.sqlite"
    with OpenAIServer(valid_judgment) as server:
        args = eval_args(
            data, tmp_path / "a", server, "--prompt", str(prompt), "--cache", str(cache)
        )
        assert main(args) == 0
        assert len(server.requests) == 2
        assert server.requests[0]["messages"][1]["content"].startswith("ACME HOUSE RULES apply.")
        records = read_lines(tmp_path / "a")
        tpl = load_template(prompt)
        for record in records:
            assert record["status"] == "ok"
            assert record["prompt"]["name"] == "acme-rubric"
            assert record["prompt"]["version"] == "1"
            assert record["prompt"]["template_hash"] == tpl.hash
        # the same file again: every reply from the cache
        assert main(eval_args(data, tmp_path / "b", server, "--prompt", str(prompt),
                              "--cache", str(cache))) == 0  # fmt: skip
        assert len(server.requests) == 2
        # a new version of the file is a new prompt: judged again, even where the text matches
        rubric(prompt, version="2", intro="ACME HOUSE RULES apply.")
        assert main(eval_args(data, tmp_path / "c", server, "--prompt", str(prompt),
                              "--cache", str(cache))) == 0  # fmt: skip
        assert len(server.requests) == 4
    assert {r["prompt"]["version"] for r in read_lines(tmp_path / "c")} == {"2"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": ""}, "needs a 'name'"),
        ({"messages": []}, "'messages' must be a non-empty list"),
        ({"messages": [{"role": "boss", "content": "{documents}{question}{response}"}]},
         r"messages\[0\] must be"),
        ({"messages": [{"role": "user", "content": "{documents} {question} {answer}"}]},
         r"unknown variable \{answer\}"),
        ({"messages": [{"role": "user", "content": "{documents} {question}"}]},
         r"the variable \{response\} is required"),
        ({"messages": [{"role": "user", "content": 'Reply {"a": 1} {documents}'}]},
         r"unknown variable|not a valid template"),
        ({"history_block": "no turns here"}, r"must use \{turns\}"),
        ({"history_block": None}, r"\{history\} needs a 'history_block'"),
    ],
)  # fmt: skip
def test_a_bad_prompt_file_is_refused_before_any_call(
    tmp_path: Path, change: dict[str, Any], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    prompt = rubric(tmp_path / "bad.json", **change)
    if change.get("history_block", "") is None:
        data = json.loads(prompt.read_text())
        data.pop("history_block")
        prompt.write_text(json.dumps(data))
    with pytest.raises(UsageError, match=message):
        load_template(prompt)
    data = write_dataset(tmp_path / "data.jsonl", 1)
    with OpenAIServer(valid_judgment) as server:
        assert main(eval_args(data, tmp_path / "out", server, "--prompt", str(prompt))) == 2
        assert server.requests == []
    assert "prompt file" in capsys.readouterr().err


def test_not_json_and_missing_files_are_named(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(UsageError, match=r"broken\.json: not valid JSON"):
        load_template(broken)
    with pytest.raises(UsageError, match="cannot be read"):
        load_template(tmp_path / "absent.json")


def test_the_older_system_and_human_form_and_the_python_api(tmp_path: Path) -> None:
    prompt = tmp_path / "plain.json"
    prompt.write_text(
        json.dumps(
            {
                "name": "short",
                "version": 7,
                "system": "Judge answers. Reply with JSON.",
                "human": "Q: {question}\nDOCS:\n{documents}\nA:\n{response}\nJSON like {{}} only.",
            }
        )
    )
    data = write_dataset(tmp_path / "data.jsonl", 1)
    rendered = render_prompt(data, prompt=prompt)
    assert rendered.template_name == "short" and rendered.template_version == "7"
    assert rendered.messages[1].content.startswith("Q: Question number 0?\nDOCS:\nDocument 0:")
    assert rendered.messages[1].content.endswith("JSON like {} only.")
    with OpenAIServer(valid_judgment) as server:
        record = check(
            "Q?", ["Fact one holds."], "Fact one holds.", judge="openai:m",
            base_url=server.base_url, prompt=prompt, cache=False,
        )  # fmt: skip
    assert record.prompt is not None and (record.prompt.name, record.prompt.version) == (
        "short",
        "7",
    )
    with pytest.raises(UsageError, match="either prompt"):
        check("Q?", ["d"], "r", prompt=prompt, template="groundedness-v1")


def test_the_prompt_command_renders_a_prompt_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    prompt = rubric(tmp_path / "rubric.json", intro="HOUSE RULES.")
    data = write_dataset(tmp_path / "data.jsonl", 1)
    assert main(["prompt", str(data), "--prompt", str(prompt)]) == 0
    shown = capsys.readouterr().out
    assert "===== user =====\nHOUSE RULES." in shown
