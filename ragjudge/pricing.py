"""Estimated cost of a run: a small table of list prices (USD per million input and output
tokens) for well-known models, which the user can override (`--price input=…,output=…`).

The table is a convenience, not a bill: prices change, so every figure derived from it says
where its price came from (`source`: `table`, `override` or `free`). Unknown models cost
`None` (unknown), never 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ragjudge.errors import UsageError


@dataclass(frozen=True)
class Price:
    """USD per million tokens."""

    input: float
    output: float


#: list prices (USD per million tokens) at the time of writing; a model name matches its own
#: entry or the longest entry it starts with (`gpt-4o-mini-2024-07-18` → `gpt-4o-mini`)
PRICES: dict[str, Price] = {
    "gpt-4o": Price(2.50, 10.00),
    "gpt-4o-mini": Price(0.15, 0.60),
    "gpt-4.1": Price(2.00, 8.00),
    "gpt-4.1-mini": Price(0.40, 1.60),
    "gpt-4.1-nano": Price(0.10, 0.40),
    "gpt-4-turbo": Price(10.00, 30.00),
    "gpt-3.5-turbo": Price(0.50, 1.50),
    "o1": Price(15.00, 60.00),
    "o1-mini": Price(1.10, 4.40),
    "o3": Price(2.00, 8.00),
    "o3-mini": Price(1.10, 4.40),
    "o4-mini": Price(1.10, 4.40),
    "claude-3-haiku": Price(0.25, 1.25),
    "claude-3-5-haiku": Price(0.80, 4.00),
    "claude-3-5-sonnet": Price(3.00, 15.00),
    "claude-3-7-sonnet": Price(3.00, 15.00),
    "claude-sonnet-4": Price(3.00, 15.00),
    "claude-opus-4": Price(15.00, 75.00),
    "gemini-1.5-flash": Price(0.075, 0.30),
    "gemini-1.5-pro": Price(1.25, 5.00),
    "gemini-2.0-flash": Price(0.10, 0.40),
    "gemini-2.5-flash": Price(0.30, 2.50),
    "gemini-2.5-pro": Price(1.25, 10.00),
    "mistral-large": Price(2.00, 6.00),
    "mistral-small": Price(0.20, 0.60),
    "deepseek-chat": Price(0.27, 1.10),
}

#: judge kinds that make no paid calls
FREE_KINDS = frozenset({"offline", "recorded"})


def parse_price(spec: str) -> Price:
    """Read `input=0.15,output=0.6` (USD per million tokens; `in`/`out` also accepted)."""
    values: dict[str, float] = {}
    for part in spec.split(","):
        if not part.strip():
            continue
        name, sep, number = part.partition("=")
        name = {"in": "input", "out": "output"}.get(name.strip().lower(), name.strip().lower())
        if not sep or name not in ("input", "output"):
            raise UsageError(f"--price {spec!r}: expected input=USD,output=USD per million tokens")
        try:
            values[name] = float(number)
        except ValueError as exc:
            raise UsageError(f"--price {spec!r}: {number.strip()!r} is not a number") from exc
        if values[name] < 0:
            raise UsageError(f"--price {spec!r}: prices cannot be negative")
    if "input" not in values:
        raise UsageError(f"--price {spec!r}: the input price is missing")
    return Price(values["input"], values.get("output", values["input"]))


def lookup(model: str | None, table: Mapping[str, Price] = PRICES) -> Price | None:
    """The table price of `model` (exact name, else the longest entry it starts with)."""
    if not model:
        return None
    name = model.strip().lower().rpartition("/")[2]  # "openai/gpt-4o" on routers
    if name in table:
        return table[name]
    matches = [k for k in table if name.startswith(k + "-") or name.startswith(k + ":")]
    return table[max(matches, key=len)] if matches else None


def pricing_for(identity: Mapping[str, Any], override: Price | None = None) -> dict[str, Any]:
    """The `pricing` block of run.json for a judge: the rates used and where they came from.
    Rates are None when the model is not in the table and no override was given."""
    model = identity.get("model")
    if override is not None:
        price: Price | None = override
        source = "override"
    elif identity.get("kind") in FREE_KINDS:
        price, source = Price(0.0, 0.0), "free"
    else:
        price = lookup(str(model) if model else None)
        source = "table" if price else "unknown"
    return {
        "model": model,
        "input_usd_per_mtok": price.input if price else None,
        "output_usd_per_mtok": price.output if price else None,
        "source": source,
    }


def cost_usd(
    input_tokens: int, output_tokens: int, pricing: Mapping[str, Any] | None
) -> float | None:
    """Cost of these tokens under a `pricing` block (as written to run.json); None if unknown."""
    if not pricing:
        return None
    rate_in, rate_out = pricing.get("input_usd_per_mtok"), pricing.get("output_usd_per_mtok")
    if rate_in is None or rate_out is None:
        return None
    return round((input_tokens * float(rate_in) + output_tokens * float(rate_out)) / 1e6, 6)


__all__ = ["PRICES", "Price", "cost_usd", "lookup", "parse_price", "pricing_for"]
