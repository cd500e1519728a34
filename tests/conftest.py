"""Shared test fixtures: the path of ../shared/data, skipping cleanly when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The RAGBench rows in ../shared/data; tests that need them skip when it is absent."""
    if not (SHARED_DATA / "ragbench-validation").is_dir():
        pytest.skip(f"RAGBench rows not found at {SHARED_DATA} (../shared is absent)")
    return SHARED_DATA


def ragbench_files(root: Path) -> list[Path]:
    return sorted(root.glob("ragbench-*/*/*.parquet"))
