"""Stage 7: write a run folder's reports (CSV, JSON, HTML) from its `judgments.jsonl` alone."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from ragjudge.errors import InputError
from ragjudge.report.aggregate import (
    examples_frame,
    groups_frame,
    load_records,
    load_run_info,
    normalize_group_by,
    sentences_frame,
    summarize,
)
from ragjudge.report.html import render_html


def _write_text(path: Path, text: str) -> None:
    # write beside the target and rename, so a reader never sees half a report
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        # mkstemp makes the file private; reports get the permissions of any new file
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _csv(frame: pd.DataFrame) -> str:
    return frame.to_csv(index=False, lineterminator="\n")


def write_reports(
    run_dir: str | Path,
    *,
    group_by: str | Sequence[str] = (),
    max_examples_html: int = 2000,
    seed: int = 0,
) -> dict[str, Any]:
    """(Re)build examples.csv, sentences.csv, summary.json, groups.csv and report.html.

    Reads only `judgments.jsonl` (and `run.json` when present), never calls a judge, and gives
    byte-identical files for the same input and `seed`. `groups.csv` is written only when
    `group_by` names columns. Returns the summary dict.
    """
    folder = Path(run_dir)
    if not folder.is_dir():
        raise InputError(f"run folder not found: {run_dir}")
    records = load_records(folder)
    columns = normalize_group_by(group_by)
    summary = summarize(records, group_by=columns, seed=seed, run_info=load_run_info(folder))
    _write_text(folder / "examples.csv", _csv(examples_frame(records)))
    _write_text(folder / "sentences.csv", _csv(sentences_frame(records)))
    _write_text(
        folder / "summary.json",
        json.dumps(summary, ensure_ascii=False, indent=2, allow_nan=False, default=str) + "\n",
    )
    if columns:
        _write_text(folder / "groups.csv", _csv(groups_frame(summary)))
    _write_text(
        folder / "report.html",
        render_html(records, summary, max_examples=max_examples_html, seed=seed),
    )
    return summary
