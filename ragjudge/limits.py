"""Rate limits and retries for judge calls: token buckets for requests and tokens per minute,
and a retry policy with exponential backoff, jitter and `Retry-After`.

Errors are classified by duck typing (an HTTP `status_code`, a `response` with headers, the
names of the exception's classes) so that nothing here imports a provider client: the same
rules apply to the OpenAI client, other LangChain providers, httpx and asyncio timeouts.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import os
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

#: class names (anywhere in the exception's MRO) of errors worth another try
_RETRYABLE_NAMES = frozenset(
    {
        "APITimeoutError",
        "APIConnectionError",
        "TimeoutError",
        "TimeoutException",
        "ReadTimeout",
        "ConnectTimeout",
        "ConnectError",
        "ReadError",
        "RemoteProtocolError",
        "ConnectionError",
        "ServerDisconnectedError",
        "ModelTimeoutError",
        "ModelRateLimitError",
        "InternalServerError",
        "ServiceUnavailableError",
        "RateLimitError",
        "APIResponseValidationError",
    }
)
_RETRYABLE_STATUS = frozenset({408, 409, 425, 429})

#: environment variables that override the retry timings (tests keep them tiny)
ENV_BASE_DELAY = "RAGJUDGE_RETRY_BASE_DELAY"
ENV_MAX_DELAY = "RAGJUDGE_RETRY_MAX_DELAY"


def _env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    if not value:
        return default
    try:
        return max(0.0, float(value))
    except ValueError:
        return default


def status_code(exc: BaseException) -> int | None:
    """The HTTP error status (4xx, 5xx) of a provider error, when it carries one."""
    for candidate in (exc, getattr(exc, "response", None)):
        code = getattr(candidate, "status_code", None)
        # a 2xx on an error means the reply arrived but could not be read (e.g. cut short)
        if isinstance(code, int) and code >= 400:
            return code
    return None


def _headers(exc: BaseException) -> Mapping[str, str]:
    headers: Any = getattr(getattr(exc, "response", None), "headers", None)
    found: Mapping[str, str] = (
        headers if isinstance(headers, Mapping) or hasattr(headers, "get") else {}
    )
    return found


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait from a `Retry-After` value: a number of seconds or an HTTP date.
    None when absent or unreadable; never negative."""
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    current = datetime.now(UTC).timestamp() if now is None else now
    return max(0.0, when.timestamp() - current)


def retry_after(exc: BaseException) -> float | None:
    """The wait the server asked for, from `retry-after-ms` or `Retry-After`."""
    headers = _headers(exc)
    try:
        millis = headers.get("retry-after-ms")
        if millis is not None:
            return max(0.0, float(millis) / 1000)
    except (TypeError, ValueError):
        pass
    raw = headers.get("retry-after") or headers.get("Retry-After")
    return parse_retry_after(raw if isinstance(raw, str) else None)


def is_retryable(exc: BaseException) -> bool:
    """Whether another try may succeed: timeouts, connection errors, 429, 5xx and replies
    cut short in transit (a response body that is not complete JSON)."""
    code = status_code(exc)
    if code is not None:
        return code in _RETRYABLE_STATUS or code >= 500
    if isinstance(exc, TimeoutError | ConnectionError | json.JSONDecodeError):
        return True
    return any(cls.__name__ in _RETRYABLE_NAMES for cls in type(exc).__mro__)


