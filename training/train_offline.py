"""Train the offline judge's sentence-support model on RAGBench rows and write
`ragjudge/data/offline_model.json`.

    python training/train_offline.py [--data ../shared/data] [--kind trees|logistic] [--dry-run]

Reads emanual-train and the seven validation subsets, computes the judge's own features
(`ragjudge.judges._features`), reports leave-one-subset-out (LOSO) AUROC for every validation
subset (the held-out subset's domain is left out entirely, emanual-train included), then fits
the shipped model on all rows. Every subset gets the same total sample weight so the large
emanual-train split does not dominate. scikit-learn is needed here only.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ragjudge.judges._features import FEATURE_NAMES, example_features
from ragjudge.judges._model import apply_rules, model_from_dict
from ragjudge.types import Example, KeyedExample, Sentence

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data"
MODEL_PATH = ROOT / "ragjudge" / "data" / "offline_model.json"
SUBSETS = ("covidqa", "delucionqa", "emanual", "expertqa", "hagrid", "hotpotqa", "msmarco")
MODEL_VERSION = "1"


def keyed_from_row(row: Any) -> KeyedExample:
    """A KeyedExample from one RAGBench row, keyed sentences taken verbatim."""
    documents = tuple(
        tuple(Sentence(str(k), str(t)) for k, t in doc) for doc in row["documents_sentences"]
    )
    response = tuple(Sentence(str(k), str(t)) for k, t in row["response_sentences"])
    example = Example(
        id=str(row["id"]),
        question=str(row["question"]),
        documents=(),
        response=str(row["response"]),
    )
    return KeyedExample(example=example, documents=documents, response=response)


def unsupported_keys(row: Any) -> set[str]:
    """Response sentences labelled unsupported: listed as such, or marked not fully supported,
    or given no supporting key at all."""
    keys = {str(k) for k in row["unsupported_response_sentence_keys"]}
    for info in row["sentence_support_information"]:
        if info["fully_supported"] is False or len(info["supporting_sentence_keys"]) == 0:
            keys.add(str(info["response_sentence_key"]))
    return keys


def iter_rows(data: Path) -> Iterator[tuple[str, str, pd.DataFrame]]:
    """(subset, split, rows) for emanual-train and every validation subset present."""
    for split in ("train", "validation"):
        for subset in SUBSETS:
            for path in sorted((data / f"ragbench-{split}" / subset).glob("*.parquet")):
                yield subset, split, pd.read_parquet(path)


@dataclass
class Table:
    """Sentence-level features and labels, with the row each sentence came from."""

    x: np.ndarray
    y: np.ndarray  # 1 = supported
    group: np.ndarray  # subset name
    split: np.ndarray
    row: np.ndarray  # global row index
    row_subset: list[str]
    row_split: list[str]
    row_hallucinated: np.ndarray


def build_table(data: Path) -> Table:
    xs: list[list[float]] = []
    ys: list[int] = []
    groups: list[str] = []
    splits: list[str] = []
    rows: list[int] = []
    row_subset: list[str] = []
    row_split: list[str] = []
    row_halluc: list[bool] = []
    for subset, split, df in iter_rows(data):
        for _, r in df.iterrows():
            item = keyed_from_row(r)
            bad = unsupported_keys(r)
            row_id = len(row_subset)
            row_subset.append(subset)
            row_split.append(split)
            row_halluc.append(not bool(r["adherence_score"]))
            for sentence, feats in zip(item.response, example_features(item), strict=True):
                xs.append(feats.features)
                ys.append(0 if sentence.key in bad else 1)
                groups.append(subset)
                splits.append(split)
                rows.append(row_id)
    return Table(
        np.asarray(xs, dtype=float),
        np.asarray(ys),
        np.asarray(groups),
        np.asarray(splits),
        np.asarray(rows),
        row_subset,
        row_split,
        np.asarray(row_halluc),
    )


def auroc(labels: np.ndarray, scores: np.ndarray) -> float:
    """Rank-based AUROC (ties share their mean rank)."""
    labels = np.asarray(labels, dtype=bool)
    pos = labels.sum()
    neg = len(labels) - pos
    if pos == 0 or neg == 0:
        return float("nan")
    ranks = pd.Series(scores).rank(method="average").to_numpy()
    return float((ranks[labels].sum() - pos * (pos + 1) / 2) / (pos * neg))


def balanced_weights(groups: np.ndarray) -> np.ndarray:
    names, counts = np.unique(groups, return_counts=True)
    per = dict(zip(names, len(groups) / (len(names) * counts), strict=True))
    return np.asarray([per[g] for g in groups])


def fit(kind: str, x: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, Any]:
    """Fit a model and return its JSON-ready description (threshold filled in later)."""
    if kind == "logistic":
        from sklearn.linear_model import LogisticRegression

        mean = x.mean(axis=0)
        scale = x.std(axis=0)
        scale[scale == 0] = 1.0
        lr = LogisticRegression(C=0.3, max_iter=2000)
        lr.fit((x - mean) / scale, y, sample_weight=w)
        return {
            "kind": "logistic",
            "mean": mean.tolist(),
            "scale": scale.tolist(),
            "coef": lr.coef_[0].tolist(),
            "intercept": float(lr.intercept_[0]),
        }
    from sklearn.ensemble import GradientBoostingClassifier

    gb = GradientBoostingClassifier(
        n_estimators=150,
        max_depth=3,
        learning_rate=0.05,
        subsample=0.8,
        min_samples_leaf=20,
        random_state=0,
    )
    gb.fit(x, y, sample_weight=w)
    prior = float(gb._raw_predict_init(x[:1])[0, 0])
    trees = []
    for est in gb.estimators_[:, 0]:
        t = est.tree_
        trees.append(
            {
                "feature": t.feature.tolist(),
                "threshold": [round(float(v), 6) for v in t.threshold],
                "left": t.children_left.tolist(),
                "right": t.children_right.tolist(),
                "value": [round(float(v), 6) for v in t.value[:, 0, 0]],
            }
        )
    return {
        "kind": "trees",
        "intercept": prior,
        "learning_rate": gb.learning_rate,
        "trees": trees,
    }


def predict(spec: dict[str, Any], x: np.ndarray, threshold: float | None = None) -> np.ndarray:
    """Probabilities through the run-time evaluator, so training measures what ships; with a
    threshold, the judge's hand rules are applied too."""
    model = model_from_dict(
        {"version": "tmp", "features": list(FEATURE_NAMES), "threshold": 0.5, **spec}
    )
    p = [model.probability(row) for row in x.tolist()]
    if threshold is not None:
        rows = x.tolist()
        p = [apply_rules(pi, r, FEATURE_NAMES, threshold) for pi, r in zip(p, rows, strict=True)]
    return np.asarray(p)


