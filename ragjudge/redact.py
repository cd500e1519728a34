"""Keeps secrets out of everything ragjudge writes: records, logs, reports, error messages.

Judges register the API keys and URL credentials they were given; `redact` replaces each
occurrence with `***`. URLs are shown without their user-info part.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

_SECRETS: set[str] = set()
_BEARER = re.compile(r"(?i)(authorization\s*[:=]\s*)(bearer\s+)?[^\s'\",}]+")
_KEYLIKE = re.compile(r"\b(sk-[A-Za-z0-9_\-]{8,})")


def register_secret(value: str | None) -> None:
    if value and len(value) >= 4:
        _SECRETS.add(value)


def redact(text: str) -> str:
    if not text:
        return text
    for secret in sorted(_SECRETS, key=len, reverse=True):
        text = text.replace(secret, "***")
    text = _BEARER.sub(lambda m: m.group(1) + "***", text)
    return _KEYLIKE.sub("sk-***", text)


def safe_url(url: str | None) -> str | None:
    """The URL without user name or password, for display and identity."""
    if not url:
        return url
    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    register_secret(parts.password)
    register_secret(parts.username)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))
