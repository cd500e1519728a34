"""Benchmark the offline judge on RAGBench validation rows and print a table.

    python bench/bench_offline.py [--data ../shared/data] [--loso]

Per validation subset: hallucination-detection AUROC (label: `adherence_score` is False, score:
1 − support_score) of the shipped model (in-sample: it was trained on these rows) and the
leave-one-subset-out (LOSO) estimate, next to the baselines stored in the rows
(`ragas_faithfulness`, `trulens_groundedness`, `gpt3_adherence`; rows without a prediction
dropped); sentence-level AUROC against labelled unsupported sentences; accuracy of
`overall_supported`; F1 of the relevant keys; mean and max CPU milliseconds per example.

The LOSO figures are those the training script measured and stored in the model file;
`--loso` refits them here (needs scikit-learn).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "training"))

from train_offline import (  # noqa: E402
    DEFAULT_DATA,
    SUBSETS,
    build_table,
    keyed_from_row,
    loso,
    unsupported_keys,
)

from ragjudge.judges.offline import OfflineJudge  # noqa: E402

BASELINES = ("ragas_faithfulness", "trulens_groundedness", "gpt3_adherence")


def auroc(labels: np.ndarray, scores: np.ndarray) -> float:
    """Rank-based AUROC: the chance a random positive scores above a random negative
    (ties count one half)."""
    labels = np.asarray(labels, dtype=bool)
    scores = np.asarray(scores, dtype=float)
    pos = int(labels.sum())
    neg = len(labels) - pos
    if pos == 0 or neg == 0:
        return float("nan")
    order = np.argsort(scores, kind="mergesort")
    sorted_scores = scores[order]
    ranks = np.empty(len(scores))
    i = 0
    while i < len(scores):
        j = i
        while j + 1 < len(scores) and sorted_scores[j + 1] == sorted_scores[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return float((ranks[labels].sum() - pos * (pos + 1) / 2) / (pos * neg))


def fmt(x: float) -> str:
    return "  n/a" if x != x else f"{x:5.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--loso", action="store_true", help="refit the LOSO models here")
    args = parser.parse_args(argv)

    judge = OfflineJudge()
    stored = (judge.model.meta or {}).get("loso", {})
    if args.loso:
        figures, _ = loso(build_table(args.data), judge.model.kind)
        stored = figures
    print(f"judge {judge.identity()['model']}, threshold {judge.threshold}")
    header = (
        f"{'subset':<11}{'rows':>5}{'hal%':>5} | {'ours':>5}{'LOSO':>6}"
        + "".join(f"{b.split('_')[0][:6]:>7}" for b in BASELINES)
        + f" | {'sent':>5}{'LOSO':>6} | {'acc':>5}{'relF1':>6} | {'ms/ex':>6}{'max':>6}"
    )
    print(header)
    print("-" * len(header))
    all_ms: list[float] = []
    for subset in SUBSETS:
        paths = sorted((args.data / "ragbench-validation" / subset).glob("*.parquet"))
        if not paths:
            continue
        df = pd.read_parquet(paths[0])
        hallucinated = ~df["adherence_score"].astype(bool).to_numpy()
        scores, ms, correct = [], [], []
        sent_bad, sent_p, rel_f1 = [], [], []
        for (_, row), halluc in zip(df.iterrows(), hallucinated, strict=True):
            item = keyed_from_row(row)
            # CPU time of this thread: the one-core cost, unaffected by other load on the machine
            start = time.thread_time()
            out = judge.judge(item)
            ms.append(1000 * (time.thread_time() - start))
            scores.append(out["support_score"])
            correct.append(out["overall_supported"] != halluc)
            bad = unsupported_keys(row)
            for info in out["sentence_support_information"]:
                sent_bad.append(info["response_sentence_key"] in bad)
                sent_p.append(info["probability"])
            gold = {str(k) for k in row["all_relevant_sentence_keys"]}
            pred = set(out["all_relevant_sentence_keys"])
            if gold or pred:
                rel_f1.append(2 * len(gold & pred) / (len(gold) + len(pred)))
        all_ms += ms
        base = []
        for col in BASELINES:
            have = df[col].notna().to_numpy()
            base.append(
                auroc(hallucinated[have], 1 - df[col].to_numpy()[have]) if have.any() else np.nan
            )
        lo = stored.get(subset, {})
        print(
            f"{subset:<11}{len(df):>5}{100 * hallucinated.mean():>5.0f} | "
            f"{fmt(auroc(hallucinated, 1 - np.asarray(scores)))} "
            f"{fmt(lo.get('example_auroc', np.nan))}"
            + "".join(f"  {fmt(b)}" for b in base)
            + f" | {fmt(auroc(np.asarray(sent_bad), 1 - np.asarray(sent_p)))} "
            f"{fmt(lo.get('sentence_auroc', np.nan))}"
            f" | {fmt(float(np.mean(correct)))} {fmt(float(np.mean(rel_f1)))}"
            f" | {np.mean(ms):6.2f}{np.max(ms):6.1f}"
        )
    print(f"\nmean {np.mean(all_ms):.2f} ms/example (CPU, one core) over {len(all_ms)} rows")
    print(
        "ours: shipped model (trained on these rows, in-sample); LOSO: model trained without "
        "the subset's domain; baselines: AUROC of 1 - stored prediction; sent: sentence-level "
        "AUROC; acc: overall_supported vs adherence_score; relF1: relevant keys F1."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
