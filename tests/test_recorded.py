"""`--judge recorded` on every RAGBench row of ../shared/data reproduces the stored scores."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from ragjudge.cli import main

from .conftest import ragbench_files


def test_recorded_judgments_reproduce_every_stored_score(shared_data: Path, tmp_path: Path) -> None:
    files = ragbench_files(shared_data)
    assert files
    frames = []
    for n, path in enumerate(files):
        out = tmp_path / f"run{n}"
        args = ["eval", str(path), "--judge", "recorded", "--out", str(out), "--quiet"]
        assert main([*args, "--no-cache"]) == 0
        got = pd.read_csv(out / "examples.csv")
        stored = pd.read_parquet(path)
        assert len(got) == len(stored), path
        got["stored_relevance"] = stored["relevance_score"].to_numpy()
        got["stored_utilization"] = stored["utilization_score"].to_numpy()
        got["stored_completeness"] = stored["completeness_score"].to_numpy()
        got["stored_adherence"] = stored["adherence_score"].to_numpy()
        frames.append(got)
    allrows = pd.concat(frames)
    assert len(allrows) == 2981
    assert set(allrows["status"]) <= {"ok", "repaired"}
    for name in ("relevance", "utilization", "completeness"):
        assert (allrows[name] == allrows[f"stored_{name}"]).all(), name
    assert (allrows["adherence"].astype(bool) == allrows["stored_adherence"]).all()


@pytest.mark.parametrize("flag", ["--clean-keys"])
def test_clean_keys_never_exceed_raw_counts(shared_data: Path, tmp_path: Path, flag: str) -> None:
    path = shared_data / "ragbench-validation" / "expertqa" / "validation-00000-of-00001.parquet"
    raw, clean = tmp_path / "raw", tmp_path / "clean"
    base = ["eval", str(path), "--judge", "recorded", "--quiet", "--no-cache"]
    assert main([*base, "--out", str(raw)]) == 0
    assert main([*base, "--out", str(clean), flag]) == 0
    a = pd.read_csv(raw / "examples.csv")
    b = pd.read_csv(clean / "examples.csv")
    assert (b["relevance"] <= a["relevance"] + 1e-12).all()
    assert (b["utilization"] <= a["utilization"] + 1e-12).all()
