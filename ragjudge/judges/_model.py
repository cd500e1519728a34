"""The offline judge's trained model, loaded from `ragjudge/data/offline_model.json` and
evaluated with numpy (no scikit-learn at run time).

Three parts, each fitted by `training/train_offline.py`:

- a **sentence scorer**: a logistic model over the standardised evidence features of one
  response sentence, giving a raw log-odds that the sentence is supported, lowered by a fixed
  amount when a number or a name of the sentence is missing from the documents (`penalties`:
  the logistic fit, which sees these rare cases mostly together with low coverage, weighs them
  less than the answers' labels do; the amounts were chosen out of fold), and raised for a
  refusal ("the documents do not say"), whose subject is missing from the documents by its
  nature;
- an **example combiner**: a small logistic model over summaries of an answer's sentence
  log-odds (those the model file names of: weakest, second weakest, soft minimum, mean, number
  of sentences; the shipped model reads the soft minimum alone, so an answer never loses
  support when one of its sentences gains it) giving the raw log-odds that the answer holds a
  hallucination;
- two **calibrators**: monotone piecewise-linear maps, fitted on out-of-fold predictions, that
  turn the raw scores into probabilities whose averages match observed rates. They are
  strictly increasing, so calibration never reorders (or ties) two answers.

The file also carries the two decision thresholds chosen on validation data and the figures
measured when it was trained (`meta`).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np

MODEL_RESOURCE = "offline_model.json"
#: soft minimum temperature of the example combiner's `softmin` input
SOFTMIN_T = 3.0
#: how fast a calibrator approaches 0 or 1 beyond its end knots (per unit of raw score)
_TAIL = 0.05


def sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def logit(p: float, eps: float = 1e-6) -> float:
    p = min(max(p, eps), 1.0 - eps)
    return math.log(p / (1.0 - p))


@dataclass(frozen=True)
class Linear:
    """A logistic model over standardised inputs: `intercept + sum(coef * (x - mean) / scale)`."""

    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float

    def log_odds(self, x: np.ndarray) -> np.ndarray:
        """Raw log-odds for each row of `x` (shape `(n, features)`)."""
        z: np.ndarray = self.intercept + ((x - self.mean) / self.scale) @ self.coef
        return z

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Linear:
        return cls(
            mean=np.asarray(data["mean"], dtype=float),
            scale=np.asarray(data["scale"], dtype=float),
            coef=np.asarray(data["coef"], dtype=float),
            intercept=float(data["intercept"]),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "mean": _rounded(self.mean),
            "scale": _rounded(self.scale),
            "coef": _rounded(self.coef),
            "intercept": round(float(self.intercept), 8),
        }


@dataclass(frozen=True)
class Calibrator:
    """A strictly increasing piecewise-linear map from a raw score to a probability; beyond
    its end knots it approaches 0 or 1 slowly."""

    x: np.ndarray
    y: np.ndarray

    def __call__(self, raw: np.ndarray) -> np.ndarray:
        raw = np.asarray(raw, dtype=float)
        out: np.ndarray = np.interp(raw, self.x, self.y)
        # beyond the end knots the map keeps rising, slowly, so extreme scores still rank
        low, high = raw < self.x[0], raw > self.x[-1]
        out[low] = self.y[0] * np.exp(_TAIL * (raw[low] - self.x[0]))
        out[high] = 1.0 - (1.0 - self.y[-1]) * np.exp(-_TAIL * (raw[high] - self.x[-1]))
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Calibrator:
        return cls(np.asarray(data["x"], dtype=float), np.asarray(data["y"], dtype=float))

    def to_dict(self) -> dict[str, Any]:
        return {"x": _rounded(self.x), "y": _rounded(self.y)}


#: how much of the question one document holds (`ragjudge.judges._features.question_coverage`)
#: counts up to this share of its words: RAGBench's answers at or above it are hallucinated
#: about as often as one another (.14 from three quarters, .12 where one document holds every
#: such word), and less than half as often as those at or below half (.31)
QUESTION_COVERED = 0.75
#: a document holds the question when it has at least this share of the question's words that
#: the answer repeats
QUESTION_HELD = 0.5


@dataclass(frozen=True)
class QuestionReading:
    """How the documents hold what was asked, as the answer's claims repeat it
    (`ragjudge.judges._features.question_reading`); the defaults read as fully held."""

    #: of the question's words that the claims repeat, the largest share one document holds,
    #: up to `QUESTION_COVERED`
    coverage: float = QUESTION_COVERED
    #: the share of the claims whose closest document sentence comes from a document that
    #: holds the question (`QUESTION_HELD`)
    on_question: float = 1.0
    #: how many claims that share counts (for explanations; the combiner does not read it)
    claims: int = 0


def combiner_inputs(
    log_odds: Sequence[float] | np.ndarray,
    n_doc_sentences: int,
    names: Sequence[str] | None = None,
    question: QuestionReading | None = None,
) -> np.ndarray:
    """The example combiner's inputs from the sentence log-odds of one answer (all of
    `COMBINER_INPUTS`, or those in `names`, in that order).

    `weakest` and `second` are the two lowest log-odds (the second repeats a large value for
    a one-sentence answer), `softmin` a smooth minimum that still feels the other weak
    sentences, `mean` their average; then the answer's and the documents' sizes, and how the
    documents hold the question (`QuestionReading`).
    """
    question = question or QuestionReading()
    z = np.asarray(log_odds, dtype=float)
    if z.size == 0:
        z = np.array([8.0])
    order = np.sort(z)
    weakest = order[0]
    second = order[1] if order.size > 1 else 8.0
    softmin = -math.log(float(np.exp(-SOFTMIN_T * (z - weakest)).sum())) / SOFTMIN_T + weakest
    values = {
        "weakest": weakest,
        "second": second,
        "softmin": softmin,
        "mean": float(z.mean()),
        "log_sentences": math.log1p(z.size),
        "log_doc_sentences": math.log1p(n_doc_sentences),
        "question_coverage": question.coverage,
        "claims_on_question": question.on_question,
    }
    return np.array([values[n] for n in (names or COMBINER_INPUTS)])


COMBINER_INPUTS: tuple[str, ...] = (
    "weakest",
    "second",
    "softmin",
    "mean",
    "log_sentences",
    "log_doc_sentences",
    "question_coverage",
    "claims_on_question",
)


@dataclass(frozen=True)
class OfflineModel:
    """Maps sentence features to calibrated support probabilities, and an answer's sentence
    scores to a calibrated probability that it holds a hallucination."""

    version: str
    digest: str
    feature_names: tuple[str, ...]
    sentence: Linear
    sentence_calibration: Calibrator
    combiner: Linear
    #: the names (of `COMBINER_INPUTS`) the combiner reads, in its order
    combiner_names: tuple[str, ...]
    example_calibration: Calibrator
    #: an answer is flagged when its hallucination probability is at or above this
    example_threshold: float
    #: in a flagged answer, sentences whose support probability is below this are unsupported
    sentence_threshold: float
    #: feature name -> log-odds taken off a sentence where that feature is positive
    penalties: Mapping[str, float] = field(default_factory=dict)
    meta: Mapping[str, Any] = field(default_factory=dict)

    def sentence_log_odds(self, x: np.ndarray) -> np.ndarray:
        x = np.atleast_2d(np.asarray(x, dtype=float))
        z = self.sentence.log_odds(x)
        for name, amount in self.penalties.items():
            z = z - amount * (x[:, self.feature_names.index(name)] > 0)
        return z

    def sentence_probability(self, log_odds: np.ndarray) -> np.ndarray:
        """Calibrated probability that each sentence is supported."""
        return self.sentence_calibration(log_odds)

    def hallucination_probability(
        self,
        log_odds: Sequence[float] | np.ndarray,
        n_doc_sentences: int,
        question: QuestionReading | None = None,
    ) -> float:
        """Calibrated probability that an answer with these sentence log-odds holds at least
        one unsupported sentence (`question`: see `combiner_inputs`)."""
        inputs = combiner_inputs(log_odds, n_doc_sentences, self.combiner_names, question)
        raw = float(self.combiner.log_odds(inputs[None, :])[0])
        return float(self.example_calibration(np.array([raw]))[0])

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "features": list(self.feature_names),
            "sentence": self.sentence.to_dict(),
            "sentence_calibration": self.sentence_calibration.to_dict(),
            "combiner": {"inputs": list(self.combiner_names), **self.combiner.to_dict()},
            "example_calibration": self.example_calibration.to_dict(),
            "example_threshold": round(self.example_threshold, 6),
            "sentence_threshold": round(self.sentence_threshold, 6),
            "penalties": dict(self.penalties),
            "meta": dict(self.meta),
        }


def _rounded(values: np.ndarray) -> list[float]:
    return [round(float(v), 8) for v in np.asarray(values).ravel()]


def model_from_dict(data: Mapping[str, Any], digest: str = "") -> OfflineModel:
    return OfflineModel(
        version=str(data["version"]),
        digest=digest,
        feature_names=tuple(data["features"]),
        sentence=Linear.from_dict(data["sentence"]),
        sentence_calibration=Calibrator.from_dict(data["sentence_calibration"]),
        combiner=Linear.from_dict(data["combiner"]),
        combiner_names=tuple(data["combiner"]["inputs"]),
        example_calibration=Calibrator.from_dict(data["example_calibration"]),
        example_threshold=float(data["example_threshold"]),
        sentence_threshold=float(data["sentence_threshold"]),
        penalties={str(k): float(v) for k, v in (data.get("penalties") or {}).items()},
        meta=data.get("meta") or {},
    )


def load_model() -> OfflineModel:
    """The packaged model; its digest (sha256 of the file, 12 hex digits) names it."""
    raw = resources.files("ragjudge").joinpath("data").joinpath(MODEL_RESOURCE).read_bytes()
    digest = hashlib.sha256(raw).hexdigest()[:12]
    return model_from_dict(json.loads(raw), digest)
