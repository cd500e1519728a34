"""Shared test fixtures: the path of ../shared/data, skipping cleanly when it is absent.

Ray reads `RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER` when it is imported; set here, before any test
module imports it, every Ray node a test starts listens on 127.0.0.1 (see tests/ray_helpers.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"

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