def example_scores(table: Table, p: np.ndarray) -> np.ndarray:
    """Support score per row: the weakest sentence's probability (1.0 for no sentences)."""
    score = np.ones(len(table.row_subset))
    np.minimum.at(score, table.row, p)
    return score


def best_threshold(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    """The probability cut that maximises weighted balanced accuracy of sentence support."""
    best_t, best = 0.5, -1.0
    for t in np.linspace(0.05, 0.95, 91):
        pred = p >= t
        tpr = np.sum(w * (pred & (y == 1))) / np.sum(w * (y == 1))
        tnr = np.sum(w * (~pred & (y == 0))) / np.sum(w * (y == 0))
        if (tpr + tnr) / 2 > best:
            best, best_t = (tpr + tnr) / 2, float(t)
    return round(best_t, 3)


def loso(table: Table, kind: str) -> tuple[dict[str, dict[str, float]], float]:
    """Leave-one-subset-out AUROC per validation subset, with the judge's rules applied at the
    sentence threshold chosen on the out-of-fold probabilities; returns figures and threshold."""
    oof = np.full(len(table.y), np.nan)
    models: dict[str, dict[str, Any]] = {}
    for subset in SUBSETS:
        test = (table.group == subset) & (table.split == "validation")
        if not test.any():
            continue
        train = table.group != subset
        models[subset] = fit(
            kind, table.x[train], table.y[train], balanced_weights(table.group[train])
        )
        oof[test] = predict(models[subset], table.x[test])
    valid = ~np.isnan(oof)
    threshold = best_threshold(table.y[valid], oof[valid], balanced_weights(table.group[valid]))
    out: dict[str, dict[str, float]] = {}
    for subset, spec in models.items():
        test = (table.group == subset) & (table.split == "validation")
        oof[test] = predict(spec, table.x[test], threshold)
        out[subset] = figures(table, oof, test)
    return out, threshold


def figures(table: Table, p: np.ndarray, mask: np.ndarray) -> dict[str, float]:
    rows = np.unique(table.row[mask])
    scores = example_scores(table, np.where(mask, p, 1.0))[rows]
    return {
        "example_auroc": auroc(table.row_hallucinated[rows], 1 - scores),
        "sentence_auroc": auroc(table.y[mask] == 0, 1 - p[mask]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--kind", choices=("trees", "logistic"), default="trees")
    parser.add_argument("--dry-run", action="store_true", help="report LOSO, write nothing")
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args(argv)

    table = build_table(args.data)
    print(f"{len(table.row_subset)} rows, {len(table.y)} sentences, "
          f"{int((table.y == 0).sum())} unsupported")  # fmt: skip
    results, threshold = loso(table, args.kind)
    print(f"{'subset':<12}{'LOSO ex AUROC':>15}{'LOSO sent AUROC':>17}")
    for subset, fig in results.items():
        print(f"{subset:<12}{fig['example_auroc']:>15.3f}{fig['sentence_auroc']:>17.3f}")
    print(f"threshold (LOSO balanced accuracy): {threshold}")
    if args.dry_run:
        return 0

    spec = fit(args.kind, table.x, table.y, balanced_weights(table.group))
    model = {
        "version": MODEL_VERSION,
        "features": list(FEATURE_NAMES),
        "threshold": threshold,
        **spec,
        "meta": {
            "trained_on": "RAGBench emanual train + covidqa, delucionqa, emanual, expertqa, "
            "hagrid, hotpotqa, msmarco validation",
            "label": "sentence supported (not in unsupported_response_sentence_keys)",
            "loso": {k: {m: round(v, 4) for m, v in f.items()} for k, f in results.items()},
        },
    }
    args.out.write_text(json.dumps(model, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
