"""Reproduce RAGBench's TRACe labels through a real LLM judge call path, and print the figures.

    python bench/bench_llm_replay.py [--data ../shared/data] [--limit N] [--check-rows 200]

A local OpenAI-compatible server answers each judge prompt with RAGBench's recorded GPT-4
judgment of that row (found by the exact user message the judge sends), so every figure below
is about ragjudge, not about a model. For every RAGBench parquet file:

1. `evaluate(path, judge=ChatOpenAI(model="gpt-4o-mini", base_url=...))`, a LangChain model
   object as the judge (structured output requested, as its profile allows): rows whose
   relevance, utilization, completeness and adherence equal RAGBench's labels;
2. `ragjudge eval --judge openai:<a model name no table or profile knows>`: the same, with no
   context window known, so every prompt is sent whole; also how many rows the old guessed
   window (32,000 tokens less 4,096, characters / 4) would have split;
3. the rows rewritten with RAGAS's column names (`user_input`, `retrieved_contexts`,
   `response`; RAGBench's pre-split sentence columns kept so keys match the labels) and
   judged with `ragjudge eval` and no `--map`;

With `--server-context N` the server also refuses, as OpenAI words it, every prompt longer than
N tokens (characters / 4), and run 2 is repeated against it: how many rows the server refused
whole, were judged in windows, and still match the labels (a window's prompt is answered with
its row's recorded judgment, found by question and response).

then `check()` with a cache on the first `--check-rows` rows of a file, twice, against a server
that answers any prompt with a valid judgment: calls made by each pass (the second must make
none).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402

from ragjudge.api import check, evaluate  # noqa: E402
from ragjudge.cli import main  # noqa: E402
from ragjudge.dataset import load_examples  # noqa: E402
from ragjudge.prompt import render  # noqa: E402
from ragjudge.runfolder import RunFolder  # noqa: E402
from ragjudge.sentences import key_example  # noqa: E402
from tests.openai_server import Fault, OpenAIServer, valid_judgment  # noqa: E402

UNKNOWN_MODEL = "acme-judge-2025-finetune"
LABELS = [
    ("relevance", "relevance_score"),
    ("utilization", "utilization_score"),
    ("completeness", "completeness_score"),
]


def user_message(body: dict[str, Any]) -> str:
    return next(m["content"] for m in body["messages"] if m["role"] == "user")


def _block(text: str, name: str) -> str:
    start = text.find(f"<<<{name}\n")
    return text[start : text.find(f"\n{name}>>>", start)]


class Replay:
    """Recorded judgments by the exact user message of the judge prompt (by question and
    response for the prompt of a document window); with `context`, prompts longer than that
    many tokens (characters / 4) are refused as too long."""

    def __init__(self) -> None:
        self.answers: dict[str, str] = {}
        self.by_question: dict[str, str] = {}
        self.unknown = 0
        self.context: int | None = None
        self.refused = 0
        #: rows whose prompt is another row's, word for word, with a different recorded
        #: judgment: the server can answer only one of them as recorded
        self.ambiguous: list[str] = []
        self._owner: dict[str, str] = {}

    def add(self, path: Path) -> int:
        examples, errors = load_examples(path)
        assert not errors, errors[:3]
        old_windows = 0
        for ex in examples:
            item = key_example(ex)
            for template in ("groundedness-v2",):
                text = render(item, template=template).messages[1].content
                if self.answers.get(text, json.dumps(ex.recorded)) != json.dumps(ex.recorded):
                    self.ambiguous.append(self._owner[text])
                self.answers[text] = json.dumps(ex.recorded)
                self._owner[text] = str(ex.id)
                key = _block(text, "QUESTION") + _block(text, "RESPONSE")
                self.by_question[key] = json.dumps(ex.recorded)
            prompt = render(item, template="groundedness-v1").messages
            if sum(len(m.content) // 4 + 1 for m in prompt) > 32_000 - 4_096:
                old_windows += 1
        return old_windows

    def __call__(self, body: dict[str, Any]) -> str | Fault:
        text = user_message(body)
        size = sum(len(m["content"]) for m in body["messages"]) // 4
        if self.context is not None and size > self.context:
            self.refused += 1
            message = (
                f"This model's maximum context length is {self.context} tokens. However, your "
                f"messages resulted in {size} tokens. Please reduce the length of the messages."
            )
            error = {"message": message, "type": "invalid_request_error",
                     "code": "context_length_exceeded"}  # fmt: skip
            return Fault(status=400, body=json.dumps({"error": error}))
        found = self.answers.get(text)
        if found is None:
            found = self.by_question.get(_block(text, "QUESTION") + _block(text, "RESPONSE"))
        if found is None:
            self.unknown += 1
            return Fault(status=404, body='{"error": {"message": "no recorded judgment"}}')
        return found


def exact_rows(out: Path, path: Path) -> tuple[int, int, Counter[str]]:
    got = pd.read_csv(out / "examples.csv")
    stored = pd.read_parquet(path)
    assert len(got) == len(stored)
    same = pd.Series(True, index=got.index)
    for ours, theirs in LABELS:
        same &= got[ours].to_numpy() == stored[theirs].to_numpy()
    same &= got["adherence"].astype(bool).to_numpy() == stored["adherence_score"].to_numpy()
    return int(same.sum()), len(got), Counter(got["status"])


def ragas_file(path: Path, target: Path) -> Path:
    frame = pd.read_parquet(path)
    renamed = pd.DataFrame(
        {
            "id": frame["id"],
            "user_input": frame["question"],
            "retrieved_contexts": frame["documents"],
            "response": frame["response"],
            # pre-split sentences keep RAGBench's keys, which its labels refer to
            "documents_sentences": frame["documents_sentences"],
            "response_sentences": frame["response_sentences"],
            "relevance_score": frame["relevance_score"],
            "utilization_score": frame["utilization_score"],
            "completeness_score": frame["completeness_score"],
            "adherence_score": frame["adherence_score"],
        }
    )
    renamed.to_parquet(target)
    return target


def limited(replay: Replay, server: OpenAIServer, files: list[Path], work: Path, args: Any) -> None:
    """Run 2 again against a server whose context is `args.server_context` tokens."""
    replay.context = args.server_context
    exact = rows = windowed = 0
    for path in files:
        out = work / f"small-{path.parent.parent.name}-{path.parent.name}"
        code = main(["eval", str(path), "--judge", f"openai:{UNKNOWN_MODEL}", "--base-url",
                     server.base_url, "--out", str(out), "--no-cache", "--quiet",
                     "--concurrency", str(args.concurrency)])  # fmt: skip
        assert code == 0
        same, n, _ = exact_rows(out, path)
        exact, rows = exact + same, rows + n
        windowed += sum(1 for r in RunFolder(out).records() if r.windows)
    print(f"server context {args.server_context} tokens, unknown model name: {replay.refused} "
          f"prompts refused as too long, {windowed} rows judged in windows, {exact} of {rows} "
          "rows equal to the labels")  # fmt: skip
    replay.context = None


def main_bench() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--check-rows", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--server-context", type=int, default=None, metavar="N")
    args = parser.parse_args()
    files = sorted(args.data.glob("ragbench-*/*/*.parquet"))
    if not files:
        sys.exit(f"no RAGBench rows under {args.data}")
    from langchain_openai import ChatOpenAI

    replay = Replay()
    old_windows = {path: replay.add(path) for path in files}
    work = Path(tempfile.mkdtemp(prefix="ragjudge-replay-"))
    totals: Counter[str] = Counter()
    print(f"{'subset':<22} {'rows':>5} {'model obj':>10} {'unknown':>8} {'old win':>8} "
          f"{'RAGAS':>6} {'calls':>6}")  # fmt: skip
    start = time.monotonic()
    with OpenAIServer(replay) as server:
        for path in files:
            name = f"{path.parent.parent.name.removeprefix('ragbench-')}/{path.parent.name}"
            tag = name.replace("/", "-")
            before = len(server.requests)
            model = ChatOpenAI(
                model="gpt-4o-mini", base_url=server.base_url, api_key="replay", max_retries=0
            )
            evaluate(path, judge=model, out=work / f"obj-{tag}", cache=False, quiet=True,
                     concurrency=args.concurrency)  # fmt: skip
            exact_obj, n, statuses = exact_rows(work / f"obj-{tag}", path)
            modes = Counter(r.output_mode for r in RunFolder(work / f"obj-{tag}").records())
            unknown = ["eval", str(path), "--judge", f"openai:{UNKNOWN_MODEL}", "--base-url",
                       server.base_url, "--out", str(work / f"unk-{tag}"), "--no-cache",
                       "--quiet", "--concurrency", str(args.concurrency)]  # fmt: skip
            code = main(unknown)
            assert code == 0
            exact_unknown, _, _ = exact_rows(work / f"unk-{tag}", path)
            windowed = sum(1 for r in RunFolder(work / f"unk-{tag}").records() if r.windows)
            ragas = ragas_file(path, work / f"ragas-{tag}.parquet")
            code = main(["eval", str(ragas), "--judge", "openai:m", "--base-url",
                         server.base_url, "--out", str(work / f"ragas-{tag}"), "--no-cache",
                         "--quiet", "--concurrency", str(args.concurrency)])  # fmt: skip
            assert code == 0
            exact_ragas, _, _ = exact_rows(work / f"ragas-{tag}", ragas)
            calls = len(server.requests) - before
            print(f"{name:<22} {n:>5} {exact_obj:>10} {exact_unknown:>8} "
                  f"{old_windows[path]:>8} {exact_ragas:>6} {calls:>6}")  # fmt: skip
            totals.update(rows=n, obj=exact_obj, unknown=exact_unknown, ragas=exact_ragas,
                          old=old_windows[path], windowed=windowed, calls=calls)  # fmt: skip
            totals.update({f"mode:{k}": v for k, v in modes.items()})
            totals.update({f"status:{k}": v for k, v in statuses.items()})
        print(f"{'all':<22} {totals['rows']:>5} {totals['obj']:>10} {totals['unknown']:>8} "
              f"{totals['old']:>8} {totals['ragas']:>6} {totals['calls']:>6}")  # fmt: skip
        print(
            f"statuses (model object run): "
            f"{ {k[7:]: v for k, v in totals.items() if k.startswith('status:')} }"
        )
        print(
            f"answer modes (model object run): "
            f"{ {k[5:]: v for k, v in totals.items() if k.startswith('mode:')} }"
        )
        print(
            f"rows windowed with the unknown model name: {totals['windowed']}; "
            f"prompts the server did not recognise: {replay.unknown}"
        )
        print(
            f"rows sharing their whole prompt with another row but not its recorded judgment "
            f"(answered with the other row's): {len(replay.ambiguous)} {replay.ambiguous}"
        )
        if args.server_context:
            limited(replay, server, files, work, args)

    # check() twice with a cache, against a server that answers any prompt (check() splits the
    # documents itself, so its prompts are not RAGBench's pre-split ones)
    with OpenAIServer(valid_judgment) as server:
        path = files[0]
        examples, _ = load_examples(path)
        rows = examples[: args.check_rows]
        cache = work / "checks.sqlite"
        model = ChatOpenAI(
            model="gpt-4o-mini", base_url=server.base_url, api_key="replay", max_retries=0
        )
        passes = []
        for _ in range(2):
            before = len(server.requests)
            cached = 0
            for ex in rows:
                docs = [{"text": d.text} for d in ex.documents]
                record = check(ex.question, docs, ex.response, judge=model, cache=cache)
                cached += record.cached
            passes.append((len(server.requests) - before, cached))
        print(
            f"check() on {len(rows)} rows of {path.parent.name}, cache {cache.name}: "
            f"first pass {passes[0][0]} calls, second pass {passes[1][0]} calls "
            f"({passes[1][1]} records from the cache)"
        )
    print(f"wall {time.monotonic() - start:.0f} s; run folders in {work}")


if __name__ == "__main__":
    main_bench()
