"""A small OpenAI-compatible HTTP server on 127.0.0.1 for tests and benchmarks.

It speaks `/v1/chat/completions` and `/v1/completions` well enough for langchain-openai, and
answers from a `responder` function the test supplies. A responder gets the parsed request
body and returns either the reply text, or a `Fault` (status code, headers, body, delay,
hang) to inject errors. Every request is recorded in `server.requests`.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Fault:
    status: int = 500
    body: str = '{"error": {"message": "injected failure", "type": "server_error"}}'
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    hang: bool = False  # keep the connection open without answering (until the server stops)
    truncate: bool = False  # send a 200 with a cut-off JSON body


Responder = Callable[[dict[str, Any]], "str | Fault"]


class OpenAIServer:
    def __init__(self, responder: Responder, *, latency: float = 0.0) -> None:
        self.responder = responder
        self.latency = latency
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with server._lock:
                    server.requests.append(body)
                    server.headers.append(dict(self.headers.items()))
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

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
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