def describe(exc: BaseException) -> str:
    """A short label for statistics: `http_429`, `timeout`, `connection`, `truncated`, …"""
    code = status_code(exc)
    if code is not None:
        return f"http_{code}"
    names = {cls.__name__ for cls in type(exc).__mro__}
    if names & {"TimeoutError", "APITimeoutError", "TimeoutException", "ReadTimeout"}:
        return "timeout"
    if isinstance(exc, json.JSONDecodeError):
        return "truncated"
    if names & {"APIConnectionError", "ConnectionError", "ConnectError", "RemoteProtocolError"}:
        return "connection"
    return type(exc).__name__


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to retry one judge call.

    `max_retries` tries after the first; waits grow as `base_delay * 2**attempt` up to
    `max_delay`, with full jitter (a random fraction of the step, so many workers that failed
    together do not retry together). A server's `Retry-After` is honoured but capped at
    `retry_after_cap` seconds, so a misconfigured proxy cannot stall a batch for hours.
    """

    max_retries: int = 4
    base_delay: float = 1.0
    max_delay: float = 60.0
    retry_after_cap: float = 120.0

    @classmethod
    def from_env(cls, max_retries: int = 4, base_delay: float | None = None) -> RetryPolicy:
        """The policy with timings from `RAGJUDGE_RETRY_BASE_DELAY` / `…_MAX_DELAY` when set."""
        base = base_delay if base_delay is not None else _env_float(ENV_BASE_DELAY, 1.0)
        return cls(
            max_retries=max(0, max_retries),
            base_delay=base,
            max_delay=_env_float(ENV_MAX_DELAY, 60.0),
        )

    def delay(self, attempt: int, exc: BaseException | None = None) -> float:
        """Seconds to wait before retry number `attempt` (0-based) after `exc`."""
        asked = retry_after(exc) if exc is not None else None
        if asked is not None:
            return min(asked, self.retry_after_cap)
        step = min(self.max_delay, self.base_delay * (2**attempt))
        # half fixed, half random: keeps a floor under the wait while spreading retries
        return float(step / 2 + random.uniform(0, step / 2))


class TokenBucket:
    """A token bucket refilled at `rate` per second up to `capacity`.

    `take(n)` waits until the bucket holds `min(n, capacity)` and then removes `n`, so a single
    request larger than the bucket still passes (the level goes negative and later callers
    wait for the debt to be paid back). Waiters are served first come, first served.
    """

    def __init__(self, rate: float, capacity: float) -> None:
        self.rate = rate
        self.capacity = max(capacity, 1.0)
        self.level = self.capacity
        self._stamp = time.monotonic()
        self._lock = asyncio.Lock()

    def _refill(self) -> None:
        now = time.monotonic()
        self.level = min(self.capacity, self.level + (now - self._stamp) * self.rate)
        self._stamp = now

    async def take(self, n: float = 1.0) -> None:
        async with self._lock:
            need = min(n, self.capacity)
            self._refill()
            while self.level < need:
                # short naps: a finished call may give back tokens (`adjust`) in the meantime
                await asyncio.sleep(min(0.25, (need - self.level) / self.rate))
                self._refill()
            self.level -= n

    def adjust(self, n: float) -> None:
        """Take `n` more (or give back, when negative) without waiting: the correction once
        the real token count of a call is known."""
        self._refill()
        self.level = min(self.capacity, self.level - n)


class RateLimiter:
    """Requests-per-minute and tokens-per-minute limits shared by every call of a run, plus a
    shared pause: after a 429 with `Retry-After`, no new call starts before the pause ends."""

    def __init__(self, rpm: float | None = None, tpm: float | None = None) -> None:
        # a bucket of one second's worth allows short bursts without breaking the minute rate
        self.requests = TokenBucket(rpm / 60, rpm / 60) if rpm else None
        self.tokens = TokenBucket(tpm / 60, tpm / 60) if tpm else None
        self._paused_until = 0.0

    def pause(self, seconds: float) -> None:
        self._paused_until = max(self._paused_until, time.monotonic() + seconds)

    async def acquire(self, estimated_tokens: int) -> None:
        while (wait := self._paused_until - time.monotonic()) > 0:
            await asyncio.sleep(wait)
        if self.requests is not None:
            await self.requests.take(1)
        if self.tokens is not None:
            await self.tokens.take(estimated_tokens)

    def settle(self, estimated_tokens: int, actual_tokens: int) -> None:
        """Correct the token bucket with the usage the finished call reported."""
        if self.tokens is not None:
            self.tokens.adjust(actual_tokens - estimated_tokens)


__all__ = [
    "RateLimiter",
    "RetryPolicy",
    "TokenBucket",
    "describe",
    "is_retryable",
    "parse_retry_after",
    "retry_after",
    "status_code",
]
