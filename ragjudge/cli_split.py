"""`ragjudge split`: a text (or one JSON text per line) into keyed sentences, as stage 2 keys
them, printed as key and sentence, JSON, or JSON lines with character offsets.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ragjudge.errors import UsageError
from ragjudge.sentences.languages import LANGS

LANG_HELP = "sentence rules: auto (detect per text) or a language code (default auto)"


def add_split_parser(sub: Any) -> None:
    p = sub.add_parser("split", help="split a text into keyed sentences")
    p.add_argument("text", nargs="?", default="-", help="the text, or - to read standard input")
    p.add_argument("--lang", default="auto", choices=LANGS, help=LANG_HELP)
    p.add_argument("--json", action="store_true", help="print [[key, sentence], …]")
    p.add_argument(
        "--jsonl",
        metavar="FILE",
        help='split one {"text": …} per line of FILE (or - for standard input) and print one '
        '{"sentences": [{key, text, start, end}, …]} line per input line',
    )
    who = p.add_mutually_exclusive_group()
    who.add_argument("--doc-index", type=int, default=0, help="key as document N (default 0)")
    who.add_argument("--response", action="store_true", help="key as a response (a, b, …)")
    p.set_defaults(func=_cmd_split)


def _cmd_split(args: argparse.Namespace) -> int:
    from ragjudge.api import split
    from ragjudge.types import Sentence

    if not args.response and args.doc_index < 0:
        raise UsageError("--doc-index must be 0 or more")

    def key(text: str) -> tuple[Sentence, ...]:
        return split(text, lang=args.lang, doc_index=args.doc_index, response=args.response)

    if args.jsonl is not None:
        return _split_jsonl(args.jsonl, key)
    text = sys.stdin.read() if args.text == "-" else args.text
    sentences = key(text)
    if args.json:
        print(json.dumps([[s.key, s.text] for s in sentences], ensure_ascii=False))
    else:
        for s in sentences:
            print(f"{s.key}\t{' '.join(s.text.split())}")
    return 0


def _split_jsonl(source: str, key: Any) -> int:
    """One `{"text": …}` per input line in, one `{"sentences": […]}` per line out.

    A line that cannot be read prints `{"error": …, "line": N}` in its place, so output line N
    always answers input line N; the exit code is then 2. Blank lines are skipped.
    """
    stream = sys.stdin if source == "-" else _open_text(source)
    failed = False
    try:
        for number, line in enumerate(stream, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                text = item["text"] if isinstance(item, dict) else None
                if not isinstance(text, str):
                    raise ValueError('each line must be a JSON object with a string "text"')
            except (ValueError, KeyError) as exc:
                failed = True
                message = str(exc) if isinstance(exc, ValueError) else f"missing key {exc}"
                print(json.dumps({"error": message, "line": number}, ensure_ascii=False))
                continue
            sentences = [
                {"key": s.key, "text": s.text, "start": s.start, "end": s.end} for s in key(text)
            ]
            print(json.dumps({"sentences": sentences}, ensure_ascii=False), flush=False)
    finally:
        if stream is not sys.stdin:
            stream.close()
    sys.stdout.flush()
    return 2 if failed else 0


def _open_text(path: str) -> Any:
    try:
        return open(path, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
