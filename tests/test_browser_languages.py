"""Reports of the Korean and Chinese samples in a real browser (Debian's headless chromium).

The samples are judged with the offline judge, the report is opened with `--dump-dom` (the
DOM after the page script ran) and photographed to test-artifacts/report_<lang>.png. A font
with Hangul and Han glyphs must be installed (Debian's fonts-noto-cjk, installed by .ci/run),
or the screenshot shows empty boxes; the test checks fontconfig for one.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import ragjudge

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
DATASETS = Path(__file__).resolve().parent.parent / "datasets"
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]
FONT_LANG = {"ko": "ko", "zh": "zh-cn"}


@pytest.fixture(scope="module")
def chromium() -> str:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"{CHROMIUM} is absent (install Debian's chromium package to run this test)")
    return CHROMIUM


def font_families(lang: str) -> list[str]:
    if not shutil.which("fc-list"):
        return []
    done = subprocess.run(
        ["fc-list", f":lang={FONT_LANG[lang]}", "family"], capture_output=True, text=True
    )
    return [line for line in done.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_report_renders_hangul_and_han(chromium: str, lang: str, tmp_path: Path) -> None:
    families = font_families(lang)
    assert families, f"no font covers {lang}: install fonts-noto-cjk (as .ci/run does)"
    result = ragjudge.evaluate(
        DATASETS / f"sample_{lang}.jsonl", judge="offline", out=tmp_path / "run", cache=False
    )
    report = result.out_dir / "report.html"
    common = [chromium, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}"]
    done = subprocess.run(
        [*common, "--dump-dom", report.as_uri()],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    dom = html.unescape(done.stdout)
    assert re.search(r'<body[^>]*data-rj-ready="1"', done.stdout), "the page script did not finish"
    rows = [json.loads(line) for line in (DATASETS / f"sample_{lang}.jsonl").open(encoding="utf-8")]
    for row in rows:
        assert row["question"] in dom, row["id"]
    # the keyed response sentences reach the page as the splitter cut them
    first = json.loads((result.out_dir / "judgments.jsonl").open(encoding="utf-8").readline())
    for _, sentence in first["response_sentences"]:
        assert sentence in dom
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"report_{lang}.png"
    shot.unlink(missing_ok=True)
    subprocess.run(
        [*common, f"--screenshot={shot}", "--window-size=1280,1600", report.as_uri()],
        capture_output=True,
        timeout=60,
        check=True,
    )
    assert shot.stat().st_size > 10_000
