"""Stage 3: the judge prompt templates, as files. Hands on a validated `Template` to `prompt`.

A template is a JSON file: the packaged ones live in `ragjudge/prompts/` and are named by file
stem (`groundedness-v2`); a user's own is named by its path (`--prompt FILE`, `prompt=`) and
has the same format:

    {
      "name": "my-rubric",
      "version": "3",
      "messages": [
        {"role": "system", "content": "You check answers against documents. ..."},
        {"role": "user", "content": "{history}<<<DOCUMENTS\\n{documents}...{question}...{response}"}
      ],
      "history_block": "Earlier turns, keyed h0a, h0b, ...\\n<<<HISTORY\\n{turns}\\nHISTORY>>>\\n"
    }

(`system` and `human` strings instead of `messages` are read too.) Message texts are LangChain
f-string templates: literal braces are doubled (`{{`). The variables are `documents`,
`question`, `response` (each required) and `history` (optional: the conversation, rendered
through `history_block`, whose one variable is `turns`; empty for an example without one).
A file that breaks these rules is refused before any row is judged, with the reason. The
template's hash (of the file's bytes) goes into every record and into the cache key.
"""

from __future__ import annotations

import hashlib
import json
import string
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ragjudge.errors import UsageError

DEFAULT_TEMPLATE = "groundedness-v2"
#: the variables a template may use, and those it must use
VARIABLES = frozenset({"documents", "question", "response", "history"})
REQUIRED = frozenset({"documents", "question", "response"})
_ROLES = {
    "system": "system",
    "user": "user",
    "human": "user",
    "assistant": "assistant",
    "ai": "assistant",
}


@dataclass(frozen=True)
class Template:
    """A validated prompt template: its identity and its messages as (role, text) pairs."""

    name: str
    version: str
    messages: tuple[tuple[str, str], ...]
    hash: str
    history_block: str | None = None
    #: the packaged name or the file path it was read from
    source: str = ""

    @property
    def variables(self) -> frozenset[str]:
        return frozenset(v for _, text in self.messages for v in _fields(text, "a message"))

    @property
    def shows_history(self) -> bool:
        return "history" in self.variables and self.history_block is not None


def _fields(text: str, where: str) -> set[str]:
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise UsageError(
            f"{where} is not a valid template ({exc}; write literal braces as {{{{ }}}})"
        ) from None
    return {field for _, field, _, _ in parsed if field is not None}


def is_template_file(spec: str | Path) -> bool:
    """Whether a template spec names a file (a path) rather than a packaged template."""
    text = str(spec)
    return text.endswith(".json") or "/" in text or "\\" in text


def load_template(spec: str | Path = DEFAULT_TEMPLATE) -> Template:
    """The template a spec names: a packaged template by name (`groundedness-v2`), or a
    template file by path. Raises `UsageError` naming what is wrong."""
    if is_template_file(spec):
        path = Path(spec).expanduser()
        try:
            stat = path.stat()
        except OSError as exc:
            raise UsageError(f"prompt file {spec}: cannot be read ({exc.strerror})") from None
        return _file_template(str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    return _packaged(str(spec))


@cache
def _packaged(name: str) -> Template:
    files = resources.files("ragjudge") / "prompts"
    path = files / f"{name}.json"
    if not path.is_file():
        known = sorted(
            p.name.removesuffix(".json") for p in files.iterdir() if p.name.endswith(".json")
        )
        raise UsageError(f"unknown prompt template {name!r}; known: {', '.join(known)}")
    return parse_template(path.read_bytes(), name)


@cache
def _file_template(path: str, mtime_ns: int, size: int) -> Template:
    # keyed by modification time and size as well: an edited file is read again
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"prompt file {path}: cannot be read ({exc.strerror})") from None
    return parse_template(raw, path)


def _messages(data: dict[str, Any], where: str) -> tuple[tuple[str, str], ...]:
    if "messages" in data:
        given = data["messages"]
        if not isinstance(given, list) or not given:
            raise UsageError(f"{where}: 'messages' must be a non-empty list")
        out = []
        for i, message in enumerate(given):
            role = message.get("role") if isinstance(message, dict) else None
            content = message.get("content") if isinstance(message, dict) else None
            if role not in _ROLES or not isinstance(content, str):
                raise UsageError(
                    f'{where}: messages[{i}] must be {{"role": system|user|assistant, '
                    '"content": text}'
                )
            out.append((_ROLES[role], content))
        return tuple(out)
    system, human = data.get("system"), data.get("human")
    if not isinstance(system, str) or not isinstance(human, str):
        raise UsageError(f"{where}: give 'messages' (a list of role and content)")
    return (("system", system), ("user", human))


def parse_template(raw: bytes, where: str) -> Template:
    """A `Template` from a template file's bytes, validated; `where` names it in errors."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise UsageError(f"prompt file {where}: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise UsageError(f"prompt file {where}: must be a JSON object")
    name, version = data.get("name"), data.get("version")
    if not isinstance(name, str) or not name.strip():
        raise UsageError(f"prompt file {where}: needs a 'name'")
    if not isinstance(version, str | int) or isinstance(version, bool) or not str(version):
        raise UsageError(f"prompt file {where}: needs a 'version'")
    messages = _messages(data, f"prompt file {where}")
    used: set[str] = set()
    for i, (_, text) in enumerate(messages):
        used |= _fields(text, f"prompt file {where}: message {i}")
    unknown = sorted(used - VARIABLES)
    if unknown:
        raise UsageError(
            f"prompt file {where}: unknown variable {{{unknown[0]}}} (known: "
            f"{', '.join(sorted(VARIABLES))}; write literal braces as {{{{ }}}})"
        )
    missing = sorted(REQUIRED - used)
    if missing:
        raise UsageError(f"prompt file {where}: the variable {{{missing[0]}}} is required")
    block = data.get("history_block")
    if block is not None:
        if not isinstance(block, str):
            raise UsageError(f"prompt file {where}: 'history_block' must be text")
        if _fields(block, f"prompt file {where}: history_block") != {"turns"}:
            raise UsageError(f"prompt file {where}: 'history_block' must use {{turns}} and only it")
    if "history" in used and block is None:
        raise UsageError(f"prompt file {where}: {{history}} needs a 'history_block' with {{turns}}")
    return Template(
        name=name.strip(),
        version=str(version),
        messages=messages,
        hash=hashlib.sha256(raw).hexdigest()[:16],
        history_block=block,
        source=where,
    )


__all__ = [
    "DEFAULT_TEMPLATE",
    "REQUIRED",
    "VARIABLES",
    "Template",
    "is_template_file",
    "load_template",
    "parse_template",
]
