"""A small OpenAI-compatible HTTP server on 127.0.0.1 for tests and benchmarks.

It speaks `/v1/chat/completions` and `/v1/completions` well enough for langchain-openai, and
answers from a `responder` function the test supplies. A responder gets the parsed request
body and returns either the reply text, or a `Fault` (status code, headers, body, delay,
hang, truncated body) to inject errors. Every request is recorded in `server.requests`;
`max_active` is the most requests answered at once. `valid_judgment` and `question_of` read
the rendered judge prompt of a request, so a responder can answer per example.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


@dataclass
class Fault:
    status: int = 500
    body: str = '{"error": {"message": "injected failure", "type": "server_error"}}'
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    hang: bool = False  # keep the connection open without answering (until the server stops)
    truncate: bool = False  # send a 200 with a cut-off JSON body


class Headers(dict[str, str]):
    """Request headers as sent, looked up without regard to case (as HTTP defines them)."""

    def _key(self, name: object) -> object:
        if isinstance(name, str):
            for key in self.keys():
                if key.lower() == name.lower():
                    return key
        return name

    def __getitem__(self, name: str) -> str:
        return super().__getitem__(self._key(name))  # type: ignore[arg-type]

    def __contains__(self, name: object) -> bool:
        return super().__contains__(self._key(name))

    def get(self, name: str, default: Any = None) -> Any:  # type: ignore[override]
        return super().get(self._key(name), default)  # type: ignore[arg-type]


Responder = Callable[[dict[str, Any]], "str | Fault"]


class OpenAIServer:
    def __init__(self, responder: Responder, *, latency: float = 0.0) -> None:
        self.responder = responder
        self.latency = latency
        self.requests: list[dict[str, Any]] = []
        self.headers: list[Headers] = []
        #: requests being answered right now, and the most there ever were at once
        self.active = 0
        self.max_active = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # one buffered write per reply, sent at once: headers and body written apart meet
            # Nagle's algorithm and delayed ACKs, which add ~40 ms to every call
            wbufsize = 64 * 1024
            disable_nagle_algorithm = True

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with server._lock:
                    server.requests.append(body)
                    server.headers.append(Headers(self.headers.items()))
                    server.active += 1
                    server.max_active = max(server.max_active, server.active)
                try:
                    self._answer(body)
                finally:
                    with server._lock:
                        server.active -= 1

            def _answer(self, body: dict[str, Any]) -> None:
                if server.latency:
                    time.sleep(server.latency)
                answer = server.responder(body)
                if isinstance(answer, Fault):
                    if answer.delay:
                        time.sleep(answer.delay)
                    if answer.hang:
                        server._stop.wait(60)
                        return
                    if answer.truncate:
                        payload = b'{"id": "x", "choices": [{"message": {"content": "{\\"rel'
                        self._send(200, payload, {"Content-Type": "application/json"})
                        return
                    self._send(answer.status, answer.body.encode(), answer.headers)
                    return
                self._send(200, server._completion(self.path, body, answer), {})

            def _send(self, status: int, payload: bytes, headers: dict[str, str]) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self.wfile.write(payload)

        class QuietServer(ThreadingHTTPServer):
            request_queue_size = 512  # the default backlog of 5 drops bursts of new connections

            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # clients closing keep-alive connections or giving up (timeouts) is normal

        self.httpd = QuietServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def _completion(self, path: str, body: dict[str, Any], text: str) -> bytes:
        usage = {"prompt_tokens": 100, "completion_tokens": 50, "total_tokens": 150}
        if path.endswith("/completions") and not path.endswith("/chat/completions"):
            payload = {
                "id": "cmpl-test",
                "object": "text_completion",
                "created": 0,
                "model": body.get("model", "test"),
                "choices": [{"index": 0, "text": text, "finish_reason": "stop", "logprobs": None}],
                "usage": usage,
            }
        else:
            payload = {
                "id": "chatcmpl-test",
                "object": "chat.completion",
                "created": 0,
                "model": body.get("model", "test"),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": text},
                        "finish_reason": "stop",
                    }
                ],
                "usage": usage,
            }
        return json.dumps(payload).encode()

    def __enter__(self) -> OpenAIServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()


def last_user_text(body: dict[str, Any]) -> str:
    """The text of the last user message of a chat request (or the prompt of a completion)."""
    if "messages" in body:
        users = [m for m in body["messages"] if m.get("role") == "user"]
        content = users[-1]["content"] if users else ""
        if isinstance(content, list):
            content = "".join(part.get("text", "") for part in content)
        return content
    prompt = body.get("prompt", "")
    return prompt if isinstance(prompt, str) else "".join(prompt)


def prompt_text(body: dict[str, Any]) -> str:
    """The rendered judge prompt of a request: the first user message holding the data blocks
    (repair turns come later in the conversation), or the whole prompt of a completion."""
    if "messages" in body:
        for message in body["messages"]:
            content = message.get("content", "")
            if isinstance(content, list):
                content = "".join(part.get("text", "") for part in content)
            if message.get("role") == "user" and "<<<QUESTION" in content:
                return content
        return last_user_text(body)
    prompt = body.get("prompt", "")
    return prompt if isinstance(prompt, str) else "".join(prompt)


def _block(text: str, name: str) -> str:
    start = text.find(f"<<<{name}\n")
    end = text.find(f"\n{name}>>>", start)
    if start < 0 or end < 0:
        return ""
    return text[start + len(name) + 4 : end]


def question_of(body: dict[str, Any]) -> str:
    """The question of the example a request is about (tests count requests per example)."""
    return _block(prompt_text(body), "QUESTION").strip()


def valid_judgment(body: dict[str, Any]) -> str:
    """A schema-valid judgment for the example in the request: every response sentence is
    supported by the first document sentence."""
    text = prompt_text(body)
    doc_keys = [
        line.split(".", 1)[0]
        for line in _block(text, "DOCUMENTS").splitlines()
        if line[:1].isdigit() and "." in line
    ]
    response_keys = [
        line.split(".", 1)[0]
        for line in _block(text, "RESPONSE").splitlines()
        if line[:1].isalpha() and "." in line.split(" ", 1)[0]
    ]
    first = doc_keys[:1]
    return json.dumps(
        {
            "relevance_explanation": "The first document answers the question.",
            "all_relevant_sentence_keys": first,
            "overall_supported_explanation": "Every claim is in the first document.",
            "overall_supported": True,
            "sentence_support_information": [
                {
                    "response_sentence_key": key,
                    "explanation": "Stated in the first document.",
                    "supporting_sentence_keys": first,
                    "fully_supported": True,
                }
                for key in response_keys
            ],
            "all_utilized_sentence_keys": first,
        }
    )


def write_dataset(path: Path, n: int, *, start: int = 0) -> Path:
    """A JSONL dataset of `n` small examples, `ex-<i>` asking `Question number <i>?`."""
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(start, start + n):
            row = {
                "id": f"ex-{i}",
                "question": f"Question number {i}?",
                "documents": [f"Fact {i} holds for the system. It was checked twice."],
                "response": f"Fact {i} holds. It was checked.",
            }
            fh.write(json.dumps(row) + "\n")
    return path


def serve_forever(latency: float = 0.0) -> None:
    """Serve valid judgments until killed, printing the base URL first (used by bench/ to
    run the server in its own process, away from the client's interpreter lock).

    Each line read from stdin asks what came in since the last one: the server prints
    `<requests> <seconds from the first to the last>` on its clock and starts counting anew.
    """
    arrivals: list[float] = []

    def answer(body: dict[str, Any]) -> str:
        arrivals.append(time.monotonic())
        return valid_judgment(body)

    with OpenAIServer(answer, latency=latency) as server:
        print(server.base_url, flush=True)
        for _ in sys.stdin:
            seen = arrivals[:]
            del arrivals[: len(seen)]
            span = seen[-1] - seen[0] if len(seen) > 1 else 0.0
            print(f"{len(seen)} {span:.6f}", flush=True)
        threading.Event().wait()


if __name__ == "__main__":
    serve_forever(float(sys.argv[1]) if len(sys.argv) > 1 else 0.0)
