"""Stage 7: the gate's result as text: a terminal table, GitHub-flavoured Markdown and JUnit XML.

Everything shown comes from a `GateResult` (`ragjudge.gate`). Example ids and sentences come
from the data, so the JUnit writer drops the characters XML 1.0 does not allow (control
characters such as `\x0b`), which would make the file unreadable to every CI system.
"""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree as ET

from ragjudge.gate import GateResult

#: characters XML 1.0 does not allow in a document, even escaped
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """`text` without the characters XML cannot carry."""
    return _NOT_XML.sub("", text)


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def _fmt_ci(ci: tuple[float, float] | None) -> str:
    return "—" if ci is None else f"[{ci[0]:.3f}, {ci[1]:.3f}]"


def _check_rows(result: GateResult) -> list[list[str]]:
    rows = []
    for check in result.checks:
        threshold = check.describe_threshold()
        if check.baseline is not None:
            threshold += f" (base {check.baseline:.3f})"
        rows.append(
            [
                check.metric,
                check.group or "all",
                _fmt(check.value),
                _fmt_ci(check.ci),
                str(check.n),
                threshold,
                "pass" if check.passed else "FAIL",
            ]
        )
    return rows


_HEADERS = ["metric", "group", "value", "95% CI", "n", "threshold", "result"]


def _headline(result: GateResult) -> str:
    total = f"{len(result.checks)} check{'s' if len(result.checks) != 1 else ''}"
    failed = f"FAILED ({len(result.failures)} of {total} failed)"
    verdict = f"passed ({total})" if result.passed else failed
    where = f"run {result.run_dir}"
    if result.baseline_dir is not None:
        mode = "strict" if result.strict else "CI-aware"
        where += f", baseline {result.baseline_dir} ({mode})"
    return f"ragjudge gate {verdict}: {where}"


def format_table(result: GateResult) -> str:
    """A plain-text report: one line per check, the failures' reasons and the worst examples."""
    rows = [_HEADERS, *_check_rows(result)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_HEADERS))]
    lines = [_headline(result), ""]
    for row in rows:
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    if result.failures:
        lines += ["", "Failed checks:"]
        lines += [f"  {check.name}: {check.message}" for check in result.failures]
    if result.worst_examples:
        lines += ["", "Worst examples (not adherent, lowest support first):"]
        id_width = max(len(example.id) for example in result.worst_examples)
        for example in result.worst_examples:
            lines.append(
                f"  {example.id.ljust(id_width)}  supported_ratio={_fmt(example.supported_ratio)}"
                f"  support_score={_fmt(example.support_score)}"
                f"  unsupported={' '.join(example.unsupported_keys) or '—'}"
            )
            for key, text in example.unsupported_sentences:
                lines.append(f"      {key}: {_shorten(text, 100)!r}")
    return "\n".join(lines) + "\n"


def _shorten(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def format_markdown(result: GateResult) -> str:
    """The result as GitHub-flavoured Markdown, for a pull-request comment or the step summary."""
    mark = "✅" if result.passed else "❌"
    lines = [f"### {mark} {_md_cell(_headline(result))}", ""]
    lines.append("| " + " | ".join(_HEADERS) + " |")
    lines.append("|" + "---|" * len(_HEADERS))
    for row, check in zip(_check_rows(result), result.checks, strict=True):
        row[-1] = "✅ pass" if check.passed else "❌ **fail**"
        lines.append("| " + " | ".join(_md_cell(cell) for cell in row) + " |")
    if result.failures:
        lines += ["", "**Failed checks**", ""]
        lines += [f"- `{check.name}`: {_md_cell(check.message)}" for check in result.failures]
    if result.worst_examples:
        lines += [
            "",
            "**Worst examples** (not adherent, lowest support first)",
            "",
            "| id | supported_ratio | support_score | unsupported sentences |",
            "|---|---|---|---|",
        ]
        for example in result.worst_examples:
            sentences = "<br>".join(
                f"`{key}` {_md_cell(_shorten(text, 120))}"
                for key, text in example.unsupported_sentences
            ) or " ".join(f"`{key}`" for key in example.unsupported_keys)
            lines.append(
                f"| `{_md_cell(example.id)}` | {_fmt(example.supported_ratio)} | "
                f"{_fmt(example.support_score)} | {sentences or '—'} |"
            )
    return "\n".join(lines) + "\n"


def write_markdown(result: GateResult, path: str | Path) -> Path:
    """Write `format_markdown(result)` to `path` (parent folders are created)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(format_markdown(result), encoding="utf-8")
    return target


def write_junit(result: GateResult, path: str | Path, include_examples: bool = False) -> Path:
    """Write JUnit XML: a `ragjudge.gate` suite with one testcase per check and, with
    `include_examples`, a `ragjudge.examples` suite with one failing testcase per example that
    is not adherent, failed or had invalid input."""
    root = ET.Element("testsuites", name="ragjudge")
    suite = _suite(root, "ragjudge.gate")
    for check in result.checks:
        case = ET.SubElement(
            suite, "testcase", classname="ragjudge.gate", name=xml_text(check.name), time="0"
        )
        details = xml_text(
            f"value {_fmt(check.value)}, CI {_fmt_ci(check.ci)}, n {check.n}, "
            f"threshold {check.describe_threshold()}: {check.message}"
        )
        if check.passed:
            ET.SubElement(case, "system-out").text = details
        else:
            message = xml_text(check.message)
            failure = ET.SubElement(case, "failure", message=message, type="threshold")
            failure.text = details
    if include_examples:
        examples = _suite(root, "ragjudge.examples")
        for example in result.failing_examples:
            case = ET.SubElement(
                examples,
                "testcase",
                classname="ragjudge.examples",
                name=xml_text(example.id),
                time="0",
            )
            kind = "not_adherent" if example.status in ("ok", "repaired") else example.status
            failure = ET.SubElement(
                case, "failure", message=xml_text(example.describe()), type=xml_text(kind)
            )
            failure.text = xml_text(
                f"status {example.status}, supported_ratio {_fmt(example.supported_ratio)}, "
                f"support_score {_fmt(example.support_score)}, "
                f"unsupported {' '.join(example.unsupported_keys) or '—'}"
            )
    for element in (root, *root):
        cases = list(element.iter("testcase"))
        element.set("tests", str(len(cases)))
        element.set("failures", str(sum(c.find("failure") is not None for c in cases)))
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(root).write(target, encoding="utf-8", xml_declaration=True)
    return target


def _suite(root: ET.Element, name: str) -> ET.Element:
    return ET.SubElement(root, "testsuite", name=name, errors="0", skipped="0", time="0")


__all__ = ["format_markdown", "format_table", "write_junit", "write_markdown", "xml_text"]
