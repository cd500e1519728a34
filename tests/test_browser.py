"""The report in a real browser (Debian's headless chromium): what a reader sees and clicks.

`--dump-dom` gives the DOM after the page script ran; a small Chrome DevTools Protocol client
over `--remote-debugging-pipe` (fds 3 and 4, NUL-separated JSON) clicks a response sentence,
collects console errors and saves a screenshot to test-artifacts/report.png.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import re
import select
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from ragjudge.report import write_reports

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
SAMPLE = Path(__file__).parent / "data" / "report" / "sample"
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


@pytest.fixture(scope="module")
def chromium() -> str:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"{CHROMIUM} is absent (install Debian's chromium package to run this test)")
    return CHROMIUM


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    run = tmp_path_factory.mktemp("browser") / "run"
    shutil.copytree(SAMPLE, run)
    write_reports(run, group_by=["model"])
    return run / "report.html"


def test_dom_after_scripts_ran(chromium: str, report: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [
            chromium,
            *FLAGS,
            f"--user-data-dir={tmp_path / 'profile'}",
            "--dump-dom",
            report.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    dom = done.stdout
    assert re.search(r'<body[^>]*data-rj-ready="1"', dom), "the page script did not finish"
    # headline: hallucination rate 1 of 4 judged examples
    card = re.search(r'data-metric="hallucination_rate".*?</div></div>', dom, re.DOTALL)
    assert card and "25.0%" in card.group(0)
    assert re.search(
        r'<span class="rs v-unsupported"[^>]*>&lt;script&gt;window.__pwned=4&lt;/script&gt; '
        r"It is painted gold.</span>",
        dom,
    )
    assert "<img" not in dom
    assert len(re.findall(r"<script\b", dom)) == 2
    assert "東京タワーの高さは何メートルですか？" in dom


class DevTools:
    """A minimal Chrome DevTools Protocol client over chromium's debugging pipe."""

    def __init__(self, chromium: str, profile: Path) -> None:
        to_browser = os.pipe()
        from_browser = os.pipe()

        def wire_fds() -> None:
            # move both ends out of the way first, so dup2 onto 3 and 4 cannot clobber them
            reader = fcntl.fcntl(to_browser[0], fcntl.F_DUPFD, 10)
            writer = fcntl.fcntl(from_browser[1], fcntl.F_DUPFD, 10)
            os.dup2(reader, 3)
            os.dup2(writer, 4)

        self.process = subprocess.Popen(
            [chromium, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=wire_fds,
            close_fds=False,
        )
        os.close(to_browser[0])
        os.close(from_browser[1])
        self.out = to_browser[1]
        self.inp = from_browser[0]
        self.buffer = b""
        self.next_id = 0
        self.events: list[dict[str, Any]] = []

    def close(self) -> None:
        with contextlib.suppress(OSError, TimeoutError, RuntimeError):
            self.call("Browser.close", timeout=5)
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.out)
        os.close(self.inp)

    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no answer from chromium")
            ready, _, _ = select.select([self.inp], [], [], remaining)
            if ready:
                chunk = os.read(self.inp, 1 << 20)
                if not chunk:
                    raise RuntimeError("chromium closed the debugging pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(
        self, method: str, session: str | None = None, timeout: float = 15, **params: Any
    ) -> dict[str, Any]:
        self.next_id += 1
        message: dict[str, Any] = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.out, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str, timeout: float = 15) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        for event in self.events:
            if event.get("method") == method:
                return event
        while True:
            event = self._read_message(deadline)
            self.events.append(event)
            if event.get("method") == method:
                return event

    def evaluate(self, session: str, expression: str) -> Any:
        result = self.call("Runtime.evaluate", session, expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")


def _errors(events: list[dict[str, Any]]) -> list[str]:
    found = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            found.append(json.dumps(params.get("exceptionDetails", {}))[:300])
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            found.append(json.dumps(params.get("args", []))[:300])
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            found.append(params["entry"].get("text", ""))
    return found


def test_click_highlights_evidence_without_errors(
    chromium: str, report: Path, tmp_path: Path
) -> None:
    browser = DevTools(chromium, tmp_path / "profile")
    try:
        target = browser.call("Target.createTarget", url="about:blank")["targetId"]
        session = browser.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            browser.call(f"{domain}.enable", session)
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            session,
            width=1280,
            height=2600,
            deviceScaleFactor=1,
            mobile=False,
        )
        browser.call("Page.navigate", session, url=report.as_uri())
        browser.wait_for("Page.loadEventFired")
        assert browser.evaluate(session, "document.body.dataset.rjReady") == "1"
        assert browser.evaluate(session, "typeof window.__pwned") == "undefined"
        handlers = browser.evaluate(
            session,
            "Array.from(document.querySelectorAll('*')).flatMap(e => Array.from(e.attributes))"
            ".filter(a => a.name.startsWith('on')).length",
        )
        assert handlers == 0
        assert browser.evaluate(session, "document.querySelectorAll('img, iframe').length") == 0

        # ex-halluc: sentence b is partially supported by document sentence 1a
        browser.evaluate(session, "document.getElementById('ex-1').open = true")
        before = browser.evaluate(
            session, "document.getElementById('ex-1-d1-0').classList.contains('ev-hl')"
        )
        assert before is False
        browser.evaluate(session, "document.getElementById('ex-1-r1').click()")
        assert browser.evaluate(
            session, "document.getElementById('ex-1-d1-0').classList.contains('ev-hl')"
        )
        assert browser.evaluate(
            session, "document.getElementById('ex-1-r1').classList.contains('active')"
        )
        assert "1 evidence sentence" in browser.evaluate(
            session, "document.querySelector('#ex-1 .ev-status').textContent"
        )
        # a second click elsewhere moves the highlight
        browser.evaluate(session, "document.getElementById('ex-1-r0').click()")
        highlighted = browser.evaluate(
            session, "Array.from(document.querySelectorAll('#ex-1 .ev-hl')).map(e => e.id)"
        )
        assert highlighted == ["ex-1-d0-0"]

        # sorting by relevance puts the lowest first; filtering hides adherent examples
        browser.evaluate(session, "document.querySelector('button[data-sort=relevance]').click()")
        first = browser.evaluate(session, "document.querySelector('#ex-table tbody tr').dataset.id")
        assert first == "ex-halluc"
        browser.evaluate(
            session,
            "const f = document.getElementById('f-verdict'); f.value = 'hallucination';"
            "f.dispatchEvent(new Event('change'))",
        )
        visible = browser.evaluate(
            session,
            "Array.from(document.querySelectorAll('details.ex')).filter(d => !d.hidden)"
            ".map(d => d.id)",
        )
        assert visible == ["ex-1"]
        browser.evaluate(
            session, "f.value = ''; f.dispatchEvent(new Event('change')); scrollTo(0, 0)"
        )
        assert browser.evaluate(session, "typeof window.__pwned") == "undefined"

        shot = browser.call("Page.captureScreenshot", session, format="png")
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "report.png").write_bytes(base64.b64decode(shot["data"]))
        assert _errors(browser.events) == []
    finally:
        browser.close()
