"""Train the offline judge's model on RAGBench rows and write `ragjudge/data/offline_model.json`.

    python training/train_offline.py [--data ../shared/data] [--dry-run] [--out FILE]

Reads emanual-train and the seven validation subsets through ragjudge's own loader and keyer
(so the features are computed exactly as `ragjudge eval` computes them), then:

1. fits the **sentence scorer** (logistic regression on the evidence features; label: the
   sentence is supported in RAGBench's annotation; every subset gets the same total weight);
2. fits the **example combiner** (logistic regression from summaries of an answer's sentence
   log-odds to "the answer holds a hallucination") on out-of-fold sentence scores;
3. fits both **calibrators** (bagged isotonic regression, made strictly increasing) on out-of-fold
   predictions, and picks the **thresholds**: the example verdict's cut on the combiner's
   score with the best balanced accuracy on the out-of-fold answers among those that flag
   within 0.02 of the estimated rate (the median of that choice over five fold draws), read
   through the shipped calibrator; the sentence threshold where false alarms and misses
   balance on sentences.

Out-of-fold means five folds grouped by question (an answer never shares a question with its
training rows). It also reports leave-one-subset-out (LOSO) figures, where the held-out subset's
whole domain is left out of every step: those predict how the judge does on a domain it has
never seen. Both sets of figures are stored in the model file (`meta`). scikit-learn is needed
here only; the judge itself evaluates the model with numpy.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ragjudge.dataset import iter_examples  # noqa: E402
from ragjudge.judges._features import (  # noqa: E402
    FEATURE_NAMES,
    build_evidence,
    example_features,
    question_reading,
)
from ragjudge.judges._model import (  # noqa: E402
    Calibrator,
    Linear,
    OfflineModel,
    QuestionReading,
    combiner_inputs,
)
from ragjudge.sentences import key_example  # noqa: E402
from ragjudge.types import Example, KeyedExample  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data"
MODEL_PATH = ROOT / "ragjudge" / "data" / "offline_model.json"
SUBSETS = ("covidqa", "delucionqa", "emanual", "expertqa", "hagrid", "hotpotqa", "msmarco")
MODEL_VERSION = "2"
FOLDS = 5
SENTENCE_C = 0.03
COMBINER_C = 1.0
# how far the share of flagged answers may stray from the estimated rate
FLAG_TOLERANCE = 0.02
#: fold draws the verdict threshold is chosen on (the median of their choices): the balanced
#: accuracy is flat near its best, so one draw's choice moves by .03 from draw to draw
THRESHOLD_DRAWS = 5
#: bootstrap fits averaged into each calibrator, and the knots it is read at (`fit_calibrator`)
CALIBRATION_BAGS = 40
CALIBRATION_KNOTS = 48
#: what the example combiner reads (see `combiner_inputs`): a soft minimum of the sentences'
#: log-odds, so an answer's support never falls when one of its sentences gains support. The
#: weakest sentence beside it ranked answers no better (out of fold .751 with it and without,
#: leaving a subset out .730 and .729), and its fitted weight had the wrong sign: it read the
#: gap between the two as a count of weak sentences, so one invented sentence in an otherwise
#: faithful answer barely moved the answer's score. Adding the mean, the second weakest and
#: the answer's and the documents' sizes ranked answers slightly worse both out of fold and
#: leaving a subset out. Beside it, how the documents hold the question
#: (`QuestionReading`): the largest share of its repeated words that one document holds, and
#: the share of the answer's claims drawn from documents that hold at least half of them.
#: Over five fold draws AUROC .754 against .753 without them: covidqa .659 against .643,
#: delucionqa .704 against .675, emanual .783 against .774; a subset left out, .736 against
#: .732. With the first alone, delucionqa rose as much but covidqa and emanual did not (.752).
COMBINER: tuple[str, ...] = ("softmin", "question_coverage", "claims_on_question")
#: log-odds taken off a sentence with a number (written in digits) or a capitalised name that
#: the documents lack; chosen out of fold (example AUROC rose slightly with both, and a
#: changed number, the classic hallucination, then flags an otherwise copied sentence). A
#: sentence that gives a row's or a list item's number to another, one speaker's statement
#: or deed to another, a name in the place of another in a copied phrase, or a number the
#: documents give only in a sentence about something else (two RAGBench sentences, both
#: unsupported: "lasted from 1681 to 1707") is taken to be as wrong as a changed number
#: (RAGBench has no records and too few such sentences, so no fit could set it): 4, as a
#: changed number's fitted features take more than its own 3 off (a copied sentence with
#: one scores about .3); at 3 such a sentence scored .67 and its answer sat at the verdict
#: threshold. So is one whose
#: comparison the answer's own dates contradict (three RAGBench answers, too few to fit). A
#: sentence that affirms what a structured record denies, or denies what it affirms, places
#: the business where the record does not, or copies a clause of the documents with its
#: negation flipped or a word put for another of its kind, takes more: it uses the
#: field's (or the clause's) own words, so its evidence features are those of a faithful
#: sentence (log-odds about 4), and only a larger amount takes it below the sentence
#: threshold.
#: A refusal ("the documents do not mention X") gets log-odds back: it claims only what the
#: documents lack, yet its subject is missing from them by its nature, so the evidence
#: features under-rate it (out of fold, the 132 refusal sentences were predicted supported
#: at 0.871 on average and are labelled supported at 0.947: 1.0 on the log-odds scale).
#: A word that praises or pictures a record's subject that neither the record nor its
#: reviews give ("a charming cafe", "a popular spot") takes less: it says more than the
#: record does, but no fact a reader could check against it. At 1.5 a copied sentence with
#: one such word scores about .8, near the verdict threshold, so one such word alone lowers
#: an overview's score without flagging it (RAGBench has no records to fit it on). So does
#: a claim that many reviews say what one of them says ("many reviewers praised the pho"):
#: two reviews may say it in words the check does not match.
#: penalised features the logistic fit leaves out (too rare in RAGBench to weigh): a fit on
#: the three answers that contradict their own comparison learned a weight that cancelled the
#: penalty, because RAGBench labels the sentence claiming the order supported when the
#: other sentence, with the other date, is the one it calls wrong
PENALTY_ONLY = ("contradicts_record", "value_of_other_item", "contradicts_itself", "embellished")
PENALTIES = {
    "any_number_missing": 3.0,
    "n_caps_missing": 1.0,
    "contradicts_record": 5.0,
    "value_of_other_item": 4.0,
    "contradicts_itself": 3.0,
    "embellished": 1.5,
    "refusal": -1.0,
}


# --- data ------------------------------------------------------------------------------------


def unsupported_keys(recorded: Any) -> set[str]:
    """Response sentences labelled unsupported: marked not fully supported, or given no
    supporting key at all (RAGBench's own list of unsupported keys says the same)."""
    keys: set[str] = set()
    for info in recorded.get("sentence_support_information") or ():
        if info.get("fully_supported") is False or not info.get("supporting_sentence_keys"):
            keys.add(str(info.get("response_sentence_key")))
    return keys


@dataclass
class Row:
    """One labelled answer: its subset and split, features per sentence and labels."""

    subset: str
    split: str
    question: str
    hallucinated: bool
    x: np.ndarray  # (sentences, features)
    supported: np.ndarray  # (sentences,) 1 = supported
    n_doc_sentences: int
    item: KeyedExample
    #: how its documents hold what was asked (`ragjudge.judges._features.question_reading`)
    question_reading: QuestionReading = field(default_factory=QuestionReading)


def labelled(example: Example) -> tuple[bool, set[str]] | None:
    gold = example.gold or {}
    if example.recorded is None or "adherence" not in gold:
        return None
    return not bool(gold["adherence"]), unsupported_keys(example.recorded)


def iter_files(data: Path) -> Iterator[tuple[str, str, Path]]:
    for split in ("train", "validation"):
        for subset in SUBSETS:
            for path in sorted((data / f"ragbench-{split}" / subset).glob("*.parquet")):
                yield subset, split, path


def load_rows(
    data: Path, featurize: Callable[[KeyedExample], tuple[np.ndarray, QuestionReading]]
) -> list[Row]:
    rows: list[Row] = []
    for subset, split, path in iter_files(data):
        for example in iter_examples(path):
            if not isinstance(example, Example):
                continue
            labels = labelled(example)
            if labels is None:
                continue
            hallucinated, bad = labels
            item = key_example(example)
            x, reading = featurize(item)
            supported = np.array([0 if s.key in bad else 1 for s in item.response], dtype=int)
            rows.append(
                Row(
                    subset=subset,
                    split=split,
                    question=" ".join(example.question.lower().split()),
                    hallucinated=hallucinated,
                    x=x,
                    supported=supported,
                    n_doc_sentences=item.n_document_sentences,
                    item=item,
                    question_reading=reading,
                )
            )
    return rows


def lexical_features(item: KeyedExample) -> tuple[np.ndarray, QuestionReading]:
    """The sentence features of `item`, and how its documents hold the question."""
    ev = build_evidence(item)
    feats = example_features(item, ev)
    x = np.asarray([f.features for f in feats], dtype=float).reshape(len(feats), -1)
    return x, question_reading(ev, feats)


# --- fitting ---------------------------------------------------------------------------------


def subset_weights(subsets: Sequence[str]) -> np.ndarray:
    """Every subset gets the same total weight."""
    names, counts = np.unique(np.asarray(subsets), return_counts=True)
    per = dict(zip(names, len(subsets) / (len(names) * counts), strict=True))
    return np.asarray([per[s] for s in subsets])


def fit_linear(x: np.ndarray, y: np.ndarray, w: np.ndarray, c: float) -> Linear:
    from sklearn.linear_model import LogisticRegression

    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    lr = LogisticRegression(C=c, max_iter=5000)
    lr.fit((x - mean) / scale, y, sample_weight=w)
    return Linear(mean, scale, lr.coef_[0].copy(), float(lr.intercept_[0]))


def fit_calibrator(raw: np.ndarray, y: np.ndarray, w: np.ndarray) -> Calibrator:
    """Isotonic regression of `y` on `raw`, bagged and made strictly increasing: the mean of
    `CALIBRATION_BAGS` isotonic fits on bootstrap resamples, taken at `CALIBRATION_KNOTS`
    quantiles of the scores (the first and last at their extremes), with a small rise added
    between equal neighbours so no two scores tie after calibration.

    One isotonic fit is a staircase whose steps move when a few answers change: between two
    refits that changed nine of 12,246 sentences, the step under the verdict threshold moved
    and the share of flagged answers went from .15 to .18. The mean of many staircases is a
    smooth curve that such changes barely move."""
    from sklearn.isotonic import IsotonicRegression

    rng = np.random.RandomState(0)
    knots = np.unique(np.quantile(raw, np.linspace(0.0, 1.0, CALIBRATION_KNOTS)))
    total = np.zeros(len(knots))
    for _ in range(CALIBRATION_BAGS):
        sample = rng.randint(0, len(raw), len(raw))
        iso = IsotonicRegression(out_of_bounds="clip", y_min=0.001, y_max=0.999)
        iso.fit(raw[sample], y[sample], sample_weight=w[sample])
        total += iso.predict(knots)
    rise = np.arange(len(knots)) * 1e-5
    y_knots = np.clip(np.maximum.accumulate(total / CALIBRATION_BAGS) + rise, 0.0005, 0.9995)
    return Calibrator(knots, y_knots)


def balanced_threshold(p: np.ndarray, positive: np.ndarray, w: np.ndarray) -> float:
    """The cut `t` (flag when p >= t) where weighted false alarms equal weighted misses."""
    candidates = np.unique(np.round(p, 4))
    best_t, best_gap = 0.5, float("inf")
    for t in candidates:
        flag = p >= t
        false_alarms = float(np.sum(w * (flag & ~positive)))
        misses = float(np.sum(w * (~flag & positive)))
        gap = abs(false_alarms - misses)
        if gap < best_gap:
            best_t, best_gap = float(t), gap
    return round(best_t, 4)


def verdict_cut(
    score: np.ndarray,
    p: np.ndarray,
    positive: np.ndarray,
    w: np.ndarray,
    tolerance: float = FLAG_TOLERANCE,
) -> float:
    """The example verdict's cut on the combiner's score (`raw`; flag when score >= cut): the
    best weighted balanced accuracy (misses and false alarms weighed as rates, so neither
    class dominates) among the cuts whose flagged share stays within `tolerance` of the
    estimated rate (the mean of the calibrated `p`), so that counting the verdicts still
    estimates a batch's hallucination rate. Without such a cut, the cut where false alarms
    equal misses.

    The cut is taken on the score, not on `p`: out of fold, each fold has its own calibrator,
    and the shipped model yet another, each with a flat stretch near the cut (a bagged
    isotonic fit rises little over the middle scores), so one cut on `p` meant a different
    score in each and flagged from .166 to .199 of the answers over five fold draws."""
    estimated = float(np.average(p, weights=w))
    cuts = np.unique(np.round(score, 3))
    best_t, best_ba = balanced_threshold(score, positive, w), -1.0
    for t in cuts:
        flag = score >= t
        if abs(float(np.average(flag, weights=w)) - estimated) > tolerance:
            continue
        hit = float(np.sum(w * (flag & positive)) / np.sum(w * positive))
        rejection = float(np.sum(w * (~flag & ~positive)) / np.sum(w * ~positive))
        if (hit + rejection) / 2 > best_ba:
            best_t, best_ba = float(t), (hit + rejection) / 2
    return best_t


def stable_cut(rows: Sequence[Row], first: dict[str, Any] | None = None) -> float:
    """The example verdict's cut on the combiner's score (`verdict_cut`) chosen on the
    out-of-fold predictions of `THRESHOLD_DRAWS` fold draws, the median of their choices
    (balanced accuracy is flat near its best, so one draw's choice moves from draw to draw);
    `first` is draw 0's `out_of_fold` when already computed."""
    y = np.asarray([r.hallucinated for r in rows])
    w = row_weights(rows)
    cuts = []
    for seed in range(THRESHOLD_DRAWS):
        if seed == 0 and first is not None:
            oof = first
        else:
            oof = out_of_fold(rows, folds_by_question(rows, seed=seed))
        cuts.append(verdict_cut(oof["raw"], oof["p"], y, w))
    return float(np.median(cuts))


def shipped_threshold(stage: Stage, cut: float) -> float:
    """The verdict threshold on the support score's scale: the probability the shipped
    calibrator gives the cut (strictly increasing, so flagging p >= it flags score >= cut)."""
    return round(float(stage.example_calibration(np.asarray([cut]))[0]), 4)


def row_weights(rows: Sequence[Row]) -> np.ndarray:
    """Answer weights for the combiner and the calibrators: emanual's large train split counts
    as much as its validation split, so the mix of subsets matches the validation data."""
    n_val = sum(r.subset == "emanual" and r.split == "validation" for r in rows)
    n_all = sum(r.subset == "emanual" for r in rows)
    share = n_val / n_all if n_all else 1.0
    return np.asarray([share if r.subset == "emanual" else 1.0 for r in rows])


@dataclass
class Stage:
    """The fitted parts, enough to predict out of fold."""

    sentence: Linear
    combiner: Linear
    sentence_calibration: Calibrator
    example_calibration: Calibrator


def sentence_table(rows: Sequence[Row], idx: Sequence[int]) -> tuple[np.ndarray, ...]:
    x = np.vstack([rows[i].x for i in idx if len(rows[i].x)])
    y = np.concatenate([rows[i].supported for i in idx if len(rows[i].x)])
    subsets = np.concatenate([[rows[i].subset] * len(rows[i].x) for i in idx if len(rows[i].x)])
    return x, y, subsets


def penalised(model: Linear, x: np.ndarray) -> np.ndarray:
    """The sentence scorer's log-odds with the fixed penalties, as the judge computes them."""
    z = model.log_odds(x)
    for name, amount in PENALTIES.items():
        z = z - amount * (x[:, FEATURE_NAMES.index(name)] > 0)
    return z


def sentence_log_odds(model: Linear, rows: Sequence[Row], idx: Sequence[int]) -> list[np.ndarray]:
    return [penalised(model, rows[i].x) if len(rows[i].x) else np.zeros(0) for i in idx]


def fit_sentence(rows: Sequence[Row], idx: Sequence[int]) -> Linear:
    x, y, subsets = sentence_table(rows, idx)
    x = x.copy()
    for name in PENALTY_ONLY:  # left out of the fit: weight 0, only the penalty counts
        x[:, FEATURE_NAMES.index(name)] = 0.0
    return fit_linear(x, y, subset_weights(subsets), SENTENCE_C)


def combiner_matrix(z: Sequence[np.ndarray], rows: Sequence[Row], idx: Sequence[int]) -> np.ndarray:
    return np.vstack(
        [
            combiner_inputs(list(zi), rows[i].n_doc_sentences, COMBINER, rows[i].question_reading)
            for zi, i in zip(z, idx, strict=True)
        ]
    )


def folds_by_question(rows: Sequence[Row], k: int = FOLDS, seed: int = 0) -> list[np.ndarray]:
    questions = sorted({r.question for r in rows})
    rng = np.random.RandomState(seed)
    fold_of = dict(zip(questions, rng.permutation(len(questions)) % k, strict=True))
    assignment = np.asarray([fold_of[r.question] for r in rows])
    return [np.flatnonzero(assignment == f) for f in range(k)]


def out_of_fold(rows: Sequence[Row], folds: Sequence[np.ndarray]) -> dict[str, Any]:
    """Out-of-fold predictions of every stage, each fitted without the fold it predicts."""
    n = len(rows)
    z: list[np.ndarray] = [np.zeros(0)] * n
    for test in folds:
        train = np.setdiff1d(np.arange(n), test)
        model = fit_sentence(rows, train)
        for i, zi in zip(test, sentence_log_odds(model, rows, test), strict=True):
            z[i] = zi
    y_ex = np.asarray([r.hallucinated for r in rows])
    w_ex = row_weights(rows)
    a = combiner_matrix(z, rows, range(n))
    raw = np.zeros(n)
    p_ex = np.zeros(n)
    for test in folds:
        train = np.setdiff1d(np.arange(n), test)
        combiner = fit_linear(a[train], y_ex[train], w_ex[train], COMBINER_C)
        raw[test] = combiner.log_odds(a[test])
    for test in folds:
        train = np.setdiff1d(np.arange(n), test)
        p_ex[test] = fit_calibrator(raw[train], y_ex[train], w_ex[train])(raw[test])
    return {"z": z, "raw": raw, "p": p_ex, "inputs": a}


# --- figures ---------------------------------------------------------------------------------


def auroc(labels: np.ndarray, scores: np.ndarray) -> float:
    """Rank-based AUROC (ties count one half)."""
    from scipy.stats import rankdata

    labels = np.asarray(labels, dtype=bool)
    pos = int(labels.sum())
    neg = len(labels) - pos
    if pos == 0 or neg == 0:
        return float("nan")
    ranks = rankdata(scores)
    return float((ranks[labels].sum() - pos * (pos + 1) / 2) / (pos * neg))


def ece(labels: np.ndarray, p: np.ndarray, bins: int = 10) -> float:
    """Expected calibration error over equal-width probability bins."""
    labels = np.asarray(labels, dtype=float)
    which = np.minimum((p * bins).astype(int), bins - 1)
    total = 0.0
    for b in range(bins):
        m = which == b
        if m.any():
            total += m.mean() * abs(labels[m].mean() - p[m].mean())
    return float(total)


def verdict_figures(
    hallucinated: np.ndarray, p: np.ndarray, flag: np.ndarray, rank: np.ndarray | None = None
) -> dict[str, float]:
    """AUROC (of `rank`, default `p`), flagged rate (of the verdicts `flag`), balanced
    accuracy, estimated vs true rate and ECE for one set of answers."""
    pos = hallucinated.astype(bool)
    tpr = float(flag[pos].mean()) if pos.any() else float("nan")
    tnr = float((~flag[~pos]).mean()) if (~pos).any() else float("nan")
    return {
        "rows": len(p),
        "auroc": auroc(pos, p if rank is None else rank),
        "true_rate": float(pos.mean()),
        "estimated_rate": float(p.mean()),
        "flagged_rate": float(flag.mean()),
        "balanced_accuracy": (tpr + tnr) / 2,
        "ece": ece(pos, p),
    }


def figures_by_subset(
    rows: Sequence[Row], p: np.ndarray, flag: np.ndarray, rank: np.ndarray | None = None
) -> dict[str, dict[str, float]]:
    """Figures per validation subset and over all validation rows. Out of fold, AUROC is
    taken on the combiner's raw score: five calibrators fitted on five folds would reorder
    answers across folds, which the shipped model (one calibrator) never does."""
    rank = p if rank is None else rank
    y = np.asarray([r.hallucinated for r in rows])
    val = np.asarray([r.split == "validation" for r in rows])
    subsets = np.asarray([r.subset for r in rows])
    out = {}
    for s in SUBSETS:
        mask = val & (subsets == s)
        out[s] = verdict_figures(y[mask], p[mask], flag[mask], rank[mask])
    out["all"] = verdict_figures(y[val], p[val], flag[val], rank[val])
    return out


def loso_predictions(rows: Sequence[Row]) -> tuple[np.ndarray, np.ndarray, float]:
    """Each subset predicted by a model fitted on the other six: the probabilities, the
    verdicts (each model's own threshold) and the mean of those thresholds."""
    p = np.zeros(len(rows))
    flag = np.zeros(len(rows), dtype=bool)
    subsets = np.asarray([r.subset for r in rows])
    thresholds = []
    for subset in SUBSETS:
        test = np.flatnonzero(subsets == subset)
        train = np.flatnonzero(subsets != subset)
        if not len(test):
            continue
        inner = [rows[i] for i in train]
        oof = out_of_fold(inner, folds_by_question(inner))
        final = fit_final(inner, oof)
        threshold = shipped_threshold(final, stable_cut(inner, oof))
        thresholds.append(threshold)
        p[test] = [predict_answer(final, rows[i]) for i in test]
        flag[test] = p[test] >= threshold
    return p, flag, float(np.mean(thresholds))


def fit_final(rows: Sequence[Row], oof: dict[str, Any]) -> Stage:
    n = len(rows)
    y_ex = np.asarray([r.hallucinated for r in rows])
    w_ex = row_weights(rows)
    sentence = fit_sentence(rows, range(n))
    combiner = fit_linear(oof["inputs"], y_ex, w_ex, COMBINER_C)
    example_calibration = fit_calibrator(combiner.log_odds(oof["inputs"]), y_ex, w_ex)
    z_all = np.concatenate([zi for zi in oof["z"] if len(zi)])
    y_s = np.concatenate([r.supported for r in rows if len(r.x)])
    w_s = subset_weights(np.concatenate([[r.subset] * len(r.x) for r in rows if len(r.x)]))
    sentence_calibration = fit_calibrator(z_all, y_s, w_s)
    return Stage(sentence, combiner, sentence_calibration, example_calibration)


def predict_answer(stage: Stage, row: Row) -> float:
    if not len(row.x):
        return 0.0
    z = penalised(stage.sentence, row.x)
    inputs = combiner_inputs(list(z), row.n_doc_sentences, COMBINER, row.question_reading)
    raw = stage.combiner.log_odds(inputs[None, :])
    return float(stage.example_calibration(raw)[0])


def print_figures(title: str, figures: dict[str, dict[str, float]]) -> None:
    print(f"\n{title}")
    print(
        f"{'subset':<11}{'rows':>5}{'AUROC':>7}{'true':>7}{'est':>7}{'flag':>7}{'BA':>7}{'ECE':>7}"
    )
    for name, f in figures.items():
        print(
            f"{name:<11}{f['rows']:>5}{f['auroc']:>7.3f}{f['true_rate']:>7.3f}"
            f"{f['estimated_rate']:>7.3f}{f['flagged_rate']:>7.3f}"
            f"{f['balanced_accuracy']:>7.3f}{f['ece']:>7.3f}"
        )


def rounded(figures: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
    return {k: {m: round(v, 4) for m, v in f.items()} for k, f in figures.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--dry-run", action="store_true", help="report figures, write nothing")
    parser.add_argument(
        "--no-loso", action="store_true", help="skip the leave-one-subset-out figures"
    )
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args(argv)

    rows = load_rows(args.data, lexical_features)
    n_sent = sum(len(r.x) for r in rows)
    n_bad = sum(int((r.supported == 0).sum()) for r in rows)
    print(f"{len(rows)} answers, {n_sent} sentences, {n_bad} unsupported")

    folds = folds_by_question(rows)
    oof = out_of_fold(rows, folds)
    final = fit_final(rows, oof)
    cut = stable_cut(rows, oof)
    example_threshold = shipped_threshold(final, cut)
    in_domain = figures_by_subset(rows, oof["p"], oof["raw"] >= cut, oof["raw"])
    print_figures(f"out of fold, grouped by question (score cut {cut:.3f})", in_domain)

    loso: dict[str, dict[str, float]] = {}
    if not args.no_loso:
        p_loso, flag_loso, t_loso = loso_predictions(rows)
        loso = figures_by_subset(rows, p_loso, flag_loso)
        print_figures(f"leave one subset out (mean threshold {t_loso:.3f})", loso)

    z_all = np.concatenate([zi for zi in oof["z"] if len(zi)])
    y_s = np.concatenate([r.supported for r in rows if len(r.x)])
    w_s = subset_weights(np.concatenate([[r.subset] * len(r.x) for r in rows if len(r.x)]))
    sentence_threshold = 1.0 - balanced_threshold(
        1.0 - final.sentence_calibration(z_all), y_s == 0, w_s
    )
    print(f"\nexample threshold {example_threshold}, sentence threshold {sentence_threshold:.4f}")
    if args.dry_run:
        return 0

    model = OfflineModel(
        version=MODEL_VERSION,
        digest="",
        feature_names=tuple(FEATURE_NAMES),
        sentence=final.sentence,
        sentence_calibration=final.sentence_calibration,
        combiner=final.combiner,
        combiner_names=tuple(COMBINER),
        example_calibration=final.example_calibration,
        example_threshold=example_threshold,
        sentence_threshold=round(sentence_threshold, 4),
        penalties=PENALTIES,
        meta={
            "trained_on": "RAGBench emanual train + covidqa, delucionqa, emanual, expertqa, "
            "hagrid, hotpotqa, msmarco validation",
            "sentence_label": "supported in RAGBench's annotation (fully supported, with keys)",
            "example_label": "RAGBench adherence_score is false",
            "combiner_inputs": list(COMBINER),
            "out_of_fold": rounded(in_domain),
            "loso": rounded(loso),
        },
    )
    args.out.write_text(json.dumps(model.to_dict(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
