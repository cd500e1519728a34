"""Ingest format `react`, its observations: the documents one agent step's observation gives
(a JP1 block of `sourcepage:` / `content:` / `document_url:` lines per document, else the whole
observation as one document titled by its action), or the text of an executor error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ragjudge.ingest._common import IngestError, document

#: a rule of dashes: between JP1 source blocks, and between transcripts
RULE = re.compile(r"^\s*-{3,}\s*$")
_TOOL_ERROR = re.compile(
    r"is not a valid tool|^\s*Invalid Format:|^\s*Invalid or incomplete response", re.M
)
_BLOCK_FIELD = re.compile(
    r"^\s*(?P<name>sourcepage|content|document_url)\s*[:：][ \t]?(?P<rest>.*)$"
)


@dataclass
class Step:
    """One agent step: its action (tool), where it starts, its input and observation lines."""

    action: str
    line: int
    action_input: str | None = None
    observation: list[tuple[int, str]] | None = None
    paper: bool = False


def jp1_blocks(
    path: str, lines: list[tuple[int, str]], step: Step, index: int
) -> list[dict[str, Any]] | IngestError:
    docs: list[dict[str, Any]] = []
    block: list[tuple[int, str]] = []
    for number, text in [*lines, (0, "---")]:
        if not RULE.match(text):
            block.append((number, text))
            continue
        if not any(t.strip() for _, t in block):
            block = []
            continue
        fields: dict[str, list[str]] = {}
        current: list[str] | None = None
        for _, text_line in block:
            fm = _BLOCK_FIELD.match(text_line)
            if fm:
                current = fields.setdefault(fm.group("name"), [])
                current.append(fm.group("rest"))
            elif current is not None:
                current.append(text_line)
        first = next(n for n, t in block if t.strip())
        if "sourcepage" not in fields or "content" not in fields:
            return IngestError(
                path,
                first,
                "source block without 'sourcepage:' and 'content:' lines (JP1 observation "
                "blocks are 'sourcepage: NAME' / 'content: TEXT' / 'document_url: URL')",
            )
        url = "\n".join(fields.get("document_url", [])).strip() or None
        docs.append(
            document(
                "\n".join(fields["sourcepage"]).strip(),
                "\n".join(fields["content"]).strip(),
                url,
                action=step.action,
                action_input=step.action_input,
                step=index,
                line=first,
            )
        )
        block = []
    return docs


def observation_documents(
    path: str, step: Step, index: int
) -> list[dict[str, Any]] | IngestError | str:
    """Documents of one observation; a string when the observation is an executor error."""
    lines = step.observation or []
    text = "\n".join(t for _, t in lines).strip()
    if _TOOL_ERROR.search(text):
        return text
    if any(_BLOCK_FIELD.match(t) and t.strip().startswith("sourcepage") for _, t in lines):
        return jp1_blocks(path, lines, step, index)
    if not text:
        return []
    if step.paper:
        title = f"{step.action}[{step.action_input}]"
    elif step.action_input is None:
        title = step.action
    else:
        title = f"{step.action}: {step.action_input.strip()}"
    return [
        document(
            title,
            text,
            None,
            action=step.action,
            action_input=step.action_input,
            step=index,
            line=lines[0][0],
        )
    ]
