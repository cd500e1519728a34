"""Time the sentence splitter on every RAGBench row in ../shared/data and measure agreement.

Loads each parquet file with pandas, re-splits and keys the raw `documents` and `response`
texts with `ragjudge.sentences` (the row's own pre-split sentences are ignored, since the point
is to time our splitter), and prints rows/s, kchar/s and peak memory. Then it scores
sentence-boundary agreement (precision, recall, F1) with RAGBench's `documents_sentences`,
which is a reference with quirks of its own, not a gold standard. If pysbd happens to be
importable it is scored the same way (it is not a dependency: `pip install pysbd` for the
bench only). Then it scores our gold files in tests/data, and the paragraphs of ten languages
in bench/data/split_gold_ud.jsonl (Universal Dependencies train/dev sentences, see the
README): exact-paragraph rate and sentence-boundary F1 per language, ours through
`ragjudge split --jsonl - --response --lang auto` in one process, pySBD beside it.

    python bench/bench_split.py [--data ../shared/data] [--limit N] [--ud-only]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterable
from pathlib import Path

import pandas as pd

from ragjudge.sentences import key_document, key_response, split

ROOT = Path(__file__).resolve().parent.parent
Splitter = Callable[[str], list[tuple[int, int]]]


def load_rows(data: Path, limit: int | None) -> list[tuple[list[str], str, list[list[str]]]]:
    rows = []
    for path in sorted(data.glob("ragbench-*/*/*.parquet")):
        frame = pd.read_parquet(path, columns=["documents", "response", "documents_sentences"])
        for docs, response, doc_sents in frame.itertuples(index=False):
            rows.append(
                (
                    [str(d) for d in docs],
                    str(response),
                    [[str(pair[1]) for pair in sents] for sents in doc_sents],
                )
            )
    return rows[:limit] if limit else rows


def time_keying(rows: list[tuple[list[str], str, list[list[str]]]]) -> None:
    chars = sum(len(d) for docs, _, _ in rows for d in docs) + sum(len(r) for _, r, _ in rows)
    split("Warm up. Punkt loads its parameters here.")  # nltk's import is timed separately
    t0 = time.perf_counter()
    n_sent = 0
    for docs, response, _ in rows:
        for i, doc in enumerate(docs):
            n_sent += len(key_document(doc, i))
        n_sent += len(key_response(response))
    elapsed = time.perf_counter() - t0
    print(
        f"split+key: {len(rows)} rows, {chars / 1000:.0f} kchar, {n_sent} sentences in "
        f"{elapsed:.2f} s -> {len(rows) / elapsed:.0f} rows/s, {chars / 1000 / elapsed:.0f} kchar/s"
    )
    tracemalloc.start()
    for docs, response, _ in rows[:300]:
        for i, doc in enumerate(docs):
            key_document(doc, i)
        key_response(response)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak traced memory while keying 300 rows: {peak / 1e6:.1f} MB; peak RSS {rss:.0f} MB")


def _visible(text: str) -> str:
    return "".join(text.split())


def reference_starts(doc: str, sentences: list[str]) -> set[int] | None:
    """Where reference sentences start (after the first), counted in non-whitespace characters.

    RAGBench re-spaces some sentences (a newline becomes a space), so both segmentations are
    compared in a whitespace-free coordinate; documents whose visible text differs are skipped.
    """
    starts = []
    count = 0
    for sent in sentences:
        starts.append(count)
        count += len(_visible(sent))
    if "".join(_visible(x) for x in sentences) != _visible(doc):
        return None
    return set(starts[1:])


def visible_starts(doc: str, spans: list[tuple[int, int]]) -> set[int]:
    """Span starts (after the first) in the same whitespace-free coordinate."""
    out = set()
    seen = 0
    pos = 0
    for i, (s, e) in enumerate(spans):
        seen += len(_visible(doc[pos:s]))
        if i:
            out.add(seen)
        seen += len(_visible(doc[s:e]))
        pos = e
    return out


def agreement(rows: Iterable[tuple[list[str], str, list[list[str]]]], splitter: Splitter) -> str:
    tp = fp = fn = skipped = 0
    for docs, _, doc_sents in rows:
        for doc, sents in zip(docs, doc_sents, strict=False):
            ref = reference_starts(doc, sents)
            if ref is None:
                skipped += 1
                continue
            ours = visible_starts(doc, splitter(doc))
            tp += len(ours & ref)
            fp += len(ours - ref)
            fn += len(ref - ours)
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    return f"P {p:.3f} R {r:.3f} F1 {f1:.3f} ({skipped} unalignable documents skipped)"


def gold_score(splitter: Splitter, path: Path) -> str:
    cases = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    exact = 0
    for case in cases:
        got = [case["text"][s:e] for s, e in splitter(case["text"])]
        exact += got == case["sentences"]
    return f"{exact}/{len(cases)} exact"


UD_GOLD = ROOT / "bench" / "data" / "split_gold_ud.jsonl"
UD_LANGS = ("en", "de", "fr", "es", "it", "pt", "ru", "zh", "ja", "ko")
#: pySBD has no Portuguese or Korean rules; it splits those with its English ones
PYSBD_LANG = {"pt": "en", "ko": "en"}


def gold_boundaries(sentences: list[str]) -> set[int]:
    """Where gold sentences start (after the first), in non-whitespace characters."""
    starts, count = set(), 0
    for i, sent in enumerate(sentences):
        if i:
            starts.add(count)
        count += len(_visible(sent))
    return starts


def cli_spans(texts: list[str]) -> list[list[tuple[int, int]]]:
    """Our spans for every text, from one `ragjudge split --jsonl -` process."""
    lines = "".join(json.dumps({"text": t}, ensure_ascii=False) + "\n" for t in texts)
    done = subprocess.run(
        [sys.executable, "-m", "ragjudge", "split", "--jsonl", "-", "--response", "--lang", "auto"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
    )
    out = [json.loads(line) for line in done.stdout.splitlines()]
    return [[(s["start"], s["end"]) for s in o["sentences"]] for o in out]


def ud_scores(rows: list[dict[str, object]], spans: list[list[tuple[int, int]]]) -> tuple:
    """(paragraphs, gold boundaries, exact-paragraph rate, boundary F1) over `rows`."""
    tp = fp = fn = exact = boundaries = 0
    for row, got in zip(rows, spans, strict=True):
        text, sentences = str(row["text"]), list(row["sentences"])  # type: ignore[call-overload]
        gold = gold_boundaries(sentences)
        ours = visible_starts(text, got)
        boundaries += len(gold)
        tp += len(ours & gold)
        fp += len(ours - gold)
        fn += len(gold - ours)
        exact += [text[s:e] for s, e in got] == sentences
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    return len(rows), boundaries, exact / len(rows), f1


def ud_report() -> None:
    rows = [json.loads(line) for line in UD_GOLD.read_text("utf-8").splitlines() if line.strip()]
    t0 = time.perf_counter()
    ours_all = cli_spans([str(r["text"]) for r in rows])
    elapsed = time.perf_counter() - t0
    print(
        f"\nUD paragraphs ({UD_GOLD.name}): ours through one `ragjudge split --jsonl -` process"
        f" ({len(rows)} paragraphs in {elapsed:.1f} s)"
    )
    print(
        f"{'lang':<5}{'paras':>6}{'bounds':>7}  {'ours exact':>10} {'ours F1':>8}"
        f"  {'pySBD exact':>11} {'pySBD F1':>8}"
    )
    ours_f1, sbd_f1 = [], []
    for lang in UD_LANGS:
        idx = [i for i, r in enumerate(rows) if r["lang"] == lang]
        if not idx:
            continue
        sub = [rows[i] for i in idx]
        n, b, ex, f1 = ud_scores(sub, [ours_all[i] for i in idx])
        ours_f1.append(f1)
        line = f"{lang:<5}{n:>6}{b:>7}  {ex:>10.3f} {f1:>8.3f}"
        sbd = pysbd_splitter(PYSBD_LANG.get(lang, lang))
        if sbd:
            _, _, sex, sf1 = ud_scores(sub, [sbd(str(r["text"])) for r in sub])
            sbd_f1.append(sf1)
            line += f"  {sex:>11.3f} {sf1:>8.3f}"
        print(line)
    line = f"{'mean':<5}{'':>6}{'':>7}  {'':>10} {sum(ours_f1) / len(ours_f1):>8.3f}"
    if sbd_f1:
        line += f"  {'':>11} {sum(sbd_f1) / len(sbd_f1):>8.3f}"
    print(line)


def pysbd_splitter(lang: str) -> Splitter | None:
    try:
        import pysbd
    except ImportError:
        return None
    seg = pysbd.Segmenter(language=lang, clean=False, char_span=True)

    def run(text: str) -> list[tuple[int, int]]:
        spans = []
        for span in seg.segment(text):
            s, e = span.start, span.end
            while s < e and text[s].isspace():
                s += 1
            while e > s and text[e - 1].isspace():
                e -= 1
            if e > s:
                spans.append((s, e))
        return spans

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--ud-only", action="store_true", help="only the UD paragraphs")
    args = parser.parse_args()
    if args.ud_only:
        ud_report()
        return

    t0 = time.perf_counter()
    import nltk.tokenize.punkt  # noqa: F401  (the one slow import, paid once per process)

    print(f"import nltk: {time.perf_counter() - t0:.2f} s")
    if args.data.is_dir():
        t0 = time.perf_counter()
        rows = load_rows(args.data, args.limit)
        print(f"load parquet: {len(rows)} rows in {time.perf_counter() - t0:.2f} s")
        time_keying(rows)
        print(f"agreement with documents_sentences, ours:  {agreement(rows, split)}")
        sbd = pysbd_splitter("en")
        if sbd:
            print(
                f"agreement with documents_sentences, pysbd: {agreement(rows[:500], sbd)}"
                " (first 500 rows)"
            )
            print(
                f"agreement with documents_sentences, ours:  {agreement(rows[:500], split)}"
                " (first 500 rows)"
            )
    else:
        print(f"no RAGBench rows at {args.data}", file=sys.stderr)

    big = ("Dr. Smith arrived at 3.5 p.m. on Jan. 5. He left (quietly) 😀 ... " * 16_000)[
        :1_000_000
    ]
    t0 = time.perf_counter()
    n = len(split(big))
    print(f"1 MB single line: {n} sentences in {time.perf_counter() - t0:.2f} s")

    for name in ("split_gold_en.jsonl", "split_gold_ja.jsonl"):
        path = ROOT / "tests" / "data" / name
        lang = "ja" if name.endswith("ja.jsonl") else "en"
        line = f"gold {name}: ours {gold_score(split, path)}"
        sbd = pysbd_splitter(lang)
        if sbd:
            line += f", pysbd {gold_score(sbd, path)}"
        print(line)

    ud_report()


if __name__ == "__main__":
    main()
