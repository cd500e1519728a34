"""`check()`, `acheck()`, `assert_grounded()` and the pytest fixture go through the judge call of a
batch: the judge cache (a second identical check makes no call), retries after 429, timeouts and
shared rate limits; `aevaluate()` for async callers. Real HTTP to the local server, real
LangChain clients."""

from __future__ import annotations

import asyncio
import json
import os
import textwrap
from pathlib import Path
from typing import Any

import pytest
from langchain_openai import ChatOpenAI

from ragjudge.api import acheck, aevaluate, check
from ragjudge.testing import assert_grounded

from .openai_server import Fault, OpenAIServer, valid_judgment, write_dataset

pytest_plugins = ["pytester"]

QUESTION = "Which port does the agent use?"
DOCS = ["The agent listens on port 8080. Change the port in agent.conf."]
ANSWER = "The agent uses port 8080."


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAGJUDGE_RETRY_BASE_DELAY", "0.01")
    monkeypatch.delenv("RAGJUDGE_CACHE", raising=False)


def model(server: OpenAIServer, name: str = "local-judge") -> ChatOpenAI:
    return ChatOpenAI(model=name, base_url=server.base_url, api_key="k", max_retries=0)


def test_a_second_identical_check_makes_no_call(tmp_path: Path) -> None:
    cache = tmp_path / "checks.sqlite"
    with OpenAIServer(valid_judgment) as server:
        first = check(QUESTION, DOCS, ANSWER, judge=model(server), cache=cache)
        assert len(server.requests) == 1
        again = check(QUESTION, DOCS, ANSWER, judge=model(server), cache=cache)
        assert len(server.requests) == 1  # answered from the cache
        other = check(QUESTION, DOCS, "The agent uses port 9090.", judge=model(server), cache=cache)
        assert len(server.requests) == 2  # another answer is another call
    assert first.status.value == again.status.value == "ok"
    assert not first.cached and again.cached and not other.cached
    assert again.judgment == first.judgment
    assert again.output_mode == first.output_mode == "json_mode"


def test_the_cache_file_comes_from_the_environment_or_ragjudge_toml(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ragjudge.toml").write_text('cache = "state/judge.sqlite"\n')
    with OpenAIServer(valid_judgment) as server:
        check(QUESTION, DOCS, ANSWER, judge=model(server))
        check(QUESTION, DOCS, ANSWER, judge=model(server))
        assert len(server.requests) == 1
        assert (tmp_path / "state" / "judge.sqlite").is_file()
        monkeypatch.setenv("RAGJUDGE_CACHE", str(tmp_path / "env.sqlite"))
        check(QUESTION, DOCS, ANSWER, judge=model(server))
        assert len(server.requests) == 2 and (tmp_path / "env.sqlite").is_file()
        check(QUESTION, DOCS, ANSWER, judge=model(server), cache=False)
        assert len(server.requests) == 3


def test_check_retries_after_429_and_gives_up_on_a_hung_server(tmp_path: Path) -> None:
    calls: list[int] = []

    def responder(body: dict[str, Any]) -> str | Fault:
        calls.append(1)
        if len(calls) <= 2:
            return Fault(status=429, headers={"Retry-After": "0"})
        return valid_judgment(body)

    with OpenAIServer(responder) as server:
        record = check(QUESTION, DOCS, ANSWER, judge=model(server), cache=False)
        assert len(server.requests) == 3  # two 429s, then the answer
    assert record.status.value == "ok"

    with OpenAIServer(lambda body: Fault(hang=True)) as server:
        hung = check(
            QUESTION, DOCS, ANSWER, judge=model(server), cache=False, timeout=0.3, max_retries=1
        )
        assert len(server.requests) == 2  # the first try and one retry, each cut at 0.3 s
    assert hung.status.value == "failed" and "timeout" in (hung.error or "")


def test_assert_grounded_with_a_model_object_and_history(tmp_path: Path) -> None:
    cache = tmp_path / "c.sqlite"
    with OpenAIServer(valid_judgment) as server:
        record = assert_grounded(
            QUESTION,
            DOCS,
            ANSWER,
            judge=model(server),
            cache=cache,
            history=[{"role": "user", "content": "I run the agent on Linux."}],
        )
        assert len(server.requests) == 1
        assert "<<<HISTORY" in server.requests[0]["messages"][1]["content"]
        assert_grounded(QUESTION, DOCS, ANSWER, judge=model(server), cache=cache, history=[
            {"role": "user", "content": "I run the agent on Linux."}
        ])  # fmt: skip
        assert len(server.requests) == 1
    assert record.history is not None and record.history[0].sentences[0][0] == "h0a"


def test_async_callers(tmp_path: Path) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 3)

    async def main(server: OpenAIServer) -> tuple[Any, Any]:
        judge = model(server)
        # both run on ragjudge's loop; this loop stays free (a heartbeat keeps ticking)
        ticks = 0

        async def heartbeat() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.01)

        beat = asyncio.create_task(heartbeat())
        result = await aevaluate(data, judge=judge, out=tmp_path / "out", quiet=True)
        record = await acheck(QUESTION, DOCS, ANSWER, judge=judge, cache=False)
        beat.cancel()
        assert ticks > 1
        return result, record

    with OpenAIServer(valid_judgment) as server:
        result, record = asyncio.run(main(server))
        assert len(server.requests) == 4
    assert result.examples["status"].tolist() == ["ok"] * 3
    assert record.status.value == "ok"


def test_evaluate_shows_a_tqdm_bar_unless_quiet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [{"question": "Q?", "documents": ["Dune is a novel."], "response": "Dune is a novel."}]
    from ragjudge.api import evaluate

    evaluate(rows, out=tmp_path / "a")
    shown = capsys.readouterr().err
    assert "ragjudge" in shown and "1/1" in shown and "ex/s" in shown
    evaluate(rows, out=tmp_path / "b", quiet=True)
    assert capsys.readouterr().err == ""


CONFTEST = """
import pytest
from langchain_openai import ChatOpenAI

@pytest.fixture(scope="session")
def ragjudge_judge():
    return ChatOpenAI(model="local-judge", base_url="{url}", api_key="k", max_retries=0)
"""

TESTS = """
from ragjudge.testing import assert_grounded

DOCS = {docs!r}

def test_port(ragjudge_judge):
    assert_grounded("{question}", DOCS, "{answer}", judge=ragjudge_judge)

def test_config(ragjudge_judge):
    assert_grounded("Where is the config?", DOCS, "The port is set in agent.conf.",
                    judge=ragjudge_judge)
"""


def test_a_test_suite_with_a_model_fixture_pays_once(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    cache = tmp_path / "ci-cache.sqlite"
    with OpenAIServer(valid_judgment) as server:
        pytester.makeconftest(textwrap.dedent(CONFTEST.format(url=server.base_url)))
        pytester.makepyfile(
            test_rag=textwrap.dedent(TESTS.format(docs=DOCS, question=QUESTION, answer=ANSWER))
        )
        args = ("-p", "ragjudge.pytest_plugin", "--ragjudge-cache", str(cache))
        pytester.runpytest(*args).assert_outcomes(passed=2)
        assert len(server.requests) == 2
        pytester.runpytest(*args).assert_outcomes(passed=2)  # the next CI run
        assert len(server.requests) == 2
    assert cache.is_file()
    assert "RAGJUDGE_CACHE" not in os.environ  # the option held for its session only
    assert json.loads(json.dumps(server.requests[0]["messages"][0]))["role"] == "system"
