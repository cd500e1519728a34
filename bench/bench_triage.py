"""How much of the LLM judge's agreement triage keeps, by the share of rows escalated.

    python bench/bench_triage.py [--data ../shared/data] [--out bench/triage.svg]

Joins the seven RAGBench validation subsets in ../shared/data into one batch and serves
RAGBench's recorded GPT-4 judgment of each row from a local OpenAI-compatible server (the
tests' server, over real HTTP, through the LangChain client). Then runs
`ragjudge eval --judge openai:gpt-4-recorded --triage offline --escalate F` for F from 0 to 1
with one shared cache (each row is asked for once over the whole sweep) and prints, for each F:
the share of rows escalated, the calls made, and the agreement of the final verdicts with the
LLM judge's own verdicts (F = 1) and with RAGBench's adherence labels: balanced accuracy and
accuracy. Writes the curve as an SVG plot.

The offline judge was trained on these rows, so its share of those figures is optimistic. With
`--out-of-fold` (needs `pip install -e '.[train]'`), the sweep is also simulated with the
offline probabilities of a model refitted without each row's fold (training/train_offline.py,
folds grouped by question): escalated rows take the LLM judge's verdict, the others the
out-of-fold verdict.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ragjudge.cli import main as ragjudge  # noqa: E402
from ragjudge.dataset import load_examples  # noqa: E402
from ragjudge.prompt import format_response, one_line  # noqa: E402
from ragjudge.sentences import key_example  # noqa: E402
from tests.openai_server import OpenAIServer, prompt_text  # noqa: E402

SUBSETS = ("covidqa", "delucionqa", "emanual", "expertqa", "hagrid", "hotpotqa", "msmarco")
FRACTIONS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0)


def joined_rows(data: Path, folder: Path) -> Path:
    frames = []
    for subset in SUBSETS:
        for path in sorted((data / "ragbench-validation" / subset).glob("*.parquet")):
            frames.append(pd.read_parquet(path))
    path = folder / "ragbench-validation.parquet"
    pd.concat(frames, ignore_index=True).to_parquet(path)
    return path


def recorded_answers(path: Path) -> dict[str, str]:
    """The recorded judgment of each row, by the question and keyed response of its prompt."""
    examples, errors = load_examples(path)
    assert not errors, errors[:3]
    answers = {}
    for ex in examples:
        key = one_line(ex.question) + "\n" + format_response(key_example(ex))
        answers[key] = json.dumps(ex.recorded)
    return answers


def _block(text: str, name: str) -> str:
    start = text.find(f"<<<{name}\n")
    end = text.find(f"\n{name}>>>", start)
    return text[start + len(name) + 4 : end] if start >= 0 and end >= 0 else ""


def balanced(truth: np.ndarray, flagged: np.ndarray) -> tuple[float, float]:
    tpr = flagged[truth].mean() if truth.any() else float("nan")
    tnr = (~flagged[~truth]).mean() if (~truth).any() else float("nan")
    return float((tpr + tnr) / 2), float((flagged == truth).mean())


def plot(rows: list[dict[str, float]], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    share = [100 * r["escalated"] for r in rows]
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    ax.plot(share, [r["ba_llm"] for r in rows], marker="o", label="balanced accuracy vs LLM")
    ax.plot(share, [r["acc_llm"] for r in rows], marker="s", label="accuracy vs LLM")
    ax.plot(
        share, [r["ba_label"] for r in rows], ls="--", marker="o", label="balanced acc. vs labels"
    )
    ax.plot(share, [r["acc_label"] for r in rows], ls="--", marker="s", label="accuracy vs labels")
    ax.set_xlabel("rows escalated to the LLM judge (%)")
    ax.set_ylabel("agreement of the final verdicts")
    ax.set_ylim(0.5, 1.0)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    ax.set_title("Triage: offline screen, recorded GPT-4 judgments as the LLM", fontsize=10)
    fig.tight_layout()
    fig.savefig(out, format="svg")


def out_of_fold_sweep(data: Path, questions: list[str], llm_flagged: np.ndarray) -> None:
    """The sweep with out-of-fold offline probabilities of the validation rows (in the joined
    batch's order: `questions` checks it) and the LLM judge's verdicts of the same rows."""
    sys.path.insert(0, str(ROOT / "training"))
    import train_offline as tr

    from ragjudge.triage import choose_rows

    rows = tr.load_rows(data, tr.lexical_features)
    oof = tr.out_of_fold(rows, tr.folds_by_question(rows))
    y = np.asarray([r.hallucinated for r in rows])
    # the shipped model's scale: its calibrator read at each answer's out-of-fold score
    final = tr.fit_final(rows, oof)
    threshold = tr.shipped_threshold(final, tr.stable_cut(rows, oof))
    keep = [i for i, r in enumerate(rows) if r.split == "validation"]
    truth = y[keep]
    p = final.example_calibration(oof["raw"][keep])
    offline = p >= threshold
    assert [rows[i].item.example.question for i in keep] == questions, "rows out of order"
    llm = llm_flagged
    print(f"out of fold ({len(keep)} validation rows, offline threshold {threshold:.3f}):")
    print(f"{'escalate':>9} | {'BA/labels':>10}{'acc/labels':>11}")
    for fraction in FRACTIONS:
        chosen = choose_rows(enumerate(p.tolist()), threshold, fraction)
        flagged = np.where([j in chosen for j in range(len(keep))], llm, offline)
        ba, acc = balanced(truth, flagged)
        print(f"{fraction:>9.2f} | {ba:>10.3f}{acc:>11.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "triage.svg")
    parser.add_argument("--out-of-fold", action="store_true", help="also the out-of-fold sweep")
    args = parser.parse_args(argv)

    os.environ.setdefault("OPENAI_API_KEY", "bench")
    work = Path(tempfile.mkdtemp(prefix="ragjudge-triage-bench-"))
    data = joined_rows(args.data, work)
    answers = recorded_answers(data)

    def respond(body: dict[str, object]) -> str:
        text = prompt_text(body)  # type: ignore[arg-type]
        return answers[_block(text, "QUESTION") + "\n" + _block(text, "RESPONSE")]

    labels = ~pd.read_parquet(data, columns=["adherence_score"])["adherence_score"].astype(bool)
    truth_label = labels.to_numpy()
    results: list[dict[str, float]] = []
    cache = work / "cache.sqlite"
    with OpenAIServer(respond) as server:
        runs = {}
        for fraction in FRACTIONS:
            out = work / f"f{fraction:.2f}"
            before = len(server.requests)
            code = ragjudge(
                [
                    "eval", str(data), "--judge", "openai:gpt-4-recorded",
                    "--base-url", server.base_url, "--out", str(out), "--quiet",
                    "--cache", str(cache), "--concurrency", "16",
                    "--triage", "offline", "--escalate", str(fraction),
                ]
            )  # fmt: skip
            assert code == 0, f"eval failed at {fraction}"
            table = pd.read_csv(out / "examples.csv")
            runs[fraction] = (table, len(server.requests) - before)
    llm_flagged = ~runs[1.0][0]["adherence"].astype(bool).to_numpy()
    print(f"{len(truth_label)} rows, hallucination rate {truth_label.mean():.3f} (labels), "
          f"{llm_flagged.mean():.3f} (recorded GPT-4 verdicts)")  # fmt: skip
    print(f"{'escalate':>9}{'share':>7}{'calls':>7} | {'BA/LLM':>7}{'acc/LLM':>8} | "
          f"{'BA/labels':>10}{'acc/labels':>11}")  # fmt: skip
    for fraction, (table, calls) in runs.items():
        flagged = ~table["adherence"].astype(bool).to_numpy()
        share = float((table["judged_by"] != "offline").mean())
        ba_llm, acc_llm = balanced(llm_flagged, flagged)
        ba_label, acc_label = balanced(truth_label, flagged)
        results.append(
            {
                "fraction": fraction,
                "escalated": share,
                "ba_llm": ba_llm,
                "acc_llm": acc_llm,
                "ba_label": ba_label,
                "acc_label": acc_label,
            }
        )
        print(f"{fraction:>9.2f}{share:>7.3f}{calls:>7} | {ba_llm:>7.3f}{acc_llm:>8.3f} | "
              f"{ba_label:>10.3f}{acc_label:>11.3f}")  # fmt: skip
    plot(results, args.out)
    print(f"plot written to {args.out}")
    if args.out_of_fold:
        questions = pd.read_parquet(data, columns=["question"])["question"].tolist()
        out_of_fold_sweep(args.data, questions, llm_flagged)
    return 0


if __name__ == "__main__":
    sys.exit(main())
