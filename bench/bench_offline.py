"""Benchmark the offline judge on the RAGBench rows in ../shared/data and print tables.

    python bench/bench_offline.py [--data ../shared/data] [--skip-loso]

1. Leave-one-subset-out (LOSO): for each validation subset, the model is fitted on the other
   six domains only (emanual-train counts as emanual), with the shipped recipe (sentence scorer,
   example combiner, calibration, balanced threshold) and with the previous recipe (weakest
   sentence probability as the support score, a fixed sentence threshold of 0.88 and the hand
   rules that raised refusals and framing sentences to it and halved sentences with a number
   missing from the documents). Per subset: hallucination AUROC, balanced accuracy and flagged
   rate of the verdicts, estimated (mean of 1 - support_score) against true hallucination rate,
   and expected calibration error over 10 bins.
2. The shipped model itself on every validation row (in-sample: it was trained on them), with
   two baselines: `gpt3_adherence`, the LLM-based evaluator stored in the rows, and plain word
   overlap (the share of the answer's words that no document has; nothing learned, so its
   figure is out of sample), and the CPU time per example.

Needs scikit-learn (`pip install -e '.[train]'`) for the LOSO refits.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "training"))

import train_offline as T  # noqa: E402

from ragjudge.judges.offline import OfflineJudge  # noqa: E402

PREVIOUS_THRESHOLD = 0.88
_WORD = re.compile(r"\w+")


def word_overlap_miss(row: T.Row) -> float:
    """The word-overlap baseline: the share of the answer's words (lower-cased, every word
    counts) that appear in no document; higher means more likely hallucinated."""
    example = row.item.example
    known = {w.lower() for d in example.documents for w in _WORD.findall(d.text)}
    said = [w.lower() for w in _WORD.findall(example.response)]
    return sum(w not in known for w in said) / len(said) if said else 0.0


PREVIOUS_C = 0.3


def previous_support(model: T.Linear, row: T.Row) -> tuple[float, bool]:
    """The previous judge's support score (weakest sentence probability after its hand
    rules) and verdict (flagged when a sentence falls below the fixed threshold)."""
    if not len(row.x):
        return 1.0, False
    names = list(T.FEATURE_NAMES)
    p = 1.0 / (1.0 + np.exp(-model.log_odds(row.x)))
    raised = (row.x[:, names.index("refusal")] > 0) | (row.x[:, names.index("general")] > 0)
    halved = row.x[:, names.index("any_number_missing")] > 0
    p = np.where(raised, np.maximum(p, PREVIOUS_THRESHOLD), np.where(halved, p * 0.5, p))
    return float(p.min()), bool((p < PREVIOUS_THRESHOLD).any())


def loso_previous(rows: list[T.Row]) -> tuple[np.ndarray, np.ndarray]:
    """Hallucination probability (1 - support score) and verdicts of the previous recipe."""
    p = np.zeros(len(rows))
    flagged = np.zeros(len(rows), dtype=bool)
    subsets = np.asarray([r.subset for r in rows])
    for subset in T.SUBSETS:
        train = np.flatnonzero(subsets != subset)
        x, y, groups = T.sentence_table(rows, train)
        model = T.fit_linear(x, y, T.subset_weights(groups), PREVIOUS_C)
        for i in np.flatnonzero(subsets == subset):
            support, flag = previous_support(model, rows[i])
            p[i], flagged[i] = 1.0 - support, flag
    return p, flagged


def print_pair(shipped: dict[str, dict[str, float]], previous: dict[str, dict[str, float]]) -> None:
    cols = ("auroc", "balanced_accuracy", "flagged_rate", "estimated_rate", "ece")
    print(
        f"{'subset':<11}{'rows':>5}{'true':>6} | "
        + " ".join(f"{c[:8]:>8}" for c in cols)
        + "  (shipped) | "
        + " ".join(f"{c[:8]:>8}" for c in cols)
        + "  (previous)"
    )
    for name in shipped:
        s, p = shipped[name], previous[name]
        print(
            f"{name:<11}{s['rows']:>5}{s['true_rate']:>6.3f} | "
            + " ".join(f"{s[c]:>8.3f}" for c in cols)
            + "            | "
            + " ".join(f"{p[c]:>8.3f}" for c in cols)
        )


def in_sample(rows: list[T.Row]) -> None:
    judge = OfflineJudge()
    print(
        f"\nshipped model {judge.identity()['model']} on the validation rows (in-sample), "
        f"threshold {judge.threshold:.4f} on support_score"
    )
    print(f"{'subset':<11}{'rows':>5}{'AUROC':>7}{'gpt3':>7}{'overlap':>8}{'flag':>7}{'true':>7}"
          f"{'est':>7}{'ms/ex':>7}{'max':>7}")  # fmt: skip
    all_ms: list[float] = []
    for subset in T.SUBSETS:
        chosen = [r for r in rows if r.subset == subset and r.split == "validation"]
        if not chosen:
            continue
        scores, flags, ms, gpt3 = [], [], [], []
        for row in chosen:
            start = time.thread_time()
            out = judge.judge(row.item)
            ms.append(1000 * (time.thread_time() - start))
            scores.append(out["support_score"])
            flags.append(not out["overall_supported"])
            gpt3.append(row.item.example.metadata.get("gpt3_adherence"))
        y = np.asarray([r.hallucinated for r in chosen])
        have = np.asarray([g is not None and g == g for g in gpt3])
        base = (
            T.auroc(y[have], 1 - np.asarray([g for g in gpt3 if g is not None and g == g], float))
            if have.any()
            else float("nan")
        )
        overlap = T.auroc(y, np.asarray([word_overlap_miss(r) for r in chosen]))
        all_ms += ms
        print(
            f"{subset:<11}{len(chosen):>5}{T.auroc(y, 1 - np.asarray(scores)):>7.3f}{base:>7.3f}"
            f"{overlap:>8.3f}{np.mean(flags):>7.3f}{y.mean():>7.3f}{1 - np.mean(scores):>7.3f}"
            f"{np.mean(ms):>7.2f}{np.max(ms):>7.1f}"
        )
    print(f"mean {np.mean(all_ms):.2f} ms per example (CPU of one thread) over {len(all_ms)} rows")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=T.DEFAULT_DATA)
    parser.add_argument("--skip-loso", action="store_true", help="only the in-sample table")
    args = parser.parse_args(argv)

    rows = T.load_rows(args.data, T.lexical_features)
    if not args.skip_loso:
        print("leave one subset out: each subset judged by models fitted on the other six")
        p_new, flag_new, _ = T.loso_predictions(rows)
        shipped = T.figures_by_subset(rows, p_new, flag_new)
        p_old, flagged_old = loso_previous(rows)
        # the previous verdict is its own rule (a sentence below 0.88), not a cut on p_old
        previous = T.figures_by_subset(rows, np.where(flagged_old, 1.0, 0.0), flagged_old, p_old)
        for name, figures in previous.items():
            mask = _mask(rows, name)
            figures["estimated_rate"] = float(p_old[mask].mean())
            figures["ece"] = T.ece(np.asarray([r.hallucinated for r in rows])[mask], p_old[mask])
        print_pair(shipped, previous)
    in_sample(rows)
    return 0


def _mask(rows: list[T.Row], name: str) -> np.ndarray:
    val = np.asarray([r.split == "validation" for r in rows])
    if name == "all":
        return val
    return val & (np.asarray([r.subset for r in rows]) == name)


if __name__ == "__main__":
    sys.exit(main())
