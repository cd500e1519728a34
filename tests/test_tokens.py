"""The one token estimator, the table of context windows, and reading a server's answer that a
prompt is too long (as the provider clients raise it)."""

from __future__ import annotations

import httpx
import openai
import pytest

from ragjudge.tokens import (
    budget_for,
    context_overflow,
    estimate_messages,
    estimate_tokens,
    table_window,
)
from ragjudge.types import Message


def test_estimates_count_cjk_characters_one_by_one() -> None:
    assert estimate_tokens("") == 1
    assert estimate_tokens("a" * 40) == 10
    # characters / 4 would give 2 for these 9 characters; each is about a token
    assert estimate_tokens("東京タワーの高さは") == 9
    assert estimate_tokens("port 8080 は既定です") == (10 + 3) // 4 + 5
    assert estimate_messages([Message("system", "a" * 8), Message("user", "b" * 8)]) == 12


@pytest.mark.parametrize(
    ("model", "window"),
    [
        ("gpt-4o-mini", 128_000),
        ("gpt-4", 8_192),
        ("meta-llama/llama-3.1-70b-instruct", 128_000),
        ("llama3.2:3b", 128_000),
        ("llama-3-8b-instruct", 8_192),
        ("claude-3-5-sonnet", 200_000),
        ("my-finetune", None),
        (None, None),
    ],
)
def test_the_table_is_a_fallback_that_knows_families_not_guesses(
    model: str | None, window: int | None
) -> None:
    assert table_window(model) == window


def test_a_budget_leaves_room_for_the_reply() -> None:
    assert budget_for(None) is None
    assert budget_for(128_000) == 128_000 - 4_096
    assert budget_for(4_096) == 3_072  # a quarter at most


def _bad_request(message: str, code: str | None = None) -> openai.BadRequestError:
    body = {"error": {"message": message, "type": "invalid_request_error", "code": code}}
    response = httpx.Response(400, json=body, request=httpx.Request("POST", "http://x/v1"))
    return openai.BadRequestError(message, response=response, body=body["error"])


def test_overflow_answers_are_read_with_their_figures() -> None:
    openai_style = _bad_request(
        "This model's maximum context length is 8192 tokens. However, your messages resulted "
        "in 9,120 tokens. Please reduce the length of the messages.",
        "context_length_exceeded",
    )
    found = context_overflow(openai_style)
    assert found is not None and (found.limit, found.prompt_tokens) == (8192, 9120)
    llama_cpp = _bad_request(
        "the request exceeds the available context size, try increasing it "
        "(n_prompt_tokens: 5000, n_ctx: 4096)"
    )
    found = context_overflow(llama_cpp)
    assert found is not None and (found.limit, found.prompt_tokens) == (4096, 5000)
    anthropic_style = _bad_request("prompt is too long: 210000 tokens > 200000 maximum")
    found = context_overflow(anthropic_style)
    assert found is not None and (found.limit, found.prompt_tokens) == (200000, 210000)
    # raised from another error (ragjudge's own JudgeError after the retries): still found
    try:
        try:
            raise openai_style
        except openai.BadRequestError as exc:
            raise RuntimeError("gave up after 1 attempt (http_400)") from exc
    except RuntimeError as wrapped:
        assert context_overflow(wrapped) is not None


def test_other_errors_are_not_overflows() -> None:
    assert context_overflow(_bad_request("Invalid value for 'temperature'")) is None
    assert context_overflow(TimeoutError("read timed out")) is None
    server_error = httpx.Response(500, request=httpx.Request("POST", "http://x/v1"))
    error = openai.InternalServerError("context length exceeded?", response=server_error, body=None)
    assert context_overflow(error) is None  # a 5xx is the server's failure, not the prompt's
